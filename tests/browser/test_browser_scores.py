"""The score keeper on a phone-sized window (390 × 844) in a real browser: a whole Block match
to 100 and a Gaple run, in each of the seven languages, with big targets; a reload keeps the
sheet, and the link it shares shows the same sheet on another device.

The page is driven by its widgets' keys (the same in every language); what it says is
checked in the page's own language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import WAIT, settle
from playwright.sync_api import BrowserContext, Page, expect

from engine.notation.sheet import parse_sheet
from ui.i18n import t_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LANGS = ["en", "uk", "ru", "ar", "ko", "id", "es"]


def phone(new_context: Callable[..., BrowserContext]) -> Page:
    return new_context(viewport=PHONE, permissions=["clipboard-read", "clipboard-write"]
                       ).new_page()


def sheet_code(page: Page) -> str:
    found = page.evaluate("new URLSearchParams(location.search).get('sheet')")
    assert isinstance(found, str), page.url
    return found


def click(page: Page, selector: str, nth: int = 0) -> None:
    settle(page)
    page.locator(selector).nth(nth).click()
    settle(page)


def ended(page: Page, option: int) -> None:
    """How the round ended: 0 blocked, then each seat's "went out"."""
    choice = page.locator(".st-key-scores-ending [data-testid=\"stRadioOption\"]").nth(option)
    settle(page)
    choice.click()
    expect(choice).to_have_attribute("data-selected", "true", timeout=WAIT)
    settle(page)


def total(page: Page, seat: int, value: int, wanted: list[int]) -> None:
    """Type ``value`` as the seat's pip total (``wanted``: the seats the round asks about,
    in the order the page offers them); waits until the seat's label shows it."""
    who = page.locator(".st-key-scores-seat button").nth(wanted.index(seat))
    who.click()
    expect(who).to_have_attribute("aria-checked", "true", timeout=WAIT)
    by_total = page.locator(f".st-key-scores-mode-{seat} button").nth(1)
    by_total.click()
    expect(by_total).to_have_attribute("aria-checked", "true", timeout=WAIT)
    field = page.locator(f".st-key-scores-total-{seat} input")
    field.fill(str(value))
    field.press("Enter")
    expect(who).to_contain_text(str(value), timeout=WAIT)
    settle(page)


def settle_round(page: Page) -> None:
    click(page, ".st-key-scores-settle button")


def start(page: Page, lang: str, family: int, deal: int | None = None) -> None:
    page.goto(f"/scores?lang={lang}")
    settle(page)
    click(page, ".st-key-scores-family [data-testid=\"stRadioOption\"]", family)
    if deal is not None:
        click(page, ".st-key-scores-gaple_deal [data-testid=\"stRadioOption\"]", deal)
    click(page, ".st-key-scores-start button")
    expect(page.locator(".st-key-scores-settle button")).to_be_visible(timeout=WAIT)


