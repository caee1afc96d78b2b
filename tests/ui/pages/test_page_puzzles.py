"""The Puzzles page (AppTest): a bank puzzle drawn as Play draws a table, answered right and
wrong with the appraisal's numbers in words, retried, rated once; the choice of family and
theme; a puzzle's link; the learner's own mistakes due the next day (the clock moved, never
slept), on the page and on Home; the page in other languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest_support import board_data, board_move, button_keys, click, home, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.game.moves import Move
from engine.notation.code import Position
from engine.teaching.scenario import Scenario
from engine.teaching.themes import THEMES, contrast
from ui import progress
from ui.content import load_puzzles
from ui.pages.puzzles import logic
from ui.pages.puzzles.logic import BOARD, NEAR
from ui.widgets import puzzle_words as words

ROOT = Path(__file__).resolve().parents[3]
BANK = load_puzzles(ROOT / "scenarios").puzzles
PAGE = "pages/puzzles.py"
DAY = 86_400.0

pytestmark = pytest.mark.usefixtures("data_dir")


def param(at: AppTest, key: str) -> str | None:
    value = at.query_params.get(key)
    if isinstance(value, list):
        return value[0] if value else None
    return value


def shown(at: AppTest) -> Scenario:
    pid = param(at, "puzzle")
    assert pid in BANK, pid
    return BANK[pid]


def button_for(at: AppTest, move: Move) -> str:
    """The plain button that plays ``move`` (its end named where the tile fits both)."""
    keys = [k for k in button_keys(at) if k.startswith(f"{BOARD}.play.{move.tile}")]
    if len(keys) == 1:
        return keys[0]
    return f"{BOARD}.play.{move.tile}.{move.end}"


def answer(at: AppTest, move: Move) -> AppTest:
    if move.kind == "discard":
        return click(at, f"{BOARD}.discard.{move.tile}")
    return click(at, button_for(at, move))


def verdict(at: AppTest) -> str:
    """The verdict under the table (its title in bold, then its words)."""
    found = [m.value for m in at.markdown if m.value.startswith("**") and any(
        m.value.startswith(f"**{x}") for x in ("Right", "Not the best", "A good move"))]
    assert len(found) == 1, found
    return found[0].replace("\\[", "[").replace("\\]", "]")


def learner(at: AppTest) -> str:
    lid = param(at, "learner")
    assert lid
    return lid


def test_a_puzzle_is_drawn_as_play_draws_a_table() -> None:
    at = open_page(PAGE)
    assert at.title[0].value == "Puzzles"
    s = shown(at)
    p = s.puzzle
    assert p is not None
    data = board_data(at)
    state = s.replay()
    # The learner holds the mover's seat, at the bottom; every other hand is face down.
    assert [t["tile"] for t in data["hand"]["tiles"]] == [str(t) for t in state.hand(p.seat)]
    assert len(data["others"]) == state.players - 1
    assert all("face down" in o["svg"] for o in data["others"])
    body = texts(at)
    assert "(you) to move." in body and "Find the best move." in body
    assert "knows:" in body  # what the seat may know: counts, numbers shown missing
    assert "Your puzzle rating: <b>1500</b>" in body
    # Offered near the learner's rating: among the nearest of the whole bank.
    nearest = sorted(abs(b.puzzle.rating - 1500) for b in BANK.values() if b.puzzle)
    assert abs(p.rating - 1500) <= nearest[NEAR * 8]


def test_a_right_answer_is_said_at_once_with_the_numbers_and_rated_once() -> None:
    at = open_page(PAGE)
    s = shown(at)
    p = s.puzzle
    assert p is not None
    answer(at, p.best[0])
    body = texts(at)
    assert "**Right.**" in body
    assert "on average" in body and "Themes:" in body
    assert "Your puzzle rating: <b>15" not in body  # it moved up
    record = progress.puzzle_rating(learner(at))
    assert record.attempts == 1 and record.solved == 1 and record.rating > 1500
    assert f"1500 → {round(record.rating)} (+{round(record.rating) - 1500})" in body
    assert "puzzles.retry" not in button_keys(at)
    click(at, "puzzles.next")
    assert param(at, "puzzle") != s.id
    assert progress.puzzle_rating(learner(at)).attempts == 1  # moving on records nothing


def test_a_wrong_answer_shows_why_and_the_position_can_be_tried_again() -> None:
    at = open_page(PAGE)
    s = shown(at)
    p = s.puzzle
    assert p is not None
    wrong = next(f for f in p.moves if f.move not in p.best)
    answer(at, wrong.move)
    said = verdict(at)
    assert said.startswith("**Not the best move.**")
    state = s.replay()
    names = [f.move for f in p.moves]
    # What was wrong with the learner's move: its worth and its cost against the best,
    # without naming the best move (until asked, or tried again).
    assert words.move_name(wrong.move, names) in said and "short of the best move" in said
    assert words.move_name(p.best[0], names) not in said.replace(
        words.move_name(wrong.move, names), "")
    after = progress.puzzle_rating(learner(at))
    assert after.attempts == 1 and after.solved == 0 and after.rating < 1500
    assert {"puzzles.retry", "puzzles.show", "puzzles.next"} <= set(button_keys(at))
    click(at, "puzzles.retry")
    assert board_data(at)["interactive"] and "Not the best move." not in texts(at)
    assert any(k.startswith((f"{BOARD}.play", f"{BOARD}.discard")) for k in button_keys(at))
    answer(at, p.best[0])
    assert "**Right this time.**" in texts(at)
    again = progress.puzzle_rating(learner(at))
    assert again == after  # a retry moves no rating
    assert state.mover == p.seat


def test_show_the_answer_lists_every_move() -> None:
    at = open_page(PAGE)
    p = shown(at).puzzle
    assert p is not None
    wrong = next(f.move for f in p.moves if f.move not in p.best)
    answer(at, wrong)
    click(at, "puzzles.show")
    names = [f.move for f in p.moves]
    said = verdict(at)  # now the best is named beside the learner's move
    assert said.startswith("**Not the best move.**")
    assert words.move_name(p.best[0], names) in said and words.move_name(wrong, names) in said
    body = texts(at)
    for f in p.moves:
        assert f.move.tile is not None and f.move.tile.bracket() in body
    assert board_data(at)["highlight"]["tile"] == str(p.best[0].tile)


def test_a_move_the_rules_refuse_is_refused_and_counts_for_nothing() -> None:
    at = open_page(PAGE)
    s = shown(at)
    state = s.replay()
    assert s.puzzle is not None
    seat = s.puzzle.seat
    legal_tiles = {m.tile for m in state.legal_moves()}
    stuck = next((t for t in state.hand(seat) if t not in legal_tiles), None)
    if stuck is None:  # every tile fits somewhere: pick a puzzle where one does not
        pid = next(b.id for b in BANK.values() if b.puzzle and any(
            t not in {m.tile for m in b.replay().legal_moves()}
            for t in b.replay().hand(b.puzzle.seat)) and b.rules.family != "gaple")
        at = open_page(PAGE, puzzle=pid)
        s = BANK[pid]
        state = s.replay()
        assert s.puzzle is not None
        stuck = next(t for t in state.hand(s.puzzle.seat)
                     if t not in {m.tile for m in state.legal_moves()})
    board_move(at, {"play": str(stuck)})
    assert "no match" in texts(at)  # the rule's reason, and nothing counted
    assert progress.puzzle_rating(learner(at)).attempts == 0
    assert board_data(at)["interactive"]


def test_a_family_and_a_theme_can_be_chosen_and_a_link_opens_a_puzzle() -> None:
    at = open_page(PAGE)
    at.segmented_control(key=logic.FAMILY_KEY).set_value("gaple").run()
    assert not at.exception
    assert shown(at).rules.family == "gaple" and param(at, "family") == "gaple"
    at.selectbox(key=logic.THEME_KEY).set_value("dead_tile").run()
    s = shown(at)
    assert s.rules.family == "gaple" and s.puzzle is not None
    assert "dead_tile" in s.puzzle.themes and param(at, "theme") == "dead_tile"
    assert "Gaple" in texts(at)
    # A link: the puzzle, the choice.
    other = next(b for b in BANK.values() if b.rules.family == "duel")
    linked = open_page(PAGE, puzzle=other.id, family="duel")
    assert shown(linked).id == other.id
    assert linked.segmented_control(key=logic.FAMILY_KEY).value == "duel"


def test_every_theme_and_family_has_a_puzzle_to_offer() -> None:
    for theme in THEMES:
        assert any(logic.fits(s, "any", theme) for s in BANK.values()), theme
    for family in ("block", "gaple", "duel"):
        assert sum(logic.fits(s, family, "any") for s in BANK.values()) >= 30


def test_why_names_what_a_seat_has_shown_it_lacks() -> None:
    # A puzzle whose best move keeps open a number an opponent has shown it lacks.
    for s in BANK.values():
        p = s.puzzle
        assert p is not None
        from engine.game.view import view
        v = view(s.replay(), p.seat)
        wrong = next(f.move for f in p.moves if f.move not in p.best)
        if any(code == "lacks" for code, _ in contrast(v, p.best[0], wrong)) and \
                s.rules.family == "block":
            break
    else:
        pytest.fail("no puzzle of the bank blocks a number a seat lacks")
    at = open_page(PAGE, puzzle=s.id)
    answer(at, wrong)
    assert "has shown no" in texts(at)


# -- the learner's own mistakes --------------------------------------------------------------


def keep_decision(lid: str, s: Scenario, decided: float, grade: str = "mistake",
                  good: Move | None = None, round_id: str = "round-1") -> Move:
    """A decision of a reviewed round, as the review keeps it: the puzzle's position, the
    learner at its seat, a wrong move played (``good``: a move the review graded good)."""
    p = s.puzzle
    assert p is not None
    state = s.replay()
    whole = Position.from_state(state)
    wrong = next(f for f in p.moves if f.move not in p.best and f.move != good)
    moves = [[f.move.text(), f.expected, "best" if f.move in p.best else
              "good" if f.move == good else "mistake"] for f in p.moves]
    with progress.connect() as conn:
        conn.execute(
            "INSERT INTO decisions (learner, round_id, number, family, seen, position, played, "
            "best, played_expected, best_expected, loss, grade, exact, moves, decided) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
            (lid, round_id, 7, s.rules.family, whole.seen_by(p.seat).text(), whole.text(),
             wrong.move.text(), json.dumps([m.text() for m in p.best]), wrong.expected,
             p.moves[0].expected, p.moves[0].expected - wrong.expected, grade,
             json.dumps(moves), decided))
    return wrong.move


def test_a_mistake_comes_back_the_next_day_on_home_and_on_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock_file = tmp_path / "clock"
    clock_file.write_text("0", encoding="utf-8")
    monkeypatch.setenv("DOMINO_CLOCK_FILE", str(clock_file))
    import time
    at = home()
    lid = learner(at)
    s = next(b for b in BANK.values() if b.rules.family == "block")
    played = keep_decision(lid, s, time.time())
    at.run()
    assert "Your mistakes, due today" not in texts(at)  # not today: tomorrow
    at.switch_page(PAGE).run()
    assert "Nothing is due today." in texts(at)
    clock_file.write_text(str(DAY + 60), encoding="utf-8")  # a day later
    at.switch_page("app.py").run()
    assert not at.exception
    body = texts(at)
    assert "Your mistakes, due today" in body and "1 position from your own rounds is due." in body
    at.switch_page(PAGE).run()
    assert "1 position from your own rounds of Play is due today." in texts(at)
    click(at, "puzzles.own_start")
    body = texts(at)
    assert "From your round of" in body and param(at, "own") == "1"
    p = s.puzzle
    assert p is not None
    answer(at, p.best[0])
    body = texts(at)
    assert "**Right.**" in body
    assert f"In your round you played {played.tile.bracket()}" in body  # type: ignore[union-attr]
    assert progress.puzzle_rating(lid).attempts == 0  # own puzzles are not rated
    (card,) = progress.own_cards(lid)
    assert card.reviews == 1 and card.due > time.time() + 2 * DAY
    at.switch_page(PAGE).run()
    assert "Nothing is due today." in texts(at)


def test_home_links_to_the_puzzles_due() -> None:
    at = home()
    labels = [link.proto.label for link in at.get("page_link")]
    assert any(label.startswith("Puzzles") for label in labels)  # in "More to explore"


# -- languages ------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "title", "find"), [
    ("uk", "Задачі", "Знайдіть найкращий хід."),
    ("ru", "Задачи", "Найдите лучший ход."),
    ("ar", "ألغاز", "اعثر على أفضل نقلة."),
    ("ko", "퍼즐", "가장 좋은 수를 찾으세요."),
    ("id", "Teka-teki", "Temukan langkah terbaik."),
    ("es", "Problemas", "Encuentra la mejor jugada."),
])
def test_the_page_speaks_every_language(lang: str, title: str, find: str) -> None:
    at = open_page(PAGE, lang=lang)
    assert at.title[0].value == title
    assert find in texts(at)
    p = shown(at).puzzle
    assert p is not None
    answer(at, next(f.move for f in p.moves if f.move not in p.best))
    body = texts(at)
    from ui.i18n import t_in
    assert t_in(lang, "puzzles.wrong") in body
    assert "on average" not in body


def test_a_link_to_no_such_puzzle_says_so_and_shows_another() -> None:
    at = open_page(PAGE, puzzle="puzzle-none-0")
    assert "There is no puzzle “puzzle-none-0” here" in texts(at)
    assert param(at, "puzzle") in BANK


def own_due_now(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """Home, with the clock a day on once a decision is kept (see the callers)."""
    clock_file = tmp_path / "clock"
    clock_file.write_text(str(DAY + 60), encoding="utf-8")
    monkeypatch.setenv("DOMINO_CLOCK_FILE", str(clock_file))
    return home()


def test_an_own_move_graded_good_is_accepted_but_not_called_right(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = own_due_now(tmp_path, monkeypatch)
    s = next(b for b in BANK.values() if b.puzzle and b.rules.family == "block"
             and len(b.puzzle.moves) >= 3)
    p = s.puzzle
    assert p is not None
    good = next(f.move for f in p.moves if f.move not in p.best)
    keep_decision(learner(at), s, 0.0, good=good)
    at.switch_page(PAGE).run()
    click(at, "puzzles.own_start")
    answer(at, good)
    said = verdict(at)
    assert said.startswith("**A good move, though a better one exists.**")
    assert "short of the best move" in said and "Right" not in said
    names = [f.move for f in p.moves]
    assert words.move_name(p.best[0], names) not in said.replace(words.move_name(good, names), "")
    assert board_data(at)["highlight"] is None  # the better one is not shown unasked
    assert "puzzles.retry" not in button_keys(at)  # accepted: nothing to try again
    click(at, "puzzles.show")
    assert board_data(at)["highlight"]["tile"] == str(p.best[0].tile)
    (card,) = progress.own_cards(learner(at))
    assert card.reviews == 1  # reviewed as right


def test_the_last_own_puzzle_says_that_the_next_is_from_the_bank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = own_due_now(tmp_path, monkeypatch)
    blocks = [b for b in BANK.values() if b.puzzle and b.rules.family == "block"]
    keep_decision(learner(at), blocks[0], 0.0, round_id="round-1")
    keep_decision(learner(at), blocks[1], 0.0, round_id="round-2")
    at.switch_page(PAGE).run()
    click(at, "puzzles.own_start")
    assert at.button(key="puzzles.next").label == "Another puzzle"
    assert "the next puzzle comes from the bank" not in texts(at)  # another of yours is due
    answer(at, at.session_state[logic.CURRENT].problem.moves[0][0])
    assert at.button(key="puzzles.next").label == "Next of yours"
    click(at, "puzzles.next")
    assert at.session_state[logic.CURRENT].problem.kind == "own"
    answer(at, at.session_state[logic.CURRENT].problem.moves[0][0])
    assert at.button(key="puzzles.next").label == "Next puzzle"
    assert "That was the last of yours due now: the next puzzle comes from the bank." in texts(at)
    click(at, "puzzles.next")
    assert at.session_state[logic.CURRENT].problem.kind == "bank"


def test_a_sentence_starts_with_a_capital_letter() -> None:
    s = next(b for b in BANK.values() if b.puzzle and b.puzzle.best[0].kind == "discard")
    at = open_page(PAGE, puzzle=s.id)
    assert s.puzzle is not None
    answer(at, s.puzzle.best[0])
    said = verdict(at)
    assert said.startswith("**Right.** Throwing ")


def a_discard_puzzle() -> Scenario:
    """A Gaple puzzle where no tile fits: the answer is a tile thrown dead."""
    return next(s for s in BANK.values()
                if all(m.kind == "discard" for m in s.replay().legal_moves()))


def test_turning_discard_on_takes_away_what_was_said_of_a_refused_tile() -> None:
    s = a_discard_puzzle()
    at = open_page(PAGE, puzzle=s.id)
    assert s.puzzle is not None
    refused = s.replay().hand(s.puzzle.seat)[0]
    board_move(at, {"play": str(refused)})
    assert "no match" in texts(at) and not board_data(at)["discarding"]
    board_move(at, {"discarding": True})  # "Discard a tile" on: the refusal is stale
    assert "no match" not in texts(at)
    assert board_data(at)["discarding"] and board_data(at)["report_discarding"]
    assert progress.puzzle_rating(learner(at)).attempts == 0
    board_move(at, {"discard": str(s.puzzle.best[0].tile)})
    assert verdict(at).startswith("**Right.**") and not board_data(at)["discarding"]


def test_a_wrong_dead_tile_is_told_why_without_the_answer() -> None:
    s = a_discard_puzzle()
    at = open_page(PAGE, puzzle=s.id)
    p = s.puzzle
    assert p is not None
    wrong = next(f.move for f in p.moves if f.move not in p.best)
    assert wrong.tile is not None and p.best[0].tile is not None
    board_move(at, {"discard": str(wrong.tile)})
    said = verdict(at)
    assert said.startswith("**Not the best move.** Throwing ")
    reason = said.split("short of the best move: ", 1)[1]  # a reason in the game's terms
    assert reason and p.best[0].tile.bracket() not in said
    click(at, "puzzles.show")
    assert p.best[0].tile.bracket() in verdict(at)
