"""Strategy principles and what each is worth, measured (the Strategy course's evidence).

A principle is measured the way a learner can trust: the player who follows it against
players who differ from it in that principle **alone**, over duplicate deals (the arena:
:func:`engine.players.arena.play_deals`; every deal played once per rotation of the seats).  The
player is the counting player (:class:`engine.players.bots.CountingBot`), which weighs every
play by a handful of named considerations (:class:`engine.players.counting.Weights`); the player
*without* a principle is the same player with that consideration taken away (its weight
0, what it knows of the others' lacks forgotten, or a folk rule put in its place).  With
three or more players the one who follows the principle sits in one seat and the players
without it in every other, as in the README's levels table.

The figure is the follower's score a round against the others (the arena's scale: Block,
its points less the mean of the others'; Gaple, (N + 1) / 2 less its place; the duel,
+1 / 0 / −1), pooled over the deals of several seeds (:data:`SEEDS`), with an interval
that holds for the course as a whole: each of the :data:`FIGURES` intervals at
1 − 0.05 / :data:`FIGURES` (Bonferroni), so that all hold together 19 times in 20.  The
verdict (:attr:`Evidence.verdict`) reads the figure against the practical size of its
family (:func:`practical`, a tenth of the review's inaccuracy band): *pays* or *costs*
when the interval leaves out 0 and the figure is at least that size; *too small to
matter* when it is smaller and either its interval leaves out 0 or lies within that size
either way; else *no difference shows*.  A figure that costs says the principle, as the
counting player applies it, is a myth worth knowing.  Figures are shown with
:func:`digits` decimals.

:func:`measure` runs one principle in one game; ``bench/principles.py`` runs them all and
writes the data file the lessons read (``scenarios/lessons/strategy/evidence.json``).
"""

from __future__ import annotations

import json
import math
import random
import statistics
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import NormalDist
from typing import Any, Final

from ..game.moves import Move, canonical
from ..game.rules import Ruleset
from ..game.tiles import TILES
from ..game.view import SeatView, view
from ..players.arena import play_deals
from ..players.bots import Bot, CountingBot, HeaviestBot
from ..players.counting import WEIGHTS, Weights, play_chance, play_score
from ..search.appraise import BANDS
from ..search.scoring import opened
from .puzzle import TOLERANCE, Figures
from .scenario import Scenario

#: The games a principle is measured in, by the names the benchmarks use.
GAMES: Final[tuple[str, ...]] = ("block-2", "block-3", "block-4", "gaple-4x6", "gaple-4x7",
                                 "gaple-5", "duel", "duel-draw")


@dataclass(frozen=True, slots=True)
class Principle:
    """One principle: its key (the lesson's id), the games it is measured in, the two
    players that differ in it alone (``follows(family)``, ``without(family)``), and the
    principle followed blindly (``blind(family)``: a player that weighs it alone, ties to
    the heavier tile), whose choice a lesson's position and counter-example test."""

    key: str
    games: tuple[str, ...]
    follows: Callable[[str], Bot]
    without: Callable[[str], Bot]
    blind: Callable[[str], Bot]
    #: What the principle chooses: which tile to play, or which to throw dead when stuck.
    chooses: str = "play"


def _counting(family: str) -> Bot:
    return CountingBot()


def _zero(field: str) -> Callable[[str], Bot]:
    """The counting player with the weight ``field`` set to 0."""
    def make(family: str) -> Bot:
        zeroed: dict[str, Any] = {field: 0.0}
        return CountingBot(replace(WEIGHTS[family], **zeroed))
    return make


def _only(*fields: str) -> Callable[[str], Bot]:
    """A player that weighs ``fields`` alone (every other weight 0; it still goes out)."""
    def make(family: str) -> Bot:
        zero = Weights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        return CountingBot(replace(zero, **{f: getattr(WEIGHTS[family], f) for f in fields}))
    return make


def _heaviest(family: str) -> Bot:
    return HeaviestBot()


def _hold_blank(family: str) -> Bot:
    return CountingBot(hold_blank=True)


_MULTI: Final = ("block-3", "block-4", "gaple-4x6", "gaple-4x7", "gaple-5")
_GAPLE: Final = ("gaple-4x6", "gaple-4x7", "gaple-5")

