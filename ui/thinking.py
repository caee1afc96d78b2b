"""Where the computer thinks: a pool of worker processes beside the site.

Streamlit runs every session's script in one process, and the engine's search holds the
interpreter while it runs: a strong bot's half second in the server would stall every other
learner's clicks.  So the search runs in worker processes (:func:`pool`, one per core,
started once per server, shared by every session), and a page keeps the returned
:class:`~concurrent.futures.Future` in its session state and looks at it on its next run
(Play's table reruns itself every few tenths of a second while it waits).

Every worker ends with the server that started it (:mod:`ui.worker`: it watches its parent,
so a killed server leaves no worker, nor Python's resource tracker, running), and a server
that stops ends its workers at once (:func:`stop`, before Python waits for their jobs): what
asked for their answers is told first (:func:`on_stop`: Play's review hands its claims back,
for the next process to finish from the answers kept).

``DOMINO_THINK=inline`` computes in the calling thread instead and hands back a finished
future: the AppTests use it (no processes, the same answers).

The jobs are the engine's own functions of picklable values (a seat's view, a position), so a
worker never imports the site: :func:`decide` (a bot's move), :func:`advise` (the strong bot's
hint), :func:`judge` (the solver with every hand open), :func:`appraise_view` (each move's
worth from the mover's view: the Analysis page) and :func:`tutor` (the same for the learner's
position, within :data:`TUTOR_BUDGET`: Play's tutor mode).

Play's review is seconds of work a round (an appraisal of each of the learner's decisions,
what their hand was worth, the solver's verdicts), so it runs in its own pool,
:func:`background`: a worker per core at the lowest CPU priority, so that it never takes a core
from a computer's move or a hint (:func:`appraise_later`, :func:`worth_later`,
:func:`judge_later`).  Its budgets are :data:`APPRAISE_BUDGET` and :data:`JUDGE_BUDGET`.

Given a Dask scheduler (``DOMINO_DASK_SCHEDULER``, :mod:`ui.cluster`), the tutor's looks and
the review's jobs run on its workers instead (a look split over every thread they have, a
review's decisions side by side), the computer players and the hints still here; without
one, or with one that cannot be reached, everything runs here (:func:`_anywhere`).
"""

from __future__ import annotations

import importlib.machinery
import multiprocessing
import os
import random
import sys
import threading
import time
import types
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

import streamlit as st

from engine.game.state import State
from engine.game.view import SeatView
from engine.players.bots import Decision, hint, play
from engine.search.appraise import (
    Appraisal,
    Evidence,
    Worth,
    added_up,
    appraise,
    look_precision,
    review_precision,
    review_time,
    worth,
)
from engine.search.solve import Solution, solve

from . import cluster, review_parts, worker
from .futures import joined

T = TypeVar("T")

#: Seconds a computer player thinks at most a move; the hint's budget.
BOT_BUDGET = 0.4
HINT_BUDGET = 0.5
#: The tutor's budget for the appraisal of one of the learner's positions (seconds): it
#: starts when the learner's turn does, so most of it passes while the learner thinks; an
#: answer from too few deals to be sure never stops a move (engine/search/appraise.py).
TUTOR_BUDGET = 1.5
#: The solver's budget for one position of a review (``DOMINO_JUDGE_SECONDS``).
JUDGE_BUDGET = float(os.environ.get("DOMINO_JUDGE_SECONDS", "") or 1.5)
#: The appraisal's budget for one decision of a review, and for what a hand was worth
#: (``DOMINO_APPRAISE_SECONDS``), times :func:`engine.search.appraise.review_time`: the
#: appraisal stops first once it reaches the review's precision
#: (:func:`engine.search.appraise.review_precision`).  With the search's native core
#: (:data:`engine.search.solve.NATIVE`) every family reaches it within this budget (CPU time
#: a decision: medians of 0.02 to 1.5 s in the two-player games, three-player Block and
#: four-player Gaple, 7 s in four-player Block, 90th percentiles up to 12 s); five-player
#: Gaple gets twice it (most decisions in under a second, a round's first ones up to about
#: 80 s).  With the Python search (no compiler, ``DOMINO_SEARCH=python``) the budgets are as
#: before the core: twice this with three or four players in Block, in four-player Gaple and
#: in the draw mode, six times with five in Gaple (docs/judge.md, "The review's time by
#: family").
APPRAISE_BUDGET = float(os.environ.get("DOMINO_APPRAISE_SECONDS", "") or 30.0)
#: The review's worker runs at this niceness (19, the lowest priority; ``DOMINO_REVIEW_NICE``).
REVIEW_NICE = int(os.environ.get("DOMINO_REVIEW_NICE", "") or 19)


