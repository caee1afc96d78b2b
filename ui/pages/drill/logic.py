"""The counting drill (a timed run, like lichess's coordinates trainer): questions from
:mod:`engine.teaching.drill`, answered by clicks, as many as the learner can in the run's time.

A run starts on Start: its clock is the moment it started (:func:`clock`), and every answer
is checked against it, so nothing reruns while the learner thinks; the countdown on the page
ticks in the browser (``ui.widgets.countdown``), which asks for one run of the page when it
reaches zero, to show the end.  An answer given after the time is up does not count.

A right answer brings the next question at once (with a short "right" line); a wrong one
stays on its position with the reason, the tiles that make it so, until Next (the clock runs
on).  At the end: right answers a minute, the personal best, kept with the learner's progress
(:func:`ui.session.record_drill_run`, once per run).

Session keys (all ``drill.``): ``drill.run`` (the :class:`Run`), ``drill.length`` (the
chosen length, seconds; ``drill.length_kept`` the last run's); widgets ``drill.start``, ``drill.again``, ``drill.marked`` (the
numbers toggled for a ``lacks`` question), buttons ``drill.hidden.<n>``, ``drill.pips.<i>``,
``drill.yes`` / ``drill.no``, ``drill.check``, ``drill.next``, ``drill.leave`` (give up:
nothing is kept).
"""

from __future__ import annotations

import os
import random
import secrets
import time
from dataclasses import dataclass, field

import streamlit as st

from engine.teaching.drill import NO, SEED_LIMIT, YES, Question, Verdict, check, question

from ... import session
from ...progress import DrillRecord

RUN = "drill.run"
LENGTH = "drill.length"
KEPT_LENGTH = "drill.length_kept"  # the length the last run had: "Another run" keeps it
MARKED = "drill.marked"
#: The lengths a run may have (seconds); the first is the default.  ``DOMINO_DRILL_SECONDS``
#: (1 to 600) makes every run that long instead: for the browser tests and demonstrations.
LENGTHS: tuple[int, ...] = (60, 30, 120)
LENGTH_ENV = "DOMINO_DRILL_SECONDS"
#: Keys of the answer buttons by kind (``<key>.<value>``; pips by the choice's place).
ANSWER_KEYS = {"hidden": "drill.hidden", "pips": "drill.pips"}
YES_KEY, NO_KEY = "drill.yes", "drill.no"


def clock() -> float:
    """The drill's clock, in seconds (tests put their own in its place)."""
    return time.monotonic()


@dataclass(frozen=True)
class Answered:
    """One answer: the question, what was given, the engine's verdict."""

    q: Question
    given: int | frozenset[int]
    verdict: Verdict


@dataclass
class Run:
    """One run of the drill (kept in session state)."""

    id: str
    seed: int
    started: float
    seconds: int
    q: Question
    asked: int = 1  # the current question's number
    last: Answered | None = None  # the last answer (its question is ``q`` while ``waiting``)
    waiting: bool = False  # a wrong answer is shown: Next moves on
    over: bool = False
    best_before: float | None = None  # the personal best when the run started
    record: DrillRecord | None = None  # the learner's drill record after the run
    history: list[bool] = field(default_factory=list)  # each answer, right or not

    @property
    def answered(self) -> int:
        return len(self.history)

    @property
    def right(self) -> int:
        return sum(self.history)

    @property
    def deadline(self) -> float:
        return self.started + self.seconds

    def left(self) -> float:
        """Seconds left (0 once over)."""
        return 0.0 if self.over else max(0.0, self.deadline - clock())

    @property
    def per_minute(self) -> float:
        return round(self.right * 60.0 / self.seconds, 2)

    @property
    def new_best(self) -> bool:
        return self.over and self.right > 0 and (
            self.best_before is None or self.per_minute > self.best_before)


def current() -> Run | None:
    run = st.session_state.get(RUN)
    return run if isinstance(run, Run) else None


def lengths() -> tuple[int, ...]:
    """The lengths offered (see :data:`LENGTHS`)."""
    forced = os.environ.get(LENGTH_ENV, "").strip()
    if forced.isdigit() and 0 < int(forced) <= 600:
        return (int(forced),)
    return LENGTHS


def length() -> int:
    """The chosen length of a run, in seconds: the widget's while it is drawn, else the one
    the last run kept (Streamlit forgets a widget's value once a run is drawn in its place,
    and "Another run" is clicked there)."""
    offered = lengths()
    for key in (LENGTH, KEPT_LENGTH):
        chosen = st.session_state.get(key)
        if chosen in offered:
            assert isinstance(chosen, int)
            return chosen
    return offered[0]


def new_seed() -> int:
    """A new run's seed (its questions are the seed's, the next seed's …)."""
    return random.randrange(SEED_LIMIT)


def question_of(seed: int, n: int) -> Question:
    """The run's ``n``-th question (1 is the first)."""
    return question((seed + n - 1) % SEED_LIMIT)


# -- callbacks ---------------------------------------------------------------------------


def on_start() -> None:
    """Start a run: its questions come from a new seed; its clock starts now."""
    seed = new_seed()
    best = session.drill_record().best
    seconds = st.session_state[KEPT_LENGTH] = length()
    st.session_state[MARKED] = []
    st.session_state[RUN] = Run(id=secrets.token_urlsafe(9), seed=seed, started=clock(),
                                seconds=seconds, q=question_of(seed, 1), best_before=best)


def on_leave() -> None:
    """Back to the start screen: after a run, or giving one up (a run given up is not kept,
    so stopping early never makes a best)."""
    st.session_state.pop(RUN, None)


def finish(run: Run) -> None:
    """End the run and keep it (once: its id is the record's key)."""
    if run.over:
        return
    run.over = True
    run.waiting = False
    run.record = session.record_drill_run(run.id, run.seconds, run.answered, run.right)


def _time_up(run: Run) -> bool:
    if not run.over and clock() >= run.deadline:
        finish(run)
    return run.over


def _next(run: Run) -> None:
    run.asked += 1
    run.q = question_of(run.seed, run.asked)
    run.waiting = False
    st.session_state[MARKED] = []


def answer(asked: int, given: int | frozenset[int]) -> None:
    """The learner's answer to question ``asked`` (a stale click on an earlier one, or one
    after the time is up, counts for nothing)."""
    run = current()
    if run is None or _time_up(run) or run.waiting or asked != run.asked:
        return
    verdict = check(run.q, given)
    run.history.append(verdict.right)
    run.last = Answered(run.q, given, verdict)
    if verdict.right:
        _next(run)
    else:
        run.waiting = True


def on_check(asked: int) -> None:
    """Check the numbers toggled for a ``lacks`` question."""
    marked = st.session_state.get(MARKED) or []
    answer(asked, frozenset(int(n) for n in marked))


def on_next() -> None:
    run = current()
    if run is None or _time_up(run) or not run.waiting:
        return
    _next(run)


def on_tick() -> None:
    """The countdown reached zero in the browser: end the run if the time is up."""
    run = current()
    if run is not None:
        _time_up(run)


def choices(q: Question) -> list[tuple[str, int]]:
    """The answer buttons' keys and values for ``q`` (not ``lacks``: its numbers toggle)."""
    if q.kind == "open_end":
        return [(YES_KEY, YES), (NO_KEY, NO)]
    prefix = ANSWER_KEYS[q.kind]
    if q.kind == "hidden":
        return [(f"{prefix}.{n}", n) for n in q.choices]
    return [(f"{prefix}.{i}", n) for i, n in enumerate(q.choices)]
