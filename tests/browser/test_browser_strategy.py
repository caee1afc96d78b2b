"""The Strategy course in a real browser: from the course to a lesson by its "Go on" link,
the lesson's figures in their table, its position solved on the Puzzles page, and back to
the lesson with the stars it earned."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import WAIT, settle, tile
from playwright.sync_api import Page, expect

from ui.content import load_puzzles, load_strategy

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
COURSE = load_strategy(ROOT / "scenarios")
BANK = load_puzzles(ROOT / "scenarios").puzzles


def test_a_lesson_walked_from_the_course_to_its_position_and_back(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    first = COURSE.lessons[0]
    assert first.position is not None
    page.goto("/strategy")
    settle(page)
    expect(page.get_by_role("heading", name="Strategy", exact=True, level=1)).to_be_visible(
        timeout=WAIT)
    page.get_by_role("link", name="Go on: Play your heaviest tile").click()
    expect(page.get_by_role("heading", name="Play your heaviest tile", level=1)).to_be_visible(
        timeout=WAIT)
    settle(page)
    # the evidence: one row per game, the data file's first figure among them
    table = page.locator("table.strategy-evidence")
    expect(table.locator("tbody tr")).to_have_count(
        sum(1 for (key, _) in COURSE.evidence if key == first.principle))
    e = COURSE.evidence[(first.principle, "block-2")]
    expect(table).to_contain_text(f"{e.score:+.2f}".replace("-", "\u2212"))
    expect(page.get_by_text("1 of 3 ★").first).to_be_visible()
    # the position, on the Puzzles page, solved with its best move
    page.get_by_role("link", name="Play this position (not solved yet)").first.click()
    page.wait_for_url(lambda url: f"puzzle={first.position}" in url, timeout=WAIT)
    settle(page)
    s = BANK[first.position]
    assert s.puzzle is not None
    best = s.puzzle.figures.best[0]
    assert best.tile is not None
    state = s.replay()
    if sum(m.tile == best.tile for m in state.legal_moves()) == 1:
        tile(page, str(best.tile)).click()
    else:  # the tile fits both ends: its end's own button
        page.get_by_role("button", name=f"{best.tile}").first.click()
    expect(page.get_by_text("Right.", exact=True)).to_be_visible(timeout=WAIT)
    # back to the lesson: the position is solved, and its star counted
    page.goto(f"/strategy?principle={first.principle}&learner={learner(page)}")
    settle(page)
    expect(page.get_by_role("link", name="Play this position (solved)")).to_be_visible(
        timeout=WAIT)
    expect(page.get_by_text("2 of 3 ★").first).to_be_visible()
    assert not errors, errors


def learner(page: Page) -> str:
    from urllib.parse import parse_qs, urlparse

    return parse_qs(urlparse(page.url).query)["learner"][0]
