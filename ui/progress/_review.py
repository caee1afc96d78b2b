"""Play's reviewed rounds in the store: a round's figures and its judged decisions, kept in one
go, once; the decisions read back (for practising one's own mistakes).

Re-exported by :mod:`ui.progress` (use them from there); each takes ``data_dir`` as every
function of the store does, and takes its connection from :mod:`ui.progress._connect`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._connect import connect
from ._matches import drop_pending


@dataclass(frozen=True, slots=True)
class RoundFigures:
    """The review's figures for one round (the learner's decisions judged by what they could
    see): how many, how many of each class, the mean loss and the accuracy, and the luck:
    what the hand was worth (``worth``) against the round's ``result``, in the family's
    scale."""

    decisions: int
    best: int
    good: int
    inaccuracies: int
    mistakes: int
    blunders: int
    mean_loss: float
    accuracy: float
    worth: float
    result: float


@dataclass(frozen=True, slots=True)
class DecisionRecord:
    """One of the learner's decisions in a reviewed round (one with a real choice), as the
    review judged it from what they could see (engine/search/appraise.py), for practice later.
    Moves are written as ``Move.text()`` writes them (``play 0-5 right``, ``pass``; read
    back with ``Move.parse``); scores are in the family's scale (Block: points, Gaple:
    (N + 1) / 2 minus the place, the duel: +1 / 0 / −1)."""

    number: int  # the move's number in the round (1 = the first move)
    family: str  # block, gaple, duel
    seen: str  # the position as the learner saw it: a seat's-view code (engine/notation/code.py)
    position: str  # the same position with every hand shown (a position code)
    played: str  # the move played
    best: tuple[str, ...]  # every move with the highest expected score
    played_expected: float  # the move played's expected score
    best_expected: float  # the best moves' expected score
    loss: float  # best_expected − played_expected
    grade: str  # best, good, inaccuracy, mistake, blunder
    exact: bool  # worked out over every deal the view allows (else an estimate)
    moves: tuple[tuple[str, float, str], ...]  # every legal move: (move, expected, grade)
    round_id: str = ""  # the round it was made in (read back from the store)
    decided: float = 0.0  # when it was kept, time.time() (read back from the store)


def set_figures(conn: Any, learner: str, round_id: str, f: RoundFigures) -> bool:
    """Write a recorded round's figures, unless it has them already (True when written)."""
    return bool(conn.execute(
        "UPDATE round_log SET decisions = ?, best = ?, good = ?, inaccuracies = ?, "
        "mistakes = ?, blunders = ?, mean_loss = ?, accuracy = ?, worth = ?, result = ? "
        "WHERE learner = ? AND round_id = ? AND decisions IS NULL",
        (f.decisions, f.best, f.good, f.inaccuracies, f.mistakes, f.blunders,
         float(f.mean_loss), float(f.accuracy), float(f.worth), float(f.result),
         learner, round_id)).rowcount)


def record_review(learner: str, round_id: str, figures: RoundFigures,
                  decisions: Sequence[DecisionRecord], *,
                  data_dir: str | Path | None = None) -> bool:
    """Keep a reviewed round in one transaction, once: its figures (as
    :func:`ui.progress.record_figures`) and, with them, each of its judged decisions; the
    review is no longer pending (:mod:`ui.progress._matches`).  False, and nothing kept, when
    the round is not recorded or has its figures already."""
    with connect(data_dir) as conn:
        drop_pending(conn, learner, round_id)
        kept = set_figures(conn, learner, round_id, figures)
        if kept:
            now = time.time()
            for d in decisions:
                conn.execute(
                    "INSERT INTO decisions (learner, round_id, number, family, seen, position, "
                    "played, best, played_expected, best_expected, loss, grade, exact, moves, "
                    "decided) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    (learner, round_id, int(d.number), d.family, d.seen, d.position, d.played,
                     json.dumps(list(d.best)), float(d.played_expected),
                     float(d.best_expected), float(d.loss), d.grade, int(d.exact),
                     json.dumps([[m, float(e), g] for m, e, g in d.moves]), now))
        return kept


def decisions(learner: str, family: str | None = None,
              grades: Sequence[str] | None = None, last: int | None = None, *,
              round_id: str | None = None,
              data_dir: str | Path | None = None) -> list[DecisionRecord]:
    """The learner's judged decisions, the latest round first (within a round, by move
    number): of one family, of some grades (``("mistake", "blunder")``), the ``last`` so
    many, of one round."""
    where, params = ["learner = ?"], [learner]
    if round_id is not None:
        where.append("round_id = ?")
        params.append(round_id)
    if family:
        where.append("family = ?")
        params.append(family)
    if grades is not None:
        if not grades:
            return []
        where.append(f"grade IN ({','.join('?' * len(grades))})")
        params.extend(grades)
    limit = f" LIMIT {int(last):d}" if last is not None else ""
    with connect(data_dir) as conn:
        rows = conn.execute(
            "SELECT number, family, seen, position, played, best, played_expected, "
            "best_expected, loss, grade, exact, moves, round_id, decided FROM decisions "
            f"WHERE {' AND '.join(where)} ORDER BY decided DESC, round_id, number{limit}",
            tuple(params)).fetchall()
    return [DecisionRecord(
        number=int(r[0]), family=str(r[1]), seen=str(r[2]), position=str(r[3]),
        played=str(r[4]), best=tuple(str(m) for m in json.loads(r[5])),
        played_expected=float(r[6]), best_expected=float(r[7]), loss=float(r[8]),
        grade=str(r[9]), exact=bool(r[10]),
        moves=tuple((str(m), float(e), str(g)) for m, e, g in json.loads(r[11])),
        round_id=str(r[12]), decided=float(r[13])) for r in rows]
