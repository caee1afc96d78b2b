"""Progress in SQLite: round trips in a temporary folder, ids, broken files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ui import progress


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


def test_steps_round_trip_keeping_the_best_stars(tmp_path: Path) -> None:
    lid = progress.new_learner_id()
    progress.register(lid, data_dir=tmp_path)
    assert progress.record_step(lid, "matching-ends", "one-tile", 2, data_dir=tmp_path) == 2
    assert progress.record_step(lid, "matching-ends", "one-tile", 1, data_dir=tmp_path) == 2
    assert progress.record_step(lid, "matching-ends", "one-tile", 3, data_dir=tmp_path) == 3
    assert progress.record_step(lid, "matching-ends", "read-ends", 9, data_dir=tmp_path) == 3
    assert progress.steps(lid, data_dir=tmp_path) == {
        ("matching-ends", "one-tile"): 3, ("matching-ends", "read-ends"): 3}
    other = progress.new_learner_id()
    assert progress.steps(other, data_dir=tmp_path) == {}


def test_position_round_trip(tmp_path: Path) -> None:
    lid = progress.new_learner_id()
    assert progress.position(lid, data_dir=tmp_path) is None
    progress.set_position(lid, "matching-ends", "read-ends", data_dir=tmp_path)
    assert progress.position(lid, data_dir=tmp_path) == ("matching-ends", "read-ends")


def test_quiz_record_counts_streaks(tmp_path: Path) -> None:
    lid = progress.new_learner_id()
    assert progress.quiz_record(lid, data_dir=tmp_path) == progress.QuizRecord()
    for right in (True, True, False, True):
        record = progress.record_answer(lid, right, data_dir=tmp_path)
    assert record == progress.QuizRecord(answered=4, right=3, streak=1, best_streak=2)
    assert progress.quiz_record(lid, data_dir=tmp_path) == record


def test_reset_forgets_a_learners_work(tmp_path: Path) -> None:
    lid = progress.new_learner_id()
    progress.record_step(lid, "a", "b", 3, data_dir=tmp_path)
    progress.record_answer(lid, True, data_dir=tmp_path)
    progress.reset(lid, data_dir=tmp_path)
    assert progress.steps(lid, data_dir=tmp_path) == {}
    assert progress.quiz_record(lid, data_dir=tmp_path).answered == 0


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
