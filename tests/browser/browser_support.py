"""What the browser tests share: waiting for Streamlit's rerun to finish, the board's tiles,
and playing a legal move on the board.

Everything waits on the app (its texts, the script state), never on time.  The board
component lives in a shadow root; Playwright's CSS locators pierce it.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from engine.game.state import State
from ui.widgets.board import fallback_moves

IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
WAIT = 20_000  # ms: generous, for a busy small machine


def settle(page: Page) -> None:
    """Wait until the script has run to its end (no rerun in progress)."""
    expect(page.locator(IDLE)).to_be_attached(timeout=WAIT)


def tile(page: Page, name: str) -> Locator:
    """A tile button in the board component's hand ("1-4")."""
    return page.locator(f'button.tile[data-tile="{name}"]')


def play(page: Page, state: State) -> str:
    """Click the first legal move of ``state`` on the table (tile, then a marked end where
    the tile fits two ends showing different values; or Pass); play it in ``state`` too.
    Returns the move's tile as the page writes it ("[5|5]"), or "pass"."""
    for suffix, move in fallback_moves(state):
        resolved = state.resolve(move)
        if state.why_illegal(resolved) is not None:
            continue
        parts = suffix.split(".")
        if parts[0] == "pass":
            page.locator('.controls button[data-control="pass"]').click()
        else:
            tile(page, parts[1]).click()
            if len(parts) == 3:
                page.locator(f'.v-wide [data-end="{parts[2]}"]').click()
        state.push(resolved)
        return resolved.tile.bracket() if resolved.tile else "pass"
    raise AssertionError(f"no legal move to click in {state}")
