"""A round's review, worked out (Play's, and any page's where a learner plays a round): each
of the learner's decisions judged by what they could see, and again with every hand shown;
the round's report; the learner's record of it, once.

A :class:`RoundReview` is made when a round ends (:func:`review_round`).  For each decision
the learner had (more than one distinct legal move) it asks, in the background worker
(:mod:`ui.thinking`), for the appraisal of the learner's view (:func:`engine.search.appraise.appraise`:
every legal move's expected score over the deals of the hidden tiles the view allows, its
loss and its grade) and for the solver's verdict with every hand open; and, unless the
learner's first decision opened the round (its appraisal says it), for what the learner's
hand was worth at the round's start (:func:`engine.search.appraise.worth`).  The answers come one by
one (:meth:`RoundReview.poll`) and the page shows each as it comes.

Once every answer is in, :func:`file` sums the round up (:func:`engine.search.appraise.summarise`:
accuracy, mean loss, counts by grade, worth against result) and keeps it in the learner's
record, once: the figures in the round's row and each judged decision, with the position as
the learner saw it, for practice later (:func:`ui.progress.record_review`).  A review that
is still being worked out when the learner deals the next round stays on the page's list
(Play's ``Table.filing``; :func:`poll`) and is filed when its last answer comes.  It is filed whoever watches:
the server process that works it out files it as its last answer comes (:func:`attend`),
also when the session that asked for it is gone; until then it is pending in the store
(:mod:`ui.progress._matches`), claimed by this process (:data:`CLAIMER`), so that the
learner's next visit to Play, on any replica, takes it over if this process went away
(``ui.pages.play.resume``).  Kept once: the store keeps a round's figures once.  A failed
job leaves them missing: never wrong, never twice.
"""

from __future__ import annotations

import os
import secrets
import socket
import threading
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import streamlit as st

from engine.game.moves import Move
from engine.game.state import State
from engine.game.view import view
from engine.notation.code import Position, Round
from engine.players.bots import seat_score
from engine.search.appraise import BANDS, Appraisal, DecisionReport, RoundReport, Worth, summarise
from engine.search.solve import Solution

from ... import progress, thinking
from . import kept
from .kept import kept_or_asked, part

#: This server process, as it claims the reviews it works out (``host:pid:random``).
CLAIMER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
#: Seconds a claim on a pending review lasts without news from its process
#: (``DOMINO_REVIEW_LEASE``): after that another process may take the review over.
LEASE = float(os.environ.get("DOMINO_REVIEW_LEASE", "") or 300)


@dataclass
class ReviewItem:
    """One choice the learner made: judged by what they could see (the appraisal) and with
    every hand open (the solver's verdict)."""

    number: int  # the move's number in the round (1 = the first move)
    position: State  # before the move
    played: Move
    verdict: thinking.Answer[Solution]  # the solver's, every hand open
    appraisal: thinking.Answer[Appraisal]  # from the learner's view

    @property
    def judged(self) -> bool:
        """The appraisal is in (or failed)."""
        return not self.appraisal.waiting

    def grade(self) -> str | None:
        """The played move's grade, once appraised."""
        found = self.judgement()
        return found.grade if found is not None else None

    def judgement(self) -> DecisionReport | None:
        """The decision as the report counts it, once appraised (None: not yet, or failed)."""
        a = self.appraisal.value
        if a is None:
            return None
        item = next((m for m in a.moves if m.move == self.played), None)
        if item is None:  # not a legal move of the view: cannot be (the engine played it)
            return None
        return DecisionReport(self.number - 1, self.played, item.grade, item.loss,
                              item.expected, a.best, a.top, a, item.margin)


