"""The judge on a Dask cluster: where the tutor's looks and the reviews run when the site is
given a scheduler (``DOMINO_DASK_SCHEDULER``, for example ``tcp://10.0.0.5:8786``).

Without the setting nothing here connects: :mod:`ui.thinking` runs every job in its local
pools, as it always did.  With it, the first job connects a ``distributed`` client to the
scheduler (within :data:`CONNECT_SECONDS`), and :func:`place` hands :mod:`ui.thinking` its
``concurrent.futures`` executor (``Client.get_executor``: the pages' futures stay as they
are); a tutor's look is split into as many parts as its workers have threads free
(:func:`idle`, at most :data:`MOST_PARTS`), and runs in the local pool when none is.  Every job is run (``pure=False``: none is answered from
another alike), a tutor's part before a review's job (:data:`LOOK_PRIORITY`).

Nothing a learner sees depends on the cluster being there.  A scheduler that cannot be
reached, or one without a worker, is said in the server's log and the local pools take the
jobs (tried again after :data:`RETRY_SECONDS`); a job the cluster loses under it (the
scheduler gone, a worker dying on it as often as the scheduler allows) is run again in the
local pool (:func:`submit`, :func:`ui.futures.relayed`).  A worker that dies mid-job is
Dask's own matter: the scheduler gives the job to another worker, so a review's answer still
comes, and is kept once (:mod:`ui.widgets.round_review.work`).

The workers need only the engine and ``distributed`` (``docs/serving.md``): the jobs are the
engine's own functions of picklable values.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, TypeVar

from .futures import relayed

T = TypeVar("T")

log = logging.getLogger(__name__)

#: Seconds the first job waits for the scheduler to answer (``DOMINO_DASK_TIMEOUT``).
CONNECT_SECONDS = float(os.environ.get("DOMINO_DASK_TIMEOUT", "") or 3)
#: Seconds before a scheduler that could not be reached is tried again.
RETRY_SECONDS = 30.0
#: The most parts a tutor's look is split into (each part's first deals are its own
#: overhead: past a few dozen, more parts add little).
MOST_PARTS = 32
#: A tutor's part runs before a review's job waiting on the same cluster (Dask runs the
#: highest priority first).
LOOK_PRIORITY = 10


def address() -> str:
    """The scheduler's address (``DOMINO_DASK_SCHEDULER``; "" for none)."""
    return os.environ.get("DOMINO_DASK_SCHEDULER", "").strip()


@dataclass(frozen=True)
class Place:
    """Where a job goes: the cluster's executor, its client and its workers' threads."""

    executor: Executor
    client: Any  # a distributed.Client
    threads: int


@dataclass
class _Link:
    """The connection to the scheduler at ``address``: its client, or when it last failed."""

    address: str = ""
    client: Any = None  # a distributed.Client
    executor: Executor | None = None
    failed_at: float = float("-inf")
    said: str = ""  # what the log was told last, said once until it changes


_LOCK = threading.Lock()
_LINK = _Link()


def place() -> Place | None:
    """The cluster to send jobs to, or None: none configured, or none to be had now (the
    reason in the log)."""
    where = address()
    if not where:
        return None
    with _LOCK:
        link = _LINK
        if link.address != where or link.client is None or link.client.status == "closed":
            if link.address == where and time.monotonic() - link.failed_at < RETRY_SECONDS:
                return None
            _connect(link, where)
        if link.client is None or link.executor is None:
            return None
        if link.client.status != "running":
            _say(link, f"the Dask scheduler at {where} is not connected "
                       f"({link.client.status}): thinking runs in the local pools")
            return None
        threads = _threads(link.client)
        if not threads:
            _say(link, f"the Dask scheduler at {where} has no worker: thinking runs in the "
                       "local pools")
            return None
        _say(link, f"thinking runs on the Dask cluster at {where} ({threads} threads)",
             logging.INFO)
        return Place(link.executor, link.client, threads)


def _connect(link: _Link, where: str) -> None:
    """Connect ``link`` to the scheduler at ``where`` (the old client closed), or note when it
    failed."""
    _close(link)
    link.address = where
    try:
        from distributed import Client

        link.client = Client(where, timeout=CONNECT_SECONDS,  # type: ignore[no-untyped-call]
                             set_as_default=False)
        link.executor = link.client.get_executor(pure=False)
    except Exception as e:  # noqa: BLE001  (whatever stops it, the local pools think instead)
        link.client, link.executor, link.failed_at = None, None, time.monotonic()
        _say(link, f"the Dask scheduler at {where} cannot be reached ({e!r}): thinking runs "
                   "in the local pools")


def idle(where: Place) -> int:
    """How many of the cluster's threads have no job now (at most :data:`MOST_PARTS`): a
    tutor's look is split over them, and over none when every one is busy (a job under way
    is never interrupted, and a review's may take minutes: the look then runs in the local
    pool, as without a cluster)."""
    try:
        busy = {w: len(jobs) for w, jobs in where.client.processing().items()}
        threads = where.client.nthreads()
    except Exception:  # noqa: BLE001  (lost meanwhile)
        return 0
    return min(MOST_PARTS, sum(max(0, int(n) - busy.get(w, 0)) for w, n in threads.items()))


def _threads(client: Any) -> int:
    try:
        return int(sum(client.nthreads().values()))
    except Exception:  # noqa: BLE001  (lost meanwhile)
        return 0


def _say(link: _Link, message: str, level: int = logging.WARNING) -> None:
    if message != link.said:
        link.said = message
        log.log(level, message)


def _close(link: _Link) -> None:
    client, link.client, link.executor = link.client, None, None
    if client is not None:
        with suppress(Exception):  # (closing what is gone already)
            client.close(timeout=CONNECT_SECONDS)


def close() -> None:
    """Leave the cluster (the server stops; a test ends): the jobs still on it called off."""
    with _LOCK:
        _close(_LINK)
        _LINK.address, _LINK.said, _LINK.failed_at = "", "", float("-inf")


def lost(error: BaseException) -> bool:
    """Whether a job's ``error`` is the cluster's (it was called off under the job, its
    scheduler or workers went away), not the job's own."""
    return isinstance(error, (CancelledError, OSError, TimeoutError)) or \
        type(error).__module__.split(".")[0] == "distributed"


def submit(where: Place, job: Callable[..., T], args: tuple[Any, ...],
           again: Callable[[], Future[T]], priority: int = 0) -> Future[T]:
    """Run ``job(*args)`` on the cluster at ``priority``; if the cluster loses it, or will not
    take it, ``again()`` (the local pool's future)."""
    try:
        first: Future[T] = where.executor.submit(job, *args, priority=priority)
    except Exception as e:  # noqa: BLE001  (the client closed meanwhile)
        log.warning("the Dask cluster refused a job (%r): it runs in the local pool", e)
        return again()
    return relayed(first, again, _lost_said)


def _lost_said(error: BaseException) -> bool:
    if lost(error):
        log.warning("a job was lost on the Dask cluster (%r): it runs again in the local "
                    "pool", error)
        return True
    return False
