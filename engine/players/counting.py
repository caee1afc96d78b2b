"""The counting player's reckoning: what a play and a dead tile are worth to it, and
its playouts.

It weighs each play by what it sheds and what it leaves (:func:`play_score`): the
pips and a double shed, its own tiles that still fit the ends and the numbers it
keeps, the chance that each player after it has no tile for the ends it leaves
(:func:`stuck_chance`: reckoned from the unseen tiles and the numbers each has
shown it lacks, certain when it lacks both), and the open numbers only it can
still play; the weights are per family (:data:`WEIGHTS`).  Stuck in Gaple, it
throws the tile least worth keeping (:func:`dead_keep`).  Each works on the
seat's view; its twin on tile masks (``_play_value``, ``_keep_value``) serves
the playouts, where speed counts.

:func:`counting_playouts` scores a full position's moves by playing each out to
the end with every seat playing as the counting player would from what it could
see: the strong bot's evaluator with three to five players
(:class:`engine.players.bots.StrongBot`).  The level itself, with its reasons, is
:class:`engine.players.bots.CountingBot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..game.moves import Move
from ..game.rules import Ruleset
from ..game.state import State
from ..game.tiles import ALL_MASK, FITS, Tile, mask_of
from ..game.view import SeatView
from ..search.deals import forbidden_mask, unseen_mask
from ..search.scoring import Evaluator, opened, seat_score, tile_weight


@dataclass(frozen=True)
class Weights:
    """What the counting player weighs in a play, each per unit (see :func:`play_score`)."""

    pips: float  # per pip shed
    double: float  # for shedding a double (it fits one number only: hard to place later)
    keeps: float  # per tile kept that fits an open end after the play
    variety: float  # per number still shown by the tiles kept
    next_stuck: float  # times the chance that the next player has no tile for the ends
    later_stuck: float  # the same, for each player after the next
    control: float  # per open number that only the mover can still play


#: The counting player's weights by family, tuned on seeded arenas against ``heaviest``
#: (README, "Computer players in the arena").  Gaple ranks every player by their own
#: total, so shedding weighs more there; in Block and the duel, a player who is stuck
#: sheds nothing while the mover gets nearer to going out.
WEIGHTS: Final[dict[str, Weights]] = {
    "block": Weights(0.25, 2.5, 0.5, 0.5, 4.75, 1.5, 1.5),
    "duel": Weights(0.25, 2.5, 0.5, 0.5, 4.75, 1.5, 1.5),
    "gaple": Weights(1.0, 2.5, 0.5, 0.5, 4.75, 1.5, 1.5),
}


#: A play that empties the hand: nothing else compares.
GOES_OUT: Final = 1e6


def _stuck_chance(pool: int, ends: int, held: int) -> float:
    """The chance that a hand of ``held`` tiles, dealt at random from the mask ``pool``,
    holds none of the tiles in the mask ``ends``."""
    size = pool.bit_count()
    free = size - (pool & ends).bit_count()
    chance = 1.0
    for i in range(min(held, size)):
        if free <= i:
            return 0.0
        chance *= (free - i) / (size - i)
    return chance


def _play_value(hand: int, tile: Tile, a: int, b: int, unseen: int, seat: int,
                counts: Sequence[int], forbidden: Sequence[int], weights: Weights) -> float:
    """:func:`play_score` from masks: the mover's ``hand``, the ``tile`` it plays leaving
    ends ``a`` and ``b``, the tiles it cannot see (``unseen``), every hand's size and
    each seat's ``forbidden`` tiles (those showing a value it has shown it lacks)."""
    rest = hand & ~tile.bit
    if not rest:
        return GOES_OUT
    ends = FITS[a] | FITS[b]
    score = weights.pips * tile.value + (weights.double if tile.is_double else 0.0)
    score += weights.keeps * (rest & ends).bit_count()
    score += weights.variety * sum(1 for v in range(7) if rest & FITS[v])
    n = len(counts)
    for k in range(1, n):
        other = (seat + k) % n
        if counts[other]:
            weight = weights.next_stuck if k == 1 else weights.later_stuck
            score += weight * _stuck_chance(unseen & ~forbidden[other], ends, counts[other])
    for value in {a, b}:
        if rest & FITS[value] and not unseen & FITS[value]:
            score += weights.control
    return score


def _play_chance(hand: int, tile: Tile, unseen: int) -> float:
    """A rough chance to play ``tile`` later: the unseen tiles that could open one of its
    numbers, and the mover's own other tiles, which count more (see :func:`dead_keep`)."""
    numbers = FITS[tile.low] | FITS[tile.high]
    live = (unseen & numbers).bit_count()
    own = (hand & ~tile.bit & numbers).bit_count()
    return min(1.0, (live + 2 * own) / 4)


