"""The counting drill: questions a player answers by counting, from one seat's view.

Good players count all round: how many of a number are still out, which numbers an opponent
has shown they lack, whether anyone else can still answer an end, how many pips are still
hidden.  A drill question is asked at a real position (a round dealt from a seed and played
by computer players, stopped at a random move) from one seat's view, and every answer is
worked out from that view alone (:mod:`engine.game.view`: the seat's own tiles, the line, every
count and the values each player has shown they lack), never from the hidden hands.

Kinds (:data:`KINDS`):

- ``hidden``: how many tiles showing ``value`` are hidden from the seat (0–7): the seven
  tiles with that number, less those in the seat's hand, on the line and among its own dead
  tiles;
- ``lacks``: which numbers the player ``about`` can no longer hold (toggles, 0–6): those
  their passes, draws and dead discards showed they lack, those with every tile in sight,
  and (rarely, never asked) those the others' counts leave no room for;
- ``open_end``: could any other player still hold a tile for the number on an open end
  (1 yes, 0 no);
- ``pips``: how many pips are hidden from the seat (one of four totals): the set's 168 less
  the seat's hand, the line and its own dead tiles.

"Could hold" means: some deal of the unseen tiles that the view allows gives it to them
(the deals :mod:`engine.search.sampler` draws from: each opponent's hand of the right size without
the numbers they lack; dead tiles and the stock take the rest).  :func:`may_hold` decides
that exactly, by a matching of the unseen tiles to the hands.

:func:`check` says whether an answer is right and why the right answer is what it is, with
the tiles that make it so: :class:`Reason` codes (for translation) and their params.

=================  =========================================  ===================================
code               params                                     English
=================  =========================================  ===================================
hidden_count       value, seen (tiles), hidden (tiles),       Seven tiles show a {value}; you see
                   count                                      {seen}, so {count} are hidden.
shown_lack         seat, value, event (pass/draw/discard),    {seat} has no {value}: they
                   ends (two ints, or ())                     {event}ed with {ends} open.
all_seen           value, tiles                               Every tile with a {value} is in
                                                              sight: {tiles}.
forced_elsewhere   seat, value, tiles                         The hidden tiles with a {value}
                                                              ({tiles}) cannot all be {seat}'s.
may_hold           seat, value, tiles                         {seat} may hold {tiles}.
none_known         seat                                       {seat} has shown no lack, and every
                                                              number is still out.
pips_count         total, hand, line, dead, count             {total} − {hand} − {line} − {dead}
                                                              = {count}.
=================  =========================================  ===================================

Every question is reproducible: ``question(q.seed)`` is ``q`` again (its kind is drawn from
the seed), and ``question(seed, kind)`` asks that kind at the seed's positions (should none of
:data:`ATTEMPTS` positions fit the kind, which no seed tried so far does, a ``hidden`` one).

>>> q = question(7)
>>> check(q, q.answer).right
True
>>> question(q.seed).answer == q.answer and question(q.seed, q.kind).answer == q.answer
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..game.moves import End
from ..game.rules import Ruleset, block, duel, gaple
from ..game.state import State
from ..game.tiles import ALL_MASK, FITS, VALUES, Tile, tiles_of
from ..game.view import SeatView, view
from ..players.bots import LEVELS, make_bot
from ..players.reasons import CodedReason
from ..search.deals import forbidden_mask, unseen_mask

Kind = Literal["hidden", "lacks", "open_end", "pips"]
KINDS: Final[tuple[Kind, ...]] = ("hidden", "lacks", "open_end", "pips")

#: Every family, player count and variant the positions are drawn from (equally often).
RULESETS: Final[tuple[Ruleset, ...]] = (
    block(2), block(3), block(4), duel(False), duel(True),
    gaple(4), gaple(4, 7), gaple(5), gaple(4, dead_tiles=False),
)
#: The computer players that play the rounds (each seat one of them, drawn by lot).
PLAYERS: Final[tuple[str, ...]] = tuple(level for level in LEVELS if level != "strong")
#: Tiles showing any one number, and the pips of the whole set.
PER_NUMBER: Final = 7
SET_PIPS: Final = sum(VALUES)
#: Seeds a page offers: ``0 <= seed < SEED_LIMIT``.
SEED_LIMIT: Final = 10**9
#: Positions tried for one question before any position will do.
ATTEMPTS: Final = 40
#: How many totals a ``pips`` question offers.
PIP_CHOICES: Final = 4
YES: Final = 1
NO: Final = 0

_TEXTS: Final[dict[str, str]] = {
    "hidden_count": "Seven tiles show a {value}; you see {seen}, so {count} are hidden.",
    "shown_lack": "Player {seat} has no {value}: they made a {event} with {ends} open.",
    "all_seen": "Every tile with a {value} is in sight: {tiles}.",
    "forced_elsewhere": "The hidden tiles with a {value} ({tiles}) cannot be player {seat}'s: "
                        "the others' counts leave no room for them.",
    "may_hold": "Player {seat} may hold {tiles}: they are hidden, and nothing shows a lack.",
    "none_known": "Player {seat} has shown no lack, and every number is still out.",
    "pips_count": "{total} − {hand} − {line} − {dead} = {count}.",
}
#: Every reason code :func:`check` gives (the page translates each).
REASON_CODES: Final[tuple[str, ...]] = tuple(_TEXTS)


class Reason(CodedReason):
    """Why the right answer is what it is: a code for translation and its values."""

    TEXTS = _TEXTS


Answer = int | frozenset[int]


@dataclass(frozen=True)
class Question:
    """One drill question at ``state`` from ``seat``'s view.

    ``value``: the number asked about (``hidden``, ``open_end``); ``end``: the open end that
    shows it (``open_end``); ``about``: the player asked about (``lacks``); ``choices``: the
    answers offered (``lacks``: the numbers to toggle); ``answer``: the right one (a set of
    numbers for ``lacks``).  The state is the page's to draw, never to change."""

    seed: int
    kind: Kind
    state: State
    seat: int
    choices: tuple[int, ...]
    answer: Answer
    value: int | None = None
    end: End | None = None
    about: int | None = None

    @property
    def view(self) -> SeatView:
        return view(self.state, self.seat)

    @property
    def several(self) -> bool:
        """The answer is a set of numbers (toggled), not one choice."""
        return self.kind == "lacks"


