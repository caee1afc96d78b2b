"""ui/pages/try_it/logic.py and try_it_setup.py without Streamlit: URL parameters, deals, moves, undo, the match, what a seat knows."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from engine.game.moves import PASS, Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State
from ui.content import load_content
from ui.pages.quiz import logic as ui_quiz
from ui.pages.try_it import logic as try_it
from ui.widgets import deal_setup as try_it_setup
from ui.widgets.knowledge import knowledge

ROOT = Path(__file__).resolve().parents[2]
S = load_content(ROOT / "scenarios").scenarios


@pytest.mark.parametrize("rules", [block(2), block(3), block(4), gaple(4), gaple(4, 7),
                                   gaple(5), gaple(4, dead_tiles=False),
                                   gaple(4, 7, blank_double_25=True), duel(), duel(True)])
def test_params_round_trip(rules: object) -> None:
    params = try_it_setup.deal_params(rules, 1234)  # type: ignore[arg-type]
    parsed = try_it_setup.parse_params(params)
    assert parsed.rules == rules and parsed.seed == 1234 and not parsed.problems


def test_the_shortest_params() -> None:
    assert try_it_setup.deal_params(block(3), 7, match=True) == {
        "rules": "block", "players": "3", "seed": "7", "match": "1"}
    assert try_it_setup.deal_params(duel(True), 7) == {"rules": "duel", "draw": "1", "seed": "7"}
    assert try_it_setup.deal_params(gaple(5), 7) == {"rules": "gaple", "players": "5", "seed": "7"}
    assert try_it_setup.deal_params(gaple(4, dead_tiles=False), 7) == {
        "rules": "gaple", "players": "4", "hand": "6", "dead": "0", "seed": "7"}


@pytest.mark.parametrize(("params", "rules", "problems"), [
    ({}, block(2), 0),
    ({"rules": "chess"}, block(2), 1),
    ({"rules": "block", "players": "5"}, block(2), 1),
    ({"rules": "block", "players": "x"}, block(2), 1),
    ({"rules": "gaple", "players": "5", "hand": "6"}, gaple(5), 1),
    ({"rules": "gaple", "players": "3"}, gaple(4), 1),
    ({"rules": "gaple", "dead": "perhaps"}, gaple(4), 1),
    ({"rules": "duel", "players": "3", "draw": "yes"}, duel(True), 1),
    ({"rules": "block", "seed": "-4"}, block(2), 1),
    ({"rules": "block", "seed": "12345678901"}, block(2), 1),
    ({"rules": "block", "match": "2"}, block(2), 1),
])
def test_bad_params_fall_back_and_say_so(params: dict[str, str], rules: object,
                                         problems: int) -> None:
    parsed = try_it_setup.parse_params(params)
    assert parsed.rules == rules
    assert len(parsed.problems) == problems, parsed.problems


def test_a_bad_seed_is_replaced() -> None:
    parsed = try_it_setup.parse_params({"seed": "abc"})
    assert parsed.seed is None and "“abc” is not a seed" in parsed.problems[0]


def test_the_same_seed_deals_the_same_round() -> None:
    a, b = try_it.new_deal(block(3), 99), try_it.new_deal(block(3), 99)
    assert a.state.hand_masks == b.state.hand_masks and a.state.mover == b.state.mover
    assert try_it.new_deal(block(3), 100).state.hand_masks != a.state.hand_masks
    assert a.seats == ("North", "East", "South")
    assert try_it.new_deal(duel(), 1).seats == ("White", "Black")
    assert try_it.new_deal(gaple(5), 1).seats == ("North", "East", "South-east", "South-west",
                                                  "West")


@pytest.mark.parametrize("rules", [block(2), block(3), block(4), gaple(4), gaple(5), duel()],
                         ids=lambda r: f"{r.family}{r.players}")
def test_try_it_names_the_seats_as_the_quiz_does(rules: Ruleset) -> None:
    """One set of seat names for every page that deals (ui.i18n.table_seat_names)."""
    state = try_it.new_deal(rules, 7).state
    assert try_it_setup.seat_names(rules) == ui_quiz.seat_names(state)
    assert not any(name.startswith("Player") for name in try_it_setup.seat_names(rules))


def test_moves_undo_and_restart() -> None:
    game = try_it.new_deal(block(2), 5)
    start = list(game.state.hand_masks)
    first = game.state.legal_moves()[0]
    assert try_it.apply(game, first)
    after = (list(game.state.hand_masks), game.state.line.ends)
    assert not try_it.apply(game, PASS)  # seed 5: the second player can play, so must
    assert game.feedback is not None and game.feedback.kind == "no"
    assert (list(game.state.hand_masks), game.state.line.ends) == after  # unchanged
    try_it.apply(game, game.state.legal_moves()[0])
    try_it.undo(game)
    assert (list(game.state.hand_masks), game.state.line.ends) == after
    try_it.restart(game)
    assert game.state.hand_masks == start and not game.state.history


def play_round(game: try_it.Game, rng: random.Random) -> None:
    while not game.state.over:
        assert try_it.apply(game, rng.choice(game.state.legal_moves()))


def test_a_block_match_to_its_end() -> None:
    rng = random.Random(0)
    game = try_it.new_deal(block(3), 42, match=True)
    m = game.match
    assert m is not None and m.target == 61
    starters = []
    total = [0, 0, 0]
    while not game.recorded:
        starters.append(game.state.mover)
        play_round(game, rng)
        points = settle(game.state).points
        assert try_it.pending_points(game) == points
        try_it.next_round(game)
        total = [a + b for a, b in zip(total, points, strict=True)]
        assert m.scores == total
    assert m.over and max(m.scores) >= 61
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(starters))
    assert game.round_no == len(m.rounds)
    # once the match is over nothing more is recorded or undone
    try_it.next_round(game)
    try_it.undo(game)
    assert len(m.rounds) == game.round_no and game.state.over


def test_a_match_is_the_same_from_the_same_seed() -> None:
    a, b = try_it.new_deal(block(2), 8, match=True), try_it.new_deal(block(2), 8, match=True)
    assert a.state.hand_masks == b.state.hand_masks and a.state.mover == b.state.mover


def test_what_a_seat_knows() -> None:
    s = S["e1-one-tile-loss"]
    state = s.initial()
    for move in s.moves[:3]:  # … White passes at ends 6 and 2
        state.push(move)
    text = knowledge(state, 1, s.seats)
    assert text == ("What Black knows: White holds 1 tile and has no 2 or 6 · "
                    "14 tiles are out of play, face down.")  # no drawing: nobody draws them
    drawing = State.deal(duel(draw=True), random.Random(1))
    assert "the stock has 14 tiles" in knowledge(drawing, 0, None)
    assert "14 tiles are out of play, face down" in knowledge(
        State.deal(duel(draw=False), random.Random(1)), 0, None)
    assert "14 tiles are out of play, face down" in knowledge(
        State.deal(block(2), random.Random(1)), 0, None)  # the same words as Block's
    b = State.deal(block(3), random.Random(1))
    assert "13 tiles are out of play, face down" in knowledge(b, 0, None)
    g = State.deal(gaple(5), random.Random(1))
    assert "2 tiles lie face down in the middle" in knowledge(g, 0, None)


def test_the_log_hides_what_the_table_hides() -> None:
    game = try_it.from_scenario(S["trip-draw-until-playable"])
    try_it.apply(game, Move.parse("draw"))
    assert try_it.log_lines(game, True) == ["1. White draws [1|5]."]
    assert try_it.log_lines(game, False) == ["1. White draws a tile."]


@pytest.mark.parametrize(("rules", "middle"), [(gaple(4), 3), (gaple(5), 2)])
def test_gaples_turned_up_middle_tile_opens_the_log(rules: Ruleset, middle: int) -> None:
    game = try_it.new_deal(rules, 51)
    start = game.state.line.tiles()[0]
    assert len(game.state.line.tiles()) == 1 and game.state.stock_count == middle
    turned = f"Turned up from the middle: {start.bracket()} starts the line."
    assert try_it.log_lines(game, True) == [turned]
    move = game.state.legal_moves()[0]
    try_it.apply(game, move)
    lines = try_it.log_lines(game, True)
    assert lines[0].startswith("Turned up from the middle") and lines[1].startswith("1. ")
    try_it.undo(game)
    assert len(try_it.log_lines(game, True)) == 1
    # no middle tile: nothing turned up
    assert not try_it.log_lines(try_it.new_deal(gaple(4, 7), 51), True)
    assert not try_it.log_lines(try_it.new_deal(block(4), 51), True)


@pytest.mark.parametrize("rules", [block(4), gaple(4), gaple(4, 7), gaple(5),
                                   gaple(4, dead_tiles=False), duel(), duel(True)])
def test_any_family_plays_out_and_settles(rules: object) -> None:
    rng = random.Random(3)
    for seed in range(5):
        game = try_it.new_deal(rules, seed)  # type: ignore[arg-type]
        play_round(game, rng)
        assert settle(game.state).explanation.code != "playing"


def test_rules_labels() -> None:
    assert try_it_setup.rules_label(block(3)) == "Block · 3 players"
    assert try_it_setup.rules_label(gaple(4, 7, blank_double_25=True)) == \
        "Gaple · 4 × 7 · dead tiles · [0|0] = 25"
    assert try_it_setup.rules_label(gaple(4, dead_tiles=False)) == "Gaple · 4 × 6 · pass variant"
    assert try_it_setup.rules_label(duel(True)) == "Two-player game · with drawing"
