"""The whole site in a real browser: every page from Home, bad links, progress across reloads
and browser contexts, eight sessions at once, the keyboard alone, right-to-left and Korean.

Page-specific journeys (a lesson step by clicks, E3 and its branch, a quiz answer) are in
test_browser_learn.py, test_browser_examples.py and test_browser_quiz.py; this file checks
what holds across pages and sessions.  Everything waits on the app (texts, the script
state), never on time.
"""

from __future__ import annotations

import re
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from browser_support import WAIT, play, settle, tile
from play_browser import Turn, hand, log_lines, take_turn, wait_for_turn
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from engine.game.rules import block
from engine.teaching.quiz import question
from ui.pages.play.logic import new_table
from ui.pages.quiz.logic import seat_names
from ui.pages.try_it.logic import new_deal
from ui.progress import DB_NAME

pytestmark = pytest.mark.browser

FIRST_LOAD = 60_000  # ms: eight first page loads at once on two cores
STEP_URL = "/learn?lesson=matching-ends&step=first-match"
NO_MATCH = "[3|5] shows 3 and 5; the open ends show 1 and 4: no match."
RIGHT = "Right — 1 matches 1. A double lies across the line and keeps its value"
HANGUL = re.compile(r"[\uac00-\ud7a3]")
ARABIC = re.compile(r"[\u0600-\u06ff]")


# -- helpers ---------------------------------------------------------------------------------


def sidebar(page: Page) -> Locator:
    return page.get_by_test_id("stSidebar")


def alerts(page: Page) -> Locator:
    return page.get_by_test_id("stAlert")


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def no_exception(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def learner_of(page: Page) -> str:
    found = re.search(r"[?&]learner=([A-Za-z0-9_-]+)", page.url)
    assert found, page.url
    return found.group(1)


def new_learner(tag: str) -> str:
    """A valid learner id (8–64 URL-safe characters), unique to this run."""
    return f"site-{tag}-{secrets.token_hex(6)}"


def db_rows(data_dir: Path, sql: str, *args: object) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(data_dir / DB_NAME, timeout=5.0)) as conn:
        return list(conn.execute(sql, args).fetchall())


def seed_shown(where: Page | Locator, seed: int) -> Locator:
    """Try it's header, "Block · 2 players · seed 101"."""
    return where.locator("span.muted").filter(has_text=re.compile(rf"\bseed {seed}$"))


def deal_shown(where: Page | Locator, seed: int) -> Locator:
    """Play's deal number, in its move log (folded away: attached, not visible)."""
    return where.get_by_text(re.compile(rf"^Deal number \(seed\): {seed}\. "))


def quiz_answer(page: Page, level: int, seed: int, *, right: bool) -> None:
    """Answer the quiz question of ``level`` and ``seed`` (computed with the engine)."""
    q = question(level, seed)
    names = seat_names(q.state)
    form = page.get_by_test_id("stForm")
    nobody = "Nobody scores" if q.rules.family == "block" else "A draw"
    if right:
        seat = q.winner
        choice = nobody if seat is None else names[seat]
    else:
        seat = 0 if q.winner != 0 else 1  # a seat that does not win
        choice = names[seat]
    form.get_by_role("radio", name=choice, exact=True).click()
    if q.asks_points and seat is not None:
        points = q.points if right else 0
        form.get_by_label("How many points?", exact=True).fill(str(points))
    form.get_by_role("button", name="Check").click()


def choose_language(page: Page, label: str) -> None:
    sidebar(page).get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name=label, exact=True).click()


# -- every page from Home ---------------------------------------------------------------------

PAGES = [  # sidebar link, the page's heading, its path
    ("Learn", "Lessons", "/learn"),
    ("Worked examples", "Worked examples", "/examples"),
    ("Try it", "Try it", "/try_it"),
    ("Play", "Play", "/play"),
    ("Play with friends", "Play with friends", "/friends"),
    ("Puzzles", "Puzzles", "/puzzles"),
    ("Strategy", "Strategy", "/strategy"),
    ("Analysis", "Analysis", "/analysis"),
    ("Score keeper", "Score keeper", "/scores"),
    ("Quiz", "Quiz", "/quiz"),
    ("Counting drill", "Counting drill", "/drill"),
    ("Progress", "Progress", "/progress"),
    ("Rules", "Rules", "/rules"),
]


