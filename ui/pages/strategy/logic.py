"""Strategy: how to play well, one principle at a time, each backed by the engine's figures
(the logic; the drawing is :mod:`ui.pages.strategy.view`).

The course (:func:`ui.content.strategy`) is a lesson per principle of
:mod:`engine.teaching.principles`: the idea, the evidence (what following it was worth in each game,
measured by ``bench/principles.py`` over duplicate deals: ``evidence.json``), a position
where it decides and a counter-example where following it blindly is not the best move (bank
puzzles, played on the Puzzles page, which judges them as it judges every puzzle), and more
puzzles for practice.

- **Where the learner is**: the address's ``principle`` (a lesson) or none (the course); an
  unknown principle falls back to the course with a notice.
- **Stars**, as in Learn, stored as a Learn step (lesson ``strategy-<principle>``, step
  ``lesson``): one for reading the lesson, one for solving its position, one for its
  counter-example (the learner's puzzle attempts say which are solved).
- **Go on**: the first lesson without all its stars.
"""

from __future__ import annotations

import streamlit as st

from engine.game.moves import Move
from engine.teaching.principles import COUNTED, Evidence, choice, principle, record
from engine.teaching.principles import Lesson as StrategyLesson
from engine.teaching.scenario import Scenario

from ... import session
from ...content import Course, Puzzles, strategy_step
from ...i18n import t
from ...page import progress_recorded

PAGE = "pages/strategy.py"
PARAM = "principle"


def locate(course: Course) -> tuple[StrategyLesson | None, str | None]:
    """The lesson the address names, or None for the course; and a notice when the address
    names a principle the course does not have (it is taken out of the address)."""
    key = st.query_params.get(PARAM)
    if key is None:
        return None, None
    lesson = course.lesson(key)
    if lesson is None:
        del st.query_params[PARAM]
        return None, t("strategy.unknown", key=key)
    return lesson, None


def stars(lesson: StrategyLesson, read: bool, solved: dict[str, bool]) -> int:
    """The lesson's stars: read, its position solved, its counter-example solved."""
    return (int(read) + int(bool(lesson.position and solved.get(lesson.position)))
            + int(bool(lesson.counter and solved.get(lesson.counter))))


def arrive(lesson: StrategyLesson) -> int:
    """Record the lesson as read, with the stars its puzzles have earned; the best kept.
    A new star is counted in the sidebar, drawn already, at once."""
    step = strategy_step(lesson.principle)
    before = session.steps_done().get(step, 0)
    after = session.record_step(*step, stars(lesson, True, session.puzzles_tried()))
    if after > before:
        progress_recorded()
    return after


def earned(course: Course) -> dict[str, int]:
    """Each principle's stars so far: those recorded, or more if puzzles were solved since."""
    done = session.steps_done()
    solved = session.puzzles_tried()
    out = {}
    for lesson in course.lessons:
        read = strategy_step(lesson.principle) in done
        out[lesson.principle] = max(done.get(strategy_step(lesson.principle), 0),
                                    stars(lesson, read, solved) if read else 0)
    return out


def next_open(course: Course, have: dict[str, int]) -> StrategyLesson | None:
    """The first lesson without all its stars (None when every star is earned)."""
    return next((lesson for lesson in course.lessons if have.get(lesson.principle, 0) < 3),
                None)


def figures(course: Course, key: str) -> list[Evidence]:
    """The principle's figures, in the order of its games."""
    return [course.evidence[(key, game)] for game in principle(key).games
            if (key, game) in course.evidence]


def tally(found: list[Evidence]) -> tuple[int, int]:
    """How many of the figures pay and how many cost."""
    return (sum(1 for e in found if e.verdict == "pays"),
            sum(1 for e in found if e.verdict == "costs"))


def blind_move(key: str, puzzle: Scenario) -> tuple[Move, float, Move, float]:
    """In the counter-example ``puzzle``: the move the principle picks blindly and its
    expected score, and the best move and its own (the puzzle's appraisal)."""
    assert puzzle.puzzle is not None
    figures_ = puzzle.puzzle.figures
    move = choice(principle(key), "blind", puzzle)
    worth = {f.move: f.expected for f in figures_.moves}
    best = figures_.best[0]
    return move, worth.get(move, figures_.moves[-1].expected), best, worth[best]


def folk_record(key: str, bank: Puzzles) -> tuple[int, int, int] | None:
    """For a lesson that counts its folk rule against the bank (:data:`COUNTED`): in how
    many of the bank's puzzles that ask what the principle chooses the rule followed blindly
    picks a wrong move, in how many the measured player picks a best one, and how many
    there are; None for any other lesson."""
    if key not in COUNTED:
        return None
    p = principle(key)
    blind, puzzles = record(p, "blind", bank.puzzles.values())
    right, _ = record(p, "follows", bank.puzzles.values())
    return puzzles - blind, right, puzzles


def bank_puzzle(bank: Puzzles, puzzle_id: str | None) -> Scenario | None:
    return bank.puzzles.get(puzzle_id) if puzzle_id else None
