"""A brute force over the hidden tiles, written apart from engine/game/knowledge.py and
engine/search/deals.py: every placement of the tiles a seat cannot see, each counted by the
histories that replay the round's public moves legally, found by stepping the round back
from the end (a pass, a draw or a dead discard needs a hand with nothing for the ends of
that moment; a dead tile and a drawn tile are whichever the placement allows)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.game.knowledge import DOUBLES
from engine.game.state import Opening, Record, State
from engine.game.tiles import FITS, Tile, mask_of, tiles_of
from engine.game.view import view
from engine.search.deals import Sample, unseen_mask


def fits(hand: int, ends: tuple[int, int] | tuple[()], opening: Opening) -> bool:
    """Whether a hand holds a tile it could play at ``ends`` (an empty line: the opening)."""
    if ends:
        return bool(hand & (FITS[ends[0]] | FITS[ends[1]]))
    if opening == "double":
        return bool(hand & DOUBLES)
    if isinstance(opening, Tile):
        return bool(hand & opening.bit)
    return bool(hand)


def possible(state: State, seat: int, sample: Sample) -> bool:
    """Whether some hidden history of ``state``'s round ends in ``sample``'s placement
    (:func:`histories`, stopped at the first found)."""
    return histories(state, seat, sample, first=True) > 0


def histories(state: State, seat: int, sample: Sample, first: bool = False) -> int:
    """How many hidden histories of ``state``'s round end in ``sample``'s placement, as
    ``seat`` can tell them apart: the round stepped back from the end, each dead tile and
    each drawn tile of another seat any the placement allows (with ``first``, stopped as soon
    as one is found)."""
    records = state.history
    hands = list(sample.hands)
    dead = list(sample.dead)
    stock = list(sample.stock)  # draw mode: the stock now, top first

    def back(i: int) -> int:
        if i < 0:
            return 1
        rec: Record = records[i]
        p, kind = rec.player, rec.move.kind
        hidden = p != seat
        if kind == "play":
            tile = rec.move.tile
            assert tile is not None
            hands[p] |= tile.bit
            found = back(i - 1)
            hands[p] &= ~tile.bit
            return found
        if kind == "pass":
            return 0 if fits(hands[p], rec.ends, rec.opening) else back(i - 1)
        if kind == "discard":
            choices = tiles_of(dead[p]) if hidden else (rec.move.tile,)
            total = 0
            for tile in choices:
                assert tile is not None
                if not dead[p] & tile.bit:
                    continue
                before = hands[p] | tile.bit
                if fits(before, rec.ends, rec.opening):
                    continue
                hands[p], dead[p] = before, dead[p] & ~tile.bit
                total += back(i - 1)
                hands[p], dead[p] = before & ~tile.bit, dead[p] | tile.bit
                if first and total:
                    break
            return total
        assert kind == "draw"
        choices = tiles_of(hands[p]) if hidden else (rec.drawn,)
        total = 0
        for tile in choices:
            assert tile is not None
            if not hands[p] & tile.bit:
                continue
            before = hands[p] & ~tile.bit
            if fits(before, rec.ends, rec.opening):
                continue
            hands[p] = before
            stock.insert(0, tile)
            total += back(i - 1)
            stock.pop(0)
            hands[p] = before | tile.bit
            if first and total:
                break
        return total

    return back(len(records) - 1)


def placements(state: State, seat: int) -> Iterator[Sample]:
    """Every placement of the tiles ``seat`` cannot see: each other hand and dead pile of
    its size, the stock of its size (in every order in draw mode), the rest hidden."""
    v = view(state, seat)
    unseen = tiles_of(unseen_mask(v))
    others = [p for p in range(state.players) if p != seat]
    places = [("hand", p) for p in others] + [("dead", p) for p in others]
    ordered = state.rules.draw_mode

    def fill(i: int, pool: tuple[Tile, ...], hands: list[int], dead: list[int]
             ) -> Iterator[Sample]:
        if i == len(places):
            if ordered:
                for stock in itertools.permutations(pool, state.stock_count):
                    yield Sample(tuple(hands), tuple(dead), stock)
            else:
                yield Sample(tuple(hands), tuple(dead), ())
            return
        kind, p = places[i]
        size = (state.hand_masks if kind == "hand" else state.dead_masks)[p].bit_count()
        target = hands if kind == "hand" else dead
        for chosen in itertools.combinations(pool, size):
            target[p] = mask_of(chosen)
            yield from fill(i + 1, tuple(t for t in pool if t not in chosen), hands, dead)
        target[p] = 0

    hands = [0] * state.players
    dead = [0] * state.players
    hands[seat], dead[seat] = state.hand_masks[seat], state.dead_masks[seat]
    yield from fill(0, unseen, hands, dead)


