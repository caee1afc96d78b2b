"""Play in a real browser against the computer thinking in worker processes: a two-player
Block round to its end by clicking, a hint, the review and a replay of a better move, a
move with the keyboard alone, and the marks on the tiles that fit.

The live server runs the real worker pool with no pause between computer moves (conftest).
The learner sees only their own tiles, so the tests play as a learner would (play_browser.py):
try a tile, see it played or refused.  Everything waits on the page's texts, never on time.
"""

from __future__ import annotations

import itertools
import re

import pytest
from browser_support import WAIT, settle, tile
from play_browser import (
    BRACKET,
    LIVE,
    LIVE_SPY_JS,
    REFUSED,
    RESULT,
    REVIEW,
    bracket,
    count_is,
    hand,
    live_regions,
    live_texts,
    log_lines,
    moves_so_far,
    play_to_the_end,
    take_turn,
    wait_for_review,
    wait_for_turn,
)
from playwright.sync_api import Locator, Page, expect

from engine.game.moves import Move
from engine.game.rules import block
from ui.pages.play.logic import Table, advance, new_table, play_move

pytestmark = pytest.mark.browser

ADDRESS = "/play?rules=block&players=2&level=strong&seed={seed}"
COMPUTER = "North"
OPEN_ENDS = re.compile(r" Open ends: \d and \d\.$")


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def deal_line(page: Page, seed: int) -> Locator:
    """The move log's line naming the deal's number (the seed), folded away with the log."""
    return page.get_by_text(re.compile(rf"^Deal number \(seed\): {seed}\. "))


def open_play(page: Page, seed: int, address: str = ADDRESS) -> None:
    page.goto(address.format(seed=seed))
    settle(page)
    expect(deal_line(page, seed)).to_be_attached(timeout=WAIT)


def merged(texts: list[str]) -> list[str]:
    """Consecutive repeats as one."""
    return [x for i, x in enumerate(texts) if i == 0 or texts[i - 1] != x]


# -- (a) a whole round by clicking ------------------------------------------------------------


def test_a_two_player_round_to_its_end_by_clicking(page: Page) -> None:
    errors = watch_errors(page)
    page.add_init_script(LIVE_SPY_JS)
    seed = 7  # North (the computer) opens
    dealt = new_table(block(2), "strong", seed)
    assert dealt.state.mover != dealt.learner
    open_play(page, seed)
    live = page.locator(LIVE)
    expect(live).to_have_attribute("role", "status")
    expect(live).to_have_attribute("aria-live", "polite")
    # The learner's own tiles at the bottom, the computer's face down.
    assert wait_for_turn(page)
    expect(live).to_contain_text(f"{COMPUTER} opens with", timeout=WAIT)
    expect(page.locator(".others svg .face-down")).to_have_count(6)
    assert sorted(hand(page)) == sorted(str(x) for x in dealt.state.hand(dealt.learner))

    turns = play_to_the_end(page)

    expect(page.get_by_text(RESULT, exact=True)).to_be_visible(timeout=WAIT)
    assert wait_for_review(page) >= 1
    settle(page)
    assert any(t.refused for t in turns) or all(t.played != "pass" for t in turns)
    # Each computer move was announced on its own, in order, with the open ends after it.
    lines = log_lines(page)
    assert len(lines) == moves_so_far(page) > len(turns)
    computer = [x for x in lines if x.startswith(COMPUTER)]
    announced = [x for x in live_texts(page) if x]
    # The last says the round is over, after the last computer move if the computer made it
    # (the result itself describes the button the focus goes to).
    last, over, rest = announced[-1].partition("The round is over.")
    assert over and not rest, announced[-1]
    announced[-1:] = [last.strip()] if last.strip() else []
    for text in announced:
        assert text.startswith(COMPUTER) and OPEN_ENDS.search(text), text
    assert merged([OPEN_ENDS.sub("", x) for x in announced]) == merged(computer), (
        announced, computer)
    mine = [x for x in lines if not x.startswith(COMPUTER)]
    assert [BRACKET.search(x).group(0) if BRACKET.search(x) else "pass"  # type: ignore[union-attr]
            for x in mine] == [t.played for t in turns]
    assert not errors, errors


# -- (b) a hint ----------------------------------------------------------------------------------


