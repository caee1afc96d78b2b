"""Learner progress: SQLite by default, PostgreSQL when asked.

Where progress lives: ``$DOMINO_DATABASE_URL`` when it is a ``postgresql://``
URL (:mod:`ui.progress._postgres`, shared by every replica of the site);
otherwise the SQLite file ``<data dir>/progress.sqlite3``, where the data dir
is ``$DOMINO_DATA_DIR`` or ``data`` (:mod:`ui.progress._sqlite`, created on
first use).  Every function takes an optional ``data_dir``: a folder, or a
``postgresql://`` URL, overriding the environment.  A learner is an id kept in
the page's URL (``?learner=…``); everything here is keyed by it.

Each call takes its own connection (a fresh SQLite one, or one from the pool),
so nothing mutable is shared between sessions or threads.  Plain functions, no
Streamlit: the pages reach them through :mod:`ui.session`.  The SQL is written
once, in the dialect both databases share (``?`` placeholders, ``ON CONFLICT``).

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

import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _matches, _puzzles, _tables, _tutor
from ._connect import ProgressError, connect, data_dir, database_url, db_path
from ._matches import *  # Play's match in progress and pending reviews (its __all__)
from ._practice import (
    DrillRecord,
    DrillRun,
    RoundPoint,
    drill_of,
    drill_record,
    drill_runs,
    record_drill_run,
    round_history,
)
from ._puzzles import *  # the puzzles' part of the store (its __all__)
from ._review import DecisionRecord, RoundFigures, decisions, record_review, set_figures
from ._sqlite import DB_NAME
from ._tables import *  # Play with friends' tables (its __all__)
from ._tutor import *  # Play's tutor mode kept with the match (its __all__)

__all__ = [
    "DB_NAME",
    "DecisionRecord",
    "DrillRecord",
    "DrillRun",
    "GameRecord",
    "ProgressError",
    "QuizRecord",
    "Recent",
    "RoundFigures",
    "RoundPoint",
    "Summary",
    "connect",
    "data_dir",
    "database_url",
    "db_path",
    "decisions",
    "drill_record",
    "drill_runs",
    "games",
    "known",
    "new_learner_id",
    "position",
    "quiz_record",
    "recent",
    "record_answer",
    "record_drill_run",
    "record_figures",
    "record_match",
    "record_review",
    "record_round",
    "record_step",
    "register",
    "round_history",
    "set_position",
    "steps",
    "summary",
    "valid_learner_id",
]
__all__ += _puzzles.__all__
__all__ += _matches.__all__
__all__ += _tutor.__all__
__all__ += _tables.__all__

#: A learner id as :func:`new_learner_id` makes it (``secrets.token_urlsafe``),
#: with some room: 8 to 64 URL-safe characters.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: How many of the last reviewed rounds the summary's accuracy is over.
RECENT = 10


@dataclass(frozen=True, slots=True)
class QuizRecord:
    answered: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Play's rounds and matches against the computer, for one rule family."""

    rounds: int = 0
    rounds_won: int = 0
    matches: int = 0
    matches_won: int = 0
    hints: int = 0


@dataclass(frozen=True, slots=True)
class Recent:
    """The learner's last reviewed rounds: how many, their mean accuracy and loss."""

    rounds: int = 0
    accuracy: float | None = None
    mean_loss: float | None = None


@dataclass(frozen=True, slots=True)
class Summary:
    """A learner's whole record: steps done (with stars), the quiz, Play per family, the
    accuracy of their last reviewed rounds, and the counting drill."""

    steps: dict[tuple[str, str], int] = field(default_factory=dict)
    quiz: QuizRecord = QuizRecord()
    games: dict[str, GameRecord] = field(default_factory=dict)
    recent: Recent = Recent()
    drill: DrillRecord = field(default_factory=DrillRecord)


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
        cur = conn.execute("INSERT INTO learners (id, created, seen) VALUES (?, ?, ?) "
                           "ON CONFLICT DO NOTHING",
                           (learner, time.time(), time.time()))
        return bool(cur.rowcount == 1)


def record_step(learner: str, lesson: str, step: str, stars: int, *,
                data_dir: str | Path | None = None) -> int:
    """Mark a step done with ``stars`` (0–3); keep the best.  Returns the best."""
    stars = max(0, min(3, int(stars)))
    with connect(data_dir) as conn:
        conn.execute(
            "INSERT INTO steps (learner, lesson, step, stars, attempts, done) "
            "VALUES (?, ?, ?, ?, 1, ?) "
            "ON CONFLICT (learner, lesson, step) DO UPDATE SET "
            "stars = CASE WHEN excluded.stars > steps.stars THEN excluded.stars ELSE steps.stars END, "
            "attempts = steps.attempts + 1",
            (learner, lesson, step, stars, time.time()))
        row = conn.execute("SELECT stars FROM steps WHERE learner = ? AND lesson = ? AND step = ?",
                           (learner, lesson, step)).fetchone()
    return int(row[0])


def _steps(conn: Any, learner: str) -> dict[tuple[str, str], int]:
    rows = conn.execute("SELECT lesson, step, stars FROM steps WHERE learner = ?",
                        (learner,)).fetchall()
    return {(lesson, step): int(stars) for lesson, step, stars in rows}


