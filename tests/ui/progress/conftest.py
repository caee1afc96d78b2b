"""The progress store's tests: each runs on both databases (`where`)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where the progress store keeps progress: a fresh folder, or the test cluster's URL
    (the progress tests run on both backends)."""
    if request.param == "sqlite":
        return tmp_path
    return str(request.getfixturevalue("postgres_url"))
