"""Settling a round: who won, the points, and the arithmetic a learner sees.

Each family settles differently (RULES.md §2–4), but every result is the same
kind of value: a :class:`Settlement` with the totals, the winners, the points
and an :class:`Explanation` — a reason code with its numbers, plus the
arithmetic written out (``7 + 8 − 3 = 12``) so a learner can check it.

>>> from engine.game.rules import block
>>> from engine.game.state import State
>>> s = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(0, 0), passes=3)
>>> s.status = "blocked"
>>> r = settle(s)
>>> r.winners, r.points, r.explanation.arithmetic
((0,), (12, 0, 0), '7 + 8 − 3 = 12')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from .rules import BLANK_DOUBLE_25, Ruleset, blank_double_counts_25
from .state import State
from .tiles import TILES, Tile, mask_value, tiles_of

MINUS: Final = "−"  # U+2212, as the documents write it


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


class Explanation:
    """Why the round ended as it did.

    ``code`` names the rule that decided it (for translation), ``params`` holds
    its numbers and tiles, and ``arithmetic`` is the worked sum.  A value: its
    attributes are read-only by contract (``Final``, checked by mypy).
    """

    __slots__ = ("arithmetic", "code", "params")

    # A plain class rather than a frozen dataclass: one is made for every settled
    # round, and compiled, this __init__ costs a tenth of a dataclass's.
    def __init__(self, code: str, params: dict[str, object] | None = None,
                 arithmetic: str = "") -> None:
        self.code: Final = code
        self.params: Final[dict[str, object]] = params if params is not None else {}
        self.arithmetic: Final = arithmetic

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return (self.code, self.params, self.arithmetic) == (other.code, other.params,
                                                             other.arithmetic)

    def __repr__(self) -> str:
        return (f"Explanation(code={self.code!r}, params={self.params!r}, "
                f"arithmetic={self.arithmetic!r})")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return Explanation, (self.code, self.params, self.arithmetic)


class Settlement:
    """A round's result.  ``hand_masks`` and ``dead_masks`` are the players' tiles as masks;
    :attr:`holdings` spells them out (with each tile's counted value) on demand.
    A value, like :class:`Explanation`: read-only attributes, compared by them all."""

    __slots__ = ("blank_double_25", "dead_masks", "draw", "explanation", "hand_masks", "points",
                 "status", "totals", "winners")

    def __init__(self, status: str, totals: tuple[int, ...], winners: tuple[int, ...],
                 draw: bool, points: tuple[int, ...], explanation: Explanation,
                 hands: tuple[int, ...], dead: tuple[int, ...],
                 blank_double_25: bool = False) -> None:
        self.status: Final = status
        self.totals: Final = totals
        self.winners: Final = winners
        self.draw: Final = draw
        self.points: Final = points
        self.explanation: Final = explanation
        self.hand_masks: Final = hands
        self.dead_masks: Final = dead
        self.blank_double_25: Final = blank_double_25

    def _fields(self) -> tuple[object, ...]:
        return (self.status, self.totals, self.winners, self.draw, self.points,
                self.explanation, self.hand_masks, self.dead_masks, self.blank_double_25)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settlement):
            return NotImplemented
        return self._fields() == other._fields()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return Settlement, self._fields()

    def __repr__(self) -> str:
        return (f"Settlement(status={self.status!r}, totals={self.totals!r}, "
                f"winners={self.winners!r}, draw={self.draw!r}, points={self.points!r}, "
                f"explanation={self.explanation!r})")

    @property
    def winner(self) -> int | None:
        """The single winner; None for a draw or a tie where nobody scores (and while
        the round is being played)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def holdings(self) -> tuple[Holding, ...]:
        """Each seat's counted tiles; a seat whose total was given without its tiles
        (:func:`settle_counted`) has no tiles and that total."""
        out = []
        for seat, (hand, dead) in enumerate(zip(self.hand_masks, self.dead_masks)):
            if not hand | dead and self.totals[seat]:
                out.append(Holding(seat, (), (), (), self.totals[seat]))
            else:
                out.append(_holding(seat, hand, dead, self.blank_double_25))
        return tuple(out)



class AnswerCheck(NamedTuple):
    """A learner's "who won (and how many points)" answer checked against a settlement."""

    correct: bool
    winner_right: bool
    points_right: bool


def check_answer(settlement: Settlement, rules: Ruleset, seat: int | None,
                 points: int | None = None) -> AnswerCheck:
    """Check ``seat`` (None: nobody wins, or a draw) and, where the rules score points
    (:attr:`Ruleset.asks_points`), ``points``.  "Nobody scores" needs no points: no
    answer or 0 is right with it."""
    expected = settlement.winner
    winner_right = seat == expected
    points_right = True
    if rules.asks_points:
        want = settlement.points[expected] if expected is not None else 0
        points_right = points == want or (want == 0 and seat is None and points is None)
    return AnswerCheck(winner_right and points_right, winner_right, points_right)


def blank_double_counted(state: State) -> bool:
    """Whether some player's [0|0] counts :data:`~engine.game.rules.BLANK_DOUBLE_25` in
    this round (the Gaple variant applied)."""
    return any(state.rules.counts_blank_double_25(h | d)
               for h, d in zip(state.hand_masks, state.dead_masks, strict=True))


def _holding(seat: int, hand_mask: int, dead_mask: int, blank_double_25: bool) -> Holding:
    hand, dead = tiles_of(hand_mask), tiles_of(dead_mask)
    tiles = hand + dead
    if blank_double_25 and blank_double_counts_25(hand_mask | dead_mask):
        values = tuple(BLANK_DOUBLE_25 if t.index == 0 else t.value for t in tiles)
    else:
        values = tuple(t.value for t in tiles)
    return Holding(seat, hand, dead, values, sum(values))


def holding(state: State, seat: int) -> Holding:
    """A player's counted tiles under the state's ruleset."""
    return _holding(seat, state.hand_masks[seat], state.dead_masks[seat], state.rules.blank_double_25)


def _total(hand: int, dead: int, blank_double_25: bool) -> int:
    total = mask_value(hand) + mask_value(dead)
    if blank_double_25 and blank_double_counts_25(hand | dead):
        total += BLANK_DOUBLE_25  # [0|0] itself is worth 0 in mask_value
    return total


#: Tiles from the smallest single tile up: by value, then by the lower half.
_SMALLEST_FIRST: Final = tuple(sorted(TILES, key=lambda t: (t.value, t.low)))


def _smallest(mask: int) -> Tile | None:
    for tile in _SMALLEST_FIRST:
        if mask & tile.bit:
            return tile
    return None


class _Round:
    """What settling reads: status, who moved last, masks and totals, and whether the
    last mover went out with no dead tiles (Gaple's outright win)."""

    __slots__ = ("blank25", "clean_out", "dead_masks", "hand_masks", "last", "status",
                 "totals")

    def __init__(self, status: str, last: int, blank25: bool, hand_masks: tuple[int, ...],
                 dead_masks: tuple[int, ...], totals: tuple[int, ...], clean_out: bool) -> None:
        self.status: str = status
        self.last: int = last
        self.blank25: bool = blank25
        self.hand_masks: tuple[int, ...] = hand_masks
        self.dead_masks: tuple[int, ...] = dead_masks
        self.totals: tuple[int, ...] = totals
        self.clean_out: bool = clean_out

    def result(self, winners: tuple[int, ...], draw: bool, points: tuple[int, ...],
               explanation: Explanation) -> Settlement:
        return Settlement(self.status, self.totals, winners, draw, points, explanation,
                          self.hand_masks, self.dead_masks, self.blank25)


def _round_of(state: State) -> _Round:
    blank25 = state.rules.blank_double_25
    hands = tuple(state.hand_masks)
    dead = tuple(state.dead_masks)
    totals = []
    for seat in range(len(hands)):
        totals.append(_total(hands[seat], dead[seat], blank25))
    last = state.to_move
    return _Round(state.status, last, blank25, hands, dead, tuple(totals),
                  state.status == "domino" and not dead[last])


def settle(state: State) -> Settlement:
    """The round's result.  A round still being played has no winners yet."""
    return _settle(_round_of(state), state.rules.family)


def settle_counted(rules: Ruleset, status: str, last: int, hands: Sequence[int],
                   dead: Sequence[int], given: Sequence[int | None]) -> Settlement:
    """A round's result from what each seat is left with at its end, as players count it at
    a real table: ``hands`` and ``dead`` (masks of tiles), or for a seat whose ``given[seat]``
    is not None that total instead (its tiles not told: its masks must be 0).  ``status``
    is ``domino`` (``last`` went out: its hand is empty, its dead tiles, or a total given
    for them, still count) or ``blocked``.  Gaple's tie-break needs the tied seats' tiles:
    a caller asks for them where the lowest totals tie (:func:`tied_lowest`).  The checks
    a table's report needs (a tile twice, a hand too big) are :mod:`engine.notation.sheet`'s."""
    if status not in ("domino", "blocked"):
        raise ValueError(f"a round ends in domino or blocked, not {status!r}")
    totals = counted_totals(rules, hands, dead, given)
    clean = status == "domino" and not dead[last] and not given[last]
    return _settle(_Round(status, last, rules.blank_double_25, tuple(hands), tuple(dead),
                          totals, clean), rules.family)


def counted_totals(rules: Ruleset, hands: Sequence[int], dead: Sequence[int],
                   given: Sequence[int | None]) -> tuple[int, ...]:
    """Each seat's total (:func:`settle_counted`'s holdings): its tiles' or the one given."""
    n = rules.players
    if not len(hands) == len(dead) == len(given) == n:
        raise ValueError(f"one holding per seat: {n} players")
    return tuple(_total(hands[s], dead[s], rules.blank_double_25) if (g := given[s]) is None
                 else g for s in range(n))


def tied_lowest(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats that share the lowest total when more than one does; else ()."""
    low = min(totals)
    tied = tuple(seat for seat, x in enumerate(totals) if x == low)
    return tied if len(tied) > 1 else ()


def _settle(r: _Round, family: str) -> Settlement:
    if r.status == "playing":
        return r.result((), False, (0,) * len(r.totals), Explanation("playing"))
    if family == "block":
        return _settle_block(r)
    if family == "duel":
        return _settle_duel(r)
    return _settle_gaple(r)


def _settle_block(r: _Round) -> Settlement:
    totals = r.totals
    n = len(totals)
    points = [0] * n
    if r.status == "domino":
        winner = r.last
        others = [x for seat, x in enumerate(totals) if seat != winner]
        points[winner] = sum(others)
        arithmetic = (" + ".join(map(str, others)) + f" = {points[winner]}" if n > 2
                      else str(points[winner]))
        return r.result((winner,), False, tuple(points),
                        Explanation("block_domino", {"winner": winner}, arithmetic))
    low = min(totals)
    lowest = tuple([seat for seat, x in enumerate(totals) if x == low])
    if len(lowest) > 1:
        return r.result((), False, tuple(points),
                        Explanation("block_tied_lowest", {"low": low, "tied": lowest},
                                    " = ".join(str(low) for _ in lowest)))
    winner = lowest[0]
    others = [x for seat, x in enumerate(totals) if seat != winner]
    points[winner] = sum(others) - low
    arithmetic = " + ".join(map(str, others)) + f" {MINUS} {low} = {points[winner]}"
    return r.result((winner,), False, tuple(points),
                    Explanation("block_sole_lowest", {"winner": winner, "low": low},
                                arithmetic))


def _settle_duel(r: _Round) -> Settlement:
    zeros = (0, 0)
    if r.status == "domino":
        return r.result((r.last,), False, zeros, Explanation("duel_domino", {"winner": r.last}))
    a, b = r.totals
    if a == b:
        return r.result((), True, zeros, Explanation("duel_equal", {"low": a}, f"{a} = {b}"))
    winner = 0 if a < b else 1
    return r.result((winner,), False, zeros,
                    Explanation("duel_lower", {"winner": winner, "low": min(a, b)},
                                f"{min(a, b)} < {max(a, b)}"))


def _rank_key(r: _Round, seat: int) -> tuple[int, int, int, int]:
    """A seat's Gaple order: out cleanly, total, smallest tile's value, its lower half."""
    out_clean = r.clean_out and r.last == seat
    smallest = _smallest(r.hand_masks[seat] | r.dead_masks[seat])
    return (
        0 if out_clean else 1,
        r.totals[seat],
        smallest.value if smallest else -1,
        smallest.low if smallest else -1,
    )


def gaple_places(state: State) -> tuple[int, ...]:
    """Each player's place in Gaple (1 = the round's winner): out by play with no
    dead tiles first, then the lowest total, then the smallest single tile's
    value, then its lower half."""
    r = _round_of(state)
    order = sorted(range(len(r.totals)), key=lambda seat: _rank_key(r, seat))
    places = [0] * len(order)
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return tuple(places)


def _settle_gaple(r: _Round) -> Settlement:
    totals = r.totals
    zeros = (0,) * len(totals)
    listing = " · ".join([f"{seat}: {x}" for seat, x in enumerate(totals)])
    if r.clean_out:
        return r.result((r.last,), False, zeros,
                        Explanation("gaple_out", {"winner": r.last}, listing))
    low = min(totals)
    tied = tuple([seat for seat, x in enumerate(totals) if x == low])
    if len(tied) == 1:
        params: dict[str, object] = {"winner": tied[0], "low": low}
        _note_out(r, params)
        return r.result(tied, False, zeros, Explanation("gaple_lowest", params, listing))
    return _settle_gaple_tie(r, tied, low)


def _note_out(r: _Round, params: dict[str, object]) -> None:
    """A hand emptied without winning outright: ``out`` (the seat) and ``out_by`` (``play``:
    played out but holds dead tiles, which still count; ``discard``: emptied by a dead tile),
    so a page can say why going out did not win."""
    if r.status in ("domino", "emptied"):
        params["out"] = r.last
        params["out_by"] = "play" if r.status == "domino" else "discard"


def _settle_gaple_tie(r: _Round, tied: tuple[int, ...], low: int) -> Settlement:
    """Lowest totals tied: the smallest single tile, then its lower half (apart from
    :func:`_settle_gaple`, whose every call would otherwise pay for this one's lambda)."""
    zeros = (0,) * len(r.totals)
    smallest = {seat: _smallest(r.hand_masks[seat] | r.dead_masks[seat]) for seat in tied}
    winner = min(tied, key=lambda seat: _rank_key(r, seat))
    tile = smallest[winner]
    assert tile is not None
    same_value = [seat for seat in tied if (t := smallest[seat]) and t.value == tile.value]
    code = "gaple_tie_tile" if len(same_value) == 1 else "gaple_tie_half"
    # Each tied seat's smallest tile (aligned with ``tied``; "" for an empty holding),
    # so a page words the tie-break without working it out again.
    tiles = tuple((t.bracket() if (t := smallest[seat]) is not None else "") for seat in tied)
    arithmetic = " · ".join(f"{seat}: {b}" for seat, b in zip(tied, tiles, strict=True) if b)
    params: dict[str, object] = {"winner": winner, "low": low, "tied": tied,
                                 "tile": tile.bracket(), "tiles": tiles,
                                 "decided_by": "value" if code == "gaple_tie_tile" else "half"}
    if code == "gaple_tie_half":
        params["half"] = tile.low
    _note_out(r, params)
    return r.result((winner,), False, zeros, Explanation(code, params, arithmetic))
