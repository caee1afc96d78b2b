"""The worked examples page's drawing: the list, one example's story, board and move list.

Drawing only; what a click means is in :mod:`ui.pages.examples.logic`."""

from __future__ import annotations

from functools import partial
from html import escape

import streamlit as st

from engine.game.state import State
from engine.teaching.scenario import Scenario

from ...content import Content
from ...i18n import seat_name, t
from ...nav import page_link
from ...widgets import best_move, feedback
from ...widgets.board import board
from ...widgets.share import share_state
from ...widgets.story import (
    group_of,
    group_title,
    grouped,
    move_note,
    narrate,
    notes,
    seat_names,
    settlement_view,
    title,
)
from ...widgets.svg import esc, plain
from .logic import (
    BEST,
    BOARD,
    PAGE,
    TRY_PAGE,
    Replay,
    current,
    documented_elsewhere,
    locate,
    on_goto,
    on_leave,
    on_move,
    on_try,
    on_undo,
    position,
)

# -- drawing ---------------------------------------------------------------------------

VIEW_CSS = """
.ex-intro { color: #3b4046; line-height: 1.55; margin: 0 0 0.4rem; }
.st-key-ex-story, .st-key-ex-story-branch { background: #ffffff; border: 1px solid #e2ddcf;
    border-inline-start: 5px solid #1f6f5c; border-radius: 10px; padding: 0.6rem 1rem 0.15rem;
    min-height: 6.2rem; }
.st-key-ex-story-branch { border-inline-start-color: #c98a00; }
.ex-label { display: inline-block; font-size: 0.74rem; letter-spacing: 0.06em;
    text-transform: uppercase; font-weight: 700; color: #1f6f5c; margin-inline-end: 0.5rem; }
.ex-label.mine { color: #8a5d00; }
[class*="st-key-ex-fb-"] { border-radius: 8px; padding: 0.45rem 0.8rem 0.05rem; margin-bottom: 0.5rem; }
.st-key-ex-moves button, .st-key-ex-mine button { justify-content: flex-start; text-align: start; }
.st-key-ex-moves [data-testid="stButton"] button p,
.st-key-ex-mine [data-testid="stButton"] button p { text-align: start; }
"""


def _css() -> None:
    st.html(f"<style>{VIEW_CSS}</style>")


def draw(data: Content) -> None:
    """The page: the list, or one example's replay."""
    _css()
    place = locate(data)
    if place is None:
        example_list(data)
    else:
        replay_view(data, *place)


