"""The Strategy page (AppTest): the course lists every principle with its measured verdict
and stars; a lesson shows the idea, the data file's figures with their intervals, its
position and counter-example as links to the Puzzles page, and practice; reading earns a
star and solving the puzzles the others; an unknown principle falls back with a notice; and
the page in other languages.  Also the course's data against the puzzle bank."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apptest_support import open_page, texts

from engine.teaching.principles import (
    PRINCIPLES,
    decides,
    game_of,
    load_course,
    misleads,
    principle,
)
from ui import progress
from ui.content import load_puzzles, load_strategy, strategy_step
from ui.pages.strategy import logic
from ui.pages.strategy.view import _counter
from ui.widgets.svg import esc

ROOT = Path(__file__).resolve().parents[3]
PAGE = "pages/strategy.py"
COURSE = load_strategy(ROOT / "scenarios")
BANK = load_puzzles(ROOT / "scenarios").puzzles

pytestmark = pytest.mark.usefixtures("data_dir")


def learner(at) -> str:  # type: ignore[no-untyped-def]
    value = at.query_params.get("learner")
    return value[0] if isinstance(value, list) else value


def test_the_course_has_every_principle_and_every_figure() -> None:
    assert not COURSE.problems
    # every principle has both a position and a counter-example
    assert all(x.position and x.counter for x in COURSE.lessons)
    assert [lesson.principle for lesson in COURSE.lessons] == [p.key for p in PRINCIPLES]
    assert len(COURSE.lessons) >= 12
    for p in PRINCIPLES:
        assert all((p.key, game) in COURSE.evidence for game in p.games), p.key
    families = {game.split("-")[0] for p in PRINCIPLES for game in p.games}
    assert families == {"block", "gaple", "duel"}


@pytest.mark.parametrize("lesson", COURSE.lessons, ids=[x.principle for x in COURSE.lessons])
def test_each_lesson_s_puzzles_are_what_the_course_says(lesson) -> None:  # type: ignore[no-untyped-def]
    """The position is a bank puzzle where the principle decides, the counter-example one
    where following it blindly is not the best move, practice more where it decides; each of
    a game the principle is measured in (the file is tools/strategy_course.py's)."""
    p = principle(lesson.principle)
    for puzzle_id in [lesson.position, *lesson.practice]:
        if puzzle_id is not None:
            assert game_of(puzzle_id) in p.games
            assert decides(p, BANK[puzzle_id]), puzzle_id
    if lesson.counter is not None:
        assert game_of(lesson.counter) in p.games
        assert misleads(p, BANK[lesson.counter]), lesson.counter
    # A lesson goes without a position or a counter-example only when the bank has none.
    mine = [s for sid, s in BANK.items() if game_of(sid) in p.games]
    if lesson.position is None:
        assert not any(decides(p, s) for s in mine)
    if lesson.counter is None:
        assert not any(misleads(p, s) for s in mine)


def test_the_course_lists_every_principle_with_its_verdict() -> None:
    at = open_page(PAGE)
    shown = texts(at)
    for p in PRINCIPLES:
        assert logic_title(p.key) in shown
    assert "Measured:" in shown
    links = {link.proto.label: link.proto.query_string for link in at.get("page_link")}
    first = f"Go on: {logic_title(PRINCIPLES[0].key)}"
    assert first in links and f"principle={PRINCIPLES[0].key}" in links[first]


def logic_title(key: str) -> str:
    from ui.i18n import t
    return t(f"strategy.principle.{key}.title")


def signed(x: float) -> str:
    """A figure as the table writes it: two decimals, signed, a real minus (0.00 unsigned)."""
    x = round(x, 2)
    return "0.00" if x == 0 else f"{x:+.2f}".replace("-", "\u2212")


@pytest.mark.parametrize("key", [p.key for p in PRINCIPLES])
def test_every_figure_a_lesson_shows_is_the_data_file_s(key: str) -> None:
    at = open_page(PAGE, principle=key)
    table = next(m.value for m in at.markdown if "strategy-evidence" in m.value)
    rows = table.split("<tr>")[2:]  # after the head
    games = principle(key).games
    assert len(rows) == len(games)
    for game, row in zip(games, rows, strict=True):
        e = COURSE.evidence[(key, game)]
        cells = [c.split("</td>")[0] for c in row.split("<td>")[1:]]
        assert cells[1:3] == [signed(e.score), f"{signed(e.low)} to {signed(e.high)}"], game
        assert cells[4] == str(e.deals)


def test_a_lesson_shows_its_puzzles_and_earns_a_star() -> None:
    lesson = COURSE.lesson("next_lacks")
    assert lesson is not None
    at = open_page(PAGE, principle="next_lacks")
    shown = texts(at)
    assert "The evidence" in shown and "When it misleads" in shown
    # the position and the counter-example open on the Puzzles page
    queries = [link.proto.query_string for link in at.get("page_link")]
    assert any(f"puzzle={lesson.position}" in q for q in queries)
    assert any(f"puzzle={lesson.counter}" in q for q in queries)
    # reading it is one star, kept as a Learn step
    steps = progress.steps(learner(at))
    assert steps[strategy_step("next_lacks")] == 1


def test_solving_the_position_and_the_counter_example_earns_the_other_stars() -> None:
    lesson = COURSE.lesson("shed_pips")
    assert lesson is not None and lesson.position and lesson.counter
    at = open_page(PAGE, principle="shed_pips")
    who = learner(at)
    for puzzle_id in (lesson.position, lesson.counter):
        s = BANK[puzzle_id]
        assert s.puzzle is not None
        progress.record_attempt(who, progress.Attempt(
            f"a-{puzzle_id}", puzzle_id, "bank", s.rules.family, s.puzzle.themes, True,
            s.puzzle.figures.best[0].text(), 0.0))
    at = open_page(PAGE, principle="shed_pips", learner=who)
    assert progress.steps(who)[strategy_step("shed_pips")] == 3
    assert "3 of 3 ★" in texts(at)


def test_the_counter_example_says_what_blind_following_costs() -> None:
    lesson = COURSE.lesson("heavy_first")
    assert lesson is not None and lesson.counter
    _move, worth, _best, best_worth = logic.blind_move("heavy_first", BANK[lesson.counter])
    assert worth < best_worth  # the blind move is worse, by the puzzle's own figures
    at = open_page(PAGE, principle="heavy_first")
    said = _counter("heavy_first", BANK[lesson.counter])
    assert said.startswith("Followed blindly, the principle picks ")
    assert esc(said) in "\n".join(m.value for m in at.markdown)


def test_an_unknown_principle_falls_back_to_the_course_with_a_notice() -> None:
    at = open_page(PAGE, principle="no-such-thing")
    assert not at.exception
    assert any("no-such-thing" in i.value for i in at.info)
    assert "principle" not in at.query_params


@pytest.mark.parametrize("lang", ["uk", "ar", "ko"])
def test_the_page_in_other_languages(lang: str) -> None:
    at = open_page(PAGE, principle="count_lacks", lang=lang)
    assert not at.exception
    shown = texts(at)
    assert "The evidence" not in shown and "Measured" not in shown


def test_the_course_file_names_its_problem() -> None:
    bad = ROOT / "tests" / "data" / "strategy-bad.toml"
    with pytest.raises(ValueError, match="strategy-bad.toml.*principle"):
        load_course(bad)


def test_the_sidebar_counts_strategy_stars_apart_from_learns() -> None:
    """A lesson read is a Strategy star, not one of Learn's: Learn's line keeps its own."""
    at = open_page(PAGE, principle="next_lacks")  # the first visit: the star shows at once
    shown = [caption.value for caption in at.sidebar.caption]
    assert any(re.fullmatch(r"0 of \d+ steps done · 0 ★", s) for s in shown), shown
    assert f"Strategy: 1 of {3 * len(COURSE.lessons)} ★" in shown
    at = open_page(PAGE, principle="next_lacks", learner=learner(at))  # and stays, once
    assert [caption.value for caption in at.sidebar.caption] == shown
