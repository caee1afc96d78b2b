"""A score sheet for a game played with real tiles, and its code (one line of text).

At a real table nobody records the moves: after each round the players say how it ended
(who went out, or a block) and what each of them has left, either the tiles or their pip
total.  This module settles such a round by the rules (:func:`settle_entry`, through
:func:`engine.game.settlement.settle_counted`: the same results and arithmetic as a round
played on the site), refusing a report that cannot be (:class:`SheetError`, a reason code
and its values), and keeps the match's sheet (:class:`Sheet`): Block's points to the
target (100 with two players, 61 otherwise, or one agreed at the table), Gaple's run of
penalty totals, the two-player game's series; and who starts the next round.

The **sheet code** keeps a sheet in an address (``?sheet=…``), with the characters of the
position code (:mod:`engine.notation.code`) and ``-``::

    b2/s0/t100/o1.3456.-/b.12.0034      rules / first starter / goal / each round
    g4x6/s-/r5/o2.t5.1233.-.t20

- **rules**: as the position code writes them (``b2``, ``g4x7p``, ``d2d`` …).
- **first starter**: ``s0`` (the seat that starts the first round), ``s-`` when the table
  decides (by lot, or Gaple's [0|0]).
- **goal**: ``t100`` Block's target in points, ``r5`` the rounds (games) agreed elsewhere.
- **each round**: ``o1`` (seat 1 went out) or ``b`` (blocked), then each seat's part after
  a ``.``: its tiles (``3456`` is [3|4] and [5|6]), ``t23`` (a pip total of 23, the tiles
  not told) or ``-`` (nothing: the seat that went out; in Gaple its dead tiles, if any).

>>> s = parse_sheet("b2/s0/t100/o1.3456.-")
>>> s.match().scores, s.next_start()
([0, 18], Start(seat=1, opening=None, reason='clockwise'))
>>> s.text()
'b2/s0/t100/o1.3456.-'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple, TypeAlias

from ..game.match import BlockMatch, DuelSeries, GapleMatch, Match
from ..game.reading import non_ascii, quoted
from ..game.rules import BLANK_DOUBLE_25, Ruleset
from ..game.settlement import Settlement, counted_totals, settle_counted, tied_lowest
from ..game.split import Want, can_make
from ..game.state import Opening
from ..game.tiles import TILES, Tile, mask_of
from .code import CodeError, parse_rules, rules_code

#: What a seat has left at a round's end: its tiles, or the pip total the table counted.
Left: TypeAlias = tuple[Tile, ...] | int

PIPS: Final = "0123456"
#: The rounds (games) agreed by default where the rules set no target.
DEFAULT_ROUNDS: Final = 5
#: The highest target or number of rounds a sheet takes.
MOST_GOAL: Final = 999
Reason = Literal["chosen", "lot", "blank_double", "clockwise", "alternate",
                 "previous_winner", "over"]


class SheetError(ValueError):
    """A report or a sheet code the sheet refuses.

    ``code`` names the reason (for translation), ``params`` its values (seats as indices,
    tiles as :class:`Tile`), the message says it in English.  Codes: ``syntax`` (a sheet
    code that cannot be read: ``at``, the 0-based character), ``seat`` (no such seat),
    ``tile_twice`` (``tile``, ``seats``), ``too_many`` (``seat``, ``count``, ``most``),
    ``total_range`` (``seat``, ``total``, ``most``), ``out_holds`` (``seat``: who went out
    has nothing left), ``nothing_left`` (``seat``: every other seat holds something),
    ``tie_needs_tiles`` (``seats``: Gaple's tie-break reads the tied seats' tiles), ``over``
    (the match is over); and what the set allows the round as a whole (:func:`room`):
    ``room_tiles`` (``count``, ``most``: more tiles left, those named and one for each
    seat given by its total, than the seats can hold together), ``room_most`` (``total``, ``most``: more pips left together than the set
    allows at this ending), ``room_seat`` (``seat``, ``total``, ``most``: a total that the
    tiles nobody named cannot make) and ``room_totals`` (``seats``, ``total``, ``least``,
    ``most``: the totals given, together, cannot be made of the tiles nobody named); what
    disjoint tiles allow (:func:`totals_possible`): ``split_seat`` (``seat``, ``total``,
    ``notes``: no hand of the tiles nobody named counts it), ``split_totals`` (``seats``,
    ``totals``, ``notes``: each may be, not all together), with ``notes`` naming the rules
    that bar tiles (``blocked``: no hand holds an open end's number; ``blank25``: [0|0]
    counts 25 alone of its blanks); and ``block_numbers`` (the tiles named in a block show
    every number).  A round of a code that is refused also has ``round`` (1 = the
    first)."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params


