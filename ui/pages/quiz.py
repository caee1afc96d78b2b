"""The Quiz page (UX.md §7): finished rounds from :mod:`engine.quiz`, settled by the learner.

Each question is a round the engine dealt from a seed and played to its end.
The page shows the final table — the line, every hand face up, Gaple's dead
tiles, how the round ended — and asks who wins (and, in Block, how many
points).  :func:`engine.quiz.check` decides; the feedback always shows the
worked arithmetic: each seat's total as its sum, then the rule that settled
the round.

The learner works through sets of ten; the first answer to each question
counts (score, streak and best streak are kept with the learner's progress,
:func:`ui.session.record_answer`), a retry is for practice.  At the end of a
set, a summary lists what to revisit, each with a link to the Learn step that
teaches it (:data:`LESSON_FOR`).

Every question can be shared: the address carries ``?quiz_level=&quiz_seed=``
and ``engine.quiz.question(level, seed)`` gives it back.

Session keys (all ``quiz.``): ``quiz.current`` (:class:`Current`),
``quiz.set`` (the set's :class:`Result` list), ``quiz.summary`` (the summary
is showing), ``quiz.pref_level``; widgets ``quiz.level``, ``quiz.answer.seat``,
``quiz.answer.points``, buttons ``quiz.check``, ``quiz.retry``, ``quiz.next``,
``quiz.results``, ``quiz.new_set``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import streamlit as st

from engine.quiz import LEVELS, Question, check, question
from engine.state import State

from .. import i18n, session
from ..content import Content, content
from ..i18n import clip, describe, settlement_text, t
from ..nav import page_link
from ..widgets import feedback
from ..widgets.board import caption_html
from ..widgets.feedback import Feedback
from ..widgets.lessons import lesson_title, step_title
from ..widgets.seats import CSS as SEATS_CSS
from ..widgets.seats import seat_html, sums_lines
from ..widgets.svg import esc, line_svg

PAGE = "pages/quiz.py"
LEARN = "pages/learn.py"
RULES = "pages/rules.py"
SET_SIZE = 10
NOBODY = -1
#: Seeds the page makes (a link may carry any seed below SEED_MAX).
NEW_SEEDS = 10**6
SEED_MAX = 2**31

CURRENT = "quiz.current"
SET = "quiz.set"
SUMMARY = "quiz.summary"
PREF_LEVEL = "quiz.pref_level"
LEVEL_KEY = "quiz.level"
SEAT_KEY = "quiz.answer.seat"
POINTS_KEY = "quiz.answer.points"
ANSWER_KEYS = (SEAT_KEY, POINTS_KEY)
PARAM_LEVEL, PARAM_SEED = "quiz_level", "quiz_seed"

#: Where each settlement rule is taught: the Learn step to revisit.
LESSON_FOR: dict[str, tuple[str, str]] = {
    "block_domino": ("settling-block", "domino-points"),
    "block_sole_lowest": ("settling-block", "sole-lowest"),
    "block_tied_lowest": ("settling-block", "tied-lowest"),
    "duel_domino": ("worked-endings", "e3-empty-hand"),
    "duel_lower": ("worked-endings", "e1-one-tile-loss"),
    "duel_equal": ("worked-endings", "e2-equal-totals"),
    "gaple_out": ("gaple-dead-tiles", "emptied-hand"),
    "gaple_lowest": ("gaple-dead-tiles", "emptied-hand"),
    "gaple_blank_25": ("gaple-dead-tiles", "variants"),
    "gaple_tie_tile": ("gaple-dead-tiles", "tie-smallest-tile"),
    "gaple_tie_half": ("gaple-dead-tiles", "tie-lower-half"),
}
#: The catalog key naming each topic in the summary.
TOPIC_KEYS: dict[str, str] = {
    "block_domino": "quiz.topic.block_domino",
    "block_sole_lowest": "quiz.topic.block_sole_lowest",
    "block_tied_lowest": "quiz.topic.block_tied_lowest",
    "duel_domino": "quiz.topic.duel_domino",
    "duel_lower": "quiz.topic.duel_lower",
    "duel_equal": "quiz.topic.duel_equal",
    "gaple_out": "quiz.topic.gaple_out",
    "gaple_lowest": "quiz.topic.gaple_lowest",
    "gaple_blank_25": "quiz.topic.gaple_blank_25",
    "gaple_tie_tile": "quiz.topic.gaple_tie_tile",
    "gaple_tie_half": "quiz.topic.gaple_tie_half",
}
#: The catalog key of the short result, by settlement code.
RESULT_KEYS: dict[str, str] = {
    "block_domino": "quiz.result.block_domino",
    "block_sole_lowest": "quiz.result.block_sole_lowest",
    "block_tied_lowest": "quiz.result.block_tied_lowest",
    "duel_domino": "quiz.result.duel_domino",
    "duel_lower": "quiz.result.duel_lower",
    "duel_equal": "quiz.result.duel_equal",
    "gaple_out": "quiz.result.gaple_out",
    "gaple_lowest": "quiz.result.gaple_lowest",
    "gaple_tie_tile": "quiz.result.gaple_tie_tile",
    "gaple_tie_half": "quiz.result.gaple_tie_half",
}
LEVEL_NAME_KEYS = {1: "quiz.level_1", 2: "quiz.level_2", 3: "quiz.level_3"}


# -- pure helpers -----------------------------------------------------------------


def seat_names(state: State) -> tuple[str, ...]:
    """The seats' names: White and Black in the two-player game, compass points otherwise
    (:func:`ui.i18n.table_seat_names`, as on Try it)."""
    return i18n.table_seat_names(state.rules.family, state.players)


def topic(q: Question) -> str:
    """What the question tests: its settlement code, or ``gaple_blank_25``
    when a [0|0] counted 25 decided the totals."""
    code = q.settlement.explanation.code
    if code.startswith("gaple") and any(25 in h.values for h in q.settlement.holdings):
        return "gaple_blank_25"
    return code


def result_text(q: Question, seats: Sequence[str]) -> str:
    """The round's result in a few words with its arithmetic:
    "South scores 7 + 8 − 3 = 12", "A draw: 9 = 9", "East wins the tie-break with [0|3]"."""
    e = q.settlement.explanation
    params: dict[str, object] = dict(e.params)
    if "winner" in params:
        params["winner"] = seats[int(params["winner"])]  # type: ignore[call-overload]
    params["arithmetic"] = e.arithmetic
    return t(RESULT_KEYS.get(e.code, "quiz.result.block_domino"), **params)


def answer_text(q: Question, seat: int | None, points: int | None, seats: Sequence[str]) -> str:
    """What the learner said, in words: "North, 10 points", "Nobody scores", "A draw"."""
    if seat is None:
        if q.rules.family == "duel":
            return t("quiz.answer_draw")
        return t("quiz.answer_nobody")
    if q.asks_points:
        return t("quiz.answer_points", name=seats[seat], points="?" if points is None else points)
    return seats[seat]


def ending_text(q: Question, seats: Sequence[str]) -> str:
    """How the round ended: "Blocked: nobody can play", "South went out"."""
    if q.ending == "domino" and q.out is not None:
        return t("quiz.ended_out", name=seats[q.out])
    if q.ending == "emptied" and q.out is not None:
        return t("quiz.ended_emptied", name=seats[q.out])
    if q.rules.family == "gaple" and q.rules.dead_tiles:
        return t("quiz.ended_stuck_gaple")
    return t("quiz.ended_blocked")


def rules_text(q: Question) -> str:
    """The family, players and variant: "Gaple · 4 players × 6 tiles · [0|0] counts 25"."""
    r = q.rules
    parts: list[str] = []
    if r.family == "block":
        parts = [t("quiz.rules_block", players=r.players)]
    elif r.family == "duel":
        parts = [t("quiz.rules_duel"), t("quiz.mode_draw") if r.draw_mode else t("quiz.mode_no_draw")]
    else:
        parts = [t("quiz.rules_gaple", players=r.players, tiles=r.hand_size)]
        if not r.dead_tiles:
            parts.append(t("quiz.variant_pass"))
        if r.blank_double_25:
            parts.append(t("quiz.variant_blank_25"))
    return " · ".join(parts)


def aside_text(q: Question) -> str:
    """The tiles that count for nobody: Block's set-aside tiles, the stock, Gaple's middle."""
    n = q.state.stock_count
    if not n:
        return ""
    r = q.rules
    if r.family == "duel":
        return t("quiz.aside_stock", count=n)
    if r.family == "gaple":
        return t("quiz.aside_middle", count=n)
    return t("quiz.aside_block", count=n)


def parse_params(raw_level: str | None, raw_seed: str | None
                 ) -> tuple[int | None, int | None, bool]:
    """``(level, seed, bad)`` from the address; a bad value gives None and ``bad``."""
    bad = False
    level: int | None = None
    seed: int | None = None
    if raw_level is not None:
        try:
            level = int(raw_level)
        except ValueError:
            level = None
        if level not in LEVELS:
            level, bad = None, True
    if raw_seed is not None:
        try:
            seed = int(raw_seed)
        except ValueError:
            seed = None
        if seed is None or not 0 <= seed < SEED_MAX:
            seed, bad = None, True
    return level, seed, bad


@dataclass(frozen=True, slots=True)
class Result:
    """One question of a set, as first answered."""

    level: int
    seed: int
    topic: str
    right: bool


@dataclass(frozen=True, slots=True)
class Revisit:
    """A topic to revisit, the Learn step that teaches it, and how often it was missed."""

    topic: str
    lesson: str
    step: str
    missed: int


def revisits(results: Sequence[Result]) -> list[Revisit]:
    """The topics answered wrong, most missed first, each with its Learn step."""
    missed: dict[str, int] = {}
    for r in results:
        if not r.right:
            missed[r.topic] = missed.get(r.topic, 0) + 1
    out = []
    for name, n in sorted(missed.items(), key=lambda kv: (-kv[1], kv[0])):
        lesson, step = LESSON_FOR.get(name, ("settling-block", "domino-points"))
        out.append(Revisit(name, lesson, step, n))
    return out


def score(results: Sequence[Result]) -> tuple[int, int]:
    """``(right, answered)`` in the set."""
    return sum(1 for r in results if r.right), len(results)


# -- the question in session state -------------------------------------------------


@dataclass
class Current:
    """The question on the table and what the learner did with it."""

    q: Question
    tries: int = 0
    solved: bool = False
    counted: bool = False  # its first answer went into the set and the record
    feedback: Feedback | None = None
    history: list[str] = field(default_factory=list)  # for tests and logs


def answered(current: Current) -> bool:
    """An answer is on show (right, or wrong with its arithmetic): the form is hidden."""
    return current.feedback is not None and current.feedback.kind in ("ok", "no")


def _new_seed() -> int:
    return random.randrange(NEW_SEEDS)


def _set_url(q: Question) -> None:
    st.query_params[PARAM_LEVEL] = str(q.level)
    st.query_params[PARAM_SEED] = str(q.seed)


def _start(q: Question) -> Current:
    for key in ANSWER_KEYS:
        st.session_state.pop(key, None)
    current = Current(q)
    st.session_state[CURRENT] = current
    st.session_state[PREF_LEVEL] = q.level
    _set_url(q)
    return current


def _results() -> list[Result]:
    results = st.session_state.get(SET)
    if not isinstance(results, list):
        results = []
        st.session_state[SET] = results
    return results


def locate() -> Current:
    """The question to show: the one in the address, the one in play, or a new one.

    A bad ``quiz_level`` or ``quiz_seed`` gives a new question with a notice
    (drawn here), and the address is corrected."""
    raw_level = st.query_params.get(PARAM_LEVEL)
    raw_seed = st.query_params.get(PARAM_SEED)
    current = st.session_state.get(CURRENT)
    if not isinstance(current, Current):
        current = None
    level, seed, bad = parse_params(raw_level, raw_seed)
    if bad:
        shown = clip(f"{PARAM_LEVEL}={raw_level or ''}, {PARAM_SEED}={raw_seed or ''}", 80)
        st.info(t("quiz.bad_link", link=shown))
    pref = st.session_state.get(PREF_LEVEL)
    fallback_level = pref if pref in LEVELS else 1
    if level is not None and seed is not None:
        if current is not None and (current.q.level, current.q.seed) == (level, seed):
            return current
        return _start(question(level, seed))
    if current is not None and not bad and level in (None, current.q.level):
        _set_url(current.q)
        return current
    avoid = current.q.key if current is not None else None
    return _start(question(level or fallback_level, _new_seed(), avoid=avoid))


def _live() -> Current | None:
    current = st.session_state.get(CURRENT)
    return current if isinstance(current, Current) else None


def on_check() -> None:
    """The learner's answer: check it, record the first one, explain."""
    current = _live()
    if current is None or current.solved:
        return
    q = current.q
    raw_seat = st.session_state.get(SEAT_KEY)
    raw_points = st.session_state.get(POINTS_KEY)
    seats = seat_names(q.state)
    if raw_seat is None:
        current.feedback = Feedback("hint", title=t("quiz.pick_first"))
        current.history.append("incomplete")
        return
    seat = None if int(raw_seat) == NOBODY else int(raw_seat)
    points = int(raw_points) if raw_points is not None else None
    if q.asks_points and seat is not None and points is None:
        current.feedback = Feedback("hint", title=t("quiz.points_first"))
        current.history.append("incomplete")
        return
    verdict = check(q, seat, points)
    first = current.tries == 0
    current.tries += 1
    if first:
        session.record_answer(verdict.correct)
        results = _results()
        if len(results) < SET_SIZE:
            results.append(Result(q.level, q.seed, topic(q), verdict.correct))
        current.counted = True
    result = result_text(q, seats)
    lines = sums_lines(q.settlement, seats)
    rule = settlement_text(q.settlement, seats)
    if verdict.correct:
        current.solved = True
        title = t("quiz.right", result=result)
        if not first:
            title += " " + t("quiz.retry_not_counted")
        current.feedback = Feedback("ok", title=title, lines=(*lines, t("quiz.rule", text=rule)))
        current.history.append("right")
    else:
        said = answer_text(q, seat, points, seats)
        if verdict.winner_right:
            title = t("quiz.wrong_points", said=said, result=result)
        else:
            title = t("quiz.wrong", said=said, result=result)
        current.feedback = Feedback("no", title=title, lines=(*lines, t("quiz.rule", text=rule)),
                                    revisit=LESSON_FOR.get(topic(q)))
        current.history.append("wrong")