def big_enough(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, (selector, box)


@pytest.mark.parametrize("lang", LANGS)
def test_a_block_match_to_100_and_a_gaple_run_on_a_phone(
        new_context: Callable[..., BrowserContext], lang: str) -> None:
    page = phone(new_context)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # Block, two players: North goes out twice, South holding 60, then 40.
    start(page, lang, 0)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    big_enough(page, ".st-key-scores-settle button")
    ended(page, 1)
    big_enough(page, '[class*="st-key-scores-tile-1-tilerow-"] button')
    total(page, 1, 60, [1])
    settle_round(page)
    expect(page.locator(".st-key-scores-result")).to_contain_text("60", timeout=WAIT)
    ended(page, 1)
    total(page, 1, 40, [1])
    settle_round(page)
    north = t_in(lang, "seat.north")
    expect(page.get_by_text(t_in(lang, "play.match_won", name=north))).to_be_visible(
        timeout=WAIT)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("100")
    match = parse_sheet(sheet_code(page)).match()
    assert match.over and match.winners == (0,)
    # A Gaple run of two rounds (4 × 6): South plays out clean, then a block.
    click(page, ".st-key-scores-new button")
    click(page, ".st-key-scores-family [data-testid=\"stRadioOption\"]", 1)
    click(page, ".st-key-scores-goal-gaple-4x6 input")
    page.locator(".st-key-scores-goal-gaple-4x6 input").fill("2")
    page.locator(".st-key-scores-goal-gaple-4x6 input").press("Enter")
    click(page, ".st-key-scores-start button")
    ended(page, 3)
    for seat, value in ((0, 20), (1, 9), (3, 31)):
        total(page, seat, value, [0, 1, 2, 3])
    settle_round(page)
    expect(page.locator(".st-key-scores-result")).to_contain_text(
        t_in(lang, "seat.south"), timeout=WAIT)
    ended(page, 0)
    for seat, value in ((0, 5), (1, 7), (2, 14), (3, 9)):
        total(page, seat, value, [0, 1, 2, 3])
    settle_round(page)
    expect(page.get_by_text(t_in(lang, "scores.gaple_won", name=t_in(lang, "seat.south")))
           ).to_be_visible(timeout=WAIT)
    run = parse_sheet(sheet_code(page)).match()
    assert run.over and run.penalties == [25, 16, 14, 40] and run.winners == (2,)
    assert not errors, errors


def test_a_reload_keeps_the_sheet_and_a_shared_link_shows_it(
        new_context: Callable[..., BrowserContext]) -> None:
    page = phone(new_context)
    start(page, "en", 0)
    ended(page, 1)
    for tile in ("[6|6]", "[5|6]"):
        page.get_by_role("button", name=tile, exact=True).click()
        settle(page)
    settle_round(page)
    expect(page.get_by_text("North played their last tile and scores the opponents' "
                            "totals: 23.")).to_be_visible(timeout=WAIT)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("23", timeout=WAIT)
    code = sheet_code(page)
    assert parse_sheet(code).match().scores == [23, 0]
    page.reload()
    settle(page)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("23", timeout=WAIT)
    assert sheet_code(page) == code
    # Copy the link as a player would, and open it on another phone.
    page.locator(".st-key-share-scores button.copy").click()
    link = page.locator(".st-key-share-scores input.link")
    expect(link).to_be_visible(timeout=WAIT)
    shared = link.input_value()
    assert "/scores?" in shared and page.evaluate("navigator.clipboard.readText()") == shared
    other = phone(new_context)
    other.goto(shared)
    settle(other)
    expect(other.locator("table.scores-sheet tfoot")).to_contain_text("23", timeout=WAIT)
    assert sheet_code(other) == code


def test_undo_asks_and_the_browsers_back_brings_the_round_back_saying_so(
        new_context: Callable[..., BrowserContext]) -> None:
    """Each change of the sheet is a step in the browser's history (the address is the
    sheet): Undo asks first; Back after it brings the round back, and the page says it now
    follows the address, instead of still saying the round was taken off."""
    page = phone(new_context)
    start(page, "en", 0)
    for bo in (30, 20):
        ended(page, 1)
        total(page, 1, bo, [1])
        settle_round(page)
        expect(page.locator("table.scores-sheet tfoot")).to_contain_text(
            str(30 if bo == 30 else 50), timeout=WAIT)
    click(page, ".st-key-scores-undo button")
    expect(page.get_by_text("Take round 2 off the sheet?")).to_be_visible(timeout=WAIT)
    assert len(parse_sheet(sheet_code(page)).entries) == 2  # asked, nothing taken yet
    click(page, ".st-key-scores-undo_yes button")
    expect(page.get_by_text("The last result was taken off the sheet.")).to_be_visible(
        timeout=WAIT)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("30", timeout=WAIT)
    page.go_back()
    settle(page)
    expect(page.get_by_text("The sheet now follows the page's address")).to_be_visible(
        timeout=WAIT)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("50", timeout=WAIT)
    expect(page.get_by_text("The last result was taken off the sheet.")).to_have_count(0)
    assert len(parse_sheet(sheet_code(page)).entries) == 2
    page.go_forward()
    settle(page)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("30", timeout=WAIT)
    assert len(parse_sheet(sheet_code(page)).entries) == 1


@pytest.mark.parametrize("lang", ["uk", "ar"])
def test_a_total_typed_is_read_by_the_page_in_its_language(
        new_context: Callable[..., BrowserContext], lang: str) -> None:
    """A number field would turn "12.5" into 12 and "1e5" into 1 before the page saw it, and
    say "between 0 and 69" in English: the total is text the page reads itself."""
    page = phone(new_context)
    start(page, lang, 0)
    ended(page, 1)
    who = page.locator(".st-key-scores-seat button").nth(0)
    page.locator(".st-key-scores-mode-1 button").nth(1).click()
    settle(page)
    field = page.locator(".st-key-scores-total-1 input")
    south = t_in(lang, "seat.south")
    for typed in ("12.5", "1e5"):
        field.fill(typed)
        field.press("Enter")
        settle(page)
        said = t_in(lang, "scores.total_not_number", name=south, text=typed)
        expect(page.locator('[class*="st-key-scores-fb-"]')).to_contain_text(
            said.split(":")[0], timeout=WAIT)
        expect(page.locator('[class*="st-key-scores-fb-"]')).to_contain_text(typed)
        assert field.input_value() == typed  # kept as typed, to be corrected
    field.fill("200")
    field.press("Enter")
    settle(page)
    expect(page.locator('[class*="st-key-scores-fb-"]')).to_contain_text("69", timeout=WAIT)
    assert "between" not in page.locator(".st-key-scores-page").inner_text()
    field.fill("23")
    field.press("Enter")
    expect(who).to_contain_text("23", timeout=WAIT)
    settle(page)
    expect(page.locator('[class*="st-key-scores-fb-"]')).to_have_count(0)
    settle_round(page)
    expect(page.locator("table.scores-sheet tfoot")).to_contain_text("23", timeout=WAIT)
    assert parse_sheet(sheet_code(page)).match().scores == [23, 0]


def test_typing_the_names_keeps_the_starter_chosen(
        new_context: Callable[..., BrowserContext]) -> None:
    """The starter's choices are named by the names typed: typing one changes the labels,
    and the choice made stays (the browser sends back the label it showed)."""
    page = phone(new_context)
    page.goto("/scores?lang=en")
    settle(page)
    click(page, ".st-key-scores-first [data-testid=\"stRadioOption\"]", 1)
    for seat, name in enumerate(("Ann", "Bo")):
        field = page.locator(f".st-key-scores-name-{seat} input")
        field.fill(name)
        field.press("Enter")
        settle(page)
    expect(page.locator(".st-key-scores-first [data-testid=\"stRadioOption\"]").nth(1)
           ).to_have_attribute("data-selected", "true", timeout=WAIT)
    click(page, ".st-key-scores-start button")
    expect(page.locator(".st-key-scores-settle button")).to_be_visible(timeout=WAIT)
    assert parse_sheet(sheet_code(page)).first == 1
