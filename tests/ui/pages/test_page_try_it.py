"""Try it (AppTest): a seeded round to its settlement, undo, hidden hands, scenarios, bad links.

Moves go through the board's plain-button fallback (``try-board.play.<tile>``,
``try-board.pass``, ``try-board.draw``, ``try-board.discard.<tile>``); the
test chooses among the engine's legal moves, the page checks and applies them.  The buttons
offer only legal moves, so a move the rules refuse is sent as a click on the table sends it
(``board_move``).
"""

from __future__ import annotations

import apptest_support
import pytest
from apptest_support import (
    board_data,
    board_move,
    button_keys,
    click,
    description,
    open_page,
    texts,
)
from streamlit.testing.v1 import AppTest

from engine.game.state import State
from ui.pages.try_it.logic import Game

pytestmark = pytest.mark.usefixtures("data_dir")  # the site's own scenarios


def open_try(**params: str | list[str]) -> AppTest:
    return open_page("pages/try_it.py", **params)


def game(at: AppTest) -> Game:
    g = at.session_state["try.game"]
    assert isinstance(g, Game)
    return g


def legal_button(state: State) -> str:
    return apptest_support.legal_button(state, "try-board")


def play_out(at: AppTest, limit: int = 200) -> int:
    n = 0
    while not game(at).state.over:
        click(at, legal_button(game(at).state))
        n += 1
        assert n < limit
    return n


def test_a_seeded_block_round_played_to_its_settlement() -> None:
    at = open_try(rules="block", players="3", seed="1234")
    assert at.title[0].value == "Try it"
    body = texts(at)
    assert "Block · 3 players" in body and "seed 1234" in body
    assert at.number_input(key="try.seed").value == 1234
    assert at.radio(key="try.players").value == 3
    first = description(at)
    dealt = list(game(at).state.hand_masks)
    moves = play_out(at)
    assert moves >= 3
    body = texts(at)
    assert "Result:" in body
    assert "scores the opponents' totals" in body or "Blocked:" in body
    for name in ("North", "East", "South"):
        assert f"{name} holds" in body
    assert "Moves so far" in at.expander[-1].label
    assert "try.again" in button_keys(at)
    assert not [k for k in button_keys(at) if k.startswith("try-board.")]
    assert at.query_params["seed"] == "1234" and at.query_params["rules"] == "block"
    # the same link deals the same round
    again = open_try(rules="block", players="3", seed="1234")
    assert description(again) == first
    assert game(again).state.hand_masks == dealt


def test_undo_restores_the_position_and_restart_goes_back_to_the_deal() -> None:
    at = open_try(rules="block", players="2", seed="77")
    start = description(at)
    hands = list(game(at).state.hand_masks)
    assert at.button(key="try.undo").disabled
    click(at, legal_button(game(at).state))
    after_one = description(at)
    assert after_one != start
    click(at, legal_button(game(at).state))
    click(at, "try.undo")
    assert description(at) == after_one
    click(at, "try.restart")
    assert description(at) == start and game(at).state.hand_masks == hands
    assert at.button(key="try.undo").disabled


def test_the_switch_shows_only_the_seat_to_move() -> None:
    at = open_try(rules="block", players="4", seed="5")
    data = board_data(at)
    assert all("face-down" not in o["svg"] for o in data["others"])
    at.toggle(key="try.hide").set_value(True).run()
    assert not at.exception
    data = board_data(at)
    assert len(data["others"]) == 3
    assert all("face-down" in o["svg"] for o in data["others"])
    assert "face-down" not in "".join(t["svg"] for t in data["hand"]["tiles"])
    mover = game(at).seats[game(at).state.mover]
    body = texts(at)
    assert f"What {mover} knows:" in body and "holds 5 tiles" in body
    assert "8 tiles are out of play, face down" in body
    # what a pass tells: play until someone passes, then the others know it
    for _ in range(40):
        state = game(at).state
        if state.over or any(r.move.kind == "pass" and r.ends for r in state.history):
            break
        click(at, legal_button(state))
    state = game(at).state
    if not state.over:
        assert "and has no" in texts(at)


def test_a_scenario_opens_at_its_start_and_plays_to_its_settlement() -> None:
    at = open_try()
    at.selectbox(key="try.scenario").set_value("e1-one-tile-loss").run()
    click(at, "try.open")
    assert at.query_params["scenario"] == "e1-one-tile-loss" and "seed" not in at.query_params
    body = texts(at)
    assert "Scenario: E1: a loss with one tile" in body
    click(at, "try-board.play.2-3")
    click(at, "try-board.play.2-2")
    click(at, "try-board.pass")
    click(at, "try-board.pass")
    body = texts(at)
    assert "Blocked: Black has the lower total: 3 < 8." in body
    assert "Black holds [0|1], [1|1]: 1 + 2 = 3" in body
    # a link to the scenario opens it too
    direct = open_try(scenario="e3-empty-hand-wins")
    assert "Scenario: E3: the empty hand wins at once" in texts(direct)