@dataclass
class RoundReview:
    """A round's review for the learner's seat (see the module)."""

    round_id: str  # the round's key in the learner's record
    seat: int
    start: State  # the round as dealt
    end: State  # the round as it ended
    items: list[ReviewItem]
    forced: tuple[tuple[int, Move], ...]  # (ply, move): the decisions with one distinct move
    worth: thinking.Answer[Worth] | None  # None: the first decision's appraisal tells it
    result: float  # the round's result for the seat, in the family's scale
    filed: bool = False  # summed up and kept (or given up: a job failed)
    report: RoundReport | None = None  # once every answer is in and none failed
    records: list[progress.DecisionRecord] = field(default_factory=list)
    owner: str = ""  # the learner whose record keeps it ("": nobody's, see attend)
    where: str = ""  # their store (a folder or a URL), as it was when the round ended
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)
    kept: set[str] = field(default_factory=set)  # the answers in the owner's store (by part)

    @property
    def family(self) -> str:
        return self.start.rules.family

    @property
    def judged(self) -> int:
        """How many decisions have their appraisal (the progress shown)."""
        return sum(1 for item in self.items if item.judged)

    @property
    def waiting(self) -> bool:
        """Some answer is not taken yet."""
        return any(item.verdict.waiting or item.appraisal.waiting for item in self.items) or (
            self.worth is not None and self.worth.waiting)

    @property
    def failed(self) -> bool:
        """Some job failed: the report cannot be made (its figures stay missing)."""
        return any(item.appraisal.failed or (not item.appraisal.waiting
                                             and item.judgement() is None)
                   for item in self.items) or (self.worth is not None and self.worth.failed)

    def answers(self) -> list[thinking.Answer[Any]]:
        out: list[thinking.Answer[Any]] = [a for item in self.items
                                           for a in (item.appraisal, item.verdict)]
        return out + ([self.worth] if self.worth is not None else [])

    def by_part(self) -> dict[str, thinking.Answer[Any]]:
        """The answers by the part each is kept under in the store (:mod:`.kept`)."""
        return kept.answers(
            [(item.number, item.appraisal, item.verdict) for item in self.items], self.worth)

    def poll(self) -> bool:
        """Take the answers that have come; True when one did."""
        with self.lock:  # the session's thread and the worker's (attend) both look
            changed = False
            for answer in self.answers():
                changed = answer.poll() or changed
            return changed


def _seed(seed: int, round_no: int, ply: int) -> int:
    return (seed * 7_919 + round_no * 104_729 + ply * 31 + 0x2545) & 0x7FFF_FFFF


def review_round(start: State, end: State, seat: int, round_id: str, seed: int,
                 round_no: int, owner: str = "") -> RoundReview:
    """The review of the round ``end`` (played from ``start``) for ``seat``: each decision's
    jobs asked for in the background, in the round's order (an appraisal, then the verdict:
    each decision fills in whole, the first first), the hand's worth last.  ``owner``: the
    answers kept in their store for this round (or its exact decisions, kept before its
    answers were) are taken as they are, the others asked for (:mod:`.kept`); the seeds
    are the round's (its match's seed, its number, the ply): a job asked again asks the same."""
    stored = kept.kept(owner, round_id)
    judged = kept.judged(owner, round_id, stored)  # kept before its answers were
    walker = start.copy()
    items: list[ReviewItem] = []
    forced: list[tuple[int, Move]] = []
    for ply, record in enumerate(end.history):
        if record.player == seat:
            if len(walker.distinct_moves()) > 1:
                position = walker.copy()
                if ply + 1 in judged:
                    stored[part("appraisal", ply + 1)] = kept.appraisal_of(
                        judged[ply + 1], view(position, seat))
                appraisal = kept_or_asked(stored, part("appraisal", ply + 1), Appraisal,
                                          partial(thinking.appraise_later, view(position, seat),
                                                  _seed(seed, round_no, ply)))
                verdict = kept_or_asked(stored, part("verdict", ply + 1), Solution,
                                        partial(thinking.judge_later, position))
                items.append(ReviewItem(ply + 1, position, record.move, verdict, appraisal))
            else:
                forced.append((ply, record.move))
        walker.push_unchecked(record.move)
    opens = bool(items) and items[0].number == 1
    worth = None if opens or not items else kept_or_asked(
        stored, kept.WORTH, Worth,
        partial(thinking.worth_later, view(start, seat), _seed(seed, round_no, -1)))
    review = RoundReview(round_id, seat, start.copy(), end.copy(), items, tuple(forced), worth,
                         seat_score(end, seat))
    review.kept = {name for name, found in review.by_part().items() if not found.waiting}
    return review


