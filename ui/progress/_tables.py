"""Play with friends' tables in the store (schema version 9): people at one table online.

A table is set with :func:`create_table` (its setting, whatever the page gives, and each
seat a person or the computer at a level): it gets a public id, a host token and a token per
person seat, each from :mod:`secrets`; the store keeps only their sha256, and
:func:`access` tells which seat (or the host) a token opens.  Whoever opens a seat's link
takes it with a display name (:func:`take_seat`); the host starts the table
(:func:`start`, with round 1's deal), gives an absent person's seat to the computer and back
(:func:`give_to_computer`, :func:`give_back`); moves and later deals are written with
:func:`play` and :func:`deal`.

Every change the others must see adds one to the table's version (and notes what happened,
an event, where the page tells everyone), so that a session polls one small query
(:func:`table_version`) and reads the table again (:func:`read_table`) only when it moved
on.  Each change first updates the table's own row, then the rest, in one transaction: a
move or a deal is written only for the version its caller drew (two clicks at once, a stale
tab or a replayed request change nothing) and the table's row is always locked first, so two
replicas on PostgreSQL never wait on each other in a circle.  A table idle for
:data:`TABLE_IDLE` seconds is ended as expired (:func:`expire_tables`), its rows kept.

What a session reads back (:func:`read_table`, :func:`table_version`, :func:`tables_of` and
their records) is in :mod:`ui.progress._table_records`, re-exported from here.  Re-exported by
:mod:`ui.progress`; every function takes ``data_dir`` as the store's do.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ._connect import connect
from ._table_records import (
    SeatRecord,
    TableEvent,
    TableRecord,
    plausible,
    read_table,
    table_version,
    tables_of,
)

__all__ = ["CREATE_LIMIT", "NAME_MAX", "TABLE_IDLE", "TOKEN_BYTES", "NewTable", "SeatPlan",
           "SeatRecord", "TableEvent", "TableRecord", "access", "clean_name", "create_table",
           "deal", "end_table", "expire_tables", "give_back", "give_to_computer", "play",
           "read_table", "seat_token", "seen", "start", "table_version", "tables_of",
           "take_seat"]

TOKEN_BYTES = 24  # 192 bits
NAME_MAX = 40  # a display name's longest length, in characters
TABLE_IDLE = 6 * 3600.0  # seconds without a change before a table expires
CREATE_LIMIT = (10, 3600.0)  # at most this many tables per creator in this many seconds
KINDS = ("person", "computer")
END_REASONS = ("finished", "closed")
Opened = int | Literal["host"] | None
Taken = Literal["taken", "again", "other", "bad", "ended"]
Started = Literal["started", "waiting", "bad", "again", "ended"]


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """A seat as the table is set: a ``'person'`` or the ``'computer'`` at ``level`` (for a
    person, the level the computer plays at if the seat is given to it)."""

    kind: str
    level: str | None = None


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table just set: its id, the host's token and each person seat's token (shown once:
    the store keeps only their hashes)."""

    table_id: str
    host_token: str
    seat_tokens: dict[int, str]


