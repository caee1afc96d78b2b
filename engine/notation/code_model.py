"""The values a position code and a round code stand for (the grammar: :mod:`engine.notation.code`).

:class:`Position`: everything that decides the play from a point of a round, every hand
shown or as one seat sees it, with what each seat is known to lack; to and from the engine's
:class:`~engine.game.state.State` and :class:`~engine.game.view.SeatView`.  :class:`Round`: the
position a round starts from and its moves.  Their ``text()`` is written here
(:func:`position_text`, :func:`round_text`) from the fields :mod:`engine.notation.code_write` writes;
:mod:`engine.notation.code_read` reads them back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..game.knowledge import Facts, facts, simple_facts
from ..game.line import Line, Placement
from ..game.moves import Move
from ..game.rules import Ruleset
from ..game.state import Opening, State, Status
from ..game.tiles import Tile, mask_of
from ..game.view import SeatView, known_missing
from .code_write import (
    Held,
    count,
    facts_text,
    held_text,
    line_text,
    move_token,
    rules_code,
)


def telling(hands: list[int] | tuple[int, ...], dead: list[int] | tuple[int, ...],
            known: tuple[Facts, ...]) -> tuple[Facts, ...]:
    """``known`` without the opener's tile and the plays' choices (evidence for a computer
    player's model, no limit on the deals: :attr:`engine.game.knowledge.Facts.choices`), or ()
    where it tells no more than each seat's lacks and counts
    (:func:`engine.game.knowledge.simple_facts`)."""
    plain = tuple(replace(f, holds=0, choices=()) for f in known)
    simple = tuple(simple_facts(h.bit_count(), d.bit_count(), f.lacks)
                   for h, d, f in zip(hands, dead, plain, strict=True))
    return () if plain == simple else plain


class HiddenError(ValueError):
    """A seat's-eye position asked for what only every hand shown can give."""


def shown_tiles(held: Held) -> tuple[Tile, ...]:
    assert isinstance(held, tuple), "a hidden hand has no tiles to show"
    return held


@dataclass(frozen=True, slots=True)
class Position:
    """A position as the code writes it: everything that decides the play from here on,
    and what each seat is known to lack.  Equal positions have equal codes.

    ``hands`` and ``dead`` give each seat's tiles (sorted) or, in a seat's-eye position, a
    count for every seat but one (:attr:`seat`).  The line is ``hidden_ends`` (a line whose
    history is not shown) and the ``placements`` in play order.  ``stock`` is its tiles, top
    first, or a count.  ``to_move`` is the seat to move, or the seat that moved last once
    ``status`` is no longer ``playing``.  ``lacks``: the values each seat is known not to
    hold (:func:`engine.game.view.known_missing`); ``facts``: the rest of what the history
    showed (:mod:`engine.game.knowledge`: the facts each dead tile was thrown under, a hand
    with no double, a hand drawn into), where it showed more."""

    rules: Ruleset
    hands: tuple[Held, ...]
    hidden_ends: tuple[int, int] | None
    placements: tuple[Placement, ...]
    stock: tuple[Tile, ...] | int
    to_move: int
    passes: int
    opening: Opening
    status: Status
    dead: tuple[Held, ...]
    lacks: tuple[frozenset[int], ...]
    #: What else the round's history showed about each seat's tiles (engine.game.knowledge),
    #: without the opener's tile (the turn says it); empty when it says no more than
    #: ``lacks`` and the counts.
    facts: tuple[Facts, ...] = ()

    # -- from and to the engine's values ------------------------------------------------

    @classmethod
    def from_state(cls, state: State, seat: int | None = None) -> Position:
        """The position of ``state``: every hand, or (``seat``) what that seat sees."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"there is no seat {seat} among {n} players")

        def shown(i: int) -> bool:
            return seat is None or i == seat

        stock = state.stock
        return cls(
            rules=state.rules,
            hands=tuple(state.hand(i) if shown(i) else state.hand_masks[i].bit_count()
                        for i in range(n)),
            hidden_ends=state.line.hidden_ends,
            placements=tuple(state.line.placements),
            stock=stock if stock is not None and seat is None else state.stock_count,
            to_move=state.to_move,
            passes=state.passes,
            opening=state.opening,
            status=state.status,
            dead=tuple(state.dead_tiles(i) if shown(i) else state.dead_masks[i].bit_count()
                       for i in range(n)),
            lacks=known_missing(state),
            facts=telling(state.hand_masks, state.dead_masks, facts(state, -1)),
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def seat(self) -> int | None:
        """The seat whose view this is, or None when every hand is shown."""
        if all(isinstance(h, tuple) for h in self.hands):
            return None
        return next(i for i, h in enumerate(self.hands) if isinstance(h, tuple))

    @property
    def mover(self) -> int | None:
        """Whose turn it is; None once the round has ended."""
        return self.to_move if self.status == "playing" else None

    @property
    def over(self) -> bool:
        return self.status != "playing"

    def line(self) -> Line:
        """The line, fresh."""
        line = Line(self.hidden_ends)
        for p in self.placements:
            line.place_as(p.tile, p.left, p.right, p.end)
        return line

    def state(self) -> State:
        """A fresh :class:`State` at this position (every hand must be shown; what the
        seats lack is not part of a state: it comes from a state's history)."""
        if self.seat is not None:
            raise HiddenError(f"every hand must be shown; this is seat {self.seat}'s view "
                              "(the other hands are counts)")
        stock = self.stock
        state = State(self.rules, [mask_of(shown_tiles(h)) for h in self.hands],
                      self.line(), stock=list(stock) if isinstance(stock, tuple) else None,
                      stock_count=stock if isinstance(stock, int) else None,
                      dead=[mask_of(shown_tiles(d)) for d in self.dead],
                      to_move=self.to_move, passes=self.passes, opening=self.opening)
        state.status = self.status
        return state

    def seen_by(self, seat: int) -> Position:
        """The position as ``seat`` sees it: the other hands and dead tiles as counts, the
        stock as a count."""
        if self.seat is not None and seat != self.seat:
            raise HiddenError(f"this is seat {self.seat}'s view: seat {seat}'s tiles are "
                              "not shown")
        if not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat} among {self.players} players")

        def hide(held: Held, i: int) -> Held:
            return held if i == seat else count(held)

        return replace(self, hands=tuple(hide(h, i) for i, h in enumerate(self.hands)),
                       dead=tuple(hide(d, i) for i, d in enumerate(self.dead)),
                       stock=count(self.stock))

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` sees (default: the seat's-eye position's seat, else the seat to
        move), as the computer players and the appraisal read it."""
        if seat is None:
            seat = self.seat if self.seat is not None else self.to_move
        seen = self.seen_by(seat)
        hand = shown_tiles(seen.hands[seat])
        line = seen.line()
        legal: tuple[Move, ...] = ()
        if seen.mover == seat:
            masks = [mask_of(hand) if i == seat else 0 for i in range(self.players)]
            legal = State(self.rules, masks, line.copy(), stock_count=count(seen.stock),
                          to_move=seat, passes=self.passes, opening=self.opening).legal_moves()
        return SeatView(
            seat=seat,
            hand=hand,
            dead=shown_tiles(seen.dead[seat]),
            line=line,
            ends=line.ends,
            hand_counts=tuple(count(h) for h in seen.hands),
            dead_counts=tuple(count(d) for d in seen.dead),
            stock_count=count(seen.stock),
            to_move=seen.mover,
            missing=self.lacks,
            legal=legal,
            rules=self.rules,
            passes=self.passes,
            opening=None if self.opening is None else str(self.opening),
            facts=self.seat_facts(),
        )

    def seat_facts(self) -> tuple[Facts, ...]:
        """Each seat's facts (:mod:`engine.game.knowledge`): the written ones, or what the
        counts and ``lacks`` say; the seat to move on an empty line that asks for a tile
        holds it."""
        known = self.facts or tuple(
            simple_facts(count(h), count(d), lacks)
            for h, d, lacks in zip(self.hands, self.dead, self.lacks, strict=True))
        opening = self.opening
        if not isinstance(opening, Tile) or self.placements or self.hidden_ends is not None \
                or self.status != "playing":
            return known
        return tuple(replace(f, holds=opening.bit) if i == self.to_move else f
                     for i, f in enumerate(known))

    def text(self) -> str:
        """The position code (the grammar of :mod:`engine.notation.code`)."""
        return position_text(self)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, eq=False)
class Round:
    """A round: the position it starts from (every hand shown) and every move since.

    Two rounds are equal when they start alike and their moves are the same, down to how
    an opening tile was laid (``41`` or ``14``; :class:`Move` equality leaves that out)."""

    start: Position
    moves: tuple[Move, ...]

    @classmethod
    def from_state(cls, state: State) -> Round:
        """The round ``state`` has played: its start (every move taken back) and its moves."""
        start = state.copy()
        for _ in range(len(state.moves)):
            start.pop()
        return cls(Position.from_state(start), tuple(state.moves))

    def states(self) -> Iterator[State]:
        """The start, then the state after each move (each a fresh state)."""
        state = self.start.state()
        yield state.copy()
        for move in self.moves:
            state.push(move)
            yield state.copy()

    def final(self) -> State:
        """The state after every move."""
        state = self.start.state()
        for move in self.moves:
            state.push(move)
        return state

    def position(self, seat: int | None = None) -> Position:
        """The position after every move: every hand, or what ``seat`` sees."""
        return Position.from_state(self.final(), seat)

    def text(self) -> str:
        """The round code: the start's code, then ``/m`` and the moves."""
        return round_text(self)

    def _key(self) -> tuple[Position, tuple[tuple[Move, bool], ...]]:
        return self.start, tuple((m, m.flipped) for m in self.moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return self.text()


def turn_text(position: Position) -> str:
    """The turn field: the status once over, the seat, the passes, the opening rule."""
    out = ("" if position.status == "playing" else position.status) + str(position.to_move)
    if position.passes:
        out += f"p{position.passes}"
    if position.opening == "double":
        out += "od"
    elif isinstance(position.opening, Tile):
        out += f"o{position.opening.low}{position.opening.high}"
    return out


def position_text(position: Position) -> str:
    """The position code (the grammar of :mod:`engine.notation.code`)."""
    fields = [rules_code(position.rules), ".".join(held_text(h) for h in position.hands),
              line_text(position.hidden_ends, position.placements), held_text(position.stock),
              turn_text(position)]
    if any(count(d) for d in position.dead):
        fields.append("d" + ".".join(held_text(d) for d in position.dead))
    if any(position.lacks):
        fields.append("n" + ".".join("".join(map(str, sorted(v))) or "-"
                                     for v in position.lacks))
    if position.facts:
        fields.append("k" + ".".join(facts_text(f) for f in position.facts))
    return "/".join(fields)


def round_text(round_: Round) -> str:
    """The round code: the start's code, then ``/m`` and the moves."""
    state = round_.start.state()
    tokens = []
    for move in round_.moves:
        applied = state.push(move)
        tokens.append(move_token(applied, state))
    return f"{round_.start.text()}/m{''.join(tokens) or '-'}"


def text(value: Position | Round) -> str:
    """The code of a position or a round."""
    return value.text()
