"""The progress store's tables, written once for both databases, and their migrations.

Each migration is a version number and the statements that bring a database of the version
before up to it; ``{real}`` stands for the dialect's floating-point type (SQLite's ``REAL``,
PostgreSQL's ``DOUBLE PRECISION``).  The version a database is at lives in its
``schema_version`` table.  A database made before versions were recorded has none: it is at
version 1 (its tables are exactly version 1's, and version 1's statements leave existing
tables alone), so it is brought up to date like any other and keeps every row.
"""

from __future__ import annotations

from typing import Any, Final

MIGRATIONS: Final[tuple[tuple[int, tuple[str, ...]], ...]] = (
    (1, (
        """CREATE TABLE IF NOT EXISTS learners (
            id TEXT PRIMARY KEY,
            created {real} NOT NULL,
            last_lesson TEXT,
            last_step TEXT,
            seen {real}
        )""",
        """CREATE TABLE IF NOT EXISTS steps (
            learner TEXT NOT NULL,
            lesson TEXT NOT NULL,
            step TEXT NOT NULL,
            stars INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 1,
            done {real} NOT NULL,
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
    )),
    # Every round played against the computer, once (its id is the key), and the review's
    # figures for it once they have been worked out (NULL until then).
    (2, (
        """CREATE TABLE IF NOT EXISTS round_log (
            learner TEXT NOT NULL,
            round_id TEXT NOT NULL,
            family TEXT NOT NULL,
            played {real} NOT NULL,
            won INTEGER NOT NULL,
            hints INTEGER NOT NULL DEFAULT 0,
            decisions INTEGER,
            best INTEGER,
            good INTEGER,
            inaccuracies INTEGER,
            mistakes INTEGER,
            blunders INTEGER,
            mean_loss {real},
            accuracy {real},
            worth {real},
            result {real},
            PRIMARY KEY (learner, round_id)
        )""",
        "CREATE INDEX IF NOT EXISTS round_log_recent ON round_log (learner, played)",
    )),
    # Every run of the counting drill, once (its id is the key): when it ended, how long it
    # ran, the questions answered and answered right, and its score (right answers a minute).
    (3, (
        """CREATE TABLE IF NOT EXISTS drill_runs (
            learner TEXT NOT NULL,
            run_id TEXT NOT NULL,
            played {real} NOT NULL,
            seconds {real} NOT NULL,
            answered INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            per_minute {real} NOT NULL,
            PRIMARY KEY (learner, run_id)
        )""",
        "CREATE INDEX IF NOT EXISTS drill_runs_recent ON drill_runs (learner, played)",
    )),
    # Each decision of a reviewed round of Play where the learner had a real choice, once
    # (kept with the round's figures): the position as they saw it (a seat's-view code) and
    # whole (every hand), the move played, the best moves (a JSON list), the expected score
    # of each and of every legal move (JSON: [move, expected, grade]), the loss and the
    # grade, whether the appraisal was exact, and when.
    (4, (
        """CREATE TABLE IF NOT EXISTS decisions (
            learner TEXT NOT NULL,
            round_id TEXT NOT NULL,
            number INTEGER NOT NULL,
            family TEXT NOT NULL,
            seen TEXT NOT NULL,
            position TEXT NOT NULL,
            played TEXT NOT NULL,
            best TEXT NOT NULL,
            played_expected {real} NOT NULL,
            best_expected {real} NOT NULL,
            loss {real} NOT NULL,
            grade TEXT NOT NULL,
            exact INTEGER NOT NULL,
            moves TEXT NOT NULL,
            decided {real} NOT NULL,
            PRIMARY KEY (learner, round_id, number)
        )""",
        "CREATE INDEX IF NOT EXISTS decisions_by_grade ON decisions (learner, grade, decided)",
    )),
    # Puzzles: each learner's puzzle rating and each bank puzzle's (Glicko-2), every attempt
    # once (its id is the key) with the rating it moved, and the cards of the learner's own
    # puzzles (FSRS, as the fsrs package writes a card), one per decision of a reviewed round.
    # The decisions themselves are version 4's table.
    (5, (
        """CREATE TABLE IF NOT EXISTS puzzle_learners (
            learner TEXT PRIMARY KEY,
            rating {real} NOT NULL,
            deviation {real} NOT NULL,
            volatility {real} NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            updated {real} NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS puzzle_ratings (
            puzzle TEXT PRIMARY KEY,
            rating {real} NOT NULL,
            deviation {real} NOT NULL,
            volatility {real} NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE IF NOT EXISTS puzzle_attempts (
            learner TEXT NOT NULL,
            attempt TEXT NOT NULL,
            puzzle TEXT NOT NULL,
            kind TEXT NOT NULL,
            family TEXT NOT NULL,
            themes TEXT NOT NULL,
            played {real} NOT NULL,
            solved INTEGER NOT NULL,
            answer TEXT NOT NULL,
            loss {real} NOT NULL,
            rating_before {real},
            rating_after {real},
            PRIMARY KEY (learner, attempt)
        )""",
        "CREATE INDEX IF NOT EXISTS puzzle_attempts_recent ON puzzle_attempts (learner, played)",
        """CREATE TABLE IF NOT EXISTS own_puzzles (
            learner TEXT NOT NULL,
            card TEXT NOT NULL,
            mistake INTEGER NOT NULL,
            card_state TEXT NOT NULL,
            due {real} NOT NULL,
            reviews INTEGER NOT NULL DEFAULT 0,
            added {real} NOT NULL,
            PRIMARY KEY (learner, card)
        )""",
        "CREATE INDEX IF NOT EXISTS own_puzzles_due ON own_puzzles (learner, due)",
    )),
    # Play's match in progress, kept as it is played so that it survives a reload, a closed
    # tab, a restart and another replica: the match (its address: rules, seed, level, seat;
    # abandoned or not), each round's deal as dealt (a position code, every hand and the
    # stock), and each move once, keyed by its ply (its round code token), and the plies where
    # the learner took a hint.  And the reviews
    # of finished rounds not yet kept (the finished round's code and what the review needs,
    # JSON), with which server process is working one out and since when (its lease).
    (6, (
        """CREATE TABLE IF NOT EXISTS play_matches (
            learner TEXT NOT NULL,
            match_id TEXT NOT NULL,
            params TEXT NOT NULL,
            started {real} NOT NULL,
            abandoned {real},
            PRIMARY KEY (learner, match_id)
        )""",
        "CREATE INDEX IF NOT EXISTS play_matches_latest ON play_matches (learner, started)",
        """CREATE TABLE IF NOT EXISTS play_deals (
            match_id TEXT NOT NULL,
            round_no INTEGER NOT NULL,
            deal TEXT NOT NULL,
            dealt {real} NOT NULL,
            PRIMARY KEY (match_id, round_no)
        )""",
        """CREATE TABLE IF NOT EXISTS play_moves (
            match_id TEXT NOT NULL,
            round_no INTEGER NOT NULL,
            ply INTEGER NOT NULL,
            move TEXT NOT NULL,
            played {real} NOT NULL,
            PRIMARY KEY (match_id, round_no, ply)
        )""",
        """CREATE TABLE IF NOT EXISTS play_hints (
            match_id TEXT NOT NULL,
            round_no INTEGER NOT NULL,
            ply INTEGER NOT NULL,
            PRIMARY KEY (match_id, round_no, ply)
        )""",
        """CREATE TABLE IF NOT EXISTS pending_reviews (
            learner TEXT NOT NULL,
            round_id TEXT NOT NULL,
            job TEXT NOT NULL,
            created {real} NOT NULL,
            claimed_by TEXT,
            claimed_at {real},
            PRIMARY KEY (learner, round_id)
        )""",
    )),
    # Each answer of a round's review as it came (an appraisal or the solver's verdict of one
    # decision, by its move number, or what the hand was worth; JSON), kept once: a review
    # still pending goes on from them and a kept review is drawn from them, never worked out
    # again.
    (7, (
        """CREATE TABLE IF NOT EXISTS review_answers (
            learner TEXT NOT NULL,
            round_id TEXT NOT NULL,
            part TEXT NOT NULL,
            answer TEXT NOT NULL,
            kept {real} NOT NULL,
            PRIMARY KEY (learner, round_id, part)
        )""",
    )),
    # Play's tutor mode kept with the match: on or off as the learner last chose it for the
    # match, and the move it holds back while it looks or has stopped it (round, ply, move).
    (8, (
        """CREATE TABLE IF NOT EXISTS play_tutor (
            match_id TEXT PRIMARY KEY,
            tutor INTEGER NOT NULL,
            held_round INTEGER,
            held_ply INTEGER,
            held_move TEXT,
            changed {real} NOT NULL
        )""",
    )),
    # Play with friends (issue 51): a table people play at from their own browsers, its
    # public id, the sha256 of its host's token, its setting (JSON), who set it (for the
    # rate limit), when it started and ended and why, and its version (one more at every
    # change the others must see) with the time of the last one (for expiry); each seat, a
    # person (the sha256 of its link's token, the name and learner of whoever took it, when,
    # and when last heard from; given to the computer or not) or the computer, with its level;
    # each round's deal and each move once, keyed by its ply; what happened, by version.
    (9, (
        """CREATE TABLE IF NOT EXISTS friend_tables (
            table_id TEXT PRIMARY KEY,
            host_hash TEXT NOT NULL,
            params TEXT NOT NULL,
            creator TEXT NOT NULL,
            created {real} NOT NULL,
            started {real},
            version INTEGER NOT NULL,
            moved {real} NOT NULL,
            ended {real},
            end_reason TEXT
        )""",
        "CREATE INDEX IF NOT EXISTS friend_tables_creator ON friend_tables (creator, created)",
        "CREATE INDEX IF NOT EXISTS friend_tables_idle ON friend_tables (ended, moved)",
        """CREATE TABLE IF NOT EXISTS friend_seats (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            token_hash TEXT,
            name TEXT,
            learner TEXT,
            joined {real},
            seen {real},
            computer INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX IF NOT EXISTS friend_seats_learner ON friend_seats (learner)",
        """CREATE TABLE IF NOT EXISTS friend_deals (
            table_id TEXT NOT NULL,
            round_no INTEGER NOT NULL,
            deal TEXT NOT NULL,
            dealt {real} NOT NULL,
            PRIMARY KEY (table_id, round_no)
        )""",
        """CREATE TABLE IF NOT EXISTS friend_moves (
            table_id TEXT NOT NULL,
            round_no INTEGER NOT NULL,
            ply INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            move TEXT NOT NULL,
            played {real} NOT NULL,
            PRIMARY KEY (table_id, round_no, ply)
        )""",
        """CREATE TABLE IF NOT EXISTS friend_events (
            table_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            kind TEXT NOT NULL,
            seat INTEGER,
            at {real} NOT NULL,
            PRIMARY KEY (table_id, version)
        )""",
    )),
)

#: The version this code reads and writes.
VERSION: Final[int] = MIGRATIONS[-1][0]


def version(conn: Any) -> int:
    """The version ``conn``'s database is at (0: nothing made yet, or made before versions
    were recorded: version 1's statements then find its tables there)."""
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row is not None and row[0] is not None else 0


def migrate(conn: Any, real: str) -> int:
    """Bring ``conn``'s database up to :data:`VERSION` (inside the caller's transaction and
    lock); the version it was at before."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    before = version(conn)
    for number, statements in MIGRATIONS:
        if number > before:
            for statement in statements:
                conn.execute(statement.format(real=real))
    if before < VERSION:
        conn.execute("DELETE FROM schema_version")
        conn.execute(f"INSERT INTO schema_version (version) VALUES ({VERSION:d})")
    return before