def steps(learner: str, *, data_dir: str | Path | None = None) -> dict[tuple[str, str], int]:
    """Every step ``learner`` has done: ``(lesson, step) -> best stars``."""
    with connect(data_dir) as conn:
        return _steps(conn, learner)


def set_position(learner: str, lesson: str, step: str, *,
                 data_dir: str | Path | None = None) -> None:
    """Remember where the learner is, for "Go on where you stopped"."""
    with connect(data_dir) as conn:
        conn.execute("INSERT INTO learners (id, created) VALUES (?, ?) ON CONFLICT DO NOTHING",
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
        conn.execute("INSERT INTO quiz (learner) VALUES (?) ON CONFLICT DO NOTHING", (learner,))
        if right:
            conn.execute("UPDATE quiz SET answered = answered + 1, correct = correct + 1, "
                         "streak = streak + 1, best_streak = CASE WHEN streak + 1 > best_streak "
                         "THEN streak + 1 ELSE best_streak END "
                         "WHERE learner = ?", (learner,))
        else:
            conn.execute("UPDATE quiz SET answered = answered + 1, streak = 0 WHERE learner = ?",
                         (learner,))
    return quiz_record(learner, data_dir=data_dir)


def _quiz(conn: Any, learner: str) -> QuizRecord:
    row = conn.execute("SELECT answered, correct, streak, best_streak FROM quiz "
                       "WHERE learner = ?", (learner,)).fetchone()
    return QuizRecord(*map(int, row)) if row else QuizRecord()


def quiz_record(learner: str, *, data_dir: str | Path | None = None) -> QuizRecord:
    with connect(data_dir) as conn:
        return _quiz(conn, learner)


def record_round(learner: str, family: str, won: bool, hints: int = 0, *,
                 round_id: str | None = None,
                 data_dir: str | Path | None = None) -> GameRecord:
    """Count one round played against the computer (won or not, hints taken), once:
    a second call with the same ``round_id`` changes nothing (None: a new id)."""
    rid = round_id if round_id is not None else secrets.token_urlsafe(12)
    with connect(data_dir) as conn:
        added = conn.execute(
            "INSERT INTO round_log (learner, round_id, family, played, won, hints) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (learner, rid, family, time.time(), int(won), max(0, int(hints)))).rowcount
        if added:
            conn.execute("INSERT INTO games (learner, family) VALUES (?, ?) "
                         "ON CONFLICT DO NOTHING", (learner, family))
            conn.execute("UPDATE games SET rounds = rounds + 1, rounds_won = rounds_won + ?, "
                         "hints = hints + ? WHERE learner = ? AND family = ?",
                         (int(won), max(0, int(hints)), learner, family))
    return games(learner, data_dir=data_dir).get(family, GameRecord())


def record_figures(learner: str, round_id: str, figures: RoundFigures, *,
                   data_dir: str | Path | None = None) -> bool:
    """Keep the review's figures for a recorded round, once (the first figures stay); False
    when the round is not recorded or has its figures already."""
    with connect(data_dir) as conn:
        return set_figures(conn, learner, round_id, figures)


def _recent(conn: Any, learner: str, family: str | None, last: int) -> Recent:
    where = "learner = ? AND decisions > 0" + (" AND family = ?" if family else "")
    params: tuple[object, ...] = (learner, family) if family else (learner,)
    rows = conn.execute(f"SELECT accuracy, mean_loss FROM round_log WHERE {where} "
                        "ORDER BY played DESC LIMIT ?", (*params, int(last))).fetchall()
    if not rows:
        return Recent()
    return Recent(len(rows), sum(float(r[0]) for r in rows) / len(rows),
                  sum(float(r[1]) for r in rows) / len(rows))


def recent(learner: str, family: str | None = None, last: int = 10, *,
           data_dir: str | Path | None = None) -> Recent:
    """The mean accuracy and loss of the learner's last ``last`` reviewed rounds (in one
    family, or in all of them)."""
    with connect(data_dir) as conn:
        return _recent(conn, learner, family, last)


def record_match(learner: str, family: str, won: bool, *,
                 data_dir: str | Path | None = None) -> GameRecord:
    """Count one finished match against the computer."""
    with connect(data_dir) as conn:
        conn.execute("INSERT INTO games (learner, family) VALUES (?, ?) ON CONFLICT DO NOTHING",
                     (learner, family))
        conn.execute("UPDATE games SET matches = matches + 1, matches_won = matches_won + ? "
                     "WHERE learner = ? AND family = ?", (int(won), learner, family))
    return games(learner, data_dir=data_dir).get(family, GameRecord())


def _games(conn: Any, learner: str) -> dict[str, GameRecord]:
    rows = conn.execute("SELECT family, rounds, rounds_won, matches, matches_won, hints "
                        "FROM games WHERE learner = ?", (learner,)).fetchall()
    return {str(row[0]): GameRecord(*map(int, row[1:])) for row in rows}


def games(learner: str, *, data_dir: str | Path | None = None) -> dict[str, GameRecord]:
    """Play's record per rule family."""
    with connect(data_dir) as conn:
        return _games(conn, learner)


def summary(learner: str, *, data_dir: str | Path | None = None) -> Summary:
    """Everything the sidebar shows of ``learner``'s progress, read on one connection."""
    with connect(data_dir) as conn:
        return Summary(_steps(conn, learner), _quiz(conn, learner), _games(conn, learner),
                       _recent(conn, learner, None, RECENT), drill_of(conn, learner))