#: Every principle, in the course's order.
PRINCIPLES: Final[tuple[Principle, ...]] = (
    # The heaviest-tile player against careful players (not against random play).
    Principle("heavy_first", GAMES, _heaviest, _counting, _heaviest),
    Principle("shed_pips", GAMES, _counting, _zero("pips"), _heaviest),
    Principle("doubles_out", GAMES, _counting, _zero("double"), _only("double")),
    Principle("keep_fitting", GAMES, _counting, _zero("keeps"), _only("keeps")),
    Principle("variety", GAMES, _counting, _zero("variety"), _only("variety")),
    Principle("next_lacks", GAMES, _counting, _zero("next_stuck"), _only("next_stuck")),
    Principle("later_lacks", _MULTI, _counting, _zero("later_stuck"), _only("later_stuck")),
    # Only a number no unseen tile shows counts, which a stock or sleeping tiles hide.
    Principle("control", (*_GAPLE, "duel-draw"), _counting, _zero("control"),
              _only("control")),
    Principle("count_lacks", GAMES, _counting, lambda f: CountingBot(lacks=False),
              _only("next_stuck", "later_stuck")),
    Principle("dead_tile", _GAPLE, _counting, lambda f: CountingBot(dead="heaviest"),
              lambda f: CountingBot(dead="unmatched"), chooses="discard"),
    # Gaple 4 × 7 deals every tile, and [0|0] opens its round: nobody holds it later.
    Principle("hold_blank", tuple(g for g in GAMES if g != "gaple-4x7"), _hold_blank, _counting,
              _hold_blank),
    Principle("count_first", GAMES, _counting, _heaviest, _counting),
)


_KEYS: Final = tuple(p.key for p in PRINCIPLES)


def principle(key: str) -> Principle:
    """The principle named ``key``; KeyError for an unknown one."""
    for p in PRINCIPLES:
        if p.key == key:
            return p
    raise KeyError(key)


#: The seeds a figure pools, each giving ``bench/principles.py``'s deals: enough deals that a
#: verdict stays the same when two other seeds are played (``bench/principles.py --check``).
SEEDS: Final[tuple[int, ...]] = (1, 2, 3)
#: How many figures the course shows: a principle's, in each game it is measured in.
FIGURES: Final = sum(len(p.games) for p in PRINCIPLES)
#: The chance that any one of the course's intervals misses its true figure (Bonferroni):
#: all :data:`FIGURES` intervals hold together at least 95 times in 100.
MISS: Final = 0.05 / FIGURES
#: The interval's half-width, in standard errors, at 1 − :data:`MISS`.
Z: Final = NormalDist().inv_cdf(1 - MISS / 2)


def family_of(game: str) -> str:
    """The family (the review's bands) of the game ``game``: ``block``, ``gaple`` or ``duel``."""
    return game.split("-")[0]


def practical(family: str) -> float:
    """The practical size in ``family``: a tenth of the review's inaccuracy band (Block 0.15
    points, Gaple 0.015 places, the duel 0.01).  A figure smaller than that either way is too
    small to matter, whatever its interval."""
    return BANDS[family][0] / 10


def digits(family: str) -> int:
    """The decimals a figure in ``family`` is shown with: enough that a tenth of the practical
    size shows (Block 0.15: 2, 0.01; Gaple 0.015 and the duel 0.01: 3, 0.001)."""
    return max(0, math.ceil(-math.log10(practical(family) / 10) - 1e-9))


@dataclass(frozen=True, slots=True)
class Evidence:
    """What following a principle was worth in one game (see the module): the follower's
    mean score a round against the others over ``deals`` duplicate deals from each of
    ``seeds``, and its standard error."""

    principle: str
    game: str
    deals: int  # from each seed
    seeds: tuple[int, ...]
    score: float
    se: float

    @property
    def family(self) -> str:
        return family_of(self.game)

    @property
    def low(self) -> float:
        """The course-wide interval's low end: score − :data:`Z` standard errors."""
        return self.score - Z * self.se

    @property
    def high(self) -> float:
        return self.score + Z * self.se

    @property
    def verdict(self) -> str:
        """``pays`` or ``costs`` when the course-wide interval leaves out 0 on that side and
        the figure is at least the practical size; ``small`` (too small to matter) when the
        figure is below it and its interval either leaves out 0 or lies within the practical
        size either way; else ``even`` (no difference shows).  Read from the figures as shown
        (:func:`digits` decimals), so that a reader can check it: "+0.000 to +0.010" holds 0."""
        places = digits(self.family)
        score, low, high = (round(x, places) for x in (self.score, self.low, self.high))
        size = practical(self.family)
        if abs(score) >= size:
            return "pays" if low > 0 else ("costs" if high < 0 else "even")
        within = -size < low and high < size
        return "small" if within or low > 0 or high < 0 else "even"


