"""Progress: round trips against both backends (SQLite in a temporary folder, PostgreSQL in a
throwaway cluster), ids, broken files, concurrent creation, read-only folders."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from ui import progress
from ui.progress import _sqlite


def test_the_data_folder_is_made_on_first_use(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "data"
    lid = progress.new_learner_id()
    assert progress.register(lid, data_dir=folder) is True
    assert (folder / progress.DB_NAME).is_file()
    assert progress.register(lid, data_dir=folder) is False  # already known
    assert progress.known(lid, data_dir=folder)
    assert not progress.known(progress.new_learner_id(), data_dir=folder)


def test_data_dir_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setenv("DOMINO_DATA_DIR", str(tmp_path))
    assert progress.db_path() == tmp_path / progress.DB_NAME
    monkeypatch.delenv("DOMINO_DATA_DIR")
    assert progress.data_dir() == Path("data")


def test_steps_round_trip_keeping_the_best_stars(where: str | Path) -> None:
    lid = progress.new_learner_id()
    progress.register(lid, data_dir=where)
    assert progress.record_step(lid, "matching-ends", "one-tile", 2, data_dir=where) == 2
    assert progress.record_step(lid, "matching-ends", "one-tile", 1, data_dir=where) == 2
    assert progress.record_step(lid, "matching-ends", "one-tile", 3, data_dir=where) == 3
    assert progress.record_step(lid, "matching-ends", "read-ends", 9, data_dir=where) == 3
    assert progress.steps(lid, data_dir=where) == {
        ("matching-ends", "one-tile"): 3, ("matching-ends", "read-ends"): 3}
    other = progress.new_learner_id()
    assert progress.steps(other, data_dir=where) == {}


def test_position_round_trip(where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert progress.position(lid, data_dir=where) is None
    progress.set_position(lid, "matching-ends", "read-ends", data_dir=where)
    assert progress.position(lid, data_dir=where) == ("matching-ends", "read-ends")


def test_quiz_record_counts_streaks(where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert progress.quiz_record(lid, data_dir=where) == progress.QuizRecord()
    for right in (True, True, False, True):
        record = progress.record_answer(lid, right, data_dir=where)
    assert record == progress.QuizRecord(answered=4, right=3, streak=1, best_streak=2)
    assert progress.quiz_record(lid, data_dir=where) == record


def test_the_summary_is_the_steps_quiz_and_games_together(where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert progress.summary(lid, data_dir=where) == progress.Summary()
    progress.record_step(lid, "matching-ends", "one-tile", 2, data_dir=where)
    progress.record_answer(lid, True, data_dir=where)
    progress.record_round(lid, "gaple", won=True, hints=1, data_dir=where)
    assert progress.summary(lid, data_dir=where) == progress.Summary(
        progress.steps(lid, data_dir=where), progress.quiz_record(lid, data_dir=where),
        progress.games(lid, data_dir=where))
    assert progress.summary(lid, data_dir=where).games["gaple"].rounds_won == 1


def test_survives_a_new_connection(tmp_path: Path) -> None:
    """Each call opens its own connection: what one wrote, a later one reads."""
    lid = progress.new_learner_id()
    progress.record_step(lid, "l", "s", 2, data_dir=tmp_path)
    with sqlite3.connect(tmp_path / progress.DB_NAME) as conn:
        rows = conn.execute("SELECT learner, lesson, step, stars FROM steps").fetchall()
    assert rows == [(lid, "l", "s", 2)]


@pytest.mark.parametrize("value", ["", "short", "has space in it", "bad!chars??", "x" * 65,
                                   None, 12345678, "../../etc/passwd"])
def test_broken_ids_are_refused(value: object) -> None:
    assert not progress.valid_learner_id(value)


def test_new_ids_are_valid_and_distinct() -> None:
    ids = {progress.new_learner_id() for _ in range(50)}
    assert len(ids) == 50
    assert all(progress.valid_learner_id(i) for i in ids)


def test_register_refuses_a_broken_id(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        progress.register("no good!", data_dir=tmp_path)


def test_a_corrupt_database_is_reported_not_crashed(tmp_path: Path) -> None:
    (tmp_path / progress.DB_NAME).write_bytes(b"this is not a database" * 100)
    with pytest.raises(progress.ProgressError):
        progress.steps(progress.new_learner_id(), data_dir=tmp_path)


def test_register_and_known_on_both_backends(where: str | Path) -> None:
    lid = progress.new_learner_id()
    assert not progress.known(lid, data_dir=where)
    assert progress.register(lid, data_dir=where) is True
    assert progress.register(lid, data_dir=where) is False
    assert progress.known(lid, data_dir=where)


def test_the_environment_url_switches_to_postgresql(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path, postgres_url: str) -> None:
    monkeypatch.setenv("DOMINO_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("DOMINO_DATABASE_URL", postgres_url)
    lid = progress.new_learner_id()
    progress.record_step(lid, "l", "s", 2)
    assert progress.steps(lid, data_dir=postgres_url) == {("l", "s"): 2}
    assert not (tmp_path / progress.DB_NAME).exists()  # nothing went to SQLite
    monkeypatch.delenv("DOMINO_DATABASE_URL")
    assert progress.steps(lid) == {}  # SQLite again, as before


def test_an_unreachable_postgresql_is_reported_not_crashed(tmp_path: Path) -> None:
    url = f"postgresql://app@/postgres?host={tmp_path}&port=1&connect_timeout=1"
    with pytest.raises(progress.ProgressError):
        progress.steps(progress.new_learner_id(), data_dir=url)


def _write_in_a_fresh_folder(args: tuple[str, str, multiprocessing.synchronize.Barrier]) -> str:
    folder, learner, barrier = args
    barrier.wait()  # every process opens the brand-new folder at the same moment
    progress.register(learner, data_dir=folder)
    progress.record_step(learner, "lesson", "step", 2, data_dir=folder)
    progress.record_answer(learner, True, data_dir=folder)
    return learner


def _worker(folder: str, learner: str, barrier: multiprocessing.synchronize.Barrier,
            failures: multiprocessing.queues.Queue[str]) -> None:
    try:
        _write_in_a_fresh_folder((folder, learner, barrier))
    except progress.ProgressError as e:  # reported to the parent, which fails the test
        failures.put(f"{learner}: {e}")


def _start_together(target: object, folders_and_ids: list[tuple[str, str]]) -> list[str]:
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(len(folders_and_ids))
    failures = ctx.Queue()
    procs = [ctx.Process(target=target, args=(folder, lid, barrier, failures))
             for folder, lid in folders_and_ids]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(60)
    assert all(proc.exitcode == 0 for proc in procs)
    found = []
    while not failures.empty():
        found.append(failures.get())
    return found


@pytest.mark.parametrize("attempt", range(3))
def test_eight_processes_creating_a_new_folder_lose_no_write(tmp_path: Path,
                                                             attempt: int) -> None:
    folder = str(tmp_path / "brand-new")
    learners = [progress.new_learner_id() for _ in range(8)]
    failures = _start_together(_worker, [(folder, lid) for lid in learners])
    assert failures == []
    for lid in learners:
        assert progress.known(lid, data_dir=folder)
        assert progress.steps(lid, data_dir=folder) == {("lesson", "step"): 2}
        assert progress.quiz_record(lid, data_dir=folder).answered == 1


def test_eight_processes_creating_the_postgresql_tables_lose_no_write(postgres_url: str) -> None:
    """The tables are made by whichever replica comes first; here, a fresh schema."""
    import psycopg
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS learners, steps, quiz, games, round_log, "
                     "schema_version")
    from ui.progress import _postgres
    _postgres.close_all()  # this process would otherwise think its tables are made
    learners = [progress.new_learner_id() for _ in range(8)]
    failures = _start_together(_worker, [(postgres_url, lid) for lid in learners])
    assert failures == []
    for lid in learners:
        assert progress.steps(lid, data_dir=postgres_url) == {("lesson", "step"): 2}


def test_a_read_only_folder_still_shows_progress(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The store opens the file with ``mode=ro`` when it cannot write in the folder.

    Tests run as root, which chmod does not stop, so the store is made to believe the folder
    is read-only; what this proves is that the read-only path reads and refuses writes (the
    connection itself is ``mode=ro``: SQLite refuses the write, not a permission bit)."""
    lid = progress.new_learner_id()
    progress.record_step(lid, "l", "s", 3, data_dir=tmp_path)
    progress.set_position(lid, "l", "s", data_dir=tmp_path)
    monkeypatch.setattr(_sqlite, "writable", lambda folder: False)
    assert progress.steps(lid, data_dir=tmp_path) == {("l", "s"): 3}
    assert progress.position(lid, data_dir=tmp_path) == ("l", "s")
    with pytest.raises(progress.ProgressError, match="readonly"):
        progress.record_step(lid, "l", "t", 1, data_dir=tmp_path)
    assert progress.steps(lid, data_dir=tmp_path) == {("l", "s"): 3}


def test_a_read_only_folder_without_a_database_is_reported(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_sqlite, "writable", lambda folder: False)
    with pytest.raises(progress.ProgressError):
        progress.steps(progress.new_learner_id(), data_dir=tmp_path)
    assert not (tmp_path / progress.DB_NAME).exists()
