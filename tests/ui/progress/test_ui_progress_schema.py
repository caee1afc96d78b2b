"""The progress store's schema: versions and migrations, each round once, the review's figures.

A database made by the code before schema versions (``tests/data/progress/v1.sqlite3``, made
by that code with one learner's steps, position, quiz answers and Play rounds; and, for
PostgreSQL, the tables exactly as that code made them) is brought up to date on first use and
keeps every row; so does a database at version 8 given version 9's tables (Play with friends).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from ui import progress
from ui.progress import _postgres, _schema

V1_FILE = Path(__file__).resolve().parents[2] / "data" / "progress" / "v1.sqlite3"
V1_LEARNER = "learner-made-by-v1"

# The PostgreSQL tables as the code before schema versions made them, word for word.
V1_POSTGRES = (
    """CREATE TABLE IF NOT EXISTS learners (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        last_lesson TEXT,
        last_step TEXT,
        seen DOUBLE PRECISION
    )""",
    """CREATE TABLE IF NOT EXISTS steps (
        learner TEXT NOT NULL,
        lesson TEXT NOT NULL,
        step TEXT NOT NULL,
        stars INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 1,
        done DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (learner, lesson, step)
    )""",
    """CREATE TABLE IF NOT EXISTS quiz (
        learner TEXT PRIMARY KEY,
        answered INTEGER NOT NULL DEFAULT 0,
        correct INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        best_streak INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS games (
        learner TEXT NOT NULL,
        family TEXT NOT NULL,
        rounds INTEGER NOT NULL DEFAULT 0,
        rounds_won INTEGER NOT NULL DEFAULT 0,
        matches INTEGER NOT NULL DEFAULT 0,
        matches_won INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (learner, family)
    )""",
)

V1_SUMMARY = progress.Summary(
    steps={("doubles-stay-in-the-line", "spinner"): 2, ("matching-ends", "one-tile"): 3},
    quiz=progress.QuizRecord(answered=4, right=3, streak=1, best_streak=2),
    games={"block": progress.GameRecord(rounds=2, rounds_won=1, matches=1, matches_won=1,
                                        hints=2),
           "gaple": progress.GameRecord(rounds=1, rounds_won=0, matches=0, matches_won=0,
                                        hints=1)},
)


def fresh_postgres(postgres_url: str, name: str) -> str:
    """A new, empty database ``name`` in the test cluster (dropped first if an earlier run
    left it): its URL."""
    import psycopg
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return postgres_url.replace("/postgres?", f"/{name}?")


def make_version(conn: Any, version: int, real: str) -> None:
    """The tables as the code at schema ``version`` made them: every migration up to it,
    with ``real`` for a floating-point column, and the version recorded."""
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for number, statements in _schema.MIGRATIONS:
        if number <= version:
            for statement in statements:
                conn.execute(statement.format(real=real))
    conn.execute(f"INSERT INTO schema_version VALUES ({version:d})")


def figures(accuracy: float, loss: float) -> progress.RoundFigures:
    return progress.RoundFigures(decisions=5, best=3, good=1, inaccuracies=1, mistakes=0,
                                 blunders=0, mean_loss=loss, accuracy=accuracy, worth=-2.5,
                                 result=4.0)


def test_a_sqlite_database_made_before_versions_keeps_every_row(tmp_path: Path) -> None:
    shutil.copy(V1_FILE, tmp_path / progress.DB_NAME)
    assert progress.summary(V1_LEARNER, data_dir=tmp_path) == V1_SUMMARY
    assert progress.position(V1_LEARNER, data_dir=tmp_path) == (
        "doubles-stay-in-the-line", "spinner")
    with progress.connect(tmp_path) as conn:
        assert _schema.version(conn) == _schema.VERSION
    # The new table works beside the old rows.
    progress.record_round(V1_LEARNER, "block", True, round_id="after-upgrade", data_dir=tmp_path)
    assert progress.games(V1_LEARNER, data_dir=tmp_path)["block"].rounds == 3


def test_a_postgresql_database_made_before_versions_keeps_every_row(postgres_url: str) -> None:
    import psycopg
    url = fresh_postgres(postgres_url, "made_by_v1")
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in V1_POSTGRES:
            conn.execute(statement)
        conn.execute("INSERT INTO learners (id, created, last_lesson, last_step) "
                     "VALUES (%s, 1.0, 'doubles-stay-in-the-line', 'spinner')", (V1_LEARNER,))
        conn.execute("INSERT INTO steps VALUES (%s, 'matching-ends', 'one-tile', 3, 1, 1.0), "
                     "(%s, 'doubles-stay-in-the-line', 'spinner', 2, 1, 2.0)",
                     (V1_LEARNER, V1_LEARNER))
        conn.execute("INSERT INTO quiz VALUES (%s, 4, 3, 1, 2)", (V1_LEARNER,))
        conn.execute("INSERT INTO games VALUES (%s, 'block', 2, 1, 1, 1, 2), "
                     "(%s, 'gaple', 1, 0, 0, 0, 1)", (V1_LEARNER, V1_LEARNER))
    try:
        assert progress.summary(V1_LEARNER, data_dir=url) == V1_SUMMARY
        with progress.connect(url) as conn:
            assert _schema.version(conn) == _schema.VERSION
        progress.record_round(V1_LEARNER, "gaple", True, round_id="r1", data_dir=url)
        assert progress.games(V1_LEARNER, data_dir=url)["gaple"].rounds_won == 1
    finally:
        _postgres.close_all()


def test_a_new_database_is_at_the_latest_version(where: str | Path) -> None:
    with progress.connect(where) as conn:
        assert _schema.version(conn) == _schema.VERSION
        assert _schema.migrate(conn, "REAL") == _schema.VERSION  # nothing left to do


def test_a_round_is_counted_once_however_often_it_is_recorded(where: str | Path) -> None:
    lid = progress.new_learner_id()
    for _ in range(3):
        progress.record_round(lid, "duel", True, 1, round_id="table-1:1", data_dir=where)
    progress.record_round(lid, "duel", False, 0, round_id="table-1:2", data_dir=where)
    assert progress.games(lid, data_dir=where)["duel"] == progress.GameRecord(
        rounds=2, rounds_won=1, hints=1)


def test_a_rounds_figures_are_kept_once_and_summed_over_the_last_rounds(
        where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert not progress.record_figures(lid, "nowhere", figures(90, 0.1), data_dir=where)
    for n, (acc, loss) in enumerate([(50.0, 2.0), (70.0, 1.0), (90.0, 0.2)]):
        progress.record_round(lid, "block", n % 2 == 0, round_id=f"t:{n}", data_dir=where)
        assert progress.record_figures(lid, f"t:{n}", figures(acc, loss), data_dir=where)
    assert not progress.record_figures(lid, "t:0", figures(0, 9), data_dir=where)  # once
    progress.record_round(lid, "gaple", True, round_id="g:0", data_dir=where)  # no figures yet
    everything = progress.recent(lid, data_dir=where)
    assert everything.rounds == 3 and everything.accuracy == pytest.approx(70.0)
    assert everything.mean_loss == pytest.approx((2.0 + 1.0 + 0.2) / 3)
    last_two = progress.recent(lid, "block", last=2, data_dir=where)
    assert last_two.rounds == 2 and last_two.accuracy == pytest.approx(80.0)
    assert progress.recent(lid, "gaple", data_dir=where) == progress.Recent()
    assert progress.summary(lid, data_dir=where).recent == everything


# -- the puzzles' version: a database at the version before keeps every row ---------------------

PUZZLE_TABLES = ("puzzle_learners", "puzzle_ratings", "puzzle_attempts", "own_puzzles")


def _before_puzzles() -> int:
    """The version just before the puzzles' migration."""
    numbers = [n for n, statements in _schema.MIGRATIONS
               if any("puzzle_learners" in s for s in statements)]
    assert len(numbers) == 1
    return max(n for n, _ in _schema.MIGRATIONS if n < numbers[0])


def _sample(kind: str, n: int) -> object:
    kind = kind.upper()
    if "INT" in kind:
        return n
    if "REAL" in kind or "DOUBLE" in kind:
        return n + 0.5
    return f"value-{n}"


def _fill(conn: object, columns: dict[str, list[tuple[str, str]]], mark: str) -> None:
    """A row in every table, each column's value made from its type."""
    for table, cols in columns.items():
        values = [_sample(kind, i) if name != "learner" else mark
                  for i, (name, kind) in enumerate(cols)]
        holes = ", ".join("?" for _ in cols)
        conn.execute(f"INSERT INTO {table} ({', '.join(n for n, _ in cols)}) VALUES ({holes})",
                     values)  # type: ignore[attr-defined]


def filled_sqlite(folder: Path, version: int, mark: str) -> dict[str, list[Any]]:
    """The SQLite store in ``folder`` as the code of schema ``version`` made it (the
    statements of every version up to it), a row in every table (marked ``mark``): each
    table's rows, sorted."""
    import sqlite3
    with sqlite3.connect(folder / progress.DB_NAME) as conn:
        make_version(conn, version, "REAL")
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'schema_version'")]
        columns = {t: [(r[1], r[2]) for r in conn.execute(f"PRAGMA table_info({t})")]
                   for t in tables}
        _fill(conn, columns, mark)
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in tables}


