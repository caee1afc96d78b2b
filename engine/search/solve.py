"""Perfect-information search: the best play from a position (CONTRACT.md ``solve``).

Every hand (and, in draw mode, the stock's order) is known.  :func:`solve`
answers within a budget (``seconds``, optionally ``max_nodes``) and in bounded
memory, and gives each legal move its own value, best first.

Two players (the duel in both modes, two-player Block): alpha-beta over seat
0's result (the duel's +1 / 0 / −1, or Block's points of seat 0 minus seat 1's;
seat 0 maximises, seat 1 minimises; a draw keeps the same player to move),
fail-soft, with a transposition table that stores bounds (a lower and an upper
bound per position: exact when they meet) and the best move found.  A line and its
mirror image (ends swapped) are the same position for two players: they share a
key, and where both ends show the same value only the plays on the left are
searched.  A forced move (a pass, a draw, a lone playable tile) is made without
the table.  In Block a position's value lies between minus seat 0's pips and seat
1's pips (hands only shrink), which cuts a search whose window lies outside.  Moves
are tried in this order: the table's move first, then plays the opponent cannot
answer (a forced pass), then heavier tiles first (shedding pips; the order is kept
per legal-move tuple, which the state shares).  In draw mode, while the stock has tiles,
an opponent with no answer draws rather than passes, and trying such plays first costs
more than it saves: there the plays after the table's go by how often each cut a search
off so far (the history heuristic), heavier first on ties: on an
appraisal's early deals half the nodes or fewer.  After the first, each move is tried
with a null window and searched again only if it beats the best so far (principal
variation search).  At the root each move's own value is found exactly by
null-window probes (MTD(f)), starting from the previous move's value, within the
range of possible values (the duel's −1..1; in Block, seat 0 loses at most its own
pips and wins at most seat 1's).  Once the first tile is down, the search goes on on the
position's numbers (two hands, the ends, the mover, the passes and, in draw mode, how many
of the stock's tiles were drawn) rather than on a State (both order their plays by
:meth:`Search._play_order`): the same values, about twice as fast (2.2 times in draw mode,
README "Benchmarks").

Three to five players (Block 3–4, Gaple 4–5): max^n — each player, in turn,
picks the move best for themselves (Block: own points; Gaple: own place,
1 = the winner); ties go to the first such move in legal-move order.  Moves are
searched in legal-move order (so the tie rule holds), with the same table
storing each position's values (a mirror image is not the same position here:
it lists its moves in another order, so ties may go another way).  Gaple: a move
that makes its mover the winner (place 1) cannot be beaten, so its later siblings
are not searched (immediate pruning); shallow pruning on the sum of the places buys
nothing beyond that.  Nor can a move that reaches the best place its mover can still
reach: a seat with dead tiles, or holding a tile no end can ever fit (no tile still
held leads an end to its values), cannot win outright and ends with at least their
pips, behind every seat whose total is already lower; a stuck seat's choice of tile to
lose that leaves it no better place within reach than its best so far is not searched.
Where no tile held fits either end, no tile is ever played again and the totals decide
at once; a stuck seat none of whose tiles can ever be played loses the first of them
only (which it loses first changes nothing).  These cuts leave every value as it was
(checked against the search without them); they take a third of the nodes off an
early five-player deal.  Block: the points go to one seat at most, so a value is one
number (the points and the scorer), and once the mover of a position has a move
that scores, the seat that moved into it scores nothing there; if that seat already
had a move (worth at least 0), it will not choose this one, and the position's
search stops (shallow pruning).  Once the first tile is down, both search on the
position's numbers (hands, ends, mover, passes; in Gaple the dead piles too) rather
than on a State: the same moves in the same order and the same values, about twice as
fast; there too a forced move (one play, a pass, the one tile a stuck Gaple seat can lose)
is made without the table, which keeps the positions with a choice, each as one machine
integer (about 1.8 times as fast again in Gaple, README "Benchmarks").  (A Gaple value is
one number too: each seat's place in three bits, from each seat's total, which the search
carries down and changes only when a tile is played; the smallest tiles are looked at only
where two totals tie.)

Iterative deepening: the search runs to a ply limit (4, 8, 12, …), scoring a
position at the limit as if the round were blocked there (the pip counts decide:
the lower total wins, Block's points as for a blocked round, Gaple's places by
totals); an iteration that never reached its limit (and read no table entry
that had) is exact, and the search stops.  When the budget runs out mid
iteration the last finished iteration's answer is given with ``exact: False``.
The budget is read every 1024 nodes.

The table has a fixed number of slots (``table_size``, default 2^19): a position
goes to the slot its key hashes to (where no tile can change hands, the key is the
union of the hands with the ends, turn and passes: a machine integer), and a new
entry always replaces the old one (always-replace).  Its size bounds the memory whatever the position.
The numbers-only searches keep their table keyed by the position itself (no slot to work
out, no key to compare), emptied when it holds ``table_size`` positions: the same bound.

The searches on numbers (:meth:`Search._plain`, :meth:`Search._gaple`, :meth:`Search._duo`)
also run in C, ``engine/search/_native.c``, line for line (the same nodes, values and lines),
where ``make build`` compiled it (:data:`NATIVE`; ``DOMINO_SEARCH=python`` keeps them here):
docs/engine.md, "The search's native core".
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .. import _build
from ..game.moves import Move
from ..game.rules import BLANK_DOUBLE_25, blank_double_counts_25
from ..game.settlement import gaple_places
from ..game.state import State
from ..game.tiles import FITS, OTHER, TILES, VALUES, mask_value
from ..game.values import by_fields

#: Slots in the transposition table (a power of two).
TABLE_SIZE: Final = 1 << 19
#: The stored depth of an entry whose value used no estimate.
_EXACT: Final = 1 << 20
_INF: Final = 1 << 30
_CHECK: Final = 1023  # the budget is read when nodes & _CHECK == 0
_STEP: Final = 4  # plies added per iteration
_SEARCH_SHARE: Final = 0.95  # of the budget; the rest is for writing out the line


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move and the value it leads to (in the contract's terms)."""

    move: Move
    value: int | tuple[int, ...]  # as the contract's "value" after this move
    score: float  # the mover's own result, higher is better

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move.to_dict(), "value": _json_value(self.value)}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer for one position (CONTRACT.md ``solve``)."""

    to_move: int | None
    value: int | tuple[int, ...]
    best: tuple[Move, ...]
    moves: tuple[MoveValue, ...]  # every legal move, best first
    line: tuple[Move, ...]
    nodes: int
    seconds: float
    exact: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "to_move": self.to_move,
            "value": _json_value(self.value),
            "best": [m.to_dict() for m in self.best],
            "line": [m.to_dict() for m in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "exact": self.exact,
            "moves": [mv.to_json() for mv in self.moves],
        }

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


def _json_value(value: int | tuple[int, ...]) -> int | list[int]:
    return list(value) if isinstance(value, tuple) else value


def _weight(move: Move) -> int:
    tile = move.tile
    return tile.value if tile is not None else -1


#: Each legal-move tuple's search order (the tuple kept too: its id stays its own).
_ORDERS: Final[dict[int, tuple[tuple[Move, ...], list[int]]]] = {}


#: Each pair of tile masks' plays (those that fit the left end, those that fit the right)
#: in :meth:`Search._duo`'s order: heavier tiles first, on ties the legal order (the left
#: end's by tile, then the right's); each play ``index << 1 | right``.
_DUO_ORDERS: Final[dict[int, tuple[int, ...]]] = {}


def _duo_order(left: int, right: int) -> tuple[int, ...]:
    key = left | right << 28
    found = _DUO_ORDERS.get(key)
    if found is not None:
        return found
    codes = [t << 1 for t in range(28) if left >> t & 1]
    codes += [t << 1 | 1 for t in range(28) if right >> t & 1]
    order = tuple(sorted(codes, key=lambda c: -TILES[c >> 1].value))
    if len(_DUO_ORDERS) >= 1 << 16:
        _DUO_ORDERS.clear()
    _DUO_ORDERS[key] = order
    return order


def _play_code(move: Move) -> int:
    """A play as :meth:`Search._duo` names it: its tile's index, then 1 on the right end."""
    tile = move.tile
    assert tile is not None
    return tile.index << 1 | (move.end == "right")


