"""Smoke test: the home page renders in a real browser without an error."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_home_page_renders(page: Page) -> None:
    page_errors: list[str] = []
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))

    page.goto("/")

    # The script ran to the end ...
    expect(
        page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')
    ).to_be_attached(timeout=20_000)
    # ... and drew a page: a non-empty main heading, no Python exception box.
    heading = page.get_by_role("heading", level=1).first
    expect(heading).to_be_visible()
    expect(heading).not_to_have_text("")
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert not page_errors, f"JavaScript errors on the page: {page_errors}"