def measure(p: Principle, game: str, rules: Ruleset, deals: int,
            seeds: Sequence[int] = SEEDS) -> Evidence:
    """The principle's figure in ``game`` (whose ruleset is ``rules``) over ``deals``
    duplicate deals from each of ``seeds``, pooled: the follower in one seat, the player
    without it in the others."""
    family = rules.family
    bots = [p.follows(family)] + [p.without(family) for _ in range(rules.players - 1)]
    results: list[float] = []
    for seed in seeds:
        results += play_deals(rules, bots, deals, seed).per_deal[0]
    score = statistics.fmean(results)
    se = statistics.stdev(results) / math.sqrt(len(results)) if len(results) > 1 else 0.0
    return Evidence(p.key, game, deals, tuple(seeds), score, se)


#: A bank puzzle's game, by the part of its id after "puzzle-" (engine/teaching/puzzles.py names them).
_PUZZLE_GAMES: Final[dict[str, str]] = {
    "b2": "block-2", "b3": "block-3", "b4": "block-4", "d2": "duel", "d2d": "duel-draw",
    "g4x6": "gaple-4x6", "g4x7": "gaple-4x7", "g5x5": "gaple-5"}


def game_of(puzzle_id: str) -> str:
    """The game of the bank puzzle ``puzzle_id`` (``puzzle-b3-1-0051``: ``block-3``)."""
    return _PUZZLE_GAMES[puzzle_id.split("-")[1]]


# -- a lesson's positions: where a principle decides, where following it blindly misleads ----------

def _pips_differ(v: SeatView) -> bool:
    """The tiles ``v``'s mover can play are not all of one weight."""
    return len({m.tile.value for m in v.legal if m.tile is not None}) > 1


def _varies(*fields: str) -> Callable[[SeatView], bool]:
    """The principle's own weights (``fields``, each 1, every other 0) score the legal
    plays differently: it has something to choose on."""
    weights = replace(Weights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0), **{f: 1.0 for f in fields})

    def present(v: SeatView) -> bool:
        return len({round(play_score(v, m, weights), 9) for m in v.legal
                    if m.kind == "play"}) > 1
    return present


def _opens_lacked(later: bool) -> Callable[[SeatView], bool]:
    """A play leaves an open end showing a number that a player has shown it lacks (a
    pass, a draw, a dead tile): the next player (``later`` False) or a player after it
    (True)."""
    def present(v: SeatView) -> bool:
        n = len(v.hand_counts)
        seats = [(v.seat + k) % n for k in (range(2, n) if later else (1,))]
        lacked = {x for s in seats if v.hand_counts[s] for x in v.missing[s]}
        return any(set(opened(v, m)) & lacked for m in v.legal if m.kind == "play")
    return present


def _opens_any_lacked(v: SeatView) -> bool:
    return _opens_lacked(False)(v) or _opens_lacked(True)(v)


def _holds_blank(v: SeatView) -> bool:
    """[0|0] is playable, and so is another tile: holding it is a choice."""
    tiles = {m.tile for m in v.legal if m.kind == "play"}
    return TILES[0] in tiles and len(tiles) > 1


def _throws_differ(v: SeatView) -> bool:
    """A stuck Gaple player's tiles differ in how likely each is to be matched later."""
    return len({round(play_chance(v, t), 9) for t in v.hand}) > 1


#: What each principle is about, in a position (its object: a double to play, a number a
#: player has shown it lacks, [0|0] in hand, ...): a position without it shows nothing of it.
_OBJECT: Final[dict[str, Callable[[SeatView], bool]]] = {
    "heavy_first": _pips_differ, "shed_pips": _pips_differ, "doubles_out": _varies("double"),
    "keep_fitting": _varies("keeps"), "variety": _varies("variety"),
    "next_lacks": _opens_lacked(False), "later_lacks": _opens_lacked(True),
    "control": _varies("control"), "count_lacks": _opens_any_lacked,
    "dead_tile": _throws_differ, "hold_blank": _holds_blank,
    "count_first": _varies(*Weights.__dataclass_fields__)}


