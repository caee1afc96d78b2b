"""The Learn page's logic: where the learner is, checking answers, stars.

The checks are pure functions of a lesson :class:`~engine.teaching.lessons.Step` and
the learner's answer — every answer comes from the engine, never from the
page:

- :func:`check_move` — a move for ``play``/``only_move``/``must_play`` tasks;
- :func:`check_ends`, :func:`check_blocked`, :func:`check_winner` — the
  other task kinds;
- :func:`hint_move` — the move "Show me" points at;
- :func:`stars_for` — 3 stars first time, fewer after mistakes or a hint.

The rest keeps one :class:`Attempt` per step in session state
(``learn.attempt``) and reacts to the learner (``on_*`` callbacks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import streamlit as st

from engine.game.moves import Move
from engine.game.settlement import check_answer
from engine.game.state import Refusal, State
from engine.teaching.lessons import Lesson, Step

from ... import session
from ...content import Content, content
from ...i18n import clip, refusal_text, t
from ...page import progress_recorded
from ...widgets.feedback import Said, worded
from ...widgets.lessons import (
    first_open_step,
    is_task,
    lesson_title,
    success_text,
    task_prompt,
    winner_success,
)
from . import words

ATTEMPT = "learn.attempt"
#: The answer widgets' keys (ends, winner, points).
ANSWER_KEYS = ("learn.ends.a", "learn.ends.b", "learn.winner.seat", "learn.winner.points")
TASK_MOVES = ("play", "only_move", "must_play")


@dataclass
class Attempt:
    """The learner's work on one step (kept in session state)."""

    lesson: str
    step: str
    mistakes: int = 0
    hinted: bool = False
    done: bool = False
    stars: int = 0
    played: Move | None = None  # the accepted move, drawn on the board once done
    highlight: Move | None = None  # what "Show me" points at
    feedback: Said | None = None
    history: list[str] = field(default_factory=list)  # what happened, for tests and logs


@dataclass(frozen=True, slots=True)
class Verdict:
    """A checked move: ``ok``; else the engine's ``refusal`` or ``not_asked``."""

    ok: bool
    move: Move
    refusal: Refusal | None = None
    not_asked: bool = False


# -- pure checks ----------------------------------------------------------------


def stars_for(mistakes: int, hinted: bool) -> int:
    """3 stars on the first try; one fewer per mistake and for a hint; at least 1."""
    return max(1, 3 - mistakes - (1 if hinted else 0))


def check_move(step: Step, move: Move) -> Verdict:
    """Check a move against the engine and the task, leaving nothing changed."""
    state = step.state()
    resolved = state.resolve(move)
    refusal = state.why_illegal(resolved)
    if refusal is not None:
        return Verdict(False, resolved, refusal)
    if step.accepts(resolved):
        return Verdict(True, resolved)
    return Verdict(False, resolved, not_asked=True)


