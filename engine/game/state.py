"""The state of a round: hands, line, stock, dead tiles, turn; legal moves.

One mutable :class:`State` that knows its legal moves, applies a move with
:meth:`State.push` (or refuses it with a :class:`Refusal` that says which rule
the move breaks, leaving the state unchanged) and takes it back with
`State.pop`.  Hands are kept as bit masks over the 28 tiles (``hand_masks``,
``dead_masks``; :meth:`State.hand` spells one out as tiles), so the
legal moves are a couple of mask operations; the moves themselves are shared
values, so a playout allocates almost nothing.

>>> from engine.game.rules import duel
>>> s = State.setup(duel(), [["4-4", "2-3"], ["0-1", "1-1", "2-2"]], ends=(6, 3), stock=14)
>>> [m.text() for m in s.legal_moves()]
['play 2-3 right']
>>> s.why_illegal(Move.parse("pass")).message
'you hold 2-3, which fits the 3: you must play'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .line import Line
from .moves import DRAW, PASS, Move, canonical, distinct
from .rules import Ruleset
from .tiles import FITS, TILES, Tile, iter_mask, mask_of, tiles_of
from .values import by_fields

Status = Literal["playing", "domino", "blocked", "emptied"]
#: The opening constraint: a named tile, any double, or none.
Opening = Tile | Literal["double"] | None


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is illegal: a code for translation, its values, and English."""

    code: str
    message: str
    params: dict[str, object] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


