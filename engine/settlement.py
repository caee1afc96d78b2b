"""Settling a round: who won, the points, and the arithmetic a learner sees.

Each family settles differently (RULES.md §2–4), but every result is the same
kind of value: a :class:`Settlement` with the totals, the winners, the points
and an :class:`Explanation` — a reason code with its numbers, plus the
arithmetic written out (``7 + 8 − 3 = 12``) so a learner can check it.

>>> from engine.rules import block
>>> from engine.state import State
>>> s = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(0, 0), passes=3)
>>> s.status = "blocked"
>>> r = settle(s)
>>> r.winners, r.points, r.explanation.arithmetic
((0,), (12, 0, 0), '7 + 8 − 3 = 12')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

from .state import State
from .tiles import FITS, TILES, Tile, tiles_of

MINUS = "−"  # U+2212, as the documents write it


class Holding(NamedTuple):
    """One player's counted tiles: what they hold, their dead tiles, the total."""

    seat: int
    hand: tuple[Tile, ...]
    dead: tuple[Tile, ...]
    values: tuple[int, ...]  # each counted tile's value, hand first, then dead
    total: int

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand + self.dead

    def sum_text(self) -> str:
        """``1 + 2 = 3``, or just the total for a single tile or none."""
        if len(self.values) <= 1:
            return str(self.total)
        return " + ".join(map(str, self.values)) + f" = {self.total}"


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why the round ended as it did.

    ``code`` names the rule that decided it (for translation), ``params`` holds
    its numbers and tiles, and ``arithmetic`` is the worked sum.
    """

    code: str
    params: dict[str, object] = field(default_factory=dict)
    arithmetic: str = ""


@dataclass(frozen=True, slots=True)
class Settlement:
    status: str
    holdings: tuple[Holding, ...]
    winners: tuple[int, ...]
    draw: bool
    points: tuple[int, ...]
    explanation: Explanation

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(h.total for h in self.holdings)

    def text(self) -> str:
        """An English sentence with the arithmetic (the site translates the code)."""
        e, p = self.explanation, self.explanation.params
        templates = {
            "playing": "The round is still being played.",
            "block_domino": "Player {winner} played their last tile and scores the opponents' "
                            "totals: {arithmetic}.",
            "block_sole_lowest": "Blocked: player {winner} holds the lowest total, {low}, and "
                                 "scores the others' totals minus their own: {arithmetic}.",
            "block_tied_lowest": "Blocked: the lowest total, {low}, is shared by players "
                                 "{tied}: nobody scores.",
            "duel_domino": "Player {winner} played their last tile and wins at once.",
            "duel_lower": "Blocked: player {winner} has the lower total: {arithmetic}.",
            "duel_equal": "Blocked with equal totals, {arithmetic}: a draw, whatever the tile "
                          "counts.",
            "gaple_out": "Player {winner} played out with no dead tiles and wins outright.",
            "gaple_lowest": "Player {winner} has the lowest total (hand plus dead tiles): "
                            "{arithmetic}.",
            "gaple_tie_tile": "Players {tied} tie on {low}; player {winner} holds the smallest "
                              "single tile, {tile}.",
            "gaple_tie_half": "Players {tied} tie on {low} and on their smallest tiles' value; "
                              "player {winner}'s {tile} has the smaller lower half.",
        }
        values = {k: (", ".join(map(str, v)) if isinstance(v, tuple) else v) for k, v in p.items()}
        return templates[e.code].format(arithmetic=e.arithmetic, **values)


def holding(state: State, seat: int) -> Holding:
    """A player's counted tiles under the state's ruleset."""
    hand, dead = tiles_of(state.hands[seat]), tiles_of(state.dead[seat])
    tiles = hand + dead if dead else hand
    values = tuple(map(_VALUE_OF, tiles))
    if state.rules.blank_double_25:
        blank = TILES[0]
        mask = state.hands[seat] | state.dead[seat]
        if mask & blank.bit and not (mask & FITS[0]) & ~blank.bit:
            values = tuple(25 if t is blank else t.value for t in tiles)
    return Holding(seat, hand, dead, values, sum(values))


_VALUE_OF = attrgetter("value")


def settle(state: State) -> Settlement:
    """The round's result.  A round still being played has no winners yet."""
    holdings = tuple(holding(state, seat) for seat in range(state.players))
    zeros = (0,) * state.players
    if state.status == "playing":
        return Settlement("playing", holdings, (), False, zeros, Explanation("playing"))
    family = state.rules.family
    if family == "block":
        return _settle_block(state, holdings)
    if family == "duel":
        return _settle_duel(state, holdings)
    return _settle_gaple(state, holdings)


