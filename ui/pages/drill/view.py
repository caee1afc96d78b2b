"""The counting drill's drawing: the start screen, the run (a fragment: an answer reruns only
it), the result.

Drawing only; what a click means is in :mod:`ui.pages.drill.logic`, what it says in
:mod:`ui.pages.drill.words`."""

from __future__ import annotations

import streamlit as st

from ... import session
from ...i18n import ltr_run, t
from ...nav import page_link
from ...page import rerun_page_if
from ...widgets import feedback
from ...widgets.appraisal import figure
from ...widgets.board import board
from ...widgets.countdown import countdown
from ...widgets.knowledge import knowledge
from ...widgets.svg import esc, plain
from . import words
from .logic import (
    LENGTH,
    MARKED,
    Run,
    answer,
    choices,
    current,
    length,
    lengths,
    on_check,
    on_leave,
    on_next,
    on_start,
    on_tick,
)

PROGRESS_PAGE = "pages/progress.py"
BOARD = "drill-board"
#: Session key: the run as the page's last full run drew it (its id, and whether it was
#: over): when a click in the fragment changes that, the whole page runs again.
DRAWN = "drill.drawn"

CSS = """
.st-key-drill-bar { align-items: center; }
.drill-tally { font-size: 1rem; color: #3b4046; }
.drill-tally b { font-size: 1.15rem; color: #1f6f5c; }
.st-key-drill-question { background: #ffffff; border: 1px solid #e2ddcf;
    border-inline-start: 5px solid #1f6f5c; border-radius: 10px; padding: 0.65rem 1rem 0.5rem; }
.drill-ask { font-size: 1.12rem; font-weight: 600; margin: 0 0 0.2rem; }
.drill-last { min-height: 1.5em; font-size: 0.92rem; color: #1f6f5c; margin: 0; }
.st-key-drill-answers button { min-width: 3rem; font-variant-numeric: tabular-nums; }
[class*="st-key-drill-fb-"] { padding: 0.5rem 1rem 0.1rem; }
.st-key-drill-knows { background: #f6f4ee; border-radius: 10px; padding: 0.45rem 0.9rem 0.05rem;
    font-size: 0.92rem; }
.drill-score { font-size: 1.35rem; margin: 0.2rem 0 0.4rem; }
.drill-score b { font-size: 2rem; color: #1f6f5c; }
.drill-marks { display: flex; flex-wrap: wrap; gap: 0.3rem; font-style: normal; }
.drill-marks span { font-weight: 700; }
.drill-marks .ok { color: #1f6f5c; }
.drill-marks .no { color: #b3401a; }
"""



def _best_text() -> str:
    record = session.drill_record()
    if not record.best:  # none yet, or no right answer yet
        return t("drill.no_best")
    return t("drill.best", best=figure(record.best), count=record.runs)



def _intro() -> None:
    st.markdown(f'<p class="lead">{esc(t("drill.lead"))}</p>', unsafe_allow_html=True)
    st.markdown("\n".join(f"- {plain(line)}" for line in words.kinds_text()))
    st.session_state[LENGTH] = length()
    st.segmented_control(t("drill.length"), list(lengths()), key=LENGTH, required=True,
                         format_func=words.length_label)
    st.caption(_best_text())
    st.button(t("drill.start"), key="drill.start", type="primary", on_click=on_start,
              icon=":material/timer:")


def _bar(run: Run) -> None:
    with st.container(horizontal=True, key="drill-bar", gap="large"):
        # A new question puts the focus on its first answer; a wrong one, on Next.
        countdown(run.left(), key="drill-clock", label=t("drill.time_left"), on_done=on_tick,
                  turn=f"{run.id}:{run.asked}:{run.waiting}", warning=t("drill.ten_seconds"),
                  focus_first=".st-key-drill-next-box" if run.waiting
                  else ".st-key-drill-answers")
        tally = ltr_run(f"<b>{run.right}</b> / {run.answered}")
        st.markdown(f'<span class="drill-tally">{esc(t("drill.tally_now"))} {tally}</span>',
                    unsafe_allow_html=True)