def test_a_refused_move_is_explained_and_changes_nothing() -> None:
    at = open_try(scenario="e1-one-tile-loss")
    before = description(at)
    # only the legal moves have buttons, and Pass is not offered while a tile fits ...
    assert [k for k in button_keys(at) if k.startswith("try-board.")] == ["try-board.play.2-3"]
    assert [c["id"] for c in board_data(at)["controls"]] == []
    # ... but the tile can still be tried on the table, and the rule is said
    board_move(at, {"play": "4-4"})
    assert "[4|4] shows 4 and 4; the open ends show 6 and 3: no match." in texts(at)
    assert description(at) == before
    assert not game(at).state.history


@pytest.mark.parametrize(("params", "notice", "expect"), [
    ({"rules": "chess"}, "There is no rule family “chess”", {"rules": "block"}),
    ({"rules": "block", "players": "9"}, "“9” is not a number of players for Block",
     {"players": "2"}),
    ({"rules": "gaple", "players": "4", "hand": "9"}, "“9” tiles each is not a Gaple deal",
     {"hand": "6"}),
    ({"rules": "block", "seed": "abc"}, "“abc” is not a seed", {}),
    ({"rules": "duel", "draw": "maybe"}, "“maybe” is not on or off", {"rules": "duel"}),
    ({"scenario": "no-such"}, "There is no scenario “no-such”", {"rules": "block"}),
])
def test_bad_query_params_give_a_notice(params: dict[str, str], notice: str,
                                        expect: dict[str, str]) -> None:
    at = open_try(**params)
    assert any(notice in i.value for i in at.info), [i.value for i in at.info]
    for key, value in expect.items():
        assert at.query_params[key] == value
    assert at.query_params["seed"].isdigit()
    click(at, legal_button(game(at).state))  # and the table works
    assert not at.info  # the notice was for that link only


def test_gaple_dead_discard_through_the_buttons() -> None:
    at = open_try(scenario="gaple-dead-discard")
    assert "Gaple · 4 × 6 · dead tiles" in texts(at)
    click(at, "try-board.play.1-5")
    click(at, "try-board.play.1-3")
    # South is stuck: a pass is refused, a discard is the move
    assert "try-board.pass" not in button_keys(at)
    assert board_data(at)["discard"] and not board_data(at)["controls"]
    click(at, "try-board.discard.6-6")
    state = game(at).state
    assert [str(x) for x in state.dead_tiles(2)] == ["6-6"]
    assert "South discards [6|6] face down: a dead tile." in texts(at)
    # a discard by a player who can play is not offered; tried on the table, it is refused
    # with the rule
    assert not [k for k in button_keys(at) if k.startswith("try-board.discard.")]
    assert not board_data(at)["discard"]
    board_move(at, {"discard": "0-3"})
    assert "You hold [0|5], which fits the 5: you must play." in texts(at)
    assert game(at).state.dead_tiles(3) == ()


def test_duel_draw_through_the_buttons() -> None:
    at = open_try(scenario="trip-draw-until-playable")
    assert "Two-player game · with drawing" in texts(at)
    # stuck with tiles in the stock: Draw is the move, Pass is not offered (tried: refused)
    assert [c["id"] for c in board_data(at)["controls"]] == ["draw"]
    assert "try-board.pass" not in button_keys(at)
    board_move(at, {"pass": True})
    assert "Tiles left in the stock: 14. Draw until you can play." in texts(at)
    click(at, "try-board.draw")
    state = game(at).state
    assert state.stock_count == 13 and "1-5" in [str(x) for x in state.hand(0)]
    assert "White draws [1|5]." in texts(at)
    # drawn until [2|5] fits, then it must be played
    for _ in range(3):
        click(at, "try-board.draw")
    click(at, "try-board.play.2-5")
    assert game(at).state.mover == 1


def test_a_dealt_duel_with_drawing_and_a_gaple_round_play_out() -> None:
    # (Gaple for five, seed 11, is played out below, where its seats are named.)
    for params in ({"rules": "duel", "draw": "1", "seed": "3"},
                   {"rules": "gaple", "players": "4", "hand": "7", "blank25": "1", "seed": "4"},
                   {"rules": "gaple", "players": "4", "dead": "0", "seed": "8"}):
        at = open_try(**params)
        play_out(at)
        assert "Result:" in texts(at), params


def test_dealing_from_the_setup_puts_rules_and_seed_in_the_address() -> None:
    at = open_try()
    at.radio(key="try.family").set_value("gaple").run()
    at.radio(key="try.gaple_deal").set_value("5x5").run()
    at.number_input(key="try.seed").set_value(4321).run()
    click(at, "try.deal")
    params = {k: at.query_params[k] for k in ("rules", "players", "seed")}
    assert params == {"rules": "gaple", "players": "5", "seed": "4321"}
    assert "Gaple · 5 × 5 · dead tiles" in texts(at) and "seed 4321" in texts(at)
    click(at, "try.random")
    assert at.query_params["seed"] != "4321"
    assert at.number_input(key="try.seed").value == int(at.query_params["seed"])


