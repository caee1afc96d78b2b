"""Playing on the Play page in a real browser, as a learner would: only what the page shows.

The learner cannot see the computer's tiles, so a turn tries the hand's tiles in order: a
click on a tile (and on a marked end where the tile fits two), which the page either plays
(the move log's count goes up) or refuses ("Not allowed." naming the tile, nothing changed);
when no tile fits, Pass (or Draw).  Everything waits on the page's texts, never on time.

Shared by tests/browser/test_browser_play.py and the eight-sessions check in test_browser_site.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from browser_support import WAIT, settle, tile
from playwright.sync_api import Locator, Page, expect

LOG_COUNT = re.compile(r"Moves so far \((\d+)\)")
RESULT = "Result:"
REVIEW = "Review of your moves"
WAITING = "working it out…"  # a review verdict not in yet
REFUSED = '[class*="st-key-play-fb-no"]'
LIVE = "#live-play"  # the page's one live region (ui/widgets/live.py), a child of <body>
BRACKET = re.compile(r"\[(\d)\|(\d)\]")

# Before any script of the page: every announcement the live region makes, in order (each is
# a new child of the region, so the same words twice in a row are two entries), and how many
# times a region was put into the document or taken out of it.
LIVE_SPY_JS = """
(() => {
  const seen = window.__live = [];
  window.__liveRegions = {added: 0, removed: 0};
  new MutationObserver((changes) => {
    for (const c of changes) {
      for (const n of c.addedNodes) {
        if (n.id === 'live-play') window.__liveRegions.added++;
        if (c.target.id === 'live-play') seen.push(n.textContent);
      }
      for (const n of c.removedNodes) if (n.id === 'live-play') window.__liveRegions.removed++;
    }
  }).observe(document, {subtree: true, childList: true});
})();
"""


def bracket(name: str) -> str:
    """ "1-4" (a tile button's data-tile) as the page writes it: "[1|4]"."""
    low, high = name.split("-")
    return f"[{low}|{high}]"


def log_summary(page: Page) -> Locator:
    return page.get_by_test_id("stExpander").filter(has_text=LOG_COUNT).locator("summary")


def moves_so_far(page: Page) -> int:
    """The move log's count, once the page shows one log (while a run is under way, the log
    of the run before may stay beside the new one for a moment)."""
    summary = log_summary(page)
    expect(summary).to_have_count(1, timeout=WAIT)
    found = LOG_COUNT.search(summary.text_content(timeout=WAIT) or "")
    assert found, "no move log on the page"
    return int(found.group(1))


def log_lines(page: Page) -> list[str]:
    """The move log's entries, in order (opening the log's expander if it is closed)."""
    log = page.get_by_test_id("stExpander").filter(has_text=LOG_COUNT)
    if log.locator("details").get_attribute("open") is None:
        log.locator("summary").click()
    expect(log.get_by_role("listitem").first).to_be_visible(timeout=WAIT)
    return [x.strip() for x in log.get_by_role("listitem").all_text_contents()]


def hand(page: Page) -> list[str]:
    """The tiles in the learner's hand, as the buttons name them ("1-4")."""
    return [str(b.get_attribute("data-tile")) for b in page.locator("button.tile").all()]


def count_is(page: Page, *counts: int) -> Locator:
    """The log's summary when it shows one of ``counts``."""
    alternatives = "|".join(str(n) for n in counts)
    return page.get_by_text(re.compile(rf"^Moves so far \(({alternatives})\)$"))


def wait_for_turn(page: Page, timeout: float = WAIT) -> bool:
    """Wait until the learner may move (True) or the round is over (False)."""
    turn = page.locator("button.tile:enabled").first
    over = page.get_by_text(RESULT, exact=True)
    expect(turn.or_(over).first).to_be_visible(timeout=timeout)
    return not over.is_visible()


def wait_for_review(page: Page) -> int:
    """Wait until the round's review is drawn with every answer in (none still being worked
    out, no progress bar), and check each reviewed move has its verdict and its replay
    button; their number."""
    expect(page.get_by_role("heading", name=REVIEW)).to_be_visible(timeout=WAIT)
    settle(page)  # the run that drew the heading has drawn the whole review
    expect(page.get_by_text(WAITING)).to_have_count(0, timeout=WAIT)
    expect(page.get_by_test_id("stProgress")).to_have_count(0, timeout=WAIT)
    settle(page)
    reviewed = page.get_by_role("button", name=re.compile(r"^Replay from move \d+$")).count()
    expect(page.get_by_text("Best with every hand open:")).to_have_count(reviewed)
    return reviewed


def live_texts(page: Page) -> list[str]:
    """What the live region said since the page loaded (with LIVE_SPY_JS installed)."""
    return list(page.evaluate("() => window.__live || []"))


def live_regions(page: Page) -> dict[str, int]:
    """How many times a live region was added to the document and removed from it."""
    return dict(page.evaluate("() => window.__liveRegions"))


@dataclass
class Turn:
    """One learner turn: the move made (a tile as "[1|4]", "pass" or "draw") and the tiles
    refused on the way."""

    played: str
    refused: list[str] = field(default_factory=list)


def take_turn(page: Page, *, prefer: list[str] | None = None, end: str | None = None) -> Turn:
    """Make one move for the learner (it must be their turn) at a two-player table: try the
    tiles (``prefer`` first, then the hand in order), then Pass or Draw.  ``end`` picks the
    marked end where a tile fits two.  Waits until the page has taken the move and the
    computer has answered (the log's count went up by two), or the round is over."""
    n = moves_so_far(page)
    answered = count_is(page, n + 2).or_(page.get_by_text(RESULT, exact=True)).first
    mine = hand(page)
    order = [x for x in (prefer or []) if x in mine] + [x for x in mine if x not in (prefer or [])]
    turn = Turn("")
    moved = count_is(page, n + 1, n + 2)
    for name in order:
        tile(page, name).click()
        fits = page.locator(".v-wide .fit")
        if fits.count():
            target = page.locator(f'.v-wide .fit[data-end="{end}"]') if end else fits.first
            target.click()
        refused = page.locator(REFUSED).filter(has_text=bracket(name))
        expect(moved.or_(refused).first).to_be_visible(timeout=WAIT)
        if refused.is_visible() and not moved.is_visible():
            # A refusal changes nothing: the same count, the tile still in the hand.
            expect(refused).to_contain_text("Not allowed.")
            expect(count_is(page, n)).to_be_visible()
            expect(tile(page, name)).to_be_enabled()
            turn.refused.append(bracket(name))
            continue
        turn.played = bracket(name)
        expect(tile(page, name)).to_have_count(0, timeout=WAIT)  # the board has the move
        expect(answered).to_be_visible(timeout=WAIT)
        return turn
    for control in ("pass", "draw"):
        button = page.locator(f'.controls button[data-control="{control}"]')
        if button.count():
            button.click()
            expect(answered).to_be_visible(timeout=WAIT)
            turn.played = control
            return turn
    raise AssertionError(f"no move was taken from the hand {mine}")


def play_to_the_end(page: Page, limit: int = 60) -> list[Turn]:
    """The learner's turns until the round is over."""
    turns: list[Turn] = []
    while wait_for_turn(page):
        turns.append(take_turn(page))
        assert len(turns) < limit, "the round does not end"
    return turns