def _answers(run: Run, seats: tuple[str, ...]) -> None:
    q = run.q
    with st.container(horizontal=True, key="drill-answers", gap="small"):
        if q.several:
            st.pills(words.ask(q, seats), list(q.choices), key=MARKED, selection_mode="multi",
                     label_visibility="collapsed", disabled=run.waiting)
            st.button(t("drill.check"), key="drill.check", type="primary",
                      on_click=on_check, args=(run.asked,), disabled=run.waiting)
            return
        for key, value in choices(q):
            st.button(words.choice_label(q, value), key=key, on_click=answer,
                      args=(run.asked, value), disabled=run.waiting)


def _feedback(run: Run, seats: tuple[str, ...]) -> None:
    last = run.last
    if run.waiting and last is not None:
        said = words.said(last, seats)
        with st.container(key=feedback.key("drill", said.kind)):
            st.markdown(f"**{plain(said.title)}**")
            st.markdown("\n".join(f"- {plain(line)}" for line in said.lines))
            with st.container(key="drill-next-box"):
                st.button(t("drill.next"), key="drill.next", type="primary", on_click=on_next)
        return
    text = ""
    if last is not None and last.verdict.right:
        text = t("drill.was_right", answer=words.answer_text(last.q, last.verdict.answer))
    st.markdown(f'<p class="drill-last" role="status">{esc(text)}</p>',
                unsafe_allow_html=True)


def _running(run: Run) -> None:
    q = run.q
    seats = words.seat_labels(q.state)
    _bar(run)
    with st.container(key="drill-question"):
        st.markdown(f'<p class="drill-ask" aria-live="polite">'
                    f'{esc(t("drill.number", n=run.asked))} {esc(words.ask(q, seats))}</p>',
                    unsafe_allow_html=True)
        _answers(run, seats)
        _feedback(run, seats)
    board(q.state, key=BOARD, seat=q.seat, seats=seats, reveal="mover", disabled=True,
          controls=False, fallback=False, note="",
          hand_label=t("drill.your_hand", name=seats[q.seat]))
    with st.container(key="drill-knows"):
        st.markdown(plain(knowledge(q.state, q.seat, seats)))
    st.button(t("drill.give_up"), key="drill.leave", on_click=on_leave, type="tertiary")


def _result(run: Run) -> None:
    with st.container(key="drill-result", border=True):
        st.subheader(t("drill.over"), anchor=False)
        st.markdown(f'<p class="drill-score">{esc(t("drill.score_is"))} '
                    f'<b>{esc(figure(run.per_minute))}</b></p>', unsafe_allow_html=True)
        st.markdown(plain(t("drill.tally", right=run.right, count=run.answered,
                          seconds=run.seconds)))
        if run.history:
            marks = "".join('<span class="ok">✓</span>' if ok else '<span class="no">✗</span>'
                            for ok in run.history)
            st.markdown(f'<p class="drill-marks" aria-hidden="true">{marks}</p>',
                        unsafe_allow_html=True)
        if run.new_best:
            st.success(t("drill.new_best"))
        elif run.record is not None and run.record.best:
            st.caption(t("drill.best", best=figure(run.record.best), count=run.record.runs))
        with st.container(horizontal=True, key="drill-after"):
            st.button(t("drill.again"), key="drill.again", type="primary", on_click=on_start)
            st.button(t("drill.back"), key="drill.back", on_click=on_leave)
        page_link(PROGRESS_PAGE, t("drill.see_progress"))


def _seen(run: Run | None) -> tuple[str, bool] | None:
    return None if run is None else (run.id, run.over)


@st.fragment
def _run() -> None:
    """The run: a click in here reruns only this, unless the run started, ended or went
    (the start screen and the sidebar's record are drawn outside)."""
    run = current()
    rerun_page_if(_seen(run) != st.session_state.get(DRAWN))
    if run is None:
        return
    if not run.over and run.left() <= 0:
        on_tick()  # the time ran out between two clicks
        st.rerun()
    if run.over:
        _result(run)
    else:
        _running(run)


def draw() -> None:
    """The whole page."""
    st.html(f"<style>{CSS}</style>")
    st.title(t("drill.title"))
    run = current()
    if run is not None and not run.over and run.left() <= 0:
        on_tick()
    st.session_state[DRAWN] = _seen(run)
    if run is None:
        _intro()
        return
    _run()

