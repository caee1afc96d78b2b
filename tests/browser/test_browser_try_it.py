"""Try it in a real browser: a scenario played by clicking tiles, undo, hidden hands, a bad link.

Waits on the app (texts, the script state), never on time.
"""

from __future__ import annotations

import re

import pytest
from browser_support import play, settle, tile
from playwright.sync_api import Page, expect

from engine.game.rules import block
from ui.pages.try_it.logic import new_deal

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
    expect(page.get_by_text("What White knows: Black holds 3 tiles · 14 tiles are out of play, "
                            "face down."
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
    # The notices were for that link: the first move on the table takes them away.
    found = re.search(r"[?&]seed=(\d+)", page.url)
    assert found, page.url
    play(page, new_deal(block(2), int(found.group(1))).state)
    expect(page.get_by_text("Moves so far (1)")).to_be_visible(timeout=20_000)
    expect(page.get_by_text("“abc” is not a seed")).to_have_count(0, timeout=20_000)
    expect(page.get_by_text("There is no rule family “chess” here")).to_have_count(0)


def test_a_move_reruns_the_table_and_deal_again_the_whole_page(page: Page) -> None:
    """A move, undo and the switch rerun only the table (a fragment); "Deal again" deals from
    a new seed, and the header, the setup's seed and the address follow it."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/try_it?rules=block&players=2&seed=101")
    settle(page)
    header = page.locator("span.muted").filter(has_text=re.compile(r"seed \d+$"))
    expect(header).to_have_text("· seed 101", timeout=20_000)
    undo = page.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_disabled()
    state = new_deal(block(2), 101).state
    for n in (1, 2):
        expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=20_000)
        play(page, state)
        expect(page.get_by_text(f"Moves so far ({n})")).to_be_visible(timeout=20_000)
        settle(page)
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.get_by_text("Moves so far (1)")).to_be_visible(timeout=20_000)
    settle(page)
    page.get_by_role("button", name="Deal again", exact=True).click()
    expect(header).not_to_have_text("· seed 101", timeout=20_000)
    settle(page)
    found = re.search(r"seed (\d+)$", header.text_content() or "")
    assert found, header.text_content()
    seed = found.group(1)
    expect(page).to_have_url(re.compile(rf"[?&]seed={seed}(&|$)"))
    expect(page.get_by_text("Moves so far (0)")).to_be_visible()
    expect(undo).to_be_disabled()
    page.get_by_text("Change the rules or the seed, or open a scenario").click()
    expect(page.get_by_label("Seed", exact=True)).to_have_value(seed, timeout=20_000)
    assert not errors, errors


def test_a_repeated_parameter_gives_a_notice_and_one_value_in_the_address(page: Page) -> None:
    page.goto("/try_it?rules=block&seed=1&seed=2")
    settle(page)
    expect(page.get_by_text("“seed” is in the address more than once (1, 2)")).to_be_visible(
        timeout=20_000)
    expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=20_000)
    expect(page).to_have_url(re.compile(r"[?&]seed=\d+(&|$)"))
    assert page.url.count("seed=") == 1, page.url


@pytest.mark.parametrize(("width", "table_first"), [(390, True), (1280, False)])
def test_on_a_phone_the_table_and_the_hand_come_before_the_other_hands(
        page: Page, width: int, table_first: bool) -> None:
    """Five-player Gaple: on a phone-sized window the table and the mover's hand are at the
    top of the board, the four other hands below; a wide window keeps them above the table."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/try_it?rules=gaple&players=5&seed=51")
    settle(page)
    felt, hand, others = page.locator(".felt"), page.locator(".hand-wrap"), page.locator(".others")
    expect(felt).to_be_visible(timeout=20_000)
    expect(others.locator(".other")).to_have_count(4)
    f, h, o = felt.bounding_box(), hand.bounding_box(), others.bounding_box()
    assert f and h and o
    if table_first:
        assert f["y"] < h["y"] < o["y"], (f, h, o)
    else:
        assert o["y"] < f["y"] < h["y"], (f, h, o)
    # the turned-up middle tile is explained, and opens the move log
    expect(page.get_by_text(re.compile(r"was turned face up from there and starts the line")
                            )).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Turned up from the middle: \[\d\|\d\] starts the line\.$"))
           ).to_be_visible()
