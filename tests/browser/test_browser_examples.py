"""Worked examples in a real browser: Home → Worked examples → E3, and "what if?" (UX.md §6).

Everything waits on the app (texts, the script state), never on time.  The
board component lives in a shadow root; Playwright's CSS locators pierce it.
"""

from __future__ import annotations

import pytest
from browser_support import settle, tile
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

E3 = "E3: the empty hand wins at once"


def caption(page: Page) -> Locator:
    return page.locator(".caption-desc")


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def open_e3(page: Page) -> None:
    """Home → Worked examples (sidebar) → E3."""
    page.goto("/")
    settle(page)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Worked examples",
                                                 exact=True).click()
    expect(page.get_by_role("heading", name="Worked examples")).to_be_visible(timeout=20_000)
    page.get_by_role("link", name=E3, exact=True).click()
    expect(page.get_by_role("heading", name=E3)).to_be_visible(timeout=20_000)
    settle(page)
    assert "example=e3-empty-hand-wins" in page.url


def test_e3_what_if_black_plays_the_double_blank(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_e3(page)
    expect(page.get_by_text("The starting position: White is to move.")).to_be_visible()
    # every hand face up: White's [2|2] above, and the board only watches
    expect(page.locator(".others svg .face-down")).to_have_count(0)
    expect(tile(page, "2-2")).to_be_disabled()

    button(page, "Next ›").click()  # White passes: Black to move
    expect(page.get_by_text("White cannot play, and passes.")).to_be_visible(timeout=10_000)
    settle(page)
    assert "move=1" in page.url
    expect(tile(page, "0-0")).to_be_disabled()

    button(page, "Try another move").click()
    expect(page.get_by_text("You take over after move 1.")).to_be_visible(timeout=10_000)
    expect(tile(page, "0-0")).to_be_enabled()
    # [0|0] fits only the open 0 (the right end): one click lays it there
    tile(page, "0-0").click()
    expect(page.get_by_text("Black plays [0|0] on the right end.").first).to_be_visible(
        timeout=10_000)
    expect(caption(page)).to_contain_text("[0|1], [0|0].")
    settle(page)
    # White still has nothing for 1 or 0: the pass on the table
    expect(tile(page, "2-2")).to_be_enabled(timeout=10_000)
    page.locator('.controls button[data-control="pass"]').click()
    expect(page.get_by_text("White passes.").first).to_be_visible(timeout=10_000)
    settle(page)
    expect(tile(page, "0-2")).to_be_enabled(timeout=10_000)
    tile(page, "0-2").click()
    expect(page.get_by_text("Black played their last tile and wins at once.")).to_be_visible(
        timeout=10_000)
    expect(page.get_by_text("Black holds nothing: 0")).to_be_visible()
    expect(page.get_by_text("You left the documented line after move 1.")).to_be_visible()
    expect(page.get_by_role("link", name="E3, the other choice: Black plays [0|0] first")
           ).to_be_visible()

    # back to the documented line, where the learner left it
    button(page, "Back to the documented line").click()
    expect(page.get_by_text("Move 1 of 3")).to_be_visible(timeout=10_000)
    expect(page.get_by_text("Black played their last tile and wins at once.")).to_have_count(0)
    settle(page)
    button(page, "Last »").click()
    expect(page.get_by_text("White played their last tile and wins at once.")).to_be_visible(
        timeout=10_000)
    assert not errors, errors


def test_a_refused_move_on_the_table_is_explained(page: Page) -> None:
    page.goto("/examples?example=e1-one-tile-loss&move=0")
    settle(page)
    expect(page.get_by_role("heading", name="E1: a loss with one tile")).to_be_visible(
        timeout=20_000)
    button(page, "Try another move").click()
    expect(tile(page, "4-4")).to_be_enabled(timeout=10_000)
    before = caption(page).text_content()
    table = page.locator(".felt")
    heading = page.get_by_role("heading", name="E1: a loss with one tile")

    def table_offset() -> float:  # from the heading: clicking may scroll the page
        a, b = table.bounding_box(), heading.bounding_box()
        assert a is not None and b is not None
        return a["y"] - b["y"]

    where = table_offset()
    tile(page, "4-4").click()
    expect(page.get_by_text("[4|4] shows 4 and 4; the open ends show 6 and 3: no match.")
           ).to_be_visible(timeout=10_000)
    settle(page)
    assert caption(page).text_content() == before  # the position is unchanged
    assert table_offset() == where  # and the table did not move


def test_a_bad_link_gives_a_notice(page: Page) -> None:
    page.goto("/examples?example=nope")
    settle(page)
    expect(page.get_by_text("There is no worked example “nope”, so here is the list.")
           ).to_be_visible(timeout=20_000)
    expect(page.get_by_role("heading", name="Worked examples")).to_be_visible()