@dataclass(frozen=True, slots=True)
class Entry:
    """One round as the table reports it: ``out`` the seat that went out (None: a block),
    ``left`` what each seat has left (:data:`Left`)."""

    out: int | None
    left: tuple[Left, ...]

    def text(self) -> str:
        head = "b" if self.out is None else f"o{self.out}"
        return ".".join([head, *(_left_text(x) for x in self.left)])


class Start(NamedTuple):
    """Who starts the next round: ``seat`` (None: the table decides, by lot or by who holds
    the opening tile), the ``opening`` rule (Gaple's [0|0], or any double) and why."""

    seat: int | None
    opening: Opening
    reason: Reason


def _left_text(left: Left) -> str:
    if isinstance(left, int):
        return f"t{left}"
    return "".join(f"{t.low}{t.high}" for t in left) or "-"


def most_tiles(rules: Ruleset) -> int:
    """The most tiles a seat can have left (with its dead tiles): the deal, and in draw
    mode every tile it could have drawn as well."""
    return rules.hand_size + (rules.undealt if rules.draw_mode else 0)


def heaviest(rules: Ruleset) -> int:
    """The highest total a seat can have left (:func:`most_tiles` of the heaviest tiles;
    with [0|0] at 25, that tile and the heaviest with no blank half, if more)."""
    k = most_tiles(rules)
    values = sorted((t.value for t in TILES), reverse=True)
    most = sum(values[:k])
    if rules.blank_double_25:
        no_blank = sorted((t.value for t in TILES if t.low > 0), reverse=True)
        most = max(most, BLANK_DOUBLE_25 + sum(no_blank[:k - 1]))
    return most


def _most_of(rules: Ruleset, pool: Sequence[Tile], count: int, one_seat: bool) -> int:
    """The most ``count`` tiles from ``pool`` can count: the heaviest, or (with [0|0] at
    25) that tile and the heaviest others, with no blank half if they are ``one_seat``'s."""
    values = sorted((t.value for t in pool), reverse=True)
    most = sum(values[:count])
    if rules.blank_double_25 and TILES[0] in pool and count > 0:
        rest = sorted((t.value for t in pool if t != TILES[0] and (t.low > 0 or not one_seat)),
                      reverse=True)
        most = max(most, BLANK_DOUBLE_25 + sum(rest[:count - 1]))
    return most


def _least_of(pool: Sequence[Tile], count: int) -> int:
    """The fewest pips ``count`` tiles from ``pool`` hold (a holding counts at least its
    pips)."""
    return sum(sorted(t.value for t in pool)[:count])


def all_in_play(rules: Ruleset) -> bool:
    """Whether a blocked round has every tile of the set in a hand or on the line: all dealt
    (or drawn: draw mode blocks only on an empty stock), none dead.  Then a block needs every
    tile of one value on the line (nobody can hold one), ten tiles at least."""
    return (rules.undealt == 0 or rules.draw_mode) and not rules.has_dead_tiles


def room(rules: Ruleset, out: int | None) -> tuple[int, int]:
    """What the seats together can have left when a round ends so (``out`` the seat that
    went out, None a block): the most tiles, and the most they count (the heaviest tiles
    of the set, so many).

    The hands start with the deal (in draw mode, with every tile drawn as well), each seat
    keeps :func:`most_tiles` at most and the one that went out none (but its dead tiles); a
    round that ends has seen one play at least (a block with Gaple's middle turned up may
    have none: every seat stuck at once).  Where a block has every tile in play
    (:func:`all_in_play`), the line holds the seven tiles of a value v and, to join them,
    one tile for each pair of the other six values: ten tiles, 6v + 42 pips; what is left
    is the rest, with [0|0] at 25 when it is left and that variant is played.  Any other
    block leaves hands that hold no open end's number (:func:`blocked_hands`): the
    heaviest tiles without one number."""
    dealt = rules.players * rules.hand_size + (rules.undealt if rules.draw_mode else 0)
    holders = rules.players - (out is not None and not rules.has_dead_tiles)
    if out is None and all_in_play(rules):
        tiles = dealt - 10
        whole = sum(t.value for t in TILES)
        bonus = BLANK_DOUBLE_25 if rules.blank_double_25 else 0
        pips = max(whole - (6 * v + 42) + (bonus if v else 0) for v in range(7))
    else:
        tiles = dealt - (0 if out is None and rules.middle_up else 1)
        pools: list[Sequence[Tile]] = [TILES]
        if blocked_hands(rules, out):  # the hands leave out an open end's number
            pools = [[t for t in TILES if not t.has(v)] for v in range(7)]
            tiles = min(tiles, len(pools[0]))
        pips = max(_most_of(rules, pool, tiles, one_seat=False) for pool in pools)
    tiles = min(tiles, holders * most_tiles(rules))
    return tiles, min(pips, _most_of(rules, TILES, tiles, one_seat=False))