def example_list(data: Content) -> None:
    st.title(t("examples.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("examples.lead"))}</p>', unsafe_allow_html=True)
    if not data.scenarios:
        st.info(t("examples.none"))
        return
    for name, items in grouped(data.scenarios):
        st.subheader(group_title(name), anchor=False)
        with st.container(key=f"ex-group-{name}", gap="small"):
            for s in items:
                with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                    page_link(PAGE, title(s), example=s.id, move="0")
                    st.markdown(f'<span class="muted">'
                                f'{esc(t("examples.moves_count", count=len(s.moves)))}</span>',
                                unsafe_allow_html=True, width="content")


def _story(s: Scenario, r: Replay, state: State) -> None:
    """What is happening at this point, in words: the documented note of the move
    just made (or the learner's own move), and the result once the round is over."""
    seats = seat_names(s)
    total = len(s.moves)
    mover = seat_name(state.mover, seats) if state.mover is not None else None
    if r.trying:
        key, label, cls = "ex-story-branch", t("examples.your_line"), "ex-label mine"
        documented_step = r.feedback is not None and r.feedback.kind == "ok"
        head = narrate(state.history[-1], seats) if r.branch or documented_step else \
            t("examples.try_intro", n=r.step) if r.step else t("examples.try_intro_start")
        body = t("examples.try_next", name=mover) if mover else ""
    elif r.step == 0:
        key, label, cls = "ex-story", t("examples.start_label"), "ex-label"
        head = t("examples.start_mover", name=mover) if mover else t("examples.round_over")
        body = t("examples.start_hint") if total else t("examples.no_moves")
    else:
        key, label, cls = "ex-story", t("examples.step_of", n=r.step, total=total), "ex-label"
        head = move_note(s, r.step) or narrate(state.history[-1], seats)
        body = ""
    with st.container(key=key):
        st.markdown(f'<span class="{cls}">{esc(label)}</span>{escape(head, quote=False)}',
                    unsafe_allow_html=True)
        # A refused move is explained here, in view above the table, in place of the
        # line it replaces (so the table does not move down).
        if r.feedback is not None:
            _feedback(r)
        elif body:
            st.markdown(body)
        if state.over:
            view = settlement_view(state, seats)
            st.markdown(f"**{t('examples.result')}** {view.text}")
            st.markdown("\n".join(f"- {plain(line)}" for line in view.holdings))


def _feedback(r: Replay) -> None:
    fb = feedback.now(r.feedback)
    if fb is None:
        return
    with st.container(key=feedback.key("ex", fb.kind)):
        title_ = t("examples.refused") if fb.kind == "no" else ""
        st.markdown(f"**{title_}** {fb.text}" if title_ else fb.text)


def _controls(s: Scenario, r: Replay, state: State) -> None:
    sid = s.id
    total = len(s.moves)
    with st.container(horizontal=True, gap="small", key="ex-controls"):
        if r.trying:
            st.button(t("examples.undo"), key="ex.undo", on_click=on_undo, args=(sid,),
                      disabled=not r.branch)
            st.button(t("examples.leave"), key="ex.leave", type="primary", on_click=on_leave,
                      args=(sid,))
            best_move.button(BEST, state)
            return
        st.button(t("examples.first"), key="ex.first", on_click=on_goto, args=(sid, 0),
                  disabled=r.step == 0)
        st.button(t("examples.back"), key="ex.back", on_click=on_goto, args=(sid, r.step - 1),
                  disabled=r.step == 0)
        st.button(t("examples.next"), key="ex.next", type="primary", on_click=on_goto,
                  args=(sid, r.step + 1), disabled=r.step >= total)
        st.button(t("examples.last"), key="ex.last", on_click=on_goto, args=(sid, total),
                  disabled=r.step >= total)
        st.button(t("examples.try"), key="ex.try", on_click=on_try, args=(sid,),
                  disabled=state.over, help=t("examples.try_help"))
        best_move.button(BEST, state)


def _move_list(data: Content, s: Scenario, r: Replay, state: State) -> None:
    """The documented line (click a move to jump there), and the learner's line beside it."""
    seats = seat_names(s)
    records = s.replay().history
    cols = st.columns(2, gap="medium") if r.branch else [st.container()]
    with cols[0]:
        st.markdown(f"**{t('examples.documented_line')}**")
        with st.container(key="ex-moves", gap=None):
            for n in range(len(s.moves) + 1):
                words = t("examples.start_label") if n == 0 else \
                    f"{n}. {narrate(records[n - 1], seats)}"
                here = n == r.step
                st.button(plain(words), key=f"ex.goto.{n}",
                          type="primary" if here else "tertiary", on_click=on_goto,
                          args=(s.id, n), help=None if here else t("examples.jump_help"))
    if r.branch:
        with cols[1]:
            st.markdown(f"**{t('examples.your_line')}**")
            played = state.history[len(state.history) - len(r.branch):]
            lines = [t("examples.fork", n=r.step)]
            lines += [f"{r.step + i}. {narrate(rec, seats)}"
                      for i, rec in enumerate(played, start=1)]
            with st.container(key="ex-mine"):
                st.markdown("  \n".join(plain(x) for x in lines))
            other = documented_elsewhere(data, s, r)
            if other is not None:
                st.caption(t("examples.also_documented"))
                page_link(PAGE, title(other), example=other.id,
                          move=str(r.step + len(r.branch)))



def replay_view(data: Content, s: Scenario, step: int) -> None:
    r = current(s, step)
    state = position(s, r)
    total = len(s.moves)
    with st.container(horizontal=True, vertical_alignment="center"):
        page_link(PAGE, t("examples.all"))
        st.markdown(f'<span class="muted">{esc(group_title(group_of(s.id)))}</span>',
                    unsafe_allow_html=True)
    st.title(title(s), anchor=False)
    intro = notes(s)
    if intro:
        st.markdown(f'<p class="ex-intro">{esc(intro)}</p>', unsafe_allow_html=True)
    # The controls stay where they are from move to move; the words under them change.
    _controls(s, r, state)
    _story(s, r, state)
    moving = r.trying and not state.over
    shown = state.mover if state.mover is not None else 0
    seats = seat_names(s)
    board(state, key=BOARD, seats=seats, reveal="all",
          on_move=partial(on_move, s.id) if moving else None, disabled=not moving,
          controls=moving, highlight=best_move.best(BEST, state),
          below=partial(best_move.panel, BEST, state, seats),
          note=None if moving else (t("board.round_over") if state.over else
                                    t("examples.watching", n=r.step, total=total)),
          hand_label=None if moving else (
              t("examples.hand", name=seat_name(shown, seats)) if state.over else
              t("examples.hand_to_move", name=seat_name(shown, seats))))
    share_state("examples", state)
    _move_list(data, s, r, state)
    page_link(TRY_PAGE, t("examples.open_in_try"), scenario=s.id)