def test_a_sqlite_database_from_before_the_puzzles_keeps_every_row(tmp_path: Path) -> None:
    rows = filled_sqlite(tmp_path, _before_puzzles(), V1_LEARNER)
    assert all(rows.values()) and "round_log" in rows
    lid = progress.new_learner_id()
    progress.record_attempt(lid, progress.Attempt("a", "p", "bank", "block", (), True,
                                                  "pass", 0.0), data_dir=tmp_path)
    with progress.connect(tmp_path) as conn:
        assert _schema.version(conn) == _schema.VERSION
        for table, kept in rows.items():  # every row as it was
            assert sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) == kept, table
        for table in PUZZLE_TABLES:
            conn.execute(f"SELECT count(*) FROM {table}").fetchone()
    assert progress.puzzle_rating(lid, data_dir=tmp_path).attempts == 1
    assert progress.summary(V1_LEARNER, data_dir=tmp_path).steps  # the old rows read back


def filled_postgres(url: str, version: int, mark: str) -> dict[str, list[Any]]:
    """A PostgreSQL database at ``url`` as the code of schema ``version`` made it, a row in
    every table (marked ``mark``): each table's rows, sorted."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as conn:
        make_version(conn, version, "DOUBLE PRECISION")
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_name != 'schema_version'")]
        columns = {t: [(r[0], r[1]) for r in conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_name = %s ORDER BY ordinal_position", (t,))] for t in tables}

        class Adapted:
            def execute(self, sql: str, params: object) -> None:
                conn.execute(sql.replace("?", "%s"), params)  # type: ignore[arg-type]

        _fill(Adapted(), columns, mark)
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in tables}


def test_a_postgresql_database_from_before_the_puzzles_keeps_every_row(postgres_url: str) -> None:
    before = _before_puzzles()
    url = fresh_postgres(postgres_url, "before_puzzles")
    rows = filled_postgres(url, before, V1_LEARNER)
    try:
        assert all(rows.values())
        assert progress.puzzle_rating(V1_LEARNER, data_dir=url) == progress.PuzzleRating()
        with progress.connect(url) as conn:
            assert _schema.version(conn) == _schema.VERSION
            for table, kept in rows.items():
                assert sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) == kept, table
    finally:
        _postgres.close_all()


# -- Play with friends' tables (version 9): a database at version 8 keeps every row ---------

FRIEND_TABLES = ("friend_tables", "friend_seats", "friend_deals", "friend_moves",
                 "friend_events")


def _kept_with_friend_tables(where: str | Path, rows: dict[str, list[Any]], mark: str) -> None:
    """Every row of version 8 as it was; the tables of version 9 there, empty, and working."""
    with progress.connect(where) as conn:
        assert _schema.version(conn) == _schema.VERSION >= 9
        for table, kept in rows.items():
            assert sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) == kept, table
        for table in FRIEND_TABLES:
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table
    made = progress.create_table(mark, {"rules": "block"}, [progress.SeatPlan("person")],
                                 data_dir=where)
    assert made is not None
    assert progress.take_seat(made.table_id, made.seat_tokens[0], "Ana", mark,
                              data_dir=where) == "taken"
    assert progress.tables_of(mark, data_dir=where) == [(made.table_id, 0)]
    assert progress.summary(mark, data_dir=where).steps  # the old rows read back


def test_a_sqlite_database_at_version_8_gets_the_friends_tables_and_keeps_every_row(
        tmp_path: Path) -> None:
    mark = "learner-made-by-v8"
    rows = filled_sqlite(tmp_path, 8, mark)
    assert all(rows.values()) and "play_tutor" in rows
    assert not set(FRIEND_TABLES) & set(rows)
    _kept_with_friend_tables(tmp_path, rows, mark)


def test_a_postgresql_database_at_version_8_gets_the_friends_tables_and_keeps_every_row(
        postgres_url: str) -> None:
    mark = "learner-made-by-v8"
    url = fresh_postgres(postgres_url, "at_version_8")
    rows = filled_postgres(url, 8, mark)
    try:
        assert all(rows.values()) and "play_tutor" in rows
        assert not set(FRIEND_TABLES) & set(rows)
        _kept_with_friend_tables(url, rows, mark)
    finally:
        _postgres.close_all()
