"""Try it in a real browser: a scenario played by clicking tiles, undo, hidden hands, a bad link.

Waits on the app (texts, the script state), never on time.
"""

from __future__ import annotations

import pytest
from browser_support import settle, tile
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_play_undo_and_hide_on_the_table(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/try_it?scenario=e1-one-tile-loss")
    settle(page)
    expect(page.get_by_text("Scenario: E1: a loss with one tile")).to_be_visible(timeout=20_000)
    expect(tile(page, "2-3")).to_be_enabled(timeout=20_000)
    tile(page, "2-3").click()  # only the 3 end fits: one click
    expect(page.get_by_text("White plays [2|3] on the right end.")).to_be_visible(
        timeout=10_000)
    settle(page)
    expect(tile(page, "2-2")).to_be_enabled(timeout=10_000)  # Black to move now
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.get_by_text("White plays [2|3] on the right end.")).to_have_count(0,
                                                                           timeout=10_000)
    settle(page)
    expect(tile(page, "2-3")).to_be_enabled()

    page.get_by_text("Show only the seat to move").click()
    expect(page.get_by_text("What White knows: Black holds 3 tiles · the stock has 14 tiles."
                            )).to_be_visible(timeout=10_000)
    expect(page.locator(".others svg .face-down")).to_have_count(3)
    assert not errors, errors


def test_a_bad_link_gives_a_notice_and_a_table(page: Page) -> None:
    page.goto("/try_it?rules=chess&seed=abc")
    settle(page)
    expect(page.get_by_text("There is no rule family “chess” here")).to_be_visible(
        timeout=20_000)
    expect(page.get_by_text("“abc” is not a seed")).to_be_visible()
    expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=20_000)
    assert "rules=block" in page.url
