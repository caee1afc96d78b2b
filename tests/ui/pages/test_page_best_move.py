""""Best move here" (AppTest) on Worked examples and Try it: the solver's verdict for the
position on the table, every hand open, on request; the board highlights the best move;
the verdict goes away when the position changes.

E3 is the showcase: at Black's choice, [0|0] wins and [0|2] loses.  The tests' ``data_dir``
fixture sets ``DOMINO_THINK=inline``: the solver answers at once, in-process.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from apptest_support import board_data, button_keys, click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.game.moves import Move
from engine.game.state import State
from engine.search.solve import Solution, solve
from ui import thinking
from ui.i18n import move_text
from ui.pages.try_it.logic import Game
from ui.widgets.board import fallback_moves

pytestmark = pytest.mark.usefixtures("data_dir")  # the site's own scenarios

E3 = "e3-empty-hand-wins"
OPEN_HANDS = "Worked out with every hand open."
SEES_HIDDEN = "The answer looks at every hand, the hidden ones too"


def hinted(at: AppTest) -> tuple[list[str], Any]:
    """The board's highlighted tiles in the bottom hand, and the ringed end."""
    data = board_data(at)
    tiles = [x["tile"] for x in data["hand"]["tiles"] if x["hint"]]
    return tiles, data["highlight"]


# -- Worked examples ------------------------------------------------------------------------


def test_e3_at_blacks_choice_says_the_double_blank_wins_and_the_two_loses() -> None:
    at = open_page("pages/examples.py", example=E3, move="1")
    assert "Best with every hand open" not in texts(at)
    assert hinted(at) == ([], None)
    ask = at.button(key="ex-best.ask")
    assert ask.label == "Best move here" and not ask.disabled
    assert ask.help == "Ask the solver for the best move from this position, every hand open."

    click(at, "ex-best.ask")
    body = texts(at)
    assert "Best with every hand open: Play [0|0] on the right end — Black wins." in body
    assert "- Play [0|0] on the right end: Black wins\n- Play [0|2] on the right end: White wins" \
        in body
    assert OPEN_HANDS in body and "An estimate" not in body
    assert at.button(key="ex-best.ask").disabled  # asked: the answer is on the page
    # the board points at it: [0|0] in Black's hand, and the open 0 on the right
    assert hinted(at) == (["0-0"], {"tile": "0-0", "end": "right", "control": None})

    click(at, "ex.next")  # Black plays [0|2], as documented: another position
    body = texts(at)
    assert "Best with every hand open" not in body and OPEN_HANDS not in body
    assert hinted(at) == ([], None)
    assert not at.button(key="ex-best.ask").disabled  # White is to move: ask again


def test_the_verdict_goes_when_the_learners_own_move_changes_the_position() -> None:
    at = open_page("pages/examples.py", example=E3, move="1")
    click(at, "ex.try")
    click(at, "ex-best.ask")  # the button is there in the learner's own line too
    assert "Play [0|0] on the right end — Black wins." in texts(at)
    click(at, "ex-board.play.0-2")  # the losing move (the documented one)
    body = texts(at)
    assert "Best with every hand open" not in body
    assert hinted(at) == ([], None)


def test_a_forced_pass_is_the_best_move_and_a_finished_round_has_none() -> None:
    at = open_page("pages/examples.py", example=E3, move="0")
    click(at, "ex-best.ask")
    assert "Best with every hand open: Pass — Black wins." in texts(at)
    assert hinted(at) == ([], {"tile": None, "end": None, "control": "pass"})
    click(at, "ex.last")
    assert at.button(key="ex-best.ask").disabled  # nobody is to move
    assert "Best with every hand open" not in texts(at)


def test_on_equal_ends_the_best_move_is_one_move_named_as_one_click_lays_it() -> None:
    """D7: [2|2] opens, South's [2|4] fits "both" 2s: the left and the right are mirror
    images, one move (the solver's own list keeps both names)."""
    at = open_page("pages/examples.py", example="d7-double-two", move="1")
    click(at, "ex-best.ask")
    body = texts(at)
    assert "Best with every hand open: Play [2|4] on the right end — North wins" in body
    assert "left end" not in body
    assert not [line for line in body.splitlines() if line.startswith("- Play")]  # no list of one
    assert hinted(at) == (["2-4"], {"tile": "2-4", "end": "right", "control": None})


# -- Try it -------------------------------------------------------------------------------


def game(at: AppTest) -> Game:
    g = at.session_state["try.game"]
    assert isinstance(g, Game)
    return g


def legal(g: Game) -> str:
    state = g.state
    suffix = next(s for s, m in fallback_moves(state)
                  if state.why_illegal(state.resolve(m)) is None)
    return f"try-board.{suffix}"