#: The worker processes: one per core, at most four.
WORKERS = max(1, min(4, os.cpu_count() or 1))
#: The review's worker processes (``DOMINO_REVIEW_WORKERS``; as many by default).
REVIEW_WORKERS = int(os.environ.get("DOMINO_REVIEW_WORKERS", "") or WORKERS)


def inline() -> bool:
    return os.environ.get("DOMINO_THINK", "").strip().lower() == "inline"


#: What a new worker is told the main module is while it starts (see :func:`_neutral_main`).
_NEUTRAL_MAIN = types.ModuleType("__main__")
_NEUTRAL_MAIN.__spec__ = importlib.machinery.ModuleSpec("ui.thinking.__main__", None)


@contextmanager
def _neutral_main() -> Iterator[None]:
    """A process started with ``spawn`` first runs the parent's ``__main__`` again, and in a
    Streamlit server (or under AppTest) that is the page script being run.  While workers
    start, ``__main__`` is a module named ``….__main__``, which a new process leaves alone.
    (Put back only if nobody replaced it meanwhile: Streamlit sets it on every run.)"""
    saved = sys.modules.get("__main__")
    sys.modules["__main__"] = _NEUTRAL_MAIN
    try:
        yield
    finally:
        if sys.modules.get("__main__") is _NEUTRAL_MAIN and saved is not None:
            sys.modules["__main__"] = saved


# -- the server's stop ---------------------------------------------------------------------

_STOPPING = threading.Event()
_ON_STOP: list[Callable[[], None]] = []
_EXECUTORS: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
_HOOKED: list[bool] = []


def stopping() -> bool:
    """The server is stopping: an answer that fails now was cut short, not wrong."""
    return _STOPPING.is_set()


def on_stop(call: Callable[[], None]) -> None:
    """Have :func:`stop` call ``call()`` before it ends the workers."""
    _ON_STOP.append(call)


def stop() -> None:
    """The server stops: those that asked for answers are told (:func:`on_stop`), then every
    worker is ended now, its job and those waiting called off (Python would otherwise wait,
    at exit, for each job under way to finish: a review's, up to minutes).  Once."""
    if _STOPPING.is_set():
        return
    _STOPPING.set()
    for call in _ON_STOP:
        with suppress(Exception):  # the stop goes on whatever one of them does
            call()
    cluster.close()
    for executor in list(_EXECUTORS):
        processes = list((getattr(executor, "_processes", None) or {}).values())  # (private)
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        for process in processes:
            process.join(5)


def _started(executor: ProcessPoolExecutor) -> ProcessPoolExecutor:
    """``executor``, ended by :func:`stop`, which runs as the server exits: before Python's
    own exit hook for the pools (hooks run last registered first)."""
    _EXECUTORS.add(executor)
    if not _HOOKED:  # (threading's private hooks: they run before Python joins the threads)
        _HOOKED.append(True)
        with suppress(RuntimeError):  # (the server is exiting already)
            threading._register_atexit(stop)  # type: ignore[attr-defined]
    return executor


def _spawned(workers: int, niceness: int = 0) -> ProcessPoolExecutor:
    """``workers`` processes started with ``spawn`` (a fork of a threaded server is unsafe),
    each ended with this one (:func:`ui.worker.start`, which imports nothing of the site) and
    at ``niceness``."""
    return _started(ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
        initializer=worker.start, initargs=(os.getpid(), niceness)))


@st.cache_resource(show_spinner=False)
def pool() -> Executor:
    """The server's worker processes, one per core."""
    return _spawned(WORKERS)


def warm() -> None:
    """Start the workers now (once per server), so that the first computer move of the
    first game does not wait for a process to start."""
    if not inline():
        _warmed()


