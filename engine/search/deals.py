"""Every deal of the hidden tiles one seat's view allows: counted, listed, drawn.

A seat sees its own tiles, the line and every count; what the round's public history shows
about the tiles it cannot see (the *unseen* tiles, :func:`unseen_mask`) is
its view's :attr:`~engine.game.view.SeatView.facts` (:mod:`engine.game.knowledge`): each opponent's
hidden tiles lie in **parts** (its hand, in one part or a part per generation in draw mode;
its dead tiles, a part per set of facts), each of a known size and with the tiles it cannot
hold; a hand may have to hold a tile; in draw mode each tile an opponent played came from
one of its hand parts.  The unseen tiles in no part lie in the stock (its size; in draw
mode its order too), the middle, or the hidden part of a line given only by its open values.

A **deal** here is a history of the hidden tiles: which unseen tiles lie in each part (and,
in draw mode, which part each played tile came from, and the stock in its order).  Without
drawing, which unseen tiles sleep in the stock and which lie hidden in the line makes no
difference to the play, and every deal has the same number of such completions, so deals
weighted equally are full histories weighted equally; a part that merges several one-tile
places (dead tiles thrown under the same facts) does not tell their order either, the same
factor for every deal (:attr:`DealSpace.histories` counts with it).

:class:`DealSpace` counts the deals exactly (a dynamic programme over the unseen tiles
grouped by the parts that may hold them), lists them all (:meth:`DealSpace.every`, each deal
with how many histories of the played tiles it stands for) and draws one uniformly at random
(:meth:`DealSpace.draw`, exact: no rejection, so no fallback that would bend the odds).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from ..game.knowledge import Facts, banned_by, simple_facts
from ..game.tiles import TILES, Tile, mask_of, tiles_of
from ..game.view import SeatView

T = TypeVar("T")


class SampleError(ValueError):
    """The view's counts cannot be met by its unseen tiles."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One imagined deal of the unseen tiles: each seat's hand and dead tiles as
    masks (the viewing seat's own as they are) and the stock, top tile first."""

    hands: tuple[int, ...]
    dead: tuple[int, ...]
    stock: tuple[Tile, ...]


def unseen_mask(view: SeatView) -> int:
    """The tiles the seat cannot see: everything but its hand, its dead tiles and the line."""
    seen = mask_of(view.hand) | mask_of(view.dead) | mask_of(view.line.tiles())
    return ((1 << len(TILES)) - 1) & ~seen


def forbidden_mask(values: frozenset[int]) -> int:
    """Every tile that shows one of ``values``."""
    return banned_by(values)


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, drawn as it draws it (CPython's ``_randbelow``: ``n``'s bit
    length of random bits, again until below ``n``), the same numbers from the same ``rng``;
    here so that the compiled engine draws without the interpreter's ``random.py``."""
    if n <= 0:
        raise ValueError("empty range for below()")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list[T]) -> None:
    """``rng.shuffle(x)``, as it shuffles (each place from the last down swapped with one at
    or below it, :func:`below`), the same order from the same ``rng``."""
    for i in range(len(x) - 1, 0, -1):
        j = below(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    """Ways to put ``n`` distinct tiles into boxes of the sizes ``parts`` (the rest
    in one more box)."""
    ways, left = 1, n
    for k in parts:
        ways *= math.comb(left, k)
        left -= k
    return ways


@dataclass(frozen=True, slots=True)
class _Box:
    seat: int
    dead: bool
    size: int  # tiles it holds, unseen and placed alike


@dataclass(frozen=True, slots=True)
class _Class:
    allowed: int  # the boxes (bits) its tiles may lie in
    free: bool  # whether its tiles may also lie outside every box (the stock, ...)
    shown: bool  # unseen tiles (in the deal); else played tiles (only where they came from)
    tiles: tuple[Tile, ...]


def view_facts(view: SeatView) -> tuple[Facts, ...]:
    """The view's facts, or (a view made without them) what its counts and lacks say."""
    if view.facts:
        return view.facts
    return tuple(simple_facts(view.hand_counts[p], view.dead_counts[p], view.missing[p])
                 for p in range(len(view.hand_counts)))


class DealSpace:
    """The deals of the unseen tiles that ``view`` allows (see the module)."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        n = len(view.hand_counts)
        self.view = view
        self.seat = view.seat
        facts = view_facts(view)
        unseen = tiles_of(unseen_mask(view))
        boxes: list[_Box] = []
        banned: list[int] = []
        holds: dict[Tile, int] = {}  # a tile a hand must hold: the boxes of that hand
        placed: list[tuple[Tile, int]] = []
        histories = 1
        for p in range(n):
            if p == view.seat:
                continue
            first = len(boxes)
            f = facts[p]
            hand_boxes = 0
            for part in f.parts:
                if not part.dead:
                    hand_boxes |= 1 << len(boxes)
                boxes.append(_Box(p, part.dead, part.size))
                banned.append(part.banned)
                histories *= math.factorial(part.slots) if part.slots > 1 else 1
            for tile, allowed in f.placed:
                placed.append((tile, allowed << first))
            for tile in tiles_of(f.holds):
                holds[tile] = hand_boxes
            hidden = sum(b.size for b in boxes[first:]) - len(f.placed)
            if hidden != view.hand_counts[p] + view.dead_counts[p]:
                raise SampleError(f"the facts about player {p} do not match its counts")
        self.boxes = tuple(boxes)
        self.stock = view.stock_count
        #: Whether the stock's order is part of a deal (draw mode).
        self.ordered = rules is not None and rules.draw_mode and self.stock > 0
        in_boxes = sum(b.size for b in boxes) - len(placed)
        self.rest = len(unseen) - in_boxes  # unseen tiles outside every part
        if len(view.hand) != view.hand_counts[view.seat] or self.rest < self.stock:
            raise SampleError(f"the view's counts need more unseen tiles than its "
                              f"{len(unseen)}")
        groups: dict[tuple[int, bool, bool], list[Tile]] = {}
        for tile in unseen:
            if tile in holds:
                allowed = holds[tile] & ~_banning(banned, tile)
                groups.setdefault((allowed, False, True), []).append(tile)
                continue
            allowed = (1 << len(boxes)) - 1 & ~_banning(banned, tile)
            groups.setdefault((allowed, True, True), []).append(tile)
        for tile, allowed in placed:
            groups.setdefault((allowed, False, False), []).append(tile)
        # Classes of tiles by where they may lie; the widest last (its split is then
        # mostly forced by what the boxes still need).
        self.classes = tuple(
            _Class(allowed, free, shown, tuple(tiles)) for (allowed, free, shown), tiles in
            sorted(groups.items(), key=lambda kv: (kv[0][0].bit_count(), kv[0][1], kv[0][0])))
        k = len(boxes)
        # capacity[c][b]: tiles in classes c, c + 1, … that box b may hold.
        capacity = [[0] * k for _ in range(len(self.classes) + 1)]
        for c in range(len(self.classes) - 1, -1, -1):
            cls = self.classes[c]
            for b in range(k):
                capacity[c][b] = capacity[c + 1][b] + (len(cls.tiles) if cls.allowed >> b & 1
                                                       else 0)
        self._capacity = capacity
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        # _options's: for class c and what the boxes still need, each split with its weight
        self._options_memo: dict[tuple[int, tuple[int, ...]],
                                 tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]] = {}
        self.needs = tuple(b.size for b in boxes)
        self.hands = self._ways(0, self.needs)  # ways to fill the parts
        rest_ways = math.perm(self.rest, self.stock) if self.ordered else 1
        #: How many deals the view allows.
        self.count = self.hands * rest_ways
        #: How many histories they stand for (each part's one-tile places in every order).
        self.histories = self.count * histories

    # -- counting -------------------------------------------------------------

    def _splits(self, c: int, needs: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way class ``c`` can give its tiles to the boxes that still need some
        (``x[b]`` to box ``b``, the rest to no box where its tiles may lie outside them),
        with the number of ways to choose those tiles."""
        cls = self.classes[c]
        allowed, size = cls.allowed, len(cls.tiles)
        later = self._capacity[c + 1]
        k = len(needs)
        x = [0] * k

        def walk(b: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
            if b == k:
                if left and not cls.free:
                    return
                parts = tuple(x)
                yield parts, _multinomial(size, parts)
                return
            if not allowed >> b & 1:
                if needs[b] > later[b]:
                    return
                x[b] = 0
                yield from walk(b + 1, left)
                return
            low = max(0, needs[b] - later[b])  # what later classes cannot supply
            for take in range(low, min(needs[b], left) + 1):
                x[b] = take
                yield from walk(b + 1, left - take)
            x[b] = 0

        yield from walk(0, size)

    def _ways(self, c: int, needs: tuple[int, ...]) -> int:
        """Ways to fill ``needs`` from classes ``c``, ``c + 1``, …"""
        if c == len(self.classes):
            return 0 if any(needs) else 1
        key = (c, needs)
        found = self._memo.get(key)
        if found is not None:
            return found
        total = 0
        for parts, ways in self._splits(c, needs):
            sub = self._ways(c + 1, tuple(a - b for a, b in zip(needs, parts, strict=True)))
            total += ways * sub
        self._memo[key] = total
        return total

    def _options(self, c: int, needs: tuple[int, ...]
                 ) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]:
        """Each way class ``c`` can give its tiles to ``needs`` (:meth:`_splits`, in its
        order) that later classes can complete: the split, the deals that follow it and what
        the boxes need after it; worked out once a space, for every draw."""
        key = (c, needs)
        found = self._options_memo.get(key)
        if found is None:
            options = []
            for parts, ways in self._splits(c, needs):
                after = tuple([a - b for a, b in zip(needs, parts, strict=True)])
                weight = ways * self._ways(c + 1, after)
                if weight:
                    options.append((parts, weight, after))
            found = tuple(options)
            self._options_memo[key] = found
        return found

    # -- listing --------------------------------------------------------------

    def every(self) -> Iterator[tuple[Sample, int]]:
        """Every deal of the unseen tiles the view allows, each once (in a fixed order),
        with how many deals it stands for (the ways the played tiles could have come)."""
        k = len(self.boxes)

        def walk(c: int, needs: tuple[int, ...], filled: list[int],
                 weight: int) -> Iterator[tuple[Sample, int]]:
            if c == len(self.classes):
                if not any(needs):
                    yield from self._with_rest(filled, weight)
                return
            cls = self.classes[c]
            for parts, ways in self._splits(c, needs):
                after = tuple(a - b for a, b in zip(needs, parts, strict=True))
                if not self._ways(c + 1, after):
                    continue
                if not cls.shown:
                    yield from walk(c + 1, after, filled, weight * ways)
                    continue
                for chosen in _choices(cls.tiles, parts):
                    for b in range(k):
                        filled[b] |= chosen[b]
                    yield from walk(c + 1, after, filled, weight)
                    for b in range(k):
                        filled[b] &= ~chosen[b]

        yield from walk(0, self.needs, [0] * k, 1)

    def listing(self, rng: random.Random) -> list[Sample]:
        """Every deal the view allows, each as often as the deals it stands for (so
        :attr:`count` in all), shuffled: taken in order, any first ``n`` of them are a
        uniform sample drawn without replacement (a budget that runs out leaves one), and
        a caller solves a deal listed more than once only once."""
        listed = [deal for deal, ways in self.every() for _ in range(ways)]
        shuffle(rng, listed)
        return listed

    def _with_rest(self, filled: list[int], weight: int) -> Iterator[tuple[Sample, int]]:
        if not self.ordered:
            yield self._sample(filled, ()), weight
            return
        used = 0
        for mask in filled:
            used |= mask
        rest = tiles_of(unseen_mask(self.view) & ~used)
        for stock in itertools.permutations(rest, self.stock):
            yield self._sample(filled, stock), weight

    def _sample(self, filled: list[int], stock: tuple[Tile, ...]) -> Sample:
        view = self.view
        n = len(view.hand_counts)
        hands, dead = [0] * n, [0] * n
        hands[self.seat] = mask_of(view.hand)
        dead[self.seat] = mask_of(view.dead)
        for box, mask in zip(self.boxes, filled, strict=True):
            if box.dead:
                dead[box.seat] |= mask
            else:
                hands[box.seat] |= mask
        return Sample(tuple(hands), tuple(dead), stock)

    def weight(self, sample: Sample) -> int:
        """How many deals of the space give ``sample``'s hands, dead tiles and stock
        (0: the view does not allow it)."""
        allowed_unseen = unseen_mask(self.view)
        used = 0
        items: list[int] = []  # per tile to place: the boxes it may fill
        for b, box in enumerate(self.boxes):
            if b and self.boxes[b - 1].seat == box.seat:
                continue
            p = box.seat
            for mask, dead in ((sample.hands[p], False), (sample.dead[p], True)):
                if mask & ~allowed_unseen or mask & used:
                    return 0
                used |= mask
                for tile in tiles_of(mask):
                    items.append(self._boxes_for(tile, p, dead))
        if any(not tile.bit & used for tile, boxes in self._holds()):
            return 0
        for cls in self.classes:
            if not cls.shown:
                items.extend([cls.allowed] * len(cls.tiles))
        stock = mask_of(sample.stock)
        if self.ordered and (len(sample.stock) != self.stock or stock & (used | ~allowed_unseen)):
            return 0
        return _fillings(tuple(items), self.needs)

    def _boxes_for(self, tile: Tile, seat: int, dead: bool) -> int:
        for cls in self.classes:
            if cls.shown and tile in cls.tiles:
                mine = 0
                for b, box in enumerate(self.boxes):
                    if box.seat == seat and box.dead == dead and cls.allowed >> b & 1:
                        mine |= 1 << b
                return mine
        return 0

    def _holds(self) -> Iterator[tuple[Tile, int]]:
        for cls in self.classes:
            if cls.shown and not cls.free:
                for tile in cls.tiles:
                    yield tile, cls.allowed

    # -- drawing --------------------------------------------------------------

    def draw(self, rng: random.Random) -> Sample:
        """One deal, every deal the view allows equally likely, with a stock of its size
        (which of the other unseen tiles it holds does not matter without drawing)."""
        if not self.count:
            raise SampleError("no deal of the unseen tiles fits what the view shows")
        k = len(self.boxes)
        needs = self.needs
        filled = [0] * k
        rest: list[Tile] = []
        for c, cls in enumerate(self.classes):
            r = below(rng, self._ways(c, needs))
            chosen: tuple[int, ...] = ()
            for parts, weight, after in self._options(c, needs):
                if r < weight:
                    chosen, needs = parts, after
                    break
                r -= weight
            if not cls.shown:
                continue
            tiles = list(cls.tiles)
            shuffle(rng, tiles)
            at = 0
            for b in range(k):
                for tile in tiles[at:at + chosen[b]]:
                    filled[b] |= tile.bit
                at += chosen[b]
            rest.extend(tiles[at:])
        shuffle(rng, rest)
        return self._sample(filled, tuple(rest[:self.stock]))


def _banning(banned: list[int], tile: Tile) -> int:
    """The boxes (bits) whose banned tiles include ``tile``."""
    out = 0
    for b, mask in enumerate(banned):
        if mask & tile.bit:
            out |= 1 << b
    return out


def _fillings(items: tuple[int, ...], needs: tuple[int, ...]) -> int:
    """Ways to put every item (the mask of boxes it may go to) in a box so that each box
    ``b`` gets exactly ``needs[b]``."""
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def walk(i: int, left: tuple[int, ...]) -> int:
        if i == len(items):
            return 0 if any(left) else 1
        found = memo.get((i, left))
        if found is None:
            found = 0
            for b, room in enumerate(left):
                if room and items[i] >> b & 1:
                    found += walk(i + 1, left[:b] + (room - 1,) + left[b + 1:])
            memo[i, left] = found
        return found

    return walk(0, needs)


def _choices(tiles: tuple[Tile, ...], parts: tuple[int, ...]) -> Iterator[list[int]]:
    """Every way to give ``parts[b]`` of ``tiles`` to each box ``b`` (the rest to none),
    as a mask per box."""
    k = len(parts)
    out = [0] * k

    def walk(b: int, pool: tuple[Tile, ...]) -> Iterator[list[int]]:
        if b == k:
            yield out
            return
        if not parts[b]:
            yield from walk(b + 1, pool)
            return
        for chosen in itertools.combinations(pool, parts[b]):
            out[b] = mask_of(chosen)
            yield from walk(b + 1, tuple(t for t in pool if not out[b] & t.bit))
        out[b] = 0

    yield from walk(0, tiles)
