"""Puzzles in the store: ratings (Glicko-2), attempts, and the learner's own puzzles (FSRS).

- Each learner has a puzzle rating (``puzzle_learners``) and each puzzle of the bank one
  (``puzzle_ratings``, made at the puzzle's own starting rating on its first attempt); both
  move after every first answer to a bank puzzle (:mod:`ui.glicko2`: the learner against the
  puzzle, one game, both from the ratings before it).
- Every attempt is kept once, under its id (``puzzle_attempts``): whichever way an attempt
  ends and however often it is sent, it is counted and rates once, in one transaction.
- Every decision of the learner's reviewed rounds of Play graded a mistake or a blunder (the
  review's ``decisions`` table) becomes a card of their own (``own_puzzles``), scheduled by
  FSRS (:mod:`ui.spaced`), and so do some decisions they played well (one for every two
  mistakes, the latest whose answer was clear), so that not every position that comes back
  hides a trick.  :func:`sync_own` makes the cards of decisions not yet carded.

Re-exported by :mod:`ui.progress`; each function takes ``data_dir`` as the others there do.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.search.appraise import BANDS

from .. import glicko2, spaced
from ..glicko2 import Rating
from ._connect import connect

__all__ = ["Attempt", "Outcome", "OwnCard", "PuzzleRating", "Reviewed", "attempted", "own_cards",
           "own_due", "puzzle_rating", "puzzle_ratings", "rating_history", "record_attempt",
           "sync_own", "theme_misses"]

#: A puzzle's deviation before its first attempt: its starting rating is a guess.
PUZZLE_RD = 250.0
#: The grades that make a personal puzzle, and the one that may be mixed in.
MISTAKES = ("mistake", "blunder")
WELL_PLAYED = "best"
#: How many mistakes' cards one well-played position is mixed in for.
MIX_EVERY = 2
#: A well-played position is mixed in only where its answer was clear: the next move lost at
#: least the family's mistake band (:data:`engine.search.appraise.BANDS`).
CLEAR = {family: mistake for family, (_, mistake, _) in BANDS.items()}


@dataclass(frozen=True, slots=True)
class PuzzleRating:
    """A learner's puzzle rating."""

    rating: float = glicko2.START
    deviation: float = glicko2.START_RD
    volatility: float = glicko2.START_SIGMA
    attempts: int = 0
    solved: int = 0

    @property
    def glicko(self) -> Rating:
        return Rating(self.rating, self.deviation, self.volatility)


@dataclass(frozen=True, slots=True)
class Attempt:
    """One attempt at a puzzle: its id (the same id is counted once), the puzzle (a bank
    puzzle's id, or an own puzzle's card), ``kind`` ``bank`` or ``own``, the family, the
    themes, whether the first answer was right, that answer (``Move.text()``) and its loss,
    and for a bank puzzle its starting rating."""

    attempt: str
    puzzle: str
    kind: str
    family: str
    themes: tuple[str, ...]
    solved: bool
    answer: str
    loss: float
    start: float = glicko2.START


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an attempt did: ``first`` (False: it was counted before, and these are the
    figures it had then), the learner's rating before and after (bank puzzles)."""

    first: bool
    before: float | None = None
    after: float | None = None


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A decision of a reviewed round of Play, as the review kept it (its ``decisions``):
    the position as the learner saw it (``seen``, a seat's-view code) and whole
    (``position``), the move played and the best ones (``Move.text()``), every legal move
    with its expected score and grade, the loss, the grade, when."""

    round_id: str
    number: int
    family: str
    seen: str
    position: str
    played: str
    best: tuple[str, ...]
    moves: tuple[tuple[str, float, str], ...]
    loss: float
    grade: str
    decided: float

    @property
    def card(self) -> str:
        return f"{self.round_id}:{self.number}"

    def clear(self) -> bool:
        """Whether the best move stood out: the next move lost a mistake's band or more."""
        scores = sorted({e for _, e, _ in self.moves}, reverse=True)
        return len(scores) > 1 and scores[0] - scores[1] >= CLEAR.get(self.family, 0.0)


@dataclass(frozen=True, slots=True)
class OwnCard:
    """A personal puzzle: the decision it comes from, whether it was a mistake, when due."""

    decision: Reviewed
    mistake: bool
    due: float
    reviews: int


# -- ratings and attempts ------------------------------------------------------------------

def _learner(conn: Any, learner: str) -> PuzzleRating:
    row = conn.execute("SELECT rating, deviation, volatility, attempts, solved FROM "
                       "puzzle_learners WHERE learner = ?", (learner,)).fetchone()
    if row is None:
        return PuzzleRating()
    return PuzzleRating(float(row[0]), float(row[1]), float(row[2]), int(row[3]), int(row[4]))


def puzzle_rating(learner: str, *, data_dir: str | Path | None = None) -> PuzzleRating:
    """The learner's puzzle rating (1500, unsure, before any puzzle)."""
    with connect(data_dir) as conn:
        return _learner(conn, learner)


def puzzle_ratings(*, data_dir: str | Path | None = None) -> dict[str, float]:
    """Every bank puzzle's rating that has moved from its start (the others keep theirs)."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT puzzle, rating FROM puzzle_ratings").fetchall()
    return {str(p): float(r) for p, r in rows}


def attempted(learner: str, *, data_dir: str | Path | None = None) -> dict[str, bool]:
    """Each puzzle the learner has tried, and whether they ever solved it."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT puzzle, max(solved) FROM puzzle_attempts WHERE learner = ? "
                            "GROUP BY puzzle", (learner,)).fetchall()
    return {str(p): bool(s) for p, s in rows}


