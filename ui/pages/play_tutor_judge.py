"""When Play's tutor stops a move, and when a move it holds waits for another look: the rules
:mod:`ui.pages.play_tutor` acts on and the agreement bench (``bench/appraise.py``) judges by,
on an appraisal of the learner's position (:mod:`engine.appraise`) alone."""

from __future__ import annotations

from typing import Final

from engine.appraise import STOP_CONFIDENCE, Appraisal, MoveAppraisal, as_precise, grade
from engine.view import SeatView

#: The grades before which the table stops.
STOPS = frozenset({"mistake", "blunder"})
#: The most looks a doubtful move waits for (:func:`doubtful`), after the one it was judged on:
#: at most 6 s more.  Early in a five-player Gaple round a look holds a few dozen deals, and a
#: blunder's loss there needs about two hundred before its margin lets it be graded within a
#: class of its own (README, "Agreement").
DOUBT_LOOKS: Final = 4


def stops(found: Appraisal, item: MoveAppraisal) -> bool:
    """Whether the tutor stops before ``item``'s move: a mistake or worse even with its loss's
    interval at :data:`engine.appraise.STOP_CONFIDENCE` (99%), not only at the grade's 95%.
    An interruption asks more of the evidence than a grade in the review: one stop in forty on
    a move at a band's edge could be wrong at 95%, one in two hundred at 99%."""
    return found.grade_at(item, STOP_CONFIDENCE) in STOPS


def doubtful(found: Appraisal, item: MoveAppraisal) -> bool:
    """Whether the evidence points to a fault in ``item``'s move that it does not yet bear
    out: its loss as estimated is a mistake or worse, but either not the loss less its
    margin at 99% (:func:`stops`: not sure enough to stop it, be the margin wide or the deals
    too few for any verdict), or its grade (the loss less its margin at 95%, what a stop
    names) is milder than the estimate's band (a blunder as estimated, stopped as a mistake).
    The move waits for more looks (``play_tutor._judge``, up to :data:`DOUBT_LOOKS`): on few
    deals, a blunder's estimate often reaches the band well before its lower end does, and a
    stop that must come anyway is worth the wait to name its fault as the evidence settles
    it."""
    said = grade(found.family, item.loss)
    return said in STOPS and (item.grade != said or not stops(found, item))


def undecided(found: Appraisal, item: MoveAppraisal) -> bool:
    """Whether the evidence has yet to decide whether to stop ``item``'s move: not stopped
    (:func:`stops`), while its loss plus its margin at 99% is a mistake or worse."""
    if not item.loss_stderr or stops(found, item):
        return False
    return grade(found.family, item.loss + found.margin_at(item, STOP_CONFIDENCE)) in STOPS


def waits(v: SeatView, found: Appraisal, item: MoveAppraisal, waited: int) -> bool:
    """Whether ``item``'s move, judged on ``found`` (of the learner's view ``v``) after waiting
    for ``waited`` looks, waits for another: it is :func:`doubtful`, or it was (it waited) and
    the evidence has yet to decide whether to stop it (:func:`undecided`: one look's swing
    of the estimate below the band does not let a suspected move through while its interval
    still reaches the band); it has waited for fewer than :data:`DOUBT_LOOKS`; and ``found`` is
    not yet as sure as the review would be (:func:`engine.appraise.as_precise`: the tutor looks
    no further then, and the review would say the same).  (The agreement bench judges a move
    by this rule too.)"""
    return (waited < DOUBT_LOOKS and not as_precise(v, found)
            and (doubtful(found, item) or waited > 0 and undecided(found, item)))
