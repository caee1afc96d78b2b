"""The PostgreSQL backend, used when ``$DOMINO_DATABASE_URL`` is a
``postgresql://`` URL: psycopg 3 with one connection pool per URL and process.

The tables are the SQLite ones (``DOUBLE PRECISION`` times) and are created on
first use, inside a transaction holding an advisory lock, so replicas starting
together do not trip over each other's ``CREATE TABLE IF NOT EXISTS``.
psycopg is imported only when a URL asks for it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

SCHEMA = (
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
#: Any fixed number; every replica takes the same advisory lock to create the tables.
LOCK_KEY = 0x646F6D696E6F  # "domino"
POOL_MAX = 10
TIMEOUT = 5.0

_pools: dict[str, Any] = {}
_lock = threading.Lock()


def is_url(value: object) -> bool:
    return isinstance(value, str) and value.startswith(("postgresql://", "postgres://"))


def errors() -> tuple[type[BaseException], ...]:
    import psycopg
    import psycopg_pool
    return (psycopg.Error, psycopg_pool.PoolTimeout, psycopg_pool.PoolClosed)


def _create(conn: Any) -> None:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        for statement in SCHEMA:
            conn.execute(statement)


def _pool(url: str) -> Any:
    with _lock:
        pool = _pools.get(url)
        if pool is None:
            import psycopg
            from psycopg_pool import ConnectionPool

            # The tables are made on one plain connection first: a server that is down or
            # refuses is reported at once, not after the pool's wait, and leaves no pool
            # retrying in the background.
            with psycopg.connect(url, autocommit=True) as conn:
                _create(conn)
            pool = ConnectionPool(url, min_size=1, max_size=POOL_MAX, timeout=TIMEOUT,
                                  open=False, name="progress")
            pool.open(wait=False)
            _pools[url] = pool
        return pool


def close_all() -> None:
    """Close every pool (tests, and a clean shutdown)."""
    with _lock:
        for pool in _pools.values():
            pool.close()
        _pools.clear()


class _Connection:
    """Just enough of sqlite3's connection: ``execute`` with ``?`` placeholders."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[object] = ()) -> Any:
        return self._conn.execute(sql.replace("?", "%s"), tuple(params))


@contextmanager
def connect(url: str) -> Iterator[_Connection]:
    """A pooled connection in a transaction, committed on success."""
    with _pool(url).connection() as conn:
        yield _Connection(conn)
