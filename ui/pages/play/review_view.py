"""Play's review, drawn: the round's report, then each decision judged by what the learner could
see (its class, the move played and the best with their worth on average, every move on
request), and below it the second layer, with every hand shown (the solver's verdict, and
whether a mistake was punished in this deal or got away with); a replay from each.

Drawing only; the review's logic is :mod:`ui.widgets.round_review.work`, its report, progress
bar and each decision's title with its class the shared :mod:`ui.widgets.round_review.view`.
A decision still being worked out says so, and a progress bar counts the decisions judged
while the review fills in (the page polls for the answers as it does for the computer's
moves)."""

from __future__ import annotations

import streamlit as st

from engine.search.appraise import Appraisal

from ...i18n import move_named, move_text, or_list, t
from ...widgets import appraisal, feedback, verdict
from ...widgets.round_review import view as round_review_view
from ...widgets.round_review.work import ReviewItem, RoundReview
from ...widgets.svg import plain
from . import logic as play
from . import words as play_words
from .logic import Table
from .setup import on_table

#: The classes that count against a move (the all-hands layer says whether this deal
#: punished it).
FAULTS = ("inaccuracy", "mistake", "blunder")


def draw(table: Table) -> None:
    """The review of the round on show (nothing during a replay or before the round ends)."""
    if table.practice is not None or not table.finished:
        return
    games = play_words.in_games(table)
    review = table.reviewed
    if review is None or not review.items:
        st.caption(t("play.review_none_game") if games else t("play.review_none"))
        return
    st.subheader(t("play.review"), anchor=False)
    st.caption(round_review_view.lead_text(review))
    round_review_view.progress_bar(review)
    round_review_view.report(review, games=games)
    for i, item in enumerate(review.items):
        with st.container(key=f"play-decision-{i}"):
            _decision(table, review, i, item)


# -- one decision ------------------------------------------------------------------------------


def _decision(table: Table, review: RoundReview, i: int, item: ReviewItem) -> None:
    st.markdown(round_review_view.decision_line(item), unsafe_allow_html=True)
    a = item.appraisal.value
    judged = item.judgement()
    if a is not None and judged is not None:
        _seen(item, a, judged.grade, review.start.players)
    _all_hands(table, i, item, judged.grade if judged is not None else None)
    st.button(t("play.replay_from", n=item.number), key=f"play.replay.{i}",
              on_click=on_table, args=(play.replay_from, item))


def _seen(item: ReviewItem, a: Appraisal, grade: str, players: int) -> None:
    """The primary layer: the move played and the best, with what each is worth on average
    from what the learner could see; every move on request; how the figures were found."""
    ends = item.position.line.ends
    mine = a.of(item.played)
    best = appraisal.best_names(a, ends)
    worth = appraisal.score(a.family, mine.expected, players)
    if grade == "best":
        st.markdown(plain(t("review.was_best" if len(best) == 1 else "review.one_of_best",
                          score=worth)))
    else:
        st.markdown(plain(t("review.played", move=move_named(item.position.canonical(
            item.played)), score=worth)))
        st.markdown(plain(t("review.best", moves=or_list(move_text(m) for m in best),
                          score=appraisal.score(a.family, a.top, players))))
    st.caption(appraisal.provenance(a))
    appraisal.show_moves(a, players, ends, key=f"review-moves-{item.number}",
                         played=item.played)


def _all_hands(table: Table, i: int, item: ReviewItem, grade: str | None) -> None:
    """The second layer: the solver's verdict with every hand shown, and whether the deal
    punished a fault or let it go."""
    solution = item.verdict.value
    label = f"**{t('review.all_hands')}**"
    if solution is None:
        st.markdown(f"{label} · " + t("play.review_failed" if item.verdict.failed
                                      else "play.review_waiting"))
        return
    v = verdict.verdict(item.position, solution, table.seats, item.played)
    if grade in FAULTS:
        mark = t("review.got_away" if v.was_best else "review.punished")
        kind = "ok" if v.was_best else "no"
        with st.container(key=feedback.key(f"review-mark-{i}", kind)):
            st.markdown(f"{label} · {mark}")
    else:
        st.markdown(label)
    verdict.show(v, key=f"review-{i}", all_moves=not v.was_best)
