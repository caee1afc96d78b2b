"""When Play's tutor stops a move, and when a move it holds waits for another look: the rules
:mod:`ui.pages.play.tutor` acts on and the agreement bench (``bench/appraise.py``) judges by,
on an appraisal of the learner's position (:mod:`engine.search.appraise`) alone, and which moves the
looks a move waits for solve (:func:`focus`).  Whether a move waits reads only the few facts a
look gives of it (:class:`Look`), which the bench records for every look, so that
``bench/replay.py`` can judge a bench run's looks again by these rules (or another) without
solving a deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.game.moves import Move
from engine.game.view import SeatView
from engine.search.appraise import (
    STOP_CONFIDENCE,
    Appraisal,
    MoveAppraisal,
    as_precise,
    distinct_moves,
    grade,
    narrow,
    narrowed,
)

#: The grades before which the table stops.
STOPS = frozenset({"mistake", "blunder"})
#: Each grade's class, as a learner acts on it: no fault, inaccuracy, mistake, blunder.
CLASSES: Final = {"forced": 0, "best": 0, "good": 0, "inaccuracy": 1, "mistake": 2,
                  "blunder": 3}
#: The most looks a doubtful move waits for (:attr:`Look.doubtful`), after the one it was judged on:
#: at most 6 s more.  Early in a five-player Gaple round a look holds a few dozen deals, and a
#: blunder's loss there needs about two hundred before its margin lets it be graded within a
#: class of its own (README, "Agreement").
DOUBT_LOOKS: Final = 4


def stops(found: Appraisal, item: MoveAppraisal) -> bool:
    """Whether the tutor stops before ``item``'s move: a mistake or worse even with its loss's
    interval at :data:`engine.search.appraise.STOP_CONFIDENCE` (99%), not only at the grade's 95%.
    An interruption asks more of the evidence than a grade in the review: one stop in forty on
    a move at a band's edge could be wrong at 95%, one in two hundred at 99%."""
    return found.grade_at(item, STOP_CONFIDENCE) in STOPS


def unsure(found: Appraisal, item: MoveAppraisal) -> bool:
    """Whether ``item``'s move, not stopped, may still be a mistake or worse: its loss's
    interval at 95% (the grade's) reaches the mistake band.  A held move let through so,
    once its looks are spent, is said to be unsettled ("not sure: this may cost up to ...",
    the interval's upper end), never let through without a word."""
    return bool(item.margin) and not stops(found, item) \
        and grade(found.family, item.loss + item.margin) in STOPS


