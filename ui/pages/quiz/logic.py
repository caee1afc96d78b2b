"""The Quiz page (UX.md §7): finished rounds from :mod:`engine.teaching.quiz`, settled by the learner.

Each question is a round the engine dealt from a seed and played to its end.
The page shows the final table — the line, every hand face up, Gaple's dead
tiles, how the round ended — and asks who wins (and, in Block, how many
points).  :func:`engine.teaching.quiz.check` decides; the feedback always shows the
worked arithmetic: each seat's total as its sum, then the rule that settled
the round.

The learner works through sets of ten; the first answer to each question
counts (score, streak and best streak are kept with the learner's progress,
:func:`ui.session.record_answer`), a retry is for practice.  At the end of a
set, a summary lists what to revisit, each with a link to the Learn step that
teaches it (:data:`LESSON_FOR`).

Every question can be shared: the address carries ``?quiz_level=&quiz_seed=``
and ``engine.teaching.quiz.question(level, seed)`` gives it back.

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
from functools import partial

import streamlit as st

from engine.game.settlement import blank_double_counted
from engine.game.state import State
from engine.teaching.quiz import LEVELS, Question, Verdict, check, question

from ... import i18n, session
from ...i18n import clip, settlement_text, t
from ...widgets.feedback import Feedback, Later, Said, worded
from ...widgets.seats import sums_lines
from .setup import PARAM_LEVEL, PARAM_SEED, parse_params

PAGE = "pages/quiz.py"
LEARN = "pages/learn.py"
RULES = "pages/rules.py"
SET_SIZE = 10
NOBODY = -1
#: Seeds the page makes (a link may carry any seed below engine.teaching.quiz.SEED_LIMIT).
NEW_SEEDS = 10**6

CURRENT = "quiz.current"
SET = "quiz.set"
SUMMARY = "quiz.summary"
PREF_LEVEL = "quiz.pref_level"
LEVEL_KEY = "quiz.level"
SEAT_KEY = "quiz.answer.seat"
POINTS_KEY = "quiz.answer.points"
ANSWER_KEYS = (SEAT_KEY, POINTS_KEY)

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
LEVEL_NAME_KEYS = {1: "quiz.level_1", 2: "quiz.level_2", 3: "quiz.level_3"}


# -- pure helpers -----------------------------------------------------------------


def seat_names(state: State) -> tuple[str, ...]:
    """The seats' names: White and Black in the two-player game, compass points otherwise
    (:func:`ui.i18n.table_seat_names`, as on Try it)."""
    return i18n.table_seat_names(state.rules)


def topic(q: Question) -> str:
    """What the question tests: its settlement code, or ``gaple_blank_25``
    when a [0|0] counted 25 decided the totals."""
    code = q.settlement.explanation.code
    if blank_double_counted(q.state):
        return "gaple_blank_25"
    return code


def answer_text(q: Question, seat: int | None, points: int | None, seats: Sequence[str]) -> str:
    """What the learner said, in words: "North, 10 points", "Nobody scores", "A draw"."""
    if seat is None:
        if q.rules.equal_totals_draw:
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
    if q.rules.has_dead_tiles:
        return t("quiz.ended_stuck_gaple")
    return t("quiz.ended_blocked")


def rules_text(q: Question) -> str:
    """The family, players and variant: "Gaple · 4 players, 6 tiles each · [0|0] counts 25"."""
    r = q.rules
    parts: list[str] = []
    if r.scores_points:
        parts = [t("quiz.rules_block", count=r.players)]
    elif r.has_stock:
        parts = [t("quiz.rules_duel"), t("quiz.mode_draw") if r.draw_mode else t("quiz.mode_no_draw")]
    else:
        parts = [t("quiz.rules_gaple", count=r.players, tiles=r.hand_size)]
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
    if r.has_stock:
        return t("quiz.aside_stock", count=n)
    if r.middle_up:
        return t("quiz.aside_middle", count=n)
    return t("quiz.aside_block", count=n)


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
    feedback: Said | None = None
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


def set_results() -> list[Result]:
    """This set's results so far (each question as first answered), in session state."""
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
    if raw_seat is None:
        current.feedback = worded("hint", title=partial(t, "quiz.pick_first"))
        current.history.append("incomplete")
        return
    seat = None if int(raw_seat) == NOBODY else int(raw_seat)
    points = int(raw_points) if raw_points is not None else None
    if q.asks_points and seat is not None and points is None:
        current.feedback = worded("hint", title=partial(t, "quiz.points_first"))
        current.history.append("incomplete")
        return
    verdict = check(q, seat, points)
    first = current.tries == 0
    current.tries += 1
    if first:
        session.record_answer(verdict.correct)
        results = set_results()
        if len(results) < SET_SIZE:
            results.append(Result(q.level, q.seed, topic(q), verdict.correct))
        current.counted = True
    current.feedback = Later("ok" if verdict.correct else "no",
                             partial(_answer_feedback, q, seat, points, first))
    if verdict.correct:
        current.solved = True
    current.history.append("right" if verdict.correct else "wrong")


def _answer_feedback(q: Question, seat: int | None, points: int | None, first: bool) -> Feedback:
    """:func:`answer_feedback` for the answer ``seat`` and ``points``, in the page's language
    (worded when drawn)."""
    seats = seat_names(q.state)
    return answer_feedback(q, check(q, seat, points), answer_text(q, seat, points, seats), first,
                           seats)


def answer_feedback(q: Question, verdict: Verdict, said: str, first: bool,
                    seats: Sequence[str]) -> Feedback:
    """What the page says to a checked answer, each thing once: the verdict (with what the
    learner said, when wrong) as the title, each seat's total as its sum, then the result
    with its arithmetic (the engine's explanation in words)."""
    lines = (*sums_lines(q.settlement, seats), settlement_text(q.settlement, seats))
    if verdict.correct:
        title = t("quiz.right")
        if not first:
            title += " " + t("quiz.retry_not_counted")
        return Feedback("ok", title=title, lines=lines)
    key = "quiz.wrong_points" if verdict.winner_right else "quiz.wrong"
    return Feedback("no", title=t(key, said=said), lines=lines, revisit=LESSON_FOR.get(topic(q)))


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