class IllegalMoveError(ValueError):
    """A move the rules forbid in this position; the state is unchanged."""

    def __init__(self, move: Move, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.move = move
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class Record:
    """One applied move and what undoing it needs."""

    move: Move
    player: int
    ends: tuple[int, int] | tuple[()]  # the open values before the move
    passes: int
    opening: Opening
    drawn: Tile | None = None  # the tile a draw took from the stock

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


def _shuffle_rounds(count: int, bits: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Fisher–Yates' bounds ``count, count − 1, … 2`` in runs whose product fits in
    ``bits`` random bits, each with the bound below which a draw of ``bits`` bits is
    kept (a multiple of the product, so that every run of choices is equally likely)."""
    rounds: list[tuple[tuple[int, ...], int]] = []
    run: list[int] = []
    product = 1
    for bound in range(count, 1, -1):
        if product * bound > 1 << (bits - 20):  # rejection: under one draw in a million
            rounds.append((tuple(run), ((1 << bits) // product) * product))
            run, product = [], 1
        run.append(bound)
        product *= bound
    rounds.append((tuple(run), ((1 << bits) // product) * product))
    return tuple(rounds)


_RANDOM_BITS: Final = 62  # a machine-word integer, compiled
_SHUFFLE: Final = _shuffle_rounds(len(TILES), _RANDOM_BITS)


def shuffled(rng: random.Random) -> list[int]:
    """The 28 tile indices in a uniformly random order, from ``rng``.

    Fisher–Yates, with each choice ``j < bound`` read as one digit of a random
    number in mixed radix: one ``getrandbits`` call serves several choices.
    Exactly uniform (draws at or above the run's limit are thrown back).
    """
    order = list(range(len(TILES)))
    getrandbits = rng.getrandbits
    for bounds, limit in _SHUFFLE:
        r = getrandbits(_RANDOM_BITS)
        while r >= limit:
            r = getrandbits(_RANDOM_BITS)
        for bound in bounds:
            j = r % bound
            r //= bound
            i = bound - 1
            order[i], order[j] = order[j], order[i]
    return order


def below(rng: random.Random, n: int) -> int:
    """A uniformly random integer ``0 <= k < n`` from ``rng`` (``rng.randrange(n)``,
    without its argument handling: a deal's first player)."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


# Legal play lists by (tiles fitting left, tiles fitting right), kept once made.
_PLAYS_CACHE: Final[dict[int, tuple[Move, ...]]] = {}
_CACHE_LIMIT: Final = 1 << 18


def _chunk_moves(make: Callable[[Tile], Move]) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    return tuple(
        tuple(tuple(make(TILES[k * 7 + b]) for b in range(7) if c >> b & 1) for c in range(128))
        for k in range(4)
    )


# A move per tile of a mask, 7 bits at a time: the openings and the dead discards.
_OPEN_CHUNKS: Final = _chunk_moves(Move.play)
_DISCARD_CHUNKS: Final = _chunk_moves(Move.discard)
_LEFT_CHUNKS: Final = _chunk_moves(lambda t: Move.play(t, "left"))
_RIGHT_CHUNKS: Final = _chunk_moves(lambda t: Move.play(t, "right"))


def _plays(left_mask: int, right_mask: int) -> tuple[Move, ...]:
    """The plays of the tiles in ``left_mask`` on the left and ``right_mask`` on the right."""
    moves = _per_tile(_LEFT_CHUNKS, left_mask) + _per_tile(_RIGHT_CHUNKS, right_mask)
    if len(_PLAYS_CACHE) >= _CACHE_LIMIT:
        _PLAYS_CACHE.clear()
    _PLAYS_CACHE[left_mask | (right_mask << 28)] = moves
    return moves


def _per_tile(chunks: tuple[tuple[tuple[Move, ...], ...], ...], mask: int) -> tuple[Move, ...]:
    a, b, c, d = chunks
    return a[mask & 127] + b[mask >> 7 & 127] + c[mask >> 14 & 127] + d[mask >> 21 & 127]


class State:
    """A round in progress (or ended).  Build one with :meth:`deal` or :meth:`setup`."""

    __slots__ = (
        "_history",
        "_legal",
        "_stock_top_last",
        "_undo",
        "dead_masks",
        "hand_masks",
        "line",
        "opening",
        "passes",
        "rules",
        "status",
        "stock_count",
        "to_move",
    )

    def __init__(
        self,
        rules: Ruleset,
        hands: list[int],
        line: Line,
        *,
        stock: Sequence[Tile] | None = None,
        stock_count: int | None = None,
        dead: list[int] | None = None,
        to_move: int = 0,
        passes: int = 0,
        opening: Opening = None,
    ) -> None:
        self.rules = rules
        self.hand_masks = hands
        self.dead_masks = dead if dead is not None else [0] * len(hands)
        self.line = line
        #: The stock when its tiles are known, kept with the top tile last.
        self._stock_top_last: list[Tile] | None = list(reversed(stock)) if stock is not None else None
        self.stock_count = len(stock) if stock is not None else (stock_count or 0)
        self.to_move = to_move
        self.passes = passes
        self.opening = opening
        self.status: Status = "playing"
        #: One tuple per applied move: move, player, the ends before it (-1 on an
        #: empty line), passes and opening before it, and the tile a draw took.
        self._undo: list[tuple[Move, int, int, int, int, Opening, Tile | None]] = []
        self._legal: tuple[Move, ...] | None = None
        self._history: tuple[Record, ...] | None = None  # built on first read, kept until a move

    # -- building ---------------------------------------------------------

    @classmethod
    def setup(
        cls,
        rules: Ruleset,
        hands: Sequence[Iterable[Tile | str]],
        *,
        line: Line | None = None,
        ends: tuple[int, int] | None = None,
        stock: Sequence[Tile | str] | int | None = None,
        dead: Sequence[Iterable[Tile | str]] | None = None,
        to_move: int = 0,
        passes: int = 0,
        opening: Opening | str = None,
    ) -> State:
        """A position as written by hand (a scenario's ``[start]``); tiles may be given as
        text (``"0-0"``), the opening tile too."""

        def tiles(items: Iterable[Tile | str]) -> list[Tile]:
            return [Tile.parse(t) if isinstance(t, str) else t for t in items]

        first: Opening = "double" if opening == "double" else \
            Tile.parse(opening) if isinstance(opening, str) else opening
        if line is None:
            line = Line(hidden_ends=ends) if ends is not None else Line()
        stock_list = tiles(stock) if isinstance(stock, Sequence) and not isinstance(stock, str) else None
        named = [t for h in hands for t in tiles(h)] + list(line.tiles()) + [
            t for d in dead or () for t in tiles(d)] + (stock_list or [])
        twice = sorted({t for t in named if named.count(t) > 1})
        if twice:
            raise ValueError(f"{twice[0]} is named twice")
        return cls(
            rules,
            [mask_of(tiles(h)) for h in hands],
            line,
            stock=stock_list,
            stock_count=stock if isinstance(stock, int) else None,
            dead=[mask_of(tiles(d)) for d in dead] if dead is not None else None,
            to_move=to_move,
            passes=passes,
            opening=first,
        )

    @classmethod
    def deal(
        cls,
        rules: Ruleset,
        rng: random.Random,
        *,
        to_move: int | None = None,
        opening: Opening = None,
    ) -> State:
        """Shuffle the 28 tiles with ``rng`` and deal a new round.

        ``to_move`` is the first player (drawn by lot from ``rng`` when None).
        Gaple with tiles left in the middle turns the first one face up to
        start the line; Gaple with everything dealt and no ``to_move`` is a
        first round: the holder of [0|0] starts and must open with it.
        """
        order = shuffled(rng)
        n, size = rules.players, rules.hand_size
        hands = []
        for seat in range(n):
            mask = 0
            for i in order[seat * size:(seat + 1) * size]:
                mask |= 1 << i
            hands.append(mask)
        # The undealt tiles as the stock keeps them: its top, order[n * size], last.
        stock = [TILES[order[k]] for k in range(len(order) - 1, n * size - 1, -1)]
        line = Line()
        middle_up = rules.middle_up
        if middle_up:
            line.place(stock.pop(), None)
        if rules.family == "gaple" and not middle_up and to_move is None:
            blank = TILES[0].bit
            to_move = next(seat for seat in range(n) if hands[seat] & blank)
            opening = TILES[0]
        if to_move is None:
            to_move = below(rng, n)  # a fair lot (matches show the dice: match.draw_lots)
        state = State(rules, hands, line, stock_count=len(stock), to_move=to_move,
                      opening=opening)
        state._stock_top_last = stock
        return state

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickled and copied through the constructor, as the compiled class requires.
        return _restore, (self.rules, self.hand_masks, self.line, self._stock_top_last, self.stock_count,
                          self.dead_masks, self.to_move, self.passes, self.opening, self.status,
                          self._undo)

    def copy(self) -> State:
        other = State(self.rules, list(self.hand_masks), self.line.copy(), dead=list(self.dead_masks),
                      stock_count=self.stock_count, to_move=self.to_move, passes=self.passes,
                      opening=self.opening)
        other._stock_top_last = list(self._stock_top_last) if self._stock_top_last is not None else None
        other.status = self.status
        other._undo = list(self._undo)
        other._history = self._history
        other._legal = self._legal
        return other

    # -- reading ----------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hand_masks)

    @property
    def over(self) -> bool:
        return self.status != "playing"

    @property
    def mover(self) -> int | None:
        """Whose turn it is; None once the round has ended."""
        return None if self.status != "playing" else self.to_move

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tiles_of(self.hand_masks[seat])

    def dead_tiles(self, seat: int) -> tuple[Tile, ...]:
        return tiles_of(self.dead_masks[seat])

    @property
    def stock(self) -> tuple[Tile, ...] | None:
        """The stock, top tile first, when its tiles are known."""
        return tuple(reversed(self._stock_top_last)) if self._stock_top_last is not None else None

    def can_draw(self) -> bool:
        return self.rules.draw_mode and self.stock_count > 0

    @property
    def nobody_can_play(self) -> bool:
        """Whether the round is blocked, or (still being played) no hand holds a tile
        for either open end and no one can draw.  False once a player went out and
        before the first tile is down."""
        if self.status == "blocked":
            return True
        if self.status != "playing" or self.line.empty:
            return False
        fits = FITS[self.line.left] | FITS[self.line.right]
        return not any(h & fits for h in self.hand_masks) and not self.can_draw()

    # -- legal moves ------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The mover's legal moves (empty once the round has ended)."""
        legal = self._legal
        if legal is not None:
            return legal
        left = self.line.left
        if left >= 0 and self.status == "playing":
            hand = self.hand_masks[self.to_move]
            lm = hand & FITS[left]
            rm = hand & FITS[self.line.right]
            if lm | rm:
                legal = _PLAYS_CACHE.get(lm | (rm << 28)) or _plays(lm, rm)
            else:
                legal = self._stuck(hand)
        else:
            legal = self._opening_moves()
        self._legal = legal
        return legal

    def distinct_moves(self) -> tuple[Move, ...]:
        """The mover's legal moves with one move of each mirror pair: where both open ends
        show the same value, a tile on the left and on the right are one move, named as
        :meth:`resolve` plays a tile given without an end (on the right).  What a learner
        chooses among; :meth:`legal_moves` (the referee's ``legal``) keeps both names."""
        legal = self.legal_moves()
        left = self.line.left
        if left < 0 or left != self.line.right:
            return legal
        return distinct(legal, self.line.ends)

    def canonical(self, move: Move) -> Move:
        """``move``'s one name here (see :meth:`distinct_moves`): a play on the left where
        both ends show the same value is named as the same tile's play on the right."""
        return canonical(move, self.line.ends)

    def _opening_moves(self) -> tuple[Move, ...]:
        if self.status != "playing":
            return ()
        hand = self.hand_masks[self.to_move]
        opening = self.opening
        if opening is None:
            return _per_tile(_OPEN_CHUNKS, hand)
        if opening == "double":
            moves = tuple(Move.play(t) for t in iter_mask(hand) if t.is_double)
        else:
            moves = (Move.play(opening),) if hand & opening.bit else ()
        return moves or (PASS,)  # without the opener, the right to open passes on

    def _stuck(self, hand: int) -> tuple[Move, ...]:
        """What a player who cannot play may do: draw, discard a dead tile, or pass."""
        stuck = self.rules.stuck
        if stuck == "draw" and self.stock_count > 0:
            return (DRAW,)
        if stuck == "discard":
            return _per_tile(_DISCARD_CHUNKS, hand)
        return (PASS,)

    def resolve(self, move: Move) -> Move:
        """Fill in a play's end where the position decides it.

        On an empty line the end is dropped (the tile lies as written).  Where
        only one end fits, it is that end; where both ends show the same value
        it is the right end.  A tile that fits two different ends is returned
        as it is: the player must say which.
        """
        tile = move.tile
        if move.kind != "play" or tile is None:
            return move
        if self.line.left < 0:
            return Move.play(tile, None, flipped=move.flipped) if move.end else move
        if move.end is not None:
            return move.unflipped
        left, right = self.line.left, self.line.right
        fits_left, fits_right = tile.has(left), tile.has(right)
        if fits_left and fits_right and left != right:
            return move.unflipped
        if fits_right:
            return Move.play(tile, "right")
        if fits_left:
            return Move.play(tile, "left")
        return move

    def _find_legal(self, move: Move) -> Move | None:
        """``move`` (its end filled in) if it is legal here, else None."""
        legal = self.legal_moves()
        if move in legal:
            return move
        move = self.resolve(move)
        return move if move in legal else None

    def why_illegal(self, move: Move) -> Refusal | None:
        """None if ``move`` is legal here; otherwise the rule it breaks."""
        if self._find_legal(move) is not None:
            if move.kind == "draw" and self._stock_top_last is None:
                return Refusal("stock_unknown", "the stock's tiles are not known (give it as "
                               "a list to draw)", {})
            return None
        move = self.resolve(move)
        if self.status != "playing":
            return Refusal("round_over", "the round has ended", {"status": self.status})
        seat, hand = self.to_move, self.hand_masks[self.to_move]
        legal = self.legal_moves()
        playable = [m for m in legal if m.kind == "play"]
        tile = move.tile
        if tile is not None and move.kind in ("play", "discard") and not hand & tile.bit:
            return Refusal("not_in_hand", f"{tile} is not in the hand of player {seat}",
                           {"tile": tile, "seat": seat})
        if move.kind == "play":
            assert tile is not None
            if self.line.left < 0:
                if self.opening == "double":
                    return Refusal("must_open_double", "the opening play must be a double",
                                   {"tile": tile})
                return Refusal("must_open", f"the opening play must be {self.opening}",
                               {"tile": tile, "opening": self.opening})
            left, right = self.line.left, self.line.right
            if move.end is None:
                if tile.has(left) or tile.has(right):
                    return Refusal("ambiguous_end", f"{tile} fits both ends, {left} and {right}: "
                                   "say which end", {"tile": tile, "left": left, "right": right})
                return Refusal("no_match", f"{tile} shows {tile.low} and {tile.high}; the open "
                               f"ends show {left} and {right}: no match",
                               {"tile": tile, "left": left, "right": right})
            value = left if move.end == "left" else right
            return Refusal("wrong_end", f"{tile} does not match the {move.end} end, {value}",
                           {"tile": tile, "end": move.end, "value": value})
        if playable:
            m = playable[0]
            assert m.tile is not None
            if self.line.left < 0:
                return Refusal("must_play", f"you hold {m.tile}, which may open the line: "
                               "you must play", {"tile": m.tile, "value": None,
                                                 "move": move.kind})
            fit = self._fit_value(m)
            return Refusal("must_play", f"you hold {m.tile}, which fits the {fit}: you must play",
                           {"tile": m.tile, "value": fit, "move": move.kind})
        if move.kind == "draw":
            if not self.rules.draw_mode:
                return Refusal("no_drawing", "this game has no drawing: a stuck player "
                               + ("discards a dead tile" if self.rules.dead_tiles else "passes"),
                               {"stuck": self.rules.stuck})
            return Refusal("stock_empty", "the stock is empty: pass", {})
        if move.kind == "pass":
            if legal == (DRAW,):
                return Refusal("must_draw", f"the stock still has {self.stock_count} tiles: "
                               "draw until you can play", {"stock": self.stock_count})
            return Refusal("must_discard", "a stuck player discards a dead tile (no passing "
                           "in Gaple)", {})
        if legal == (DRAW,):
            return Refusal("must_draw", f"the stock still has {self.stock_count} tiles: "
                           "draw until you can play (no dead tiles in this game)",
                           {"stock": self.stock_count})
        return Refusal("no_discard", "only a stuck Gaple player discards; a stuck player here "
                       "passes", {})

    def _fit_value(self, move: Move) -> int | None:
        if self.line.left < 0 or move.tile is None:
            return None
        return self.line.left if move.end == "left" else self.line.right

    # -- changing ---------------------------------------------------------

    def push(self, move: Move) -> Move:
        """Apply a legal move and return it as applied (its end filled in where the
        position decides it), or raise :class:`IllegalMoveError` (state unchanged)."""
        found = self._find_legal(move)
        if found is None or (found.kind == "draw" and self._stock_top_last is None):
            refusal = self.why_illegal(move)
            assert refusal is not None
            raise IllegalMoveError(self.resolve(move), refusal)
        self.push_unchecked(found)
        return found

    def push_unchecked(self, move: Move) -> None:
        """The fast path: apply a move taken from :meth:`legal_moves` as it is,
        without checking it.

        This is :meth:`push` after its check; playouts and searches that only
        ever choose among the legal moves call it directly.  A move from
        anywhere else (a learner, a file) goes through :meth:`push`.
        """
        p = self.to_move
        line = self.line
        left = line.left
        self._legal = None
        self._history = None
        kind = move.kind
        if kind == "play":
            tile = move.tile
            assert tile is not None
            self._undo.append((move, p, left, line.right, self.passes, self.opening, None))
            hand = self.hand_masks[p] ^ tile.bit
            self.hand_masks[p] = hand
            if move.flipped and left < 0:
                line.place_as(tile, tile.high, tile.low, None)  # the first tile lies as written
            else:
                line.place(tile, move.end)
            self.passes = 0
            self.opening = None
            if not hand:
                self.status = "domino"
                return
        elif kind == "draw":
            assert self._stock_top_last is not None
            drawn = self._stock_top_last.pop()
            self._undo.append((move, p, left, line.right, self.passes, self.opening, drawn))
            self.hand_masks[p] |= drawn.bit
            self.stock_count -= 1
            return  # the same player goes on
        else:
            self._undo.append((move, p, left, line.right, self.passes, self.opening, None))
            self.passes += 1
            if kind == "discard":
                tile = move.tile
                assert tile is not None
                self.hand_masks[p] ^= tile.bit
                self.dead_masks[p] |= tile.bit
                if not self.hand_masks[p]:
                    self.status = "emptied"
                    return
            if self.passes >= self.rules.block_after:
                self.status = "blocked"
                return
        self.to_move = p + 1 if p + 1 < len(self.hand_masks) else 0

    def pop(self) -> Move:
        """Take back the last move."""
        move, p, left, right, passes, opening, drawn = self._undo.pop()
        self._legal = None
        self._history = None
        self.status = "playing"
        self.to_move = p
        self.passes = passes
        self.opening = opening
        if move.kind == "play":
            assert move.tile is not None
            self.line.unplace_to(left, right)
            self.hand_masks[p] |= move.tile.bit
        elif move.kind == "draw":
            assert self._stock_top_last is not None and drawn is not None
            self.hand_masks[p] ^= drawn.bit
            self._stock_top_last.append(drawn)
            self.stock_count += 1
        elif move.kind == "discard":
            assert move.tile is not None
            self.dead_masks[p] ^= move.tile.bit
            self.hand_masks[p] |= move.tile.bit
        return move

    @property
    def history(self) -> tuple[Record, ...]:
        """Every applied move with its player and the position it was made in.

        Built on the first read after a move and kept until the next one, so a
        loop that reads it repeatedly pays once; :attr:`last_record` reads only
        the last move.
        """
        history = self._history
        if history is None:
            history = tuple(_record(entry) for entry in self._undo)
            self._history = history
        return history

    @property
    def last_record(self) -> Record | None:
        """The last applied move with its player and position; None before any."""
        if not self._undo:
            return None
        history = self._history
        return history[-1] if history is not None else _record(self._undo[-1])

    @property
    def moves(self) -> list[Move]:
        return [rec[0] for rec in self._undo]

    def __repr__(self) -> str:
        hands = ", ".join("[" + " ".join(str(t) for t in self.hand(i)) + "]"
                          for i in range(self.players))
        return (f"<State {self.rules.name} {self.status} ends={list(self.line.ends)} "
                f"to_move={self.mover} hands={hands} stock={self.stock_count}>")


def _record(entry: tuple[Move, int, int, int, int, Opening, Tile | None]) -> Record:
    move, p, left, right, passes, opening, drawn = entry
    return Record(move, p, (left, right) if left >= 0 else (), passes, opening, drawn)


def _restore(rules: Ruleset, hands: list[int], line: Line, stock: list[Tile] | None,
             stock_count: int, dead: list[int], to_move: int, passes: int, opening: Opening,
             status: Status, undo: list[tuple[Move, int, int, int, int, Opening, Tile | None]]
             ) -> State:
    """A state from the parts :meth:`State.__reduce__` gives (stock top last)."""
    state = State(rules, list(hands), line, stock_count=stock_count, dead=list(dead),
                  to_move=to_move, passes=passes, opening=opening)
    state._stock_top_last = list(stock) if stock is not None else None
    state.status = status
    state._undo = list(undo)
    return state