def _check_room(rules: Ruleset, entry: Entry, owner: dict[Tile, int]) -> None:
    """Refuse a round whose seats together have more (or less) left than the set allows:
    the tiles named, and the totals given against the tiles nobody named (see
    :func:`room`)."""
    counted = counts_left(rules, entry.out)
    if not counted:
        return
    n, out = rules.players, entry.out
    most_held, most_pips = room(rules, out)
    untold = [s for s, x in enumerate(entry.left) if isinstance(x, int)]
    named = sum(len(x) for x in entry.left if isinstance(x, tuple))
    # Every seat but the one that went out holds a tile at least.
    need = {s: 0 if s == out else 1 for s in range(n)}
    at_least = named + sum(need[s] for s in untold)
    if at_least > most_held:
        raise SheetError("room_tiles", f"{at_least} tiles left at least: at this ending the "
                         f"seats hold at most {most_held} together", count=at_least,
                         most=most_held)
    masks = [mask_of(x) if isinstance(x, tuple) else 0 for x in entry.left]
    given = [x if isinstance(x, int) else None for x in entry.left]
    totals = counted_totals(rules, masks, [0] * n, given)
    together = sum(totals)
    if together > most_pips:
        raise SheetError("room_most", f"{together} pips left together: at this ending the "
                         f"seats hold at most {most_pips}", total=together, most=most_pips)
    if not untold:
        return
    pool = [t for t in TILES if t not in owner]
    spare = most_held - named  # tiles the seats given by totals may hold together
    per_seat = most_tiles(rules)
    for s in untold:
        others = sum(need[o] for o in untold if o != s)
        room_s = min(per_seat, spare - others)
        most_s = _most_of(rules, pool, room_s, one_seat=True)
        if totals[s] > most_s:
            raise SheetError("room_seat", f"{_seat_name(s)}: a total of {totals[s]} cannot "
                             f"be made of the tiles nobody named: at most {most_s}", seat=s,
                             total=totals[s], most=most_s)
    asked = sum(totals[s] for s in untold)
    most_u = _most_of(rules, pool, min(spare, per_seat * len(untold)), one_seat=False)
    least_u = _least_of(pool, sum(need[s] for s in untold))
    if not least_u <= asked <= most_u:
        seats = tuple(untold)
        raise SheetError("room_totals", f"totals of {asked} together cannot be made of the "
                         f"tiles nobody named: from {least_u} to {most_u}", seats=seats,
                         total=asked, least=least_u, most=most_u)


def blocked_hands(rules: Ruleset, out: int | None) -> bool:
    """Whether what the seats report at this ending is only their hands in a block: then
    none holds either open end's number (they could play), so one number at least is
    missing from them all.  Not with dead tiles, which a seat reports with its hand and
    may show any number."""
    return out is None and not rules.has_dead_tiles


def missing_numbers(rules: Ruleset, entry: Entry) -> tuple[int, ...] | None:
    """The numbers an open end could show in a blocked round, by the tiles named (none
    holds an end's number); None where the ending sets no such bound
    (:func:`blocked_hands`)."""
    if not blocked_hands(rules, entry.out):
        return None
    shown = {pip for x in entry.left if isinstance(x, tuple) for t in x for pip in (t.low, t.high)}
    return tuple(v for v in range(7) if v not in shown)


