"""Puzzles in the progress store (ui/progress/_puzzles.py), on SQLite and PostgreSQL: ratings
moved once per attempt, the history and the misses by theme, and the learner's own puzzles
made from the review's decisions and scheduled by FSRS (the clock in the test's hands)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui import progress
from ui.progress import Attempt

DAY = 86_400.0
T0 = 1_800_000_000.0


def attempt(aid: str, puzzle: str = "puzzle-b2-1-0000", solved: bool = True,
            themes: tuple[str, ...] = ("block",), loss: float = 0.0, start: float = 1500,
            kind: str = "bank") -> Attempt:
    return Attempt(aid, puzzle, kind, "block", themes, solved, "play 1-1 left", loss, start)


def test_a_first_answer_moves_both_ratings_once(where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert progress.puzzle_rating(lid, data_dir=where) == progress.PuzzleRating()
    first = progress.record_attempt(lid, attempt("a1", start=1400), T0, data_dir=where)
    assert first.first and first.before == 1500 and first.after is not None
    assert first.after > 1500
    for _ in range(3):  # sent again (a rerun, a second click): nothing moves
        again = progress.record_attempt(lid, attempt("a1", start=1400), T0 + 5, data_dir=where)
        assert again == progress.Outcome(False, first.before, first.after)
    mine = progress.puzzle_rating(lid, data_dir=where)
    assert mine.rating == pytest.approx(first.after) and mine.attempts == 1 and mine.solved == 1
    assert mine.deviation < 350
    its = progress.puzzle_ratings(data_dir=where)["puzzle-b2-1-0000"]
    assert its < 1400  # solved: the puzzle was easier than its start said


def test_a_miss_lowers_the_learner_and_raises_the_puzzle(where: str | Path) -> None:
    lid = progress.new_learner_id()
    out = progress.record_attempt(lid, attempt("m1", "puzzle-x", solved=False), T0,
                                  data_dir=where)
    assert out.after is not None and out.after < 1500
    assert progress.puzzle_ratings(data_dir=where)["puzzle-x"] > 1500
    assert progress.attempted(lid, data_dir=where) == {"puzzle-x": False}
    progress.record_attempt(lid, attempt("m2", "puzzle-x", solved=True), T0 + 1, data_dir=where)
    assert progress.attempted(lid, data_dir=where) == {"puzzle-x": True}


def test_the_rating_history_and_the_misses_by_theme(where: str | Path) -> None:
    lid = progress.new_learner_id()
    progress.record_attempt(lid, attempt("h1", "p1", False, ("block", "count"), 3.5), T0,
                            data_dir=where)
    progress.record_attempt(lid, attempt("h2", "p2", True, ("block",)), T0 + 60, data_dir=where)
    progress.record_attempt(lid, attempt("h3", "p3", False, ("shed",), 1.0), T0 + 120,
                            data_dir=where)
    history = progress.rating_history(lid, data_dir=where)
    assert [when for when, _ in history] == [T0, T0 + 60, T0 + 120]
    assert history[-1][1] == pytest.approx(progress.puzzle_rating(lid, data_dir=where).rating)
    # in Block's mistake bands (3 points): 3.5 points cost 7/6, 1 point a third
    assert progress.theme_misses(lid, data_dir=where) == [
        ("block", 1, pytest.approx(3.5 / 3)), ("count", 1, pytest.approx(3.5 / 3)),
        ("shed", 1, pytest.approx(1 / 3))]


# -- the learner's own puzzles -----------------------------------------------------------------


def decide(where: str | Path, learner: str, round_id: str, number: int, grade: str,
           decided: float, moves: list[tuple[str, float, str]] | None = None) -> None:
    """A decision as the review keeps it (its `decisions` table)."""
    moves = moves or [("play 1-1 left", 2.0, "best"), ("play 1-4 left", -4.0, grade)]
    best = [m for m, e, _ in moves if e == max(x for _, x, _ in moves)]
    played = moves[-1][0] if grade != "best" else best[0]
    with progress.connect(where) as conn:
        conn.execute(
            "INSERT INTO decisions (learner, round_id, number, family, seen, position, played, "
            "best, played_expected, best_expected, loss, grade, exact, moves, decided) "
            "VALUES (?, ?, ?, 'block', ?, ?, ?, ?, 0, 0, ?, ?, 1, ?, ?)",
            (learner, round_id, number, "b2/111426.*3/1*5/*14/0/n-.15",
             "b2/111426.0203040506/1*5/*10/0/n-.15", played, json.dumps(best),
             6.0 if grade != "best" else 0.0, grade, json.dumps([list(m) for m in moves]),
             decided))


def test_mistakes_come_back_the_next_day_with_a_well_played_position_mixed_in(
        where: str | Path) -> None:
    lid = progress.new_learner_id()
    decide(where, lid, "r1", 3, "mistake", T0)
    decide(where, lid, "r1", 5, "blunder", T0 + 10)
    decide(where, lid, "r1", 7, "inaccuracy", T0 + 20)  # not a mistake: no card
    decide(where, lid, "r1", 9, "best", T0 + 30)  # played well, a clear answer: mixed in
    decide(where, lid, "r1", 11, "best", T0 + 40,  # played well, nothing to it: never mixed
           [("play 1-1 left", 0.5, "best"), ("play 1-4 left", 0.4, "good")])
    assert progress.own_due(lid, T0 + 3600, data_dir=where) == []  # not today: tomorrow
    due = progress.own_due(lid, T0 + DAY + 20, data_dir=where)
    assert [(c.decision.number, c.mistake) for c in due] == [(3, True), (5, True)]
    cards = progress.own_cards(lid, data_dir=where)
    assert sorted((c.decision.number, c.mistake) for c in cards) == [
        (3, True), (5, True), (9, False)]
    assert progress.sync_own(lid, T0 + DAY, data_dir=where) == 0  # made once
    later = progress.own_due(lid, T0 + 3 * DAY, data_dir=where)
    assert {c.decision.number for c in later} == {3, 5, 9}


def test_an_answer_reviews_the_card_once(where: str | Path) -> None:
    lid = progress.new_learner_id()
    decide(where, lid, "r2", 4, "mistake", T0)
    decide(where, lid, "r2", 6, "mistake", T0)
    now = T0 + DAY
    assert len(progress.own_due(lid, now, data_dir=where)) == 2
    right = Attempt("own-1", "r2:4", "own", "block", ("block",), True, "play 1-1 left", 0.0)
    wrong = Attempt("own-2", "r2:6", "own", "block", ("block",), False, "play 1-4 left", 6.0)
    for _ in range(2):  # twice each: one review each
        assert progress.record_attempt(lid, right, now, data_dir=where).before is None
        progress.record_attempt(lid, wrong, now, data_dir=where)
    cards = {c.decision.number: c for c in progress.own_cards(lid, data_dir=where)}
    assert cards[4].reviews == 1 and cards[4].due >= now + 2 * DAY  # remembered: days later
    assert cards[6].reviews == 1 and cards[6].due == pytest.approx(now + DAY)  # tomorrow again
    assert progress.puzzle_rating(lid, data_dir=where).attempts == 0  # own puzzles are not rated
    assert [c.decision.number for c in progress.own_due(lid, now + DAY, data_dir=where)] == [6]