def summed_up(review: RoundReview) -> RoundReport | None:
    """The round's report once every answer is in (None while one is awaited, or when a job
    failed)."""
    if review.waiting or review.failed or not review.items:
        return None
    decisions: list[DecisionReport] = [
        DecisionReport(ply, move, "forced", 0.0, None, (move,), None, None)
        for ply, move in review.forced]
    exact = True
    for item in review.items:
        judged = item.judgement()
        assert judged is not None and judged.appraisal is not None
        decisions.append(judged)
        exact = exact and judged.appraisal.exact
    decisions.sort(key=lambda d: d.ply)
    worth: float | None
    if review.worth is not None:
        w = review.worth.value
        assert w is not None
        worth, exact = w.expected, exact and w.exact
    else:  # the learner's first decision opened the round: its best is what the hand was worth
        worth = decisions[0].best_expected
    return summarise(review.seat, review.family, decisions, worth, review.result, exact)


def figures(report: RoundReport) -> progress.RoundFigures | None:
    """The report's figures as the learner's record keeps them (None: nothing to count)."""
    if report.mean_loss is None or report.accuracy is None or report.worth is None \
            or report.result is None:
        return None
    counts = dict(report.counts)
    return progress.RoundFigures(
        decisions=report.counted, best=counts["best"], good=counts["good"],
        inaccuracies=counts["inaccuracy"], mistakes=counts["mistake"],
        blunders=counts["blunder"], mean_loss=report.mean_loss, accuracy=report.accuracy,
        worth=report.worth, result=report.result)


def decision_records(review: RoundReview) -> list[progress.DecisionRecord]:
    """Each judged decision as the learner's record keeps it (for practice: the position
    as they saw it and as it was, the move, the best moves, every move's expected score)."""
    out = []
    for item in review.items:
        judged = item.judgement()
        a = judged.appraisal if judged is not None else None
        if judged is None or a is None or judged.expected is None \
                or judged.best_expected is None:
            continue
        out.append(progress.DecisionRecord(
            number=item.number, family=review.family,
            seen=Position.from_state(item.position, review.seat).seen_by(review.seat).text(),
            position=Position.from_state(item.position).text(),
            played=item.played.text(), best=tuple(m.text() for m in a.best),
            played_expected=judged.expected, best_expected=judged.best_expected,
            loss=judged.loss, grade=judged.grade, exact=a.exact,
            moves=tuple((m.move.text(), m.expected, m.grade) for m in a.moves)))
    return out


def file(review: RoundReview) -> bool:
    """Sum a finished review up and keep it in the learner's record, once (True when this
    call did)."""
    with review.lock:
        if review.filed or review.waiting or thinking.stopping():  # (stopping: its jobs
            return False  # were cut short, not failed: the review is handed back)
        review.filed = True
        _in_flight().pop(_key(review), None)
        review.report = summed_up(review)
        found = figures(review.report) if review.report is not None else None
        review.records = decision_records(review) if review.report is not None else []
        _keep(review, found)  # None: a job failed, or nothing to judge: no figures rather
        return True  # than wrong ones


def _keep(review: RoundReview, found: progress.RoundFigures | None) -> None:
    """The figures and decisions into the owner's record, once (the store keeps a round's
    figures once); no figures: the review given up.  A store that fails leaves it pending,
    for the learner's next visit."""
    if not review.owner:
        return
    where = review.where or None
    try:
        if found is None:
            progress.give_up_review(review.owner, review.round_id, data_dir=where)
        else:
            progress.record_review(review.owner, review.round_id, found, review.records,
                                   data_dir=where)
    except progress.ProgressError:
        pass