class _Refused(Exception):
    """Raised inside a transaction to roll it back: the change is refused."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_token(host_token: str, table_id: str, seat: int) -> str:
    """A person seat's token, derived from the host's (HMAC-SHA256, :data:`TOKEN_BYTES`
    bytes): unguessable without the host's token, and given again to whoever holds it (the
    host's view in any tab), while the store keeps only hashes."""
    digest = hmac.new(host_token.encode(), f"{table_id}/{seat}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def _clock(now: float | None) -> float:
    return time.time() if now is None else float(now)


def clean_name(text: str) -> str:
    """A display name as it is kept: control and format characters taken out, spaces
    trimmed, at most :data:`NAME_MAX` characters (markup stays text: the page escapes it)."""
    kept = "".join(c for c in str(text) if unicodedata.category(c)[0] != "C")
    return kept.strip()[:NAME_MAX].strip()


def _change(conn: Any, table_id: str, now: float, condition: str = "",
            params: Sequence[object] = (), event: str | None = None,
            seat: int | None = None) -> int | None:
    """One more version for a table not ended (``condition``: more on the table's own row),
    its row locked until the transaction ends; the new version, with ``event`` noted, or None
    (no change).  What the change needs of other rows is checked after it, in statements of
    their own (which then see every change committed before), refusing with
    :class:`_Refused`."""
    if not conn.execute("UPDATE friend_tables SET version = version + 1, moved = ? "
                        f"WHERE table_id = ? AND ended IS NULL {condition}",
                        (now, table_id, *params)).rowcount:
        return None
    row = conn.execute("SELECT version FROM friend_tables WHERE table_id = ?",
                       (table_id,)).fetchone()
    version = int(row[0])
    if event is not None:
        conn.execute("INSERT INTO friend_events (table_id, version, kind, seat, at) "
                     "VALUES (?, ?, ?, ?, ?)", (table_id, version, event, seat, now))
    return version


def _opens(conn: Any, table_id: str, token: str) -> Opened:
    if not plausible(table_id) or not plausible(token):
        return None
    row = conn.execute("SELECT host_hash FROM friend_tables WHERE table_id = ?",
                       (table_id,)).fetchone()
    if row is None:
        return None
    digest = _hash(token)
    if hmac.compare_digest(digest, str(row[0])):
        return "host"
    seats = conn.execute("SELECT seat, token_hash FROM friend_seats WHERE table_id = ? "
                         "AND kind = 'person' AND token_hash IS NOT NULL",
                         (table_id,)).fetchall()
    found = [int(s) for s, kept in seats if hmac.compare_digest(digest, str(kept))]
    return found[0] if found else None


def create_table(creator: str, params: Mapping[str, Any], seats: Sequence[SeatPlan], *,
                 now: float | None = None,
                 data_dir: str | Path | None = None) -> NewTable | None:
    """Set a table; None when ``creator`` set :data:`CREATE_LIMIT` ``[0]`` tables within the
    last ``[1]`` seconds (nothing made)."""
    if any(plan.kind not in KINDS for plan in seats):
        raise ValueError(f"a seat is a person or the computer: {seats!r}")
    at = _clock(now)
    table_id, host = secrets.token_urlsafe(12), secrets.token_urlsafe(TOKEN_BYTES)
    tokens = {n: seat_token(host, table_id, n)
              for n, plan in enumerate(seats) if plan.kind == "person"}
    most, window = CREATE_LIMIT
    with connect(data_dir) as conn:
        if not conn.execute(
                "INSERT INTO friend_tables (table_id, host_hash, params, creator, created, "
                "version, moved) SELECT ?, ?, ?, ?, ?, 1, ? WHERE (SELECT count(*) FROM "
                "friend_tables WHERE creator = ? AND created > ?) < ?",
                (table_id, _hash(host), json.dumps(dict(params), sort_keys=True), creator, at,
                 at, creator, at - window, most)).rowcount:
            return None
        for n, plan in enumerate(seats):
            token = tokens.get(n)
            conn.execute("INSERT INTO friend_seats (table_id, seat, kind, level, token_hash) "
                         "VALUES (?, ?, ?, ?, ?)", (table_id, n, plan.kind, plan.level,
                                                    None if token is None else _hash(token)))
    return NewTable(table_id, host, tokens)


def access(table_id: str, token: str, *, data_dir: str | Path | None = None) -> Opened:
    """The person seat ``token`` opens at the table, ``'host'`` for the host's token, or None
    (a wrong, guessed or malformed token, or no such table)."""
    if not plausible(table_id) or not plausible(token):
        return None
    with connect(data_dir) as conn:
        return _opens(conn, table_id, token)


def take_seat(table_id: str, token: str, name: str, learner: str | None, *,
              now: float | None = None, data_dir: str | Path | None = None) -> Taken:
    """Take the seat ``token`` opens with display name ``name`` (:func:`clean_name`):
    ``'taken'`` (it was free: now this learner's), ``'again'`` (this learner holds it
    already: coming back, the name updated), ``'other'`` (another learner holds it),
    ``'bad'`` (the token opens no seat) or ``'ended'`` (the table ended or expired)."""
    at, kept = _clock(now), clean_name(name)
    if not plausible(table_id) or not plausible(token):
        return "bad"
    with connect(data_dir) as conn:
        seat = _opens(conn, table_id, token)
        if not isinstance(seat, int):
            return "bad"
        state, _, _ = _holder(conn, table_id, seat, at)
    if state == "free":
        with suppress(_Refused), connect(data_dir) as conn:
            if _change(conn, table_id, at, "", (), "joined", seat) is None or not conn.execute(
                    "UPDATE friend_seats SET name = ?, learner = ?, joined = ?, seen = ? "
                    "WHERE table_id = ? AND seat = ? AND kind = 'person' AND joined IS NULL",
                    (kept, learner, at, at, table_id, seat)).rowcount:
                raise _Refused  # ended, given to the computer or taken meanwhile
            return "taken"
    with connect(data_dir) as conn:
        state, holder, held_as = _holder(conn, table_id, seat, at)
        if state == "ended":
            return "ended"
        if state != "held":
            return "bad"
        if learner is None or holder != learner:
            return "other"
        conn.execute("UPDATE friend_seats SET seen = ? WHERE table_id = ? AND seat = ?",
                     (at, table_id, seat))
        if held_as != kept and _change(conn, table_id, at) is not None:
            conn.execute("UPDATE friend_seats SET name = ? WHERE table_id = ? AND seat = ?",
                         (kept, table_id, seat))
        return "again"


def _holder(conn: Any, table_id: str, seat: int, at: float) -> tuple[str, object, object]:
    """Who holds a person's seat: ``('held', learner, name)``, or ``'free'``, ``'bad'`` (not
    a person's seat now) or ``'ended'`` (the table ended or is past expiry) and no one."""
    row = conn.execute("SELECT t.ended, t.moved, s.kind, s.joined, s.learner, s.name "
                       "FROM friend_tables t JOIN friend_seats s ON s.table_id = t.table_id "
                       "WHERE t.table_id = ? AND s.seat = ?", (table_id, seat)).fetchone()
    if row is None or row[2] != "person":
        return "bad", None, None
    if row[0] is not None or at - float(row[1]) > TABLE_IDLE:
        return "ended", None, None
    return ("free", None, None) if row[3] is None else ("held", row[4], row[5])


def seen(table_id: str, seat: int, *, now: float | None = None,
         data_dir: str | Path | None = None) -> None:
    """The person at ``seat`` is here (a heartbeat, for presence: no new version)."""
    with connect(data_dir) as conn:
        conn.execute("UPDATE friend_seats SET seen = ? WHERE table_id = ? AND seat = ? "
                     "AND joined IS NOT NULL", (_clock(now), table_id, int(seat)))


def start(table_id: str, host_token: str, first_deal: str, *, fill: bool,
          now: float | None = None, data_dir: str | Path | None = None) -> Started:
    """The host starts the table with round 1's deal: ``'started'``; ``'waiting'`` when a
    person's seat is not taken and ``fill`` is False (with ``fill``, each becomes the
    computer's at its level); ``'bad'`` (not the host's token), ``'again'`` (started
    already), ``'ended'``."""
    at = _clock(now)
    with suppress(_Refused), connect(data_dir) as conn:
        if _opens(conn, table_id, host_token) != "host":
            return "bad"
        if _change(conn, table_id, at, "AND started IS NULL", (), "started") is None:
            row = conn.execute("SELECT ended FROM friend_tables WHERE table_id = ?",
                               (table_id,)).fetchone()
            return "ended" if row[0] is not None else "again"
        if fill:
            conn.execute("UPDATE friend_seats SET kind = 'computer', token_hash = NULL "
                         "WHERE table_id = ? AND kind = 'person' AND joined IS NULL",
                         (table_id,))
        elif conn.execute("SELECT count(*) FROM friend_seats WHERE table_id = ? AND "
                          "kind = 'person' AND joined IS NULL", (table_id,)).fetchone()[0]:
            raise _Refused
        conn.execute("UPDATE friend_tables SET started = ? WHERE table_id = ?", (at, table_id))
        conn.execute("INSERT INTO friend_deals (table_id, round_no, deal, dealt) "
                     "VALUES (?, 1, ?, ?)", (table_id, first_deal, at))
        return "started"
    return "waiting"


_PLAYING = "AND version = ? AND started IS NOT NULL"


def play(table_id: str, version: int, round_no: int, ply: int, seat: int, move: str, *,
         now: float | None = None, data_dir: str | Path | None = None) -> int | None:
    """Write ``seat``'s move (a round code token) at ``ply`` of round ``round_no``, for the
    table at ``version`` (the caller checked on that version that it is the seat's turn and
    the move is legal): the new version, or None (the table moved on or ended, the round is
    not dealt, or ``ply`` is not the round's next)."""
    at = _clock(now)
    with suppress(_Refused), connect(data_dir) as conn:
        if _change(conn, table_id, at, _PLAYING, (int(version),)) is None:
            return None
        dealt = conn.execute("SELECT 1 FROM friend_deals WHERE table_id = ? AND round_no = ?",
                             (table_id, int(round_no))).fetchone()
        plies = conn.execute("SELECT count(*) FROM friend_moves WHERE table_id = ? AND "
                             "round_no = ?", (table_id, int(round_no))).fetchone()[0]
        if dealt is None or int(plies) != ply or not conn.execute(
                "INSERT INTO friend_moves (table_id, round_no, ply, seat, move, played) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, int(round_no), int(ply), int(seat), move, at)).rowcount:
            raise _Refused
        return int(version) + 1
    return None


def deal(table_id: str, version: int, round_no: int, deal: str, *, now: float | None = None,
         data_dir: str | Path | None = None) -> int | None:
    """Write the next round's deal (``round_no``: one more than the rounds dealt), for the
    table at ``version``: the new version, or None (moved on, ended, not the next round)."""
    at = _clock(now)
    with suppress(_Refused), connect(data_dir) as conn:
        if _change(conn, table_id, at, _PLAYING, (int(version),)) is None:
            return None
        dealt = conn.execute("SELECT count(*) FROM friend_deals WHERE table_id = ?",
                             (table_id,)).fetchone()[0]
        if int(dealt) != round_no - 1 or not conn.execute(
                "INSERT INTO friend_deals (table_id, round_no, deal, dealt) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, int(round_no), deal, at)).rowcount:
            raise _Refused
        return int(version) + 1
    return None


def _hand_over(table_id: str, host_token: str, seat: int, to_computer: bool,
               now: float | None, data_dir: str | Path | None) -> bool:
    at, before = _clock(now), int(not to_computer)
    with suppress(_Refused), connect(data_dir) as conn:
        if _opens(conn, table_id, host_token) != "host" or _change(
                conn, table_id, at, "", (), "given" if to_computer else "back",
                int(seat)) is None:
            return False
        if not conn.execute("UPDATE friend_seats SET computer = ? WHERE table_id = ? AND "
                            "seat = ? AND kind = 'person' AND joined IS NOT NULL AND "
                            "computer = ?", (1 - before, table_id, int(seat), before)).rowcount:
            raise _Refused
        return True
    return False


def give_to_computer(table_id: str, host_token: str, seat: int, *, now: float | None = None,
                     data_dir: str | Path | None = None) -> bool:
    """The host gives a taken person's seat to the computer (at the seat's level): False
    when the token is not the host's, the seat is not a taken person's or is given already,
    or the table ended."""
    return _hand_over(table_id, host_token, seat, True, now, data_dir)


def give_back(table_id: str, host_token: str, seat: int, *, now: float | None = None,
              data_dir: str | Path | None = None) -> bool:
    """The host gives a seat given to the computer back to its person (False as above)."""
    return _hand_over(table_id, host_token, seat, False, now, data_dir)


def _end(conn: Any, table_id: str, reason: str, at: float, condition: str = "",
         params: Sequence[object] = ()) -> bool:
    if _change(conn, table_id, at, condition, params, "ended") is None:
        return False
    conn.execute("UPDATE friend_tables SET ended = ?, end_reason = ? WHERE table_id = ?",
                 (at, reason, table_id))
    return True


def end_table(table_id: str, reason: str, *, now: float | None = None,
              data_dir: str | Path | None = None) -> bool:
    """End the table, once: ``'finished'`` (the match is over) or ``'closed'`` (by its host,
    whom the page checks); False when it had ended already (or there is no such table)."""
    if reason not in END_REASONS:
        raise ValueError(f"a table ends finished or closed, not {reason!r}")
    with connect(data_dir) as conn:
        return _end(conn, table_id, reason, _clock(now))


def expire_tables(*, now: float | None = None, idle: float = TABLE_IDLE,
                  data_dir: str | Path | None = None) -> int:
    """End every table without a change for more than ``idle`` seconds as ``'expired'``
    (every row kept); how many."""
    at = _clock(now)
    with connect(data_dir) as conn:
        idle_ids = [str(r[0]) for r in conn.execute(
            "SELECT table_id FROM friend_tables WHERE ended IS NULL AND moved < ?",
            (at - idle,)).fetchall()]
        return sum(_end(conn, table_id, "expired", at, "AND moved < ?", (at - idle,))
                   for table_id in idle_ids)
