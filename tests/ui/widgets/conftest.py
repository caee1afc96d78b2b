"""The widgets' tests' own fixture: the review's background worker held back by the test
(test_ui_play_rounds' ``Workers``), to watch a round's review fill in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_ui_play_rounds import Workers

from ui import thinking


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Workers]:
    """The review's background worker held back by the test."""
    workers = Workers()
    monkeypatch.setattr(thinking, "submit_later", workers.submit)
    yield workers