@dataclass(frozen=True, slots=True)
class Look:
    """What one look at the learner's position (an appraisal, added up with the looks before)
    says of one move: all that :func:`waits` reads of it."""

    family: str  # the game's family, whose bands grade a loss
    grade: str  # its grade: the band of its loss less its margin at 95%
    loss: float  # its loss as estimated
    margin99: float  # its loss's margin at STOP_CONFIDENCE (0 when exact)
    stopped: bool  # the tutor stops before it (:func:`stops`)
    precise: bool  # the look is as sure as the review (:func:`engine.search.appraise.as_precise`)
    margin: float = 0.0  # its loss's margin at 95%, its grade's (0 when exact)

    @classmethod
    def of(cls, found: Appraisal, item: MoveAppraisal, v: SeatView | None = None) -> Look:
        """What ``found``, an appraisal of the learner's view ``v``, says of ``item``'s move
        (without ``v``, the look is taken as short of the review's precision)."""
        margin = found.margin_at(item, STOP_CONFIDENCE) if item.loss_stderr else 0.0
        return cls(found.family, item.grade, item.loss, margin, stops(found, item),
                   v is not None and as_precise(v, found), item.margin)

    @property
    def doubtful(self) -> bool:
        """The evidence points to a fault in the move that it does not yet bear out: its
        loss as estimated is a mistake or worse, but either not the loss less its margin at
        99% (not sure enough to stop it, be the margin wide or the deals too few for any
        verdict), or its grade (the loss less its margin at 95%, what a stop names) is
        milder than the estimate's band (a blunder as estimated, stopped as a mistake).
        On few deals, a blunder's estimate often reaches the band well before its lower end
        does, and a stop that must come anyway is worth the wait to name its fault as the
        evidence settles it."""
        said = grade(self.family, self.loss)
        return said in STOPS and (self.grade != said or not self.stopped)

    @property
    def undecided(self) -> bool:
        """The evidence has yet to decide whether to stop the move: not stopped, while its
        loss plus its margin at 99% is a mistake or worse."""
        return (self.margin99 > 0 and not self.stopped
                and grade(self.family, self.loss + self.margin99) in STOPS)

    @property
    def wide(self) -> bool:
        """The move's grade could be two classes from the truth: its loss as estimated is a
        fault (an inaccuracy or worse), while its interval at 95% reaches from its grade's
        band (the lower end's) to two bands past it.  Early in a draw-mode game a look of
        a second and a half holds 150 deals, a margin of ±0.2 where the bands are 0.1
        apart: a mistake estimated at 0.16 is graded good, and let through unseen."""
        if not self.margin or self.stopped:
            return False
        said, upper = grade(self.family, self.loss), grade(self.family, self.loss + self.margin)
        return CLASSES[said] >= 1 and CLASSES[upper] - CLASSES[self.grade] >= 2

    def waits(self, waited: int) -> bool:
        """Whether the move, after waiting for ``waited`` looks, waits for another: it is
        :attr:`doubtful` or :attr:`wide`, or it was held (it waited) and the evidence has yet
        to decide whether to stop it (:attr:`undecided`: one look's swing of the estimate
        below the band does not let a suspected move through while its interval still
        reaches the band); it has waited for fewer than :data:`DOUBT_LOOKS`; and the look is
        not yet as sure as the review would be (:attr:`precise`: the tutor looks no further
        then, and the review would say the same)."""
        return (waited < DOUBT_LOOKS and not self.precise
                and (self.doubtful or self.wide or waited > 0 and self.undecided))


def waits(v: SeatView, found: Appraisal, item: MoveAppraisal, waited: int) -> bool:
    """Whether ``item``'s move, judged on ``found`` (of the learner's view ``v``) after waiting
    for ``waited`` looks, waits for another (:meth:`Look.waits`, on what ``found`` says of
    it): the rule ``play_tutor._judge`` acts on, and the agreement bench judges by."""
    return Look.of(found, item, v).waits(waited)


def focus(v: SeatView, found: Appraisal, move: Move) -> tuple[SeatView, Appraisal]:
    """The view the next look at a held ``move`` is taken at, and the appraisal of it that the
    look goes on from: ``v`` (the learner's view, or one narrowed already)
    :func:`~engine.search.appraise.narrowed` to ``move`` and the best move by ``found`` (an appraisal
    of ``v``; every move with the highest expected score), and ``found`` for those moves alone
    (:func:`~engine.search.appraise.narrow`).  Solving
    those alone, a look holds more deals (at a two-player draw-mode game's first moves, two
    of seven moves solve in about a third of the time), and the move's loss against one move
    is at most its loss against the best: a stop, which asks the loss less its margin to be a
    mistake, still says no more than the evidence supports, and only a move found better
    than the best so far by a hair could make the loss look smaller than it is.  ``v`` and
    ``found`` as they are when that leaves every move of ``v`` (nothing to leave out), or
    ``found`` keeps no sums to narrow (:attr:`~engine.search.appraise.Appraisal.evidence`)."""
    if found.evidence is None:
        return v, found
    narrower = narrowed(v, [move, *found.best])
    if distinct_moves(narrower) == distinct_moves(v):
        return v, found
    return narrower, narrow(v, found, narrower)