def on_retry() -> None:
    current = _live()
    if current is None:
        return
    for key in ANSWER_KEYS:
        st.session_state.pop(key, None)
    current.feedback = None
    current.history.append("retry")


def on_next() -> None:
    """A new question at the chosen level, never the one just shown."""
    current = _live()
    level = current.q.level if current is not None else 1
    _start(question(level, _new_seed(), avoid=current.q.key if current else None))


def on_level() -> None:
    level = st.session_state.get(LEVEL_KEY)
    current = _live()
    if level not in LEVELS or (current is not None and current.q.level == level):
        return
    _start(question(int(level), _new_seed(), avoid=current.q.key if current else None))


def on_results() -> None:
    st.session_state[SUMMARY] = True


def on_new_set() -> None:
    st.session_state[SET] = []
    st.session_state[SUMMARY] = False
    on_next()


# -- drawing -------------------------------------------------------------------------

CSS = """
.quiz-rules { font-weight: 600; color: #1f2328; }
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
    family = q.rules.family
    if family == "duel":
        options.append(NOBODY)
        nobody = t("quiz.option_draw")
    else:
        nobody = t("quiz.option_nobody")
        if family == "block":
            options.append(NOBODY)
    with (st.container(key="quiz-answer"),
          st.form("quiz.form", border=False, enter_to_submit=True)):
            prompt = {"block": "quiz.ask_block", "gaple": "quiz.ask_gaple",
                      "duel": "quiz.ask_duel"}[family]
            st.markdown(f"**{t(prompt)}**")
            st.segmented_control(
                t("quiz.who_scores") if family == "block" else t("quiz.who_wins"), options,
                key=SEAT_KEY, format_func=lambda s: nobody if s == NOBODY else seats[s],
                label_visibility="collapsed")  # the prompt above says it; screen readers get it
            if q.asks_points:
                st.number_input(t("quiz.points"), min_value=0, max_value=999, step=1,
                                value=None, key=POINTS_KEY, width=220,
                                help=t("quiz.points_help"))
            st.form_submit_button(t("quiz.check"), key="quiz.check", type="primary",
                                  on_click=on_check)


def _feedback(current: Current) -> None:
    fb = current.feedback
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
    results = _results()
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
        st.markdown(caption_html(describe(q.state.line.description())), unsafe_allow_html=True)

    if not answered(current):
        _answer_form(current, seats)
    _feedback(current)
    _actions(current, results)
    st.markdown(f'<p class="quiz-share">{esc(t("quiz.share", level=q.level, seed=q.seed))}</p>',
                unsafe_allow_html=True)