def _rate(conn: Any, learner: str, a: Attempt, now: float) -> tuple[float, float]:
    """Move the learner's and the puzzle's ratings after a first answer."""
    me = _learner(conn, learner)
    row = conn.execute("SELECT rating, deviation, volatility FROM puzzle_ratings "
                       "WHERE puzzle = ?", (a.puzzle,)).fetchone()
    it = Rating(float(row[0]), float(row[1]), float(row[2])) if row else \
        Rating(float(a.start), PUZZLE_RD)
    mine, its = glicko2.game(me.glicko, it, 1.0 if a.solved else 0.0)
    conn.execute(
        "INSERT INTO puzzle_learners (learner, rating, deviation, volatility, attempts, "
        "solved, updated) VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (learner) DO UPDATE SET "
        "rating = excluded.rating, deviation = excluded.deviation, "
        "volatility = excluded.volatility, attempts = puzzle_learners.attempts + 1, "
        "solved = puzzle_learners.solved + excluded.solved, updated = excluded.updated",
        (learner, mine.r, mine.rd, mine.sigma, int(a.solved), now))
    conn.execute(
        "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, attempts, solved) "
        "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (puzzle) DO UPDATE SET "
        "rating = excluded.rating, deviation = excluded.deviation, "
        "volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1, "
        "solved = puzzle_ratings.solved + excluded.solved",
        (a.puzzle, its.r, its.rd, its.sigma, int(a.solved)))
    return me.rating, mine.r


def record_attempt(learner: str, attempt: Attempt, now: float | None = None, *,
                   data_dir: str | Path | None = None) -> Outcome:
    """Keep an attempt once (its id is the key) and, the first time, rate it (a bank
    puzzle: both ratings move) or review its card (an own puzzle: FSRS), all in one
    transaction.  Sent again, it changes nothing and returns what it did the first time."""
    at = time.time() if now is None else now
    a = attempt
    with connect(data_dir) as conn:
        added = conn.execute(
            "INSERT INTO puzzle_attempts (learner, attempt, puzzle, kind, family, themes, "
            "played, solved, answer, loss) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (learner, a.attempt, a.puzzle, a.kind, a.family, " ".join(a.themes), at,
             int(a.solved), a.answer, float(a.loss))).rowcount
        if not added:
            row = conn.execute("SELECT rating_before, rating_after FROM puzzle_attempts "
                               "WHERE learner = ? AND attempt = ?", (learner, a.attempt)
                               ).fetchone()
            return Outcome(False, *(None if v is None else float(v) for v in row))
        if a.kind == "own":
            _review(conn, learner, a.puzzle, a.solved, at)
            return Outcome(True)
        before, after = _rate(conn, learner, a, at)
        conn.execute("UPDATE puzzle_attempts SET rating_before = ?, rating_after = ? "
                     "WHERE learner = ? AND attempt = ?", (before, after, learner, a.attempt))
        return Outcome(True, before, after)