def test_a_hint_lights_up_a_tile_and_gives_its_reason(page: Page) -> None:
    errors = watch_errors(page)
    seed = 1  # South (the learner) opens
    open_play(page, seed)
    assert wait_for_turn(page)
    take_turn(page)
    assert wait_for_turn(page)
    expect(page.locator("button.tile.hint")).to_have_count(0)
    page.get_by_role("button", name="Hint", exact=True).click()
    shown = page.locator('[class*="st-key-play-hint-fb-hint"]')
    expect(shown).to_contain_text("Hint:", timeout=WAIT)
    lit = page.locator("button.tile.hint")
    expect(lit).to_have_count(1, timeout=WAIT)
    name = str(lit.get_attribute("data-tile"))
    expect(shown).to_contain_text(f"Play {bracket(name)}")
    reasons = shown.get_by_role("listitem")
    expect(reasons.first).to_be_visible()
    assert all(len(x.strip()) > 10 for x in reasons.all_text_contents())
    # The hinted tile is a legal move: played at once, no refusal; the light goes out.
    n = moves_so_far(page)
    turn = take_turn(page, prefer=[name])
    assert turn.played == bracket(name) and not turn.refused, turn
    expect(lit).to_have_count(0, timeout=WAIT)
    assert bracket(name) in log_lines(page)[n]
    assert not errors, errors


# -- (c) the review: replay a better move -------------------------------------------------------

BEST = re.compile(r"Best with every hand open: (?:Play (\[\d\|\d\])(?: on the (left|right) end)?"
                  r"|(Pass))")


def test_the_review_replays_a_better_move_and_goes_back(page: Page) -> None:
    errors = watch_errors(page)
    open_play(page, 12)
    for _ in range(4):  # the first round where one of the learner's moves was not the best
        play_to_the_end(page)
        wait_for_review(page)
        worse = page.locator('[class*="st-key-review-"][class*="-fb-hint"]')
        if worse.count():
            break
        page.get_by_role("button", name="Next round", exact=True).click()
        expect(page.get_by_text(RESULT, exact=True)).to_have_count(0, timeout=WAIT)
    else:
        pytest.fail("every move of four rounds was the best one")
    settle(page)
    result = page.locator(".st-key-play-result").inner_text()
    sheet = page.locator("table.play-sheet").inner_text()
    verdict = worse.first
    expect(verdict).to_contain_text("Your move, ")
    key = re.search(r"st-key-review-(\d+)-fb-hint", str(verdict.get_attribute("class")))
    assert key, verdict.get_attribute("class")
    best = BEST.search(verdict.inner_text())
    assert best, verdict.inner_text()
    replay = page.locator(f".st-key-play-replay-{key.group(1)} button")
    number = int(re.search(r"\d+$", replay.inner_text().strip()).group(0))  # type: ignore[union-attr]

    replay.click()
    banner = page.get_by_text(f"Replaying from move {number}: this round's result was already "
                              "recorded")
    expect(banner).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("heading", name=REVIEW)).to_have_count(0)
    expect(count_is(page, number - 1)).to_be_visible()
    assert wait_for_turn(page)
    tile_text, end, passes = best.groups()
    if passes:
        page.locator('.controls button[data-control="pass"]').click()
        expect(count_is(page, number + 1).or_(page.get_by_text(RESULT, exact=True)).first
               ).to_be_visible(timeout=WAIT)
    else:
        name = "-".join(re.findall(r"\d", tile_text))
        turn = take_turn(page, prefer=[name], end=end)
        assert turn.played == tile_text and not turn.refused, turn
    line = log_lines(page)[number - 1]  # the verdict's best move, as move ``number``
    assert line.startswith("South (you)") and (tile_text or "passes") in line, line
    play_to_the_end(page)  # the better line, played out as practice
    expect(banner).to_be_visible()
    page.get_by_role("button", name="Back to the review", exact=True).click()
    expect(banner).to_have_count(0, timeout=WAIT)
    expect(page.get_by_role("heading", name=REVIEW)).to_be_visible(timeout=WAIT)
    settle(page)
    # The round's own end, its result and the score sheet, as they were: practice never counts.
    assert page.locator(".st-key-play-result").inner_text() == result
    assert page.locator("table.play-sheet").inner_text() == sheet
    expect(page.get_by_role("button", name="Next round", exact=True)).to_be_visible()
    assert not errors, errors


# -- (d) the keyboard alone ---------------------------------------------------------------------


