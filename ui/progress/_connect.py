"""The store's one way in: a connection to the progress database, SQLite or PostgreSQL.

Re-exported by :mod:`ui.progress` (use them from there); the package's other modules take
their connections here too.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import _postgres, _sqlite
from ._sqlite import DB_NAME


class ProgressError(RuntimeError):
    """The progress database cannot be used (unreadable, read-only, unreachable...)."""


def data_dir() -> Path:
    """Where the SQLite database lives: ``$DOMINO_DATA_DIR`` or ``data``."""
    return Path(os.environ.get("DOMINO_DATA_DIR", "data"))


_default_folder = data_dir


def database_url() -> str | None:
    """``$DOMINO_DATABASE_URL`` when it names a PostgreSQL database."""
    url = os.environ.get("DOMINO_DATABASE_URL", "").strip()
    return url if _postgres.is_url(url) else None


def db_path(base: str | Path | None = None) -> Path:
    return Path(base if base is not None else data_dir()) / DB_NAME


@contextmanager
def connect(data_dir: str | Path | None = None) -> Iterator[Any]:
    """A connection with the schema in place; commits on success.

    ``data_dir``: a folder, a ``postgresql://`` URL, or None for the
    environment's choice.  Raises :class:`ProgressError` when the database
    cannot be reached, made or written."""
    where = data_dir if data_dir is not None else (database_url() or _default_folder())
    if _postgres.is_url(where):
        url = str(where)
        try:
            errors = _postgres.errors()
        except ImportError as e:
            raise ProgressError(f"PostgreSQL needs psycopg: {e}") from e
        try:
            with _postgres.connect(url) as conn:
                yield conn
        except errors as e:
            raise ProgressError(f"PostgreSQL: {e}") from e
        return
    folder = Path(where)
    try:
        with _sqlite.connect(folder) as conn:
            yield conn
    except _sqlite.ERRORS as e:
        raise ProgressError(f"{folder / DB_NAME}: {e}") from e
