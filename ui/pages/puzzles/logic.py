"""Puzzles: the engine's bank of positions with one clearly best move, and the learner's own.

The page shows one problem at a time (:class:`Current`), drawn as Play draws a table: the
learner holds the mover's seat, at the bottom; the others are face down; what the seat
knows is said under it.  A problem is a bank puzzle (a scenario under scenarios/puzzles/,
:mod:`engine.teaching.puzzle`) or one of the learner's own (a decision of a reviewed round of Play,
due again by FSRS: ui/progress/_puzzles.py).

- **Choosing** (:func:`choose`): the bank's puzzles of the chosen family and theme, those
  never tried first (then those missed, then all), the :data:`NEAR` nearest the learner's
  rating, one of them drawn from a seed of the learner and their attempts (so a test, and a
  reload, sees the same one).
- **Answering** (:func:`on_move`): a move the rules refuse is refused with the reason and
  counts for nothing.  The first legal answer is the attempt: kept once, under the id the
  problem got when shown, and rated (Glicko-2, both the learner and the puzzle) or, for an
  own puzzle, reviewed (FSRS).  Right or wrong is said at once with the appraisal's numbers
  in words (:mod:`ui.widgets.puzzle_words`).  After a wrong answer the learner may try again
  (no rating moves) or see the answer; then the next puzzle.
- **The address** carries ``puzzle`` (a bank puzzle's id: a link opens it), ``family`` and
  ``theme`` (the choice), and ``own=1`` (the learner's own puzzles, as Home's link asks).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial

import streamlit as st

from engine.game.moves import Move
from engine.teaching.scenario import Scenario
from engine.teaching.themes import THEMES

from ... import clock, glicko2, session
from ...content import Puzzles, puzzles
from ...i18n import clip, t, table_seat_names
from ...progress import Attempt, Outcome
from ...widgets import puzzle_words as words
from ...widgets.feedback import Said, checked, worded
from .setup import Problem, bank_problem, own_problem

PAGE = "pages/puzzles.py"
BOARD = "puzzle-board"
CURRENT = "puzzles.current"
ADDRESSED = "puzzles.addressed"  # what the page last wrote in the address
FAMILY_KEY = "puzzles.family"
THEME_KEY = "puzzles.theme"
PARAMS = ("puzzle", "family", "theme", "own")
ANY = "any"
FAMILIES = (ANY, "block", "gaple", "duel")
THEME_CHOICES = (ANY, *THEMES)
#: A puzzle is drawn from this many of those nearest the learner's rating.
NEAR = 5
#: Above this deviation a rating is still settling (said so beside it).
SETTLING_RD = 110.0


@dataclass
class Current:
    """The problem on the page and what the learner has done with it."""

    problem: Problem
    attempt: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    first: Move | None = None  # the first legal answer: the attempt
    answer: Move | None = None  # the latest (None: awaiting one)
    outcome: Outcome | None = None
    shown: bool = False  # the answer was shown
    discarding: bool = False  # "Discard a tile" is on (until a move)
    said: Said | None = None
    family: str = ANY
    theme: str = ANY

    @property
    def answered(self) -> bool:
        return self.answer is not None

    @property
    def right(self) -> bool:
        return self.answer is not None and self.answer in self.problem.right

    @property
    def best_found(self) -> bool:
        """The answer is the best move (a good one is right, not best)."""
        return self.answer is not None and self.answer in self.problem.best

    @property
    def solved(self) -> bool | None:
        return None if self.first is None else self.first in self.problem.right


# -- choosing -----------------------------------------------------------------------------

def fits(s: Scenario, family: str, theme: str) -> bool:
    p = s.puzzle
    return p is not None and family in (ANY, s.rules.family) and theme in (ANY, *p.themes)


def rating_of(s: Scenario, ratings: Mapping[str, float]) -> float:
    assert s.puzzle is not None
    return ratings.get(s.id, float(s.puzzle.rating))


def choose(bank: Mapping[str, Scenario], family: str, theme: str, rating: float,
           tried: Mapping[str, bool], ratings: Mapping[str, float], avoid: str | None,
           seed: str) -> Scenario | None:
    """A puzzle near ``rating`` (see the module); None when none fits the choice."""
    pool = [s for s in bank.values() if fits(s, family, theme)]
    if len(pool) > 1:
        pool = [s for s in pool if s.id != avoid]
    if not pool:
        return None
    for group in ([s for s in pool if s.id not in tried],
                  [s for s in pool if not tried.get(s.id, False)], pool):
        if group:
            near = sorted(group, key=lambda s: (abs(rating_of(s, ratings) - rating), s.id))
            return random.Random(seed).choice(near[:NEAR])
    return None


def next_bank(data: Puzzles, family: str, theme: str, avoid: str | None = None
              ) -> Current | None:
    me = session.puzzle_rating()
    ratings = session.puzzle_ratings()
    tried = session.puzzles_tried()
    seed = f"{session.learner_id()}:{me.attempts}:{len(tried)}:{family}:{theme}"
    found = choose(data.puzzles, family, theme, me.rating, tried, ratings, avoid, seed)
    if found is None:
        return None
    return Current(bank_problem(found, rating_of(found, ratings)), family=family, theme=theme)


def own_due() -> list[Problem]:
    """The learner's own puzzles due now, each that still reads."""
    return [p for p in map(own_problem, session.own_due(clock.now())) if p is not None]


