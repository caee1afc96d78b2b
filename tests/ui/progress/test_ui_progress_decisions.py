"""Play's reviewed rounds in the progress store (schema version 4): a round's figures and its
judged decisions kept in one go, once; the decisions read back; in SQLite and PostgreSQL.

A database made by the code before (version 3: ``tests/data/progress/v3.sqlite3``, made by
that code with one learner's steps, position, quiz answers, Play rounds with and without the
review's figures, a match and a drill run; and, for PostgreSQL, version 3's tables as its
statements make them) is brought up to date on first use and keeps every row.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

from test_ui_progress_schema import fresh_postgres, make_version

from ui import progress
from ui.progress import _postgres, _schema

V3_FILE = Path(__file__).resolve().parents[2] / "data" / "progress" / "v3.sqlite3"
V3_LEARNER = "learner-made-by-v3"
V3_SUMMARY = progress.Summary(
    steps={("doubles-stay-in-the-line", "spinner"): 2, ("matching-ends", "one-tile"): 3},
    quiz=progress.QuizRecord(answered=4, right=3, streak=1, best_streak=2),
    games={"block": progress.GameRecord(rounds=1, rounds_won=1, matches=1, matches_won=1,
                                        hints=1),
           "duel": progress.GameRecord(rounds=1, rounds_won=1),
           "gaple": progress.GameRecord(rounds=1)},
    recent=progress.Recent(rounds=2, accuracy=71.25, mean_loss=0.375),
    drill=progress.DrillRecord(runs=1, best=10.0, last=10.0),
)


FIGURES = progress.RoundFigures(decisions=2, best=1, good=0, inaccuracies=0, mistakes=1,
                                blunders=0, mean_loss=1.6, accuracy=81.5, worth=-4.0,
                                result=6.0)


def decision(number: int, grade: str, loss: float) -> progress.DecisionRecord:
    return progress.DecisionRecord(
        number=number, family="block", seen="b2/0115.*6/-/*14/1", position=(
            "b2/012233445566.0115/-/*14/1"), played="play 1-5", best=("play 0-1",),
        played_expected=2.0 - loss, best_expected=2.0, loss=loss, grade=grade, exact=True,
        moves=(("play 0-1", 2.0, "best"), ("play 1-5", 2.0 - loss, grade)))


def test_decisions_are_version_4() -> None:
    assert _schema.VERSION >= 4
    assert any(number == 4 and "CREATE TABLE IF NOT EXISTS decisions" in statements[0]
               for number, statements in _schema.MIGRATIONS)


def test_a_reviewed_round_is_kept_once_with_its_decisions(where: str | Path) -> None:
    lid = progress.new_learner_id()
    made = [decision(1, "best", 0.0), decision(3, "mistake", 3.2)]
    assert not progress.record_review(lid, "t:1", FIGURES, made, data_dir=where)  # not played
    assert progress.decisions(lid, data_dir=where) == []
    progress.record_round(lid, "block", True, round_id="t:1", data_dir=where)
    assert progress.record_review(lid, "t:1", FIGURES, made, data_dir=where)
    again = [decision(1, "blunder", 9.0)]
    assert not progress.record_review(lid, "t:1", FIGURES, again, data_dir=where)  # once
    kept = progress.decisions(lid, data_dir=where)
    assert [(d.number, d.grade, d.loss) for d in kept] == [(1, "best", 0.0), (3, "mistake", 3.2)]
    assert kept[1].round_id == "t:1" and kept[1].decided > 0
    assert kept[1].moves == made[1].moves and kept[1].best == ("play 0-1",)
    assert replace(kept[1], round_id="", decided=0.0) == made[1]  # every field back as kept
    assert progress.recent(lid, data_dir=where) == progress.Recent(1, 81.5, 1.6)
    # The figures alone (record_figures) stay once too: the first kept stand.
    assert not progress.record_figures(lid, "t:1", FIGURES, data_dir=where)


def test_decisions_are_read_by_family_grade_and_round_the_latest_round_first(
        where: str | Path) -> None:
    lid = progress.new_learner_id()
    for n, grades in enumerate([("mistake", "best"), ("blunder", "good", "inaccuracy")]):
        progress.record_round(lid, "block", False, round_id=f"r{n}", data_dir=where)
        made = [decision(k + 1, g, float(k)) for k, g in enumerate(grades)]
        assert progress.record_review(lid, f"r{n}", FIGURES, made, data_dir=where)
    everything = progress.decisions(lid, data_dir=where)
    assert [(d.round_id, d.number) for d in everything] == [
        ("r1", 1), ("r1", 2), ("r1", 3), ("r0", 1), ("r0", 2)]
    worst = progress.decisions(lid, grades=("mistake", "blunder"), data_dir=where)
    assert [(d.round_id, d.grade) for d in worst] == [("r1", "blunder"), ("r0", "mistake")]
    assert len(progress.decisions(lid, last=2, data_dir=where)) == 2
    one = progress.decisions(lid, round_id="r0", data_dir=where)  # one round's
    assert [(d.round_id, d.number) for d in one] == [("r0", 1), ("r0", 2)]
    assert progress.decisions(lid, family="gaple", data_dir=where) == []
    assert progress.decisions(lid, grades=(), data_dir=where) == []
    assert progress.decisions(progress.new_learner_id(), data_dir=where) == []


def test_a_sqlite_database_made_by_the_code_before_keeps_every_row(tmp_path: Path) -> None:
    shutil.copy(V3_FILE, tmp_path / progress.DB_NAME)
    with closing(sqlite3.connect(tmp_path / progress.DB_NAME)) as raw:
        assert _schema.version(raw) == 3  # as that code made it, no decisions table
        assert not raw.execute("SELECT 1 FROM sqlite_master WHERE name = 'decisions'").fetchone()
    with progress.connect(tmp_path) as conn:  # brought up to date on its first use
        assert _schema.version(conn) == _schema.VERSION
    assert progress.summary(V3_LEARNER, data_dir=tmp_path) == V3_SUMMARY
    assert progress.position(V3_LEARNER, data_dir=tmp_path) == (
        "doubles-stay-in-the-line", "spinner")
    assert progress.decisions(V3_LEARNER, data_dir=tmp_path) == []
    # The round reviewed before the upgrade keeps its figures: no second review of it.
    assert not progress.record_review(V3_LEARNER, "t1:1", FIGURES, [decision(1, "best", 0)],
                                      data_dir=tmp_path)
    # The round recorded without figures gets them now, with its decisions.
    assert progress.record_review(V3_LEARNER, "t3:1", FIGURES, [decision(2, "good", 0.4)],
                                  data_dir=tmp_path)
    assert [d.round_id for d in progress.decisions(V3_LEARNER, data_dir=tmp_path)] == ["t3:1"]
    assert progress.summary(V3_LEARNER, data_dir=tmp_path).recent.rounds == 3


def test_a_postgresql_database_made_by_the_code_before_keeps_every_row(
        postgres_url: str) -> None:
    import psycopg
    url = fresh_postgres(postgres_url, "made_by_v3")
    with psycopg.connect(url, autocommit=True) as conn:
        make_version(conn, 3, "DOUBLE PRECISION")
        conn.execute("INSERT INTO learners (id, created) VALUES (%s, 1.0)", (V3_LEARNER,))
        conn.execute("INSERT INTO games VALUES (%s, 'block', 2, 1, 0, 0, 0)", (V3_LEARNER,))
        conn.execute("INSERT INTO round_log VALUES (%s, 't:1', 'block', 5.0, 1, 0, 4, 3, 1, 0, "
                     "0, 0, 0.25, 90.0, 1.0, 6.0)", (V3_LEARNER,))
        conn.execute("INSERT INTO round_log (learner, round_id, family, played, won) "
                     "VALUES (%s, 't:2', 'block', 6.0, 0)", (V3_LEARNER,))
        conn.execute("INSERT INTO drill_runs VALUES (%s, 'run', 7.0, 60.0, 10, 9, 9.0)",
                     (V3_LEARNER,))
    try:
        assert progress.summary(V3_LEARNER, data_dir=url) == progress.Summary(
            games={"block": progress.GameRecord(rounds=2, rounds_won=1)},
            recent=progress.Recent(rounds=1, accuracy=90.0, mean_loss=0.25),
            drill=progress.DrillRecord(runs=1, best=9.0, last=9.0))
        with progress.connect(url) as conn:
            assert _schema.version(conn) == _schema.VERSION
        assert not progress.record_review(V3_LEARNER, "t:1", FIGURES, [decision(1, "best", 0)],
                                          data_dir=url)
        assert progress.record_review(V3_LEARNER, "t:2", FIGURES,
                                      [decision(1, "mistake", 3.2)], data_dir=url)
        assert [(d.round_id, d.grade) for d in progress.decisions(V3_LEARNER, data_dir=url)] \
            == [("t:2", "mistake")]
    finally:
        _postgres.close_all()
