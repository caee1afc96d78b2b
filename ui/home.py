"""The home page's drawing (UX.md §1): what this is, where to begin, the three
families, and — for a returning learner — where they stopped."""

from __future__ import annotations

import streamlit as st

from engine.line import Line
from engine.tiles import Tile

from . import session
from .content import Content
from .i18n import describe, t
from .learn import first_open_step, lesson_title
from .learn_view import lesson_progress
from .nav import page_link
from .svg import esc, line_svg

LEARN = "pages/learn.py"
FAMILIES = (("block", "home.block_name", "home.block_one_line"),
            ("gaple", "home.gaple_name", "home.gaple_one_line"),
            ("duel", "home.duel_name", "home.duel_one_line"))
MORE = (("pages/examples.py", "nav.examples", "home.examples_blurb"),
        ("pages/try_it.py", "nav.try_it", "home.try_blurb"),
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
    st.title(t("home.title"))
    st.markdown(f'<p class="lead">{esc(t("home.lead"))}</p>', unsafe_allow_html=True)
    st.markdown(f'<div class="dominoes-figure">{picture()}</div>', unsafe_allow_html=True)
    done = session.steps_done()
    where = session.position()
    first = data.lessons[0] if data.lessons else None
    with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
        if first is not None:
            with st.container(key="cta-start", width="content"):
                page_link(LEARN, t("home.start"), lesson=first.id, step=first.steps[0].id)
        else:
            with st.container(key="cta-start", width="content"):
                page_link(LEARN, t("home.start"))
    resume = data.step(*where) if where else None
    if resume is None and done and first is not None:
        lesson = next((les for les in data.lessons
                       if any((les.id, s.id) not in done for s in les.steps)), first)
        resume = (lesson, first_open_step(lesson, done))
    if resume is not None:
        lesson, step = resume
        n = next(i for i, s in enumerate(lesson.steps, start=1) if s.id == step.id)
        total_done = sum(lesson_progress(les, done)[0] for les in data.lessons)
        total = sum(len(les.steps) for les in data.lessons)
        with st.container(border=True, key="card-resume"):
            st.markdown(f"**{t('home.resume')}**")
            st.markdown(t("home.resume_where", lesson=lesson_title(lesson), n=n,
                          total=len(lesson.steps)))
            st.progress(total_done / total if total else 0.0,
                        text=t("home.resume_progress", done=total_done, total=total,
                               stars=sum(done.values())))
            page_link(LEARN, t("home.resume") + " →", lesson=lesson.id, step=step.id)


def families() -> None:
    st.subheader(t("home.families"), anchor=False)
    cols = st.columns(3, gap="medium")
    for col, (family, name, line) in zip(cols, FAMILIES, strict=True):
        with col, st.container(border=True, key=f"card-{family}", height="stretch"):
            st.markdown(f"##### {t(name)}")
            st.markdown(t(line))
            page_link("pages/rules.py", t("home.family_rules"), family=family)


def more() -> None:
    st.subheader(t("home.more"), anchor=False)
    cols = st.columns(2, gap="medium")
    for i, (page, name, blurb) in enumerate(MORE):
        with cols[i % 2]:
            page_link(page, t(name))
            st.caption(t(blurb))