def _settle_block(state: State, hs: tuple[Holding, ...]) -> Settlement:
    n = len(hs)
    points = [0] * n
    if state.status == "domino":
        winner = state.to_move
        others = [h.total for h in hs if h.seat != winner]
        points[winner] = sum(others)
        arithmetic = " + ".join(map(str, others)) + f" = {points[winner]}" if n > 2 else str(
            points[winner])
        return Settlement(state.status, hs, (winner,), False, tuple(points),
                          Explanation("block_domino", {"winner": winner}, arithmetic))
    low = min(h.total for h in hs)
    lowest = tuple(h.seat for h in hs if h.total == low)
    if len(lowest) > 1:
        arithmetic = " = ".join(str(low) for _ in lowest)
        return Settlement(state.status, hs, (), False, tuple(points),
                          Explanation("block_tied_lowest", {"low": low, "tied": lowest},
                                      arithmetic))
    winner = lowest[0]
    others = [h.total for h in hs if h.seat != winner]
    points[winner] = sum(others) - low
    arithmetic = " + ".join(map(str, others)) + f" {MINUS} {low} = {points[winner]}"
    return Settlement(state.status, hs, (winner,), False, tuple(points),
                      Explanation("block_sole_lowest", {"winner": winner, "low": low},
                                  arithmetic))


def _settle_duel(state: State, hs: tuple[Holding, ...]) -> Settlement:
    zeros = (0, 0)
    if state.status == "domino":
        return Settlement(state.status, hs, (state.to_move,), False, zeros,
                          Explanation("duel_domino", {"winner": state.to_move}))
    a, b = hs[0].total, hs[1].total
    if a == b:
        return Settlement(state.status, hs, (), True, zeros,
                          Explanation("duel_equal", {"low": a}, f"{a} = {b}"))
    winner = 0 if a < b else 1
    arithmetic = f"{min(a, b)} < {max(a, b)}"
    return Settlement(state.status, hs, (winner,), False, zeros,
                      Explanation("duel_lower", {"winner": winner, "low": min(a, b)},
                                  arithmetic))


def gaple_rank_key(state: State, h: Holding) -> tuple[int, int, int, int]:
    """Order of places in Gaple: out by play with no dead tiles first, then the
    lowest total, then the smallest single tile's value, then its lower half."""
    out_clean = state.status == "domino" and state.to_move == h.seat and not h.dead
    smallest = min(h.tiles, key=lambda t: (t.value, t.low), default=None)
    return (
        0 if out_clean else 1,
        h.total,
        smallest.value if smallest else -1,
        smallest.low if smallest else -1,
    )


def gaple_places(state: State, hs: tuple[Holding, ...] | None = None) -> tuple[int, ...]:
    """Each player's place (1 = the round's winner) by :func:`gaple_rank_key`."""
    hs = hs or tuple(holding(state, s) for s in range(state.players))
    order = sorted(hs, key=lambda h: gaple_rank_key(state, h))
    places = [0] * len(hs)
    for place, h in enumerate(order, start=1):
        places[h.seat] = place
    return tuple(places)


def _settle_gaple(state: State, hs: tuple[Holding, ...]) -> Settlement:
    zeros = (0,) * len(hs)
    keys = {h.seat: gaple_rank_key(state, h) for h in hs}
    winner = min(keys, key=keys.__getitem__)
    w = hs[winner]
    totals = " · ".join(f"{h.seat}: {h.total}" for h in hs)
    if keys[winner][0] == 0:
        return Settlement(state.status, hs, (winner,), False, zeros,
                          Explanation("gaple_out", {"winner": winner}, totals))
    tied = tuple(h.seat for h in hs if h.total == w.total)
    if len(tied) == 1:
        return Settlement(state.status, hs, (winner,), False, zeros,
                          Explanation("gaple_lowest", {"winner": winner, "low": w.total},
                                      totals))
    smallest = {s: min(hs[s].tiles, key=lambda t: (t.value, t.low)) for s in tied}
    tile = smallest[winner]
    same_value = [s for s in tied if smallest[s].value == tile.value]
    code = "gaple_tie_tile" if len(same_value) == 1 else "gaple_tie_half"
    arithmetic = " · ".join(f"{s}: {smallest[s].bracket()}" for s in tied)
    return Settlement(state.status, hs, (winner,), False, zeros,
                      Explanation(code, {"winner": winner, "low": w.total, "tied": tied,
                                         "tile": tile.bracket()}, arithmetic))