@st.cache_resource(show_spinner=False)
def _warmed() -> bool:
    workers = pool()
    with _neutral_main():
        for _ in range(WORKERS):
            workers.submit(time.sleep, 0.2)  # each busy a moment: the pool starts another
    return True


@st.cache_resource(show_spinner=False)
def background() -> Executor:
    """The review's workers: one per core (at most four), started at the lowest CPU priority
    (:data:`REVIEW_NICE`), so that a review fills in with the time the computer players and
    the hints leave over, and never slows them; its decisions are worked out side by side."""
    return _spawned(REVIEW_WORKERS, REVIEW_NICE)


def _run(workers: Callable[[], Executor], job: Callable[..., T], *args: Any) -> Future[T]:
    """Run ``job(*args)`` in one of ``workers`` (or now, inline); never raises: a failure is
    the future's exception."""
    if inline():
        done: Future[T] = Future()
        try:
            done.set_result(job(*args))
        except Exception as e:  # noqa: BLE001  (the page shows a failed answer, not a traceback)
            done.set_exception(e)
        return done
    if stopping():  # no worker is started again
        refused: Future[T] = Future()
        refused.set_exception(RuntimeError("the server is stopping"))
        return refused
    with _neutral_main():  # a submit may start a worker
        try:
            return workers().submit(job, *args)
        except (BrokenProcessPool, RuntimeError):  # a worker died (or the pool was shut down)
            workers.clear()  # type: ignore[attr-defined]  # st.cache_resource's
            return workers().submit(job, *args)


def _place() -> cluster.Place | None:
    """The Dask cluster to think on, if any (never inline, nor once the server stops)."""
    return None if inline() or stopping() else cluster.place()


def _anywhere(workers: Callable[[], Executor], job: Callable[..., T], *args: Any,
              where: cluster.Place | None, priority: int = 0) -> Future[T]:
    """Run ``job(*args)`` on the Dask cluster ``where``, or (None) as :func:`_run` does in
    ``workers``, where a job the cluster loses runs again."""
    if where is None:
        return _run(workers, job, *args)
    return cluster.submit(where, job, args, partial(_run, workers, job, *args), priority)


def submit(job: Callable[..., T], *args: Any) -> Future[T]:
    """Run ``job(*args)`` in the interactive pool (:func:`pool`), or now, inline."""
    return _run(pool, job, *args)


def submit_later(job: Callable[..., T], *args: Any) -> Future[T]:
    """Run ``job(*args)`` on the Dask cluster if there is one, else in the review's worker
    (:func:`background`), or now, inline."""
    return _anywhere(background, job, *args, where=_place())


def take(future: Future[T]) -> tuple[T, bool] | tuple[None, bool]:
    """A finished job's answer, and whether it failed (a failure is shown as such, never a
    traceback)."""
    try:
        return future.result(), False
    except Exception:  # noqa: BLE001
        return None, True


@dataclass
class Answer(Generic[T]):
    """A job a page keeps in its session state: its future until :meth:`poll` takes the
    answer, then ``value`` (None, and ``failed``, when the job failed)."""

    future: Future[T] | None
    value: T | None = None
    failed: bool = False

    @property
    def waiting(self) -> bool:
        """Not taken yet (the job may have finished since the last :meth:`poll`)."""
        return self.future is not None

    def poll(self) -> bool:
        """Take the answer if it has come; True when this changed something."""
        f = self.future
        if f is None or not f.done():
            return False
        self.future = None
        self.value, self.failed = take(f)
        return True


# -- the jobs: engine functions of picklable values (a worker never imports the site) -------


def decide(level: str, seat_view: SeatView, seed: int) -> Future[Decision]:
    """The move of the computer player ``level`` for its view."""
    return submit(partial(play, budget=BOT_BUDGET), level, seat_view, random.Random(seed))


def advise(seat_view: SeatView, seed: int) -> Future[Decision]:
    """The strong bot's choice for the learner's view, with its reasons."""
    return submit(partial(hint, budget=HINT_BUDGET), seat_view, random.Random(seed))


