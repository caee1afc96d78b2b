"""Perfect-information search: the best play from a position (CONTRACT.md ``solve``).

Every hand (and, in draw mode, the stock's order) is known.  With two players
the search is a memoised minimax over the mover's result: the duel's +1 / 0 /
−1, or Block's own points minus the opponent's.  With more players it is
max^n: each player, in turn, picks the move that is best for themselves
(Block: own points; Gaple: own place, 1 = the winner); ties go to the first
such move in legal-move order.
"""

from __future__ import annotations

import time
from typing import Any

from .moves import Move
from .settlement import gaple_places, settle
from .state import State

Key = tuple[object, ...]


def _key(state: State) -> Key:
    return (tuple(state.hand_masks), tuple(state.dead_masks), state.line.left, state.line.right,
            state.to_move, state.passes, state.stock_count, state.opening, state.status)


def _utilities(state: State) -> tuple[int, ...]:
    """Each player's result at the end of the round (higher is better)."""
    family = state.rules.family
    if family == "gaple":
        return tuple(-place for place in gaple_places(state))
    result = settle(state)
    if family == "block":
        return result.points
    return tuple(1 if seat in result.winners else (0 if result.draw else -1)
                 for seat in range(state.players))


class Solver:
    def __init__(self) -> None:
        self.nodes = 0
        self.memo: dict[Key, tuple[tuple[int, ...], Move | None]] = {}

    def values(self, state: State) -> tuple[tuple[int, ...], Move | None]:
        """Each player's result under best play, and the first best move."""
        key = _key(state)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        moves = state.legal_moves()
        if not moves:
            found: tuple[tuple[int, ...], Move | None] = (_utilities(state), None)
        else:
            mover = state.to_move
            best: tuple[int, ...] | None = None
            best_move: Move | None = None
            for move in moves:
                state.push_unchecked(move)
                child, _ = self.values(state)
                state.pop()
                if best is None or self._score(child, mover) > self._score(best, mover):
                    best, best_move = child, move
            assert best is not None
            found = (best, best_move)
        self.memo[key] = found
        return found

    @staticmethod
    def _score(values: tuple[int, ...], seat: int) -> int:
        if len(values) == 2:
            return values[seat] - values[1 - seat]
        return values[seat]


def solve(state: State) -> dict[str, Any]:
    """The contract's JSON object for the position (the state is left as it was)."""
    state = state.copy()
    start = time.perf_counter()
    solver = Solver()
    values, _ = solver.values(state)
    mover = state.mover
    seat = mover if mover is not None else 0

    def report(v: tuple[int, ...]) -> int | list[int]:
        if state.players == 2:
            if state.rules.family == "duel":
                return v[seat]
            return v[seat] - v[1 - seat]
        if state.rules.family == "gaple":
            return [-x for x in v]
        return list(v)

    best: list[dict[str, object]] = []
    for move in state.legal_moves():
        state.push_unchecked(move)
        child, _ = solver.values(state)
        state.pop()
        if Solver._score(child, seat) == Solver._score(values, seat):
            best.append(move.to_dict())
    line: list[dict[str, object]] = []
    walker = state.copy()
    next_move = solver.values(walker)[1]
    while next_move is not None:
        line.append(next_move.to_dict())
        walker.push_unchecked(next_move)
        next_move = solver.values(walker)[1]
    return {
        "to_move": mover,
        "value": report(values),
        "best": best,
        "line": line,
        "nodes": solver.nodes,
        "seconds": round(time.perf_counter() - start, 4),
    }