@st.cache_resource(show_spinner=False)
def _in_flight() -> dict[str, RoundReview]:
    """The reviews this server process is working out, by learner and round: a learner's new
    session (a reload) takes up the one still on its way instead of asking again; handed
    back when the server stops (:func:`.kept.hand_back`)."""
    flying: dict[str, RoundReview] = {}
    thinking.on_stop(partial(kept.hand_back, flying, CLAIMER))
    return flying


def _key(review: RoundReview) -> str:
    return f"{review.owner}/{review.round_id}"


def in_flight(owner: str, round_id: str) -> RoundReview | None:
    found = _in_flight().get(f"{owner}/{round_id}")
    return found if found is not None and not found.filed else None


def attend(review: RoundReview, owner: str) -> None:
    """Have this server process finish ``review`` for ``owner``'s record, whoever watches:
    each answer, as it comes, renews the process's claim on it in the store, and the last
    files it (:func:`file`, once), also when the session that asked is gone."""
    review.owner = owner
    review.where = progress.database_url() or str(progress.data_dir())
    _in_flight()[_key(review)] = review
    def answered(_done: object) -> None:
        _answered(review)

    for answer in review.answers():
        if answer.future is not None:
            answer.future.add_done_callback(answered)
    if not review.waiting:  # every answer kept already: summed up now, from them
        file(review)


def _answered(review: RoundReview) -> None:
    with review.lock:
        if review.filed or thinking.stopping():
            return
        review.poll()
        kept.keep(review.owner, review.round_id, review.where or None, review.by_part(),
                  review.kept)
        if not review.waiting:
            file(review)
            return
    try:
        progress.touch(review.owner, review.round_id, CLAIMER, data_dir=review.where or None)
    except progress.ProgressError:
        pass


def job(review: RoundReview, seed: int, round_no: int) -> dict[str, Any]:
    """What the review of a finished round needs to be worked out again, as the store keeps
    it while it is pending: the round's code (its deal and every move), the seat, the seed
    and the round's number (its jobs' seeds)."""
    return {"round": Round.from_state(review.end).text(), "seat": review.seat, "seed": seed,
            "round_no": round_no}


def from_job(round_id: str, job: dict[str, Any], owner: str = "") -> RoundReview:
    """A pending review asked for again (its jobs in the background worker; ``owner``: going
    on from the answers kept in their store); ValueError (the engine's
    :class:`~engine.notation.code.CodeError` among them) when the job cannot be read."""
    from engine.notation.code import parse_round

    played = parse_round(str(job["round"]))
    end = played.final()
    if not end.over:
        raise ValueError("the round is not over")
    return review_round(played.start.state(), end, int(job["seat"]), round_id,
                        int(job["seed"]), int(job["round_no"]), owner)


def poll(filing: list[RoundReview], shown: RoundReview | None) -> bool:
    """Take the answers that came for the reviews being worked out, and file each that is
    complete (taking it off ``filing``); True when the page should show something new (an
    answer of the review on show, or a review filed: the record changed)."""
    changed = False
    for review in list(filing):
        if review.poll() and review is shown:
            changed = True
        if not review.waiting:
            filing.remove(review)
            changed = file(review) or changed
    return changed


# -- the report's verdict: the hand, and how it was played ---------------------------------------


def hand_strength(family: str, worth: float) -> str:
    """``weak``, ``even`` or ``strong``: what the hand was worth at the start against the
    family's blunder band (Block 4.5 points, Gaple 0.45 of a place, the duel 0.3 of a game),
    a difference a learner feels."""
    band = BANDS[family][2]
    return "strong" if worth >= band else "weak" if worth <= -band else "even"


def play_quality(report: RoundReport) -> str:
    """``well`` (every decision best or good, and on average less than an inaccuracy's band
    lost a decision), ``poorly`` (a blunder, or on average a mistake's band lost a decision),
    else ``slips``."""
    counts = dict(report.counts)
    loss = report.mean_loss or 0.0
    inaccuracy, mistake, _ = BANDS[report.family]
    if counts["blunder"] or loss >= mistake:
        return "poorly"
    if counts["inaccuracy"] or counts["mistake"] or loss >= inaccuracy:
        return "slips"
    return "well"
