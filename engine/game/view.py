"""What one seat may know: :class:`SeatView`.

A view is built from the state and copies only public facts and the seat's
own tiles: the line, every hand's size, the stock's size, every player's dead
tile count (dead tiles lie face down), and what the round's public history shows
about each player's hidden tiles (:mod:`engine.game.knowledge`): among it, the values
each is known not to hold, learned from their passes, draws and dead discards.
The site's hidden-hands mode and the computer players read only this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .knowledge import Facts, facts
from .line import Line
from .moves import Move
from .rules import Ruleset
from .state import State
from .tiles import Tile, tiles_of
from .values import by_fields


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    hand: tuple[Tile, ...]
    dead: tuple[Tile, ...]  # the seat's own dead tiles (it knows what it discarded)
    line: Line
    ends: tuple[int, int] | tuple[()]
    hand_counts: tuple[int, ...]
    dead_counts: tuple[int, ...]
    stock_count: int
    to_move: int | None
    missing: tuple[frozenset[int], ...]  # values each player is known not to hold
    legal: tuple[Move, ...]  # the seat's legal moves when it is to move
    # Public facts of the round that a player (and a computer player) goes by:
    rules: Ruleset | None = None  # the game being played
    passes: int = 0  # consecutive turns without a play so far
    # The opening rule while the line is empty: "double", a tile's text such as "0-0"
    # (the rule names it; kept as text, the view holds no tile beyond its own), or None.
    opening: str | None = None
    # What the public history shows about each player's hidden tiles (engine.game.knowledge);
    # empty for a view made without its history: then only ``missing`` is known.
    facts: tuple[Facts, ...] = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


def known_missing(state: State) -> tuple[frozenset[int], ...]:
    """For each player, the values they cannot hold, from public events only
    (:attr:`engine.game.knowledge.Facts.lacks`): a pass, a dead discard or a draw shows the
    player had nothing for either open end; a drawn tile could show any value, so a
    value counts as lacked only where every tile the hand may still hold came before
    a moment that showed it."""
    return tuple(f.lacks for f in facts(state, -1))


def view(state: State, seat: int) -> SeatView:
    """The state as ``seat`` sees it."""
    known = facts(state, seat)
    return SeatView(
        seat=seat,
        hand=tiles_of(state.hand_masks[seat]),
        dead=tiles_of(state.dead_masks[seat]),
        line=state.line.copy(),
        ends=state.line.ends,
        hand_counts=tuple(h.bit_count() for h in state.hand_masks),
        dead_counts=tuple(d.bit_count() for d in state.dead_masks),
        stock_count=state.stock_count,
        to_move=state.mover,
        missing=tuple(f.lacks for f in known),
        legal=state.legal_moves() if state.mover == seat else (),
        rules=state.rules,
        passes=state.passes,
        opening=None if state.opening is None else str(state.opening),
        facts=known,
    )
