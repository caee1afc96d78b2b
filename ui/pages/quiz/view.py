"""The quiz page's drawing: the final table, the answer form, feedback, the set's summary.

Drawing only; what a click means is in :mod:`ui.pages.quiz.logic` (its callbacks and session state)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.teaching.quiz import LEVELS, Question

from ... import i18n, session
from ...content import Content, content
from ...i18n import describe, t
from ...nav import page_link
from ...widgets import feedback
from ...widgets.board import caption_html, folds
from ...widgets.lessons import lesson_title, step_title
from ...widgets.seats import CSS as SEATS_CSS
from ...widgets.seats import seat_html
from ...widgets.svg import esc, line_svg
from .logic import (
    LEARN,
    LEVEL_KEY,
    LEVEL_NAME_KEYS,
    NOBODY,
    POINTS_KEY,
    RULES,
    SEAT_KEY,
    SET_SIZE,
    SUMMARY,
    TOPIC_KEYS,
    Current,
    Result,
    answered,
    aside_text,
    ending_text,
    locate,
    on_check,
    on_level,
    on_new_set,
    on_next,
    on_results,
    on_retry,
    revisits,
    rules_text,
    score,
    seat_names,
    set_results,
)

# -- drawing -------------------------------------------------------------------------

CSS = """
.quiz-rules { font-weight: 600; color: #1f2328; }
[class*="st-key-quiz-fb-"] { padding: 0.6rem 1rem 0.2rem; }
.quiz-line .v-narrow { display: none; }
@media (max-width: 640px) { .quiz-line .v-wide { display: none; }
    .quiz-line .v-narrow { display: block; } }
.quiz-line svg { display: block; margin: 0 auto; max-width: 100%; height: auto; }
.quiz-stats { display: flex; flex-wrap: wrap; gap: 0.3rem 1.1rem; font-size: 0.98rem;
    align-items: baseline; }
.quiz-stats b { font-size: 1.15rem; color: #1f6f5c; }
.st-key-quiz-answer { background: #ffffff; border: 1px solid #e2ddcf; border-inline-start: 5px solid #1f6f5c;
    border-radius: 10px; padding: 0.65rem 1rem 0.6rem; }
.quiz-share { color: #5b6168; font-size: 0.85rem; }
"""

WIDE_LINE = 800
NARROW_LINE = 340


def table_html(q: Question, seats: Sequence[str]) -> str:
    """The final table: the line (wide and narrow drawings) and every hand, face up."""
    state = q.state
    label = describe(state.line.description())
    wide = line_svg(state.line, label=label, max_width=WIDE_LINE)
    narrow = line_svg(state.line, label=label, max_width=NARROW_LINE)
    parts = [(f'<div class="dominoes-figure quiz-line"><div class="v-wide">{wide}</div>'
              f'<div class="v-narrow">{narrow}</div></div>'), '<div class="quiz-hands">']
    parts.extend(seat_html(state, seat, seats, out=q.out == seat, ending=q.ending)
                 for seat in range(state.players))
    parts.append("</div>")
    return "".join(parts)


def _stats(results: Sequence[Result]) -> None:
    record = session.quiz_record()
    right, answered = score(results)
    st.markdown(
        f'<div class="quiz-stats" role="status">'
        f'<span>{esc(t("quiz.stat_score"))} {i18n.ltr_run(f"<b>{right}</b> / {answered}")}</span>'
        f'<span>{esc(t("quiz.stat_streak"))} <b>{record.streak}</b></span>'
        f'<span>{esc(t("quiz.stat_best"))} <b>{record.best_streak}</b></span>'
        f'<span class="muted">{esc(t("quiz.stat_all_time", right=record.right, answered=record.answered))}'
        f'</span></div>', unsafe_allow_html=True)


def _level_selector(current: Current) -> None:
    st.session_state[LEVEL_KEY] = current.q.level
    st.segmented_control(t("quiz.level"), list(LEVELS), key=LEVEL_KEY, required=True,
                         format_func=lambda n: t(LEVEL_NAME_KEYS.get(n, "quiz.level_1")),
                         on_change=on_level, help=t("quiz.level_help"))


def _answer_form(current: Current, seats: Sequence[str]) -> None:
    q = current.q
    options = list(range(q.state.players))
    rules = q.rules
    nobody = t("quiz.option_draw") if rules.equal_totals_draw else t("quiz.option_nobody")
    if not rules.ties_broken_by_smallest_tile:  # a draw, or a tie where nobody scores
        options.append(NOBODY)
    with (st.container(key="quiz-answer"),
          st.form("quiz.form", border=False, enter_to_submit=True)):
            st.markdown(f"**{t(f'quiz.ask_{rules.family}')}**")  # one question per family
            st.segmented_control(
                t("quiz.who_scores") if rules.scores_points else t("quiz.who_wins"), options,
                key=SEAT_KEY, format_func=lambda s: nobody if s == NOBODY else seats[s],
                label_visibility="collapsed")  # the prompt above says it; screen readers get it
            if q.asks_points:
                st.number_input(t("quiz.points"), min_value=0, max_value=999, step=1,
                                value=None, key=POINTS_KEY, width=220,
                                help=t("quiz.points_help"))
            st.form_submit_button(t("quiz.check"), key="quiz.check", type="primary",
                                  on_click=on_check)


def _feedback(current: Current) -> None:
    fb = feedback.now(current.feedback)
    if fb is None:
        return
    with st.container(key=feedback.key("quiz", fb.kind)):
        st.markdown(f"**{fb.title}**")
        if fb.lines:
            body = "\n".join(f"- {line}" for line in fb.lines[:-1])
            st.markdown(f"{t('quiz.sums')}\n\n{body}")
            st.markdown(fb.lines[-1])
        if fb.revisit is not None:
            _lesson_link(content(), *fb.revisit)
            family = current.q.rules.family
            with st.container(key="quiz-learn-rules"):
                page_link(RULES, t("quiz.rules_link", family=t(f"rules.family_{family}"),
                                   topic=t("rules.topic.settling")),
                          family=family, topic="settling")


def _lesson_link(data: Content, lesson_id: str, step_id: str, key: str = "fb") -> None:
    found = data.step(lesson_id, step_id)
    if found is None:
        return
    lesson, step = found
    with st.container(key=f"quiz-learn-{key}"):
        page_link(LEARN, t("quiz.learn_link", lesson=lesson_title(lesson),
                           step=step_title(lesson, step)), lesson=lesson_id, step=step_id)


def _actions(current: Current, results: Sequence[Result]) -> None:
    done = len(results) >= SET_SIZE
    with st.container(horizontal=True, key="quiz-actions"):
        if answered(current) and not current.solved:
            st.button(t("quiz.retry"), key="quiz.retry", on_click=on_retry)
        if current.tries:
            if done and current.counted:
                st.button(t("quiz.see_results"), key="quiz.results", type="primary",
                          on_click=on_results)
            else:
                st.button(t("quiz.next"), key="quiz.next", type="primary", on_click=on_next)


def _summary(results: Sequence[Result]) -> None:
    right, answered = score(results)
    st.header(t("quiz.summary_title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("quiz.summary_score", right=right, total=answered))}</p>',
                unsafe_allow_html=True)
    _stats(results)
    marks = " ".join("✓" if r.right else "✗" for r in results)
    st.markdown(f'<p class="muted" aria-hidden="true">{esc(marks)}</p>', unsafe_allow_html=True)
    todo = revisits(results)
    if todo:
        st.subheader(t("quiz.revisit_title"), anchor=False)
        data = content()
        for item in todo:
            with st.container(key=f"quiz-revisit-{item.topic}"):
                st.markdown(f"**{t(TOPIC_KEYS.get(item.topic, 'quiz.topic.block_domino'))}** "
                            f"· {t('quiz.missed', count=item.missed)}")
                _lesson_link(data, item.lesson, item.step, key=item.topic)
    else:
        st.success(t("quiz.nothing_to_revisit"))
    st.button(t("quiz.new_set"), key="quiz.new_set", type="primary", on_click=on_new_set)


def draw() -> None:
    """The whole page."""
    st.html(f"<style>{SEATS_CSS}{CSS}</style>")
    st.title(t("quiz.title"))
    st.markdown(f'<p class="lead">{esc(t("quiz.lead"))}</p>', unsafe_allow_html=True)
    current = locate()
    results = set_results()
    if st.session_state.get(SUMMARY) and len(results) >= SET_SIZE:
        _summary(results)
        return
    q = current.q
    seats = seat_names(q.state)
    _level_selector(current)
    _stats(results)
    n = min(len(results) + (0 if current.counted else 1), SET_SIZE)
    st.progress(len(results) / SET_SIZE, text=t("quiz.progress", n=n, total=SET_SIZE))

    with st.container(border=True, key="quiz-question"):
        st.markdown(f'<div class="quiz-meta"><span class="quiz-rules">{esc(rules_text(q))}</span>'
                    f'<span class="quiz-ended">{esc(ending_text(q, seats))}</span></div>',
                    unsafe_allow_html=True)
        st.markdown(table_html(q, seats), unsafe_allow_html=True)
        aside = aside_text(q)
        if aside:
            st.caption(aside)
        st.markdown(caption_html(describe(q.state.line.description()),
                                 fold=folds(q.state)), unsafe_allow_html=True)

    if not answered(current):
        _answer_form(current, seats)
    _feedback(current)
    _actions(current, results)
    st.markdown(f'<p class="quiz-share">{esc(t("quiz.share", level=q.level, seed=q.seed))}</p>',
                unsafe_allow_html=True)
