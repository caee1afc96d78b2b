"""What a learner sees on Learn's table, in a real browser (issue 12): the step's own
description shown in every language, no lone end marker on a row, the table's width used,
and a table only to look at with nothing to click.

The markers and tiles live in the board component's shadow root (Playwright's CSS locators
pierce it); their positions are read as Chromium draws them.
"""

from __future__ import annotations

import pytest
from browser_support import WAIT, settle
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

D6 = "/learn?lesson=doubles-stay-in-the-line&step=after-the-double"
DOMINO_POINTS = "/learn?lesson=settling-block&step=domino-points"


def _boxes(locator: Locator) -> list[tuple[float, float]]:
    """Each drawn element's (top, bottom), in page pixels."""
    out = []
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        assert box is not None
        out.append((box["y"], box["y"] + box["height"]))
    return out


def _no_marker_alone(markers: Locator, tiles: Locator) -> int:
    """Every end marker shares its row with a tile; returns the number of rows."""
    tile_rows = _boxes(tiles)
    assert tile_rows
    for top, bottom in _boxes(markers):
        middle = (top + bottom) / 2
        assert any(t <= middle <= b for t, b in tile_rows), (middle, tile_rows)
    return len({round((t + b) / 2) for t, b in tile_rows if b - t < 60})


@pytest.mark.parametrize("lang", ["en", "uk", "ar", "ko", "id", "es"])
def test_a_step_s_description_is_shown_in_every_language(page: Page, lang: str) -> None:
    """D6's notation is over 240 characters in uk and ar: it is shown there too, never
    folded under "Text description of the table"."""
    page.goto(f"{D6}&lang={lang}")
    settle(page)
    shown = page.locator("p.caption-desc")
    expect(shown).to_be_visible(timeout=WAIT)
    expect(shown).to_contain_text("[3|4]")
    expect(page.locator("details.caption-desc")).to_have_count(0)


def test_the_table_uses_the_width_and_no_marker_sits_alone(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(DOMINO_POINTS)
    settle(page)
    line = page.locator(".v-wide svg.line")
    expect(line).to_be_visible(timeout=WAIT)
    felt = page.locator(".felt").bounding_box()
    drawn = line.bounding_box()
    assert felt is not None and drawn is not None
    assert drawn["width"] >= 0.85 * (felt["width"] - 24), (drawn, felt)  # not capped near 570
    markers = page.locator(".v-wide .marker")
    expect(markers).to_have_count(2)
    _no_marker_alone(markers, page.locator(".v-wide g[data-tile]"))


def test_the_quiz_line_keeps_its_markers_with_a_tile(page: Page) -> None:
    """Question 812749 of level 1 once drew its 6 marker alone on a second row."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto("/quiz?quiz_level=1&quiz_seed=812749")
    settle(page)
    line = page.locator(".quiz-line .v-wide svg")
    expect(line).to_be_visible(timeout=WAIT)
    markers = line.locator(".marker")
    expect(markers).to_have_count(2)
    rows = _no_marker_alone(markers, line.locator("g[data-tile]"))
    assert rows >= 1


def test_a_table_only_to_look_at_has_nothing_to_click(page: Page) -> None:
    """The first step only shows: no "+" target on the empty table, no Pass, North's
    tiles face down, the learner's (South's) face up at the bottom."""
    page.goto("/learn?lesson=tiles-and-values&step=the-set")
    settle(page)
    expect(page.get_by_text("Your tiles (South)")).to_be_visible(timeout=WAIT)
    expect(page.locator("button.tile")).to_have_count(3)
    expect(page.locator(".v-wide .marker")).to_have_count(0)
    expect(page.locator(".controls button")).to_have_count(0)
    expect(page.locator('.others [aria-label*="face down"]')).to_have_count(1)
