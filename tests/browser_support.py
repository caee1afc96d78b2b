"""What the browser tests share: waiting for Streamlit's rerun to finish, and the board's tiles.

Everything waits on the app (its texts, the script state), never on time.  The board
component lives in a shadow root; Playwright's CSS locators pierce it.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
WAIT = 20_000  # ms: generous, for a busy small machine


def settle(page: Page) -> None:
    """Wait until the script has run to its end (no rerun in progress)."""
    expect(page.locator(IDLE)).to_be_attached(timeout=WAIT)


def tile(page: Page, name: str) -> Locator:
    """A tile button in the board component's hand ("1-4")."""
    return page.locator(f'button.tile[data-tile="{name}"]')
