"""Session state, set up in one place: the learner, the language, notices.

Call :func:`init` at the top of every page (``ui.page.setup`` does).  It
makes sure the URL carries a learner id (``?learner=…``; when absent, the one
this browser remembers in its :data:`COOKIE`, else a new one made with
``secrets.token_urlsafe``), keeps ``lang`` and ``learner`` in the URL when
pages switch, and turns a broken or unknown id into a fresh start with a
notice — never a traceback.  The browser remembers the learner in use (the
cookie is written by ``ui.page``, :func:`remember_cookies`); a learner can
also :func:`start_afresh` on purpose (the sidebar's progress part).

Shared keys (all set here with ``setdefault``):

- ``learner`` — the learner id in use;
- ``lang`` — the language last asked for (restored when a link drops it);
- ``notices`` — one-shot messages for the next page draw (:func:`notify`);
- ``progress_ok`` — False once the progress database has failed.

- ``notices_shown`` — the page's last full run showed a notice (:func:`notice`): a
  notice is for one view of the page, so a click in a fragment runs the whole page again
  (``ui.page.rerun_page_if``), and the notice goes, as it would without fragments.
- ``notices_on_show`` — the notices the page's last full run showed; a run the page asks
  for on its own (``ui.page.rerun_on_its_own``: a computer's move come, a wait begun or
  ended) shows them again (:data:`KEEP_NOTICES`), since the learner has done nothing yet.

Page-specific keys carry the page's prefix (``learn.…``, ``quiz.…``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import streamlit as st

from . import progress
from .i18n import DEFAULT, LANGUAGES, t

T = TypeVar("T")

NOTICED = "notices_shown"
ON_SHOW = "notices_on_show"
KEEP_NOTICES = "notices_keep"  # the next full run is the page's own: the notices stay

DEFAULTS: dict[str, Any] = {
    "learner": None,
    "lang": None,
    "notices": [],
    "progress_ok": True,
}


def _defaults() -> None:
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, list(value) if isinstance(value, list) else value)


def notify(message: str, kind: str = "info") -> None:
    """Queue a notice for :func:`show_notices` (``kind``: info, warning)."""
    _defaults()
    notices = st.session_state["notices"]
    if (kind, message) not in notices:
        notices.append((kind, message))


def notice(message: str, kind: str = "info") -> None:
    """Show a notice now, where the page is (an address that could not be read), once a
    run, and mark that this run showed one (:data:`NOTICED`, :data:`ON_SHOW`)."""
    on_show = st.session_state.setdefault(ON_SHOW, [])
    if (kind, message) in on_show:
        return
    on_show.append((kind, message))
    (st.warning if kind == "warning" else st.info)(message)
    st.session_state[NOTICED] = True


def keep_notices() -> None:
    """The page runs again on its own, not for anything the learner did: the next run
    shows the notices on show again."""
    st.session_state[KEEP_NOTICES] = True


def show_notices() -> None:
    """At the top of the page, as info boxes: the notices on show again when the page
    reruns on its own (:func:`keep_notices`), and the queued ones once."""
    kept = st.session_state.get(ON_SHOW) or []
    if not st.session_state.pop(KEEP_NOTICES, False):
        kept = []
    st.session_state[ON_SHOW] = []
    for kind, message in [*kept, *(st.session_state.get("notices") or [])]:
        notice(message, kind)
    st.session_state["notices"] = []


def _progress_failed(error: Exception) -> None:
    if st.session_state.get("progress_ok", True):
        notify(t("progress.unavailable"), "warning")
    st.session_state["progress_ok"] = False


#: The cookie that remembers this browser's learner, so the site's plain address resumes.
COOKIE = "domino_learner"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (400 days)


def remembered_learner() -> str | None:
    """The learner this browser remembers (its cookie), when the id is well formed."""
    try:
        value = st.context.cookies.get(COOKIE)
    except (AttributeError, RuntimeError):  # no browser behind this run (AppTest, bare)
        return None
    return value if progress.valid_learner_id(value) else None


def remember_cookies() -> tuple[str, ...]:
    """The ``document.cookie`` strings that make this browser remember the session's
    learner (none when it already does): ``ui.page`` writes them."""
    learner = st.session_state.get("learner")
    if not learner or remembered_learner() == learner:
        return ()
    return (f"{COOKIE}={learner}; Path=/; Max-Age={COOKIE_MAX_AGE}; SameSite=Lax",)


def _resume() -> str | None:
    """The remembered learner, when the database knows them (else None: a fresh start)."""
    learner = remembered_learner()
    try:
        return learner if learner is not None and progress.known(learner) else None
    except progress.ProgressError as e:
        _progress_failed(e)
        return None


def start_afresh() -> str:
    """A new learner for this browser, on purpose: the old one's progress stays with their
    link; the address and (on the next draw) the cookie take the new id."""
    learner = progress.new_learner_id()
    try:
        progress.register(learner)
    except progress.ProgressError as e:
        _progress_failed(e)
    st.session_state["learner"] = learner
    st.query_params["learner"] = learner
    return learner


def _set_learner() -> str:
    """Settle the learner id for this run (see the module's docstring)."""
    raw = st.query_params.get("learner")
    current = st.session_state.get("learner")
    if raw is None and current:
        st.query_params["learner"] = current  # a link dropped it: put it back
        return str(current)
    if raw is not None and raw == current:
        return str(current)
    if raw is None and (resumed := _resume()) is not None:
        st.session_state["learner"] = resumed  # the plain address, in a browser that knows us
        st.query_params["learner"] = resumed
        return resumed
    if raw is None:
        learner = progress.new_learner_id()
    elif not progress.valid_learner_id(raw):
        learner = progress.new_learner_id()
        notify(t("progress.broken_id"), "warning")
    else:
        learner = raw
    try:
        if raw is not None and learner == raw and not progress.known(learner):
            notify(t("progress.unknown_id"))
        progress.register(learner)
    except progress.ProgressError as e:
        _progress_failed(e)
    st.session_state["learner"] = learner
    if raw != learner:
        st.query_params["learner"] = learner
    return learner


def _set_lang() -> str:
    raw = st.query_params.get("lang")
    if raw is None:
        remembered = st.session_state.get("lang")
        if remembered and remembered != DEFAULT:
            st.query_params["lang"] = remembered
        return str(remembered or DEFAULT)
    st.session_state["lang"] = raw if raw in LANGUAGES else DEFAULT
    return str(raw)


def init() -> str:
    """Set the shared keys up; returns the learner id."""
    _defaults()
    _set_lang()
    return _set_learner()


def learner_id() -> str:
    """The learner id of this session (after :func:`init`)."""
    learner = st.session_state.get("learner")
    return str(learner) if learner else init()


def link_params(**extra: str) -> dict[str, str]:
    """The query parameters every internal link keeps: learner and lang."""
    params: dict[str, str] = {}
    learner = st.session_state.get("learner")
    if learner:
        params["learner"] = str(learner)
    lang = st.query_params.get("lang") or st.session_state.get("lang")
    if lang and lang in LANGUAGES and lang != DEFAULT:
        params["lang"] = str(lang)
    params.update(extra)
    return params


# -- progress, safely ---------------------------------------------------------
#
# Each reads or writes this session's learner's progress; when the store cannot be used, the
# learner is told once (:func:`_progress_failed`) and the page goes on with the fallback.


def _safely(call: Callable[..., T], fallback: T, *args: object, **kwargs: object) -> T:
    """``call(learner, *args, **kwargs)``, or ``fallback`` when progress is unavailable."""
    try:
        return call(learner_id(), *args, **kwargs)
    except progress.ProgressError as e:
        _progress_failed(e)
        return fallback


def store(call: Callable[..., T], fallback: T, *args: object, **kwargs: object) -> T:
    """``call(learner, *args, **kwargs)`` on the store for this session's learner, or
    ``fallback`` when the store cannot be used (the learner is told once)."""
    return _safely(call, fallback, *args, **kwargs)


def steps_done() -> dict[tuple[str, str], int]:
    """This learner's finished steps and stars ({} if progress is unavailable)."""
    return _safely(progress.steps, {})


def record_step(lesson: str, step: str, stars: int) -> int:
    """Record a step's stars; the best stars so far (``stars`` if unavailable)."""
    return _safely(progress.record_step, stars, lesson, step, stars)


def set_position(lesson: str, step: str) -> None:
    _safely(progress.set_position, None, lesson, step)


def position() -> tuple[str, str] | None:
    return _safely(progress.position, None)


def progress_summary() -> progress.Summary:
    """This learner's whole record, read at once (empty if progress is unavailable)."""
    return _safely(progress.summary, progress.Summary())


def quiz_record() -> progress.QuizRecord:
    return _safely(progress.quiz_record, progress.QuizRecord())


def record_answer(right: bool) -> progress.QuizRecord:
    return _safely(progress.record_answer, progress.QuizRecord(), right)


def games_record() -> dict[str, progress.GameRecord]:
    """Play's record per rule family ({} if progress is unavailable)."""
    return _safely(progress.games, {})


def record_round(family: str, won: bool, hints: int, round_id: str | None = None) -> None:
    """Count a round of Play, once per ``round_id``."""
    _safely(progress.record_round, None, family, won, hints, round_id=round_id)


def record_review(round_id: str, figures: progress.RoundFigures,
                  decisions: Sequence[progress.DecisionRecord]) -> None:
    """Keep a reviewed round's figures and its judged decisions, once."""
    _safely(progress.record_review, False, round_id, figures, decisions)


def recent_play(family: str | None = None) -> progress.Recent:
    """The accuracy of the learner's last reviewed rounds (in ``family``, or in all)."""
    return _safely(progress.recent, progress.Recent(), family, progress.RECENT)


def record_match(family: str, won: bool) -> None:
    _safely(progress.record_match, None, family, won)


def round_history() -> list[progress.RoundPoint]:
    """The learner's reviewed rounds of Play, oldest first ([] if progress is unavailable)."""
    return _safely(progress.round_history, [])


def drill_record() -> progress.DrillRecord:
    """The learner's counting drill: runs, best and last score."""
    return _safely(progress.drill_record, progress.DrillRecord())


def record_drill_run(run_id: str, seconds: float, answered: int,
                     right: int) -> progress.DrillRecord:
    """Keep a finished drill run (once per ``run_id``); the drill record after it."""
    return _safely(progress.record_drill_run, progress.DrillRecord(), run_id, seconds,
                   answered, right)


def drill_runs() -> list[progress.DrillRun]:
    """The learner's drill runs, oldest first ([] if progress is unavailable)."""
    return _safely(progress.drill_runs, [])


def puzzle_rating() -> progress.PuzzleRating:
    """This learner's puzzle rating (a newcomer's if progress is unavailable)."""
    return _safely(progress.puzzle_rating, progress.PuzzleRating())


def record_attempt(attempt: progress.Attempt, now: float | None = None) -> progress.Outcome:
    """Keep a puzzle attempt once and rate it (or review its card) the first time."""
    return _safely(progress.record_attempt, progress.Outcome(False), attempt, now)


def puzzles_tried() -> dict[str, bool]:
    """The bank puzzles this learner has tried, and whether each was ever solved."""
    return _safely(progress.attempted, {})


def puzzle_ratings() -> dict[str, float]:
    """The bank puzzles' ratings where attempts have moved them."""
    try:
        return progress.puzzle_ratings()
    except progress.ProgressError as e:
        _progress_failed(e)
        return {}


def own_due(now: float | None = None) -> list[progress.OwnCard]:
    """This learner's own puzzles due now (the cards of new mistakes made first)."""
    return _safely(progress.own_due, [], now)


def own_cards() -> list[progress.OwnCard]:
    """Every card of this learner's own puzzles."""
    return _safely(progress.own_cards, [])


def rating_history() -> list[tuple[float, float]]:
    """This learner's puzzle rating after each rated puzzle, oldest first."""
    return _safely(progress.rating_history, [])


def theme_misses() -> list[tuple[str, int, float]]:
    """This learner's missed puzzles by theme, the costliest first."""
    return _safely(progress.theme_misses, [])


# -- a page's own address parameters ----------------------------------------------------------


def page_params(keys: Sequence[str]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The page's parameters ``keys`` in the address, one value each; and apart, those given
    more than once with different values (``?seed=1&seed=2``: which one was meant is not
    known, so they are left out)."""
    single: dict[str, str] = {}
    repeated: dict[str, list[str]] = {}
    for key in keys:
        values = [str(v) for v in st.query_params.get_all(key)]
        if len(set(values)) > 1:
            repeated[key] = values
        elif values:
            single[key] = values[0]
    return single, repeated


def write_page_params(keys: Sequence[str], params: Mapping[str, str]) -> None:
    """Make the address carry ``params`` for the page's ``keys``, one value each (the
    others of ``keys`` are taken out)."""
    for key in keys:
        if key in params:
            if st.query_params.get_all(key) != [params[key]]:
                st.query_params[key] = params[key]
        elif key in st.query_params:
            del st.query_params[key]