def totals_possible(rules: Ruleset, entry: Entry, seats: Sequence[int] | None = None
                    ) -> bool | None:
    """Whether the totals given of ``seats`` (by default every seat given by its total) can
    be made, together, of disjoint tiles that nobody named, each seat holding one tile at
    least (but the one that went out) and :func:`most_tiles` at most, the seats together no
    more than :func:`room` allows; in a block, of tiles that leave out one number the named
    tiles leave out too (:func:`missing_numbers`).  None when :func:`engine.game.split.can_make`
    leaves it undecided; the sheet refuses only False."""
    named = [t for x in entry.left if isinstance(x, tuple) for t in x]
    untold = [s for s, x in enumerate(entry.left) if isinstance(x, int)]
    chosen = untold if seats is None else [s for s in seats if s in untold]
    most_held = room(rules, entry.out)[0]
    spare = most_held - len(named) - sum(1 for s in untold if s not in chosen and s != entry.out)
    wants = []
    for s in chosen:
        total = entry.left[s]
        assert isinstance(total, int)
        least = 0 if s == entry.out and not total else 1
        wants.append(Want(total, least, most_tiles(rules)))
    free = [t for t in TILES if t not in named]
    missing = missing_numbers(rules, entry)
    ends: tuple[int | None, ...] = (None,) if missing is None else missing
    verdicts = [can_make(wants, [t for t in free if v is None or not t.has(v)], spare,
                         rules.blank_double_25) for v in ends]
    if True in verdicts:
        return True
    return None if None in verdicts else False


def _check_split(rules: Ruleset, entry: Entry, owner: dict[Tile, int]) -> None:
    """Refuse a blocked round whose named tiles show every number, and totals that tiles
    nobody named cannot make (:func:`totals_possible`): a seat's alone (``split_seat``), or
    the seats' together (``split_totals``)."""
    if not counts_left(rules, entry.out):
        return
    missing = missing_numbers(rules, entry)
    if missing == ():
        raise SheetError("block_numbers", "in a block nobody holds an open end's number, but "
                         "the tiles named show every number from 0 to 6")
    notes = (("blocked",) if missing is not None else ()) + \
        (("blank25",) if rules.blank_double_25 and TILES[0] not in owner else ())
    untold = tuple(s for s, x in enumerate(entry.left) if isinstance(x, int))
    for s in untold:
        if totals_possible(rules, entry, (s,)) is False:
            raise SheetError("split_seat", f"{_seat_name(s)}: no hand of the tiles nobody "
                             f"named counts {entry.left[s]}", seat=s, total=entry.left[s],
                             notes=notes)
    if len(untold) > 1 and totals_possible(rules, entry) is False:
        raise SheetError("split_totals", "the totals given cannot all be made: they would "
                         "need a tile twice", seats=untold,
                         totals=tuple(entry.left[s] for s in untold), notes=notes)


def default_goal(rules: Ruleset) -> int:
    """Block's own target (100 or 61); else the rounds agreed by default."""
    return rules.target if rules.target is not None else DEFAULT_ROUNDS


def counts_left(rules: Ruleset, out: int | None) -> bool:
    """Whether what the seats have left counts for anything: not in the two-player game
    when someone went out (that alone wins)."""
    return not (rules.family == "duel" and out is not None)


def _seat_name(seat: int) -> str:
    return f"seat {seat}"