def another_own_due(cur: Current) -> bool:
    """Whether an own puzzle besides ``cur``'s is due ("Next of yours" has one to open)."""
    return any(p.key != cur.problem.key for p in own_due())


def next_own(avoid: str | None = None) -> Current | None:
    due = [p for p in own_due() if p.key != avoid]
    return Current(due[0]) if due else None


def stored() -> Current | None:
    found = st.session_state.get(CURRENT)
    return found if isinstance(found, Current) else None


def keep(cur: Current | None) -> None:
    st.session_state[CURRENT] = cur


def choice() -> tuple[str, str]:
    """The family and theme chosen (the widgets', else any)."""
    family = st.session_state.get(FAMILY_KEY, ANY)
    theme = st.session_state.get(THEME_KEY, ANY)
    return (family if family in FAMILIES else ANY, theme if theme in THEME_CHOICES else ANY)


def arrive(data: Puzzles) -> Current | None:
    """The problem to show on this run: the one kept, unless the address asks for another
    (a puzzle's link, ``own=1``: what the page did not write there itself) or the choice
    changed; else a new one."""
    params, _ = session.page_params(PARAMS)
    written = st.session_state.get(ADDRESSED, {})
    cur = stored()
    if cur is None:  # the address's choice, on arrival
        if params.get("family") in FAMILIES:
            st.session_state[FAMILY_KEY] = params["family"]
        if params.get("theme") in THEME_CHOICES:
            st.session_state[THEME_KEY] = params["theme"]
    wanted = params.get("puzzle")
    if wanted and wanted != written.get("puzzle") and wanted not in data.puzzles:
        session.notice(t("puzzles.unknown", id=clip(wanted, 40)))
    if wanted and wanted != written.get("puzzle") and wanted in data.puzzles and \
            (cur is None or cur.problem.key != wanted):
        found = data.puzzles[wanted]
        cur = Current(bank_problem(found, rating_of(found, session.puzzle_ratings())),
                      family=choice()[0], theme=choice()[1])
    elif params.get("own") == "1" and written.get("own") != "1" and \
            (cur is None or cur.problem.kind != "own"):
        cur = next_own() or cur
    if cur is None or (cur.problem.kind == "bank" and (cur.family, cur.theme) != choice()
                       and not cur.answered):
        cur = next_bank(data, *choice()) or cur
    keep(cur)
    return cur


def address(cur: Current | None) -> dict[str, str]:
    """What the address says of the page now (kept, to tell a link's request from it)."""
    family, theme = choice()
    params = {k: v for k, v in (("family", family), ("theme", theme)) if v != ANY}
    if cur is not None and cur.problem.kind == "bank":
        params["puzzle"] = cur.problem.key
    elif cur is not None:
        params["own"] = "1"
    st.session_state[ADDRESSED] = params
    return params


# -- answering ---------------------------------------------------------------------------

def loss(problem: Problem, move: Move) -> float:
    return problem.moves[0][1] - problem.expected(move)


