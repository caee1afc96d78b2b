""""Best move here" in a real browser, on Worked examples E3 (the showcase): at Black's
choice the solver, in the server's worker processes, says [0|0] wins and [0|2] loses; the
board points at [0|0]; the next move takes the verdict away.

Everything waits on the app (texts, the script state), never on time.
"""

from __future__ import annotations

import re

import pytest
from browser_support import WAIT, settle, tile
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

HINT = re.compile(r"\bhint\b")
BEST = "Best with every hand open: Play [0|0] on the right end — Black wins."


def test_e3_best_move_here_at_blacks_choice(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/examples?example=e3-empty-hand-wins&move=1")
    settle(page)
    expect(page.get_by_text("White cannot play, and passes.")).to_be_visible(timeout=WAIT)
    expect(tile(page, "0-0")).not_to_have_class(HINT)

    ask = page.get_by_role("button", name="Best move here")
    expect(ask).to_be_enabled()
    ask.click()
    # the answer comes from a worker process: the page looks until it is in
    expect(page.get_by_text(BEST)).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Play [0|2] on the right end: White wins")).to_be_visible()
    expect(page.get_by_text("Worked out with every hand open.")).to_be_visible()
    expect(page.get_by_text("Working out the best move")).to_have_count(0)
    settle(page)
    expect(tile(page, "0-0")).to_have_class(HINT)  # the board points at it
    expect(tile(page, "0-2")).not_to_have_class(HINT)
    expect(page.locator('.v-wide [data-end="right"].hint')).to_have_count(1)  # the open 0
    expect(ask).to_be_disabled()

    page.get_by_role("button", name="Next ›", exact=True).click()  # Black plays [0|2]
    expect(page.get_by_text("Black chooses to play [0|2] on the right")).to_be_visible(
        timeout=WAIT)
    settle(page)
    expect(page.get_by_text(BEST)).to_have_count(0)
    expect(page.get_by_text("Worked out with every hand open.")).to_have_count(0)
    expect(page.locator("button.tile.hint")).to_have_count(0)
    expect(ask).to_be_enabled()
    assert not errors, errors
