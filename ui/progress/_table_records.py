"""A Play with friends table as the store reads it back (:mod:`ui.progress._tables` writes it).

:func:`read_table` reads the whole table (every seat, deal, move and event),
:func:`table_version` only its version, the one small query a session polls;
:func:`tables_of` lists the tables where a learner took a seat.
Re-exported by :mod:`ui.progress` through :mod:`ui.progress._tables`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._connect import connect

#: What a table id or a token may look like (``secrets.token_urlsafe``, with room): anything
#: else opens nothing and is not looked up.
_PLAUSIBLE = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    kind: str
    level: str | None
    name: str | None
    learner: str | None
    joined: float | None
    seen: float | None
    computer: bool  # a person's seat the host has given to the computer

    @property
    def taken(self) -> bool:
        return self.joined is not None

    @property
    def plays_computer(self) -> bool:
        return self.kind == "computer" or self.computer


@dataclass(frozen=True, slots=True)
class TableEvent:
    """What happened at ``version``: ``'joined'``, ``'started'``, ``'given'``, ``'back'``,
    ``'ended'`` (``seat``: whose, when it is a seat's)."""

    version: int
    kind: str
    seat: int | None
    at: float


@dataclass(frozen=True, slots=True)
class TableRecord:
    table_id: str
    params: dict[str, Any]
    created: float
    started: float | None
    version: int
    moved: float
    ended: float | None
    end_reason: str | None
    seats: tuple[SeatRecord, ...]
    deals: tuple[str, ...]  # round 1, 2, … in order
    moves: tuple[tuple[str, ...], ...]  # each dealt round's move tokens in order
    events: tuple[TableEvent, ...]  # newest last


def plausible(value: object) -> bool:
    return isinstance(value, str) and _PLAUSIBLE.fullmatch(value) is not None


def _seats(conn: Any, table_id: str) -> tuple[SeatRecord, ...]:
    rows = conn.execute("SELECT seat, kind, level, name, learner, joined, seen, computer "
                        "FROM friend_seats WHERE table_id = ? ORDER BY seat",
                        (table_id,)).fetchall()
    return tuple(SeatRecord(int(r[0]), str(r[1]), _text(r[2]), _text(r[3]), _text(r[4]),
                            _time(r[5]), _time(r[6]), bool(r[7])) for r in rows)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _time(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]


def read_table(table_id: str, *, data_dir: str | Path | None = None) -> TableRecord | None:
    """The table as the store has it, every seat, deal, move and event (None: no such table)."""
    if not plausible(table_id):
        return None
    with connect(data_dir) as conn:
        row = conn.execute("SELECT params, created, started, version, moved, ended, end_reason "
                           "FROM friend_tables WHERE table_id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        seats = _seats(conn, table_id)
        deals = conn.execute("SELECT deal FROM friend_deals WHERE table_id = ? "
                             "ORDER BY round_no", (table_id,)).fetchall()
        moves = conn.execute("SELECT round_no, move FROM friend_moves WHERE table_id = ? "
                             "ORDER BY round_no, ply", (table_id,)).fetchall()
        events = conn.execute("SELECT version, kind, seat, at FROM friend_events "
                              "WHERE table_id = ? ORDER BY version", (table_id,)).fetchall()
    rounds = tuple(tuple(str(m) for n, m in moves if int(n) == number)
                   for number in range(1, len(deals) + 1))
    return TableRecord(
        table_id, dict(json.loads(str(row[0]))), float(row[1]), _time(row[2]), int(row[3]),
        float(row[4]), _time(row[5]), _text(row[6]), seats, tuple(str(d[0]) for d in deals),
        rounds, tuple(TableEvent(int(v), str(k), None if s is None else int(s), float(a))
                      for v, k, s, a in events))


def table_version(table_id: str, *, data_dir: str | Path | None = None) -> int | None:
    """The table's version (one small query, for polling); None: no such table."""
    if not plausible(table_id):
        return None
    with connect(data_dir) as conn:
        row = conn.execute("SELECT version FROM friend_tables WHERE table_id = ?",
                           (table_id,)).fetchone()
    return None if row is None else int(row[0])


def tables_of(learner: str, *, data_dir: str | Path | None = None) -> list[tuple[str, int]]:
    """The tables (id, seat) where ``learner`` took a seat, newest first."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT s.table_id, s.seat FROM friend_seats s JOIN friend_tables t "
                            "ON t.table_id = s.table_id WHERE s.learner = ? "
                            "ORDER BY t.created DESC, s.table_id, s.seat", (learner,)).fetchall()
    return [(str(table_id), int(seat)) for table_id, seat in rows]
