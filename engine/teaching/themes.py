"""A puzzle's themes: what its answer is about, worked out from the position and the answer.

Every theme is read from what the mover can see (its :class:`~engine.game.view.SeatView`: its
tiles, the line, every count, the values each seat has shown it lacks) and from which of its
distinct moves are the best (the puzzle's answer) and which are not.  A theme holds when the
best move does the thing and at least one wrong move does it less (so the theme is what
tells the answer from a wrong one), except where the position itself is the theme (a dead
tile to throw, a draw-mode stock):

``block``
    Blocking a number a seat has shown it lacks: after the best move more of the open ends
    show a value some opponent has shown it lacks (by a pass, a draw or a dead discard),
    counted per opponent and end, than after some wrong move.
``keep``
    Keeping a number only you hold: after the best move more open ends show a value the
    mover still holds and nobody else can (no tile it cannot see shows it, or every
    opponent has shown it lacks it) than after some wrong move.
``count``
    Counting the tiles out of play: after the best move more open ends show a value that no
    tile the mover cannot see shows (every other tile of it is on the line or in the mover's
    hand), which only counting what has been played tells (not every opponent has shown it
    lacks it), than after some wrong move.
``shed``
    Shedding weight before a block: late in the round (the mover holds at most
    :data:`LATE_HAND` + 1 tiles), the best move plays the heaviest tile the mover can play,
    and some wrong move a lighter one: what is left in a hand counts at a block (and
    against the loser when someone goes out).
``out``
    Going out: the best move plays the mover's last tile, or leaves at most
    :data:`OUT_HAND` tiles of which more fit an open end than after some wrong move.
``dead_tile``
    Gaple's dead tile: the mover cannot play and chooses which tile to throw dead.
``blank_double``
    [0|0] at the end: the mover holds [0|0] among at most :data:`LATE_HAND` tiles, and the
    best or a wrong move is [0|0] itself.
``draw``
    Drawing decisions in draw mode: the stock still holds tiles, so a move that leaves
    the opponent nothing to play sends them to draw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..game.line import Line
from ..game.moves import Move
from ..game.tiles import TILES, Tile
from ..game.view import SeatView
from ..search.deals import unseen_mask

#: Every theme, in the order the site lists them.
THEMES: Final = ("block", "keep", "shed", "out", "dead_tile", "blank_double", "draw", "count")
#: ``out``: a hand of at most this many tiles after the move is near going out.
OUT_HAND: Final = 2
#: ``blank_double``: "at the end" means the mover holds at most this many tiles.
LATE_HAND: Final = 3

BLANK_DOUBLE: Final = TILES[0]


def ends_after(v: SeatView, move: Move) -> tuple[int, ...]:
    """The open values after ``move`` (a play on the view's line; any other move leaves
    them as they are)."""
    if move.kind != "play":
        return tuple(v.ends)
    assert move.tile is not None
    line: Line = v.line.copy()
    line.place(move.tile, move.end)
    return tuple(line.ends)


def _hand_after(v: SeatView, move: Move) -> tuple[Tile, ...]:
    if move.kind in ("play", "discard"):
        return tuple(t for t in v.hand if t != move.tile)
    return v.hand


def _unseen_values(v: SeatView) -> frozenset[int]:
    """The values shown by at least one tile the mover cannot see."""
    unseen = unseen_mask(v)
    return frozenset(pip for t in TILES if t.bit & unseen for pip in (t.low, t.high))


def _opponents(v: SeatView) -> list[int]:
    return [p for p in range(len(v.hand_counts)) if p != v.seat]


def _blocks(v: SeatView, move: Move) -> int:
    ends = ends_after(v, move)
    return sum(1 for p in _opponents(v) for x in ends if x in v.missing[p])


def _closed(v: SeatView, move: Move, unseen: frozenset[int], *, held: bool) -> int:
    """Open ends after ``move`` that no opponent can answer: with ``held``, those showing a
    value the mover still holds that no unseen tile shows or every opponent has shown it
    lacks; without, those showing a value no unseen tile shows, which not every opponent
    has shown it lacks (only counting the tiles out of play tells)."""
    ends = ends_after(v, move)
    hand = _hand_after(v, move)
    others = _opponents(v)
    count = 0
    for x in ends:
        lacked = all(x in v.missing[p] for p in others)
        if held:
            count += (x not in unseen or lacked) and any(t.has(x) for t in hand)
        else:
            count += x not in unseen and not lacked
    return count


def _going_out(v: SeatView, move: Move) -> int:
    """3 when ``move`` plays the mover's last tile; else, with at most :data:`OUT_HAND` tiles
    left, how many of them fit an open end after it."""
    if move.kind != "play":
        return 0
    hand = _hand_after(v, move)
    if not hand:
        return 3
    if len(hand) > OUT_HAND:
        return 0
    ends = ends_after(v, move)
    return sum(1 for t in hand if any(t.has(x) for x in ends))


def _more(best: Sequence[Move], wrong: Sequence[Move], score: Callable[[Move], int]) -> bool:
    """Whether every best move scores above zero and above at least one wrong move."""
    top = [score(m) for m in best]
    low = min(score(m) for m in wrong)
    return min(top) > 0 and min(top) > low


def themes(v: SeatView, best: Sequence[Move], wrong: Sequence[Move]) -> tuple[str, ...]:
    """The themes of a decision whose best moves are ``best`` and whose other distinct
    moves are ``wrong`` (both legal in ``v``, the mover's view), in :data:`THEMES` order."""
    if not best or not wrong:
        return ()
    rules = v.rules
    found: set[str] = set()
    if all(m.kind == "discard" for m in (*best, *wrong)):
        found.add("dead_tile")
    plays = all(m.kind == "play" for m in (*best, *wrong))
    if plays:
        unseen = _unseen_values(v)
        if _more(best, wrong, lambda m: _blocks(v, m)):
            found.add("block")
        if _more(best, wrong, lambda m: _closed(v, m, unseen, held=True)):
            found.add("keep")
        if _more(best, wrong, lambda m: _closed(v, m, unseen, held=False)):
            found.add("count")
        if _more(best, wrong, lambda m: _going_out(v, m)):
            found.add("out")
        weights = [m.tile.value for m in (*best, *wrong) if m.tile is not None]
        lightest_best = min(m.tile.value for m in best if m.tile is not None)
        if len(v.hand) <= LATE_HAND + 1 and lightest_best == max(weights) \
                and any(m.tile is not None and m.tile.value < lightest_best for m in wrong):
            found.add("shed")
    if BLANK_DOUBLE in v.hand and len(v.hand) <= LATE_HAND \
            and any(m.tile == BLANK_DOUBLE for m in (*best, *wrong)):
        found.add("blank_double")
    if rules is not None and rules.draw_mode and v.stock_count > 0:
        found.add("draw")
    return tuple(t for t in THEMES if t in found)


def contrast(v: SeatView, best: Move, chosen: Move) -> tuple[tuple[str, dict[str, object]], ...]:
    """What ``best`` does that ``chosen`` does not, as facts for the site to word (codes and
    their params, ``seat`` an index, ``value`` a pip, ``tile`` a tile's text):

    - ``lacks`` (seat, value): after ``best`` an end shows ``value``, which that opponent
      has shown it lacks, and after ``chosen`` no end does;
    - ``only_you`` (value): after ``best`` an end shows a value nobody else can hold while
      the mover still holds one;
    - ``all_out`` (value): after ``best`` an end shows a value every other tile of which is
      on the line or in the mover's hand;
    - ``last_tile`` (tile): ``best`` plays the mover's last tile;
    - ``leaves_out`` (tile): after ``best`` the mover's last tile fits an open end;
    - ``heavier`` (tile, value, other): ``best`` sheds a heavier tile than ``chosen``;
    - ``blank_double``: ``best`` plays or throws [0|0].
    """
    facts: list[tuple[str, dict[str, object]]] = []
    if best.kind != "play" or chosen.kind not in ("play", "discard", "pass", "draw"):
        return ()
    after, other = ends_after(v, best), ends_after(v, chosen)
    unseen = _unseen_values(v)
    others = _opponents(v)
    said: set[int] = set()
    for x in sorted(set(after) - set(other)):
        for p in others:
            if x in v.missing[p]:
                facts.append(("lacks", {"seat": p, "value": x}))
                said.add(x)
    hand = _hand_after(v, best)
    for x in sorted(set(after) - set(other) - said):
        lacked = all(x in v.missing[p] for p in others)
        if (x not in unseen or lacked) and any(t.has(x) for t in hand):
            facts.append(("only_you", {"value": x}))
        elif x not in unseen and not lacked:
            facts.append(("all_out", {"value": x}))
    if not hand:
        facts.append(("last_tile", {"tile": str(best.tile)}))
    elif len(hand) == 1 and any(hand[0].has(x) for x in after) and _going_out(v, chosen) < 1:
        facts.append(("leaves_out", {"tile": str(hand[0])}))
    if best.tile is not None and chosen.tile is not None and \
            best.tile.value > chosen.tile.value and not facts:
        facts.append(("heavier", {"tile": str(best.tile), "value": best.tile.value,
                                  "other": chosen.tile.value}))
    if best.tile == BLANK_DOUBLE:
        facts.append(("blank_double", {}))
    return tuple(facts)
