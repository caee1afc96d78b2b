"""Play (AppTest): the table offers what the rules allow.

- the plain buttons list only the distinct legal moves; Pass, Draw and Discard appear only
  when legal (a tile that does not fit is still refused with its reason on a click);
- "Show which tiles fit" marks the fitting tiles (on at first against Beginner and Easy);
- draw mode: no "Draw a tile" from an empty stock, and "What you know" says it is empty;
- on two equal ends a tile is one move: the hint, the click and the review name it alike.

Positions are set on the session's table by hand where a deal would take luck to reach.
"""

from __future__ import annotations

from typing import Any

import pytest
from apptest_support import board_data, board_move, button_keys, click, open_page, play_table, texts
from streamlit.testing.v1 import AppTest

from engine.game.moves import Move
from engine.game.rules import duel, gaple
from engine.game.state import State
from ui.widgets import verdict

pytestmark = pytest.mark.usefixtures("data_dir")

BOARD = "play-board"


def open_play(**params: str) -> AppTest:
    return open_page("pages/play.py", **params)


def set_position(at: AppTest, state: State) -> AppTest:
    """Put ``state`` on the session's table as the round being played (and its start): a
    position made by hand, not the match the learner's store keeps (``owner`` cleared)."""
    tb = play_table(at)
    assert state.rules == tb.rules and state.mover == tb.learner
    tb.state, tb.start, tb.computer, tb.owner = state, state.copy(), None, ""
    at.run()
    assert not at.exception, at.exception
    return at


def move_buttons(at: AppTest) -> list[str]:
    return [k.removeprefix(f"{BOARD}.") for k in button_keys(at) if k.startswith(f"{BOARD}.")]


def controls(at: AppTest) -> list[str]:
    data = board_data(at)
    return [c["id"] for c in data["controls"]] + (["discard"] if data["discard"] else [])


def check_offer(at: AppTest) -> None:
    """What the table offers now is the engine's legal moves, each once."""
    state = play_table(at).state
    buttons = move_buttons(at)
    distinct = state.distinct_moves()
    assert len(buttons) == len(distinct), (buttons, distinct)
    for suffix in buttons:
        kind, _, rest = suffix.partition(".")
        tile, _, end = rest.partition(".")
        move = Move.play(tile, end or None) if kind == "play" else \
            Move.discard(tile) if kind == "discard" else Move.parse(kind)  # type: ignore[arg-type]
        assert state.why_illegal(state.resolve(move)) is None, suffix
    kinds = {m.kind for m in distinct}
    assert controls(at) == [c for c in ("draw", "pass", "discard") if c in kinds]


@pytest.mark.parametrize("params", [
    {"rules": "block", "players": "2", "seed": "5"},
    {"rules": "gaple", "players": "4", "seed": "2"},
    {"rules": "duel", "draw": "1", "seed": "6"},
], ids=lambda p: p["rules"])
def test_the_buttons_list_only_the_legal_moves_turn_after_turn(params: dict[str, str]) -> None:
    at = open_play(**params, level="heaviest")
    seen_fewer = False
    for _ in range(60):
        tb = play_table(at)
        if tb.state.over:
            break
        check_offer(at)
        seen_fewer = seen_fewer or len(move_buttons(at)) < len(tb.state.hand(tb.learner))
        click(at, f"{BOARD}.{move_buttons(at)[0]}")
    assert play_table(at).state.over
    assert seen_fewer  # some turn had tiles that do not fit: they had no button


def test_pass_draw_and_discard_appear_only_when_legal() -> None:
    at = open_play(rules="duel", draw="1", seed="1", level="random")
    rules = duel(draw=True)
    # a tile fits: only plays, no Pass, no Draw
    set_position(at, State.setup(rules, [["2-3", "4-4"], ["0-1"]], ends=(6, 3),
                                 stock=["1-5", "2-5"]))
    assert move_buttons(at) == ["play.2-3"] and controls(at) == []
    # nothing fits and the stock has tiles: Draw, and no Pass
    set_position(at, State.setup(rules, [["4-4", "1-2"], ["0-1"]], ends=(6, 3),
                                 stock=["1-5", "2-5"]))
    assert move_buttons(at) == ["draw"] and controls(at) == ["draw"]
    assert "the stock has 2 tiles" in texts(at)
    # nothing fits and the stock is empty: Pass, and no "Draw a tile"
    set_position(at, State.setup(rules, [["4-4", "1-2"], ["0-1"]], ends=(6, 3), stock=[]))
    assert move_buttons(at) == ["pass"] and controls(at) == ["pass"]
    body = texts(at)
    assert "the stock is empty" in body and "Draw a tile" not in body
    # a refused Draw is still explained when it comes from the table
    board_move(at, {"draw": True})
    assert "The stock is empty: pass." in texts(at)


def test_a_stuck_gaple_player_is_offered_the_discards_and_no_pass() -> None:
    at = open_play(rules="gaple", players="4", seed="2", level="random")
    tb = play_table(at)
    hands: list[list[str]] = [["0-0"], ["0-1"], ["0-2"], ["0-3"]]
    hands[tb.learner] = ["1-2", "4-5"]
    set_position(at, State.setup(gaple(4), hands, ends=(6, 6), stock=3, to_move=tb.learner))
    assert move_buttons(at) == ["discard.1-2", "discard.4-5"]
    assert controls(at) == ["discard"]


