"""The PostgreSQL backend, used when ``$DOMINO_DATABASE_URL`` is a
``postgresql://`` URL: psycopg 3 with one connection pool per URL and process.

The tables are the SQLite ones (:mod:`ui.progress._schema`, ``DOUBLE PRECISION``
times) and are made or brought up to date on first use, inside a transaction holding an
advisory lock, so replicas starting together do not trip over each other's migrations.
psycopg is imported only when a URL asks for it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from . import _schema

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
        _schema.migrate(conn, "DOUBLE PRECISION")


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
