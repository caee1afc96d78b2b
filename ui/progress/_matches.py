"""Play's match in progress in the store, and the reviews of finished rounds not yet kept.

A match is written as it is played (schema version 6): the match itself when it starts
(:func:`open_match`: its address, which names its rules, seed, level and seat), each
round's deal when it is dealt (:func:`record_deal`: a position code, every hand and the
stock, as :mod:`engine.notation.code` writes it) and each move when it is made (:func:`record_move`:
its round code token, keyed by match, round and ply, so a move written twice is kept once).
:func:`latest_match` reads the learner's latest match back, every round's deal and moves;
the round code of round ``n`` is its deal, ``/m`` and its moves' tokens in order.

A finished round's review is worked out in a server process and kept with
:func:`ui.progress.record_review`, which also takes it off :func:`pending_reviews`.  Until
then it is pending (:func:`add_pending`): whichever process :func:`claim` gives it to works
it out; a claim lasts while its process :func:`touch`-es it, and one older than a lease may
be taken over (the process is gone: a crash, a replica killed); a server that stops hands
its reviews back (:func:`release`), for the next process to take at once.  Keeping is once,
in the store's own transaction, so two processes never both keep it.  Each answer of a
review is kept as it comes (:func:`keep_answer`, schema version 7) and read back
(:func:`review_answers`): a pending review goes on from them, a kept one is drawn from
them.

Re-exported by :mod:`ui.progress`; every function takes ``data_dir`` as the store's do.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._connect import connect

__all__ = ["PendingReview", "SavedMatch", "SavedRound", "abandon_match", "add_pending", "claim",
           "give_up_review", "keep_answer", "latest_match", "open_match", "pending_reviews",
           "record_deal", "record_hint", "record_move", "release", "review_answers", "touch"]


@dataclass(frozen=True, slots=True)
class SavedRound:
    """A round of a kept match: its number, its deal (a position code) and its moves' round
    code tokens, in order (only those with every ply before them kept)."""

    number: int
    deal: str
    moves: tuple[str, ...]
    hints: frozenset[int] = frozenset()  # the plies where the learner took a hint

    @property
    def code(self) -> str:
        """The round code: the deal, then every move."""
        return f"{self.deal}/m{''.join(self.moves) or '-'}"


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """The learner's latest match as the store keeps it."""

    match_id: str
    params: dict[str, str]
    started: float
    abandoned: bool
    rounds: tuple[SavedRound, ...]


@dataclass(frozen=True, slots=True)
class PendingReview:
    """A finished round whose review is not kept yet: its id and what its review needs
    (``job``: the round code and the seat, seed and round number, as the page wrote it)."""

    round_id: str
    job: dict[str, Any]


