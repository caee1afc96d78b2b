"""Learner progress in an embedded SQLite database (standard ``sqlite3``).

The database file is ``<data dir>/progress.sqlite3``, where the data dir is
``$DOMINO_DATA_DIR`` or ``data`` (created on first use).  A learner is an id
kept in the page's URL (``?learner=…``); everything here is keyed by it.

Each call opens its own short-lived connection (WAL mode, a busy timeout), so
nothing mutable is shared between sessions or threads.  Plain functions, no
Streamlit: the pages reach them through :mod:`ui.session`.

>>> import tempfile; d = tempfile.mkdtemp()
>>> lid = new_learner_id()
>>> register(lid, data_dir=d)
True
>>> record_step(lid, "matching-ends", "one-tile", 2, data_dir=d)
2
>>> record_step(lid, "matching-ends", "one-tile", 3, data_dir=d)
3
>>> steps(lid, data_dir=d)
{('matching-ends', 'one-tile'): 3}
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

DB_NAME = "progress.sqlite3"
#: A learner id as :func:`new_learner_id` makes it (``secrets.token_urlsafe``),
#: with some room: 8 to 64 URL-safe characters.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")

SCHEMA = """
CREATE TABLE IF NOT EXISTS learners (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    last_lesson TEXT,
    last_step TEXT,
    seen REAL
);
CREATE TABLE IF NOT EXISTS steps (
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    step TEXT NOT NULL,
    stars INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 1,
    done REAL NOT NULL,
    PRIMARY KEY (learner, lesson, step)
);
CREATE TABLE IF NOT EXISTS quiz (
    learner TEXT PRIMARY KEY,
    answered INTEGER NOT NULL DEFAULT 0,
    correct INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0
);
"""


class ProgressError(RuntimeError):
    """The progress database cannot be used (unreadable, not a database...)."""


@dataclass(frozen=True, slots=True)
class QuizRecord:
    answered: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0


def data_dir() -> Path:
    """Where the database lives: ``$DOMINO_DATA_DIR`` or ``data``."""
    return Path(os.environ.get("DOMINO_DATA_DIR", "data"))


def db_path(base: str | Path | None = None) -> Path:
    return Path(base if base is not None else data_dir()) / DB_NAME


@contextmanager
def connect(data_dir: str | Path | None = None) -> Iterator[sqlite3.Connection]:
    """A fresh connection with the schema in place; commits on success.

    Raises :class:`ProgressError` when the folder cannot be made or the file
    is not a usable database."""
    path = db_path(data_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path, timeout=5.0)) as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA busy_timeout=5000")
            conn.executescript(SCHEMA)
            with conn:
                yield conn
    except (sqlite3.DatabaseError, OSError) as e:
        raise ProgressError(f"{path}: {e}") from e


def new_learner_id() -> str:
    """A fresh, unguessable learner id (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def valid_learner_id(value: object) -> bool:
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def known(learner: str, *, data_dir: str | Path | None = None) -> bool:
    """Whether the database has a record of ``learner``."""
    with connect(data_dir) as conn:
        row = conn.execute("SELECT 1 FROM learners WHERE id = ?", (learner,)).fetchone()
    return row is not None


def register(learner: str, *, data_dir: str | Path | None = None) -> bool:
    """Make sure ``learner`` has a record; True if it was new."""
    if not valid_learner_id(learner):
        raise ValueError(f"not a learner id: {learner!r}")
    with connect(data_dir) as conn:
        cur = conn.execute("INSERT OR IGNORE INTO learners (id, created, seen) VALUES (?, ?, ?)",
                           (learner, time.time(), time.time()))
        return cur.rowcount == 1


def record_step(learner: str, lesson: str, step: str, stars: int, *,
                data_dir: str | Path | None = None) -> int:
    """Mark a step done with ``stars`` (0–3); keep the best.  Returns the best."""
    stars = max(0, min(3, int(stars)))
    with connect(data_dir) as conn:
        conn.execute(
            "INSERT INTO steps (learner, lesson, step, stars, attempts, done) "
            "VALUES (?, ?, ?, ?, 1, ?) "
            "ON CONFLICT (learner, lesson, step) DO UPDATE SET "
            "stars = max(stars, excluded.stars), attempts = attempts + 1",
            (learner, lesson, step, stars, time.time()))
        row = conn.execute("SELECT stars FROM steps WHERE learner = ? AND lesson = ? AND step = ?",
                           (learner, lesson, step)).fetchone()
    return int(row[0])


def steps(learner: str, *, data_dir: str | Path | None = None) -> dict[tuple[str, str], int]:
    """Every step ``learner`` has done: ``(lesson, step) -> best stars``."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT lesson, step, stars FROM steps WHERE learner = ?",
                            (learner,)).fetchall()
    return {(lesson, step): int(stars) for lesson, step, stars in rows}


def set_position(learner: str, lesson: str, step: str, *,
                 data_dir: str | Path | None = None) -> None:
    """Remember where the learner is, for "Go on where you stopped"."""
    with connect(data_dir) as conn:
        conn.execute("INSERT OR IGNORE INTO learners (id, created) VALUES (?, ?)",
                     (learner, time.time()))
        conn.execute("UPDATE learners SET last_lesson = ?, last_step = ?, seen = ? WHERE id = ?",
                     (lesson, step, time.time(), learner))


def position(learner: str, *, data_dir: str | Path | None = None) -> tuple[str, str] | None:
    """The lesson and step the learner was last on, if any."""
    with connect(data_dir) as conn:
        row = conn.execute("SELECT last_lesson, last_step FROM learners WHERE id = ?",
                           (learner,)).fetchone()
    if row is None or row[0] is None or row[1] is None:
        return None
    return str(row[0]), str(row[1])


def record_answer(learner: str, right: bool, *,
                  data_dir: str | Path | None = None) -> QuizRecord:
    """Count one quiz answer; returns the updated record."""
    with connect(data_dir) as conn:
        conn.execute("INSERT OR IGNORE INTO quiz (learner) VALUES (?)", (learner,))
        if right:
            conn.execute("UPDATE quiz SET answered = answered + 1, correct = correct + 1, "
                         "streak = streak + 1, best_streak = max(best_streak, streak + 1) "
                         "WHERE learner = ?", (learner,))
        else:
            conn.execute("UPDATE quiz SET answered = answered + 1, streak = 0 WHERE learner = ?",
                         (learner,))
    return quiz_record(learner, data_dir=data_dir)


def quiz_record(learner: str, *, data_dir: str | Path | None = None) -> QuizRecord:
    with connect(data_dir) as conn:
        row = conn.execute("SELECT answered, correct, streak, best_streak FROM quiz "
                           "WHERE learner = ?", (learner,)).fetchone()
    return QuizRecord(*map(int, row)) if row else QuizRecord()


def reset(learner: str, *, data_dir: str | Path | None = None) -> None:
    """Forget everything about ``learner`` (their id stays valid)."""
    with connect(data_dir) as conn:
        conn.execute("DELETE FROM steps WHERE learner = ?", (learner,))
        conn.execute("DELETE FROM quiz WHERE learner = ?", (learner,))
        conn.execute("UPDATE learners SET last_lesson = NULL, last_step = NULL WHERE id = ?",
                     (learner,))
