"""Settlement quiz questions: finished rounds made by the engine, and their checks.

A question is a round dealt from a seed and played to its end by a simple
policy (each player plays a random legal move, preferring heavy tiles at
higher levels, which makes blocks likelier), so the learner sees a real
ending: the hands, the line, how it ended.  They say who won and, in Block,
how many points; :func:`check` compares that with :func:`settle` and returns
the worked arithmetic either way.

>>> q = question(level=1, seed=7)
>>> q.settlement.status in ("domino", "blocked")
True
>>> check(q, q.settlement.winners[0] if q.settlement.winners else None,
...       q.settlement.points[q.settlement.winners[0]] if q.settlement.winners else 0).correct
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import Ruleset, block, duel, gaple
from .settlement import Settlement, settle
from .state import State

LEVELS = (1, 2, 3)

#: The rule sets each level draws from: easy is two players; hard mixes
#: every family, player count and variant.
LEVEL_RULES: dict[int, tuple[Ruleset, ...]] = {
    1: (block(2), duel(False)),
    2: (block(2), block(3), block(4), duel(False), duel(True), gaple(4)),
    3: (block(3), block(4), duel(True), gaple(4), gaple(5), gaple(4, 7),
        gaple(4, blank_double_25=True), gaple(4, dead_tiles=False)),
}


@dataclass(frozen=True)
class Question:
    level: int
    seed: int
    state: State
    settlement: Settlement

    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    @property
    def asks_points(self) -> bool:
        """Block asks for the points as well as the winner."""
        return self.rules.family == "block"

    @property
    def key(self) -> tuple[object, ...]:
        """Two questions with the same key show the same ending."""
        return (self.rules.name, tuple(self.state.hands), tuple(self.state.dead),
                self.state.line.tiles())


@dataclass(frozen=True)
class Verdict:
    correct: bool
    winner_right: bool
    points_right: bool
    settlement: Settlement


def _finish(state: State, rng: random.Random, heavy_first: bool) -> State:
    """Play the round out: random legal moves, or the heaviest playable tile."""
    moves = state.legal_moves()
    while moves:
        if heavy_first and len(moves) > 1 and rng.random() < 0.7:
            move = max(moves, key=lambda m: m.tile.value if m.tile else -1)
        else:
            move = moves[rng.randrange(len(moves))]
        state.apply(move)
        moves = state.legal_moves()
    return state


def question(level: int = 1, seed: int | None = None, *, ending: str | None = None,
             avoid: tuple[object, ...] | None = None) -> Question:
    """A finished round for ``level``, reproducible from ``seed``.

    ``ending`` asks for ``"domino"`` or ``"blocked"`` (tried with further
    seeds until one ends that way); ``avoid`` is a question key not to repeat.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, not {level}")
    rng = random.Random(seed)
    for _ in range(200):
        sub_seed = rng.randrange(1 << 30)
        sub = random.Random(sub_seed)
        rules = LEVEL_RULES[level][sub.randrange(len(LEVEL_RULES[level]))]
        state = _finish(State.deal(rules, sub), sub, heavy_first=level > 1)
        if ending is not None and state.status != ending and not (
                ending == "blocked" and state.status == "emptied"):
            continue
        q = Question(level, sub_seed, state, settle(state))
        if avoid is not None and q.key == avoid:
            continue
        return q
    raise RuntimeError("no question found")  # pragma: no cover - 200 tries always suffice


def check(q: Question, winner: int | None, points: int | None = None) -> Verdict:
    """Check an answer: ``winner`` is a seat, or None for "nobody" / a draw."""
    s = q.settlement
    expected = s.winners[0] if s.winners else None
    winner_right = winner == expected
    points_right = True
    if q.asks_points:
        want = s.points[expected] if expected is not None else 0
        points_right = points == want
    return Verdict(winner_right and points_right, winner_right, points_right, s)
