"""Play's tutor mode kept with the learner's match (schema version 8): whether it is on, as
the learner last chose it for the match, and the move it holds back, if any, while it looks
at the position or stops it (its round, its ply and the move, ``Move.text``).  A match taken
up again in a new session keeps its tutor, and says that a move the tutor held was not played.

Re-exported by :mod:`ui.progress`; every function takes ``data_dir`` as the store's do.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ._connect import connect

__all__ = ["KeptTutor", "keep_held", "keep_tutor", "kept_tutor"]

#: The match is the learner's (the ``?`` pair: learner, match id).
_MINE = "WHERE EXISTS (SELECT 1 FROM play_matches WHERE learner = ? AND match_id = ?)"


@dataclass(frozen=True, slots=True)
class KeptTutor:
    """A match's tutor as kept: on or off, and the move held (round, ply, move) or None."""

    on: bool
    held: tuple[int, int, str] | None = None


def keep_tutor(learner: str, match_id: str, on: bool, *,
               data_dir: str | Path | None = None) -> None:
    """The learner's match plays with the tutor ``on`` or off from now on."""
    with connect(data_dir) as conn:
        conn.execute(
            "INSERT INTO play_tutor (match_id, tutor, changed) "
            f"SELECT ?, ?, ? {_MINE} ON CONFLICT (match_id) DO UPDATE SET "
            "tutor = excluded.tutor, changed = excluded.changed",
            (match_id, int(on), time.time(), learner, match_id))


def keep_held(learner: str, match_id: str, held: tuple[int, int, str] | None, *,
              data_dir: str | Path | None = None) -> None:
    """The move the tutor holds back in the learner's match (its round, its ply and the
    move), or None once it holds none; a move held means the tutor is on."""
    number, ply, move = held if held is not None else (None, None, None)
    with connect(data_dir) as conn:
        conn.execute(
            "INSERT INTO play_tutor (match_id, tutor, held_round, held_ply, held_move, changed) "
            f"SELECT ?, 1, ?, ?, ?, ? {_MINE} ON CONFLICT (match_id) DO UPDATE SET "
            "held_round = excluded.held_round, held_ply = excluded.held_ply, "
            "held_move = excluded.held_move, changed = excluded.changed",
            (match_id, number, ply, move, time.time(), learner, match_id))


def kept_tutor(learner: str, match_id: str, *,
               data_dir: str | Path | None = None) -> KeptTutor | None:
    """The learner's match's tutor as kept (None: never set for it)."""
    with connect(data_dir) as conn:
        row = conn.execute(
            "SELECT tutor, held_round, held_ply, held_move FROM play_tutor "
            "WHERE match_id = ? AND EXISTS (SELECT 1 FROM play_matches WHERE learner = ? "
            "AND match_id = ?)", (match_id, learner, match_id)).fetchone()
    if row is None:
        return None
    held = None if row[3] is None else (int(row[1]), int(row[2]), str(row[3]))
    return KeptTutor(bool(row[0]), held)
