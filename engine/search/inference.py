"""What the other players' choices suggest about their hidden tiles: a computer player's
model of how players choose, to weigh the deals it imagines.

The deals a view allows (:mod:`engine.search.deals`) are those the public history does not rule
out, each as likely as another: the judge's view (the appraisal, the hint's figures).  A
player's plays say more than that.  Whoever laid [6|6] when [1|2] would also have fitted
is less likely to have held [1|2] than one who laid [1|2]: players shed heavy tiles and
doubles first.  :class:`ChoiceModel` says how much: a player lays each tile that fits
with odds in proportion to ``exp(per_pip · pips + per_double · [double])``; and
:func:`likelihood` weighs a deal by how likely every other player's plays of the round
were, had it held that deal's tiles (:attr:`engine.game.knowledge.Facts.choices`: the tiles that
fitted at each play, and those it played later, which it held then too).

:data:`OPPONENTS` is fitted (maximum likelihood, ``bench/choices.py``) to the plays of
the two-player Block players the strong bot meets: itself without the model (per pip 0.15,
per double 2.0) and OpenSpiel's IS-MCTS (0.35, 1.75); it takes a value between them
(README, "Against a peer AI").  The strong computer player weighs its deals by it; the
hint and the appraisal, which speak of possible deals, do not.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..game.tiles import TILES
from ..game.view import SeatView
from .deals import Sample, unseen_mask


@dataclass(frozen=True, slots=True)
class ChoiceModel:
    """A player lays each tile that fits with odds ``exp(per_pip · pips + per_double ·
    [the tile is a double])`` (0 and 0: every fitting tile alike)."""

    per_pip: float
    per_double: float

    def odds(self) -> tuple[float, ...]:
        """Each tile's odds, by tile index."""
        return tuple(math.exp(self.per_pip * t.value + self.per_double * t.is_double)
                     for t in TILES)


#: How the players the strong bot meets choose their tiles (see the module).
OPPONENTS: Final = ChoiceModel(0.25, 2.0)


def weighs(view: SeatView) -> bool:
    """Whether a computer player weighs the deals of ``view`` by a model: with two players,
    where the model is measured (README, "Against a peer AI"; with more, the deals are
    played out by the counting player's rules and stay alike), and without dead tiles
    (:func:`likelihood`)."""
    return len(view.hand_counts) == 2 and view.rules is not None and not view.rules.dead_tiles


def _mask_odds(odds: tuple[float, ...], mask: int) -> float:
    total = 0.0
    while mask:
        bit = mask & -mask
        mask ^= bit
        total += odds[bit.bit_length() - 1]
    return total


def likelihood(view: SeatView, model: ChoiceModel = OPPONENTS
               ) -> Callable[[Sample], float] | None:
    """A deal's weight: how likely, under ``model``, every other player's plays were had
    it held the deal's tiles (up to a factor the same for every deal).  None when no
    play's odds depend on the hidden tiles (then every deal weighs the same).  In Gaple a
    dead tile thrown after a play was in hand at it: a play with every one of its player's
    dead tiles thrown after it counts them in that hand; one with some thrown before and
    some after (which of the deal's dead tiles, the deal does not tell) is left out."""
    if not view.facts or view.rules is None:
        return None
    odds = model.odds()
    unseen = unseen_mask(view)
    # For each play that could have had a hidden alternative: the seat, the tiles that
    # fitted and are unseen, and the odds of those known to have been in hand (the tile
    # laid and those laid later).  The tile laid's own odds are the same for every deal.
    terms: list[tuple[int, int, float, bool]] = []
    for seat, facts in enumerate(view.facts):
        if seat == view.seat:
            continue
        for bit, fitting, later, dead in facts.choices:
            hidden = fitting & unseen
            if not hidden or dead < 0:
                continue
            held = (later | bit) & fitting
            terms.append((seat, hidden, _mask_odds(odds, held), dead > 0))
    if not terms:
        return None

    def weight(deal: Sample) -> float:
        w = 1.0
        for seat, hidden, held, dead in terms:
            had = deal.hands[seat] | deal.dead[seat] if dead else deal.hands[seat]
            w /= held + _mask_odds(odds, had & hidden)
        return w

    return weight
