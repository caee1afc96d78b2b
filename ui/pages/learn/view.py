"""The Learn page's drawing: the list of lessons and one step.

Drawing only; what a click means is in :mod:`ui.pages.learn.logic`.  A step's task, board, feedback
and buttons are a fragment (:func:`step_body`): a click there reruns only them, unless it
finished the step or went to another one (then the whole page runs again).
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from engine.teaching.lessons import Lesson, Step

from ... import session
from ...content import Content
from ...i18n import forward_arrow, scenario_text, seat_names, t
from ...nav import page_link
from ...page import rerun_page_if, stars_html
from ...widgets import feedback, lessons
from ...widgets.board import board
from ...widgets.share import share_state
from ...widgets.svg import esc
from . import logic as learn

PAGE = "pages/learn.py"
DRAWN = "learn.drawn"  # (lesson, step, progress) as the page's last full run drew them

VIEW_CSS = """
.st-key-learn-task { background: #ffffff; border: 1px solid #e2ddcf; border-inline-start: 5px solid #1f6f5c;
    border-radius: 10px; padding: 0.65rem 1rem 0.2rem; }
[class*="st-key-fb-"] { min-height: 4rem; border-radius: 10px; padding: 0.6rem 1rem 0.1rem;
    border: 1px solid transparent; }
