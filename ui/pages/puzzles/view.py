"""The Puzzles page's drawing: the rating, "Your mistakes, due today", the choice of family and
theme, and the problem drawn as Play draws a table, with the verdict under it.

Drawing only; what a click means is in :mod:`ui.pages.puzzles.logic`."""

from __future__ import annotations

import time
from functools import partial

import streamlit as st

from ... import session
from ...content import puzzles
from ...i18n import t
from ...nav import page_link
from ...widgets import feedback
from ...widgets import puzzle_words as words
from ...widgets.board import board
from ...widgets.deal_setup import family_name, rules_label
from ...widgets.knowledge import knowledge_of
from ...widgets.live import Focus, live
from ...widgets.share import share_position
from ...widgets.svg import esc, plain
from .logic import (
    ANY,
    BOARD,
    FAMILIES,
    FAMILY_KEY,
    PARAMS,
    SETTLING_RD,
    THEME_CHOICES,
    THEME_KEY,
    Current,
    address,
    another_own_due,
    arrive,
    choice,
    fits,
    on_choice,
    on_discarding,
    on_move,
    on_next,
    on_own,
    on_retry,
    on_show,
    own_due,
    own_seat,
    seats,
)
from .setup import Problem

PLAY = "pages/play.py"
ACTIONS = "puzzles-actions"

CSS = """
.st-key-puzzles-rating, .st-key-puzzles-own { background: #ffffff; border: 1px solid #e2ddcf;
    border-radius: 10px; padding: 0.6rem 1rem 0.4rem; }
.st-key-puzzles-rating b { font-size: 1.2rem; color: #1f6f5c; }
.puzzles-change-up { color: #1f6f5c; font-weight: 600; }
.puzzles-change-down { color: #9a3b1e; font-weight: 600; }
[class*="st-key-puzzles-fb-"] { padding: 0.6rem 1rem 0.2rem; margin-top: 0.4rem; }
.st-key-puzzles-said { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; }
"""



def _rating(cur: Current | None) -> None:
    me = session.puzzle_rating()
    with st.container(key="puzzles-rating"):
        settling = f' <span class="muted">{esc(t("puzzles.settling"))}</span>' \
            if me.deviation > SETTLING_RD else ""
        st.markdown(f'{esc(t("puzzles.rating"))} <b>{round(me.rating)}</b>{settling}',
                    unsafe_allow_html=True)
        outcome = cur.outcome if cur is not None else None
        if outcome is not None and outcome.before is not None and outcome.after is not None:
            change = round(outcome.after) - round(outcome.before)
            style = "puzzles-change-up" if change >= 0 else "puzzles-change-down"
            text = t("puzzles.rating_change", before=round(outcome.before),
                     after=round(outcome.after), change=f"+{change}" if change >= 0
                     else f"−{-change}")
            st.markdown(f'<span class="{style}">{esc(text)}</span>', unsafe_allow_html=True)
        if me.attempts:
            st.caption(t("puzzles.record", solved=me.solved, count=me.attempts))


def _own(cur: Current | None) -> None:
    """"Your mistakes, due today"."""
    due = own_due()
    with st.container(key="puzzles-own"):
        st.markdown(f"**{t('puzzles.own_title')}**")
        if due:
            st.markdown(t("puzzles.own_due", count=len(due)))
            if cur is None or cur.problem.kind != "own" or cur.answered:
                st.button(t("puzzles.own_start"), key="puzzles.own_start", type="primary",
                          on_click=on_own)
            return
        if session.own_cards():
            st.markdown(t("puzzles.own_none"))
        else:
            st.markdown(t("puzzles.own_how"))
            page_link(PLAY, t("puzzles.own_play"))


def _choosers() -> None:
    st.session_state.setdefault(FAMILY_KEY, ANY)
    st.session_state.setdefault(THEME_KEY, ANY)
    # The labels are worded here, in the page's language, and only looked up later.
    families = {f: t("puzzles.any_family") if f == ANY else family_name(f) for f in FAMILIES}
    themes = {x: t("puzzles.any_theme") if x == ANY else words.theme_name(x)
              for x in THEME_CHOICES}
    with st.container(horizontal=True, gap="medium", vertical_alignment="bottom"):
        st.segmented_control(t("puzzles.family"), list(FAMILIES), key=FAMILY_KEY,
                             required=True, on_change=on_choice, format_func=families.__getitem__)
        st.selectbox(t("puzzles.theme_label"), list(THEME_CHOICES), key=THEME_KEY,
                     on_change=on_choice, format_func=themes.__getitem__)