def _bare(key: str, family: str) -> Bot | None:
    """The player without the principle's own consideration and with the blind player's
    tie-breaks: every weight 0, the heavier tile on ties (a dead tile: the heaviest); for
    ``count_lacks`` the blind player forgetting what each seat has shown it lacks; for
    ``hold_blank`` the counting player, who plays [0|0] when it weighs best.  None for the
    principles whose consideration is the heavier tile itself (``heavy_first``,
    ``shed_pips``): there it separates the moves when the playable tiles differ in weight."""
    if key in ("heavy_first", "shed_pips"):
        return None
    if key == "count_lacks":
        w = WEIGHTS[family]
        return CountingBot(replace(Weights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
                                   next_stuck=w.next_stuck, later_stuck=w.later_stuck),
                           lacks=False)
    if key == "hold_blank":
        return CountingBot()
    if key == "dead_tile":
        return CountingBot(dead="heaviest")
    return CountingBot(Weights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))


def _pick(p: Principle, who: str, v: SeatView) -> Move | None:
    """The move ``who`` (``blind``, ``follows``, ``without`` or ``bare``) makes at ``v``, by
    its one name (a play on either of two equal ends is one move); None for ``bare`` where
    the principle has no such player (:func:`_bare`)."""
    assert v.rules is not None
    family = v.rules.family
    bot = _bare(p.key, family) if who == "bare" else \
        {"blind": p.blind, "follows": p.follows, "without": p.without}[who](family)
    if bot is None:
        return None
    # The levels that follow a principle never draw from the generator they are given.
    return canonical(bot.decide(v, random.Random(0)).move, v.ends)


def choice(p: Principle, who: str, s: Scenario) -> Move:
    """The move ``who`` (``blind``, ``follows`` or ``without``) makes in puzzle ``s``, by
    its one name (a play on either of two equal ends is one move)."""
    move = _pick(p, who, puzzle_view(s))
    assert move is not None
    return move


def puzzle_view(s: Scenario) -> SeatView:
    """The view of bank puzzle ``s``'s mover at its decision."""
    assert s.puzzle is not None
    return view(s.replay(), s.puzzle.seat)


def _about(p: Principle, v: SeatView) -> bool:
    """The decision at ``v`` is what ``p`` chooses (a tile to play, or a tile to throw
    dead) and holds the principle's object (:data:`_OBJECT`)."""
    return v.legal[0].kind == p.chooses and _OBJECT[p.key](v)


def separates(p: Principle, v: SeatView) -> bool:
    """The principle's own consideration separates the moves at ``v``: the player that
    weighs it alone (``blind``) and the one that weighs nothing, with the same tie-breaks
    (:func:`_bare`), choose differently."""
    bare = _pick(p, "bare", v)
    if bare is None:
        return _pips_differ(v)
    return _pick(p, "blind", v) != bare


def decides_at(p: Principle, v: SeatView, f: Figures) -> bool:
    """``v`` (the appraisal's figures ``f``) is a position where ``p`` decides: it holds the
    principle's object, the principle's own consideration separates the moves
    (:func:`separates`), the principle's choice is the best, and the player without it
    (``without``) chooses another."""
    return (_about(p, v) and separates(p, v) and _pick(p, "blind", v) in f.best
            and _pick(p, "without", v) not in f.best)


def misleads_at(p: Principle, v: SeatView, f: Figures) -> bool:
    """``v`` (figures ``f``) is a counter-example to ``p``: it holds the principle's object,
    and the principle followed blindly picks another *tile* than the best move's, whose best
    play (either end) is worse than the best move by at least the family's inaccuracy band
    (:data:`engine.search.appraise.BANDS`): not merely another end of the best tile."""
    assert v.rules is not None
    if not _about(p, v):
        return False
    move = _pick(p, "blind", v)
    assert move is not None
    worth = max((m.expected for m in f.moves if m.move.tile == move.tile), default=None)
    top = f.moves[0].expected
    return worth is not None and worth <= top - BANDS[v.rules.family][0] + TOLERANCE


