"""The SQLite backend: one file, ``<data dir>/progress.sqlite3`` (the default).

Creation is safe when several processes open a brand-new folder at once: the
first connection of a process takes an exclusive lock file beside the database
(``fcntl.flock``) while it switches the file to WAL and creates the tables, and
the WAL switch is retried with a backoff (``PRAGMA journal_mode`` returns
"database is locked" at once instead of waiting for the busy timeout); under the same lock the
tables are made or brought up to date (:mod:`ui.progress._schema`).  The
busy timeout is set before anything else on every connection.

A folder the process cannot write to is opened read-only (``mode=ro``, or
``immutable=1`` when SQLite cannot make its WAL side files there): progress
can be read, and writes fail with the store's usual :class:`ProgressError`.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import _schema

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

DB_NAME = "progress.sqlite3"
LOCK_NAME = ".progress.lock"
BUSY_MS = 5000


#: Database files this process has already set up (WAL on, tables there).
_ready: set[Path] = set()

ERRORS: tuple[type[BaseException], ...] = (sqlite3.DatabaseError, OSError)


def writable(folder: Path) -> bool:
    """Whether this process may write in ``folder`` (made if missing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def _retry(conn: sqlite3.Connection, sql: str, seconds: float = BUSY_MS / 1000) -> Any:
    """Run ``sql``, retrying with a backoff while the database is locked."""
    deadline = time.monotonic() + seconds
    pause = 0.005
    while True:
        try:
            return conn.execute(sql).fetchall()
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) and "busy" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


@contextmanager
def _creation_lock(folder: Path) -> Iterator[None]:
    if fcntl is None:
        yield
        return
    with open(folder / LOCK_NAME, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _set_up(path: Path) -> None:
    with _creation_lock(path.parent), closing(sqlite3.connect(path, timeout=BUSY_MS / 1000)) as c:
        c.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        mode = _retry(c, "PRAGMA journal_mode")[0][0]
        if str(mode).lower() != "wal":
            _retry(c, "PRAGMA journal_mode=WAL")
        with c:  # one transaction: a migration is made whole or not at all
            _schema.migrate(c, "REAL")
    _ready.add(path)


def _open_read_only(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise sqlite3.OperationalError("no progress database in a read-only folder")
    uri = "file:" + quote(str(path.resolve()))
    try:
        conn = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=BUSY_MS / 1000)
        conn.execute("SELECT count(*) FROM learners").fetchone()
        return conn
    except sqlite3.OperationalError:
        # A WAL database whose side files cannot be made in this folder.
        return sqlite3.connect(uri + "?mode=ro&immutable=1", uri=True)


@contextmanager
def connect(folder: Path) -> Iterator[sqlite3.Connection]:
    """A connection committing on success (read-only when the folder is)."""
    path = folder / DB_NAME
    if writable(folder):
        if path not in _ready or not path.is_file():
            _set_up(path)
        conn = sqlite3.connect(path, timeout=BUSY_MS / 1000)
    else:
        conn = _open_read_only(path)
    with closing(conn):
        conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        with conn:
            yield conn
