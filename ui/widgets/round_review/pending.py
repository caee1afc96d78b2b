"""A round's review pending in a learner's store, for a page that is not Play (Play with
friends: a round played there is reviewed for each person in their own record, as Play's).

:func:`start_review` asks for the review of a finished round in the background worker (only
the answers not kept in the learner's store yet), adds it to the learner's pending reviews in
Play's job format (:func:`.work.job`), claimed by this server process (:data:`.work.CLAIMER`),
and has this process file it in their record as its last answer comes (:func:`.work.attend`),
whoever watches.  :func:`take` takes a pending review up (Play's pick-up of a learner's reviews
does it for each, ``ui.pages.play.resume``): the one this process is working out is followed
as it is; another, once nobody holds its claim (or its holder has not been heard of for
:data:`.work.LEASE` seconds), is claimed and asked for again from the answers kept.
:func:`pick_up` does it for one round.  So a page's session can show the review filling in
(:mod:`.view`), and if the person leaves, Play's pick-up finishes it on their next visit.
"""

from __future__ import annotations

from engine.game.state import State

from ... import progress
from . import work
from .work import RoundReview


def start_review(learner: str, round_id: str, start: State, end: State, seat: int, seed: int,
                 round_no: int) -> RoundReview:
    """The review of the round ``end`` (played from ``start``) for ``learner`` at ``seat``,
    ``round_id`` in their record (see the module; ``seed`` and ``round_no`` give its jobs'
    seeds, :func:`.work.review_round`).  The one this process is working out already is
    followed as it is.  With no learner (``""``) it is nobody's: worked out, never kept.  A
    store that fails leaves it unknown there, worked out all the same."""
    found = work.in_flight(learner, round_id) if learner else None
    if found is not None:
        return found
    review = work.review_round(start, end, seat, round_id, seed, round_no, learner)
    if not learner:
        return review
    try:
        progress.add_pending(learner, round_id, work.job(review, seed, round_no),
                             work.CLAIMER)
    except progress.ProgressError:
        pass
    work.attend(review, learner)
    return review


def take(learner: str, pending: progress.PendingReview) -> RoundReview | None:
    """``learner``'s pending review taken up by this process (see the module); None when
    another process holds it, the store fails, or its job cannot be read (then it is given
    up: no figures rather than wrong ones)."""
    found = work.in_flight(learner, pending.round_id)
    if found is not None:
        return found
    try:
        if not progress.claim(learner, pending.round_id, work.CLAIMER, work.LEASE):
            return None  # another process is working it out
        try:
            review = work.from_job(pending.round_id, pending.job, learner)
        except (ValueError, KeyError, TypeError):  # (the engine's CodeError is a ValueError)
            progress.give_up_review(learner, pending.round_id)
            return None
    except progress.ProgressError:
        return None
    work.attend(review, learner)
    return review


def pick_up(learner: str, round_id: str) -> RoundReview | None:
    """The review of ``round_id`` while it is pending in ``learner``'s store, taken up
    (:func:`take`); None when it is not pending (kept already, given up, never asked for)
    or another process holds it."""
    found = work.in_flight(learner, round_id)
    if found is not None:
        return found
    try:
        waiting = progress.pending_reviews(learner)
    except progress.ProgressError:
        return None
    mine = next((p for p, _claimer, _at in waiting if p.round_id == round_id), None)
    return take(learner, mine) if mine is not None else None