.st-key-learn-steps a[data-testid="stPageLink-NavLink"] { padding: 0.1rem 0.55rem;
    border: 1px solid #d9d4c5; border-radius: 8px; background: #fff; }
.st-key-learn-steps a[data-testid="stPageLink-NavLink"] p { font-size: 0.9rem; }
.step-current { display: inline-block; padding: 0.32rem 0.7rem; border-radius: 8px;
    background: #1f6f5c; color: #fff; font-weight: 700; font-size: 0.9rem; line-height: 1.4; }
"""


def _css() -> None:
    st.html(f"<style>{VIEW_CSS}</style>")


# -- the list -------------------------------------------------------------------


def lesson_list(data: Content) -> None:
    _css()
    st.title(t("learn.title"))
    st.markdown(f'<p class="lead">{esc(t("learn.lead"))}</p>', unsafe_allow_html=True)
    if not data.lessons:
        st.info(t("learn.no_lessons"))
        _problems(data)
        return
    done = session.steps_done()
    for n, lesson in enumerate(data.lessons, start=1):
        finished, total, stars, possible = lessons.lesson_progress(lesson, done)
        with st.container(border=True, key=f"card-lesson-{lesson.id}"):
            st.markdown(f"#### {n}. {lessons.lesson_title(lesson)}")
            summary = lessons.lesson_summary(lesson)
            if summary:
                st.markdown(summary)
            target = lessons.first_open_step(lesson, done)
            label = t("learn.start") if finished == 0 else (
                t("learn.review") if finished == total else t("learn.continue"))
            with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
                with st.container(key=f"cta-lesson-{lesson.id}", width="content"):
                    page_link(PAGE, label, lesson=lesson.id, step=target.id)
                st.progress(finished / total if total else 0.0,
                            text=t("learn.lesson_progress", done=finished, total=total),
                            width="stretch")
                if possible:
                    st.markdown(f'{stars_html(round(3 * stars / possible))} '
                                f'<span class="muted">'
                                f'{esc(t("learn.stars_of", stars=stars, total=possible))}</span>',
                                unsafe_allow_html=True, width="content")
    _problems(data)


def _problems(data: Content) -> None:
    if data.problems:
        with st.expander(t("learn.problems", count=len(data.problems))):
            for p in data.problems:
                st.text(p)


# -- one step ----------------------------------------------------------------------


def _step_links(lesson: Lesson, step: Step, done: dict[tuple[str, str], int]) -> None:
    with st.container(horizontal=True, gap="small", key="learn-steps"):
        for n, s in enumerate(lesson.steps, start=1):
            mark = " ✓" if (lesson.id, s.id) in done else ""
            if s.id == step.id:
                st.markdown(f'<span class="step-current" aria-current="step" '
                            f'title="{esc(lessons.step_title(lesson, s))}">{n}{mark}</span>',
                            unsafe_allow_html=True)
            else:
                page_link(PAGE, f"{n}{mark}", help=lessons.step_title(lesson, s),
                          lesson=lesson.id, step=s.id)


def _feedback(attempt: learn.Attempt) -> None:
    fb = feedback.now(attempt.feedback)
    with st.container(key=feedback.key("", fb.kind if fb else "empty")):
        if fb is None:
            st.markdown(" ")
            return
        title = f"**{fb.title}** " if fb.title else ""
        st.markdown(f"{title}{fb.text}")
        if fb.kind == "ok" and attempt.stars:
            st.markdown(stars_html(attempt.stars), unsafe_allow_html=True)


def step_view(data: Content, lesson: Lesson, step: Step) -> None:
    _css()
    learn.attempt_for(lesson, step)
    done = session.steps_done()
    index = next(i for i, s in enumerate(lesson.steps) if s.id == step.id)

    with st.container(horizontal=True, vertical_alignment="center"):
        page_link(PAGE, t("learn.all_lessons"))
        st.markdown(f'<span class="muted">{esc(lessons.lesson_title(lesson))} · '
                    f'{esc(t("learn.step_of", n=index + 1, total=len(lesson.steps)))}</span>',
                    unsafe_allow_html=True)
    _step_links(lesson, step, done)
    st.header(lessons.step_title(lesson, step), anchor=False)
    text = lessons.step_text(lesson, step)
    if text:
        st.markdown(text)
    st.session_state[DRAWN] = (lesson.id, step.id, done)  # what _drawn_now() will compare
    step_body(data, lesson, step)


def _drawn_now() -> tuple[object, object, dict[tuple[str, str], int]]:
    """What the part of the page outside :func:`step_body` shows: the step in the address,
    and the learner's progress (the step links' ticks, the sidebar)."""
    return st.query_params.get("lesson"), st.query_params.get("step"), session.steps_done()


@st.fragment
def step_body(data: Content, lesson: Lesson, step: Step) -> None:
    """The task, the board, the feedback, the answers and the buttons of a step.

    A click in here (a wrong tile, Try again, Show me, Do this step again) reruns only
    this function; when it finished the step (new progress) or went to another step, the
    whole page runs again."""
    rerun_page_if(st.session_state.get(DRAWN) != _drawn_now())
    attempt = learn.attempt_for(lesson, step)
    kind = step.task.kind
    if lessons.is_task(step):
        with st.container(key="learn-task"):
            st.markdown(f"**{t('learn.task')}** {lessons.task_prompt(lesson, step)}")

    state = learn.shown_state(step, attempt)
    seats = step.scenario.seats
    moving = kind in learn.TASK_MOVES and not attempt.done
    # The learner's hand at the bottom; the others face down unless the step shows them.
    board(state, key="learn-board", seat=step.learner, seats=seats,
          on_move=partial(learn.on_move, lesson.id, step.id) if moving else None,
          reveal="all" if step.show_hands else "mover",
          highlight=attempt.highlight if moving else None, disabled=not moving,
          controls=kind in learn.TASK_MOVES, fold_caption=False,
          hide_ends=step.hide_ends and not attempt.done,  # a question about the line
          below=partial(_feedback, attempt) if kind in learn.TASK_MOVES else None)
    share_state("learn", state, None if step.show_hands else step.learner)
    if kind == "watch" and step.at and step.at <= len(step.scenario.move_notes):
        note = scenario_text(step.scenario.id, f"note_{step.at}",
                             step.scenario.move_notes[step.at - 1])
        if note:
            st.caption(note)

    if kind not in learn.TASK_MOVES:
        if not attempt.done:
            _answer(lesson, step, attempt)
        if kind != "watch":
            _feedback(attempt)
    _actions(data, lesson, step, attempt)
    if attempt.done and step.id == lesson.steps[-1].id:
        summary(data, lesson)


def summary(data: Content, lesson: Lesson) -> None:
    """The end of a lesson: the stars won in it, and what comes next (with a link)."""
    done = session.steps_done()
    finished, total, stars, possible = lessons.lesson_progress(lesson, done)
    later = data.lessons[next(i for i, les in enumerate(data.lessons) if les.id == lesson.id) + 1:]
    with st.container(border=True, key="learn-summary"):
        st.markdown(f"#### {esc(t('learn.summary_title', lesson=lessons.lesson_title(lesson)))}")
        if possible:
            st.markdown(f'{stars_html(round(3 * stars / possible))} '
                        f'{esc(t("learn.summary_stars", stars=stars, total=possible))}',
                        unsafe_allow_html=True)
        if finished < total:
            open_step = lessons.first_open_step(lesson, done)
            n = next(i for i, s in enumerate(lesson.steps, start=1) if s.id == open_step.id)
            st.markdown(t("learn.summary_open", done=finished, total=total))
            page_link(PAGE, t("learn.summary_open_link", n=n), lesson=lesson.id, step=open_step.id)
        if later:
            following = later[0]
            st.markdown(t("learn.summary_next", lesson=lessons.lesson_title(following)))
            with st.container(key="cta-summary-next", width="content"):
                page_link(PAGE, f"{lessons.lesson_title(following)} {forward_arrow()}",
                          lesson=following.id, step=lessons.first_open_step(following, done).id)
        else:
            st.markdown(t("learn.summary_last"))
            with st.container(key="cta-summary-next", width="content"):
                page_link("pages/quiz.py", f"{t('learn.summary_quiz')} {forward_arrow()}")


def _answer(lesson: Lesson, step: Step, attempt: learn.Attempt) -> None:
    """The inputs of the non-move tasks."""
    kind = step.task.kind
    ids = (lesson.id, step.id)
    if kind == "ends":
        values = list(range(7))
        with st.container(horizontal=True):
            st.segmented_control(t("learn.ends_one"), values, key="learn.ends.a")
            st.segmented_control(t("learn.ends_other"), values, key="learn.ends.b")
        st.button(t("learn.check"), key="learn.ends.check", type="primary",
                  on_click=learn.on_ends, args=ids)
    elif kind == "blocked":
        with st.container(horizontal=True):
            st.button(t("learn.blocked_yes"), key="learn.blocked.yes",
                      on_click=learn.on_blocked, args=(*ids, True))
            st.button(t("learn.blocked_no"), key="learn.blocked.no",
                      on_click=learn.on_blocked, args=(*ids, False))
    elif kind == "winner":
        names = seat_names(step.scenario.seats)
        options = [*range(len(names)), learn.NOBODY]
        nobody = t("learn.nobody_draw") if step.scenario.rules.equal_totals_draw \
            else t("learn.nobody")
        st.segmented_control(t("learn.winner_who"), options, key="learn.winner.seat",
                             format_func=lambda s: nobody if s == learn.NOBODY else names[s])
        if step.scenario.rules.asks_points:
            st.number_input(t("learn.winner_points"), min_value=0, max_value=999, step=1,
                            value=None, key="learn.winner.points", width=220)
        st.button(t("learn.check"), key="learn.winner.check", type="primary",
                  on_click=learn.on_winner, args=ids)


def _actions(data: Content, lesson: Lesson, step: Step, attempt: learn.Attempt) -> None:
    ids = (lesson.id, step.id)
    before, after = learn.neighbours(data, lesson, step)
    with st.container(horizontal=True, key="learn-actions"):
        if before is not None:
            st.button(t("learn.previous"), key="learn.prev", on_click=learn.go,
                      args=(before[0].id, before[1].id))
        if not attempt.done and lessons.is_task(step):
            st.button(t("learn.show_me"), key="learn.show_me", on_click=learn.on_show_me,
                      args=ids)
            if attempt.feedback is not None and attempt.feedback.kind == "no":
                st.button(t("learn.try_again"), key="learn.try_again",
                          on_click=learn.on_try_again, args=ids)
        if attempt.done and lessons.is_task(step):
            st.button(t("learn.redo"), key="learn.redo", type="tertiary", on_click=learn.redo,
                      args=ids)
        if after is not None:
            if not lessons.is_task(step) and not attempt.done:
                st.button(t("learn.next"), key="learn.next", type="primary",
                          on_click=_watched_then_go, args=(*ids, after[0].id, after[1].id))
            else:
                st.button(t("learn.next"), key="learn.next",
                          type="primary" if attempt.done else "secondary",
                          on_click=learn.go, args=(after[0].id, after[1].id))
        else:
            st.button(t("learn.finished"), key="learn.finish", type="primary",
                      on_click=learn.go_to_list)


def _watched_then_go(lesson_id: str, step_id: str, next_lesson: str, next_step: str) -> None:
    learn.on_watched(lesson_id, step_id)
    learn.go(next_lesson, next_step)