def on_move(move: Move) -> None:
    """The board's callback (and the plain buttons')."""
    cur = stored()
    if cur is None or cur.answered:
        return
    cur.discarding = False
    state = cur.problem.state
    resolved, refusal = checked(state, move)
    if refusal is not None:
        cur.said = refusal
        return
    answer = state.canonical(resolved)
    if answer not in cur.problem.names:
        return
    cur.answer = answer
    if cur.first is None:
        cur.first = answer
        p = cur.problem
        cur.outcome = session.record_attempt(Attempt(
            cur.attempt, p.key.removeprefix("own:"), p.kind, p.rules.family, p.themes,
            answer in p.right, answer.text(), loss(p, answer),
            p.rating if p.rating is not None else glicko2.START), clock.now())
    cur.said = feedback(cur)


def on_discarding(on: bool) -> None:
    """"Discard a tile" turned on or off on the table: what was said of an earlier click
    (a tile refused) goes, since the next step is a tile to throw."""
    cur = stored()
    if cur is None or cur.answered:
        return
    cur.discarding = on
    if on:
        cur.said = None


def feedback(cur: Current) -> Said:
    """Right or wrong, with the appraisal's numbers in words (worded when drawn).  A wrong
    answer is told what it costs and why, without naming the best move, until the answer
    is shown; a move the review graded good (an own puzzle) is accepted, and told that a
    better one exists."""
    p = cur.problem
    answer = cur.answer
    assert answer is not None
    names = seats(p)
    best = p.best[0]
    if answer in p.best:
        others = [(m, e) for m, e in p.moves if m not in p.right]
        retry = cur.first is not None and cur.first != answer
        return worded("ok", partial(_right_text, p, answer, others[0] if others else None, names),
                      partial(t, "puzzles.right_again" if retry else "puzzles.right"))
    if cur.shown:
        return worded("ok" if answer in p.right else "no",
                      partial(words.comparison, p.rules, p.view, (best, p.expected(best)),
                              (answer, p.expected(answer)), p.names, names),
                      partial(t, "puzzles.good" if answer in p.right else "puzzles.wrong"))
    said = partial(words.shortfall, p.rules, p.view, best, (answer, p.expected(answer)),
                   loss(p, answer), p.names, names)
    if answer in p.right:
        return worded("ok", said, partial(t, "puzzles.good"))
    return worded("no", said, partial(t, "puzzles.wrong"))


def _right_text(p: Problem, answer: Move, other: tuple[Move, float] | None,
                seats: tuple[str, ...]) -> str:
    if other is None:
        return words.sentence(t("puzzles.right_only", move=words.move_name(answer, p.names)))
    return words.comparison(p.rules, p.view, (answer, p.expected(answer)), other, p.names,
                            seats)


def seats(p: Problem) -> tuple[str, ...]:
    """The table's seat names in the page's language, the learner's marked "(you)"."""
    names = list(table_seat_names(p.rules))
    names[p.seat] = t("puzzles.you", name=names[p.seat])
    return tuple(names)


def own_seat(p: Problem) -> str:
    """The learner's seat's name alone (over their hand)."""
    return table_seat_names(p.rules)[p.seat]


def on_retry() -> None:
    cur = stored()
    if cur is not None:
        cur.answer, cur.said, cur.shown = None, None, False


def on_show() -> None:
    """"Show the answer": the best move lit, every move listed, and the comparison."""
    cur = stored()
    if cur is not None:
        cur.shown = True
        if cur.answer is not None:
            cur.said = feedback(cur)


def on_next() -> None:
    """The next problem of the same kind (the bank's, by the choice; or the next own)."""
    cur = stored()
    if cur is not None and cur.problem.kind == "own":
        keep(next_own(avoid=cur.problem.key) or _bank_after(cur))
        return
    keep(_bank_after(cur))


def _bank_after(cur: Current | None) -> Current | None:
    avoid = cur.problem.key if cur is not None else None
    return next_bank(puzzles(), *choice(), avoid=avoid) or cur


def on_own() -> None:
    """"Start" in "Your mistakes, due today"."""
    found = next_own()
    if found is not None:
        keep(found)


def on_choice() -> None:
    """A family or theme chosen: a new puzzle that fits, unless the one shown does."""
    cur = stored()
    family, theme = choice()
    if cur is not None and cur.problem.kind == "bank" and not cur.answered and \
            cur.problem.rules.family in (family, ANY) and theme in (ANY, *cur.problem.themes):
        cur.family, cur.theme = family, theme
        return
    keep(_bank_after(cur))
