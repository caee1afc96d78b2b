"""Play's tutor mode kept with the match (schema version 8), on SQLite and PostgreSQL: on or
off as last chosen, the move it holds and none once it holds none, only for the learner's own
match."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from test_ui_progress_schema import make_version

from ui import progress
from ui.progress import _schema


def learner(where: str | Path) -> str:
    lid = progress.new_learner_id()
    progress.register(lid, data_dir=where)
    return lid


def test_the_tutor_is_kept_with_the_match(where: str | Path) -> None:
    lid = learner(where)
    progress.open_match(lid, "m-tutor", {"rules": "duel", "seed": "8"}, data_dir=where)
    assert progress.kept_tutor(lid, "m-tutor", data_dir=where) is None  # never set
    progress.keep_tutor(lid, "m-tutor", True, data_dir=where)
    assert progress.kept_tutor(lid, "m-tutor", data_dir=where) == progress.KeptTutor(True)
    progress.keep_held(lid, "m-tutor", (2, 5, "12L"), data_dir=where)
    assert progress.kept_tutor(lid, "m-tutor", data_dir=where) == progress.KeptTutor(
        True, (2, 5, "12L"))
    progress.keep_held(lid, "m-tutor", None, data_dir=where)
    progress.keep_tutor(lid, "m-tutor", False, data_dir=where)
    assert progress.kept_tutor(lid, "m-tutor", data_dir=where) == progress.KeptTutor(False)


def test_only_the_learners_own_match_keeps_a_tutor(where: str | Path) -> None:
    lid, other = learner(where), learner(where)
    progress.open_match(lid, "m-mine", {"rules": "duel", "seed": "8"}, data_dir=where)
    progress.keep_tutor(other, "m-mine", True, data_dir=where)
    progress.keep_held(other, "m-mine", (1, 0, "p"), data_dir=where)
    assert progress.kept_tutor(lid, "m-mine", data_dir=where) is None
    progress.keep_tutor(lid, "m-mine", True, data_dir=where)
    assert progress.kept_tutor(other, "m-mine", data_dir=where) is None


def test_a_database_of_the_version_before_gets_the_table(tmp_path: Path) -> None:
    """A store made at version 7 keeps its match and gains the tutor's table."""
    with sqlite3.connect(tmp_path / progress.DB_NAME) as conn:
        make_version(conn, 7, "REAL")
        conn.execute("INSERT INTO play_matches (learner, match_id, params, started) "
                     "VALUES ('learner-of-v7', 'm7', '{}', 1.0)")
    assert progress.kept_tutor("learner-of-v7", "m7", data_dir=tmp_path) is None
    progress.keep_tutor("learner-of-v7", "m7", True, data_dir=tmp_path)
    assert progress.kept_tutor("learner-of-v7", "m7", data_dir=tmp_path) == progress.KeptTutor(
        True)
    with progress.connect(tmp_path) as conn:
        assert _schema.version(conn) == _schema.VERSION >= 8
