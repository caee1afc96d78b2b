"""What every computer player measures alike: a finished round's result for a seat, and
a play's plain facts.

Scores are the mover's own result (higher is better): in Block its points
minus the mean of the others' (:func:`against_others`), in Gaple (N + 1) / 2 minus its
place, in the duel +1, 0 or −1 (:func:`seat_score`); winning outright scores
:func:`outright`.  The arena ranks the bots on the same
scale, and the strong bot's reasons give a move's average on it
(:func:`engine.players.reasons.average_reasons`).

A play's facts: the open values it leaves (:func:`opened`), how many tiles show a
number (:func:`count_showing`), and a tile's weight, its value then its higher
half (:func:`tile_weight`), which the heaviest player and the playouts sort by.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.moves import Move
from ..game.settlement import gaple_places, settle
from ..game.state import State
from ..game.tiles import Tile
from ..game.view import SeatView

#: ``evaluate(state, seconds)``: each legal move's score for the mover in a full
#: position, and whether those scores are exact.
Evaluator = Callable[[State, float], tuple[dict[Move, float], bool]]


def seat_score(state: State, seat: int) -> float:
    """A finished round's result for ``seat``, higher is better: Block its points
    minus the mean of the others' points, Gaple (N + 1) / 2 minus its place,
    the duel +1 / 0 / −1 (CONTRACT.md "Arena")."""
    n = state.players
    family = state.rules.family
    if family == "gaple":
        return (n + 1) / 2 - gaple_places(state)[seat]
    result = settle(state)
    if family == "block":
        return against_others(result.points, seat)
    if seat in result.winners:
        return 1.0
    return 0.0 if result.draw else -1.0


def against_others(points: tuple[int, ...], seat: int) -> float:
    """Block's score from each player's points: the seat's minus the mean of the others'."""
    own = points[seat]
    return own - (sum(points) - own) / (len(points) - 1)


def outright(family: str, players: int) -> float | None:
    """The score of winning the round outright: the duel +1, Gaple first place; None for
    Block, whose points have no top."""
    if family == "duel":
        return 1.0
    if family == "gaple":
        return (players - 1) / 2
    return None


def opened(view: SeatView, move: Move) -> tuple[int, ...]:
    """The open values after ``move`` (a play)."""
    tile = move.tile
    assert tile is not None
    if not view.ends:
        return (tile.low, tile.high)
    left, right = view.ends
    if move.end == "left":
        return (tile.other(left), right)
    return (left, tile.other(right))


def count_showing(tiles: tuple[Tile, ...] | list[Tile], value: int) -> int:
    """How many of ``tiles`` show ``value``."""
    return sum(1 for t in tiles if t.has(value))


def tile_weight(move: Move) -> tuple[int, int]:
    """A move's tile by value, then its higher half (no tile: below every tile)."""
    tile = move.tile
    return (tile.value, tile.high) if tile is not None else (-1, -1)
