"""The site's content: every scenario and lesson under ``scenarios/``.

Loaded once per version of the files (their names, sizes and modification
times are the cache key) and shared read-only between sessions; a file that
does not load is left out and named in :attr:`Content.problems`, so one bad
file never takes a page down.  ``$DOMINO_SCENARIOS_DIR`` points elsewhere
(tests use ``tests/data/scenarios``).

The puzzles (``scenarios/puzzles/``, hundreds of files) are not among the scenarios the
other pages list: :func:`puzzles` loads them apart, for the Puzzles page alone.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import streamlit as st

from engine.teaching.lessons import Lesson, Step, load_tree
from engine.teaching.principles import CourseError, Evidence, load_course, load_evidence
from engine.teaching.principles import Lesson as StrategyLesson
from engine.teaching.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Content:
    scenarios: Mapping[str, Scenario]
    lessons: tuple[Lesson, ...]
    problems: tuple[str, ...] = field(default=())

    def lesson(self, lesson_id: str | None) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)

    def step(self, lesson_id: str | None, step_id: str | None) -> tuple[Lesson, Step] | None:
        lesson = self.lesson(lesson_id)
        if lesson is None:
            return None
        step = next((s for s in lesson.steps if s.id == step_id), None)
        return (lesson, step) if step is not None else None


def scenarios_dir() -> Path:
    raw = os.environ.get("DOMINO_SCENARIOS_DIR")
    return Path(raw) if raw else ROOT / "scenarios"


def _signature(root: Path) -> str:
    """The version of the files under ``root``: a digest of their names, sizes and
    modification times (one short string, so the cache's key is cheap to hash)."""
    digest = hashlib.blake2b(digest_size=16)
    for path in sorted(root.rglob("*.toml")) if root.is_dir() else ():
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


#: The folder under the scenarios that holds the puzzles.
PUZZLES = "puzzles"


def load_content(root: Path) -> Content:
    """Every scenario and lesson under ``root`` that loads, but the puzzles; problems listed."""
    scenarios, lessons, problems = load_tree(root, skip=(PUZZLES,))
    return Content(MappingProxyType(scenarios), tuple(lessons), tuple(map(str, problems)))


@dataclass(frozen=True)
class Puzzles:
    """The puzzle bank: every puzzle file that loads (by id), and the problems of the rest."""

    puzzles: Mapping[str, Scenario]
    problems: tuple[str, ...] = field(default=())


def load_puzzles(root: Path) -> Puzzles:
    found, _, problems = load_tree(root / PUZZLES)
    kept = {sid: s for sid, s in found.items() if s.puzzle is not None}
    notes = [str(e) for e in problems] + [f"{s.file}: not a puzzle (no [puzzle] table)"
                                          for s in found.values() if s.puzzle is None]
    return Puzzles(MappingProxyType(kept), tuple(notes))


@st.cache_resource(show_spinner=False, max_entries=4)
def _cached_puzzles(root: str, signature: str) -> Puzzles:
    return load_puzzles(Path(root))


#: The Strategy course's data, beside the lessons (engine/teaching/principles.py reads it).
STRATEGY = Path("lessons") / "strategy"


@dataclass(frozen=True)
class Course:
    """The Strategy course: a lesson per principle and the figures that back them (every
    (principle, game) measured); a file that does not load leaves the course empty, named
    in ``problems``."""

    lessons: tuple[StrategyLesson, ...]
    evidence: Mapping[tuple[str, str], Evidence]
    problems: tuple[str, ...] = field(default=())

    def lesson(self, key: str | None) -> StrategyLesson | None:
        return next((lesson for lesson in self.lessons if lesson.principle == key), None)

    def stars(self, done: Mapping[tuple[str, str], int]) -> int:
        """The stars recorded for the course's lessons (kept beside Learn's steps)."""
        return sum(done.get(strategy_step(lesson.principle), 0) for lesson in self.lessons)


def strategy_step(principle: str) -> tuple[str, str]:
    """Where a Strategy lesson's stars are kept: as a Learn step (lesson id, step id), apart
    from every Learn lesson's."""
    return (f"strategy-{principle}", "lesson")


def load_strategy(root: Path) -> Course:
    try:
        return Course(load_course(root / STRATEGY / "course.toml"),
                      MappingProxyType(load_evidence(root / STRATEGY / "evidence.json")))
    except CourseError as e:
        return Course((), MappingProxyType({}), (str(e),))


@st.cache_resource(show_spinner=False, max_entries=4)
def _cached_strategy(root: str, signature: str) -> Course:
    return load_strategy(Path(root))


def strategy() -> Course:
    """The Strategy course (read-only), picked up again after an edit as :func:`content` is
    (the figures' file too)."""
    root = scenarios_dir()
    figures = root / STRATEGY / "evidence.json"
    try:
        stamp = str(figures.stat().st_mtime_ns)
    except OSError:
        stamp = "-"
    return _cached_strategy(str(root), _version(root) + stamp)


@st.cache_resource(show_spinner=False, max_entries=4)
def _cached(root: str, signature: str) -> Content:
    return load_content(Path(root))


#: How long the files' version is trusted before it is looked at again: every page run asks
#: for the content, and walking the folder once a second is enough to see an edit.
RECHECK_SECONDS = 1.0
_checked: dict[Path, tuple[float, str]] = {}


def content() -> Content:
    """The current content (read-only: never change what this returns); an edited file is
    picked up within :data:`RECHECK_SECONDS`."""
    root = scenarios_dir()
    return _cached(str(root), _version(root))


def _version(root: Path) -> str:
    now = time.monotonic()
    checked = _checked.get(root)
    if checked is None or now - checked[0] >= RECHECK_SECONDS:
        checked = _checked[root] = (now, _signature(root))
    return checked[1]


def puzzles() -> Puzzles:
    """The puzzle bank (read-only), picked up again after an edit as :func:`content` is."""
    root = scenarios_dir()
    return _cached_puzzles(str(root), _version(root))
