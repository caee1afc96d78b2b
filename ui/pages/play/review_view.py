"""Play's review, drawn: the round's report, then each decision judged by what the learner could
see (its class, the move played and the best with their worth on average, every move on
request), and below it the second layer, with every hand shown (the solver's verdict, and
whether a mistake was punished in this deal or got away with); a replay from each.

Drawing only; the review's logic is :mod:`ui.widgets.round_review.work`.  A decision still being
worked out says so, and a progress bar counts the decisions judged while the review fills
in (the page polls for the answers as it does for the computer's moves)."""

from __future__ import annotations

import streamlit as st

from engine.game.rules import result_unit
from engine.search.appraise import GRADES, Appraisal, RoundReport

from ...i18n import move_named, move_text, or_list, t
from ...widgets import appraisal, feedback, verdict
from ...widgets.round_review import work as play_review
from ...widgets.round_review.work import ReviewItem, RoundReview
from ...widgets.svg import esc, plain
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
    st.caption(t(f"review.lead_{review.family}") + " " + t("play.review_forced"))
    if review.waiting:
        n = len(review.items)
        st.progress(review.judged / n, text=t("review.progress", done=review.judged, count=n))
    _report(table, review)
    for i, item in enumerate(review.items):
        with st.container(key=f"play-decision-{i}"):
            _decision(table, review, i, item)


# -- the round's report ----------------------------------------------------------------------


def _report(table: Table, review: RoundReview) -> None:
    report = review.report
    if report is None:
        if review.filed:  # every answer in, one of them a failure
            st.caption(t("review.report_missing"))
        return
    games = play_words.in_games(table)
    family = review.family
    with st.container(key="review-report", border=True):
        st.markdown(f"**{t('review.report_game' if games else 'review.report')}**")
        if report.accuracy is not None and report.mean_loss is not None:
            st.markdown(t("review.accuracy", accuracy=appraisal.number(report.accuracy, 0),
                          amount=appraisal.amount(family, report.mean_loss)))
        counts = dict(report.counts)
        items = "".join(f"<li>{appraisal.badge(g)} {counts[g]}</li>" for g in GRADES
                        if g != "forced")
        st.markdown(f'<ul class="grade-counts" aria-label="{esc(t("review.counts"))}">'
                    f"{items}</ul>", unsafe_allow_html=True)
        st.markdown(luck_text(report, review.start.players))
        if not report.exact:
            st.caption(t("review.report_estimate"))


def luck_text(report: RoundReport, players: int) -> str:
    """What the hand was worth against what it scored, and a short verdict: "Your hand was
    worth −4.0 points on average; you scored +6.0.  A weak hand, played well." """
    family, worth, result = report.family, report.worth, report.result
    if worth is None or result is None:
        return ""
    unit = result_unit(family)
    if unit == "place":
        luck = t("review.luck_gaple",
                 worth=appraisal.number((players + 1) / 2 - worth, 2),
                 place=appraisal.number((players + 1) / 2 - result, 0))
    elif unit == "points":
        luck = t("review.luck_block", worth=appraisal.number(worth, 1, signed=True),
                 result=appraisal.number(result, 0 if result == int(result) else 1,
                                         signed=True))
    else:
        outcome = "won" if result > 0 else "lost" if result < 0 else "drawn"
        luck = t(f"review.luck_duel_{outcome}", worth=appraisal.number(worth, 2, signed=True))
    hand, quality = play_review.hand_strength(family, worth), play_review.play_quality(report)
    if quality == "poorly" and result >= worth:
        # Faults, yet the result came up to the hand's worth: the deal did not punish them.
        return f"{luck} {t('review.hand_poorly_forgiven')}"
    if hand == "strong" and quality == "poorly" and result > 0:
        quality = "poorly_won"  # won all the same: not thrown away, not fully used
    return f"{luck} {t(f'review.hand_{hand}_{quality}')}"


# -- one decision ------------------------------------------------------------------------------


def _decision(table: Table, review: RoundReview, i: int, item: ReviewItem) -> None:
    title = esc(t("play.review_move", n=item.number, move=move_text(item.played)))
    a = item.appraisal.value
    judged = item.judgement()
    if a is None or judged is None:
        failed = item.appraisal.failed or a is not None
        st.markdown(f"**{plain(title)}** · " + t("review.appraisal_failed" if failed
                                               else "play.review_waiting"))
    else:
        badge = appraisal.graded(judged.grade, a.family, judged.loss, judged.margin)
        st.markdown(f"**{plain(title)}** {badge}", unsafe_allow_html=True)
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
