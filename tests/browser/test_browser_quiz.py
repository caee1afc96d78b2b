"""The Quiz in a real browser: from Home via the sidebar, one question answered right.

The right answer is computed here with the engine from the level and seed the
page puts in its address, exactly as a shared link would reproduce it.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from browser_support import settle
from playwright.sync_api import Page, expect

from engine.teaching.quiz import question
from ui.pages.quiz.logic import seat_names

pytestmark = pytest.mark.browser


def params(page: Page) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def open_quiz(page: Page) -> None:
    page.goto("/")
    settle(page)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Quiz", exact=True).click()
    expect(page.get_by_role("heading", name="Quiz", exact=True)).to_be_visible(timeout=20_000)
    settle(page)
    expect(page.get_by_role("button", name="Check")).to_be_visible()
    page.wait_for_url("**quiz_seed=*", timeout=20_000)


def test_answer_a_question_right(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_quiz(page)
    got = params(page)
    q = question(int(got["quiz_level"]), int(got["quiz_seed"]))
    assert q.seed == int(got["quiz_seed"])
    names = seat_names(q.state)
    form = page.get_by_test_id("stForm")
    if q.winner is None:
        choice = "Nobody scores" if q.rules.family == "block" else "A draw"
    else:
        choice = names[q.winner]
    form.get_by_role("radio", name=choice, exact=True).click()
    if q.asks_points and q.winner is not None:
        form.get_by_label("How many points?", exact=True).fill(str(q.points))
    form.get_by_role("button", name="Check").click()
    expect(page.get_by_text("Right.", exact=True).first).to_be_visible(timeout=20_000)
    settle(page)
    expect(page.locator(".quiz-stats")).to_contain_text("This set: 1 / 1Streak: 1Best streak: 1")
    # the next question, by keyboard-reachable button; never the same one
    page.get_by_role("button", name="Next question →").click()
    expect(page.get_by_role("button", name="Check")).to_be_visible(timeout=20_000)
    settle(page)
    page.wait_for_url(lambda url: f"quiz_seed={q.seed}&" not in url + "&", timeout=20_000)
    after = params(page)
    assert question(int(after["quiz_level"]), int(after["quiz_seed"])).key != q.key
    assert not errors, errors