@dataclass(frozen=True)
class Verdict:
    right: bool
    answer: Answer
    reasons: tuple[Reason, ...]


# -- counting from a view ----------------------------------------------------------------------


def seen_tiles(v: SeatView) -> tuple[Tile, ...]:
    """Every tile the seat can see: its hand, its own dead tiles, the line."""
    return tiles_of(ALL_MASK & ~unseen_mask(v))


def hidden_tiles(v: SeatView) -> tuple[Tile, ...]:
    """Every tile the seat cannot see."""
    return tiles_of(unseen_mask(v))


def hidden_count(v: SeatView, value: int) -> int:
    """How many tiles showing ``value`` the seat cannot see."""
    return (unseen_mask(v) & FITS[value]).bit_count()


def hidden_pips(v: SeatView) -> int:
    """The pips on every tile the seat cannot see."""
    return sum(t.value for t in hidden_tiles(v))


def _hands_fill(v: SeatView, tiles: Sequence[Tile], need: Mapping[int, int]) -> bool:
    """Whether ``tiles`` can fill every opponent's hand (``need[p]`` tiles each), none of them
    showing a number that player lacks: a matching of hand places to tiles (augmenting paths;
    the tiles left over go to dead tiles and the stock, which take anything)."""
    banned = {p: forbidden_mask(v.missing[p]) for p in need}
    places = [p for p, n in need.items() for _ in range(n)]
    if len(places) > len(tiles):
        return False
    holder: dict[int, int] = {}  # tile's position in ``tiles`` -> the place holding it

    def place(k: int, tried: set[int]) -> bool:
        for i, tile in enumerate(tiles):
            if i in tried or banned[places[k]] & tile.bit:
                continue
            tried.add(i)
            if i not in holder or place(holder[i], tried):
                holder[i] = k
                return True
        return False

    return all(place(k, set()) for k in range(len(places)))


def may_hold(v: SeatView, who: int, value: int) -> tuple[Tile, ...]:
    """The hidden tiles showing ``value`` that ``who`` (another seat) may hold: those some
    deal the view allows gives them (empty: they cannot hold a ``value``)."""
    if who == v.seat:
        return tuple(t for t in v.hand if t.has(value))
    hidden = hidden_tiles(v)
    need = {p: v.hand_counts[p] for p in range(len(v.hand_counts)) if p != v.seat}
    banned = forbidden_mask(v.missing[who])
    if not need[who]:
        return ()
    need[who] -= 1
    return tuple(tile for tile in hidden if tile.has(value) and not banned & tile.bit
                 and _hands_fill(v, [t for t in hidden if t != tile], need))


