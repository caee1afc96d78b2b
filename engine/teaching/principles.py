"""Strategy principles and what each is worth, measured (the Strategy course's evidence).

A principle is measured the way a learner can trust: the player who follows it against
players who differ from it in that principle **alone**, over duplicate deals (the arena:
:func:`engine.players.arena.play_arena`; every deal played once per rotation of the seats).  The
player is the counting player (:class:`engine.players.bots.CountingBot`), which weighs every
play by a handful of named considerations (:class:`engine.players.counting.Weights`); the player
*without* a principle is the same player with that consideration taken away (its weight
0, what it knows of the others' lacks forgotten, or a folk rule put in its place).  With
three or more players the one who follows the principle sits in one seat and the players
without it in every other, as in the README's levels table.

The figure is the follower's score a round against the others (the arena's scale: Block,
its points less the mean of the others'; Gaple, (N + 1) / 2 less its place; the duel,
+1 / 0 / −1) with its 95% interval.  A figure whose interval lies below zero says the
principle, as the counting player applies it, costs: a myth worth knowing.

:func:`measure` runs one principle in one game; ``bench/principles.py`` runs them all and
writes the data file the lessons read (``scenarios/lessons/strategy/evidence.json``).
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from ..game.moves import Move
from ..game.rules import Ruleset
from ..game.view import view
from ..players.arena import play_arena
from ..players.bots import Bot, CountingBot, HeaviestBot, RandomBot
from ..players.counting import WEIGHTS, Weights
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
    Principle("heavy_first", GAMES, _heaviest, lambda f: RandomBot(), _heaviest),
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


@dataclass(frozen=True, slots=True)
class Evidence:
    """What following a principle was worth in one game (see the module)."""

    principle: str
    game: str
    deals: int
    seed: int
    score: float  # the follower's mean score a round against the others
    low: float  # its 95% interval
    high: float

    @property
    def verdict(self) -> str:
        """``pays`` (interval above 0), ``costs`` (below: a myth) or ``even`` (it holds 0)."""
        return "pays" if self.low > 0 else ("costs" if self.high < 0 else "even")


def measure(p: Principle, game: str, rules: Ruleset, deals: int, seed: int) -> Evidence:
    """The principle's figure in ``game`` (whose ruleset is ``rules``) over ``deals``
    duplicate deals from ``seed``: the follower in one seat, the player without it in the
    others."""
    family = rules.family
    bots = [p.follows(family)] + [p.without(family) for _ in range(rules.players - 1)]
    names = [p.key] + [f"without {p.key}"] * (rules.players - 1)
    result = play_arena(rules, bots, deals, seed, names)
    score = result["score"]
    ci = result["ci95"]
    assert isinstance(score, list) and isinstance(ci, list)
    return Evidence(p.key, game, deals, seed, float(score[0]), float(ci[0][0]), float(ci[0][1]))


#: A bank puzzle's game, by the part of its id after "puzzle-" (engine/teaching/puzzles.py names them).
_PUZZLE_GAMES: Final[dict[str, str]] = {
    "b2": "block-2", "b3": "block-3", "b4": "block-4", "d2": "duel", "d2d": "duel-draw",
    "g4x6": "gaple-4x6", "g4x7": "gaple-4x7", "g5x5": "gaple-5"}


def game_of(puzzle_id: str) -> str:
    """The game of the bank puzzle ``puzzle_id`` (``puzzle-b3-1-0051``: ``block-3``)."""
    return _PUZZLE_GAMES[puzzle_id.split("-")[1]]


def choice(p: Principle, who: str, s: Scenario) -> Move:
    """The move ``who`` (``blind``, ``follows`` or ``without``) makes in puzzle ``s``, by
    its one name (a play on either of two equal ends is one move)."""
    assert s.puzzle is not None
    state = s.replay()
    make = {"blind": p.blind, "follows": p.follows, "without": p.without}[who]
    # The levels that follow a principle never draw from the generator they are given.
    move = make(s.rules.family).decide(view(state, s.puzzle.seat), random.Random(0)).move
    return state.canonical(move)


def _about(p: Principle, s: Scenario) -> bool:
    """Puzzle ``s`` asks what ``p`` chooses: a tile to play, or a tile to throw dead."""
    assert s.puzzle is not None
    return s.puzzle.figures.moves[0].move.kind == p.chooses


def decides(p: Principle, s: Scenario) -> bool:
    """Puzzle ``s`` is a position where ``p`` decides: the principle followed blindly plays
    the best move, and the player without it another."""
    assert s.puzzle is not None
    best = s.puzzle.figures.best
    return _about(p, s) and choice(p, "blind", s) in best and choice(p, "without", s) not in best


def misleads(p: Principle, s: Scenario) -> bool:
    """Puzzle ``s`` is a counter-example to ``p``: the principle followed blindly plays a
    move that is not the best."""
    assert s.puzzle is not None
    return _about(p, s) and choice(p, "blind", s) not in s.puzzle.figures.best


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
        return {(r["principle"], r["game"]): Evidence(r["principle"], r["game"], int(r["deals"]),
                                                      int(r["seed"]), float(r["score"]),
                                                      float(r["low"]), float(r["high"]))
                for r in rows}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CourseError(f"{path}: {e}") from e