def tab_to(page: Page, target: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``target`` (a CSS selector) has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.locator(target).evaluate_all(
                "els => els.some(e => e.getRootNode().activeElement === e)"):
            return
    raise AssertionError(f"{target} not reached with {limit} Tabs")


def to_tile(page: Page, name: str) -> None:
    """With the keyboard alone, put the focus on the hand's tile ``name`` ("1-6"): Tab to
    the hand (one Tab stop), then the arrow keys along it."""
    tab_to(page, "button.tile:enabled")
    for _ in range(len(hand(page))):
        if focused_tile(page) == name:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{name} not reached with the arrow keys")


def focused_tile(page: Page) -> str | None:
    """The hand's tile that has the focus ("1-4"), if one has."""
    found = page.locator("button.tile").evaluate_all(
        "els => (els.find(e => e.getRootNode().activeElement === e) || {dataset: {}})"
        ".dataset.tile || null")
    return str(found) if found else None


def test_the_keyboard_alone_makes_moves_on_play(page: Page) -> None:
    """The keyboard only (Tab, the arrows, Enter): no clicks and no programmatic focus."""
    errors = watch_errors(page)
    seed = 1  # the learner opens: any tile fits the empty line
    open_play(page, seed)
    assert wait_for_turn(page)
    first = hand(page)[0]
    tab_to(page, f'button.tile[data-tile="{first}"]')
    page.keyboard.press("Enter")
    expect(count_is(page, 2).or_(page.get_by_text(RESULT, exact=True)).first).to_be_visible(
        timeout=WAIT)
    live = page.locator(LIVE)
    expect(live).to_contain_text("North ", timeout=WAIT)
    assert wait_for_turn(page)
    # The focus came back to the hand by itself once it was the learner's turn again.
    tiles = hand(page)
    expect(page.locator("button.tile:focus")).to_have_count(1, timeout=WAIT)
    at = focused_tile(page)
    assert at in tiles, f"the focus is not in the hand after the computer's move ({at})"
    ends = re.search(r"Open ends: (\d) and (\d)\.", live.text_content() or "")
    assert ends, live.text_content()
    fitting = [x for x in tiles if set(x.split("-")) & set(ends.groups())]
    if fitting:
        steps = tiles.index(fitting[0]) - tiles.index(at)
        for _ in range(abs(steps)):  # the hand is one Tab stop: the arrows walk it
            page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
        assert focused_tile(page) == fitting[0]
        page.keyboard.press("Enter")
        marker = page.locator(".v-wide .fit")
        if marker.count():  # it fits both ends: the focus went to the first marked end
            assert marker.evaluate_all(
                "els => els.some(e => e.getRootNode().activeElement === e)")
            page.keyboard.press("Enter")
        played = bracket(fitting[0])
    else:
        tab_to(page, '.controls button[data-control="pass"]')
        page.keyboard.press("Enter")
        played = "passes"
    expect(count_is(page, 4).or_(page.get_by_text(RESULT, exact=True)).first).to_be_visible(
        timeout=WAIT)
    assert played in log_lines(page)[2]
    assert not errors, errors


# -- (e) the live region and the end of a round, for a screen reader ---------------------------

#: Block for two against Easy opponents, seed 164: the learner plays a double wherever one
#: fits (the ends stay as they were), and North passes twice in a row at the same ends.
REPEAT_SEED = 164
REPEATED = "North passes. Open ends: 4 and 5."


def double_first_moves(seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Move], int]:
    """The learner's moves of the whole round at that table, played as the page plays it (the
    computer's answers worked out here, in-process, from the same seeds): the first legal
    double each time, else the first legal move; and how many moves the computer makes."""
    monkeypatch.setenv("DOMINO_THINK", "inline")
    tb = new_table(block(2), "heaviest", seed)
    moves = []
    while not advance_to_learner(tb):
        legal = tb.state.legal_moves()
        move = next((m for m in legal if m.tile is not None and m.tile.low == m.tile.high),
                    legal[0])
        moves.append(move)
        play_move(tb, move)
    return moves, sum(r.player != tb.learner for r in tb.state.history)


def advance_to_learner(tb: Table) -> bool:
    """Play the computer's moves up to the learner's turn; True when the round is over."""
    advance(tb)
    return tb.state.over


def test_one_live_region_says_every_computer_move_and_the_focus_goes_on(
        page: Page, monkeypatch: pytest.MonkeyPatch) -> None:
    errors = watch_errors(page)
    page.add_init_script(LIVE_SPY_JS)
    moves, computer = double_first_moves(REPEAT_SEED, monkeypatch)
    open_play(page, REPEAT_SEED, "/play?rules=block&players=2&level=heaviest&seed={seed}")
    for move in moves:
        assert wait_for_turn(page)
        n = moves_so_far(page)
        assert move.tile is not None, move
        name = f"{move.tile.low}-{move.tile.high}"
        page.locator(f'button.tile[data-tile="{name}"]').click()
        if page.locator(".v-wide .fit").count():  # it fits both ends: the one chosen
            page.locator(f'.v-wide .fit[data-end="{move.end}"]').click()
        expect(count_is(page, n + 2).or_(page.get_by_text(RESULT, exact=True)).first
               ).to_be_visible(timeout=WAIT)
    expect(page.get_by_text(RESULT, exact=True)).to_be_visible(timeout=WAIT)
    settle(page)

    # The focus went to the way on, which the result describes (nothing here clicks).
    next_round = page.get_by_role("button", name="Next round", exact=True)
    expect(next_round).to_be_focused()
    expect(next_round).to_have_accessible_description(
        re.compile(r"^Result: .+ South \(you\) holds "))
    wait_for_review(page)  # the page reran as the verdicts came in ...
    expect(next_round).to_be_focused()  # ... and the focus stayed
    expect(next_round).to_have_accessible_description(re.compile(r"^Result: "))

    # One region for the page's life, outside the part Streamlit redraws, never re-inserted.
    region = page.locator(f"body > {LIVE}")
    expect(region).to_have_count(1)
    expect(region).to_have_attribute("role", "status")
    expect(region).to_have_attribute("aria-live", "polite")
    assert live_regions(page) == {"added": 1, "removed": 0}
    # Each computer move said once, in order; the same words at two moves said twice.
    said = [x for x in live_texts(page) if x]
    assert len(said) == computer + 1, said
    assert said[-1].endswith("The round is over."), said[-1]
    assert any(a == b == REPEATED for a, b in itertools.pairwise(said)), said
    # The board's own words ("The round is over.", as "North is thinking…" before) are not
    # a second live region: the page's is the only status.
    statuses = page.get_by_role("status")
    expect(statuses).to_have_count(1)
    expect(statuses).to_have_text("The round is over.")

    # Enter goes on.
    page.keyboard.press("Enter")
    expect(page.get_by_text(re.compile(r"^Match to 100 points · round 2$"))).to_be_visible(
        timeout=WAIT)
    expect(page.locator(f"body > {LIVE}")).to_have_count(1)
    assert live_regions(page) == {"added": 1, "removed": 0}
    assert not errors, errors


