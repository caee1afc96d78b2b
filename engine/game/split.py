"""Whether totals a table reports can be made of disjoint tiles: each seat's from its own
tiles, no tile in two hands.

A score sheet (:mod:`engine.notation.sheet`) takes a seat's pip total without its tiles; the totals
of a round must then be made, together, of the tiles nobody named: two seats that each
left 1 pip would both need [0|1].  :func:`can_make` answers it exactly, by the tiles'
values: tiles of one value are alike, but for [0|0] under Gaple's variant, which counts 25
in a holding with no other blank half (RULES.md §3), so the blank tiles are kept apart.

>>> from engine.game.tiles import TILES
>>> can_make([Want(1, 1, 7), Want(1, 1, 7)], TILES, 14)
False
>>> can_make([Want(1, 1, 7), Want(2, 1, 7)], TILES, 14)
True
>>> can_make([Want(0, 1, 6)], TILES, 6, blank_double_25=True)  # a lone [0|0] counts 25
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from typing import Final, NamedTuple, TypeAlias

from .rules import BLANK_DOUBLE_25
from .tiles import TILES, Tile

_BLANK_DOUBLE = TILES[0]


class Want(NamedTuple):
    """One seat's total to make: ``total`` pips, of ``least`` to ``most`` tiles."""

    total: int
    least: int
    most: int


# A seat while tiles are handed out: pips still to make, tiles it has, least, most, and
# under the [0|0] = 25 variant whether it may take no blank tile (its [0|0] counts 25) or
# needs one more (its [0|0] counts 0 only beside another blank).
_Seat: TypeAlias = tuple[int, int, int, int, bool, bool]
# Tiles alike: value, how many, whether they have a blank half.
_Group: TypeAlias = tuple[int, int, bool]


#: The most positions of the search :func:`can_make` visits before it gives up undecided.
BUDGET: Final = 20_000


class _Undecided(Exception):
    pass


def can_make(wants: Sequence[Want], pool: Collection[Tile], together: int,
             blank_double_25: bool = False) -> bool | None:
    """Whether disjoint tiles of ``pool`` make each seat's total of ``wants`` (with its
    count of tiles), ``together`` tiles at most in all; with ``blank_double_25``, [0|0]
    counts 25 in a holding with no other blank half.  None when the search would pass
    :data:`BUDGET` positions undecided (tight totals of several seats, far from what a
    round leaves): a caller refuses only what is False."""
    alone = [_verdict([w], pool, together, blank_double_25) for w in wants]
    if False in alone:
        return False  # one seat alone is quickly told
    if len(wants) == 1:
        return alone[0]
    return _verdict(wants, pool, together, blank_double_25)


def _verdict(wants: Sequence[Want], pool: Collection[Tile], together: int,
             blank_double_25: bool) -> bool | None:
    try:
        return _search(wants, pool, together, blank_double_25)
    except _Undecided:
        return None


def _search(wants: Sequence[Want], pool: Collection[Tile], together: int,
            blank_double_25: bool) -> bool:
    special = blank_double_25 and _BLANK_DOUBLE in pool
    kinds = Counter((t.value, t.low == 0) for t in pool if not (special and t == _BLANK_DOUBLE))
    groups = sorted(((v, n, b) for (v, b), n in kinds.items()), reverse=True)
    # best[g][k]: the pips of the k heaviest tiles from group g on (all of them, past the end).
    values = [v for v, n, _ in groups for _ in range(n)]
    best: list[list[int]] = []
    for g in range(len(groups) + 1):
        best.append([0])
        for v in values[sum(n for _, n, _ in groups[:g]):]:
            best[-1].append(best[-1][-1] + v)
    seats: list[_Seat] = [(w.total, 0, w.least, w.most, False, False) for w in wants]
    starts = [tuple(sorted(seats, reverse=True))]
    if special:  # [0|0] to nobody, or to one seat: at 25 alone of its blanks, or at 0
        for i, (rem, cnt, least, most, _, _) in enumerate(seats):
            for pips, ban, need in ((rem - BLANK_DOUBLE_25, True, False), (rem, False, True)):
                if pips >= 0 and most > cnt:
                    mine = (pips, cnt + 1, least, most, ban, need)
                    starts.append(tuple(sorted([*seats[:i], mine, *seats[i + 1:]],
                                               reverse=True)))
    seen: dict[tuple[int, tuple[_Seat, ...], int], bool] = {}

    def bounded(top: list[int], now: tuple[_Seat, ...], room: int) -> bool:
        """The heaviest seats' pips fit in the heaviest tiles they can take (seats by pips,
        the most first)."""
        pips = tiles = 0
        for rem, cnt, _, most, _, _ in now:
            pips, tiles = pips + rem, tiles + most - cnt
            if pips > top[min(tiles, room, len(top) - 1)]:
                return False
        return True

    def go(g: int, now: tuple[_Seat, ...], used: int) -> bool:
        key = (g, now, used)
        if key in seen:
            return seen[key]
        if len(seen) >= BUDGET:
            raise _Undecided
        if g == len(groups):
            ok = all(rem == 0 and cnt >= least and not need
                     for rem, cnt, least, _, _, need in now)
        else:
            ok = (bounded(best[g], now, together - used)
                  and any(go(g + 1, tuple(sorted(nxt, reverse=True)), used + k)
                          for nxt, k in _hand_out(groups[g], now, together - used)))
        seen[key] = ok
        return ok

    return any(go(0, s, sum(x[1] for x in s)) for s in starts)


def _hand_out(group: _Group, seats: Sequence[_Seat], room: int
              ) -> Iterator[tuple[list[_Seat], int]]:
    """Every way to give the seats some of a group's tiles (``room`` at most in all): the
    seats after, and how many tiles were given."""
    value, count, blank = group
    if not seats:
        yield [], 0
        return
    (rem, cnt, least, most, ban, need), rest = seats[0], seats[1:]
    top = min(count, room, most - cnt, rem // value if value else count)
    if blank and ban:
        top = 0
    for k in range(top, -1, -1):
        mine = (rem - k * value, cnt + k, least, most, ban, need and not (blank and k > 0))
        for others, given in _hand_out((value, count - k, blank), rest, room - k):
            yield [mine, *others], k + given