def test_try_it_a_seeded_deal_shows_the_solvers_best_move_and_clears_it_after_a_move() -> None:
    at = open_page("pages/try_it.py", rules="block", players="2", seed="4242")
    for _ in range(6):  # a few moves in
        click(at, legal(game(at)))
    state = game(at).state
    expected = solve(state.copy(), seconds=30)  # the engine's own answer, to compare
    assert expected.exact and len(expected.best) == 1
    best = expected.best[0]

    click(at, "try-best.ask")
    body = texts(at)
    assert f"Best with every hand open: {move_text(best)} — " in body
    listed = [line for line in body.splitlines() if line.startswith(("- Play", "- Pass"))]
    assert listed == [f"- {move_text(mv.move)}: {line.split(': ', 1)[1]}"
                      for mv, line in zip(expected.moves, listed, strict=True)]
    assert OPEN_HANDS in body and SEES_HIDDEN not in body  # every hand is face up
    assert hinted(at) == ([str(best.tile)], {"tile": str(best.tile), "end": best.end,
                                             "control": None})
    assert at.button(key="try-best.ask").disabled

    click(at, legal(game(at)))  # a move: another position
    body = texts(at)
    assert "Best with every hand open" not in body and OPEN_HANDS not in body
    assert hinted(at) == ([], None)
    assert not at.button(key="try-best.ask").disabled


def test_try_it_on_a_gaple_table_with_equal_ends_names_the_move_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The turned-up [2|5] game after its four documented moves: both ends show 4 and
    South holds [2|4].  With four players the search may value the two mirror images
    differently (ties among the others' choices go another way); the page names one move,
    the one a click lays, with the better value, and offers one button for it.  (The
    search is given all the time it needs, so that its answer is exact on a busy machine
    too: the tests' 0.3 s could run out before it.)"""
    monkeypatch.setattr(thinking, "JUDGE_BUDGET", 60.0)
    at = open_page("pages/try_it.py", scenario="gaple-middle-tile-start")
    for key in ("play.5-6", "play.2-3", "play.4-6", "play.3-4.left"):
        click(at, f"try-board.{key}")
    state = game(at).state
    assert state.line.ends == (4, 4) and state.mover == 2
    assert [k for k in button_keys(at) if k.startswith("try-board.")] == ["try-board.play.2-4"]
    click(at, "try-best.ask")
    body = texts(at)
    assert "Best with every hand open: Play [2|4] on the right end — South wins." in body
    said = [line for line in body.splitlines() if "[2|4]" in line]
    assert said and not [line for line in said if "left" in line or "finishes" in line]
    assert hinted(at) == (["2-4"], {"tile": "2-4", "end": "right", "control": None})
    click(at, "try-board.play.2-4")
    assert game(at).state.history[-1].move == Move.play("2-4", "right")


def test_try_it_with_hidden_hands_says_the_answer_looks_at_every_hand() -> None:
    at = open_page("pages/try_it.py", rules="duel", seed="77")
    at.toggle(key="try.hide").set_value(True).run()
    assert not at.exception
    assert SEES_HIDDEN in (at.button(key="try-best.ask").help or "")
    for _ in range(4):
        click(at, legal(game(at)))
    click(at, "try-best.ask")
    body = texts(at)
    assert SEES_HIDDEN in body and OPEN_HANDS in body
    assert "Best with every hand open:" in body
    # the other hand stays face down; the best move is marked in the mover's hand
    data = board_data(at)
    assert [("face-down" in o["svg"]) for o in data["others"]] == [True]
    state = game(at).state
    best = at.session_state["try-best"].answer.value.best[0]
    tiles, _ = hinted(at)
    assert tiles == ([str(best.tile)] if best.tile is not None else [])
    assert {str(x) for x in state.hand(state.mover)} >= set(tiles)


def test_try_it_a_new_deal_drops_the_verdict() -> None:
    at = open_page("pages/try_it.py", rules="block", players="2", seed="9")
    for _ in range(8):
        click(at, legal(game(at)))
    click(at, "try-best.ask")
    assert "Best with every hand open:" in texts(at)
    click(at, "try.undo")
    assert "Best with every hand open:" not in texts(at)
    click(at, "try.again")  # deal again: another position altogether
    assert "Best with every hand open:" not in texts(at)


# -- an unfinished or failed search -------------------------------------------------------


def test_a_search_that_runs_out_of_budget_is_labelled_an_estimate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def short(state: State, *, seconds: float) -> Solution:
        return solve(state, seconds=seconds, max_nodes=50)

    monkeypatch.setattr(thinking, "solve", short)  # what the worker runs
    at = open_page("pages/try_it.py", rules="block", players="4", seed="5")
    click(at, "try-best.ask")
    body = texts(at)
    # (Moves as good for the mover but leading elsewhere are listed each with its outcome.)
    assert re.search(r"Best with every hand open[:,]", body)
    assert f"{OPEN_HANDS} An estimate: the search ran out of time before it finished." in body
    assert len(hinted(at)[0]) == 1  # its best guess is still pointed at


def test_a_failed_search_says_so_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: State, *, seconds: float) -> Solution:
        raise ValueError("no")

    monkeypatch.setattr(thinking, "solve", broken)
    at = open_page("pages/examples.py", example=E3, move="1")
    click(at, "ex-best.ask")
    body = texts(at)
    assert "The solver could not work out this position." in body
    assert "Best with every hand open" not in body and hinted(at) == ([], None)