def _bounds(value: int, alpha: int, beta: int) -> tuple[int, int]:
    """What a fail-soft search's ``value`` within the window (``alpha``, ``beta``) says
    of the position's value: a lower and an upper bound (exact when they meet)."""
    if value <= alpha:
        return -_INF, value
    if value >= beta:
        return value, _INF
    return value, value


class _Stop(Exception):
    """The budget ran out."""


def _mix32(x: int) -> int:
    """A 32-bit integer hash (two xor-shift-multiply rounds; products stay machine
    integers)."""
    x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
    x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
    return (x >> 16) ^ x


def _slot(key: int, mask: int) -> int:
    """The key's table slot: ``hash(key)`` mixed 32 bits at a time, its low bits.
    (The key's own low bits are the few ends and turn values: never a slot alone.)"""
    h = hash(key)
    return _mix32((h & 0xFFFFFFFF) ^ _mix32(h >> 32)) & mask


#: How a search keys its positions (see :func:`_key`).
_OWNED: Final = 0  # tiles never change hands: the union of the hands is enough
_HANDS: Final = 1  # each hand apart (the stock deals tiles to whoever draws)
_DEAD: Final = 2  # each hand and each dead pile apart


def _key(state: State, keying: int, mirror: bool) -> int:
    """The position as one integer: hands, dead tiles, ends, turn, passes, stock, opening.

    The line's tiles are the ones in no hand, no dead pile and not in the stock,
    and the stock's order is fixed, so this is the whole position.  Where no tile can
    change hands in the search (no stock to draw, no dead tiles) every tile left
    belongs to the hand it was dealt to, so the union of the hands says it all (and
    the key stays a machine integer).  With ``mirror``, a line and its mirror image
    (ends swapped) share a key: for two players they are the same position.  (Not for
    max^n: ties go to the first move in legal-move order, and a mirror image lists its
    moves in another order, so its values may differ.)"""
    k = 0
    if keying == _OWNED:
        for m in state.hand_masks:
            k |= m
    else:
        for m in state.hand_masks:
            k = (k << 28) | m
        if keying == _DEAD:
            for m in state.dead_masks:
                k = (k << 28) | m
    line = state.line
    left, right = line.left, line.right
    if mirror and left > right:  # the same position: (a, b) and (b, a) share a key
        left, right = right, left
    k = (k << 4) | (left + 1)
    k = (k << 4) | (right + 1)
    k = (k << 3) | state.to_move
    k = (k << 3) | state.passes
    k = (k << 5) | state.stock_count
    opening = state.opening
    code = 0 if opening is None else (1 if isinstance(opening, str) else 2 + opening.index)
    return (k << 5) | code


def utilities(state: State) -> tuple[int, ...]:
    """Each player's result, higher is better: the round's end, or as if it were
    blocked now (the estimate at the search's depth limit).

    Duel +1 / 0 / −1; Block the points; Gaple minus the place."""
    family = state.rules.family
    n = len(state.hand_masks)
    if family == "gaple":
        return tuple([-p for p in gaple_places(state)])
    totals = [mask_value(m) for m in state.hand_masks]
    status = state.status
    if family == "duel":
        if status == "domino":
            w = state.to_move
            return (1, -1) if w == 0 else (-1, 1)
        if totals[0] == totals[1]:
            return (0, 0)
        return (1, -1) if totals[0] < totals[1] else (-1, 1)
    points = [0] * n
    total = sum(totals)
    if status == "domino":
        points[state.to_move] = total - totals[state.to_move]
        return tuple(points)
    low = min(totals)
    lowest = [seat for seat in range(n) if totals[seat] == low]
    if len(lowest) == 1:
        points[lowest[0]] = total - 2 * low
    return tuple(points)


def _scored(hands: list[int], out: int) -> int:
    """Block's points (as :func:`utilities` gives them) as one number: the points times 8
    plus the scorer's seat plus 1, or 0 when no one scores.  ``out`` went out and scores
    the others' pips; with ``out`` −1 the round is (or is taken as) blocked, and the one
    lowest total scores the others' pips less its own."""
    if out >= 0:
        total = 0
        for m in hands:
            total += mask_value(m)
        return total << 3 | (out + 1)
    total, low, lowest, ties = 0, _INF, -1, 0
    for seat in range(len(hands)):
        t = mask_value(hands[seat])
        total += t
        if t < low:
            low, lowest, ties = t, seat, 0
        elif t == low:
            ties += 1
    return 0 if ties else (total - 2 * low) << 3 | (lowest + 1)


#: ``_SMALL[k][c]``: 1 + the rank of the smallest tile (by value, then lower half) among
#: the tiles of 7-bit chunk ``c`` of a mask's chunk ``k``; 63 for none (Gaple's tie-break).
_RANKS: Final = {t.index: r for r, t in enumerate(sorted(TILES, key=lambda t: (t.value, t.low)))}
_SMALL: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(min([_RANKS[k * 7 + b] + 1 for b in range(7) if c >> b & 1] or [63])
          for c in range(128))
    for k in range(4))


def _placed(hands: list[int], dead: list[int], totals: list[int], out: int,
            blank25: bool) -> int:
    """Gaple's places (as :func:`engine.game.settlement.gaple_places` gives them) as one
    number: seat ``s``'s place (1 = the winner) in bits ``3s`` to ``3s + 2``.  ``out``
    emptied its hand by a play with no dead tiles and wins outright (−1: no one did);
    the others go by total (``totals``: each seat's hand and dead tiles, as the search
    carries them), then the smallest single tile, its value and then its lower half (one
    rank), worked out only where two totals tie, then by seat."""
    n = len(hands)
    keys: list[int] = []
    for seat in range(n):
        total = totals[seat]
        if blank25 and blank_double_counts_25(hands[seat] | dead[seat]):
            total += BLANK_DOUBLE_25
        keys.append((0 if seat == out else 1) << 17 | total << 9 | seat)
    keys.sort()
    for i in range(1, n):
        if keys[i] >> 9 == keys[i - 1] >> 9:  # a tie: the smallest tiles decide
            a, b, c, d = _SMALL
            for j in range(n):
                seat = keys[j] & 7
                held = hands[seat] | dead[seat]
                small = min(a[held & 127], b[held >> 7 & 127], c[held >> 14 & 127],
                            d[held >> 21 & 127])
                if small == 63:
                    small = 0  # nothing held: before any tile
                keys[j] = keys[j] >> 9 << 9 | small << 3 | seat
            keys.sort()
            break
    places = 0
    for place in range(n):
        places |= (place + 1) << 3 * (keys[place] & 7)
    return places


def _best_place(hands: list[int], dead: list[int], totals: list[int], seat: int,
                kept: int, blank25: bool) -> int:
    """The best place ``seat`` can still reach in Gaple (1 = the winner), given ``kept``,
    the tiles that will count against it whatever happens (its dead tiles and those it
    can never play, :func:`_reach`).  Holding any, it cannot win outright and ends with at
    least their pips; every other seat whose total (``totals``: its hand and dead tiles)
    is already below that, however it plays on, finishes ahead of it (a total only falls,
    but for a lone [0|0] that comes to count 25 under that variant)."""
    if not kept:
        return 1
    least = mask_value(kept)
    place = 1
    for other in range(len(totals)):
        if other != seat:
            most = totals[other]
            if blank25 and (hands[other] | dead[other]) & 1:
                most += BLANK_DOUBLE_25
            if most < least:
                place += 1
    return place


