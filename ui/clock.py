"""The site's clock for what is due (the learner's own puzzles): the time, which a test can move.

:func:`now` is ``time.time()`` plus an offset in seconds that ``$DOMINO_CLOCK_FILE``, when
set, names a file holding (a browser test writes ``86400`` there to move a running site a
day on; an AppTest may set it too).  Without the variable it is the plain time.  Nothing
else reads it: a round's timestamps and the store's own times stay the real ones.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def offset() -> float:
    """The seconds the clock is moved by (0 unless a test asked, or the file is unreadable)."""
    name = os.environ.get("DOMINO_CLOCK_FILE")
    if not name:
        return 0.0
    try:
        return float(Path(name).read_text(encoding="utf-8").strip() or 0)
    except (OSError, ValueError):
        return 0.0


def now() -> float:
    """The time (Unix seconds), moved by :func:`offset`."""
    return time.time() + offset()
