"""Puzzles in a real browser: a puzzle solved by clicking its tile on the table, the rating
moved and the focus on the way on; and a mistake of the learner's own brought back the next
day, the site's clock moved a day on (a second server reads it from a file), found from Home
and answered with the keyboard alone."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import WAIT, settle, tile
from live_site import streamlit_server
from playwright.sync_api import Page, expect

from engine.notation.code import Position
from engine.teaching.scenario import Scenario
from ui import progress
from ui.content import load_puzzles

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BANK = load_puzzles(ROOT / "scenarios").puzzles
DAY = 86_400


def one_click(s: Scenario) -> bool:
    """Whether the puzzle's answer is a tile that fits one end only (a click, or Enter)."""
    p = s.puzzle
    assert p is not None
    best = p.best[0]
    state = s.replay()
    return best.kind == "play" and sum(m.tile == best.tile for m in state.legal_moves()) == 1


def a_puzzle(family: str) -> Scenario:
    return next(s for s in BANK.values() if s.rules.family == family and one_click(s))


def test_a_puzzle_solved_on_the_table(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    s = a_puzzle("duel")
    p = s.puzzle
    assert p is not None and p.best[0].tile is not None
    page.goto(f"/puzzles?puzzle={s.id}")
    settle(page)
    expect(page.get_by_role("heading", name="Puzzles", exact=True, level=1)).to_be_visible(
        timeout=WAIT)
    expect(page.get_by_text("Find the best move.")).to_be_visible()
    expect(page.locator(".others .other")).to_have_count(1)  # the other hand, face down
    best = str(p.best[0].tile)
    expect(tile(page, best)).to_be_enabled(timeout=WAIT)
    tile(page, best).click()
    expect(page.get_by_text("Right.", exact=True)).to_be_visible(timeout=WAIT)
    settle(page)
    expect(page.get_by_text("on average").first).to_be_visible()
    expect(page.get_by_text("1500 → ")).to_be_visible()
    # The way on has the keyboard's focus, and leads to another puzzle.
    expect(page.get_by_role("button", name="Next puzzle")).to_be_focused(timeout=WAIT)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: f"puzzle={s.id}" not in url, timeout=WAIT)
    expect(page.get_by_text("Find the best move.")).to_be_visible(timeout=WAIT)
    assert not errors, errors


@pytest.fixture(scope="module")
def clocked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, Path]]:
    """A second server whose clock a file moves: its URL, data folder and clock file."""
    data = tmp_path_factory.mktemp("puzzles-data")
    clock = tmp_path_factory.mktemp("clock") / "offset"
    clock.write_text("0", encoding="utf-8")
    with streamlit_server(data, tmp_path_factory.mktemp("server") / "streamlit.log",
                          env={"DOMINO_CLOCK_FILE": str(clock)}) as url:
        yield url, data, clock


def keep_mistake(data: Path, learner: str, s: Scenario) -> None:
    """A mistake of a reviewed round of Play, as the review keeps it, made just now."""
    p = s.puzzle
    assert p is not None
    whole = Position.from_state(s.replay())
    wrong = next(f for f in p.moves if f.move not in p.best)
    moves = [[f.move.text(), f.expected, "best" if f.move in p.best else "mistake"]
             for f in p.moves]
    progress.register(learner, data_dir=data)
    with progress.connect(data) as conn:
        conn.execute(
            "INSERT INTO decisions (learner, round_id, number, family, seen, position, played, "
            "best, played_expected, best_expected, loss, grade, exact, moves, decided) "
            "VALUES (?, 'round-1', 5, ?, ?, ?, ?, ?, ?, ?, ?, 'mistake', 1, ?, ?)",
            (learner, s.rules.family, whole.seen_by(p.seat).text(), whole.text(),
             wrong.move.text(), json.dumps([m.text() for m in p.best]), wrong.expected,
             p.moves[0].expected, p.moves[0].expected - wrong.expected, json.dumps(moves),
             time.time()))


def test_a_mistake_comes_back_the_next_day(page: Page, clocked: tuple[str, Path, Path]) -> None:
    url, data, clock = clocked
    learner = progress.new_learner_id()
    s = a_puzzle("block")
    keep_mistake(data, learner, s)
    page.goto(f"{url}/puzzles?learner={learner}")
    settle(page)
    expect(page.get_by_text("Nothing is due today.", exact=False)).to_be_visible(timeout=WAIT)
    clock.write_text(str(DAY + 60), encoding="utf-8")  # the next day
    page.goto(f"{url}/?learner={learner}")
    settle(page)
    expect(page.get_by_text("Your mistakes, due today")).to_be_visible(timeout=WAIT)
    page.get_by_role("link", name="Practise them").click()
    expect(page.get_by_text("From your round of")).to_be_visible(timeout=WAIT)
    settle(page)
    # The keyboard alone: the answer's tile takes the focus, and Enter plays it.
    p = s.puzzle
    assert p is not None
    best = str(p.best[0].tile)
    expect(tile(page, best)).to_be_enabled(timeout=WAIT)
    tile(page, best).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Right.", exact=True)).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("In your round you played")).to_be_visible()
    (card,) = progress.own_cards(learner, data_dir=data)
    assert card.reviews == 1 and card.due > time.time() + DAY  # not due again tomorrow
    page.goto(f"{url}/?learner={learner}")
    settle(page)
    expect(page.get_by_role("heading", name="Learn block dominoes")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Your mistakes, due today")).to_have_count(0)


def test_discard_on_a_gaple_puzzle_reads_on_hover_and_clears_a_refusal(page: Page) -> None:
    """"Discard a tile", once on, keeps its label readable under the pointer (its text and
    background colours differ, as computed by the browser), and turning it on takes away
    what was said of a tile refused before."""
    s = next(b for b in BANK.values()
             if all(m.kind == "discard" for m in b.replay().legal_moves()))
    p = s.puzzle
    assert p is not None
    refused = str(s.replay().hand(p.seat)[0])
    page.goto(f"/puzzles?puzzle={s.id}")
    settle(page)
    expect(tile(page, refused)).to_be_enabled(timeout=WAIT)
    tile(page, refused).click()
    no_match = page.get_by_text("no match", exact=False)
    expect(no_match.first).to_be_visible(timeout=WAIT)
    settle(page)
    discard = page.locator('.controls button[data-control="discard"]')
    discard.click()
    expect(discard).to_have_attribute("aria-pressed", "true", timeout=WAIT)
    expect(no_match).to_have_count(0, timeout=WAIT)
    settle(page)
    expect(discard).to_have_attribute("aria-pressed", "true")  # still on after the run
    page.mouse.move(0, 0)
    discard.hover()
    colours = discard.evaluate(
        "b => { const c = getComputedStyle(b); return [c.color, c.backgroundColor]; }")
    assert colours[0] != colours[1], colours
    assert colours[0] == "rgb(255, 255, 255)", colours
    # The answer: a tile thrown dead.
    tile(page, str(p.best[0].tile)).click()
    expect(page.get_by_text("Right.", exact=True)).to_be_visible(timeout=WAIT)
