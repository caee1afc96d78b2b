"""Play's tutor mode in a real browser, the appraisal worked out in the server's worker pool: the
setting, the stop before a blunder made with the keyboard (the focus on its first button,
Escape to think again and back to the hand, the stop said in the live region), its hint, and
"Play it anyway".

Block for two against Easy opponents, seed 44: the learner opens, and [1|6] loses about 17
points a round against [5|5] over the deals the learner's view allows: a blunder by a wide
margin, whatever number of deals the appraisal's half second allows on a busy machine.
Everything waits on the page, never on time.
"""

from __future__ import annotations

import re

import pytest
from browser_support import WAIT, settle, tile
from play_browser import LIVE, LIVE_SPY_JS, count_is, hand, live_texts, moves_so_far
from playwright.sync_api import Page, expect
from test_browser_play import focused_tile, to_tile, watch_errors

from engine.game.rules import block
from ui.pages.play.logic import new_table

pytestmark = pytest.mark.browser

SEED = 44
ADDRESS = f"/play?rules=block&players=2&level=heaviest&seed={SEED}"
STOP = "Wait: [1|6] looks like a blunder."


def test_the_tutor_stops_a_blunder_and_the_keyboard_answers_it(page: Page) -> None:
    errors = watch_errors(page)
    page.add_init_script(LIVE_SPY_JS)
    dealt = new_table(block(2), "heaviest", SEED)
    assert dealt.state.mover == dealt.learner and not dealt.state.history  # the learner opens
    assert {"1-6", "5-5"} <= {str(x) for x in dealt.state.hand(dealt.learner)}
    page.goto(ADDRESS)
    settle(page)
    page.get_by_text("Choose the game and your opponents").click()
    settle(page)  # opening the setup reruns the page: a click meanwhile may be undone
    toggle = page.get_by_role("switch", name="Tutor mode")
    expect(toggle).not_to_be_checked(timeout=WAIT)  # off at first
    page.get_by_text("Tutor mode", exact=True).click()
    expect(toggle).to_be_checked(timeout=WAIT)
    settle(page)
    expect(page.locator("button.tile:enabled")).to_have_count(7, timeout=WAIT)
    # The blunder, with the keyboard alone: Tab to the hand, the arrows to [1|6], Enter (one
    # tile opens the line).
    to_tile(page, "1-6")
    page.keyboard.press("Enter")
    stop = page.get_by_text(STOP, exact=True)
    expect(stop).to_be_visible(timeout=WAIT)
    words = page.locator(".st-key-play-tutor-words")
    expect(words).to_contain_text(re.compile(
        r"On average it costs you about \d+\.\d( \u00b1 \d+\.\d)? points a round against the best"
        r" move\."))  # with its margin where the appraisal is an estimate
    for label in ("Think again", "Hint", "Play it anyway"):
        expect(page.get_by_role("button", name=label, exact=True)).to_be_visible()
    settle(page)
    again = page.get_by_role("button", name="Think again", exact=True)
    expect(again).to_be_focused(timeout=WAIT)  # the stop's first button, described by it
    expect(again).to_have_accessible_description(re.compile(r"^Wait: \[1\|6\] looks like"))
    expect(page.locator(LIVE)).to_contain_text(STOP, timeout=WAIT)  # said, for a screen reader
    assert moves_so_far(page) == 0 and "1-6" in hand(page)  # nothing played
    expect(page.locator("button.tile:enabled")).to_have_count(0)  # the table waits on the stop
    # Escape: think again.  The stop goes, nothing changed, the focus is back on [1|6].
    page.keyboard.press("Escape")
    expect(stop).to_have_count(0, timeout=WAIT)
    expect(page.locator("button.tile:enabled")).to_have_count(7, timeout=WAIT)
    expect(page.locator("button.tile:focus")).to_have_count(1, timeout=WAIT)
    assert focused_tile(page) == "1-6"
    assert moves_so_far(page) == 0
    # Again: stopped again (the appraisal is in: at once).  The hint shows the tutor's choice.
    page.keyboard.press("Enter")
    expect(stop).to_be_visible(timeout=WAIT)
    expect(again).to_be_focused(timeout=WAIT)
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.get_by_text("The tutor's choice: [5|5]", exact=True)).to_be_visible(timeout=WAIT)
    expect(page.locator('button.tile.hint[data-tile="5-5"]')).to_have_count(1, timeout=WAIT)
    expect(page.locator(LIVE)).to_contain_text("The tutor's choice: [5|5]", timeout=WAIT)
    # Play it anyway: the learner's own choice is played.
    page.get_by_role("button", name="Play it anyway", exact=True).click()
    expect(count_is(page, 1, 2)).to_be_visible(timeout=WAIT)
    expect(tile(page, "1-6")).to_have_count(0, timeout=WAIT)
    expect(stop).to_have_count(0)
    assert sum(STOP in x for x in live_texts(page)) == 2  # each stop said once
    assert not errors, errors


def test_think_again_after_a_move_made_with_the_buttons_gives_the_focus_back_to_them(
        page: Page) -> None:
    """"Move with buttons instead": the blunder played with its button is stopped; "Think
    again", with Escape or with a click, hands the focus back to that button (the buttons
    stay open), not to the page's body."""
    errors = watch_errors(page)
    page.goto(ADDRESS)
    settle(page)
    page.get_by_text("Choose the game and your opponents").click()
    settle(page)
    toggle = page.get_by_role("switch", name="Tutor mode")
    page.get_by_text("Tutor mode", exact=True).click()
    expect(toggle).to_be_checked(timeout=WAIT)
    settle(page)
    expect(page.locator("button.tile:enabled")).to_have_count(7, timeout=WAIT)
    page.get_by_text("Move with buttons instead", exact=True).click()
    blunder = page.get_by_role("button", name="Play [1|6]", exact=True)
    expect(blunder).to_be_visible(timeout=WAIT)
    stop = page.get_by_text(STOP, exact=True)
    again = page.get_by_role("button", name="Think again", exact=True)
    for answer in ("Escape", "click"):
        blunder.focus()
        page.keyboard.press("Enter")
        expect(stop).to_be_visible(timeout=WAIT)
        settle(page)
        expect(again).to_be_focused(timeout=WAIT)
        if answer == "Escape":
            page.keyboard.press("Escape")
        else:
            again.click()
        expect(stop).to_have_count(0, timeout=WAIT)
        expect(blunder).to_be_enabled(timeout=WAIT)
        expect(blunder).to_be_focused(timeout=WAIT)  # back on the move buttons
        assert moves_so_far(page) == 0
    assert not errors, errors