def test_a_block_match_adds_the_round_and_moves_the_start_on() -> None:
    at = open_try(rules="block", players="3", seed="21", match="1")
    assert "Match to 61 · round 1" in texts(at)
    first = game(at).state.mover
    play_out(at)
    click(at, "try.next_round")
    g = game(at)
    assert g.match is not None and g.round_no == 2
    assert sum(g.match.scores) == sum(g.match.rounds[0].points)
    assert g.state.mover == ((first or 0) + 1) % 3
    assert "Match to 61 · round 2" in texts(at)


def test_gaple_for_five_names_the_seats_as_the_quiz_does() -> None:
    """Five seats are North, East, South-east, South-west and West, as in the quiz (and in
    the page's language), not "Player 1 … 5"."""
    at = open_try(rules="gaple", players="5", seed="11")
    assert game(at).seats == ("North", "East", "South-east", "South-west", "West")
    play_out(at)
    body = texts(at)
    assert "Result:" in body
    for name in game(at).seats:
        assert f"{name} holds" in body, name
    assert "Player" not in body
    ukrainian = open_try(rules="gaple", players="5", seed="11", lang="uk")
    assert game(ukrainian).seats == ("Північ", "Схід", "Південний схід", "Південний захід",
                                     "Захід")


@pytest.mark.parametrize(("repeated", "notice", "fallback"), [
    ({"seed": ["1", "2"]}, "“seed” is in the address more than once (1, 2)", {}),
    ({"rules": ["gaple", "duel"]}, "“rules” is in the address more than once (gaple, duel)",
     {"rules": "block"}),
    ({"scenario": ["e1-one-tile-loss", "e3-empty-hand-wins"]},
     "“scenario” is in the address more than once", {"rules": "block"}),
])
def test_a_repeated_param_falls_back_with_a_notice_and_the_address_is_cleaned(
        repeated: dict[str, list[str]], notice: str, fallback: dict[str, str]) -> None:
    at = open_try(**repeated)
    assert any(notice in i.value for i in at.info), [i.value for i in at.info]
    for key in ("rules", "seed", "scenario"):  # one value each, or none
        value = at.query_params.get(key)
        assert value is None or isinstance(value, str) or len(value) == 1, (key, value)
    for key, value in fallback.items():
        assert at.query_params[key] == value
    assert "scenario" not in at.query_params and at.query_params["seed"].isdigit()
    assert game(at).params == {k: at.query_params[k] for k in game(at).params}
    click(at, legal_button(game(at).state))  # and the table works
    assert not at.info


def test_the_same_value_twice_is_read_once_and_cleaned() -> None:
    at = open_try(seed=["77", "77"], rules="block")
    assert not at.info
    assert game(at).seed == 77 and at.query_params["seed"] == "77"


def test_notices_clip_a_long_typed_value_with_an_ellipsis() -> None:
    at = open_try(rules="r" * 100, seed="9" * 100, scenario="s" * 100)
    shown = [i.value for i in at.info]
    for value, limit in (("r", 20), ("9", 20), ("s", 60)):
        assert any(f"“{value * (limit - 1)}…”" in n for n in shown), (value, shown)
    assert not any(value * limit in n for n in shown for value, limit in (("r", 20), ("s", 60)))


def test_gaples_turned_up_middle_tile_is_explained_and_logged() -> None:
    at = open_try(rules="gaple", players="4", seed="51")
    state = game(at).state
    start = state.line.tiles()[0].bracket()
    name = game(at).seats[state.mover]
    body = texts(at)
    assert (f"{start} was turned face up from there and starts the line; the other 3 tiles "
            f"stay face down and count for nobody. {name} drew the lot and plays first") in body
    assert "Moves so far (0)" in at.expander[-1].label
    assert f"Turned up from the middle: \\{start[0]}" in body or \
        f"Turned up from the middle: {start}" in body.replace("\\", "")
    at = click(at, legal_button(state))
    body = texts(at)
    assert "was turned face up from there" not in body  # the note is for the start
    assert "Moves so far (1)" in at.expander[-1].label
    assert "Turned up from the middle" in body


def test_back_from_another_page_the_setup_shows_the_game_on_the_board() -> None:
    """Streamlit forgets the setup's widgets on a page that does not draw them: back on Try
    it, they show the game on the board (five-player Gaple), not the form's defaults."""
    at = open_page("pages/try_it.py", rules="gaple", players="5", seed="3")
    at.switch_page("pages/learn.py").run()
    assert "try.family" not in at.session_state
    at.switch_page("pages/try_it.py").run()
    assert not at.exception, at.exception
    assert at.radio(key="try.family").value == "gaple"
    assert at.session_state["try.gaple_deal"] == "5x5"