def judge(state: State, seconds: float | None = None) -> Future[Solution]:
    """The solver's answer for a position with every hand open, within ``seconds``
    (:data:`JUDGE_BUDGET` by default, as it is when called)."""
    return submit(partial(solve, seconds=JUDGE_BUDGET if seconds is None else seconds),
                  state.copy())


def appraise_view(seat_view: SeatView, seed: int,
                  seconds: float | None = None) -> Future[Appraisal]:
    """Every legal move of the seat to move, appraised from its view
    (:func:`engine.search.appraise.appraise`: the hidden tiles averaged over every deal the view
    allows) within ``seconds`` (default :data:`APPRAISE_BUDGET`)."""
    budget = APPRAISE_BUDGET if seconds is None else seconds
    return submit(partial(appraise, seconds=budget), seat_view, random.Random(seed))


def tutor(seat_view: SeatView, seed: int, after: Evidence | None = None,
          seconds: float | None = None) -> Future[Appraisal]:
    """A look at the learner's position (Play's tutor mode: is the move about to be made a
    mistake?): every legal move appraised within ``seconds`` (:data:`TUTOR_BUDGET`), worked
    out in every worker side by side (the computer players are idle on the learner's turn),
    or in every free thread of the Dask cluster (:mod:`ui.cluster`), its parts added up
    (:func:`shared`); ``after``: going on from the looks before (the same ``seed``), on
    deals they did not solve."""
    where = _place()
    parts = cluster.idle(where) if where is not None else 0
    return shared(pool, parts or WORKERS, seat_view, seed,
                  TUTOR_BUDGET if seconds is None else seconds, after, where if parts else None)


def shared(workers: Callable[[], Executor], parts: int, seat_view: SeatView, seed: int,
           seconds: float, after: Evidence | None = None,
           where: cluster.Place | None = None) -> Future[Appraisal]:
    """One appraisal of ``seat_view`` worked out in ``parts`` of ``workers`` at once, each
    within ``seconds`` or once as precise as a tutor's look asks
    (:func:`engine.search.appraise.look_precision`; :func:`engine.search.appraise.appraise`'s ``part`` and
    ``after``): the
    answer, once every part is back, is their deals added up
    (:func:`engine.search.appraise.added_up`); a part that failed (or had no deal left) is left out,
    and only if all fail does the answer.  Inline, one part; ``where``: on that Dask
    cluster (:func:`_anywhere`)."""
    parts = 1 if inline() else max(1, parts)
    futures = [_anywhere(workers, partial(appraise, seconds=seconds, part=(i, parts),
                                          after=after, precision=look_precision(seat_view)),
                         seat_view, random.Random(seed), where=where,
                         priority=cluster.LOOK_PRIORITY) for i in range(parts)]
    if parts == 1:
        return futures[0]
    return joined(futures, partial(added_up, seat_view))


# -- the review's jobs: in the background worker, after everything else --------------------


def appraise_later(seat_view: SeatView, seed: int) -> Future[Appraisal]:
    """Every legal move of the view, appraised from what its seat could see, to the
    review's precision (:func:`engine.search.appraise.review_precision`) or its budget; a
    slow decision on a Dask cluster in rounds over its threads (:mod:`ui.review_parts`)."""
    seconds, precision = APPRAISE_BUDGET * review_time(seat_view), review_precision(seat_view)
    where = _place()
    if where is not None and review_parts.split(seat_view, where.threads):
        return review_parts.rounds(lambda job: _anywhere(
            background, job, seat_view, random.Random(seed), where=where),
            seat_view, min(where.threads, cluster.MOST_PARTS), seconds, precision)
    return submit_later(partial(appraise, seconds=seconds, precision=precision),
                        seat_view, random.Random(seed))


def worth_later(seat_view: SeatView, seed: int) -> Future[Worth]:
    """What the view's position is worth to its seat (a hand at a round's start)."""
    return submit_later(partial(worth, seconds=APPRAISE_BUDGET * review_time(seat_view),
                                precision=review_precision(seat_view)),
                        seat_view, random.Random(seed))


def judge_later(state: State) -> Future[Solution]:
    """The solver's answer for a position with every hand open, for a review."""
    return submit_later(partial(solve, seconds=JUDGE_BUDGET), state.copy())