def open_match(learner: str, match_id: str, params: Mapping[str, str], *,
               data_dir: str | Path | None = None) -> bool:
    """Keep a new match (once: False when it is kept already)."""
    with connect(data_dir) as conn:
        return bool(conn.execute(
            "INSERT INTO play_matches (learner, match_id, params, started) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (learner, match_id, json.dumps(dict(params), sort_keys=True), time.time())).rowcount)


_MINE = "WHERE EXISTS (SELECT 1 FROM play_matches WHERE learner = ? AND match_id = ?)"


def record_deal(learner: str, match_id: str, round_no: int, deal: str, *,
                data_dir: str | Path | None = None) -> bool:
    """Keep round ``round_no``'s deal of the learner's match, once (the first deal kept
    stays)."""
    with connect(data_dir) as conn:
        return bool(conn.execute(
            "INSERT INTO play_deals (match_id, round_no, deal, dealt) "
            f"SELECT ?, ?, ?, ? {_MINE} ON CONFLICT DO NOTHING",
            (match_id, int(round_no), deal, time.time(), learner, match_id)).rowcount)


def record_move(learner: str, match_id: str, round_no: int, ply: int, move: str, *,
                data_dir: str | Path | None = None) -> bool:
    """Keep the move made at ``ply`` (0: the round's first) of a round of the learner's
    match, once: True when the store holds this move there (kept now or before), False when
    it holds another (or the match is not the learner's)."""
    with connect(data_dir) as conn:
        conn.execute(
            "INSERT INTO play_moves (match_id, round_no, ply, move, played) "
            f"SELECT ?, ?, ?, ?, ? {_MINE} ON CONFLICT DO NOTHING",
            (match_id, int(round_no), int(ply), move, time.time(), learner, match_id))
        row = conn.execute("SELECT move FROM play_moves WHERE match_id = ? AND round_no = ? "
                           "AND ply = ?", (match_id, int(round_no), int(ply))).fetchone()
    return row is not None and str(row[0]) == move


def record_hint(learner: str, match_id: str, round_no: int, ply: int, *,
                data_dir: str | Path | None = None) -> None:
    """The learner took a hint at ``ply`` of a round of their match (once)."""
    with connect(data_dir) as conn:
        conn.execute("INSERT INTO play_hints (match_id, round_no, ply) "
                     f"SELECT ?, ?, ? {_MINE} ON CONFLICT DO NOTHING",
                     (match_id, int(round_no), int(ply), learner, match_id))


def abandon_match(learner: str, match_id: str, *, data_dir: str | Path | None = None) -> None:
    """The learner gave the match up: it is not offered again."""
    with connect(data_dir) as conn:
        conn.execute("UPDATE play_matches SET abandoned = ? WHERE learner = ? AND match_id = ? "
                     "AND abandoned IS NULL", (time.time(), learner, match_id))


def latest_match(learner: str, *, data_dir: str | Path | None = None) -> SavedMatch | None:
    """The match the learner started last, with every round dealt and its moves."""
    with connect(data_dir) as conn:
        row = conn.execute("SELECT match_id, params, started, abandoned FROM play_matches "
                           "WHERE learner = ? ORDER BY started DESC LIMIT 1",
                           (learner,)).fetchone()
        if row is None:
            return None
        match_id = str(row[0])
        deals = conn.execute("SELECT round_no, deal FROM play_deals WHERE match_id = ? "
                             "ORDER BY round_no", (match_id,)).fetchall()
        moves = conn.execute("SELECT round_no, ply, move FROM play_moves WHERE match_id = ? "
                             "ORDER BY round_no, ply", (match_id,)).fetchall()
        hints = conn.execute("SELECT round_no, ply FROM play_hints WHERE match_id = ?",
                             (match_id,)).fetchall()
    rounds = []
    for number, deal in deals:
        tokens: list[str] = []
        for n, ply, move in moves:
            if int(n) == int(number) and int(ply) == len(tokens):
                tokens.append(str(move))
        rounds.append(SavedRound(int(number), str(deal), tuple(tokens), frozenset(
            int(ply) for n, ply in hints if int(n) == int(number))))
    params = {str(k): str(v) for k, v in json.loads(str(row[1])).items()}
    return SavedMatch(match_id, params, float(row[2]), row[3] is not None, tuple(rounds))


def add_pending(learner: str, round_id: str, job: Mapping[str, Any], claimer: str, *,
                data_dir: str | Path | None = None) -> bool:
    """A finished round's review is to be worked out, by ``claimer`` for now (once)."""
    now = time.time()
    with connect(data_dir) as conn:
        return bool(conn.execute(
            "INSERT INTO pending_reviews (learner, round_id, job, created, claimed_by, "
            "claimed_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (learner, round_id, json.dumps(dict(job), sort_keys=True), now, claimer,
             now)).rowcount)


def pending_reviews(learner: str, *,
                    data_dir: str | Path | None = None) -> list[tuple[PendingReview, str, float]]:
    """The learner's reviews not kept yet, oldest first, each with who claimed it and when."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT round_id, job, claimed_by, claimed_at FROM pending_reviews "
                            "WHERE learner = ? ORDER BY created, round_id",
                            (learner,)).fetchall()
    return [(PendingReview(str(r[0]), dict(json.loads(str(r[1])))), str(r[2] or ""),
             float(r[3] or 0.0)) for r in rows]


def claim(learner: str, round_id: str, claimer: str, lease: float, *,
          data_dir: str | Path | None = None) -> bool:
    """Take a pending review for ``claimer`` when nobody holds it, ``claimer`` does, or its
    holder has not touched it for ``lease`` seconds; True when ``claimer`` now holds it."""
    now = time.time()
    with connect(data_dir) as conn:
        return bool(conn.execute(
            "UPDATE pending_reviews SET claimed_by = ?, claimed_at = ? "
            "WHERE learner = ? AND round_id = ? AND (claimed_by IS NULL OR claimed_by = ? "
            "OR claimed_at IS NULL OR claimed_at < ?)",
            (claimer, now, learner, round_id, claimer, now - lease)).rowcount)


def touch(learner: str, round_id: str, claimer: str, *,
          data_dir: str | Path | None = None) -> None:
    """``claimer`` is still working the review out (its claim starts again)."""
    with connect(data_dir) as conn:
        conn.execute("UPDATE pending_reviews SET claimed_at = ? WHERE learner = ? "
                     "AND round_id = ? AND claimed_by = ?",
                     (time.time(), learner, round_id, claimer))


def release(learner: str, round_id: str, claimer: str, *,
            data_dir: str | Path | None = None) -> bool:
    """``claimer`` stops working the review out (its server is stopping): the review is
    nobody's, and the next process to :func:`claim` it takes it at once (True when this call
    released it)."""
    with connect(data_dir) as conn:
        return bool(conn.execute(
            "UPDATE pending_reviews SET claimed_by = NULL, claimed_at = NULL WHERE learner = ? "
            "AND round_id = ? AND claimed_by = ?", (learner, round_id, claimer)).rowcount)


def drop_pending(conn: Any, learner: str, round_id: str) -> None:
    """The review is kept (or given up): not pending any more (on the caller's connection)."""
    conn.execute("DELETE FROM pending_reviews WHERE learner = ? AND round_id = ?",
                 (learner, round_id))


def give_up_review(learner: str, round_id: str, *, data_dir: str | Path | None = None) -> None:
    """A review that cannot be worked out (a job failed): not pending any more, no figures."""
    with connect(data_dir) as conn:
        drop_pending(conn, learner, round_id)


def keep_answer(learner: str, round_id: str, part: str, answer: str, *,
                data_dir: str | Path | None = None) -> bool:
    """Keep one answer of a round's review (``part``: which, as the page names it; ``answer``:
    JSON), once: the first kept stays (True when this call kept it)."""
    with connect(data_dir) as conn:
        return bool(conn.execute(
            "INSERT INTO review_answers (learner, round_id, part, answer, kept) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (learner, round_id, part, answer, time.time())).rowcount)


def review_answers(learner: str, round_id: str, *,
                   data_dir: str | Path | None = None) -> dict[str, str]:
    """The answers kept of a round's review, by part (see :func:`keep_answer`)."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT part, answer FROM review_answers WHERE learner = ? "
                            "AND round_id = ?", (learner, round_id)).fetchall()
    return {str(part): str(answer) for part, answer in rows}