def test_every_page_opens_from_home_by_the_sidebar(page: Page) -> None:
    errors = watch_errors(page)
    page.goto("/")
    settle(page)
    home = page.get_by_role("heading", name="Learn block dominoes", level=1)
    expect(home).to_be_visible()
    learner = learner_of(page)
    for link, heading, path in PAGES:
        sidebar(page).get_by_role("link", name=link, exact=True).click()
        expect(page.get_by_role("heading", name=heading, exact=True, level=1)).to_be_visible(
            timeout=WAIT)
        settle(page)
        no_exception(page)
        assert path in page.url, (link, page.url)
        assert learner_of(page) == learner, f"{link} lost the learner id: {page.url}"
        sidebar(page).get_by_role("link", name="Home", exact=True).click()
        expect(home).to_be_visible(timeout=WAIT)
        settle(page)
        no_exception(page)
    assert not errors, errors


# -- bad query parameters ---------------------------------------------------------------------

BAD_LINKS = [  # address, the heading still drawn, the notices shown
    ("/learn?lesson=nope&step=x", "The double-six set",
     ["There is no lesson “nope”, so here is the first one."]),
    ("/learn?lesson=matching-ends&step=x", "Match an open end",
     ["There is no step “x” in Matching ends, so here is its first step."]),
    ("/examples?example=nope&move=99", "Worked examples",
     ["There is no worked example “nope”, so here is the list."]),
    ("/examples?example=e1-one-tile-loss&move=99", "E1: a loss with one tile",
     ["“99” is not a move of “E1: a loss with one tile”"]),
    ("/try_it?rules=chess&players=9&seed=abc", "Try it",
     ["There is no rule family “chess” here (block, gaple or duel), so a Block round is dealt.",
      "“9” is not a number of players for Block, so 2 players are dealt.",
      "“abc” is not a seed (a whole number from 0 to 999999999), so a random seed is used."]),
    ("/quiz?quiz_level=7&quiz_seed=x", "Quiz",
     ["That question link could not be read (quiz_level=7, quiz_seed=x), so here is a new"]),
    ("/rules?family=poker", "Rules",
     ["There is no rule family “poker” here, so here are the Block rules."]),
    ("/?learner=%%%bad&lang=xx", "Learn block dominoes",
     ["The progress link in the address was not valid, so you start fresh.",
      "The language “xx” is not available here, so the site is shown in English."]),
]


@pytest.mark.parametrize("address,heading,notices", BAD_LINKS,
                         ids=[a for a, _, _ in BAD_LINKS])
def test_a_bad_link_gives_a_notice_not_an_error(page: Page, address: str, heading: str,
                                               notices: list[str]) -> None:
    errors = watch_errors(page)
    page.goto(address)
    settle(page)
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible(timeout=WAIT)
    for notice in notices:
        expect(alerts(page).filter(has_text=notice)).to_be_visible()
    no_exception(page)
    assert not errors, errors
    # the page goes on with a sound learner id in the address
    assert re.fullmatch(r"[A-Za-z0-9_-]{8,64}", learner_of(page))


# -- progress: reload, another browser context -----------------------------------------------


def test_progress_survives_a_reload_and_a_new_browser_context(
        page: Page, new_context: Callable[..., BrowserContext], live_server: str,
        live_data_dir: Path) -> None:
    learner = new_learner("reload")
    url = f"{live_server}{STEP_URL}&learner={learner}"
    page.goto(url)
    settle(page)
    expect(tile(page, "1-1")).to_be_enabled(timeout=WAIT)
    tile(page, "1-1").click()
    expect(page.get_by_text(RIGHT)).to_be_visible(timeout=WAIT)
    expect(page.locator('[aria-label="3 of 3 stars"]')).to_be_visible()
    settle(page)
    assert db_rows(live_data_dir, "SELECT lesson, step, stars FROM steps WHERE learner = ?",
                   learner) == [("matching-ends", "first-match", 3)]

    def shows_the_star(p: Page) -> None:
        settle(p)
        expect(sidebar(p).get_by_text(re.compile(r"^1 of \d+ steps done · 3 ★$"))
               ).to_be_visible(timeout=WAIT)
        expect(p.locator('[aria-current="step"]')).to_have_text("1 ✓")
        expect(p.get_by_text("No progress is saved under this link yet")).to_have_count(0)

    page.reload()
    shows_the_star(page)
    assert learner_of(page) == learner

    fresh = new_context().new_page()  # another browser context: no cookies, storage or session
    fresh.goto(url)
    shows_the_star(fresh)
    # and the lesson list there counts it too
    fresh.get_by_role("link", name="← All lessons").click()
    card = fresh.locator(".st-key-card-lesson-matching-ends")
    expect(card.get_by_role("link", name="Continue")).to_be_visible(timeout=WAIT)
    assert learner_of(fresh) == learner


