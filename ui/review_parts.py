"""A review's appraisal of one slow decision split over a Dask cluster's threads, in rounds.

Where a review gives a decision more than its usual budget with the Python search
(:func:`engine.search.appraise.review_time`: three or four players in Block, Gaple, the
two-player game's draw mode), an early decision takes seconds to minutes on one core (with the
search's native core, up to a minute or more with five players in Gaple).  On a cluster
(:mod:`ui.cluster`) :func:`rounds` works it out as Play's tutor does its looks: each round,
every thread solves a part of :data:`ROUND_SECONDS` (:func:`engine.search.appraise.appraise`'s
``part``, going on ``after`` the rounds before, on deals they did not solve), and the parts are
added up with the rounds before (:func:`engine.search.appraise.added_up`), until the answer is
as precise as a review asks (:func:`engine.search.appraise.as_precise`), exact, or the budget
is spent.  So with ``n`` threads the review's precision comes about ``n`` times sooner.
(Rounds end by the clock: the deals a split decision rests on depend on the machines, as an
appraisal cut short by its budget does; a decision that is not split is the same as here, deal
for deal.)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, InvalidStateError
from contextlib import suppress
from functools import partial

from engine.game.view import SeatView
from engine.search.appraise import (
    Appraisal,
    AppraisalError,
    added_up,
    appraise,
    as_precise,
    review_time,
)

from .futures import joined

#: Seconds of one round's parts: the answer is looked at this often.
ROUND_SECONDS = 5.0


def split(v: SeatView, threads: int) -> bool:
    """Whether a review's appraisal of ``v`` is split over ``threads`` threads: more than
    one, for a decision the review gives more than its usual budget with the Python search
    (a slow one, whichever search runs: with the native core only five-player Gaple's
    budget is longer, but four-player Block's first decisions still take seconds)."""
    return threads > 1 and review_time(v, native=False) > 1


def rounds(submit: Callable[[Callable[..., Appraisal]], Future[Appraisal]], v: SeatView,
           parts: int, seconds: float, precision: float) -> Future[Appraisal]:
    """The appraisal of ``v`` in rounds of ``parts`` parts (see the module) within
    ``seconds``, each part stopping at ``precision`` on its own; ``submit(job)`` runs
    ``job(v, rng)`` (the rng seeded alike for every part and round) and gives its future.
    Worked out by a thread of its own; called off, it stops after the round under way, which
    is called off too."""
    outcome: Future[Appraisal] = Future()
    under_way: list[Future[Appraisal]] = []

    def called_off(f: Future[Appraisal]) -> None:
        if f.cancelled() and under_way:
            under_way[-1].cancel()

    outcome.add_done_callback(called_off)
    threading.Thread(target=_drive, name="review-rounds", daemon=True,
                     args=(outcome, under_way, submit, v, parts, seconds, precision)).start()
    return outcome


def _drive(outcome: Future[Appraisal], under_way: list[Future[Appraisal]],
           submit: Callable[[Callable[..., Appraisal]], Future[Appraisal]], v: SeatView,
           parts: int, seconds: float, precision: float) -> None:
    deadline = time.monotonic() + seconds
    total: Appraisal | None = None
    try:
        while not outcome.cancelled():
            left = max(0.0, deadline - time.monotonic())
            after = total.evidence if total is not None else None
            under_way.append(joined(
                [submit(partial(appraise, seconds=min(ROUND_SECONDS, left), part=(i, parts),
                                after=after, precision=precision)) for i in range(parts)],
                partial(added_up, v)))
            try:
                found = under_way[-1].result()
            except AppraisalError:  # every part: no deal left to solve
                if total is None:
                    raise
                break
            total = found if total is None else added_up(v, total, found)
            if total.exact or as_precise(v, total) or time.monotonic() >= deadline:
                break
    except CancelledError:  # called off
        return
    except Exception as e:  # noqa: BLE001  (the review shows a failed answer)
        with suppress(InvalidStateError):
            outcome.set_exception(e)
        return
    if total is not None:
        with suppress(InvalidStateError):  # (called off meanwhile)
            outcome.set_result(total)
