"""The sidebar: our own page links, the language selector, the learner's progress.

Streamlit's automatic page list is hidden (``showSidebarNavigation = false``)
so that page names can be translated; :func:`sidebar` draws links with
``st.page_link`` that keep ``learner`` and ``lang`` in the URL.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.errors import StreamlitAPIException

from . import session
from .content import content, strategy
from .i18n import LANGUAGES, current_lang, t
from .widgets.lessons import learn_stars

#: Every page: its file (the path ``st.page_link`` and AppTest take) and the
#: catalog key of its name.
PAGES: tuple[tuple[str, str], ...] = (
    ("app.py", "nav.home"),
    ("pages/learn.py", "nav.learn"),
    ("pages/examples.py", "nav.examples"),
    ("pages/try_it.py", "nav.try_it"),
    ("pages/play.py", "nav.play"),
    ("pages/friends.py", "nav.friends"),
    ("pages/puzzles.py", "nav.puzzles"),
    ("pages/strategy.py", "nav.strategy"),
    ("pages/analysis.py", "nav.analysis"),
    ("pages/scores.py", "nav.scores"),
    ("pages/quiz.py", "nav.quiz"),
    ("pages/drill.py", "nav.drill"),
    ("pages/progress.py", "nav.progress_page"),
    ("pages/rules.py", "nav.rules"),
)
LANG_KEY = "sidebar.lang"


def page_link(page: str, label: str, *, help: str | None = None, disabled: bool = False,
              **params: str) -> None:
    """A link to one of our pages that keeps learner and lang (plus ``params``).

    When the app was started from another page than app.py (an AppTest of one
    page), links Streamlit cannot resolve are drawn as plain text instead."""
    try:
        st.page_link(page, label=label, help=help, disabled=disabled,
                     query_params=session.link_params(**params))
    except StreamlitAPIException:
        st.markdown(label)


def _on_language() -> None:
    lang = st.session_state.get(LANG_KEY)
    if lang in LANGUAGES:
        st.session_state["lang"] = lang
        st.query_params["lang"] = lang


def language_selector() -> None:
    st.session_state[LANG_KEY] = current_lang()
    st.selectbox(t("nav.language"), list(LANGUAGES), format_func=LANGUAGES.__getitem__,
                 key=LANG_KEY, on_change=_on_language)


def progress_summary() -> None:
    record = session.progress_summary()
    done = record.steps
    lessons = content().lessons
    total = sum(len(lesson.steps) for lesson in lessons)
    finished = sum(1 for lesson in lessons for s in lesson.steps if (lesson.id, s.id) in done)
    st.markdown(f"**{t('nav.progress')}**")
    st.caption(t("nav.progress_steps", done=finished, total=total,
                 stars=learn_stars(lessons, done)))
    course = strategy()
    if earned := course.stars(done):
        st.caption(t("nav.progress_strategy", stars=earned, total=3 * len(course.lessons)))
    quiz = record.quiz
    if quiz.answered:
        st.caption(t("nav.progress_quiz", right=quiz.right, answered=quiz.answered,
                     best=quiz.best_streak))
    games = record.games.values()
    rounds = sum(g.rounds for g in games)
    if rounds:
        st.caption(t("nav.progress_play", won=sum(g.rounds_won for g in games), count=rounds))
    recent = record.recent
    if recent.rounds and recent.accuracy is not None:  # the review's figures, all families
        st.caption(t("nav.progress_accuracy", accuracy=f"{recent.accuracy:.0f}",
                     count=recent.rounds))
    matches = sum(g.matches for g in games)
    if matches:
        st.caption(t("nav.progress_matches", won=sum(g.matches_won for g in games),
                     matches=matches))
    if record.drill.best:
        st.caption(t("nav.progress_drill", best=f"{record.drill.best:.1f}".removesuffix(".0")))
    st.caption(t("nav.progress_link"))


AFRESH_CONFIRM = "nav.afresh_confirm"


def _ask_afresh() -> None:
    st.session_state[AFRESH_CONFIRM] = True


def _cancel_afresh() -> None:
    st.session_state[AFRESH_CONFIRM] = False


def _do_afresh() -> None:
    st.session_state[AFRESH_CONFIRM] = False
    session.start_afresh()
    session.notify(t("nav.afresh_done"))


def afresh() -> None:
    """"Start afresh": a new learner on purpose, after a confirmation."""
    if not st.session_state.get(AFRESH_CONFIRM):
        st.button(t("nav.afresh"), key="nav.afresh", on_click=_ask_afresh)
        return
    with st.container(key="nav-afresh-confirm", border=True):
        st.markdown(t("nav.afresh_confirm"))
        st.button(t("nav.afresh_yes"), key="nav.afresh_yes", type="primary", on_click=_do_afresh)
        st.button(t("nav.afresh_no"), key="nav.afresh_no", on_click=_cancel_afresh)


def sidebar(current: str | None = None) -> DeltaGenerator:
    """Draw the sidebar.  ``current`` is the page file being shown.  Returns the place
    of the progress lines, to draw again when the page itself records progress."""
    with st.sidebar:
        st.markdown(f"### {t('site.name')}")
        for page, key in PAGES:
            page_link(page, t(key))
        st.divider()
        language_selector()
        st.divider()
        place = st.empty()
        redraw_progress(place)
        afresh()
    return place


def redraw_progress(place: DeltaGenerator) -> None:
    """Draw the progress lines in ``place`` (anything it held before is replaced)."""
    with place.container():
        progress_summary()