def _reach(held: int, left: int, right: int) -> int:
    """The tiles that fit a value an end may ever show: an end shows only a value it
    shows now or the free half of a tile laid on it, so those values are the ends' closed
    under the tiles still held (``held``).  A tile outside can never be played: it stays
    in its hand or is lost there, and counts against its holder either way."""
    shows = 1 << left | 1 << right
    while True:
        reach = 0
        for v in range(7):
            if shows >> v & 1:
                reach |= FITS[v]
        more = shows
        playable = held & reach
        for v in range(7):
            if playable & FITS[v]:
                more |= 1 << v
        if more == shows:
            return reach
        shows = more


def _forced(left: int, right: int, stuck: int) -> bool:
    """Whether a mover has one move only: one play among ``left`` and ``right`` (the
    tiles of its hand that fit each end; a tile that fits both is two moves) or, with no
    play, one of the moves ``stuck`` (the tiles it may lose; none: a pass)."""
    if left and right:
        return False
    options = left | right if left | right else stuck
    return options & (options - 1) == 0


def _native_core() -> Any:
    """The native core (``engine/search/_native.c``) with the tile tables handed to it,
    where it is built and current and ``DOMINO_SEARCH=python`` is not set; else None."""
    if not _build.native_search():
        return None
    try:
        module = importlib.import_module(__name__.rpartition(".")[0] + "._native")
    except ImportError:
        return None
    blank = TILES[0].bit
    module.tables(VALUES, FITS, OTHER, _SMALL, blank, FITS[0] & ~blank, BLANK_DOUBLE_25)
    return module


_NATIVE: Final[Any] = _native_core()
#: Whether the searches on numbers (:meth:`Search._plain`, :meth:`Search._gaple`,
#: :meth:`Search._duo`) run in the native core, node for node as written here, about ten
#: times as fast; else in Python (no compiler, or ``DOMINO_SEARCH=python``).
NATIVE: Final = _NATIVE is not None


