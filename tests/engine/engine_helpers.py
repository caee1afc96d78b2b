"""Shared helpers for the engine tests: positions written by hand, full snapshots,
random games, and what a seat's view shows.

Kept free of assertions about the rules themselves: the tests say what the rules are.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.game.line import Line
from engine.game.moves import DRAW, PASS, Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.state import Opening, State
from engine.game.tiles import TILES, Tile
from engine.game.view import SeatView
from engine.notation.diagram import describe

#: Every ruleset the random-game properties run over, by a readable id.
RULESETS: dict[str, Ruleset] = {
    "block-2": block(2),
    "block-3": block(3),
    "block-4": block(4),
    "gaple-4x6": gaple(4),
    "gaple-4x7": gaple(4, 7),
    "gaple-5": gaple(5),
    "gaple-4x6-pass": gaple(4, dead_tiles=False),
    "duel": duel(),
    "duel-draw": duel(draw=True),
}


def t(text: str) -> Tile:
    """A tile from its notation: ``t("4-1")`` or ``t("[1|4]")``."""
    return Tile.parse(text)


def m(text: str) -> Move:
    """A move from its short form: ``m("play 2-3 right")``, ``m("pass")``."""
    return Move.parse(text)


def play(state: State, *moves: str) -> State:
    """Push each move (short form) in turn; returns the same state."""
    for text in moves:
        state.push(Move.parse(text))
    return state


def every_candidate_move() -> list[Move]:
    """Every move that can be written: each tile played at no end, left or right,
    each tile discarded, a pass and a draw."""
    moves: list[Move] = [PASS, DRAW]
    for tile in TILES:
        moves += [Move.play(tile), Move.play(tile, "left"), Move.play(tile, "right")]
        moves.append(Move.discard(tile))
    return moves


CANDIDATES: tuple[Move, ...] = tuple(every_candidate_move())


def line_snapshot(line: Line) -> tuple[Any, ...]:
    return (line.hidden_ends, line.ends, tuple(line.placements),
            describe(line.description()))


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a state shows through its public API, as one comparable value."""
    return (
        state.rules,
        tuple(state.hand_masks),
        tuple(state.dead_masks),
        tuple(state.hand(i) for i in range(state.players)),
        tuple(state.dead_tiles(i) for i in range(state.players)),
        line_snapshot(state.line),
        state.stock,
        state.stock_count,
        state.to_move,
        state.mover,
        state.passes,
        state.opening,
        state.status,
        tuple(state.history),
        state.legal_moves(),
    )


def max_moves(rules: Ruleset) -> int:
    """A bound on the moves of any round: at most 28 plays and 28 dead discards,
    14 draws, and fewer than ``players`` non-plays before each play or the end."""
    return 28 + 28 + 14 + 29 * rules.players


Visit = Callable[[State, Move, random.Random], None]


def deal(rules: Ruleset, rng: random.Random, later_round: bool = False) -> State:
    """A fresh deal.  ``later_round`` with Gaple deals a later round: the start
    goes to a seat by ``rng`` and, with everything dealt, the opener must be a double."""
    if later_round and rules.family == "gaple":
        opening: Opening = None if rules.middle_up else "double"
        return State.deal(rules, rng, to_move=rng.randrange(rules.players), opening=opening)
    return State.deal(rules, rng)


def random_game(rules: Ruleset, seed: int, visit: Visit | None = None,
                later_round: bool = False) -> State:
    """Deal with ``random.Random(seed)``, then a uniformly random legal move each
    turn; ``visit(state, move, rng)`` is called before each move is pushed.
    Stops (without ending the round) after :func:`max_moves` moves."""
    rng = random.Random(seed)
    state = deal(rules, rng, later_round)
    for _ in range(max_moves(rules)):
        if state.over:
            break
        move = rng.choice(state.legal_moves())
        if visit is not None:
            visit(state, move, rng)
        state.push(move)
    return state


def all_tiles(state: State) -> list[Tile]:
    """Every tile the state knows of: hands, dead tiles, the line and the stock."""
    tiles: list[Tile] = []
    for seat in range(state.players):
        tiles += state.hand(seat)
        tiles += state.dead_tiles(seat)
    tiles += state.line.tiles()
    tiles += state.stock or ()
    return tiles


def tiles_in(value: object) -> set[Tile]:
    """Every tile reachable inside a value (dataclasses, lines, moves, containers)."""
    found: set[Tile] = set()
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Tile):
            found.add(item)
        elif isinstance(item, Line):
            stack.append(tuple(item.placements))
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, Iterable) and not isinstance(item, (str, bytes)):
            stack.extend(item)
    return found


def public(v: SeatView) -> tuple[Any, ...]:
    """A seat view as a comparable value (its line by what it shows)."""
    return tuple(
        line_snapshot(value) if isinstance(value, Line) else value
        for value in (getattr(v, f.name) for f in dataclasses.fields(v))
    )


def as_coded(v: SeatView) -> SeatView:
    """``v`` as a position code carries it: which tiles each play had beside it (the
    facts' ``choices``, a computer player's evidence, no limit on the deals) left out."""
    return dataclasses.replace(
        v, facts=tuple(dataclasses.replace(f, choices=()) for f in v.facts))


def with_hidden_tiles_shuffled(state: State, seat: int, rng: random.Random) -> State:
    """A copy where every tile ``seat`` cannot see (the other hands) is dealt
    anew among the other seats, each keeping its count.  Public facts stay."""
    other = state.copy()
    hidden = [tile for s in range(state.players) if s != seat for tile in state.hand(s)]
    rng.shuffle(hidden)
    for s in range(state.players):
        if s == seat:
            continue
        count = len(state.hand(s))
        mask = 0
        for tile in hidden[:count]:
            mask |= tile.bit
        hidden = hidden[count:]
        other.hand_masks[s] = mask
    return other
