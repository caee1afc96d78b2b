"""Play for a learner on a phone, at the keyboard, or with a screen reader (a real browser).

- On a phone-sized window (390 × 844) the opponents sit above the learner's hand, as the page
  says ("You sit at the bottom").
- From the page's load a tile is reached in at most three key presses: "Go to my tiles" is the
  first stop of the Tab order; the hand is one Tab stop whose tiles the arrow keys walk
  through (a roving tabindex, WAI-ARIA's toolbar pattern); Enter plays the tile.

Everything waits on the page's texts and state, never on time.
"""

from __future__ import annotations

import re

import pytest
from browser_support import WAIT, settle, tile
from play_browser import count_is, hand, moves_so_far, wait_for_turn
from playwright.sync_api import Page, expect

from engine.game.rules import block
from ui.i18n import t_in
from ui.pages.play.logic import new_table

pytestmark = pytest.mark.browser

ADDRESS = "/play?rules=block&players=2&level=heaviest&seed={seed}"
SEED = 1  # South (the learner) opens: every tile is a move
PHONE = {"width": 390, "height": 844}

#: The element with the keyboard's focus, looking into shadow roots: a tile's name ("1-4"),
#: else its id, else its tag.
FOCUSED_JS = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a) return null;
  return a.getAttribute('data-tile') || a.id || a.tagName.toLowerCase();
}"""


def focused(page: Page) -> str | None:
    return page.evaluate(FOCUSED_JS)


def open_play(page: Page, seed: int = SEED) -> None:
    page.goto(ADDRESS.format(seed=seed))
    settle(page)
    assert wait_for_turn(page)


def test_the_deal_has_the_learner_open() -> None:
    table = new_table(block(2), "heaviest", SEED)
    assert table.state.mover == table.learner and table.state.line.empty


def test_on_a_phone_the_opponents_sit_above_the_learners_hand(page: Page) -> None:
    page.set_viewport_size(PHONE)
    open_play(page)
    board = page.locator(".db")
    expect(board).to_have_class(re.compile(r"\bnarrow\b"), timeout=WAIT)  # the narrow drawing
    others, felt, mine = page.locator(".others"), page.locator(".felt"), page.locator(".hand-wrap")
    expect(others).to_contain_text("North")
    o, f, h = others.bounding_box(), felt.bounding_box(), mine.bounding_box()
    assert o and f and h
    assert o["y"] + o["height"] <= f["y"] < h["y"], (o, f, h)


def test_a_tile_in_two_key_presses_the_arrows_walk_the_hand_and_enter_plays(page: Page) -> None:
    open_play(page)
    tiles = hand(page)
    assert len(tiles) == 7
    page.keyboard.press("Tab")  # 1: the first stop is "Go to my tiles"
    link = page.get_by_role("link", name="Go to my tiles", exact=True)
    expect(link).to_be_focused()
    expect(link).to_be_visible()  # shown while it has the focus
    page.keyboard.press("Enter")  # 2: on the hand's first tile
    assert focused(page) == tiles[0]
    page.keyboard.press("ArrowRight")
    assert focused(page) == tiles[1]
    page.keyboard.press("End")
    assert focused(page) == tiles[-1]
    page.keyboard.press("ArrowRight")  # round again
    assert focused(page) == tiles[0]
    page.keyboard.press("ArrowLeft")
    assert focused(page) == tiles[-1]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    assert focused(page) == tiles[1]
    # the hand is one Tab stop: Tab leaves it, Shift+Tab comes back to the same tile
    page.keyboard.press("Tab")
    assert focused(page) not in tiles
    page.keyboard.press("Shift+Tab")
    assert focused(page) == tiles[1]
    stops = page.evaluate("""() => {
      const host = [...document.querySelectorAll('*')].find(
        (e) => e.shadowRoot && e.shadowRoot.querySelector('.hand'));
      return [...host.shadowRoot.querySelectorAll('.hand button.tile')].map((b) => b.tabIndex);
    }""")
    assert sorted(stops) == [-1] * 6 + [0], stops
    n = moves_so_far(page)
    page.keyboard.press("Enter")  # the opening: one key plays it
    expect(count_is(page, n + 1, n + 2)).to_be_visible(timeout=WAIT)
    expect(tile(page, tiles[1])).to_have_count(0, timeout=WAIT)


def test_go_to_my_tiles_goes_with_the_play_page(page: Page) -> None:
    """Another page has no hand to go to: the link is not there (nor on a page with a board
    of its own, such as Try it)."""
    open_play(page)
    link = page.locator("#site-hand-link")
    expect(link).to_have_count(1)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Rules", exact=True).click()
    expect(page).to_have_url(re.compile(r"/rules"), timeout=WAIT)
    settle(page)
    expect(link).to_have_count(0, timeout=WAIT)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Try it", exact=True).click()
    expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=WAIT)
    expect(link).to_have_count(0)


@pytest.mark.parametrize("lang", ["uk", "ar"])
def test_go_to_my_tiles_reads_in_the_pages_language(page: Page, lang: str) -> None:
    page.goto(ADDRESS.format(seed=SEED) + f"&lang={lang}")
    settle(page)
    expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=WAIT)
    page.keyboard.press("Tab")
    words = t_in(lang, "board.to_hand")
    assert words != t_in("en", "board.to_hand")
    expect(page.get_by_role("link", name=words, exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    tiles = hand(page)
    assert focused(page) == tiles[0]
    # the arrows follow the reading direction: right to left in Arabic, the next tile is left
    page.keyboard.press("ArrowLeft" if lang == "ar" else "ArrowRight")
    assert focused(page) == tiles[1]
    box = [tile(page, x).bounding_box() for x in tiles[:2]]
    assert box[0] and box[1]
    assert (box[1]["x"] < box[0]["x"]) == (lang == "ar"), box


# -- Streamlit's own names, in the page's language ------------------------------------------------

#: Every name a screen reader reads for an element, looking into no shadow root: [label, ...].
NAMES_JS = "() => [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))"
ENGLISH = re.compile(r"^(Help for .+|Help|Collapse sidebar|Expand sidebar|Sidebar|Open)$")


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ar", "ko"])
def test_streamlits_own_names_read_in_the_pages_language(page: Page, lang: str) -> None:
    """The help icons ("Help for Суперники" was English around the page's words), the
    sidebar, its "Collapse sidebar" and the language list's "Open" are named in the page's
    language, on Play (the setup's help icons drawn) and after a change of language."""
    page.goto(f"/play?rules=block&players=2&level=heaviest&seed={SEED}&lang={lang}")
    settle(page)
    side = page.get_by_test_id("stSidebar")
    expect(side).to_have_attribute("aria-label", t_in(lang, "site.sidebar"), timeout=WAIT)
    collapse = page.locator('[data-testid="stSidebarCollapseButton"] button')  # shown on hover
    expect(collapse).to_have_attribute("aria-label", t_in(lang, "site.collapse_sidebar"))
    expect(side.get_by_role("button", name=t_in(lang, "site.open_list"), exact=True)
           ).to_be_attached()
    page.get_by_text(t_in(lang, "play.setup"), exact=True).click()  # its help icons
    level = t_in(lang, "play.level")
    helped = page.get_by_label(t_in(lang, "site.help_for", label=level), exact=True)
    expect(helped.first).to_be_attached(timeout=WAIT)
    names = page.evaluate(NAMES_JS)
    if lang != "en":
        assert not [n for n in names if ENGLISH.match(n)], names
    if lang == "en":
        return
    # English again once the learner chooses it (each name is worded anew)
    side.get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="English", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "en", timeout=WAIT)
    expect(side).to_have_attribute("aria-label", "Sidebar", timeout=WAIT)
    expect(collapse).to_have_attribute("aria-label", "Collapse sidebar")
