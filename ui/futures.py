"""Futures made of futures, for :mod:`ui.thinking`: the parts of one job added up once all are
back (:func:`joined`: a tutor's look worked out side by side), and a job run again elsewhere
when the place it ran went away under it (:func:`relayed`: a Dask cluster's job taken back
to the local pool, :mod:`ui.cluster`).  Each hands back a plain
:class:`~concurrent.futures.Future`, so a page keeps and polls it as any other."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, InvalidStateError
from typing import TypeVar

T = TypeVar("T")


def joined(futures: list[Future[T]], add: Callable[[T, T], T]) -> Future[T]:
    """A future for the answers of ``futures`` added up by ``add`` once all are done; a
    failed one is left out, and the whole fails only if every one fails.  Called off, it
    calls off those not yet begun."""
    outcome: Future[T] = Future()
    lock = threading.Lock()  # the parts may finish in different threads

    def finished(_: Future[T]) -> None:
        with lock:
            if not all(f.done() for f in futures) or outcome.done():
                return
            try:
                _add_up(futures, add, outcome)
            except InvalidStateError:  # called off meanwhile
                pass

    def called_off(f: Future[T]) -> None:
        if f.cancelled():
            for part in futures:
                part.cancel()

    outcome.add_done_callback(called_off)
    for f in futures:
        f.add_done_callback(finished)
    return outcome


def _add_up(futures: list[Future[T]], add: Callable[[T, T], T], outcome: Future[T]) -> None:
    """Settle ``outcome`` with the finished ``futures``' answers added up (:func:`joined`)."""
    answers = [f.result() for f in futures if not f.cancelled() and f.exception() is None]
    if not answers:
        errors = [e for f in futures if not f.cancelled() and (e := f.exception()) is not None]
        outcome.set_exception(errors[0] if errors else RuntimeError("every part was called off"))
        return
    total = answers[0]
    for more in answers[1:]:
        total = add(total, more)
    outcome.set_result(total)


def relayed(first: Future[T], again: Callable[[], Future[T]],
            lost: Callable[[BaseException], bool]) -> Future[T]:
    """A future for ``first``'s answer; when ``first`` is lost instead (called off by
    something other than this future, or failed with an exception ``lost`` says is the
    place's, not the job's), for the answer of ``again()``, asked for then.  Called off, it
    calls off the one it waits for."""
    outcome: Future[T] = Future()
    waiting = [first]

    def settle(f: Future[T]) -> None:
        if outcome.done():
            return
        error = CancelledError() if f.cancelled() else f.exception()
        if error is None:
            _set(outcome, lambda: outcome.set_result(f.result()))
        elif f is first and lost(error):
            second = again()
            waiting.append(second)
            second.add_done_callback(settle)
        elif f.cancelled():
            outcome.cancel()
        else:
            _set(outcome, lambda: outcome.set_exception(error))

    def called_off(o: Future[T]) -> None:
        if o.cancelled():
            waiting[-1].cancel()

    outcome.add_done_callback(called_off)
    first.add_done_callback(settle)
    return outcome


def _set(outcome: Future[T], setting: Callable[[], None]) -> None:
    """Settle ``outcome`` unless it was called off meanwhile."""
    try:
        setting()
    except InvalidStateError:
        pass