# -- (f) "Show which tiles fit" ------------------------------------------------------------------


def test_the_tiles_that_fit_are_marked_and_the_others_dimmed(page: Page) -> None:
    import random

    from engine.game.view import view
    from engine.players.bots import make_bot

    errors = watch_errors(page)
    seed = 6  # North (Easy: the heaviest tile, whatever the dice) opens
    dealt = new_table(block(2), "heaviest", seed)
    state = dealt.state
    assert state.mover != dealt.learner
    state.push(make_bot("heaviest").decide(view(state, state.mover), random.Random(0)).move)
    fitting = sorted({str(m.tile) for m in state.legal_moves() if m.kind == "play"})
    others = sorted(str(x) for x in state.hand(dealt.learner) if str(x) not in fitting)
    assert fitting and others
    page.goto(f"/play?rules=block&players=2&level=heaviest&seed={seed}")
    settle(page)
    assert wait_for_turn(page)
    marked, dimmed = page.locator("button.tile.fits"), page.locator("button.tile.unfit")
    expect(marked).to_have_count(len(fitting), timeout=WAIT)
    expect(dimmed).to_have_count(len(others))
    assert sorted(str(b.get_attribute("data-tile")) for b in marked.all()) == fitting
    expect(marked.first).to_have_css("opacity", "1")
    expect(dimmed.first).to_have_css("opacity", "0.45")
    expect(marked.first).to_have_attribute("aria-label", re.compile(r", can be played$"))
    expect(dimmed.first).to_have_attribute("aria-label", re.compile(r", cannot be played now$"))
    # a dimmed tile can still be tried: the page says why, and nothing changes
    n = moves_so_far(page)
    tile(page, others[0]).click()
    expect(page.locator(REFUSED)).to_contain_text("Not allowed.", timeout=WAIT)
    expect(count_is(page, n)).to_be_visible()
    # the setting off: nothing marked, every tile as it is
    page.get_by_text("Choose the game and your opponents").click()
    settle(page)  # opening the setup reruns the page: a click meanwhile may be undone
    page.get_by_text("Show which tiles fit", exact=True).click()
    expect(marked).to_have_count(0, timeout=WAIT)
    expect(dimmed).to_have_count(0)
    expect(page.locator("button.tile:enabled")).to_have_count(len(fitting) + len(others))
    assert not errors, errors


@pytest.mark.parametrize("learner", ["not@valid", "AbCdEfGhIjKlMnOpQrStUv"])
def test_the_addresss_notices_stay_while_the_computer_plays(page: Page, learner: str) -> None:
    """A notice is for the view it was given on: the computer's moves (each the page's own
    rerun, once its answer has come) leave it there; it went as the first one came."""
    page.goto(f"/play?rules=gaple&players=4&seed=2&level=grandmaster&learner={learner}")
    level = page.get_by_text("Unknown opponents' level “grandmaster”: playing against Easy "
                             "opponents.")
    who = page.get_by_text(re.compile(r"^(The progress link in the address was not valid|"
                                      r"No progress is saved under this link yet)"))
    expect(level).to_be_visible(timeout=WAIT)
    expect(who).to_be_visible()
    assert wait_for_turn(page)  # the computer's seats have played (seed 2: West opens) ...
    assert moves_so_far(page) >= 2
    settle(page)
    expect(level).to_be_visible()  # ... and the notices are still there
    expect(who).to_be_visible()