def settle_entry(rules: Ruleset, entry: Entry) -> Settlement:
    """The round's result by the rules, or :class:`SheetError` for a report that cannot be
    (see its codes)."""
    n = rules.players
    if len(entry.left) != n:
        raise SheetError("seat", f"{len(entry.left)} seats reported for {n} players",
                         seat=len(entry.left))
    out = entry.out
    if out is not None and not 0 <= out < n:
        raise SheetError("seat", f"there is no seat {out} among {n} players", seat=out)
    counted = counts_left(rules, out)
    owner: dict[Tile, int] = {}
    most, top = most_tiles(rules), heaviest(rules)
    for seat, left in enumerate(entry.left):
        if isinstance(left, int):
            if not 0 <= left <= top:
                raise SheetError("total_range", f"{_seat_name(seat)}: a total of {left} "
                                 f"cannot be: from 0 to {top}", seat=seat, total=left, most=top)
        else:
            for tile in left:
                if tile in owner:
                    raise SheetError("tile_twice", f"{tile.bracket()} is named twice",
                                     tile=tile, seats=(owner[tile], seat))
                owner[tile] = seat
            if len(left) > most:
                raise SheetError("too_many", f"{_seat_name(seat)} has {len(left)} tiles left: "
                                 f"at most {most}", seat=seat, count=len(left), most=most)
        empty = left == () or left == 0 and seat == out
        if seat == out and not empty and not rules.has_dead_tiles:
            raise SheetError("out_holds", f"{_seat_name(seat)} went out: it has nothing left",
                             seat=seat)
        if seat != out and left == () and counted:
            raise SheetError("nothing_left", f"{_seat_name(seat)} has nothing left: then it "
                             "went out", seat=seat)
    hands, dead, given = [], [], []
    for seat, left in enumerate(entry.left):
        if not counted and seat != out:
            left = ()
        tiles = left if isinstance(left, tuple) else ()
        mask = mask_of(tiles)
        hands.append(0 if seat == out else mask)
        dead.append(mask if seat == out else 0)
        given.append(left if isinstance(left, int) else None)
    _check_room(rules, entry, owner)
    _check_split(rules, entry, owner)
    clean_out = out is not None and not dead[out] and not given[out]
    if rules.ties_broken_by_smallest_tile and not clean_out:
        tied = tied_lowest(counted_totals(rules, hands, dead, given))
        untold = tuple(s for s in tied if given[s] is not None)
        if untold:
            raise SheetError("tie_needs_tiles", "the lowest totals are tied: the smallest "
                             "tile decides, so give the tied seats' tiles", seats=untold)
    status = "blocked" if out is None else "domino"
    return settle_counted(rules, status, out if out is not None else 0, hands, dead, given)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A match's score sheet: the rules, who starts the first round (None: the table's
    lot, or Gaple's [0|0]), the goal (Block: the target's points; else the rounds agreed)
    and each round as reported."""

    rules: Ruleset
    first: int | None
    goal: int
    entries: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        if self.first is not None and not 0 <= self.first < self.rules.players:
            raise SheetError("seat", f"there is no seat {self.first}", seat=self.first)
        if not 1 <= self.goal <= MOST_GOAL:
            raise SheetError("syntax", f"the goal is from 1 to {MOST_GOAL}, not {self.goal}",
                             at=0)

    @classmethod
    def new(cls, rules: Ruleset, first: int | None = None, goal: int | None = None) -> Sheet:
        return cls(rules, first, default_goal(rules) if goal is None else goal)

    def match(self) -> Match:
        """The match so far, every round added in turn."""
        match = self._empty()
        for entry in self.entries:
            match.add(settle_entry(self.rules, entry))
        return match

    def _empty(self) -> Match:
        rng = random.Random(0)  # never used: the table starts, not a lot drawn here
        if self.rules.family == "block":
            return BlockMatch(self.rules, rng, starter=self.first or 0, goal=self.goal)
        if self.rules.family == "gaple":
            return GapleMatch(self.rules, rng, rounds_agreed=self.goal)
        return DuelSeries(self.rules, rng, rounds_agreed=self.goal, starter=self.first or 0)

    def settlements(self) -> tuple[Settlement, ...]:
        return tuple(self.match().rounds)

    def add(self, entry: Entry) -> Sheet:
        """The sheet with one more round; :class:`SheetError` if the report cannot be or
        the match is over."""
        match = self.match()
        if match.over:
            raise SheetError("over", "the match is over")
        settle_entry(self.rules, entry)
        return Sheet(self.rules, self.first, self.goal, (*self.entries, entry))

    def undo(self) -> Sheet:
        """The sheet without its last round."""
        return Sheet(self.rules, self.first, self.goal, self.entries[:-1])

    def next_start(self, match: Match | None = None) -> Start:
        """Who starts the next round (RULES.md: Block passes the start clockwise; Gaple's
        winner starts the next, with a double where every tile is dealt; the two players
        take turns), or ``reason="over"``.  Where the first starter was drawn by lot (not on
        the sheet), later rounds name no seat but say how the start moves on."""
        match = self.match() if match is None else match
        if match.over:
            return Start(None, None, "over")
        rounds = len(match.rounds)
        if isinstance(match, GapleMatch):
            if match.previous_winner is not None:
                return Start(match.previous_winner, None if self.rules.middle_up else "double",
                             "previous_winner")
            if not self.rules.middle_up:
                return Start(None, TILES[0], "blank_double")
            return Start(self.first, None, "lot" if self.first is None else "chosen")
        turn: Reason = "clockwise" if isinstance(match, BlockMatch) else "alternate"
        if self.first is None:  # the lot's winner is not on the sheet: the turn moves on
            return Start(None, None, turn if rounds else "lot")
        if not rounds:
            return Start(self.first, None, "chosen")
        assert isinstance(match, (BlockMatch, DuelSeries))
        return Start(match.starter, None, turn)

    def text(self) -> str:
        """The sheet code (the module's grammar)."""
        first = "-" if self.first is None else str(self.first)
        goal = ("t" if self.rules.target is not None else "r") + str(self.goal)
        return "/".join([rules_code(self.rules), f"s{first}", goal,
                         *(e.text() for e in self.entries)])

    def __str__(self) -> str:
        return self.text()


# -- reading ------------------------------------------------------------------------------


def _syntax(at: int, message: str) -> SheetError:
    return SheetError("syntax", f"character {at + 1}: {message}", at=at)


def _rules(text: str) -> Ruleset:
    try:
        return parse_rules(text)
    except CodeError as e:
        raise _syntax(e.offset, e.message) from None


def _number(text: str, at: int, what: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise _syntax(at, f"{quoted(text)}: {what} is a whole number")
    return int(text)


def _left(part: str, at: int) -> Left:
    if part == "-":
        return ()
    if part[:1] == "t":
        return _number(part[1:], at + 1, "a total")
    if not part or len(part) % 2:
        raise _syntax(at + len(part), "a seat's part is its tiles (two pips each), t and "
                      "a total, or -")
    tiles = []
    for i in range(0, len(part), 2):
        a, b = PIPS.find(part[i]), PIPS.find(part[i + 1])
        if a < 0 or b < 0:
            raise _syntax(at + i + (a >= 0), "pips are 0 to 6")
        tiles.append(Tile.of(a, b))
    return tuple(sorted(tiles))


def _entry(text: str, at: int, players: int) -> Entry:
    parts = text.split(".")
    head = parts[0]
    out: int | None
    if head == "b":
        out = None
    elif head[:1] == "o" and len(head) == 2 and head[1].isdigit():
        out = int(head[1])
    else:
        raise _syntax(at, f"{quoted(head)}: a round starts with o and the seat that went out, "
                      "or b (blocked)")
    if len(parts) - 1 != players:
        raise _syntax(at, f"{len(parts) - 1} seats' parts for {players} players")
    lefts = []
    pos = at + len(head) + 1
    for part in parts[1:]:
        lefts.append(_left(part, pos))
        pos += len(part) + 1
    return Entry(out, tuple(lefts))


def parse_sheet(code: str) -> Sheet:
    """A sheet code, read strictly: :class:`SheetError` (``syntax`` with ``at``, or a
    round's reason with ``round``) for anything else.  Like a position code, it is ASCII
    only: any other character is refused where it stands (a digit of another script too)."""
    at = non_ascii(code)
    if at >= 0:
        raise _syntax(at, f"{quoted(code[at])} is not part of a sheet code: it is written "
                      "in ASCII")
    fields = code.split("/")
    rules = _rules(fields[0])
    if len(fields) < 3:
        raise _syntax(len(code), "a sheet is the rules, s and the first starter, the goal "
                      "(t or r and a number), then the rounds, separated by /")
    at = len(fields[0]) + 1
    first_f, goal_f = fields[1], fields[2]
    if first_f[:1] != "s" or not (first_f[1:] == "-" or (len(first_f) == 2 and
                                                          first_f[1].isdigit())):
        raise _syntax(at, f"{quoted(first_f)}: s and the seat that starts the first round, or s-")
    first = None if first_f[1:] == "-" else int(first_f[1])
    if first is not None and first >= rules.players:
        raise _syntax(at + 1, f"there is no seat {first}")
    at += len(first_f) + 1
    want = "t" if rules.target is not None else "r"
    if goal_f[:1] != want:
        raise _syntax(at, f"{quoted(goal_f)}: the goal is {want} and a number here")
    goal = _number(goal_f[1:], at + 1, "the goal")
    if not 1 <= goal <= MOST_GOAL:
        raise _syntax(at + 1, f"the goal is from 1 to {MOST_GOAL}")
    at += len(goal_f) + 1
    sheet = Sheet(rules, first, goal)
    match = sheet.match()  # played on round by round (Sheet.add would replay every round)
    entries = []
    for number, text in enumerate(fields[3:], start=1):
        entry = _entry(text, at, rules.players)
        try:
            if match.over:
                raise SheetError("over", "the match is over")
            match.add(settle_entry(rules, entry))
        except SheetError as e:
            e.params["round"] = number
            raise
        entries.append(entry)
        at += len(text) + 1
    return Sheet(rules, first, goal, tuple(entries))