def _heading(p: Problem, names: tuple[str, ...]) -> None:
    if p.kind == "bank":
        assert p.rating is not None
        st.markdown(f"**{esc(rules_label(p.rules))}** · "
                    f"{esc(t('puzzles.puzzle_rating', rating=round(p.rating)))}",
                    unsafe_allow_html=True)
    else:
        day = time.strftime("%Y-%m-%d", time.localtime(p.decided or 0))
        st.markdown(f"**{esc(t('puzzles.own_from', date=day))}** · {esc(rules_label(p.rules))}",
                    unsafe_allow_html=True)
    st.markdown(plain(f"**{t('puzzles.to_move', name=names[p.seat])}** {t('puzzles.find')}"))
    with st.container(key="puzzles-knows"):
        st.markdown(plain(knowledge_of(p.view, names)))


def _verdict(cur: Current) -> None:
    fb = feedback.now(cur.said)
    if fb is None:
        return
    with st.container(key=feedback.key("puzzles", fb.kind)):
        st.markdown(plain(f"**{fb.title}** {fb.text}" if fb.title else fb.text))
        if cur.answered:
            st.caption(words.scale_note(cur.problem.rules))


def _after(cur: Current) -> None:
    """Under the actions once answered: the themes, every move if shown, the own round."""
    p = cur.problem
    if not cur.answered:
        return
    st.markdown(plain(t("puzzles.themes", themes=words.theme_list(p.themes))))
    if cur.shown or cur.best_found:
        lines = [t("puzzles.all_line", move=words.move_name(m, p.names),
                   worth=words.worth(p.rules, e)) for m, e in p.moves]
        with st.expander(t("puzzles.all_moves"), expanded=cur.shown):
            st.markdown(plain("\n".join(f"- {line}" for line in lines)))
    if p.kind == "own" and p.played is not None and cur.first is not None:
        key = "puzzles.own_same" if p.played in p.right else "puzzles.own_then"
        st.caption(plain(t(key, move=words.move_name(p.played, p.names))))


def _actions(cur: Current) -> None:
    with st.container(horizontal=True, gap="small", key=ACTIONS):
        if cur.answered and not cur.right:
            st.button(t("puzzles.retry"), key="puzzles.retry", type="primary", on_click=on_retry)
        if cur.answered and not cur.best_found and not cur.shown:
            st.button(t("puzzles.show"), key="puzzles.show", on_click=on_show)
        own_next = cur.problem.kind == "own" and another_own_due(cur)
        label = "puzzles.next_own" if own_next else "puzzles.next"
        st.button(t(label) if cur.answered else t("puzzles.skip"), key="puzzles.next",
                  type="primary" if cur.right else "secondary", on_click=on_next)
    if cur.problem.kind == "own" and not own_next:  # "Next" opens the bank: said so
        st.caption(t("puzzles.own_last"))


def _problem(cur: Current) -> None:
    p = cur.problem
    names = seats(p)
    if p.kind == "bank" and not fits_choice(cur):
        st.info(t("puzzles.none_fits"))
    _heading(p, names)
    said = f"{cur.attempt}:{cur.answer.text() if cur.answer else '-'}:{bool(cur.said)}"
    fb = feedback.now(cur.said)
    with st.container(key="puzzles-said"):  # for screen readers: the verdict shows below
        live("puzzles", f"{fb.title} {fb.text}" if fb else "", said,
             Focus(said, f".st-key-{ACTIONS} button", within=f".st-key-{BOARD}-board")
             if cur.answered else None)
    board(p.state, key=BOARD, seat=p.seat, seats=names, reveal="mover",
          on_move=None if cur.answered else on_move, disabled=cur.answered,
          controls=not cur.answered, note=t("puzzles.answered") if cur.answered else None,
          highlight=p.best[0] if cur.shown or cur.best_found else None,
          hand_label=t("puzzles.your_hand", name=own_seat(p)),
          below=partial(_verdict, cur), offer="legal", discarding=cur.discarding,
          on_discarding=on_discarding)
    # What the seat sees, all it knows with it (the others' tiles, so the answer, hidden).
    share_position("puzzles", p.seat_position())
    _actions(cur)
    _after(cur)


def fits_choice(cur: Current) -> bool:
    family, theme = choice()
    bank = puzzles().puzzles
    s = bank.get(cur.problem.key)
    return s is None or fits(s, family, theme)


def draw() -> None:
    st.html(f"<style>{CSS}</style>")
    data = puzzles()
    cur = arrive(data)
    session.write_page_params(PARAMS, address(cur))
    st.title(t("puzzles.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("puzzles.lead"))}</p>', unsafe_allow_html=True)
    left, right = st.columns(2, gap="medium")
    with left:
        _rating(cur)
    with right:
        _own(cur)
    _choosers()
    if cur is None:
        st.info(t("puzzles.empty"))
        return
    _problem(cur)