def rating_history(learner: str, *, data_dir: str | Path | None = None
                   ) -> list[tuple[float, float]]:
    """The learner's puzzle rating after each rated attempt, oldest first: (when, rating)."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT played, rating_after FROM puzzle_attempts WHERE learner = ? "
                            "AND rating_after IS NOT NULL ORDER BY played, attempt",
                            (learner,)).fetchall()
    return [(float(p), float(r)) for p, r in rows]


def theme_misses(learner: str, *, data_dir: str | Path | None = None
                 ) -> list[tuple[str, int, float]]:
    """The learner's missed puzzles by theme, the costliest first: (theme, how many, what
    they cost in all).  A miss costs its loss in its family's mistake bands (:data:`CLEAR`:
    a loss of 3 points in Block, 0.3 of a place in Gaple or 0.2 in the two-player game
    counts 1), so that the families add up."""
    with connect(data_dir) as conn:
        rows = conn.execute("SELECT themes, loss, family FROM puzzle_attempts WHERE "
                            "learner = ? AND solved = 0", (learner,)).fetchall()
    found: dict[str, list[float]] = {}
    for themes, loss, family in rows:
        cost = float(loss) / CLEAR.get(str(family), 1.0)
        for theme in str(themes).split():
            found.setdefault(theme, []).append(cost)
    return sorted(((t, len(v), sum(v)) for t, v in found.items()), key=lambda r: (-r[2], r[0]))


# -- the learner's own puzzles ---------------------------------------------------------------

_DECISION_COLUMNS = ("round_id, number, family, seen, position, played, best, moves, loss, "
                     "grade, decided")


def _reviewed(row: Sequence[Any]) -> Reviewed:
    return Reviewed(str(row[0]), int(row[1]), str(row[2]), str(row[3]), str(row[4]),
                    str(row[5]), tuple(str(m) for m in json.loads(row[6])),
                    tuple((str(m), float(e), str(g)) for m, e, g in json.loads(row[7])),
                    float(row[8]), str(row[9]), float(row[10]))


def _decisions(conn: Any, learner: str, grades: Iterable[str]) -> list[Reviewed]:
    wanted = tuple(grades)
    rows = conn.execute(
        f"SELECT {_DECISION_COLUMNS} FROM decisions WHERE learner = ? AND grade IN "
        f"({','.join('?' for _ in wanted)}) ORDER BY decided DESC, round_id, number",
        (learner, *wanted)).fetchall()
    return [_reviewed(r) for r in rows]


def _add(conn: Any, learner: str, d: Reviewed, mistake: bool, now: float) -> None:
    state, due = spaced.first(d.decided, mistake)
    conn.execute("INSERT INTO own_puzzles (learner, card, mistake, card_state, due, reviews, "
                 "added) VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING",
                 (learner, d.card, int(mistake), state, due, now))


def sync_own(learner: str, now: float | None = None, *,
             data_dir: str | Path | None = None) -> int:
    """Make the cards of the learner's reviewed mistakes not yet carded, and mix in
    well-played positions (see the module); how many cards were made."""
    at = time.time() if now is None else now
    with connect(data_dir) as conn:
        carded = {str(c): bool(m) for c, m in conn.execute(
            "SELECT card, mistake FROM own_puzzles WHERE learner = ?", (learner,)).fetchall()}
        made = 0
        for d in _decisions(conn, learner, MISTAKES):
            if d.card not in carded:
                _add(conn, learner, d, True, at)
                carded[d.card] = True
                made += 1
        mistakes = sum(carded.values())
        wanted = -(-mistakes // MIX_EVERY) - (len(carded) - mistakes)
        for d in _decisions(conn, learner, (WELL_PLAYED,)):
            if wanted <= 0:
                break
            if d.card not in carded and d.clear():
                _add(conn, learner, d, False, at)
                carded[d.card] = False
                made += 1
                wanted -= 1
    return made


def _cards(conn: Any, learner: str, due_by: float | None) -> list[OwnCard]:
    where = "c.learner = ?" + (" AND c.due <= ?" if due_by is not None else "")
    params: tuple[object, ...] = (learner, due_by) if due_by is not None else (learner,)
    rows = conn.execute(
        f"SELECT {','.join('d.' + c.strip() for c in _DECISION_COLUMNS.split(','))}, "
        "c.mistake, c.due, c.reviews FROM own_puzzles c JOIN decisions d "
        "ON d.learner = c.learner AND c.card = d.round_id || ':' || CAST(d.number AS TEXT) "
        f"WHERE {where} ORDER BY c.due, c.card", params).fetchall()
    return [OwnCard(_reviewed(r[:11]), bool(r[11]), float(r[12]), int(r[13])) for r in rows]


def own_due(learner: str, now: float | None = None, *,
            data_dir: str | Path | None = None) -> list[OwnCard]:
    """The learner's own puzzles due at ``now`` (after making the cards of new mistakes),
    the longest due first."""
    at = time.time() if now is None else now
    sync_own(learner, at, data_dir=data_dir)
    with connect(data_dir) as conn:
        return _cards(conn, learner, at)


def own_cards(learner: str, *, data_dir: str | Path | None = None) -> list[OwnCard]:
    """Every card of the learner's own puzzles, the soonest due first."""
    with connect(data_dir) as conn:
        return _cards(conn, learner, None)


def _review(conn: Any, learner: str, card: str, right: bool, at: float) -> None:
    row = conn.execute("SELECT card_state FROM own_puzzles WHERE learner = ? AND card = ?",
                       (learner, card)).fetchone()
    if row is None:
        return
    state, due = spaced.review(str(row[0]), right, at)
    conn.execute("UPDATE own_puzzles SET card_state = ?, due = ?, reviews = reviews + 1 "
                 "WHERE learner = ? AND card = ?", (state, due, learner, card))