# -- eight sessions at once -------------------------------------------------------------------

Actor = Iterator[None]


def run_round_robin(actors: list[Actor]) -> None:
    """Advance every actor one step in turn until all are done: the clicks of the eight
    sessions go out together, so the server handles their reruns at the same time."""
    live = list(actors)
    while live:
        for actor in list(live):
            try:
                next(actor)
            except StopIteration:
                live.remove(actor)


def test_eight_sessions_at_once_never_see_each_others_state(
        new_context: Callable[..., BrowserContext], live_data_dir: Path) -> None:
    """Two learners on Learn, one on Try it, two on the Quiz, one on Worked examples turning
    to Korean, and two playing strong computer players on Play, all at once."""
    ids = {name: new_learner(name) for name in
           ("wrong", "right", "tryA", "playA", "quizR", "quizW", "playB", "ko")}
    pages: dict[str, Page] = {}
    errors: dict[str, list[str]] = {}
    for name in ids:
        pages[name] = new_context().new_page()  # each its own browser context and session
        errors[name] = watch_errors(pages[name])
    deals = {"tryA": (block(2), 101)}
    states = {k: new_deal(rules, seed).state for k, (rules, seed) in deals.items()}
    played: dict[str, list[str]] = {"tryA": []}
    quiz = {"quizR": (1, 4242), "quizW": (2, 777)}
    tables = {"playA": 7, "playB": 11}  # seeds: the computer opens at A, the learner at B
    turns: dict[str, list[Turn]] = {"playA": [], "playB": []}

    def goto(name: str, address: str) -> None:
        sep = "&" if "?" in address else "?"
        pages[name].goto(f"{address}{sep}learner={ids[name]}", wait_until="commit")

    def learn(name: str, right: bool) -> Actor:
        p = pages[name]
        goto(name, STEP_URL)
        yield
        settle(p)
        expect(tile(p, "1-1")).to_be_enabled(timeout=FIRST_LOAD)
        yield
        tile(p, "1-1" if right else "3-5").click()
        yield
        expect(p.get_by_text(RIGHT if right else NO_MATCH)).to_be_visible(timeout=WAIT)
        settle(p)

    def try_it(name: str, moves: int) -> Actor:
        p = pages[name]
        rules, seed = deals[name]
        goto(name, f"/try_it?rules=block&players={rules.players}&seed={seed}")
        yield
        settle(p)
        expect(seed_shown(p, seed)).to_be_visible(timeout=FIRST_LOAD)
        for n in range(1, moves + 1):
            yield
            played[name].append(play(p, states[name]))
            yield
            expect(p.get_by_text(f"Moves so far ({n})")).to_be_visible(timeout=WAIT)
            settle(p)

    def quiz_it(name: str) -> Actor:
        p = pages[name]
        level, seed = quiz[name]
        goto(name, f"/quiz?quiz_level={level}&quiz_seed={seed}")
        yield
        settle(p)
        expect(p.get_by_role("button", name="Check")).to_be_visible(timeout=FIRST_LOAD)
        yield
        quiz_answer(p, level, seed, right=name == "quizR")
        yield
        expect(p.locator(".quiz-stats")).to_contain_text(
            "This set: 1 / 1" if name == "quizR" else "This set: 0 / 1", timeout=WAIT)
        settle(p)

    def play_strong(name: str, moves: int) -> Actor:
        p = pages[name]
        seed = tables[name]
        goto(name, f"/play?rules=block&players=2&level=strong&seed={seed}")
        yield
        settle(p)
        expect(deal_shown(p, seed)).to_be_attached(timeout=FIRST_LOAD)
        for _ in range(moves):
            yield
            if not wait_for_turn(p, timeout=FIRST_LOAD):
                return
            turns[name].append(take_turn(p))

    def e1_then_korean() -> Actor:
        p = pages["ko"]
        goto("ko", "/examples?example=e1-one-tile-loss&move=0")
        yield
        settle(p)
        expect(p.get_by_role("button", name="Next ›")).to_be_enabled(timeout=FIRST_LOAD)
        yield
        p.get_by_role("button", name="Next ›").click()
        yield
        expect(p.get_by_text("Move 1 of 4")).to_be_visible(timeout=WAIT)
        settle(p)
        yield
        choose_language(p, "한국어")
        yield
        expect(p.get_by_text("4수 중 1수")).to_be_visible(timeout=WAIT)
        settle(p)

    run_round_robin([learn("wrong", False), learn("right", True), try_it("tryA", 3),
                     play_strong("playA", 3), quiz_it("quizR"), quiz_it("quizW"),
                     play_strong("playB", 3), e1_then_korean()])

    # Each page shows its own state and only its own.
    for name, p in pages.items():
        no_exception(p)
        assert not errors[name], (name, errors[name])
        assert learner_of(p) == ids[name], (name, p.url)
        main = p.get_by_test_id("stMain")
        if name != "wrong":
            expect(main.get_by_text(NO_MATCH)).to_have_count(0)
        if name != "right":
            expect(main.get_by_text(RIGHT)).to_have_count(0)
        if name != "ko":
            expect(sidebar(p).get_by_role("link", name="Learn", exact=True)).to_be_visible()
            assert "lang=" not in p.url, (name, p.url)
        if name != "tryA":
            expect(seed_shown(main, deals["tryA"][1])).to_have_count(0)
        for other, seed in tables.items():
            if name != other:
                expect(deal_shown(main, seed)).to_have_count(0)
    expect(pages["wrong"].get_by_text(NO_MATCH)).to_be_visible()
    expect(tile(pages["wrong"], "1-1")).to_be_enabled()  # the step is still to do
    expect(sidebar(pages["wrong"]).get_by_text(re.compile(r"^0 of \d+ steps done · 0 ★$"))
           ).to_be_visible()
    expect(pages["right"].locator('[aria-label="3 of 3 stars"]')).to_be_visible()
    expect(sidebar(pages["right"]).get_by_text(re.compile(r"^1 of \d+ steps done · 3 ★$"))
           ).to_be_visible()
    for name in ("tryA",):
        p = pages[name]
        seed = deals[name][1]
        assert f"seed={seed}" in p.url, p.url
        expect(p.get_by_text(f"Moves so far ({len(played[name])})")).to_be_visible()
        log = p.get_by_test_id("stExpander").filter(has_text="Moves so far")
        items = log.get_by_role("listitem")
        expect(items).to_have_count(len(played[name]))
        for n, move in enumerate(played[name]):
            if move != "pass":
                expect(items.nth(n)).to_contain_text(move)
    for name in ("quizR", "quizW"):
        level, seed = quiz[name]
        shown = question(level, seed).seed  # the first seed from ``seed`` on that makes one
        assert f"quiz_seed={shown}" in pages[name].url, pages[name].url
        assert f"quiz_level={level}" in pages[name].url, pages[name].url
    for name, seed in tables.items():  # each table its own deal, its own moves, its own hand
        p = pages[name]
        assert f"seed={seed}" in p.url and "level=strong" in p.url, p.url
        expect(deal_shown(p, seed)).to_be_attached()
        dealt = new_table(block(2), "strong", seed)
        wait_for_turn(p)
        learners = [x for x in log_lines(p) if x.startswith("South (you)")]
        assert len(learners) == len(turns[name]) >= 1, (name, learners, turns[name])
        for line, turn in zip(learners, turns[name], strict=True):
            assert turn.played in line or turn.played == "pass", (name, line, turn)
        gone = {t.played for t in turns[name]}
        dealt_hand = [str(x) for x in dealt.state.hand(dealt.learner)]
        assert sorted(hand(p)) == sorted(x for x in dealt_hand
                                         if f"[{x.replace('-', '|')}]" not in gone), name
    ko = pages["ko"]
    assert "lang=ko" in ko.url and "example=e1-one-tile-loss" in ko.url, ko.url
    expect(sidebar(ko).get_by_role("link", name="배우기", exact=True)).to_be_visible()
    expect(sidebar(ko).get_by_role("link", name="Learn", exact=True)).to_have_count(0)

    # The database: every learner registered; steps and quiz answers under the right ids.
    registered = {row[0] for row in db_rows(live_data_dir, "SELECT id FROM learners")}
    assert set(ids.values()) <= registered
    mine = tuple(ids.values())
    marks = ",".join("?" * len(mine))
    steps = db_rows(live_data_dir, f"SELECT learner, lesson, step, stars FROM steps "
                                   f"WHERE learner IN ({marks})", *mine)
    assert steps == [(ids["right"], "matching-ends", "first-match", 3)]
    answers = db_rows(live_data_dir, f"SELECT learner, answered, correct FROM quiz "
                                     f"WHERE learner IN ({marks})", *mine)
    assert sorted(answers) == sorted([(ids["quizR"], 1, 1), (ids["quizW"], 1, 0)])
    positions = dict(db_rows(live_data_dir, f"SELECT id, last_lesson FROM learners "
                                            f"WHERE id IN ({marks})", *mine))
    assert positions[ids["wrong"]] == positions[ids["right"]] == "matching-ends"
    assert {positions[ids[n]] for n in ("tryA", "playA", "quizR", "quizW", "playB", "ko")
            } == {None}