def _keep_value(hand: int, tile: Tile, unseen: int) -> float:
    """:func:`dead_keep` from masks."""
    return _play_chance(hand, tile, unseen) * tile.value


def stuck_chance(view: SeatView, seat: int, move: Move) -> float:
    """The chance, as the counting player reckons it, that ``seat`` holds no tile for
    the ends ``move`` (a play of the viewing seat) leaves: ``seat``'s hand taken as
    drawn at random from the unseen tiles it may hold (none showing a number it has
    shown it lacks)."""
    a, b = opened(view, move)
    pool = unseen_mask(view) & ~forbidden_mask(view.missing[seat])
    return _stuck_chance(pool, FITS[a] | FITS[b], view.hand_counts[seat])


def _weights(rules: Ruleset | None) -> Weights:
    return WEIGHTS[rules.family if rules is not None else "block"]


def play_score(view: SeatView, move: Move, weights: Weights | None = None) -> float:
    """The counting player's score of ``move`` (a play), higher is better: the pips it
    sheds, a double, the tiles kept that fit the ends it leaves and the numbers kept,
    the chance that each player after the mover has no tile for those ends (a hand
    drawn at random from the unseen tiles it may hold: certain when it has shown it
    lacks both), and the open numbers that only the mover can still play."""
    tile = move.tile
    assert tile is not None
    a, b = opened(view, move)
    return _play_value(mask_of(view.hand), tile, a, b, unseen_mask(view), view.seat,
                       view.hand_counts, [forbidden_mask(m) for m in view.missing],
                       weights if weights is not None else _weights(view.rules))


def dead_keep(view: SeatView, tile: Tile) -> float:
    """What keeping ``tile`` in hand is worth to a stuck Gaple player: a dead tile counts
    against it as much as one in hand, so the only gain of keeping a tile is shedding it
    by a later play: its value times a rough chance to play it (the unseen tiles that
    could open one of its numbers, and the mover's own other tiles, which count more)."""
    return _keep_value(mask_of(view.hand), tile, unseen_mask(view))


def play_chance(view: SeatView, tile: Tile) -> float:
    """The rough chance :func:`dead_keep` gives a stuck Gaple player of playing ``tile``
    later, whatever its weight."""
    return _play_chance(mask_of(view.hand), tile, unseen_mask(view))


def _counting_move(state: State, moves: tuple[Move, ...], seen: int,
                   forbidden: Sequence[int], weights: Weights) -> Move:
    """The counting player's choice in a full position, from what the mover could see:
    its own tiles, the line's tiles (``seen``), every count and what each seat has
    shown it lacks (``forbidden``)."""
    seat = state.to_move
    hand = state.hand_masks[seat]
    unseen = ALL_MASK & ~(hand | state.dead_masks[seat] | seen)
    if moves[0].kind == "discard":
        return min(moves, key=lambda m: (_keep_value(hand, m.tile, unseen), -tile_weight(m)[0])
                   if m.tile is not None else (0.0, 0))
    counts = [h.bit_count() for h in state.hand_masks]
    left, right = state.line.left, state.line.right
    best, best_key = moves[0], (-1.0, -1)
    for move in moves:
        tile = move.tile
        if tile is None:
            continue
        if left < 0:
            a, b = tile.low, tile.high
        elif move.end == "left":
            a, b = tile.other(left), right
        else:
            a, b = left, tile.other(right)
        key = (_play_value(hand, tile, a, b, unseen, seat, counts, forbidden, weights),
               tile.value)
        if key > best_key:
            best, best_key = move, key
    return best


def counting_playouts(view: SeatView) -> Evaluator:
    """An evaluator for the deals ``view`` imagines: each legal move is played, then
    every player (the mover too) plays on as the counting player would, knowing what the
    view showed and what the round shows from there on; a move's score is the mover's
    result (:func:`seat_score`; never exact)."""
    seen0 = mask_of(view.line.tiles())
    forbidden0 = [forbidden_mask(m) for m in view.missing]
    weights = _weights(view.rules)

    def evaluate(state: State, seconds: float) -> tuple[dict[Move, float], bool]:
        mover = state.to_move
        scores: dict[Move, float] = {}
        for first in state.legal_moves():
            walker = state.copy()
            seen, forbidden = seen0, list(forbidden0)
            move = first
            while True:
                if move.tile is not None and move.kind == "play":
                    seen |= move.tile.bit
                elif walker.line.left >= 0:  # a pass or a dead tile: nothing for the ends
                    forbidden[walker.to_move] |= FITS[walker.line.left] | FITS[walker.line.right]
                walker.push_unchecked(move)
                if walker.over:
                    break
                moves = walker.legal_moves()
                move = moves[0] if len(moves) == 1 else _counting_move(walker, moves, seen,
                                                                      forbidden, weights)
            scores[first] = seat_score(walker, mover)
        return scores, False

    return evaluate
