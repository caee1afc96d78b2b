"""Hidden hands consistent with one seat's view: the worlds a computer player imagines.

A seat sees its own tiles, the line, every count and the values each opponent
is known not to hold (:mod:`engine.view`).  :func:`sample` deals the tiles it
cannot see (the *unseen* tiles: all 28 less its hand, its own dead tiles and
the line) at random into the places they may be:

- each opponent's hand, as many tiles as the opponent holds, none showing a
  value that opponent is known to lack;
- each opponent's dead tiles (Gaple), as many as lie face down before them;
- the stock (or the middle, or the sleeping tiles), as many as it holds; in
  draw mode its order is unknown too, and the sample gives it an order;
- the hidden part of a line given only by its two open values (a lesson's
  position), whatever is left over.

Every deal of the unseen tiles that respects these counts and constraints is
equally likely: the tiles are shuffled and dealt, and a deal that breaks a
constraint is thrown back (rejection sampling, which keeps the choice exactly
uniform).  When the constraints are so tight that many deals in a row are
thrown back, the constrained hands are filled first from the tiles they may
hold (a valid deal, no longer exactly uniform); :func:`sample` never fails
on a view that some real deal produced.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import Ruleset
from .state import Opening, State
from .tiles import FITS, TILES, Tile, mask_of, tiles_of
from .view import SeatView

#: Rejected deals in a row before the constrained hands are filled first.
REJECTIONS = 400


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
    mask = 0
    for v in values:
        mask |= FITS[v]
    return mask


def sample(view: SeatView, rng: random.Random) -> Sample:
    """A random deal of the unseen tiles consistent with ``view`` (see the module)."""
    seat, n = view.seat, len(view.hand_counts)
    others = [p for p in range(n) if p != seat]
    unseen = list(tiles_of(unseen_mask(view)))
    dealt = sum(view.hand_counts[p] + view.dead_counts[p] for p in others) + view.stock_count
    if dealt > len(unseen) or len(view.hand) != view.hand_counts[seat]:
        raise SampleError(f"the view's counts need {dealt} unseen tiles, it has {len(unseen)}")
    forbidden = [forbidden_mask(view.missing[p]) if p != seat else 0 for p in range(n)]
    for _ in range(REJECTIONS):
        rng.shuffle(unseen)
        hands = _deal(view, others, unseen)
        if all(not hands[p] & forbidden[p] for p in others):
            return _finish(view, others, hands, unseen)
    return _constrained_first(view, others, unseen, forbidden, rng)


def _deal(view: SeatView, others: list[int], tiles: list[Tile]) -> list[int]:
    hands = [0] * len(view.hand_counts)
    k = 0
    for p in others:
        mask = 0
        for tile in tiles[k:k + view.hand_counts[p]]:
            mask |= tile.bit
        hands[p] = mask
        k += view.hand_counts[p]
    return hands


def _finish(view: SeatView, others: list[int], hands: list[int], tiles: list[Tile]) -> Sample:
    """The rest of a deal whose hands are ``hands`` and whose unseen tiles lie in
    ``tiles`` in order (the hands first): dead tiles, then the stock."""
    hands[view.seat] = mask_of(view.hand)
    used = 0
    for p in others:
        used |= hands[p]
    rest = [t for t in tiles if not used & t.bit]
    dead = [0] * len(view.hand_counts)
    dead[view.seat] = mask_of(view.dead)
    k = 0
    for p in others:
        for tile in rest[k:k + view.dead_counts[p]]:
            dead[p] |= tile.bit
        k += view.dead_counts[p]
    stock = tuple(rest[k:k + view.stock_count])
    return Sample(tuple(hands), tuple(dead), stock)


def _constrained_first(view: SeatView, others: list[int], unseen: list[Tile],
                       forbidden: list[int], rng: random.Random) -> Sample:
    """A valid deal when rejection keeps failing: the most constrained hands
    take their tiles first from what they may hold."""
    order = sorted(others, key=lambda p: -forbidden[p].bit_count())
    for _ in range(REJECTIONS):
        pool = list(unseen)
        rng.shuffle(pool)
        hands = [0] * len(view.hand_counts)
        ok = True
        for p in order:
            allowed = [t for t in pool if not forbidden[p] & t.bit]
            need = view.hand_counts[p]
            if len(allowed) < need:
                ok = False
                break
            chosen = allowed[:need]
            for tile in chosen:
                hands[p] |= tile.bit
            pool = [t for t in pool if not hands[p] & t.bit]
        if ok:
            taken = [t for p in others for t in tiles_of(hands[p])]
            return _finish(view, others, hands, taken + pool)
    raise SampleError("no deal of the unseen tiles fits what the view shows")


def world(view: SeatView, drawn: Sample, rules: Ruleset | None = None) -> State:
    """The position ``view`` shows with the hidden tiles as ``drawn`` deals them:
    a full state a perfect-information search can play out.  In draw mode the
    sampled stock is known in its sampled order; otherwise only its count."""
    rules = rules if rules is not None else view.rules
    if rules is None:
        raise ValueError("the view does not say which game is played")
    to_move = view.to_move if view.to_move is not None else view.seat
    stock = list(drawn.stock) if rules.draw_mode else None
    opening: Opening = None
    if view.opening is not None:
        opening = "double" if view.opening == "double" else Tile.parse(view.opening)
    return State(rules, list(drawn.hands), view.line.copy(), stock=stock,
                 stock_count=None if stock is not None else view.stock_count,
                 dead=list(drawn.dead), to_move=to_move, passes=view.passes,
                 opening=opening)
