"""Learn in a real browser: from Home to the UX.md §2 step, clicking tiles on the table.

The first tests run against the site's own lessons (the shared live server);
the last starts a second server on the UI test fixtures for a tile that fits
both ends.  Everything waits on the app (texts, the script state), never on time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import settle, tile
from live_site import streamlit_server
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NO_MATCH = "[3|5] shows 3 and 5; the open ends show 1 and 4: no match."
RIGHT = "Right — 1 matches 1. A double lies across the line and keeps its value"


def caption(page: Page) -> Locator:
    return page.locator("p.caption-desc")


def open_first_match(page: Page) -> None:
    """Home → Learn (sidebar) → the Matching ends lesson → its first step."""
    page.goto("/")
    settle(page)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Learn", exact=True).click()
    expect(page.get_by_role("heading", name="Lessons")).to_be_visible(timeout=20_000)
    page.locator(".st-key-cta-lesson-matching-ends a").click()
    expect(page.get_by_role("heading", name="Match an open end")).to_be_visible(timeout=20_000)
    settle(page)
    expect(tile(page, "1-1")).to_be_enabled()


def test_play_the_first_step_by_clicking_tiles(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_first_match(page)
    expect(page.get_by_text("Play [1|1] where it fits.")).to_be_visible()
    expect(caption(page)).to_contain_text("Tiles: [1|4]. Connections: none.")
    # the table shows the two markers, 1 and 4
    expect(page.locator('.v-wide [data-end="left"][data-value="1"]')).to_be_attached()
    expect(page.locator('.v-wide [data-end="right"][data-value="4"]')).to_be_attached()

    table = page.locator(".felt")
    before = table.bounding_box()
    tile(page, "3-5").click()
    expect(page.get_by_text(NO_MATCH)).to_be_visible(timeout=10_000)
    expect(caption(page)).to_contain_text("Tiles: [1|4]. Connections: none.")  # unchanged
    expect(tile(page, "3-5")).to_be_visible()
    expect(page.locator("button.tile.selected")).to_have_count(0)  # the tile went back
    assert table.bounding_box() == before  # nothing jumped

    tile(page, "1-1").click()
    expect(page.get_by_text(RIGHT)).to_be_visible(timeout=10_000)
    expect(caption(page)).to_contain_text("Tiles: [1|4], [1|1].")
    expect(page.locator('[aria-label="2 of 3 stars"]')).to_be_visible()
    expect(tile(page, "1-1")).to_have_count(0)  # laid on the table
    assert not errors, errors

    # Coming back with the same link keeps the star.
    assert "learner=" in page.url
    page.reload()
    settle(page)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text(re.compile(r"1 of \d+ steps done · 2 ★"))).to_be_visible(
        timeout=20_000)
    expect(page.locator('[aria-current="step"]')).to_have_text("1 ✓")  # this step, done


def test_a_finished_step_shows_at_once_in_the_step_links_and_the_sidebar(page: Page) -> None:
    """The step's task, board and buttons rerun alone on a click (a fragment); the click that
    finishes the step runs the whole page, so its tick and the sidebar's count follow at
    once, with no reload; "Do this step again" keeps them."""
    open_first_match(page)
    sidebar = page.get_by_test_id("stSidebar")
    done = sidebar.get_by_text(re.compile(r"^\d+ of \d+ steps done"))
    expect(done).to_have_text(re.compile(r"^0 of "))
    tile(page, "3-5").click()
    expect(page.get_by_text(NO_MATCH)).to_be_visible(timeout=10_000)
    settle(page)
    page.get_by_role("button", name="Try again").click()
    expect(page.get_by_text(NO_MATCH)).to_have_count(0, timeout=10_000)
    settle(page)
    expect(page.locator('[aria-current="step"]')).to_have_text("1")
    tile(page, "1-1").click()
    expect(page.get_by_text(RIGHT)).to_be_visible(timeout=10_000)
    expect(page.locator('[aria-current="step"]')).to_have_text("1 ✓", timeout=10_000)
    expect(done).to_have_text(re.compile(r"^1 of \d+ steps done · 2 ★$"), timeout=10_000)
    settle(page)
    page.get_by_role("button", name="Do this step again").click()
    expect(page.get_by_text(RIGHT)).to_have_count(0, timeout=10_000)
    settle(page)
    expect(tile(page, "1-1")).to_be_enabled()
    expect(page.locator('[aria-current="step"]')).to_have_text("1 ✓")
    expect(done).to_have_text(re.compile(r"^1 of \d+ steps done · 2 ★$"))
    page.get_by_role("button", name="Next").click()
    expect(page.locator('[aria-current="step"]')).to_have_text("2", timeout=10_000)
    assert "step=first-match" not in page.url


def test_a_notice_about_the_link_goes_with_the_first_click(page: Page) -> None:
    page.goto("/learn?lesson=matching-ends&step=nope")
    settle(page)
    notice = page.get_by_text("There is no step “nope” in Matching ends")
    expect(notice).to_be_visible(timeout=20_000)
    expect(tile(page, "3-5")).to_be_enabled(timeout=20_000)
    tile(page, "3-5").click()
    expect(page.get_by_text(NO_MATCH)).to_be_visible(timeout=10_000)
    expect(notice).to_have_count(0, timeout=10_000)
    settle(page)
    expect(page.get_by_text(NO_MATCH)).to_be_visible()  # the click's answer stays


def test_the_keyboard_alone_can_finish_the_step(page: Page) -> None:
    open_first_match(page)
    tile(page, "3-5").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text(NO_MATCH)).to_be_visible(timeout=10_000)
    settle(page)
    tile(page, "1-1").focus()
    page.keyboard.press("Space")
    expect(page.get_by_text(RIGHT)).to_be_visible(timeout=10_000)


def test_show_me_highlights_the_move(page: Page) -> None:
    open_first_match(page)
    page.get_by_role("button", name="Show me").click()
    expect(page.get_by_text("The move: Play [1|1] on the left end.")).to_be_visible(
        timeout=10_000)
    expect(page.locator('button.tile.hint[data-tile="1-1"]')).to_be_visible()
    expect(page.locator('.v-wide .marker.hint[data-end="left"]')).to_be_attached()


# -- a second server on the UI fixtures: a tile that fits both ends ------------------------


@pytest.fixture(scope="module")
def fixture_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with streamlit_server(tmp_path_factory.mktemp("data"),
                          tmp_path_factory.mktemp("server") / "streamlit.log",
                          scenarios_dir=ROOT / "tests" / "data" / "ui" / "scenarios") as url:
        yield url


def test_choose_a_tile_then_a_marked_end(page: Page, fixture_server: str) -> None:
    page.goto(f"{fixture_server}/learn?lesson=two-ends&step=either-end")
    settle(page)
    expect(tile(page, "1-6")).to_be_enabled(timeout=20_000)
    tile(page, "1-6").click()
    # Both ends light up and the learner is asked for one; nothing is sent yet.
    expect(page.get_by_text("[1|6] fits both ends: now choose a marked end.")).to_be_visible()
    expect(page.locator('.v-wide .marker.fit[data-end="left"]')).to_be_attached()
    expect(page.locator('.v-wide .marker.fit[data-end="right"]')).to_be_attached()
    # Focus went to the first lit marker: the keyboard can go on from there.
    expect(page.locator('.v-wide [data-end="left"]')).to_be_focused()
    page.keyboard.press("Escape")
    expect(tile(page, "1-6")).to_be_focused()
    expect(page.locator(".v-wide .marker.fit")).to_have_count(0)

    tile(page, "1-6").click()
    page.locator('.v-wide [data-end="right"]').click()
    expect(page.get_by_text("Right: [1|6] on the 6 leaves 1 and 1 open.")).to_be_visible(
        timeout=10_000)