def decides(p: Principle, s: Scenario) -> bool:
    """Bank puzzle ``s`` is a position where ``p`` decides (:func:`decides_at`)."""
    assert s.puzzle is not None
    return decides_at(p, puzzle_view(s), s.puzzle.figures)


def misleads(p: Principle, s: Scenario) -> bool:
    """Bank puzzle ``s`` is a counter-example to ``p`` (:func:`misleads_at`)."""
    assert s.puzzle is not None
    return misleads_at(p, puzzle_view(s), s.puzzle.figures)


# -- the course's data: scenarios/lessons/strategy/course.toml and evidence.json ------------------

@dataclass(frozen=True, slots=True)
class Lesson:
    """One principle's lesson: the bank puzzles of its position (where it decides), its
    counter-example (where following it blindly is not the best move) and its practice."""

    principle: str
    position: str | None
    counter: str | None
    practice: tuple[str, ...]


class CourseError(ValueError):
    """The course's data file cannot be read: says which file and what is wrong."""


def load_course(path: Path) -> tuple[Lesson, ...]:
    """The lessons of ``path`` (course.toml), in the course's order, one per principle."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise CourseError(f"{path}: {e}") from e
    lessons = []
    for i, item in enumerate(raw.get("lessons", [])):
        key = item.get("principle")
        if not isinstance(key, str) or key not in _KEYS:
            raise CourseError(f"{path}: lessons[{i}].principle: not a principle: {key!r}")
        practice = item.get("practice", [])
        if not isinstance(practice, list) or not all(isinstance(x, str) for x in practice):
            raise CourseError(f"{path}: lessons[{i}].practice: a list of puzzle ids")
        lessons.append(Lesson(key, item.get("position"), item.get("counter"), tuple(practice)))
    if [lesson.principle for lesson in lessons] != list(_KEYS):
        raise CourseError(f"{path}: one lesson per principle, in the course's order")
    return tuple(lessons)


def load_evidence(path: Path) -> dict[tuple[str, str], Evidence]:
    """The figures of ``path`` (evidence.json, bench/principles.py's): (principle, game) →
    its :class:`Evidence`."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))["figures"]
        return {(r["principle"], r["game"]): evidence_of(r) for r in rows}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CourseError(f"{path}: {e}") from e


def evidence_of(row: dict[str, Any]) -> Evidence:
    """The :class:`Evidence` of one of evidence.json's rows (KeyError, TypeError or
    ValueError for a row that is not one)."""
    return Evidence(str(row["principle"]), str(row["game"]), int(row["deals"]),
                    tuple(int(s) for s in row["seeds"]), float(row["score"]), float(row["se"]))


def row_of(e: Evidence) -> dict[str, object]:
    """One of evidence.json's rows: the figure, its standard error, and for a reader the
    course-wide interval and the verdict (:func:`evidence_of` reads back the first)."""
    e = replace(e, score=round(e.score, 6), se=round(e.se, 6))
    return {"principle": e.principle, "game": e.game, "deals": e.deals, "seeds": list(e.seeds),
            "score": round(e.score, 6), "se": round(e.se, 6), "low": round(e.low, 6),
            "high": round(e.high, 6), "verdict": e.verdict}


#: The principles whose rule followed blindly is a folk rule of its own, which the lesson
#: counts against the bank's puzzles (:func:`record`): Gaple's "throw first a tile nothing
#: can match", which is not the measured player's rule.
COUNTED: Final[tuple[str, ...]] = ("dead_tile",)


def record(p: Principle, who: str, puzzles: Iterable[Scenario]) -> tuple[int, int]:
    """How often ``who`` (``blind``, ``follows`` or ``without``) picks a best move in the
    bank puzzles ``puzzles`` that ask what ``p`` chooses (a tile to play, or to throw dead)
    in a game it is measured in, and how many such puzzles there are: (best, puzzles)."""
    asked = [s for s in puzzles if s.puzzle is not None and game_of(s.id) in p.games
             and s.puzzle.figures.moves[0].move.kind == p.chooses]
    return (sum(1 for s in asked if s.puzzle is not None
                and choice(p, who, s) in s.puzzle.figures.best), len(asked))