def check_ends(step: Step, a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` are the two open values (in either order)."""
    return sorted((a, b)) == sorted(step.open_ends())


def check_blocked(step: Step, answer: bool) -> bool:
    return answer == step.is_blocked()


def check_winner(step: Step, seat: int | None, points: int | None) -> bool:
    """Whether ``seat`` (None: nobody) wins and, where the rules score points, with
    ``points`` (the engine's :func:`~engine.game.settlement.check_answer`, as the quiz's)."""
    return check_answer(step.settlement(), step.scenario.rules, seat, points).correct


def hint_move(step: Step) -> Move | None:
    """The move "Show me" points at: the only move, an accepted move, or a play."""
    state = step.state()
    if step.task.kind == "only_move":
        return step.only_move()
    for move in step.task.accept:
        resolved = state.resolve(move)
        if state.why_illegal(resolved) is None:
            return resolved
    for move in state.legal_moves():
        if not step.accepts(move):
            continue
        if move.kind == "play" and move.tile is not None:
            # Where one click decides the end (both ends show the same), point
            # at the end that click will take.
            clicked = state.resolve(Move.play(move.tile))
            if clicked.end is not None and step.accepts(clicked):
                return clicked
        return move
    return None


def shown_state(step: Step, attempt: Attempt | None) -> State:
    """The position to draw: the step's, plus the learner's accepted move."""
    state = step.state()
    if attempt is not None and attempt.played is not None:
        state.push(attempt.played)
    return state


# -- where the learner is ----------------------------------------------------------


def locate(data: Content) -> tuple[Lesson, Step] | None:
    """The lesson and step in the URL (None: the list of lessons).

    An unknown lesson or step falls back to the first with a notice (drawn
    here, at the top of the page), and the URL is corrected."""
    if not data.lessons:
        return None
    lesson_id = st.query_params.get("lesson")
    step_id = st.query_params.get("step")
    if lesson_id is None:
        return None
    lesson = data.lesson(lesson_id)
    if lesson is None:
        session.notice(t("learn.unknown_lesson", lesson=clip(lesson_id, 60)))
        lesson = data.lessons[0]
        step = lesson.steps[0]
    elif step_id is None:
        step = first_open_step(lesson, session.steps_done())
    else:
        found = data.step(lesson.id, step_id)
        if found is None:
            session.notice(t("learn.unknown_step", step=clip(step_id, 60),
                             lesson=lesson_title(lesson)))
            step = lesson.steps[0]
        else:
            step = found[1]
    # Always (re)write them: a link to this same page with new parameters runs the
    # script with them but leaves the browser's address as it was.
    st.query_params["lesson"] = lesson.id
    st.query_params["step"] = step.id
    return lesson, step


def neighbours(data: Content, lesson: Lesson, step: Step
               ) -> tuple[tuple[Lesson, Step] | None, tuple[Lesson, Step] | None]:
    """The steps before and after, across lessons."""
    flat = [(les, s) for les in data.lessons for s in les.steps]
    i = next(i for i, (les, s) in enumerate(flat) if les.id == lesson.id and s.id == step.id)
    return (flat[i - 1] if i > 0 else None), (flat[i + 1] if i + 1 < len(flat) else None)


# -- the attempt in session state ------------------------------------------------------


def attempt_for(lesson: Lesson, step: Step) -> Attempt:
    """This step's attempt (a fresh one when the learner moved to another step)."""
    current = st.session_state.get(ATTEMPT)
    if not isinstance(current, Attempt) or (current.lesson, current.step) != (lesson.id, step.id):
        for key in ANSWER_KEYS:  # a new step starts with empty answers
            st.session_state.pop(key, None)
        current = Attempt(lesson.id, step.id)
        st.session_state[ATTEMPT] = current
        session.set_position(lesson.id, step.id)
    return current


def arrive(data: Content, lesson: Lesson, step: Step) -> Attempt:
    """The learner opened this step (before it is drawn): its attempt; a lesson's last step,
    when it only shows, is done at once — the lesson's summary is under it."""
    attempt = attempt_for(lesson, step)
    if not attempt.done and not is_task(step) and step.id == lesson.steps[-1].id:
        on_watched(lesson.id, step.id)
        progress_recorded()  # the sidebar, drawn already, counts it too
    return attempt


def _live(lesson_id: str, step_id: str) -> tuple[Lesson, Step, Attempt] | None:
    """The step a callback is about, if the learner is still on it."""
    found = content().step(lesson_id, step_id)
    current = st.session_state.get(ATTEMPT)
    if found is None or not isinstance(current, Attempt):
        return None
    if (current.lesson, current.step) != (lesson_id, step_id):
        return None
    return found[0], found[1], current


def _open(lesson_id: str, step_id: str) -> tuple[Lesson, Step, Attempt] | None:
    """The step a callback is about, if the learner is on it and has not done it yet."""
    live = _live(lesson_id, step_id)
    return live if live is not None and not live[2].done else None


def _complete(lesson: Lesson, step: Step, attempt: Attempt,
              text: Callable[[], str] | None) -> None:
    """The step is done; ``text`` words the praise (when drawn: it follows the language)."""
    attempt.done = True
    attempt.highlight = None
    attempt.stars = stars_for(attempt.mistakes, attempt.hinted) if is_task(step) else 0
    attempt.stars = session.record_step(lesson.id, step.id, attempt.stars) \
        if is_task(step) else session.record_step(lesson.id, step.id, 0)
    attempt.feedback = worded("ok", text)
    attempt.history.append("done")


def _wrong(attempt: Attempt, text: Callable[[], str]) -> None:
    """A wrong answer; ``text`` words why (when drawn)."""
    attempt.mistakes += 1
    attempt.feedback = worded("no", text, partial(t, "learn.wrong_title"))
    attempt.history.append("wrong")


def on_move(lesson_id: str, step_id: str, move: Move) -> None:
    """The learner chose ``move`` on the board."""
    live = _open(lesson_id, step_id)
    if live is None or live[1].task.kind not in TASK_MOVES:
        return
    lesson, step, attempt = live
    verdict = check_move(step, move)
    if verdict.ok:
        attempt.played = verdict.move
        _complete(lesson, step, attempt, partial(success_text, lesson, step))
    elif verdict.refusal is not None:
        _wrong(attempt, partial(refusal_text, verdict.refusal))
    else:
        _wrong(attempt, lambda: t("learn.not_asked", task=task_prompt(lesson, step)))


def on_show_me(lesson_id: str, step_id: str) -> None:
    live = _open(lesson_id, step_id)
    if live is None:
        return
    lesson, step, attempt = live
    attempt.hinted = True
    attempt.history.append("hint")
    move = hint_move(step) if step.task.kind in TASK_MOVES else None
    if step.task.kind in TASK_MOVES:
        attempt.highlight = move
    attempt.feedback = worded("hint", partial(words.shown, lesson, step, move),
                              partial(t, "learn.hint_title"))


def on_try_again(lesson_id: str, step_id: str) -> None:
    live = _live(lesson_id, step_id)
    if live is None:
        return
    attempt = live[2]
    attempt.feedback = None
    attempt.highlight = None if not attempt.hinted else attempt.highlight


def on_watched(lesson_id: str, step_id: str) -> None:
    """A watch step was read: done (no stars to win)."""
    live = _live(lesson_id, step_id)
    if live is None:
        return
    lesson, step, attempt = live
    if not attempt.done:
        _complete(lesson, step, attempt, None)
        attempt.feedback = None


def on_ends(lesson_id: str, step_id: str) -> None:
    live = _open(lesson_id, step_id)
    if live is None:
        return
    lesson, step, attempt = live
    a, b = st.session_state.get("learn.ends.a"), st.session_state.get("learn.ends.b")
    if a is None or b is None:
        attempt.feedback = worded("hint", partial(t, "learn.ends_pick_both"))
        return
    if check_ends(step, int(a), int(b)):
        _complete(lesson, step, attempt, partial(success_text, lesson, step))
    else:
        _wrong(attempt, partial(t, "learn.ends_wrong", a=a, b=b))


def on_blocked(lesson_id: str, step_id: str, answer: bool) -> None:
    live = _open(lesson_id, step_id)
    if live is None:
        return
    lesson, step, attempt = live
    if check_blocked(step, answer):
        _complete(lesson, step, attempt, partial(success_text, lesson, step))
    else:
        _wrong(attempt, partial(t, "learn.blocked_wrong_yes" if answer else "learn.blocked_wrong_no"))


NOBODY = -1


def on_winner(lesson_id: str, step_id: str) -> None:
    live = _open(lesson_id, step_id)
    if live is None:
        return
    lesson, step, attempt = live
    raw_seat = st.session_state.get("learn.winner.seat")
    raw_points = st.session_state.get("learn.winner.points")
    if raw_seat is None:
        attempt.feedback = worded("hint", partial(t, "learn.winner_pick"))
        return
    seat = None if int(raw_seat) == NOBODY else int(raw_seat)
    points = int(raw_points) if raw_points is not None else None
    if step.scenario.rules.asks_points and seat is not None and points is None:
        # Not a wrong answer: half an answer. Ask for the rest (as the quiz does).
        attempt.feedback = worded("hint", partial(t, "learn.points_first"))
        return
    if check_winner(step, seat, points):
        _complete(lesson, step, attempt, partial(winner_success, lesson, step))
        return
    # A first miss gets a nudge (what to count); a second, the reckoning (UX.md §5).
    _wrong(attempt, partial(words.winner_wrong, step, seat, points, attempt.mistakes >= 1))


def go(lesson_id: str, step_id: str) -> None:
    """Move to a step (a callback for Previous / Next)."""
    st.query_params["lesson"] = lesson_id
    st.query_params["step"] = step_id


def go_to_list() -> None:
    for key in ("lesson", "step"):
        if key in st.query_params:
            del st.query_params[key]


def redo(lesson_id: str, step_id: str) -> None:
    """Start the step again (stars already won are kept)."""
    live = _live(lesson_id, step_id)
    if live is None:
        return
    lesson, step, _ = live
    for key in ANSWER_KEYS:
        st.session_state.pop(key, None)
    st.session_state[ATTEMPT] = Attempt(lesson.id, step.id)