class Search:
    """One search over a copy of a position; :meth:`run` gives the :class:`Solution`.

    ``native``: whether its searches on numbers run in the native core (default
    :data:`NATIVE`; True where it is not built raises ValueError)."""

    def __init__(self, state: State, *, seconds: float = 10.0, max_nodes: int | None = None,
                 table_size: int = TABLE_SIZE, line: bool = True,
                 exact_only: bool = False, only: frozenset[Move] | None = None,
                 native: bool | None = None) -> None:
        if native and not NATIVE:
            raise ValueError("the search's native core is not built (make build)")
        if state.rules.draw_mode and state.stock is None and state.stock_count > 0:
            raise ValueError("draw mode with a counted stock: the search needs the stock's "
                             "order (give the stock as a list of tiles)")
        if table_size < 1 or table_size & (table_size - 1):
            raise ValueError("the table size must be a power of two")
        self.state = state.copy()
        self.players = len(state.hand_masks)
        self.family = state.rules.family
        if state.rules.dead_tiles:
            self.keying = _DEAD
        elif state.rules.draw_mode and state.stock_count > 0:
            self.keying = _HANDS
        else:
            self.keying = _OWNED
        self.seconds = seconds
        self.max_nodes = max_nodes if max_nodes is not None else -1
        self.start = time.perf_counter()
        self.deadline = self.start + seconds * _SEARCH_SHARE
        self.nodes = 0
        self.estimates = 0  # results that used an estimate (a depth cut-off)
        self.want_line = line
        self.exact_only = exact_only
        # The root's moves searched: the legal moves, or those of them in ``only``.
        self.root: list[Move] = [m for m in state.legal_moves() if only is None or m in only]
        if not self.root and state.mover is not None:
            raise ValueError("none of the moves to search is legal here")
        self.table_size = table_size
        self.mask = table_size - 1
        # Block with three or four players, no stock: searched by _plain, on numbers alone.
        self.plain = (self.family == "block" and self.players > 2 and self.keying == _OWNED
                      and state.rules.stuck == "pass")
        # Gaple (no stock): searched by _gaple, on numbers alone.
        self.gaple = self.family == "gaple"
        # Two players (the duel in both modes, two-player Block): searched by _duo, on
        # numbers alone, the stock (in draw mode) as the tiles it gives in turn, once the
        # first tile is down.  _ab goes on over the State past it only with this off: a
        # test does so, to compare the two searches move for move.
        self.duo = self.players == 2 and state.rules.stuck in ("pass", "draw")
        stock = state.stock if state.rules.stuck == "draw" else None
        self.stock_bits = tuple([t.bit for t in stock or ()])  # top first, to draw from
        self.block_after = state.rules.block_after
        self.shallow = True  # _plain's shallow pruning (a test turns it off to see what it cuts)
        self.settled = True  # _gaple's cuts where the places are settled (a test turns them off)
        self.discard = state.rules.stuck == "discard"
        self.blank25 = state.rules.blank_double_25
        self.table: dict[int, tuple[int, int, int, int, int]] = {}
        self.ptable: dict[int, int] = {}  # _plain's and _gaple's: depth << 32 | value
        self.mtable: dict[int, tuple[int, int, tuple[int, ...], int]] = {}
        self.dtable: dict[int, tuple[int, int, int, int]] = {}  # _duo's: lo, hi, depth, move
        # Two players: how often each play (index << 1 | right) cut a search off so far.
        self.history = [0] * 56
        # Two players: every value lies in [low, high] (the duel's −1..1; in Block a
        # winner scores at most the loser's pips now: hands only shrink), so a root
        # window of exactly that gives exact values and cuts as soon as a side
        # reaches its best.
        self.pips = self.family != "duel" and self.players == 2
        if not self.pips:
            self.low, self.high = -1, 1
        else:
            self.low = -mask_value(state.hand_masks[0])
            self.high = mask_value(state.hand_masks[1])
        # The native core's search on numbers, its own tables and counts (see _native).
        self.core: Any = None
        if NATIVE if native is None else native:
            self.core = _NATIVE.Core(
                players=self.players, table_size=table_size, stop=_Stop, stock=self.stock_bits,
                block_after=self.block_after, pips=self.pips, discard=self.discard,
                blank25=self.blank25, keyed_hands=self.keying != _OWNED)

    def _native(self, search: Any, *args: Any) -> int:
        """A search on numbers in the native core (``search``, a method of :attr:`core`),
        its node and estimate counts and its budget kept in step with this search's."""
        core = self.core
        core.nodes, core.estimates = self.nodes, self.estimates
        core.deadline, core.max_nodes = self.deadline, self.max_nodes
        try:
            return int(search(*args))
        finally:
            self.nodes, self.estimates = core.nodes, core.estimates

    def kept(self) -> int:
        """How many positions the searches on numbers keep in their tables now."""
        if self.core is not None:
            return len(self.core.ptable) + len(self.core.dtable)
        return len(self.ptable) + len(self.dtable)

    # -- the budget --------------------------------------------------------

    def _check(self) -> None:
        if time.perf_counter() > self.deadline or 0 <= self.max_nodes < self.nodes:
            raise _Stop()

    # -- two players --------------------------------------------------------

    def _u0(self) -> int:
        """Seat 0's result minus seat 1's, as :func:`utilities` gives them: in Block
        the pip difference (a winner scores the other's pips less its own, and one
        who went out holds none); in the duel its sign (one who went out wins even
        against a hand of [0|0] alone)."""
        st = self.state
        d = mask_value(st.hand_masks[1]) - mask_value(st.hand_masks[0])
        if self.pips:
            return d
        if st.status == "domino":
            return 1 if st.to_move == 0 else -1
        return (d > 0) - (d < 0)

    def _ab(self, alpha: int, beta: int, depth: int) -> int:
        st = self.state
        if self.duo and st.line.left >= 0 and st.status == "playing":
            if self.core is not None:
                return self._native(self.core.duo, st.hand_masks, st.line.left, st.line.right,
                                    st.to_move, st.passes, self._drawn(), alpha, beta, depth,
                                    self.history)
            return self._duo(list(st.hand_masks), st.line.left, st.line.right, st.to_move,
                             st.passes, self._drawn(), alpha, beta, depth)
        self.nodes += 1
        if not self.nodes & _CHECK:
            self._check()
        if st.status != "playing":
            return self._u0()
        if depth <= 0:
            self.estimates += 1
            return self._u0()
        if self.pips:
            # Block: seat 0 wins at most seat 1's pips now, and loses at most its own.
            cap = mask_value(st.hand_masks[1])
            if cap <= alpha:
                return cap
            floor = -mask_value(st.hand_masks[0])
            if floor >= beta:
                return floor
        moves = st.legal_moves()
        if len(moves) == 1:  # a forced move (a pass, a draw, a lone tile): no table
            st.push_unchecked(moves[0])
            v = self._ab(alpha, beta, depth - 1)
            st.pop()
            return v
        key = _key(st, self.keying, True)
        slot = _slot(key, self.mask)
        entry = self.table.get(slot)
        first = -1
        if entry is not None and entry[0] == key:
            if entry[4] & 1 == (st.line.left > st.line.right):
                first = entry[4] >> 1  # stored for this orientation, not its mirror
            alpha, beta = self._narrowed(entry[1], entry[2], entry[3], depth, alpha, beta)
            if alpha >= beta:
                return alpha
        maximise = st.to_move == 0
        a0, b0 = alpha, beta
        before = self.estimates
        best = -_INF if maximise else _INF
        best_i = -1
        line = st.line
        half = len(moves) >> 1 if line.left == line.right >= 0 and len(moves) > 1 else -1
        order = self._order(moves, first)
        if len(order) > 1 and moves[0].kind == "play" and line.left >= 0:
            codes = [_play_code(moves[i]) for i in order]  # the table's move first, if any
            index = dict(zip(codes, order))
            drawing = bool(self.stock_bits) and st.stock_count > 0
            order = [index[c] for c in self._play_order(
                codes, codes[0] if first >= 0 else -1, st.hand_masks[1 - st.to_move],
                line.left, line.right, drawing)]
        for i in order:
            if i >= half >= 0:
                continue  # the mirror of a play on the left: the same position
            st.push_unchecked(moves[i])
            if best_i < 0 or beta - alpha <= 1:
                v = self._ab(alpha, beta, depth - 1)
            elif maximise:  # a null window first: does this move beat alpha at all?
                v = self._ab(alpha, alpha + 1, depth - 1)
                if alpha < v < beta:
                    v = self._ab(alpha, beta, depth - 1)
            else:
                v = self._ab(beta - 1, beta, depth - 1)
                if alpha < v < beta:
                    v = self._ab(alpha, beta, depth - 1)
            st.pop()
            if v > best if maximise else v < best:
                best, best_i = v, i
                alpha, beta = (max(alpha, v), beta) if maximise else (alpha, min(beta, v))
                if alpha >= beta:
                    self.history[_play_code(moves[i])] += 1
                    break
        lo, hi = _bounds(best, a0, b0)
        stored = _EXACT if self.estimates == before else depth
        self.table[slot] = (key, lo, hi, stored, best_i << 1 | (line.left > line.right))
        return best

    def _play_order(self, codes: Sequence[int], first: int, opp: int, left: int, right: int,
                    drawing: bool) -> list[int]:
        """The plays ``codes`` (``index << 1 | right``, heavier first) in the order a
        two-player search tries them: the table's move ``first`` (−1: none), then, while
        the stock has tiles (``drawing``), by how often each cut a search off so far
        (:attr:`history`); otherwise those the opponent, holding ``opp``, cannot answer
        on the ends ``left`` and ``right`` it leaves, then the rest."""
        if drawing:
            history = self.history
            rest = sorted([c for c in codes if c != first], key=lambda c: -history[c])
            return [first, *rest] if first >= 0 else rest
        order = [first] if first >= 0 else []
        answered = []
        for code in codes:
            if code == first:
                continue
            t = code >> 1
            if code & 1:
                nl, nr = left, OTHER[t * 7 + right]
            else:
                nl, nr = OTHER[t * 7 + left], right
            if opp & (FITS[nl] | FITS[nr]):
                answered.append(code)
            else:
                order.append(code)  # the opponent cannot answer it
        order.extend(answered)
        return order

    def _narrowed(self, lo: int, hi: int, stored: int, depth: int, alpha: int,
                  beta: int) -> tuple[int, int]:
        """The window (``alpha``, ``beta``) narrowed by a table entry's bounds ``lo`` and
        ``hi`` from a search ``stored`` deep (left as it is if that is shallower than
        ``depth``): closed on one value (``alpha == beta``) when the entry alone answers."""
        if stored < depth:
            return alpha, beta
        if stored < _EXACT:
            self.estimates += 1
        if lo >= beta or lo == hi:
            return lo, lo
        if hi <= alpha:
            return hi, hi
        return max(alpha, lo), min(beta, hi)

    def _mtd(self, depth: int, guess: int) -> int:
        """The exact value at this depth by null-window probes (MTD(f)): the first
        probe at ``guess``, each next one at the bound the last returned (fail-soft),
        the table keeping what earlier probes learnt."""
        st = self.state
        if self.core is not None and self.duo and st.line.left >= 0 and st.status == "playing":
            return self._native(self.core.mtd, st.hand_masks, st.line.left, st.line.right,
                                st.to_move, st.passes, self._drawn(), self.low, self.high,
                                depth, guess, self.history)
        lower, upper = self.low, self.high
        g = min(max(guess, lower), upper)
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self._ab(beta - 1, beta, depth)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    @staticmethod
    def _order(moves: tuple[Move, ...], first: int) -> list[int]:
        """The table's move first, then heavier tiles first (shedding pips; a pass or
        draw comes alone).  Kept per legal-move tuple, which the state shares."""
        n = len(moves)
        if n == 1:
            return [0]
        cached = _ORDERS.get(id(moves))
        if cached is not None and cached[0] is moves:
            base = cached[1]
        else:
            base = sorted(range(n), key=lambda i: -_weight(moves[i]))
            if len(_ORDERS) >= 1 << 16:
                _ORDERS.clear()
            _ORDERS[id(moves)] = (moves, base)
        if first < 0 or base[0] == first:
            return base
        order = list(base)
        order.remove(first)
        order.insert(0, first)
        return order

    def _duo_value(self, h0: int, h1: int, out: int) -> int:
        """:meth:`_u0` on numbers: seat 0's result minus seat 1's, ``out`` the seat that
        went out (−1: none, as when blocked or at the depth limit)."""
        d = mask_value(h1) - mask_value(h0)
        if self.pips:
            return d
        if out >= 0:
            return 1 if out == 0 else -1
        return (d > 0) - (d < 0)

    def _drawn(self) -> int:
        """How many of the stock's tiles were drawn since the search began (0 but in draw
        mode)."""
        return len(self.stock_bits) - self.state.stock_count if self.stock_bits else 0

    def _duo_key(self, h0: int, h1: int, left: int, right: int, mover: int, passes: int,
                 drawn: int) -> int:
        """:meth:`_duo`'s position as one integer, a line and its mirror image alike (as
        :func:`_key`: the union of the hands where tiles never change hands)."""
        low, high = (left, right) if left <= right else (right, left)
        held = h0 | h1 if self.keying == _OWNED else (h0 << 28 | h1) << 5 | drawn
        return ((((held << 3 | low) << 3 | high) << 1 | mover) << 3) | passes

    def _duo(self, hands: list[int], left: int, right: int, mover: int, passes: int,
             drawn: int, alpha: int, beta: int, depth: int) -> int:
        """:meth:`_ab` once the first tile is down, on the position's numbers alone (the
        two hands, the ends, the mover, the passes, how many tiles of the stock were
        drawn) rather than a :class:`State`: the same moves tried in the same order, the
        same values.  Its table, :attr:`dtable`, is keyed by the position itself and keeps
        each position's best move as its tile and end (``index << 1 | right``), which
        :meth:`_best_child` reads.  In draw mode a stuck mover takes the stock's next tile
        and goes on; with the stock empty, it passes."""
        self.nodes += 1
        if not self.nodes & _CHECK:
            self._check()
        h0, h1 = hands[0], hands[1]
        if depth <= 0:
            self.estimates += 1
            return self._duo_value(h0, h1, -1)
        if self.pips:
            # Block: seat 0 wins at most seat 1's pips now, and loses at most its own.
            cap = mask_value(h1)
            if cap <= alpha:
                return cap
            floor = -mask_value(h0)
            if floor >= beta:
                return floor
        hand = hands[mover]
        lm, rm = hand & FITS[left], hand & FITS[right]
        if not lm | rm:  # a forced move: a draw or a pass, made without the table
            stock = self.stock_bits
            if drawn < len(stock):
                hands[mover] = hand | stock[drawn]
                v = self._duo(hands, left, right, mover, passes, drawn + 1, alpha, beta,
                              depth - 1)
                hands[mover] = hand
                return v
            if passes + 1 >= self.block_after:
                self.nodes += 1
                return self._duo_value(h0, h1, -1)  # every player passed in turn: blocked
            return self._duo(hands, left, right, 1 - mover, passes + 1, drawn, alpha, beta,
                             depth - 1)
        if _forced(lm, rm, 0):
            side = 0 if lm else 1
            bit = lm | rm
            return self._duo_play(hands, left, right, mover, drawn, bit, side, alpha, beta,
                                  depth)
        key = self._duo_key(h0, h1, left, right, mover, passes, drawn)
        flipped = left > right
        entry = self.dtable.get(key)
        first = -1
        if entry is not None:
            if entry[3] & 1 == flipped:
                first = entry[3] >> 1  # stored for this orientation, not its mirror
            alpha, beta = self._narrowed(entry[0], entry[1], entry[2], depth, alpha, beta)
            if alpha >= beta:
                return alpha
        maximise = mover == 0
        a0, b0 = alpha, beta
        before = self.estimates
        best = -_INF if maximise else _INF
        best_code = -1
        # Where both ends show the same value, a play on the right is the mirror of the
        # same play on the left: the same position.
        codes = _duo_order(lm, 0 if left == right else rm)
        order = self._play_order(codes, first, hands[1 - mover], left, right,
                                 drawn < len(self.stock_bits))
        for code in order:
            bit, side = 1 << (code >> 1), code & 1
            if best_code < 0 or beta - alpha <= 1:
                v = self._duo_play(hands, left, right, mover, drawn, bit, side, alpha, beta,
                                   depth)
            else:  # a null window first: does this move beat the best so far at all?
                a, b = (alpha, alpha + 1) if maximise else (beta - 1, beta)
                v = self._duo_play(hands, left, right, mover, drawn, bit, side, a, b, depth)
                if alpha < v < beta:
                    v = self._duo_play(hands, left, right, mover, drawn, bit, side, alpha,
                                       beta, depth)
            if v > best if maximise else v < best:
                best, best_code = v, code
                alpha, beta = (max(alpha, v), beta) if maximise else (alpha, min(beta, v))
                if alpha >= beta:
                    self.history[code] += 1
                    break
        if len(self.dtable) >= self.table_size:
            self.dtable.clear()
        lo, hi = _bounds(best, a0, b0)
        stored = _EXACT if self.estimates == before else depth
        self.dtable[key] = (lo, hi, stored, best_code << 1 | flipped)
        return best

    def _duo_play(self, hands: list[int], left: int, right: int, mover: int, drawn: int,
                  bit: int, side: int, alpha: int, beta: int, depth: int) -> int:
        """The value :meth:`_duo` finds after ``mover`` plays the tile ``bit`` on the left
        (``side`` 0) or the right end."""
        hand = hands[mover]
        rest = hand ^ bit
        if not rest:
            self.nodes += 1
            hands[mover] = 0
            v = self._duo_value(hands[0], hands[1], mover)  # out
            hands[mover] = hand
            return v
        t = bit.bit_length() - 1
        hands[mover] = rest
        if side == 0:
            v = self._duo(hands, OTHER[t * 7 + left], right, 1 - mover, 0, drawn, alpha,
                          beta, depth - 1)
        else:
            v = self._duo(hands, left, OTHER[t * 7 + right], 1 - mover, 0, drawn, alpha,
                          beta, depth - 1)
        hands[mover] = hand
        return v

    # -- three to five players ---------------------------------------------

    def _mn(self, depth: int) -> tuple[int, ...]:
        """The position's value vector at this depth (max^n)."""
        st = self.state
        if self.plain and st.status == "playing" and st.line.left >= 0:
            if self.core is not None:
                code = self._native(self.core.plain, st.hand_masks, st.line.left,
                                    st.line.right, st.to_move, st.passes, depth, self.shallow)
            else:
                code = self._plain(list(st.hand_masks), st.line.left, st.line.right,
                                   st.to_move, st.passes, depth, -1)
            return _points(code, self.players)
        if self.gaple and st.status == "playing" and st.line.left >= 0:
            if self.core is not None:
                code = self._native(self.core.gaple, st.hand_masks, st.dead_masks,
                                    st.line.left, st.line.right, st.to_move, st.passes, depth,
                                    self.settled)
                return _places(code, self.players)
            held = gone = 0
            for seat in range(self.players):
                held |= st.hand_masks[seat]
                gone |= st.dead_masks[seat]
            totals = [mask_value(st.hand_masks[seat] | st.dead_masks[seat])
                      for seat in range(self.players)]
            code = self._gaple(list(st.hand_masks), list(st.dead_masks), totals, held, gone,
                               st.line.left, st.line.right, st.to_move, st.passes, depth)
            return _places(code, self.players)
        return self._state_mn(depth)

    def _probe(self, key: int, depth: int) -> int:
        """The value :attr:`ptable` keeps for ``key`` from a search at least ``depth``
        deep, or −1 (a value of :meth:`_plain` or :meth:`_gaple` is never negative)."""
        entry = self.ptable.get(key)
        if entry is None:
            return -1
        kept = entry >> 32
        if kept < depth:
            return -1
        if kept < _EXACT:
            self.estimates += 1
        return entry & 0xFFFF_FFFF

    def _keep(self, key: int, exact: bool, depth: int, value: int) -> None:
        """Keep a value of :meth:`_plain` or :meth:`_gaple` in :attr:`ptable`, keyed by
        the position itself (no slot to work out, no key to compare); a full table is
        emptied, which keeps its memory within :attr:`table_size` entries."""
        table = self.ptable
        if len(table) >= self.table_size:
            table.clear()
        table[key] = (_EXACT if exact else depth) << 32 | value  # one machine integer

    def _plain(self, hands: list[int], left: int, right: int, mover: int, passes: int,
               depth: int, rival: int) -> int:
        """:meth:`_state_mn` for Block with three or four players once the first tile
        is down, on the position's numbers alone (the hands, the ends, the mover, the
        passes) rather than a :class:`State`: the same moves in the same order, the
        same values, twice as fast.  A value is one number (:func:`_scored`): Block's
        points go to one seat at most.

        ``rival``: the seat that moved here while it already had a move, worth at least
        0 to it (every move is): a later move replaces that one only by scoring more.
        Once this position's mover has a move that scores, the rival would score nothing
        here: the search stops with that move's value, a bound rather than the value,
        kept out of the table (shallow pruning)."""
        self.nodes += 1
        if not self.nodes & _CHECK:
            self._check()
        if depth <= 0:
            self.estimates += 1
            return _scored(hands, -1)
        hand = hands[mover]
        plays = (hand & FITS[left], hand & FITS[right])
        keyed = not _forced(plays[0], plays[1], 0)  # a forced move: made without the table
        key = 0
        if keyed:
            union = 0
            for h in hands:
                union |= h
            # As _key gives it for this position (no stock, no opening to make).
            key = ((((union << 4 | (left + 1)) << 4 | (right + 1)) << 3 | mover) << 3
                   | passes) << 10
            found = self._probe(key, depth)
            if found >= 0:
                return found
        before = self.estimates
        n = len(hands)
        after = mover + 1 if mover + 1 < n else 0
        best = 0
        best_i = -1
        if not plays[0] | plays[1]:  # a pass, the only move
            best_i = 0
            if passes + 1 >= n:
                self.nodes += 1
                best = _scored(hands, -1)  # every player passed in turn: blocked
            else:
                best = self._plain(hands, left, right, after, passes + 1, depth - 1, -1)
        else:
            if rival == mover or not self.shallow:
                rival = -1
            own = mover + 1  # a value that is the mover's points ends in this
            top = -1  # the best move's points for the mover
            i = 0
            for side in range(2):
                m = plays[side]
                while m:
                    bit = m & -m
                    m ^= bit
                    free = OTHER[(bit.bit_length() - 1) * 7 + (left if side == 0 else right)]
                    rest = hand ^ bit
                    hands[mover] = rest
                    if not rest:
                        self.nodes += 1
                        v = _scored(hands, mover)  # out: the mover scores the others' pips
                    elif side == 0:
                        v = self._plain(hands, free, right, after, 0, depth - 1,
                                        mover if best_i >= 0 else -1)
                    else:
                        v = self._plain(hands, left, free, after, 0, depth - 1,
                                        mover if best_i >= 0 else -1)
                    hands[mover] = hand
                    mine = v >> 3 if v & 7 == own else 0
                    if mine > top:
                        best, best_i, top = v, i, mine
                        if rival >= 0 and mine > 0:
                            return v  # a bound for the rival: see above
                    i += 1
        if keyed:
            self._keep(key, self.estimates == before, depth, best)
        return best

    def _gaple(self, hands: list[int], dead: list[int], totals: list[int], held: int,
               gone: int, left: int, right: int, mover: int, passes: int, depth: int) -> int:
        """:meth:`_state_mn` for Gaple once the first tile is down, on the position's
        numbers alone (the hands, the dead piles, the ends, the mover, the run of turns
        without a play) rather than a :class:`State`: the same moves in the same order,
        the same values, twice as fast.  A value is one number, the places
        (:func:`_placed`), from ``totals``, each seat's hand and dead tiles, which only a
        play changes.  Tiles never change hands, so ``held`` (the union of the hands) and
        ``gone`` (of the dead piles) say where every tile is: the table's key."""
        self.nodes += 1
        if not self.nodes & _CHECK:
            self._check()
        if depth <= 0:
            self.estimates += 1
            return _placed(hands, dead, totals, -1, self.blank25)
        hand = hands[mover]
        plays = (hand & FITS[left], hand & FITS[right])
        losable = hand if self.discard else 0  # the tiles the mover may lose, if stuck
        lost = 0  # of those, the ones it can never play (worked out only where it is stuck)
        if self.settled and not plays[0] | plays[1]:
            if not held & (FITS[left] | FITS[right]):
                # No one can ever play again: whatever is thrown dead, each total and each
                # seat's tiles stay as they are until the round ends, so they decide now.
                return _placed(hands, dead, totals, -1, self.blank25)
            if losable & (losable - 1):
                lost = hand & ~_reach(held, left, right)
                if lost == hand:
                    # Nothing it holds can ever be played: it loses every tile in turn,
                    # and which first changes nothing (the places count each seat's hand
                    # and dead tiles as one, _placed), so the first choice is all of them.
                    losable &= -losable
        # A forced move (one play, one tile to lose, a pass) is made without the table.
        keyed = not _forced(plays[0], plays[1], losable)
        key = 0
        if keyed:
            # The last bit keeps the key apart from _plain's; the dead tiles go on top, so
            # that until one is dead the key is a machine integer.
            key = ((((held << 4 | (left + 1)) << 4 | (right + 1)) << 3 | mover) << 3
                   | passes) << 1 | 1
            if gone:
                key |= gone << 44
            found = self._probe(key, depth)
            if found >= 0:
                return found
        before = self.estimates
        after = mover + 1 if mover + 1 < self.players else 0
        shift = 3 * mover
        best = 0
        top = 8  # the best move's place for the mover
        # The best place the mover can still reach: a move that reaches it cannot be beaten,
        # so its later siblings are not searched (1 but for a seat with dead tiles or, where
        # it is stuck, tiles it can never play: lost).
        floor = 1
        if keyed and self.settled:
            floor = _best_place(hands, dead, totals, mover, dead[mover] | lost, self.blank25)
        if not plays[0] | plays[1]:  # stuck: a dead tile of the mover's choice, or a pass
            m = losable
            pile = dead[mover]
            while True:
                bit = m & -m
                m ^= bit
                if top < 8 and self.settled and _best_place(
                        hands, dead, totals, mover, pile | bit | lost, self.blank25) >= top:
                    if not m:  # losing this tile leaves no better place within reach
                        break
                    continue
                rest = hand ^ bit
                hands[mover] = rest
                dead[mover] = pile | bit
                if not rest or passes + 1 >= self.players:
                    # Emptied by a dead tile, or a full circuit without a play: the
                    # totals decide.
                    self.nodes += 1
                    v = _placed(hands, dead, totals, -1, self.blank25)
                else:
                    v = self._gaple(hands, dead, totals, held ^ bit, gone | bit, left, right, after,
                                    passes + 1, depth - 1)
                place = v >> shift & 7
                if place < top:
                    best, top = v, place
                if not m or top <= floor:  # nothing later can beat it
                    break
            hands[mover] = hand
            dead[mover] = pile
        else:
            out = -1 if dead[mover] else mover  # out by a play: outright without dead tiles
            own = totals[mover]
            for side in range(2):
                m = plays[side]
                end = left if side == 0 else right
                while m and top > floor:
                    bit = m & -m
                    m ^= bit
                    tile = bit.bit_length() - 1
                    free = OTHER[tile * 7 + end]
                    rest = hand ^ bit
                    hands[mover] = rest
                    totals[mover] = own - VALUES[tile]
                    if not rest:
                        self.nodes += 1
                        v = _placed(hands, dead, totals, out, self.blank25)
                    elif side == 0:
                        v = self._gaple(hands, dead, totals, held ^ bit, gone, free, right, after, 0,
                                        depth - 1)
                    else:
                        v = self._gaple(hands, dead, totals, held ^ bit, gone, left, free, after, 0,
                                        depth - 1)
                    place = v >> shift & 7
                    if place < top:
                        best, top = v, place
            hands[mover] = hand
            totals[mover] = own
        if keyed:
            self._keep(key, self.estimates == before, depth, best)
        return best

    def _state_mn(self, depth: int) -> tuple[int, ...]:
        self.nodes += 1
        if not self.nodes & _CHECK:
            self._check()
        st = self.state
        if st.status != "playing":
            return utilities(st)
        if depth <= 0:
            self.estimates += 1
            return utilities(st)
        key = _key(st, self.keying, self.players == 2)
        slot = _slot(key, self.mask)
        entry = self.mtable.get(slot)
        if entry is not None and entry[0] == key and entry[1] >= depth:
            if entry[1] < _EXACT:
                self.estimates += 1
            return entry[2]
        before = self.estimates
        best, best_i = self._mn_children(depth)
        self.mtable[slot] = (key, _EXACT if self.estimates == before else depth, best, best_i)
        return best

    def _mn_children(self, depth: int) -> tuple[tuple[int, ...], int]:
        st = self.state
        moves = st.legal_moves()
        mover = st.to_move
        gaple = self.family == "gaple"
        best: tuple[int, ...] = ()
        best_i = -1
        for i in range(len(moves)):
            st.push_unchecked(moves[i])
            v = self._mn(depth - 1)
            st.pop()
            if best_i < 0 or v[mover] > best[mover]:
                best, best_i = v, i
                if gaple and v[mover] == -1:
                    break  # the winner's place: nothing later can beat it
        return best, best_i

    # -- the root -----------------------------------------------------------

    def _child_values(self, depth: int) -> list[tuple[int, ...]]:
        """Each root move's value vector (two players: (u0,)) at this depth."""
        st = self.state
        out: list[tuple[int, ...]] = []
        guess = 0
        for move in self.root:
            st.push_unchecked(move)
            try:
                if self.players == 2:
                    guess = self._mtd(depth - 1, guess)
                    out.append((guess,))
                else:
                    out.append(self._mn(depth - 1))
            finally:
                st.pop()
        return out

    def _static(self) -> list[tuple[int, ...]]:
        """Each root move's value as scored straight after it (no search)."""
        st = self.state
        out: list[tuple[int, ...]] = []
        for move in self.root:
            st.push_unchecked(move)
            out.append((self._u0(),) if self.players == 2 else utilities(st))
            st.pop()
        return out

    def run(self) -> Solution:
        st = self.state
        mover = st.mover
        if mover is None:
            u = utilities(st)
            v = (u[0] if self.family == "duel" else u[0] - u[1],) if self.players == 2 else u
            return Solution(None, _report(self.players, self.family, v, 0), (), (), (), 0,
                            time.perf_counter() - self.start, True)
        moves = self.root
        values: list[tuple[int, ...]] | None = None
        exact = False
        undo = len(st.moves)
        # First the exact search, with a third of the budget (all of it when only an exact
        # answer will do); most positions end here.
        full_deadline, full_nodes = self.deadline, self.max_nodes
        share = 1 if self.exact_only else 3
        self.deadline = self.start + self.seconds * _SEARCH_SHARE / share
        if full_nodes >= 0:
            self.max_nodes = full_nodes // share
        depth = _EXACT - 1
        try:
            values = self._child_values(depth)
            exact = True
        except _Stop:
            while len(st.moves) > undo:
                st.pop()
        self.deadline, self.max_nodes = full_deadline, full_nodes
        # Then, iterative deepening with the rest: the last finished depth is the answer.
        depth = _STEP
        while not exact and not self.exact_only:
            before = self.estimates
            try:
                found = self._child_values(depth)
            except _Stop:
                while len(st.moves) > undo:
                    st.pop()
                break
            values = found
            if self.estimates == before:
                exact = True
                break
            depth += _STEP
        if values is None:
            values = self._static()
        first, value, best, move_values = _ranked(self.players, self.family, mover, moves,
                                                  values)
        if self.want_line:
            line = self._line(moves[first], depth if not exact else _EXACT)
        else:
            line = (moves[first],)
        return Solution(mover, value, best, move_values, line, self.nodes,
                        time.perf_counter() - self.start, exact)

    def _best_child(self, depth: int) -> int:
        """Two players: the index of a best move here (each child searched with the
        full window; mostly read from the table)."""
        st = self.state
        moves = st.legal_moves()
        self._ab(self.low, self.high, depth)
        line = st.line
        if self.duo and line.left >= 0:  # _duo's table: the move as its tile and end
            found: tuple[int, int, int, int] | None
            if self.core is not None:
                found = self.core.duo_entry(st.hand_masks, line.left, line.right, st.to_move,
                                            st.passes, self._drawn())
            else:
                h0, h1 = st.hand_masks
                found = self.dtable.get(self._duo_key(h0, h1, line.left, line.right,
                                                      st.to_move, st.passes, self._drawn()))
            if found is not None and found[3] >= 0 and found[3] & 1 == (line.left > line.right):
                code = found[3] >> 1
                for i, move in enumerate(moves):
                    if _play_code(move) == code:
                        return i
        key = _key(st, self.keying, self.players == 2)
        entry = self.table.get(_slot(key, self.mask))
        if entry is not None and entry[0] == key and entry[4] & 1 == (st.line.left > st.line.right):
            return entry[4] >> 1
        maximise = st.to_move == 0
        best, best_i = 0, -1
        for i in range(len(moves)):
            st.push_unchecked(moves[i])
            try:
                v = self._ab(self.low, self.high, depth - 1)
            finally:
                st.pop()
            if best_i < 0 or (v > best if maximise else v < best):
                best, best_i = v, i
        return best_i

    def _line(self, first: Move, depth: int) -> tuple[Move, ...]:
        """One sequence of best moves to the end, cut short when the budget is spent
        (the walk has the budget's last 5%; it mostly reads the table)."""
        st = self.state
        line = [first]
        st.push_unchecked(first)
        self.deadline = max(self.start + self.seconds, time.perf_counter() + 0.005)
        try:
            while st.status == "playing" and len(line) < 200:
                moves = st.legal_moves()
                if self.players == 2:
                    i = self._best_child(depth)
                else:
                    _, i = self._mn_children(depth)
                if not 0 <= i < len(moves):
                    break
                line.append(moves[i])
                st.push_unchecked(moves[i])
        except _Stop:
            pass
        return tuple(line)


