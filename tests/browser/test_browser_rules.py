"""The Rules page in a real browser: a topic link opens at its topic, the contents scroll."""

from __future__ import annotations

import pytest
from browser_support import settle
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_a_topic_link_opens_at_its_topic(page: Page) -> None:
    page.goto("/rules?family=gaple&topic=settling")
    settle(page)
    heading = page.locator("#gaple-settling")
    expect(heading).to_be_in_viewport(timeout=10_000)
    expect(page.get_by_text("Our decision (the document is silent)").first).to_be_attached()


def test_the_contents_and_the_family_selector(page: Page) -> None:
    page.goto("/rules")
    settle(page)
    expect(page.locator(".caption-desc").first).to_contain_text("Tiles: [1|4]. Connections: none.")
    page.get_by_role("radio", name="The two-player game", exact=True).click()
    expect(page.get_by_text("as a Ukrainian guide to it explains")).to_be_visible(
        timeout=20_000)
    settle(page)
    assert "family=duel" in page.url
    page.locator('ul.rules-toc a[href="#duel-ending"]').click()
    expect(page.locator("#duel-ending")).to_be_in_viewport(timeout=10_000)