def cannot_hold(v: SeatView, who: int) -> frozenset[int]:
    """The numbers ``who`` can no longer hold, as the seat ``v`` sees it."""
    return frozenset(n for n in range(7) if not may_hold(v, who, n))


def anyone_may_play(v: SeatView, value: int) -> bool:
    """Whether another player may still hold a tile showing ``value``."""
    return any(may_hold(v, p, value) for p in range(len(v.hand_counts)) if p != v.seat)


# -- why -----------------------------------------------------------------------------------


def _shown(state: State, who: int, value: int) -> Reason:
    """The public move that showed ``who`` lacks ``value``: their last pass, draw or dead
    discard with ``value`` open."""
    for rec in reversed(state.history):
        if rec.player == who and rec.move.kind != "play" and value in rec.ends:
            return Reason("shown_lack", {"seat": who, "value": value, "event": rec.move.kind,
                                         "ends": tuple(rec.ends)})
    return Reason("shown_lack", {"seat": who, "value": value, "event": "", "ends": ()})


def _why_not(state: State, v: SeatView, who: int, value: int) -> Reason:
    """Why ``who`` cannot hold a ``value``."""
    if value in v.missing[who]:
        return _shown(state, who, value)
    hidden = tuple(t for t in hidden_tiles(v) if t.has(value))
    if not hidden:
        return Reason("all_seen", {"value": value,
                                   "tiles": tuple(t for t in seen_tiles(v) if t.has(value))})
    return Reason("forced_elsewhere", {"seat": who, "value": value, "tiles": hidden})


def _why_hidden(v: SeatView, value: int) -> Reason:
    return Reason("hidden_count", {
        "value": value, "count": hidden_count(v, value),
        "seen": tuple(t for t in seen_tiles(v) if t.has(value)),
        "hidden": tuple(t for t in hidden_tiles(v) if t.has(value))})


def _why_pips(v: SeatView) -> Reason:
    return Reason("pips_count", {
        "total": SET_PIPS, "hand": sum(t.value for t in v.hand),
        "line": sum(t.value for t in v.line.tiles()), "dead": sum(t.value for t in v.dead),
        "count": hidden_pips(v)})


def _why_lacks(q: Question, given: frozenset[int]) -> tuple[Reason, ...]:
    v, who = q.view, q.about
    assert who is not None and isinstance(q.answer, frozenset)
    wrong = sorted(given - q.answer)
    missed = sorted(q.answer - given)
    reasons = [Reason("may_hold", {"seat": who, "value": n, "tiles": may_hold(v, who, n)})
               for n in wrong]
    reasons += [_why_not(q.state, v, who, n) for n in (missed if wrong or missed
                                                        else sorted(q.answer))]
    if not reasons:
        reasons.append(Reason("none_known", {"seat": who}))
    return tuple(reasons)


def _why_open(q: Question) -> tuple[Reason, ...]:
    v, value = q.view, q.value
    assert value is not None
    others = [p for p in range(len(v.hand_counts)) if p != q.seat]
    if q.answer == YES:
        return tuple(Reason("may_hold", {"seat": p, "value": value, "tiles": tiles})
                     for p in others if (tiles := may_hold(v, p, value)))
    if not any(t.has(value) for t in hidden_tiles(v)):
        return (_why_not(q.state, v, others[0], value),)
    return tuple(_why_not(q.state, v, p, value) for p in others)


def check(q: Question, given: int | Collection[int]) -> Verdict:
    """Whether ``given`` answers ``q`` (a number, or the numbers toggled for ``lacks``), and
    why the right answer is what it is."""
    v = q.view
    if q.kind == "lacks":
        chosen = frozenset(int(n) for n in given) if isinstance(given, Collection) \
            else frozenset({int(given)})
        return Verdict(chosen == q.answer, q.answer, _why_lacks(q, chosen))
    if isinstance(given, Collection):
        given = next(iter(given), -1)
    right = int(given) == q.answer
    if q.kind == "hidden":
        assert q.value is not None
        return Verdict(right, q.answer, (_why_hidden(v, q.value),))
    if q.kind == "pips":
        return Verdict(right, q.answer, (_why_pips(v),))
    return Verdict(right, q.answer, _why_open(q))


# -- positions and questions ---------------------------------------------------------------


