"""Coming back (UX.md §8) in a real browser: the site's plain address resumes the learner this
browser remembers; the address keeps working as a link for other devices; a learner can start
afresh on purpose, after a confirmation.  Everything waits on the app, never on time."""

from __future__ import annotations

import re
from collections.abc import Callable

from browser_support import WAIT, settle
from playwright.sync_api import BrowserContext, Locator, Page, expect

from engine.teaching.quiz import question
from ui.pages.quiz.logic import seat_names
from ui.session import COOKIE

QUIZ_DONE = re.compile(r"^Quiz: 1 right of 1 · best streak 1$")


def sidebar(page: Page) -> Locator:
    return page.get_by_test_id("stSidebar")


def learner_of(page: Page) -> str:
    found = re.search(r"[?&]learner=([A-Za-z0-9_-]+)", page.url)
    assert found, page.url
    return found.group(1)


def answer_right(page: Page, level: int, seed: int) -> None:
    q = question(level, seed)
    names = seat_names(q.state)
    form = page.get_by_test_id("stForm")
    nobody = "Nobody scores" if q.rules.family == "block" else "A draw"
    form.get_by_role("radio", name=nobody if q.winner is None else names[q.winner],
                     exact=True).click()
    if q.asks_points and q.winner is not None:
        form.get_by_label("How many points?", exact=True).fill(str(q.points))
    form.get_by_role("button", name="Check").click()
    expect(page.get_by_text("Right.", exact=True).first).to_be_visible(timeout=WAIT)
    settle(page)


def remembers(page: Page, learner: str) -> None:
    """Wait until the page's script has written the learner into the browser's cookie (it
    does so once the page has drawn)."""
    page.wait_for_function("([name, value]) => document.cookie.split('; ')"
                           ".includes(name + '=' + value)", arg=[COOKIE, learner],
                           timeout=WAIT)


def shows_quiz_progress(page: Page, count: int) -> None:
    settle(page)
    expect(sidebar(page).get_by_text(QUIZ_DONE)).to_have_count(count, timeout=WAIT)


def test_the_plain_address_resumes_and_a_learner_can_start_afresh(
        page: Page, new_context: Callable[..., BrowserContext]) -> None:
    seed = question(1, 11).seed
    page.goto(f"/quiz?quiz_level=1&quiz_seed={seed}")
    settle(page)
    answer_right(page, 1, seed)
    shows_quiz_progress(page, 1)
    learner = learner_of(page)
    remembers(page, learner)
    assert {c["name"]: c["value"] for c in page.context.cookies()}.get(COOKIE) == learner

    # the site's plain address, in the same browser: the same learner, progress and all
    page.goto("/")
    shows_quiz_progress(page, 1)
    assert learner_of(page) == learner

    # another browser (no cookie) starts a new learner; the address brings the old one back
    other = new_context().new_page()
    other.goto("/")
    shows_quiz_progress(other, 0)
    assert learner_of(other) != learner
    other.goto(f"/?learner={learner}")
    shows_quiz_progress(other, 1)

    # start afresh on purpose: asked first, then a new learner with nothing done
    sidebar(page).get_by_role("button", name="Start afresh", exact=True).click()
    confirm = page.locator(".st-key-nav-afresh-confirm")
    expect(confirm).to_contain_text("Start afresh as a new learner", timeout=WAIT)
    confirm.get_by_role("button", name="Cancel", exact=True).click()
    shows_quiz_progress(page, 1)
    assert learner_of(page) == learner
    sidebar(page).get_by_role("button", name="Start afresh", exact=True).click()
    page.locator(".st-key-nav-afresh-confirm").get_by_role(
        "button", name="Yes, start afresh", exact=True).click()
    expect(page.get_by_text("You start afresh: a new learner")).to_be_visible(timeout=WAIT)
    shows_quiz_progress(page, 0)
    fresh = learner_of(page)
    assert fresh != learner
    remembers(page, fresh)
    expect(sidebar(page).get_by_text(re.compile(r"^0 of \d+ steps done · 0 ★$"))).to_be_visible()

    # and the plain address now resumes the new learner, not the old one
    page.goto("/")
    shows_quiz_progress(page, 0)
    assert learner_of(page) == fresh
