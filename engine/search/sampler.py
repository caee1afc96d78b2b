"""Hidden hands consistent with one seat's view: the worlds a computer player imagines.

A seat sees its own tiles, the line, every count and what the public history shows about
the rest (:mod:`engine.game.view`, :mod:`engine.game.knowledge`).  :func:`sample` deals the tiles it
cannot see (the *unseen* tiles: all 28 less its hand, its own dead tiles and the line) into
the places they may be, every deal the view allows equally likely: one draw from the view's
:class:`engine.search.deals.DealSpace` (a player thinking about many deals of one view builds the
space once and draws from it; a deal's values, :class:`~engine.search.deals.Sample` and
:func:`~engine.search.deals.unseen_mask`, are the deal space's).  :func:`world` makes a full
position of a view and a deal.
"""

from __future__ import annotations

import random

from ..game.rules import Ruleset
from ..game.state import Opening, State
from ..game.tiles import Tile
from ..game.view import SeatView
from .deals import DealSpace, Sample


def sample(view: SeatView, rng: random.Random) -> Sample:
    """A random deal of the unseen tiles consistent with ``view``, each equally likely."""
    return DealSpace(view).draw(rng)


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
