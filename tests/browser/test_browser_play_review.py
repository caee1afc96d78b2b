"""Play's review in a real browser: the round's report, each decision's class (its colour, and
what a screen reader reads), every move on request by the keyboard, the layer with every hand
shown; and the same right to left, in Arabic.

The live server works the review out in its background worker (the real thing, short
budgets: conftest); the tests wait on the page's texts until every answer is in.
"""

from __future__ import annotations

import re

import pytest
from browser_support import WAIT, settle
from play_browser import play_to_the_end, wait_for_review
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

ADDRESS = "/play?rules=block&players=2&level=heaviest&seed={seed}"
SIGNS = {"best": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: Each class's colour: the feedback colours' variables (ui/widgets/feedback.py).
COLOURS = {"best": "--ok-bg", "inaccuracy": "--hint-bg", "mistake": "--no-bg",
           "blunder": "--no-border"}


def open_play(page: Page, seed: int, lang: str | None = None) -> None:
    page.goto(ADDRESS.format(seed=seed) + (f"&lang={lang}" if lang else ""))
    settle(page)
    expect(page.locator("button.tile").first).to_be_attached(timeout=WAIT)


def css_colour(page: Page, variable: str) -> str:
    """A CSS variable's colour as the browser computes a background with it."""
    return str(page.evaluate(
        """(v) => { const d = document.createElement('div');
            d.style.background = `var(${v})`; document.body.appendChild(d);
            const c = getComputedStyle(d).backgroundColor; d.remove(); return c; }""",
        variable))


def test_the_reviews_layers_in_a_real_browser(page: Page) -> None:
    open_play(page, 12)
    play_to_the_end(page)
    decisions = wait_for_review(page)
    assert decisions >= 1
    # The report, above the decisions: accuracy, the classes counted, the hand's luck.
    report = page.locator(".st-key-review-report")
    expect(report).to_contain_text("Your round in figures")
    expect(report).to_contain_text(re.compile(r"Accuracy \d+% · on average a choice cost "
                                              r"\d+\.\d points\."))
    expect(report).to_contain_text(re.compile(r"Your hand was worth [−+]?\d+\.\d points on "
                                              r"average; you scored [−+]?\d+(\.\d)?\. "))
    counts = report.get_by_role("list", name="Your choices by class")
    expect(counts.get_by_role("listitem")).to_have_count(5)
    first_decision = page.locator(".st-key-play-decision-0")
    assert report.bounding_box()["y"] < first_decision.bounding_box()["y"]  # type: ignore[index]
    # Each class's colour is the feedback colours'; its sign is not read out.
    for grade, variable in COLOURS.items():
        badge = counts.locator(f".grade-{grade}")
        expect(badge).to_have_css("background-color", css_colour(page, variable))
        sign = badge.locator(".sign")
        expect(sign).to_have_text(SIGNS[grade])
        expect(sign).to_have_attribute("aria-hidden", "true")
        assert SIGNS[grade] not in badge.aria_snapshot(), badge.aria_snapshot()
    # Each decision: one class in its title, read as "<class>, costs … on average" when it
    # cost something; the move and the best; every move on request; with every hand shown.
    for i in range(decisions):
        box = page.locator(f".st-key-play-decision-{i}")
        title = box.locator("p").filter(has_text=re.compile(r"^Move \d+ — ")).first
        badge = title.locator(".grade")
        expect(badge).to_have_count(1)
        grade = str(badge.get_attribute("class")).split("grade-")[-1]
        read = title.aria_snapshot()  # what assistive technology is given (the sign left out)
        if grade in ("good", "inaccuracy", "mistake", "blunder"):
            assert re.search(rf"{grade} ?, costs \d+\.\d points on average", read), read
            expect(title).to_contain_text(re.compile(rf"{grade}, costs \d+\.\d points on "
                                                     r"average( \(± \d+\.\d\))?$"))
        assert not re.search(r"(✓|\?)", read), read
        expect(box.get_by_text(re.compile(r"^(Your move|Exact: |An estimate from )"))
               ).not_to_have_count(0)
        expect(box.get_by_text("With every hand shown")).to_have_count(1)
        expect(box.get_by_text(re.compile(r"^Best with every hand open[:,] "))).to_have_count(1)
    # "Every move" opens with the keyboard alone.
    summary = first_decision.get_by_test_id("stExpander").locator("summary")
    expect(summary).to_contain_text("Every move, as you could see it")
    moves = first_decision.locator("ul.appraisal-moves")
    expect(moves).not_to_be_visible()
    summary.focus()
    page.keyboard.press("Enter")
    expect(moves).to_be_visible()
    expect(moves.get_by_role("listitem").filter(has_text="(your move)")).to_have_count(1)


def test_the_review_reads_right_to_left_in_arabic(page: Page) -> None:
    """The round played, its review in English; the sidebar's language to Arabic, in the same
    session: the review's words in Arabic, the page right to left, the signs as written."""
    open_play(page, 12)
    play_to_the_end(page)
    wait_for_review(page)
    page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="العربية", exact=True).click()
    expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=WAIT)
    settle(page)
    expect(page.get_by_role("heading", name="مراجعة نقلاتك")).to_be_visible(timeout=WAIT)
    report = page.locator(".st-key-review-report")
    expect(report).to_contain_text("جولتك بالأرقام")
    expect(report).to_contain_text("الدقة")
    assert page.get_by_test_id("stMain").evaluate("e => getComputedStyle(e).direction") == "rtl"
    sign = report.locator(".grade-inaccuracy .sign")
    expect(sign).to_have_text("?!")  # kept as written, not turned around
    assert sign.evaluate("e => getComputedStyle(e).direction") == "ltr"
    expect(page.get_by_text("مع كشف كل الأيدي", exact=True).first).to_be_visible()
    expect(page.get_by_text("Your round in figures")).to_have_count(0)
