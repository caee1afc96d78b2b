"""The Analysis page in a real browser: a link copied on a page in one language opens the
same position in another; a round steps forward with the keyboard; a round record opens."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_support import WAIT, settle
from playwright.sync_api import BrowserContext, Page, expect

from engine.notation.code import Position, Round, parse
from ui.content import content
from ui.i18n import t_in
from ui.widgets import round_record

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def params(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_a_link_copied_in_ukrainian_opens_the_same_position_in_korean(
        new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(viewport=PHONE, permissions=["clipboard-read", "clipboard-write"]
                       ).new_page()
    page.goto("/examples?example=e1-one-tile-loss&move=1&lang=uk")
    settle(page)
    copy = page.locator(".st-key-share-examples button.copy")
    expect(copy).to_have_text(t_in("uk", "share.copy_position"), timeout=WAIT)
    copy.click()
    expect(page.locator(".st-key-share-examples .said")).to_have_text(
        t_in("uk", "share.copied"), timeout=WAIT)
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.locator(".st-key-share-examples input.link").input_value()
    assert urlsplit(link).path.endswith("/analysis") and params(link)["lang"] == "uk"
    state = list(content().scenarios["e1-one-tile-loss"].states())[1]
    assert parse(params(link)["pos"]) == Position.from_state(state)

    other = new_context(viewport=PHONE).new_page()  # another device, another language
    errors: list[str] = []
    other.on("pageerror", lambda exc: errors.append(str(exc)))
    other.goto(link.replace("lang=uk", "lang=ko"))
    settle(other)
    expect(other.get_by_role("heading", name=t_in("ko", "analysis.title"))).to_be_visible(
        timeout=WAIT)
    black = t_in("ko", "seat.black")
    expect(other.get_by_text(f"{black}의 차례", exact=False).first).to_be_visible(timeout=WAIT)
    expect(other.get_by_text(t_in("ko", "verdict.open_hands"))).to_be_visible(timeout=WAIT)
    assert params(other.url)["pos"] == params(link)["pos"]
    assert other.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors


def test_a_round_steps_with_the_keyboard(page: Page) -> None:
    page.goto("/analysis?round=d2/22.0002/1*0/*14/0/mpR00pR02")
    settle(page)
    slider = page.get_by_role("slider")
    expect(slider).to_be_visible(timeout=WAIT)
    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_text("Black to move. Legal moves (2)")).to_be_visible(timeout=WAIT)
    assert params(page.url)["step"] == "1"
    # The appraisal and the verdict come from the workers, and the page shows them.
    expect(page.get_by_text("How each move does from Black's seat")).to_be_visible(
        timeout=WAIT)
    # Play's badge: the class's name read, its sign shown but hidden from screen readers.
    blunder = page.locator(".appraisal-moves .grade-blunder")
    expect(blunder).to_have_text("??blunder")
    expect(blunder.locator(".sign")).to_have_attribute("aria-hidden", "true")
    expect(page.get_by_text("costs 0.67 of a game on average")).to_be_visible()
    expect(page.get_by_text("Best with every hand open: Play [0|0] on the right end"
                            )).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Forward").click()
    expect(page.get_by_text("White to move. The only legal move: Pass.")).to_be_visible(
        timeout=WAIT)


def test_a_round_record_opens(page: Page) -> None:
    code = "d2/2344.011122/6*3/*14/0/mR32R22pp"
    record = round_record.text(parse(code), "E1", 1)  # type: ignore[arg-type]
    assert isinstance(parse(code), Round)
    page.goto("/analysis")
    settle(page)
    page.locator(".st-key-analysis-mode button").nth(2).click()
    upload = page.locator('.st-key-analysis-file input[type="file"]')
    expect(upload).to_be_attached(timeout=WAIT)
    upload.set_input_files(files=[{"name": "e1.domino", "mimeType": "text/plain",
                                   "buffer": record.encode()}])
    expect(page.get_by_text("In the round, White played: Play [2|3] on the right end.")
           ).to_be_visible(timeout=WAIT)
    assert params(page.url)["round"] == code and params(page.url)["seat"] == "2"


def test_a_broken_link_keeps_its_notice_and_puts_nothing_in_its_place(page: Page) -> None:
    """The notice of a link that cannot be read stays (no other position replaces it, nor
    its code in the address, run after run), and the code waits in the paste box."""
    broken = "b2/0101.22/-/*14/0"
    page.goto(f"/analysis?pos={broken}")
    settle(page)
    notice = page.get_by_text("The position in this link could not be read")
    expect(notice).to_be_visible(timeout=WAIT)
    paste = page.locator(".st-key-analysis-open textarea")
    expect(paste).to_have_value(broken, timeout=WAIT)
    assert params(page.url)["pos"] == broken
    page.locator(".st-key-analysis-mode button").nth(0).click()  # "The position"
    settle(page)
    expect(page.get_by_text("Nothing is open yet")).to_be_visible(timeout=WAIT)
    expect(notice).to_be_visible()
    assert params(page.url)["pos"] == broken
    page.locator(".st-key-analysis-mode button").nth(2).click()  # back to "Open"
    settle(page)
    expect(notice).to_be_visible(timeout=WAIT)
    expect(paste).to_have_value(broken)
    mended = "b2/0113.22/6*3/*14/0"  # a pasted position is one a deal gives: the line's
    paste.fill(mended)  # tiles hidden behind its ends, its count is not checked
    page.locator(".st-key-analysis-open button", has_text="Open").first.click()
    expect(page.get_by_text("Best with every hand open")).to_be_visible(timeout=WAIT)
    expect(notice).to_have_count(0)
    assert params(page.url)["pos"] == mended


def test_an_over_long_code_in_a_link_gets_the_sites_notice(page: Page) -> None:
    """A code of 10,000 characters (an address the server still takes: its request head may
    hold 16 KiB) is refused by the page with its notice, not read."""
    code = "d2/22.0002/1*0/*14/0" + "0" * 10_000
    page.goto(f"/analysis?pos={code}")
    settle(page)
    expect(page.get_by_text(f"The code is {len(code):,} characters long".replace(",", ""),
                            exact=False)).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Nothing is open yet")).to_have_count(0)
    assert params(page.url)["pos"] == code
