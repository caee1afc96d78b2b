"""The counting drill in a real browser: a short timed run played with the keyboard alone.

The run is short here (``DOMINO_DRILL_SECONDS`` on a server of its own), yet long enough for
one answer on a busy machine; the countdown ticks in the browser and, at zero, asks the page
for the result once.  Every step waits on the page (its texts, the script's state), the end
included: nothing measures time.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from browser_support import WAIT, settle
from live_site import streamlit_server
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SECONDS = 25


@pytest.fixture(scope="module")
def short_runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose drill runs last :data:`SECONDS` seconds."""
    folder = tmp_path_factory.mktemp("drill-server")
    with ExitStack() as stack:
        with pytest.MonkeyPatch.context() as mp:  # for the server only, not this process
            mp.setenv("DOMINO_DRILL_SECONDS", str(SECONDS))
            url = stack.enter_context(streamlit_server(folder / "data",
                                                       folder / "streamlit.log"))
        yield url


def test_a_short_run_with_the_keyboard_alone(page: Page, short_runs: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{short_runs}/drill")
    settle(page)
    expect(page.get_by_role("heading", name="Counting drill", exact=True)).to_be_visible(
        timeout=WAIT)
    start = page.get_by_role("button", name="Start", exact=True)
    start.focus()
    page.keyboard.press("Enter")
    answers = page.locator(".st-key-drill-answers")
    expect(answers).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("timer")).to_have_text(re.compile(r"0:[0-2]\d"))
    # The focus went with Start: the countdown puts it on the first answer.
    first = answers.locator("button").first
    expect(first).to_be_focused(timeout=WAIT)
    asked = page.locator(".drill-ask")
    expect(asked).to_contain_text("1.")
    check = page.get_by_role("button", name="Check", exact=True)
    if check.count():  # numbers to mark: the first one, then Check
        page.keyboard.press("Enter")
        settle(page)
        check.focus()
    page.keyboard.press("Enter")  # answers with the first choice
    # Right: the next question comes; wrong: the reason, and Next has the focus.
    expect(page.get_by_text(re.compile(r"^(Right: .+\.|Not quite: .+)$")).first).to_be_visible(
        timeout=WAIT)
    settle(page)
    if page.locator(".st-key-drill-next-box").count():
        expect(page.get_by_role("button", name="Next question")).to_be_focused(timeout=WAIT)
        page.keyboard.press("Enter")
    expect(asked).to_contain_text("2.", timeout=WAIT)
    expect(page.locator(".drill-tally")).to_contain_text("/ 1")
    # Nobody clicks again: at zero the countdown asks for the result.
    expect(page.get_by_role("heading", name="Time's up")).to_be_visible(
        timeout=SECONDS * 1000 + WAIT)
    expect(page.get_by_text(re.compile(rf"right of 1 answer in {SECONDS} seconds"))).to_be_visible()
    expect(page.get_by_text("Right answers a minute:")).to_be_visible()
    page.get_by_role("button", name="Another run").click()
    expect(page.locator(".drill-ask")).to_contain_text("1.", timeout=WAIT)
    assert not errors, errors
    assert "DOMINO_DRILL_SECONDS" not in os.environ  # the short runs are that server's only