def position(rng: random.Random, rules: Ruleset | None = None) -> State:
    """A round of ``rules`` (else one of :data:`RULESETS`) dealt and played by computer
    players, stopped at a random move after the first two and before its end."""
    while True:
        chosen = rules if rules is not None else rng.choice(RULESETS)
        start = State.deal(chosen, rng)
        bots = [make_bot(rng.choice(PLAYERS)) for _ in range(chosen.players)]
        state = start.copy()
        while not state.over:
            mover = state.mover
            assert mover is not None
            state.push(bots[mover].decide(view(state, mover), rng).move)
        moves = state.moves
        if len(moves) < 4:
            continue
        stop = rng.randint(max(2, len(moves) // 3), len(moves) - 1)
        for move in moves[:stop]:
            start.push(move)
        return start


def _hidden(seed: int, state: State, seat: int, rng: random.Random) -> Question:
    v = view(state, seat)
    ends = list(v.ends)
    value = rng.choice(ends) if ends and rng.random() < 0.5 else rng.randrange(7)
    return Question(seed, "hidden", state, seat, tuple(range(PER_NUMBER + 1)),
                    hidden_count(v, value), value=value)


def _lacks(seed: int, state: State, seat: int, rng: random.Random) -> Question | None:
    v = view(state, seat)
    others = [p for p in range(state.players) if p != seat]
    shown = [p for p in others if v.missing[p]]
    who = rng.choice(shown) if shown and rng.random() < 0.8 else rng.choice(others)
    answer = cannot_hold(v, who)
    if any(n not in v.missing[who] and any(t.has(n) for t in hidden_tiles(v)) for n in answer):
        return None  # a number only the counts rule out: not one to drill
    return Question(seed, "lacks", state, seat, tuple(range(7)), answer, about=who)


def _open_end(seed: int, state: State, seat: int, rng: random.Random, want: int | None
              ) -> Question | None:
    v = view(state, seat)
    if not v.ends:
        return None
    end: End = rng.choice(("left", "right"))
    value = v.ends[0] if end == "left" else v.ends[1]
    answer = YES if anyone_may_play(v, value) else NO
    if want is not None and answer != want:
        return None
    others = [p for p in range(state.players) if p != seat]
    if answer == NO and any(r.code == "forced_elsewhere"
                            for r in (_why_not(state, v, p, value) for p in others)):
        return None
    return Question(seed, "open_end", state, seat, (YES, NO), answer, value=value, end=end)


def _pips(seed: int, state: State, seat: int, rng: random.Random) -> Question:
    """Four totals: the right one and three a miscount gives (a tile of one's own or of the
    line left out, or a hidden tile taken away), else near numbers."""
    v = view(state, seat)
    answer = hidden_pips(v)
    slips = {answer + t.value for t in (*v.hand, *v.line.tiles())}
    slips |= {answer - t.value for t in hidden_tiles(v)}
    slips = {n for n in slips if n != answer and 0 < n <= SET_PIPS}
    wrong = rng.sample(sorted(slips), min(PIP_CHOICES - 1, len(slips)))
    step = 1
    while len(wrong) < PIP_CHOICES - 1:
        for n in (answer + step, answer - step):
            if n not in wrong and 0 <= n <= SET_PIPS and len(wrong) < PIP_CHOICES - 1:
                wrong.append(n)
        step += 1
    return Question(seed, "pips", state, seat, tuple(sorted((answer, *wrong))), answer)


def question(seed: int, kind: Kind | None = None, *, rules: Ruleset | None = None) -> Question:
    """The drill question of ``seed`` (its kind drawn from the seed unless given)."""
    rng = random.Random(seed)
    drawn: Kind = rng.choice(KINDS)
    kind = kind if kind is not None else drawn
    want = NO if rng.random() < 0.4 else YES  # open_end: "no" comes up this often
    makers: dict[Kind, Callable[[State, int, int], Question | None]] = {
        "hidden": lambda s, seat, _: _hidden(seed, s, seat, rng),
        "lacks": lambda s, seat, _: _lacks(seed, s, seat, rng),
        "open_end": lambda s, seat, a: _open_end(seed, s, seat, rng,
                                                   want if a < ATTEMPTS // 2 else None),
        "pips": lambda s, seat, _: _pips(seed, s, seat, rng),
    }
    if kind not in makers:
        raise ValueError(f"unknown kind {kind!r}: choose from {', '.join(KINDS)}")
    state = position(rng, rules)
    for attempt in range(ATTEMPTS):
        seat = rng.randrange(state.players)
        made = makers[kind](state, seat, attempt)
        if made is not None:
            return made
        state = position(rng, rules)
    return _hidden(seed, state, rng.randrange(state.players), rng)