# -- the keyboard alone -----------------------------------------------------------------------


def tab_to(page: Page, target: Locator, limit: int = 60) -> None:
    """Press Tab until ``target`` has the focus (it may sit in the board's shadow root)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("e => e.getRootNode().activeElement === e"):
            return
    raise AssertionError(f"{target} not reached with {limit} Tabs")


def has_focus(target: Locator) -> bool:
    return bool(target.evaluate("e => e.getRootNode().activeElement === e"))


def arrow_to(page: Page, target: Locator, limit: int = 8) -> None:
    """Within the hand (one Tab stop, a roving tabindex): the arrow keys to ``target``."""
    for _ in range(limit):
        if has_focus(target):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{target} not reached with the arrow keys")


def test_tab_and_enter_alone_finish_the_first_step(page: Page) -> None:
    """UX.md §2 with the keyboard only: no clicks and no programmatic focus (the focus
    test in test_browser_learn.py puts the focus on the tiles itself)."""
    page.goto(STEP_URL)
    settle(page)
    expect(tile(page, "1-1")).to_be_enabled(timeout=WAIT)
    tab_to(page, page.locator("button.tile:enabled").first)  # the hand: one Tab stop
    arrow_to(page, tile(page, "3-5"))
    page.keyboard.press("Enter")
    expect(page.get_by_text(NO_MATCH)).to_be_visible(timeout=WAIT)
    settle(page)
    # The focus stays in the hand after the rerun: the arrow keys reach [1|1] from there.
    arrow_to(page, tile(page, "1-1"))
    page.keyboard.press("Enter")
    expect(page.get_by_text(RIGHT)).to_be_visible(timeout=WAIT)
    expect(page.locator('[aria-label="2 of 3 stars"]')).to_be_visible()


# -- right to left, Korean --------------------------------------------------------------------


def direction(locator: Locator) -> str:
    return str(locator.evaluate("e => getComputedStyle(e).direction"))


def test_arabic_pages_run_right_to_left(page: Page) -> None:
    errors = watch_errors(page)
    page.goto("/?lang=ar")
    settle(page)
    main = page.get_by_test_id("stMainBlockContainer")
    h1 = main.locator("h1").first
    expect(h1).to_have_text(ARABIC)
    # (from the first frame that shows the text: see the next tests)
    expect(main).to_have_css("direction", "rtl")
    assert direction(h1) == "rtl"
    assert direction(sidebar(page)) == "rtl"
    # a step with the table: the text runs right to left, the drawing of the line does not
    page.goto(f"{STEP_URL}&lang=ar")
    settle(page)
    expect(tile(page, "1-1")).to_be_enabled(timeout=WAIT)
    assert direction(page.get_by_test_id("stMainBlockContainer")) == "rtl"
    assert direction(page.locator("h2").first) == "rtl"
    # the board's line keeps the rules' left and right: the left end is drawn on the left
    left = page.locator('.v-wide [data-end="left"]').bounding_box()
    right = page.locator('.v-wide [data-end="right"]').bounding_box()
    assert left and right and left["x"] + left["width"] <= right["x"], (left, right)
    no_exception(page)
    assert not errors, errors


# Before any script of the page: note, at the first frame that paints the Arabic heading,
# the main block's direction and width as they are painted.
FIRST_FRAME_JS = """
(() => {
  const seen = window.__firstFrame = {};
  const obs = new MutationObserver(() => {
    const h1 = document.querySelector('[data-testid="stMain"] h1');
    if (!h1 || !/[\\u0600-\\u06ff]/.test(h1.textContent) || seen.asked) return;
    seen.asked = true;
    obs.disconnect();
    requestAnimationFrame(() => {
      const main = document.querySelector('[data-testid="stMainBlockContainer"]');
      const style = getComputedStyle(main);
      seen.direction = style.direction;
      seen.maxWidth = style.maxWidth;
      seen.sidebarLinks = document.querySelectorAll(
        '[data-testid="stSidebar"] a[data-testid="stPageLink-NavLink"]').length;
    });
  });
  obs.observe(document, {subtree: true, childList: true, characterData: true});
})();
"""
SITE_WIDTH = "928px"  # 58rem: the site's column (Streamlit's own is 736 px)


def first_frame(context: BrowserContext, address: str) -> dict[str, Any]:
    context.add_init_script(FIRST_FRAME_JS)
    page = context.new_page()
    page.goto(address)
    page.wait_for_function("() => window.__firstFrame && window.__firstFrame.direction",
                           timeout=WAIT)
    frame: dict[str, Any] = page.evaluate("() => window.__firstFrame")
    return frame


def test_the_first_frame_of_an_arabic_page_is_already_right_to_left(
        new_context: Callable[..., BrowserContext]) -> None:
    """A first load paints the page's text only once the site's styles apply (ui.page holds
    a session's first run until they do), so an Arabic page is right to left, in the site's
    wider column, with its sidebar links, from the first frame that shows its heading."""
    warm = new_context().new_page()
    warm.goto("/?lang=ar")
    expect(warm.get_by_test_id("stMainBlockContainer")).to_have_css("direction", "rtl",
                                                                     timeout=WAIT)
    frames = [first_frame(new_context(), "/?lang=ar") for _ in range(3)]
    assert all(f["direction"] == "rtl" and f["maxWidth"] == SITE_WIDTH
               and f["sidebarLinks"] == len(PAGES) + 1 for f in frames), frames


def test_the_page_waits_for_streamlits_late_drawing_code(
        new_context: Callable[..., BrowserContext]) -> None:
    """Streamlit fetches the code that draws st.html (the site's styles) when a page first
    uses it.  Held back here for a second, the page stays blank meanwhile, then shows right
    to left at once; a later page of the same session shows without waiting."""
    context = new_context()
    held: list[Route] = []
    context.route("**/static/js/Html.*", lambda route: held.append(route))
    context.add_init_script(FIRST_FRAME_JS)
    page = context.new_page()
    page.goto("/?lang=ar")
    expect(page.locator(".st-key-site-gate")).to_be_attached(timeout=WAIT)
    page.wait_for_timeout(1000)  # the styles are held back: nothing of the page is drawn
    expect(page.get_by_test_id("stMain").locator("h1")).to_have_count(0)
    assert held, "the page did not ask for Streamlit's st.html code"
    for route in held:
        route.continue_()
    page.wait_for_function("() => window.__firstFrame && window.__firstFrame.direction",
                           timeout=WAIT)
    frame = page.evaluate("() => window.__firstFrame")
    assert frame["direction"] == "rtl" and frame["maxWidth"] == SITE_WIDTH, frame
    settle(page)
    sidebar(page).get_by_role("link", name="القواعد", exact=True).click()
    expect(page.get_by_role("heading", level=1).filter(has_text=ARABIC)).to_be_visible(
        timeout=WAIT)
    expect(page.locator(".st-key-site-gate")).to_have_count(0)
    no_exception(page)


def test_korean_pages_show_hangul(page: Page) -> None:
    page.goto("/learn?lang=ko")
    settle(page)
    expect(page.get_by_role("heading", name="레슨", exact=True, level=1)).to_be_visible()
    expect(sidebar(page).get_by_role("link", name="퀴즈", exact=True)).to_be_visible()
    text = page.get_by_test_id("stMain").inner_text()
    assert len(HANGUL.findall(text)) > 50, text[:300]
    assert direction(page.get_by_test_id("stMainBlockContainer")) == "ltr"
    # The glyphs come from a font, not as empty boxes: two different syllables drawn in the
    # heading's font give different pixels (missing glyphs all draw the same box).
    differ = page.locator("h1").first.evaluate("""h => {
        const draw = (ch) => {
            const c = document.createElement('canvas');
            c.width = 64; c.height = 64;
            const g = c.getContext('2d');
            g.font = '40px ' + getComputedStyle(h).fontFamily;
            g.fillText(ch, 4, 48);
            return Array.from(g.getImageData(0, 0, 64, 64).data).join(',');
        };
        return draw('한') !== draw('글') && draw('한') !== draw('\\u{10FFFD}');
    }""")
    assert differ, "Hangul draws as missing-glyph boxes (install fonts-nanum)"
    no_exception(page)
