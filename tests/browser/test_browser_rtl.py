"""Right to left in a real browser: what the bidi algorithm makes of Arabic pages.

Tiles and sums must be laid out left to right inside Arabic text ([1|4], not [4|1]; 7 + 8 − 3 =
12, not 12 = 3 − 8 + 7): checked on the glyphs' positions, as Chromium draws them.  The
accent bars sit on the side the text starts from, and "go on" arrows point the way it reads.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from itertools import pairwise

import pytest
from browser_support import WAIT, settle
from playwright.sync_api import Page, expect

from ui.i18n import t_in

#: For each tile or sum in the text under ``root`` that is drawn: its text and the x of each
#: of its visible characters, left to right in the text's logical order.
RUNS_JS = r"""
(root) => {
  const out = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const pattern = /\[\d\|\d\]|\d+(?: [+\u2212=<>\u00d7] \d+)+/g;
  let node;
  while ((node = walker.nextNode())) {
    for (const m of node.data.matchAll(pattern)) {
      const xs = [];
      for (let i = m.index; i < m.index + m[0].length; i++) {
        if (node.data[i] === " ") continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) xs.push(box.x);
      }
      if (xs.length) out.push([m[0], xs]);
    }
  }
  return out;
}
"""


def runs(page: Page) -> list[tuple[str, list[float]]]:
    main = page.get_by_test_id("stMain")
    return [(text, xs) for text, xs in main.evaluate(RUNS_JS)]


def runs_once(page: Page, ready: Callable[[list[tuple[str, list[float]]]], bool]
              ) -> list[tuple[str, list[float]]]:
    """The runs as soon as ``ready`` holds for them: the page goes on drawing (the table,
    the hands) after the text a test waited for, so poll the page until it is all there."""
    deadline = time.monotonic() + WAIT / 1000
    found = runs(page)
    while not ready(found) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        found = runs(page)
    return found


def reversed_runs(page: Page) -> list[str]:
    return [text for text, xs in runs(page) if any(b <= a for a, b in pairwise(xs))]


@pytest.mark.parametrize("lang", ["ar", "uk"])
def test_tiles_and_sums_read_left_to_right_in_every_language(page: Page, lang: str) -> None:
    page.goto(f"/examples?example=e1-one-tile-loss&move=4&lang={lang}")
    settle(page)
    story = page.locator(".st-key-ex-story")
    expect(story).to_contain_text(t_in(lang, "seat.black"), timeout=WAIT)
    def complete(found: list[tuple[str, list[float]]]) -> bool:
        return (any(text == "1 + 2 = 3" for text, _ in found)
                and sum(1 for text, _ in found if text.startswith("[")) >= 4)

    found = runs_once(page, complete)
    assert complete(found), found
    assert not reversed_runs(page)
    # the story's accent bar is on the side the text starts from
    side = "right" if lang == "ar" else "left"
    other = "left" if lang == "ar" else "right"
    expect(story).to_have_css(f"border-{side}-width", "5px")
    expect(story).to_have_css(f"border-{other}-width", "1px")


def test_an_arabic_learn_step_and_its_reckoning_read_left_to_right(page: Page) -> None:
    page.goto("/learn?lesson=settling-block&step=sole-lowest&lang=ar")
    settle(page)
    task = page.locator(".st-key-learn-task")
    expect(task).to_have_css("border-right-width", "5px", timeout=WAIT)
    choices = page.get_by_test_id("stButtonGroup").first
    expect(choices).to_contain_text(t_in("ar", "seat.east"))
    choices.get_by_role("radio", name=t_in("ar", "seat.east"), exact=True).click()
    settle(page)
    page.get_by_label(t_in("ar", "learn.winner_points"), exact=True).fill("12")
    page.locator(".st-key-learn-winner-check button").click()
    feedback = page.locator('[class*="st-key-fb-no"]')
    expect(feedback).to_contain_text(t_in("ar", "learn.nudge_block_blocked"), timeout=WAIT)
    settle(page)
    page.locator(".st-key-learn-winner-check button").click()  # a second miss: the reckoning
    expect(feedback).to_contain_text(t_in("ar", "seat.north"), timeout=WAIT)
    settle(page)
    assert any(text == "7 + 8 − 3 = 12" for text, _ in runs(page))
    assert not reversed_runs(page)


def test_go_on_arrows_point_the_way_arabic_reads(page: Page) -> None:
    page.goto("/?lang=ar")
    settle(page)
    link = page.get_by_role("link", name=f"{t_in('ar', 'nav.quiz')} ←", exact=True)
    expect(link).to_be_visible(timeout=WAIT)
    assert not reversed_runs(page)


# -- the document's own language and direction ----------------------------------------------


@pytest.mark.parametrize(("lang", "direction"),
                         [("en", "ltr"), ("uk", "ltr"), ("ru", "ltr"), ("ar", "rtl"), ("ko", "ltr"),
                          ("id", "ltr"), ("es", "ltr")])
def test_the_document_says_the_pages_language(page: Page, lang: str, direction: str) -> None:
    """<html lang> names the page's language (a screen reader picks its voice by it), and
    dir is right to left in Arabic."""
    page.goto(f"/rules?lang={lang}")
    settle(page)
    html = page.locator("html")
    expect(html).to_have_attribute("lang", lang, timeout=WAIT)
    expect(html).to_have_attribute("dir", direction, timeout=WAIT)


@pytest.mark.parametrize("lang", ["uk", "ar", "ko", "id", "es"])
def test_streamlit_s_skip_link_reads_in_the_page_s_language(page: Page, lang: str) -> None:
    """Streamlit's own "Skip to main content" (the first stop of the keyboard) was English on
    every page; it reads in the page's language, on the page the learner goes to next too,
    and in English again once they choose English."""
    words = t_in(lang, "site.skip_to_content")
    assert words != t_in("en", "site.skip_to_content")
    page.goto(f"/learn?lang={lang}")
    settle(page)
    link = page.get_by_test_id("stSkipToContent")
    expect(link).to_have_text(words, timeout=WAIT)
    expect(page.get_by_role("link", name=words, exact=True)).to_be_attached()
    side = page.get_by_test_id("stSidebar")
    side.get_by_role("link", name=t_in(lang, "nav.rules"), exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT)
    expect(page).to_have_url(re.compile(r"/rules"), timeout=WAIT)
    settle(page)
    expect(link).to_have_text(words, timeout=WAIT)
    side.get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="English", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "en", timeout=WAIT)
    expect(link).to_have_text("Skip to main content", timeout=WAIT)


def test_arabic_puts_the_sidebar_on_the_right_and_english_back_on_the_left(page: Page) -> None:
    page.goto("/?lang=ar")
    settle(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=WAIT)
    side = page.get_by_test_id("stSidebar")
    main = page.get_by_test_id("stMain")
    expect(side.get_by_role("link", name="القواعد", exact=True)).to_be_visible(timeout=WAIT)
    s, m = side.bounding_box(), main.bounding_box()
    assert s and m and s["x"] >= m["x"] + m["width"] - 1, (s, m)
    # switching the language in the sidebar turns the document back, in the same session
    side.get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="English", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "en", timeout=WAIT)
    expect(page.locator("html")).to_have_attribute("dir", "ltr", timeout=WAIT)
    settle(page)
    s, m = side.bounding_box(), main.bounding_box()
    assert s and m and s["x"] + s["width"] <= m["x"] + 1, (s, m)


def test_on_a_phone_the_arabic_sidebar_hides_and_opens_on_the_right(page: Page) -> None:
    """Collapsed on a narrow window, nothing of the sidebar shows over the page (Streamlit
    moves a collapsed sidebar left, which right to left is across the page); opened, it
    slides in at the right edge."""
    page.set_viewport_size({"width": 400, "height": 800})
    page.goto("/?lang=ar")
    settle(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=WAIT)
    side = page.get_by_test_id("stSidebar")
    expect(side).to_have_attribute("data-collapsed", "true", timeout=WAIT)
    link = side.get_by_role("link", name="القواعد", exact=True)
    expect(link).to_be_hidden()
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(link).to_be_visible(timeout=WAIT)
    # it slides in: wait for it to come to rest at the right edge (never on time)
    page.wait_for_function(
        """() => { const r = document.querySelector('[data-testid="stSidebar"]')
                     .getBoundingClientRect();
                   return Math.abs(r.right - window.innerWidth) <= 1; }""", timeout=WAIT)
    box = side.bounding_box()
    assert box and abs(box["x"] + box["width"] - 400) <= 1, box
