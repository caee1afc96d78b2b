"""What each of the server's worker processes (:mod:`ui.thinking`) runs first: it ends with
the server that started it.

A worker started with ``spawn`` is a process of its own: were the server killed (a crash, a
``kill -9``, a container stopped hard), it would finish the job it is on, then wait for
another forever, and Python's resource tracker would wait with it.  So each worker, as it
starts (:func:`start`, the pool's initializer), watches its parent: a thread that looks every
:data:`PERIOD` seconds and ends the process the moment its parent is no longer the server
(the parent's pid is given, so a server gone before the worker started is seen too).  The
thread runs between the engine's own steps (the solver holds the interpreter for a deal's
search at most, a review's seconds), on every platform.  Not the platform's parent-death
signal: on Linux it fires when the *thread* that started the worker ends, and the server
starts its workers from a page's short-lived thread.

Standard library only: a worker imports nothing of the site.
"""

from __future__ import annotations

import os
import threading
import time

#: Seconds between two looks at the parent.
PERIOD = 0.5


def start(parent: int, niceness: int = 0) -> None:
    """The pool's initializer: lower the worker's priority by ``niceness`` and end it with
    its ``parent`` (the server's pid)."""
    if niceness:
        os.nice(niceness)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(0)  # the server is gone: nothing will read this worker's answer
        time.sleep(PERIOD)
