"""A round's review (:mod:`.work`), drawn: the words Play's review and any other page share,
and a compact review for a page that is not Play (Play with friends).

- :func:`report`: the round's figures (accuracy and what a choice cost on average, the
  choices by class, what the hand was worth against the result, and the short verdict on
  the hand and the play, :func:`luck_text`); :func:`decision_line`: a decision's title with
  its class and cost ("mistake, costs 3.2 points on average"), or why it has none yet.
  Play's full review (``ui.pages.play.review_view``) draws with them.
- :func:`draw`: the compact review: the figures, then each of the learner's decisions with
  its class and cost; no replay, no layer with every hand shown.  While answers are
  awaited it says how many decisions are judged and "working it out…", in a small fragment
  that looks for them every :data:`TICK` seconds and runs the page again when one comes.
"""

from __future__ import annotations

import streamlit as st

from engine.game.rules import result_unit
from engine.search.appraise import GRADES, RoundReport

from ...i18n import move_text, t
from ...page import rerun_on_its_own
from .. import appraisal
from ..svg import esc, plain
from . import work
from .work import ReviewItem, RoundReview

#: Seconds between looks for the review's answers while the compact review waits.
TICK = 0.3


def lead_text(review: RoundReview) -> str:
    """What the review judges, in the round's family, and that forced moves are left out."""
    return t(f"review.lead_{review.family}") + " " + t("play.review_forced")


def progress_bar(review: RoundReview) -> None:
    """How many decisions are judged, while the review fills in (nothing once it is in)."""
    if review.waiting:
        n = len(review.items)
        st.progress(review.judged / n, text=t("review.progress", done=review.judged, count=n))


def report(review: RoundReview, *, games: bool = False, key: str = "review-report") -> None:
    """The round's figures, in a bordered container ``key``, once every answer is in (a
    failed search: that there are none); ``games``: the page says "game" for "round"."""
    found = review.report
    if found is None:
        if review.filed:  # every answer in, one of them a failure
            st.caption(t("review.report_missing"))
        return
    family = review.family
    with st.container(key=key, border=True):
        st.markdown(f"**{t('review.report_game' if games else 'review.report')}**")
        if found.accuracy is not None and found.mean_loss is not None:
            st.markdown(t("review.accuracy", accuracy=appraisal.number(found.accuracy, 0),
                          amount=appraisal.amount(family, found.mean_loss)))
        counts = dict(found.counts)
        items = "".join(f"<li>{appraisal.badge(g)} {counts[g]}</li>" for g in GRADES
                        if g != "forced")
        st.markdown(f'<ul class="grade-counts" aria-label="{esc(t("review.counts"))}">'
                    f"{items}</ul>", unsafe_allow_html=True)
        st.markdown(luck_text(found, review.start.players))
        if not found.exact:
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
    hand, quality = work.hand_strength(family, worth), work.play_quality(report)
    if quality == "poorly" and result >= worth:
        # Faults, yet the result came up to the hand's worth: the deal did not punish them.
        return f"{luck} {t('review.hand_poorly_forgiven')}"
    if hand == "strong" and quality == "poorly" and result > 0:
        quality = "poorly_won"  # won all the same: not thrown away, not fully used
    return f"{luck} {t(f'review.hand_{hand}_{quality}')}"


def decision_line(item: ReviewItem) -> str:
    """A decision's title, "Move 7 — [1|4]", with its class as a badge and what it cost, or
    "working it out…" (the search failed: it says so); markdown with HTML."""
    title = esc(t("play.review_move", n=item.number, move=move_text(item.played)))
    a = item.appraisal.value
    judged = item.judgement()
    if a is None or judged is None:
        failed = item.appraisal.failed or a is not None
        return f"**{plain(title)}** · " + t("review.appraisal_failed" if failed
                                             else "play.review_waiting")
    badge = appraisal.graded(judged.grade, a.family, judged.loss, judged.margin)
    return f"**{plain(title)}** {badge}"


def draw(review: RoundReview | None, *, key: str, games: bool = False) -> None:
    """The compact review of a finished round (see the module), in a container ``key`` (a
    CSS-safe name); nothing for ``None`` (no review asked for).  Takes the answers that
    have come (and files the review once the last is in: :func:`.work.poll`)."""
    if review is None:
        return
    if not review.items:
        st.caption(t("play.review_none_game") if games else t("play.review_none"))
        return
    work.poll([review], review)
    st.html(f"<style>{appraisal.CSS}</style>")
    with st.container(key=key):
        st.markdown(f"**{t('play.review')}**")
        st.caption(lead_text(review))
        progress_bar(review)
        report(review, games=games, key=f"{key}-report")
        for i, item in enumerate(review.items):
            with st.container(key=f"{key}-decision-{i}"):
                st.markdown(decision_line(item), unsafe_allow_html=True)
        if review.waiting:
            _working(review)


@st.fragment(run_every=TICK)
def _working(review: RoundReview) -> None:
    """"working it out…" while an answer is awaited; the whole page again once one came."""
    if work.poll([review], review) or not review.waiting:
        rerun_on_its_own()
    st.caption(t("play.review_waiting"))