def marks(at: AppTest) -> tuple[bool, dict[str, bool], list[str]]:
    data: dict[str, Any] = board_data(at)
    tiles = data["hand"]["tiles"]
    return data["mark_fits"], {x["tile"]: x["fits"] for x in tiles}, [x["label"] for x in tiles]


def test_show_which_tiles_fit_marks_what_the_engine_says_fits() -> None:
    at = open_play(rules="duel", seed="1", level="random")
    set_position(at, State.setup(duel(), [["2-3", "4-4", "3-6"], ["0-1"]], ends=(6, 3),
                                 stock=14))
    assert at.toggle(key="play.fits").value is True  # on at first against Beginner
    marking, fits, labels = marks(at)
    assert marking and fits == {"2-3": True, "3-6": True, "4-4": False}
    assert labels == ["Tile [2|3], can be played", "Tile [3|6], can be played",
                      "Tile [4|4], cannot be played now"]
    # off: nothing marked, the tiles named plainly; the buttons still only the legal moves
    at.toggle(key="play.fits").set_value(False).run()
    marking, _, labels = marks(at)
    assert not marking and labels == ["Tile [2|3]", "Tile [3|6]", "Tile [4|4]"]
    assert sorted(move_buttons(at)) == ["play.2-3", "play.3-6.left", "play.3-6.right"]


def test_the_setting_starts_off_above_easy_and_the_learners_choice_then_stands() -> None:
    at = open_play(rules="block", players="2", seed="4", level="strong")
    assert at.toggle(key="play.fits").value is False
    assert play_table(at).learner_to_move and not marks(at)[0]
    at.toggle(key="play.fits").set_value(True).run()
    assert marks(at)[0]
    # a new match against Easy, then against Strong: the learner's choice stands
    for level in ("heaviest", "strong"):
        at.radio(key="play.level").set_value(level).run()
        click(at, "play.new")
        assert play_table(at).level == level and at.toggle(key="play.fits").value is True


def test_before_the_learner_chooses_the_setting_follows_the_level_of_each_new_match() -> None:
    at = open_play(rules="block", players="2", seed="4", level="random")
    assert at.toggle(key="play.fits").value is True
    for level, shown in (("strong", False), ("heaviest", True)):
        at.radio(key="play.level").set_value(level).run()
        click(at, "play.new")
        assert play_table(at).level == level and at.toggle(key="play.fits").value is shown


def test_a_flip_that_comes_in_before_its_callback_is_not_sent_back() -> None:
    """A run under way when the learner flips the toggle (the setup's own rerun as it opens)
    sees the flip in the widget's state before the flip's callback has run: the run keeps
    the flip instead of setting the level's default over it."""
    at = open_play(rules="block", players="2", seed="4", level="strong")
    assert at.toggle(key="play.fits").value is False
    at.session_state["play.fits"] = True  # the widget's new value, no callback yet
    at.run()
    assert at.toggle(key="play.fits").value is True


def test_on_equal_ends_the_hint_names_the_move_one_click_lays_and_the_review_names_it_once(
        ) -> None:
    at = open_play(rules="duel", seed="1", level="heaviest")
    # both ends show 3: [0|3] and [3|6] each fit "both" ends, which are one end
    set_position(at, State.setup(duel(), [["0-3", "3-6"], ["0-1"]], ends=(3, 3), stock=14))
    assert sorted(move_buttons(at)) == ["play.0-3", "play.3-6"]
    click(at, "play.hint")
    tb = play_table(at)
    assert tb.hint is not None and tb.hint.move.tile is not None
    tile = tb.hint.move.tile
    clicked = tb.state.resolve(Move.play(tile))
    assert tb.hint.move == clicked and clicked.end == "right"
    body = texts(at)
    assert f"**Hint:** Play {tile.bracket()} on the right end" in body
    assert "on the left end" not in body
    assert board_data(at)["highlight"] == {"tile": str(tile), "end": "right", "control": None}
    # one click lays it where the hint said
    click(at, f"{BOARD}.play.{tile}")
    mine = [x for x in play_table(at).log if x.startswith(play_table(at).seats[0])]
    assert mine == [f"{play_table(at).seats[0]} play {tile} right"]
    while not play_table(at).state.over:
        click(at, f"{BOARD}.{move_buttons(at)[0]}")
    tb = play_table(at)
    first = tb.review[0]
    assert first.number == 1 and first.played == clicked
    solution = first.verdict.value
    assert solution is not None and len(solution.moves) == 4  # the solver's own list: both names
    said = verdict.verdict(first.position, solution, tb.seats, first.played)
    assert len(said.others) == 2  # the review: each move once
    assert all("on the right end" in line for line in said.others)
    assert "left" not in said.best
    body = texts(at)
    assert "on the left end" not in body[body.index("Review of your moves"):]
