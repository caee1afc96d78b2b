"""Play's match in progress in the store (schema version 6), on SQLite and PostgreSQL: a move
recorded twice is kept once, a deal once, only into the learner's own match; the latest match
read back round by round; pending reviews claimed, renewed, taken over once stale, and gone
once kept.  A database made by the previous code (version 5) is brought up to date and keeps
every row."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from test_ui_progress_schema import _fill, filled_postgres, fresh_postgres, make_version

from ui import progress
from ui.progress import _postgres, _schema

FIGURES = progress.RoundFigures(decisions=2, best=1, good=1, inaccuracies=0, mistakes=0,
                                blunders=0, mean_loss=0.2, accuracy=90.0, worth=0.5,
                                result=1.0)
MATCH_TABLES = ("play_matches", "play_deals", "play_moves", "play_hints", "pending_reviews")


def learner(where: str | Path) -> str:
    lid = progress.new_learner_id()
    progress.register(lid, data_dir=where)
    return lid


def test_a_move_recorded_twice_is_kept_once(where: str | Path) -> None:
    lid = learner(where)
    assert progress.open_match(lid, "m-twice", {"rules": "duel", "seed": "8"}, data_dir=where)
    assert not progress.open_match(lid, "m-twice", {"rules": "duel", "seed": "9"},
                                   data_dir=where)  # the first stays
    assert progress.record_deal(lid, "m-twice", 1, "d2/0011.2233/-/*24/0", data_dir=where)
    assert not progress.record_deal(lid, "m-twice", 1, "d2/4455.6666/-/*24/0", data_dir=where)
    assert progress.record_move(lid, "m-twice", 1, 0, "11", data_dir=where)
    assert progress.record_move(lid, "m-twice", 1, 0, "11", data_dir=where)  # again: kept once
    assert not progress.record_move(lid, "m-twice", 1, 0, "R12", data_dir=where)  # not another
    assert progress.record_move(lid, "m-twice", 1, 1, "p", data_dir=where)
    for _ in range(2):
        progress.record_hint(lid, "m-twice", 1, 1, data_dir=where)  # a hint, once
    saved = progress.latest_match(lid, data_dir=where)
    assert saved is not None and saved.params == {"rules": "duel", "seed": "8"}
    assert saved.rounds == (progress.SavedRound(1, "d2/0011.2233/-/*24/0", ("11", "p"),
                                                frozenset({1})),)
    assert saved.rounds[0].code == "d2/0011.2233/-/*24/0/m11p"
    with progress.connect(where) as conn:
        assert conn.execute("SELECT count(*) FROM play_moves WHERE match_id = 'm-twice'"
                            ).fetchone()[0] == 2


def test_only_the_learner_writes_into_their_match(where: str | Path) -> None:
    lid, other = learner(where), learner(where)
    progress.open_match(lid, "m-own", {"rules": "duel"}, data_dir=where)
    assert not progress.record_deal(other, "m-own", 1, "x", data_dir=where)
    assert not progress.record_move(other, "m-own", 1, 0, "p", data_dir=where)
    assert progress.latest_match(other, data_dir=where) is None
    saved = progress.latest_match(lid, data_dir=where)
    assert saved is not None and saved.rounds == ()


def test_the_latest_match_and_its_rounds_in_order(where: str | Path) -> None:
    lid = learner(where)
    progress.open_match(lid, "m-old", {"seed": "1"}, data_dir=where)
    progress.open_match(lid, "m-new", {"seed": "2"}, data_dir=where)
    for n in (2, 1):
        progress.record_deal(lid, "m-new", n, f"deal{n}", data_dir=where)
    for ply, token in ((2, "c"), (0, "a"), (1, "b")):  # written in any order, read in order
        progress.record_move(lid, "m-new", 2, ply, token, data_dir=where)
    progress.record_move(lid, "m-new", 1, 1, "gap", data_dir=where)  # ply 0 missing: not read
    saved = progress.latest_match(lid, data_dir=where)
    assert saved is not None and saved.match_id == "m-new" and not saved.abandoned
    assert saved.rounds == (progress.SavedRound(1, "deal1", ()),
                            progress.SavedRound(2, "deal2", ("a", "b", "c")))
    progress.abandon_match(lid, "m-new", data_dir=where)
    saved = progress.latest_match(lid, data_dir=where)
    assert saved is not None and saved.abandoned


def test_a_pending_review_is_claimed_once_and_gone_once_kept(where: str | Path) -> None:
    lid = learner(where)
    progress.record_round(lid, "duel", True, round_id="m:1", data_dir=where)
    assert progress.add_pending(lid, "m:1", {"round": "r", "seat": 0}, "p1", data_dir=where)
    assert not progress.add_pending(lid, "m:1", {"round": "r", "seat": 0}, "p2",
                                    data_dir=where)
    [(pending, claimer, _)] = progress.pending_reviews(lid, data_dir=where)
    assert pending == progress.PendingReview("m:1", {"round": "r", "seat": 0})
    assert claimer == "p1"
    assert not progress.claim(lid, "m:1", "p2", 3600, data_dir=where)  # p1's claim is fresh
    assert progress.claim(lid, "m:1", "p1", 3600, data_dir=where)  # its own
    progress.touch(lid, "m:1", "p1", data_dir=where)
    assert progress.claim(lid, "m:1", "p2", -1, data_dir=where)  # p1 not heard of: stale
    assert progress.pending_reviews(lid, data_dir=where)[0][1] == "p2"
    assert progress.record_review(lid, "m:1", FIGURES, [], data_dir=where)
    assert progress.pending_reviews(lid, data_dir=where) == []
    assert not progress.record_review(lid, "m:1", FIGURES, [], data_dir=where)  # once
    progress.add_pending(lid, "m:2", {}, "p1", data_dir=where)
    progress.give_up_review(lid, "m:2", data_dir=where)
    assert progress.pending_reviews(lid, data_dir=where) == []


# -- a database made by the previous code (version 5) --------------------------------------


def _before_matches() -> int:
    [number] = [n for n, statements in _schema.MIGRATIONS
                if any("play_moves" in s for s in statements)]
    return max(n for n, _ in _schema.MIGRATIONS if n < number)


def _kept_and_new(url_or_dir: str | Path, rows: dict[str, list[tuple[object, ...]]],
                  mark: str) -> None:
    """Every old row as it was; the new tables there and working beside them."""
    with progress.connect(url_or_dir) as conn:
        assert _schema.version(conn) == _schema.VERSION
        for table, kept in rows.items():
            assert sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) == kept, table
        for table in MATCH_TABLES:
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
    lid = learner(url_or_dir)
    assert progress.open_match(lid, "m-after", {"seed": "3"}, data_dir=url_or_dir)
    assert progress.record_move(lid, "m-after", 1, 0, "p", data_dir=url_or_dir)
    assert progress.summary(mark, data_dir=url_or_dir).steps  # the old rows read back
    assert progress.latest_match(mark, data_dir=url_or_dir) is None


def test_a_sqlite_database_from_before_the_kept_matches_keeps_every_row(tmp_path: Path) -> None:
    before = _before_matches()
    mark = "learner-made-by-v5"
    with sqlite3.connect(tmp_path / progress.DB_NAME) as conn:
        make_version(conn, before, "REAL")
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'schema_version'")]
        assert not set(MATCH_TABLES) & set(tables)
        columns = {t: [(r[1], r[2]) for r in conn.execute(f"PRAGMA table_info({t})")]
                   for t in tables}
        _fill(conn, columns, mark)
        rows = {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in tables}
    assert all(rows.values())
    _kept_and_new(tmp_path, rows, mark)


def test_a_postgresql_database_from_before_the_kept_matches_keeps_every_row(
        postgres_url: str) -> None:
    before = _before_matches()
    mark = "learner-made-by-v5"
    url = fresh_postgres(postgres_url, "before_matches")
    rows = filled_postgres(url, before, mark)
    try:
        assert all(rows.values())
        _kept_and_new(url, rows, mark)
    finally:
        _postgres.close_all()

