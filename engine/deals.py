"""Every deal of the hidden tiles one seat's view allows: counted, listed, drawn.

A seat sees its own tiles, the line, every count and the values each opponent
is known to lack (:mod:`engine.view`).  The tiles it cannot see (the *unseen*
tiles, :func:`engine.sampler.unseen_mask`) lie in the opponents' hands (each of
its size, no tile showing a value that opponent lacks), in their dead piles
(Gaple: only their sizes are known), in the stock (its size; in draw mode its
order too) and, for a line given only by its open values, in the hidden part
of the line.

A **deal** here is what a perfect-information search needs of those places:
the opponents' hands, their dead piles and, in draw mode, the stock in its
order.  Without drawing, which unseen tiles sleep in the stock and which lie
hidden in the line makes no difference to the play, and every deal has the same
number of such completions, so deals weighted equally are full deals weighted
equally.

:class:`DealSpace` counts the deals exactly (a dynamic programme over the
unseen tiles grouped by which opponents may hold them), lists them all
(:meth:`DealSpace.every`) and draws one uniformly at random
(:meth:`DealSpace.draw`, exact: no rejection, so no fallback that would bend
the odds).  What a seat could infer beyond its view is not used: a dead tile
cannot show the ends it was discarded at, and a pass on an empty line in
Gaple shows the passer lacks the tile or the double it must open with; the
view carries neither, and the computer players' sampler (:mod:`engine.sampler`)
ignores them as well.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

from .sampler import Sample, SampleError, forbidden_mask, unseen_mask
from .tiles import Tile, mask_of, tiles_of
from .view import SeatView


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    """Ways to put ``n`` distinct tiles into boxes of the sizes ``parts`` (the rest
    in one more box)."""
    ways, left = 1, n
    for k in parts:
        ways *= math.comb(left, k)
        left -= k
    return ways


class DealSpace:
    """The deals of the unseen tiles that ``view`` allows (see the module)."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        n = len(view.hand_counts)
        self.view = view
        self.seat = view.seat
        self.others = tuple(p for p in range(n) if p != view.seat)
        unseen = tiles_of(unseen_mask(view))
        needs = tuple(view.hand_counts[p] for p in self.others)
        self.needs = needs
        self.dead_needs = tuple(view.dead_counts[p] for p in self.others)
        self.stock = view.stock_count
        #: Whether the stock's order is part of a deal (draw mode).
        self.ordered = rules is not None and rules.draw_mode and self.stock > 0
        self.rest = len(unseen) - sum(needs)  # unseen tiles outside the opponents' hands
        if len(view.hand) != view.hand_counts[view.seat] or \
                self.rest < sum(self.dead_needs) + self.stock:
            raise SampleError(f"the view's counts need more unseen tiles than its "
                              f"{len(unseen)}")
        forbidden = [forbidden_mask(view.missing[p]) for p in self.others]
        groups: dict[int, list[Tile]] = {}
        for tile in unseen:
            allowed = 0
            for i, mask in enumerate(forbidden):
                if not mask & tile.bit:
                    allowed |= 1 << i
            groups.setdefault(allowed, []).append(tile)
        # Classes of tiles by who may hold them; the widest last (its split is then
        # mostly forced by what the others still need).
        self.classes: tuple[tuple[int, tuple[Tile, ...]], ...] = tuple(
            (allowed, tuple(tiles)) for allowed, tiles in
            sorted(groups.items(), key=lambda kv: (kv[0].bit_count(), kv[0])))
        k = len(self.others)
        # capacity[c][i]: tiles in classes c, c + 1, … that opponent i may hold.
        capacity = [[0] * k for _ in range(len(self.classes) + 1)]
        for c in range(len(self.classes) - 1, -1, -1):
            allowed, tiles = self.classes[c]
            for i in range(k):
                capacity[c][i] = capacity[c + 1][i] + (len(tiles) if allowed >> i & 1 else 0)
        self._capacity = capacity
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.hands = self._ways(0, needs)  # ways to deal the opponents' hands
        rest_ways = _multinomial(self.rest, self.dead_needs)
        if self.ordered:
            rest_ways *= math.perm(self.rest - sum(self.dead_needs), self.stock)
        #: How many deals the view allows.
        self.count = self.hands * rest_ways

    # -- counting -------------------------------------------------------------

    def _splits(self, c: int, needs: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way class ``c`` can give its tiles to the opponents that still need
        some (``x[i]`` to opponent ``i``, the rest to no hand), with the number of
        ways to choose those tiles."""
        allowed, tiles = self.classes[c]
        size = len(tiles)
        later = self._capacity[c + 1]
        k = len(needs)
        x = [0] * k

        def walk(i: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
            if i == k:
                parts = tuple(x)
                yield parts, _multinomial(size, parts)
                return
            if not allowed >> i & 1:
                if needs[i] > later[i]:
                    return
                x[i] = 0
                yield from walk(i + 1, left)
                return
            low = max(0, needs[i] - later[i])  # what later classes cannot supply
            for take in range(low, min(needs[i], left) + 1):
                x[i] = take
                yield from walk(i + 1, left - take)
            x[i] = 0

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

    # -- listing --------------------------------------------------------------

    def every(self) -> Iterator[Sample]:
        """Every deal the view allows, each once (in a fixed order)."""
        k = len(self.others)
        allowed_masks = [0] * k
        for allowed, tiles in self.classes:
            for i in range(k):
                if allowed >> i & 1:
                    allowed_masks[i] |= mask_of(tiles)
        pool = mask_of(t for _, tiles in self.classes for t in tiles)
        yield from self._hands_from(0, pool, [0] * k, allowed_masks)

    def _hands_from(self, i: int, pool: int, hands: list[int],
                    allowed: list[int]) -> Iterator[Sample]:
        if i == len(self.others):
            yield from self._rest_from(pool, hands)
            return
        for chosen in itertools.combinations(tiles_of(pool & allowed[i]), self.needs[i]):
            mask = mask_of(chosen)
            hands[i] = mask
            yield from self._hands_from(i + 1, pool & ~mask, hands, allowed)
        hands[i] = 0

    def _rest_from(self, pool: int, hands: list[int]) -> Iterator[Sample]:
        def dead_from(i: int, left: int, dead: list[int]) -> Iterator[Sample]:
            if i == len(self.others):
                if not self.ordered:
                    yield self._sample(hands, dead, ())
                    return
                for stock in itertools.permutations(tiles_of(left), self.stock):
                    yield self._sample(hands, dead, stock)
                return
            for chosen in itertools.combinations(tiles_of(left), self.dead_needs[i]):
                mask = mask_of(chosen)
                dead[i] = mask
                yield from dead_from(i + 1, left & ~mask, dead)
            dead[i] = 0

        yield from dead_from(0, pool, [0] * len(self.others))

    def _sample(self, hands: list[int], dead: list[int], stock: tuple[Tile, ...]) -> Sample:
        view = self.view
        n = len(view.hand_counts)
        all_hands, all_dead = [0] * n, [0] * n
        all_hands[self.seat] = mask_of(view.hand)
        all_dead[self.seat] = mask_of(view.dead)
        for i, p in enumerate(self.others):
            all_hands[p] = hands[i]
            all_dead[p] = dead[i]
        return Sample(tuple(all_hands), tuple(all_dead), stock)

    # -- drawing --------------------------------------------------------------

    def draw(self, rng: random.Random) -> Sample:
        """One deal, every deal the view allows equally likely."""
        if not self.count:
            raise SampleError("no deal of the unseen tiles fits what the view shows")
        k = len(self.others)
        needs = self.needs
        hands = [0] * k
        rest: list[Tile] = []
        for c in range(len(self.classes)):
            total = self._ways(c, needs)
            r = rng.randrange(total)
            chosen: tuple[int, ...] = ()
            for parts, ways in self._splits(c, needs):
                after = tuple(a - b for a, b in zip(needs, parts, strict=True))
                weight = ways * self._ways(c + 1, after)
                if r < weight:
                    chosen = parts
                    break
                r -= weight
            tiles = list(self.classes[c][1])
            rng.shuffle(tiles)
            at = 0
            for i in range(k):
                for tile in tiles[at:at + chosen[i]]:
                    hands[i] |= tile.bit
                at += chosen[i]
            rest.extend(tiles[at:])
            needs = tuple(a - b for a, b in zip(needs, chosen, strict=True))
        rng.shuffle(rest)
        dead = [0] * k
        at = 0
        for i in range(k):
            for tile in rest[at:at + self.dead_needs[i]]:
                dead[i] |= tile.bit
            at += self.dead_needs[i]
        stock = tuple(rest[at:at + self.stock]) if self.ordered else ()
        return self._sample(hands, dead, stock)