def _points(code: int, players: int) -> tuple[int, ...]:
    """Block's points as the searches on numbers give them (:func:`_scored`), a vector."""
    points = [0] * players
    if code:
        points[(code & 7) - 1] = code >> 3
    return tuple(points)


def _places(code: int, players: int) -> tuple[int, ...]:
    """Gaple's places as the searches on numbers give them (:func:`_placed`), as
    :func:`utilities` scores them: minus each seat's place."""
    return tuple([-(code >> 3 * seat & 7) for seat in range(players)])


def _report(players: int, family: str, v: tuple[int, ...],
            seat: int) -> int | tuple[int, ...]:
    """A root move's value vector as the contract gives it for the mover ``seat``."""
    if players == 2:
        return v[0] if seat == 0 else -v[0]
    if family == "gaple":
        return tuple([-x for x in v])
    return v


def _ranked(players: int, family: str, mover: int, moves: Sequence[Move],
            values: Sequence[tuple[int, ...]]
            ) -> tuple[int, int | tuple[int, ...], tuple[Move, ...], tuple[MoveValue, ...]]:
    """The root moves ranked by their value vectors for the mover: the first best move's
    index and value, every best move, and each move's value, best first (on ties in the
    legal order)."""
    if players == 2:
        scores = [v[0] if mover == 0 else -v[0] for v in values]
    else:
        scores = [v[mover] for v in values]
    top = max(scores)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])  # stable: legal order on ties
    best = tuple([moves[i] for i in order if scores[i] == top])
    first = next(i for i in range(len(moves)) if scores[i] == top)
    move_values = tuple([MoveValue(moves[i], _report(players, family, values[i], mover),
                                   float(scores[i])) for i in order])
    return first, _report(players, family, values[first], mover), best, move_values


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a solver value means for one seat, in a learner's terms.

    ``result``: "win", "draw" or "loss" for ``seat``; ``points``: Block's points
    the round's scorer gets (``seat`` when it wins, else ``scorer``), None in the
    duel and Gaple; ``place``: ``seat``'s Gaple place (1 = the winner), else None;
    ``scorer``: the seat that scores or wins the round, None for a draw."""

    result: str
    points: int | None = None
    place: int | None = None
    scorer: int | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


def outcome(state: State, value: int | tuple[int, ...], seat: int) -> Outcome:
    """``value`` (as :class:`Solution` and :class:`MoveValue` give it for the mover
    ``seat`` of ``state``'s round) for that seat: who wins, by how many points or
    in which place (CONTRACT.md "Solver", value)."""
    family, n = state.rules.family, state.players
    if isinstance(value, int):  # two players: the seat's own result
        other = 1 - seat
        if value == 0:
            return Outcome("draw", None if family == "duel" else 0)
        if family == "duel":
            return Outcome("win", scorer=seat) if value > 0 else Outcome("loss", scorer=other)
        return Outcome("win", value, scorer=seat) if value > 0 else \
            Outcome("loss", -value, scorer=other)
    if family == "gaple":
        place = value[seat]
        winner = value.index(1) if 1 in value else None
        return Outcome("win" if place == 1 else "loss", place=place, scorer=winner)
    scorers = [s for s in range(n) if value[s] > 0]
    if not scorers:
        return Outcome("draw", 0)
    top = scorers[0]
    return Outcome("win" if top == seat else "loss", value[top], scorer=top)


def solve(state: State, *, seconds: float = 10.0, max_nodes: int | None = None,
          table_size: int = TABLE_SIZE, line: bool = True, exact_only: bool = False,
          only: frozenset[Move] | None = None, native: bool | None = None) -> Solution:
    """The best play from ``state`` within the budget (the state is left as it was).

    ``line=False`` leaves the line unwritten (the solution's ``line`` is then its
    first move alone): a caller that needs only the moves' values, such as the
    appraisal solving deal after deal, saves about a quarter of the time.
    ``exact_only``: the whole budget goes to the exact search, with no estimate to fall
    back on: a search that does not finish answers with each move's value straight after
    it, ``exact: False`` (the appraisal leaves such an answer out).
    ``only``: of the first moves, search those alone (the solution's ``moves`` and
    ``best`` are of them): a caller that needs some moves' values saves the others' time.
    ``native``: as :class:`Search` takes it (default: the native core where it is built).

    Raises ValueError for draw mode with a counted stock (its order unknown)."""
    return Search(state, seconds=seconds, max_nodes=max_nodes, table_size=table_size,
                  line=line, exact_only=exact_only, only=only, native=native).run()


#: :meth:`_native.Core.many`'s kinds of search.
_MANY_PLAIN: Final = 0
_MANY_GAPLE: Final = 1
_MANY_DUO: Final = 2
#: :meth:`_native.Core.many`'s code for a pass (a play's is :func:`_play_code`).
_MANY_PASS: Final = -1


def _many_kind(search: Search) -> int | None:
    """Which search on numbers :meth:`_native.Core.many` gives ``search``'s position, or None
    where one call cannot (no native core, no first tile down, a stock to draw from, a root
    move other than plays or a lone pass: Gaple's dead tile)."""
    st = search.state
    if search.core is None or st.status != "playing" or st.line.left < 0:
        return None
    if any(m.kind != "play" for m in search.root) and (
            search.gaple or len(search.root) != 1 or search.root[0].kind != "pass"):
        return None
    if search.plain:
        return _MANY_PLAIN
    if search.gaple:
        return _MANY_GAPLE
    if search.duo and not search.stock_bits:
        return _MANY_DUO
    return None


def _one_position(states: Sequence[State]) -> bool:
    """Whether ``states`` differ in the hidden hands alone: the rules, the line's ends, the
    mover, its hand and the passes alike."""
    head = states[0]
    mover = head.to_move
    if mover is None:
        return False
    for st in states:
        if ((st.rules is not head.rules and st.rules != head.rules) or st.to_move != mover
                or st.passes != head.passes
                or st.line.left != head.line.left or st.line.right != head.line.right
                or st.hand_masks[mover] != head.hand_masks[mover]):
            return False
    return True


def solve_many(states: Sequence[State], *, seconds: float = 10.0,
               max_nodes: int | None = None, only: frozenset[Move] | None = None,
               native: bool | None = None) -> list[Solution]:
    """Deals solved exactly within one budget, each as ``solve(state, line=False,
    exact_only=True, only=only, max_nodes=max_nodes)`` solves it (the same values, moves and
    nodes): ``seconds`` is the whole list's budget, ``max_nodes`` each deal's.  The solutions
    of the deals solved within them, in order: a deal cut short ends the list.

    Deals of one position (the rules, the line's ends, the mover, its hand and the passes
    alike: the appraisal's, drawn from the mover's view) go to the native core in one call
    where it can take them: past the first moves a deal takes a few microseconds to search,
    less than a call of :func:`solve` costs around it.  Others are solved one by one."""
    deadline = time.perf_counter() + seconds * _SEARCH_SHARE
    if not states:
        return []
    search = Search(states[0], seconds=seconds, max_nodes=max_nodes, line=False,
                    exact_only=True, only=only, native=native) \
        if _one_position(states) else None
    kind = _many_kind(search) if search is not None else None
    if search is None or kind is None:
        found: list[Solution] = []
        for st in states:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            solution = solve(st, seconds=left / _SEARCH_SHARE, max_nodes=max_nodes,
                             line=False, exact_only=True, only=only, native=native)
            if not solution.exact:
                break
            found.append(solution)
        return found
    head = states[0]
    mover = head.to_move
    assert mover is not None
    moves = search.root
    codes = [_play_code(m) if m.kind == "play" else _MANY_PASS for m in moves]
    if kind == _MANY_GAPLE:
        deals = [tuple(st.hand_masks) + tuple(st.dead_masks) for st in states]
        flag = search.settled
    else:
        deals = [tuple(st.hand_masks) for st in states]
        flag = search.shallow
    core = search.core
    core.deadline, core.max_nodes = deadline, search.max_nodes
    rows = core.many(kind, deals, head.line.left, head.line.right, mover, head.passes, codes,
                     _EXACT - 1, flag)
    players, family = search.players, search.family
    out: list[Solution] = []
    # Deals of a late position often give the same values: each such row is ranked once.
    ranked: dict[tuple[int, ...], tuple[int | tuple[int, ...], tuple[Move, ...],
                                        tuple[MoveValue, ...], tuple[Move, ...]]] = {}
    for row in rows:
        codes_found = row[2:]
        known = ranked.get(codes_found)
        if known is None:
            values: list[tuple[int, ...]]
            if kind == _MANY_DUO:
                values = [(v,) for v in codes_found]
            elif kind == _MANY_GAPLE:
                values = [_places(v, players) for v in codes_found]
            else:
                values = [_points(v, players) for v in codes_found]
            first, value, best, move_values = _ranked(players, family, mover, moves, values)
            known = ranked[codes_found] = (value, best, move_values, (moves[first],))
        out.append(Solution(mover, known[0], known[1], known[2], known[3], row[0], row[1], True))
    return out
