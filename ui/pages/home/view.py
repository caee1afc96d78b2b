"""The home page's drawing (UX.md §1): what this is, where to begin, the three
families, and — for a returning learner — where they stopped."""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.game.line import Line
from engine.game.tiles import Tile

from ... import clock, progress, session
from ...content import Content
from ...i18n import describe, forward_arrow, t
from ...nav import page_link
from ...widgets.deal_setup import rules_label
from ...widgets.kept_match import in_progress
from ...widgets.lessons import learn_stars, lesson_progress, lesson_title, next_open_step
from ...widgets.svg import esc, line_svg

LEARN = "pages/learn.py"
PLAY = "pages/play.py"
FAMILIES = (("block", "home.block_name", "home.block_one_line"),
            ("gaple", "home.gaple_name", "home.gaple_one_line"),
            ("duel", "home.duel_name", "home.duel_one_line"))
MORE = (("pages/examples.py", "nav.examples", "home.examples_blurb"),
        ("pages/try_it.py", "nav.try_it", "home.try_blurb"),
        ("pages/play.py", "nav.play", "home.play_blurb"),
        ("pages/puzzles.py", "nav.puzzles", "home.puzzles_blurb"),
        ("pages/strategy.py", "nav.strategy", "home.strategy_blurb"),
        ("pages/quiz.py", "nav.quiz", "home.quiz_blurb"),
        ("pages/rules.py", "nav.rules", "home.rules_blurb"))


def picture() -> str:
    """The home page's drawing: D5 of the documents, markers on its two ends."""
    line = Line()
    line.place(Tile.parse("1-4"), None)
    line.place(Tile.parse("1-1"), "left")
    line.place(Tile.parse("4-4"), "right")
    return line_svg(line, label=describe(line.description()), max_width=560)


def hero(data: Content) -> None:
    st.title(t("home.title"), anchor=False)
    resume(data)
    match_in_progress()
    text, figure = st.columns([3, 2], gap="large", vertical_alignment="center")
    with text:
        st.markdown(f'<p class="lead">{esc(t("home.lead"))}</p>', unsafe_allow_html=True)
        first = data.lessons[0] if data.lessons else None
        with st.container(key="cta-start", width="content"):
            if first is not None:
                page_link(LEARN, t("home.start"), lesson=first.id, step=first.steps[0].id)
            else:
                page_link(LEARN, t("home.start"))
    with figure:
        st.markdown(f'<div class="dominoes-figure">{picture()}</div>'
                    f'<p class="muted">{esc(t("home.picture"))}</p>', unsafe_allow_html=True)


def resume(data: Content) -> None:
    """For a returning learner: the next step not done yet (the one they stopped on, if it
    is not done), and how far they are; when every step is done, where to go next."""
    done = session.steps_done()
    where = session.position()
    if not data.lessons or not (done or (where and data.step(*where))):
        return
    total_done = sum(lesson_progress(les, done)[0] for les in data.lessons)
    total = sum(len(les.steps) for les in data.lessons)
    found = next_open_step(data.lessons, done, where)
    with st.container(border=True, key="card-resume"):
        if found is None:
            st.markdown(f"**{t('home.welcome_back')}** · {t('home.all_done')}")
            with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
                with st.container(key="cta-resume", width="content"):
                    page_link("pages/strategy.py",
                              f"{t('home.all_done_strategy')} {forward_arrow()}")
                page_link("pages/quiz.py", t("home.all_done_quiz"))
                page_link(LEARN, t("home.all_done_review"))
            return
        lesson, step = found
        n = next(i for i, s in enumerate(lesson.steps, start=1) if s.id == step.id)
        st.markdown(f"**{t('home.welcome_back')}** · "
                    + t("home.resume_where", lesson=lesson_title(lesson), n=n,
                        total=len(lesson.steps)))
        with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
            with st.container(key="cta-resume", width="content"):
                page_link(LEARN, f"{t('home.resume')} {forward_arrow()}", lesson=lesson.id,
                          step=step.id)
            st.progress(total_done / total if total else 0.0,
                        text=t("home.resume_progress", done=total_done, total=total,
                               stars=learn_stars(data.lessons, done)))


def match_in_progress() -> None:
    """The learner's match of Play in progress (kept, neither abandoned nor over): its rules
    and level, and "Resume", which takes it up where it was."""
    saved = session.store(progress.latest_match, None)
    kept = in_progress(saved)
    if saved is None or kept is None:
        return
    level = t(f"play.level_{kept.level}")
    with st.container(border=True, key="card-match"), \
            st.container(horizontal=True, vertical_alignment="center", gap="medium"):
        st.markdown(f"**{t('home.match_in_progress')}** · {rules_label(kept.rules)} · "
                    + t("play.against", level=level))
        with st.container(key="cta-match", width="content"):
            address: dict[str, Any] = dict(saved.params)  # the match's own: taken up
            page_link(PLAY, f"{t('play.resume')} {forward_arrow()}", **address)


def due() -> None:
    """"Your mistakes, due today": a line when some of the learner's own puzzles are due."""
    count = len(session.own_due(clock.now()))
    if not count:
        return
    with st.container(border=True, key="card-due"), \
            st.container(horizontal=True, vertical_alignment="center", gap="medium"):
        st.markdown(f"**{t('home.due_title')}** · {t('home.due', count=count)}")
        with st.container(key="cta-due", width="content"):
            page_link("pages/puzzles.py", f"{t('home.due_go')} {forward_arrow()}", own="1")


def families() -> None:
    st.subheader(t("home.families"), anchor=False)
    cols = st.columns(3, gap="medium")
    for col, (family, name, line) in zip(cols, FAMILIES, strict=True):
        with col, st.container(border=True, key=f"card-{family}", height="stretch"):
            st.markdown(f"##### {t(name)}")
            st.markdown(t(line))
            page_link("pages/rules.py", f"{t('home.family_rules')} {forward_arrow()}", family=family)


def more() -> None:
    st.subheader(t("home.more"), anchor=False)
    cols = st.columns(2, gap="medium")
    for i, (page, name, blurb) in enumerate(MORE):
        with cols[i % 2], st.container(border=True, key=f"card-more-{i}"):
            page_link(page, f"{t(name)} {forward_arrow()}")
            st.caption(t(blurb))
