"""Practice in the progress store: the counting drill's runs (schema version 3) and Play's
reviewed rounds over time, in SQLite and PostgreSQL.

A database made by today's code before the drill (version 2: ``tests/data/progress/
v2.sqlite3``, made by that code with one learner's steps, position, quiz answers, Play rounds
with and without the review's figures and a match; and, for PostgreSQL, version 2's tables
as its statements make them) is brought up to date on first use and keeps every row; so is
one made before versions were recorded (``v1.sqlite3``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_ui_progress_schema import V1_FILE, V1_LEARNER, V1_SUMMARY, fresh_postgres, make_version

from ui import progress
from ui.progress import _postgres, _schema

V2_FILE = Path(__file__).resolve().parents[2] / "data" / "progress" / "v2.sqlite3"
V2_LEARNER = "learner-made-by-v2"
V2_SUMMARY = progress.Summary(
    steps={("doubles-stay-in-the-line", "spinner"): 2, ("matching-ends", "one-tile"): 3},
    quiz=progress.QuizRecord(answered=4, right=3, streak=1, best_streak=2),
    games={"block": progress.GameRecord(rounds=2, rounds_won=1, matches=1, matches_won=1,
                                        hints=1),
           "duel": progress.GameRecord(rounds=1, rounds_won=1)},
    recent=progress.Recent(rounds=2, accuracy=68.75, mean_loss=1.375),
)


def test_the_drill_is_version_3() -> None:
    assert _schema.VERSION >= 3
    assert any(number == 3 and "drill_runs" in statements[0]
               for number, statements in _schema.MIGRATIONS)


def test_a_sqlite_database_made_by_todays_code_keeps_every_row(tmp_path: Path) -> None:
    shutil.copy(V2_FILE, tmp_path / progress.DB_NAME)
    with progress.connect(tmp_path) as conn:  # the upgrade happens on this first use
        assert _schema.version(conn) == _schema.VERSION
    assert progress.summary(V2_LEARNER, data_dir=tmp_path) == V2_SUMMARY
    assert progress.position(V2_LEARNER, data_dir=tmp_path) == (
        "doubles-stay-in-the-line", "spinner")
    rounds = progress.round_history(V2_LEARNER, data_dir=tmp_path)
    assert [(r.family, r.accuracy, r.mean_loss, r.decisions) for r in rounds] == [
        ("block", 82.5, 0.5, 6), ("block", 55.0, 2.25, 5)]  # the unreviewed duel is left out
    # The drill's table works beside the old rows, and the old tables go on.
    record = progress.record_drill_run(V2_LEARNER, "run-1", 60, 14, 12, data_dir=tmp_path)
    assert record == progress.DrillRecord(runs=1, best=12.0, last=12.0)
    progress.record_round(V2_LEARNER, "duel", False, round_id="t2:2", data_dir=tmp_path)
    assert progress.games(V2_LEARNER, data_dir=tmp_path)["duel"].rounds == 2


def test_a_sqlite_database_made_before_versions_gets_the_drill_too(tmp_path: Path) -> None:
    shutil.copy(V1_FILE, tmp_path / progress.DB_NAME)
    assert progress.summary(V1_LEARNER, data_dir=tmp_path) == V1_SUMMARY
    assert progress.record_drill_run(V1_LEARNER, "r", 30, 5, 4, data_dir=tmp_path).best == 8.0
    assert progress.summary(V1_LEARNER, data_dir=tmp_path).quiz == V1_SUMMARY.quiz


def test_a_postgresql_database_made_by_todays_code_keeps_every_row(postgres_url: str) -> None:
    import psycopg
    url = fresh_postgres(postgres_url, "made_by_v2")
    with psycopg.connect(url, autocommit=True) as conn:
        make_version(conn, 2, "DOUBLE PRECISION")
        conn.execute("INSERT INTO learners (id, created) VALUES (%s, 1.0)", (V2_LEARNER,))
        conn.execute("INSERT INTO steps VALUES (%s, 'matching-ends', 'one-tile', 3, 1, 1.0)",
                     (V2_LEARNER,))
        conn.execute("INSERT INTO quiz VALUES (%s, 4, 3, 1, 2)", (V2_LEARNER,))
        conn.execute("INSERT INTO games VALUES (%s, 'block', 1, 1, 0, 0, 0)", (V2_LEARNER,))
        conn.execute("INSERT INTO round_log VALUES (%s, 't:1', 'block', 5.0, 1, 0, 4, 3, 1, 0, "
                     "0, 0, 0.25, 90.0, 1.0, 6.0)", (V2_LEARNER,))
    try:
        assert progress.summary(V2_LEARNER, data_dir=url) == progress.Summary(
            steps={("matching-ends", "one-tile"): 3},
            quiz=progress.QuizRecord(answered=4, right=3, streak=1, best_streak=2),
            games={"block": progress.GameRecord(rounds=1, rounds_won=1)},
            recent=progress.Recent(rounds=1, accuracy=90.0, mean_loss=0.25))
        with progress.connect(url) as conn:
            assert _schema.version(conn) == _schema.VERSION
        assert progress.record_drill_run(V2_LEARNER, "r", 60, 3, 3, data_dir=url).runs == 1
        assert [r.accuracy for r in progress.round_history(V2_LEARNER, data_dir=url)] == [90.0]
    finally:
        _postgres.close_all()


def test_a_drill_run_is_kept_once_and_the_best_is_the_highest(where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert progress.drill_record(lid, data_dir=where) == progress.DrillRecord()
    progress.record_drill_run(lid, "a", 60, 10, 9, played=100.0, data_dir=where)
    for _ in range(2):  # the same run again (a rerun of the page) counts once
        progress.record_drill_run(lid, "b", 60, 15, 14, played=200.0, data_dir=where)
    record = progress.record_drill_run(lid, "c", 45, 8, 6, played=300.0, data_dir=where)
    assert record == progress.DrillRecord(runs=3, best=14.0, last=8.0)
    runs = progress.drill_runs(lid, data_dir=where)
    assert [(r.played, r.right, r.answered, r.per_minute) for r in runs] == [
        (100.0, 9, 10, 9.0), (200.0, 14, 15, 14.0), (300.0, 6, 8, 8.0)]
    assert [r.played for r in progress.drill_runs(lid, 2, data_dir=where)] == [200.0, 300.0]
    assert progress.summary(lid, data_dir=where).drill == record
    with pytest.raises(ValueError):
        progress.record_drill_run(lid, "d", 0, 1, 1, data_dir=where)
    with pytest.raises(ValueError):
        progress.record_drill_run(lid, "e", 60, 1, 2, data_dir=where)


def test_round_history_is_the_reviewed_rounds_oldest_first(where: str | Path) -> None:
    lid = progress.new_learner_id()
    figures = [("block", 60.0, 1.5), ("gaple", 75.0, 0.8), ("block", 90.0, 0.2)]
    for n, (family, accuracy, loss) in enumerate(figures):
        progress.record_round(lid, family, True, round_id=f"r{n}", data_dir=where)
        progress.record_figures(lid, f"r{n}", progress.RoundFigures(
            decisions=4 + n, best=3, good=1, inaccuracies=0, mistakes=0, blunders=0,
            mean_loss=loss, accuracy=accuracy, worth=0.0, result=1.0), data_dir=where)
    progress.record_round(lid, "duel", True, round_id="unreviewed", data_dir=where)
    history = progress.round_history(lid, data_dir=where)
    assert [(p.family, p.accuracy, p.mean_loss, p.decisions) for p in history] == [
        ("block", 60.0, 1.5, 4), ("gaple", 75.0, 0.8, 5), ("block", 90.0, 0.2, 6)]
    assert history[0].played <= history[1].played <= history[2].played
    assert progress.round_history(progress.new_learner_id(), data_dir=where) == []
