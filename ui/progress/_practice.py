"""Practice over time: the counting drill's runs and Play's reviewed rounds, for the Progress
page's charts and the drill's personal best.

Re-exported by :mod:`ui.progress` (use them from there); each takes ``data_dir`` as every
function of the store does, and takes its connection from :mod:`ui.progress._connect`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._connect import connect

#: The most runs and rounds a chart is drawn from (the latest ones).
HISTORY = 500


@dataclass(frozen=True, slots=True)
class DrillRun:
    """One run of the counting drill: when it ended, how long it ran, the questions answered
    and answered right, and its score, right answers a minute."""

    played: float
    seconds: float
    answered: int
    right: int
    per_minute: float


@dataclass(frozen=True, slots=True)
class DrillRecord:
    """The learner's counting drill: how many runs, the best score, the last one's."""

    runs: int = 0
    best: float | None = None
    last: float | None = None


@dataclass(frozen=True, slots=True)
class RoundPoint:
    """One reviewed round of Play, for the charts: when, which family, the review's accuracy
    (0–100) and mean loss, and how many decisions they were taken over."""

    played: float
    family: str
    accuracy: float
    mean_loss: float
    decisions: int


def per_minute(right: int, seconds: float) -> float:
    """Right answers a minute, to two places."""
    return round(right * 60.0 / seconds, 2)


def drill_of(conn: Any, learner: str) -> DrillRecord:
    row = conn.execute("SELECT count(*), max(per_minute) FROM drill_runs WHERE learner = ?",
                       (learner,)).fetchone()
    if row is None or not row[0]:
        return DrillRecord()
    last = conn.execute("SELECT per_minute FROM drill_runs WHERE learner = ? "
                        "ORDER BY played DESC LIMIT 1", (learner,)).fetchone()
    return DrillRecord(int(row[0]), float(row[1]), float(last[0]))


def record_drill_run(learner: str, run_id: str, seconds: float, answered: int, right: int, *,
                     played: float | None = None,
                     data_dir: str | Path | None = None) -> DrillRecord:
    """Keep one finished run of the drill, once per ``run_id`` (a second call changes
    nothing); the learner's drill record after it."""
    if not seconds > 0 or not 0 <= right <= answered:
        raise ValueError(f"not a drill run: {seconds} s, {right} right of {answered}")
    with connect(data_dir) as conn:
        conn.execute(
            "INSERT INTO drill_runs (learner, run_id, played, seconds, answered, correct, "
            "per_minute) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (learner, run_id, time.time() if played is None else float(played),
             float(seconds), int(answered), int(right), per_minute(right, seconds)))
        return drill_of(conn, learner)


def drill_record(learner: str, *, data_dir: str | Path | None = None) -> DrillRecord:
    with connect(data_dir) as conn:
        return drill_of(conn, learner)


def drill_runs(learner: str, last: int = HISTORY, *,
               data_dir: str | Path | None = None) -> list[DrillRun]:
    """The learner's last ``last`` drill runs, oldest first."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT played, seconds, answered, correct, per_minute "
                            "FROM drill_runs WHERE learner = ? ORDER BY played DESC LIMIT ?",
                            (learner, int(last))).fetchall()
    return [DrillRun(float(r[0]), float(r[1]), int(r[2]), int(r[3]), float(r[4]))
            for r in reversed(rows)]


def round_history(learner: str, last: int = HISTORY, *,
                  data_dir: str | Path | None = None) -> list[RoundPoint]:
    """The learner's last ``last`` reviewed rounds of Play (those with the review's figures),
    oldest first."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT played, family, accuracy, mean_loss, decisions "
                            "FROM round_log WHERE learner = ? AND decisions > 0 "
                            "ORDER BY played DESC LIMIT ?", (learner, int(last))).fetchall()
    return [RoundPoint(float(r[0]), str(r[1]), float(r[2]), float(r[3]), int(r[4]))
            for r in reversed(rows)]
