"""A round in play: the legal moves, each refusal and its reason, and how a round
ends (RULES.md §1–4)."""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_helpers import m, play, random_game, snapshot, t

from engine.game.moves import DRAW, PASS, Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.state import _SHUFFLE, IllegalMoveError, State, below, shuffled
from engine.game.tiles import TILES


def e1() -> State:
    """RULES.md §4, E1: ends 6 and 3; White [4|4] [2|3]; Black [0|1] [1|1] [2|2]; 14 in stock."""
    return State.setup(duel(), [["4-4", "2-3"], ["0-1", "1-1", "2-2"]], ends=(6, 3), stock=14)


def stuck_in_draw_mode(stock: list[str]) -> State:
    """Duel in draw mode: White holds nothing for 6 or 3."""
    return State.setup(duel(draw=True), [["4-4", "1-2"], ["0-1", "5-5"]], ends=(6, 3),
                       stock=stock)


def moves(*texts: str) -> tuple[Move, ...]:
    return tuple(m(x) for x in texts)


# -- legal moves --------------------------------------------------------------


def test_any_tile_may_open_a_block_round_the_highest_double_gives_no_priority() -> None:
    s = State.setup(block(3), [["1-4", "2-3", "0-5", "3-3", "1-6"], ["6-6"], ["5-5"]])
    assert set(s.legal_moves()) == {Move.play(x) for x in ("1-4", "2-3", "0-5", "3-3", "1-6")}
    play(s, "play 2-3")
    assert s.line.ends == (2, 3) and s.to_move == 1


def test_a_tile_joins_an_end_showing_one_of_its_halves() -> None:
    assert e1().legal_moves() == moves("play 2-3 right")


def test_a_tile_that_fits_both_ends_may_go_on_either() -> None:
    s = State.setup(block(2), [["3-6", "0-0"], ["1-1"]], ends=(6, 3))
    assert set(s.legal_moves()) == set(moves("play 3-6 left", "play 3-6 right"))


def test_a_tile_with_a_half_for_each_end_goes_where_the_player_says() -> None:
    s = State.setup(block(2), [["3-6", "0-0"], ["1-1"]], ends=(6, 3))
    play(s, "play 3-6 left")
    assert s.line.ends == (3, 3)
    s = State.setup(block(2), [["3-6", "0-0"], ["1-1"]], ends=(6, 3))
    play(s, "play 3-6 right")
    assert s.line.ends == (6, 6)


def test_the_end_is_filled_in_where_the_position_decides_it() -> None:
    s = e1()
    assert s.resolve(m("play 2-3")) == m("play 2-3 right")
    assert s.resolve(m("play 4-6")) == m("play 4-6 left")
    assert s.resolve(m("play 4-4")) == m("play 4-4")  # fits nowhere
    equal = State.setup(block(2), [["2-5"], ["1-1"]], ends=(2, 2))
    assert equal.resolve(m("play 2-5")) == m("play 2-5 right")
    empty = State.setup(block(2), [["2-5"], ["1-1"]])
    assert empty.resolve(m("play 2-5 left")) == m("play 2-5")


def test_on_equal_ends_a_tile_on_either_end_is_one_move_named_as_one_click_plays_it() -> None:
    s = State.setup(block(2), [["1-3", "3-3", "2-5"], ["0-0"]], ends=(3, 3))
    # The referee's list keeps both names ...
    assert set(s.legal_moves()) == set(moves("play 1-3 left", "play 1-3 right",
                                             "play 3-3 left", "play 3-3 right"))
    # ... the distinct moves keep one of each mirror pair: the end a one-click play takes.
    assert s.distinct_moves() == moves("play 1-3 right", "play 3-3 right")
    for move in s.distinct_moves():
        assert move.tile is not None
        assert s.resolve(Move.play(move.tile)) == move
    assert s.canonical(m("play 1-3 left")) == m("play 1-3 right")
    assert s.canonical(m("play 1-3 right")) == m("play 1-3 right")
    # The two names lead to mirror images of one position.
    left, right = s.copy(), s.copy()
    left.push(m("play 1-3 left"))
    right.push(m("play 1-3 right"))
    assert left.line.ends == (1, 3) and right.line.ends == (3, 1)
    assert left.hand_masks == right.hand_masks and left.to_move == right.to_move


def test_where_the_ends_differ_or_nothing_is_laid_every_legal_move_is_distinct() -> None:
    different = State.setup(block(2), [["3-6", "0-0"], ["1-1"]], ends=(6, 3))
    empty = State.setup(block(2), [["2-5", "1-1"], ["0-0"]])
    stuck = State.setup(gaple(4), [["1-2", "4-5"], ["0-0"], ["0-1"], ["0-2"]], ends=(6, 6))
    for s in (different, empty, stuck, e1()):
        assert s.distinct_moves() == s.legal_moves()
        assert all(s.canonical(x) == x for x in s.legal_moves())
    assert stuck.distinct_moves() == moves("discard 1-2", "discard 4-5")


@pytest.mark.parametrize("rules", [block(2), block(4), gaple(5), duel(draw=True)],
                         ids=lambda r: r.name)
def test_the_distinct_moves_name_each_legal_move_once_in_random_games(rules: Ruleset) -> None:
    def check(state: State, move: Move, rng: random.Random) -> None:
        distinct = state.distinct_moves()
        legal = state.legal_moves()
        assert set(distinct) <= set(legal) and len(set(distinct)) == len(distinct)
        assert {state.canonical(x) for x in legal} == set(distinct)
        named = state.canonical(move)
        if named != move:  # a mirror pair: the same tile, the same hands after it
            assert state.line.left == state.line.right and named.tile == move.tile
            assert (move.end, named.end) == ("left", "right")

    for seed in range(40):
        random_game(rules, seed, check)


def test_a_play_takes_the_tile_from_the_hand_and_turns_to_the_next_player() -> None:
    s = State.setup(block(3), [["1-2", "6-6"], ["2-4", "5-5"], ["4-0", "3-3"]], ends=(1, 1))
    play(s, "play 1-2")
    assert s.hand(0) == (t("6-6"),) and s.line.ends == (1, 2) and s.to_move == 1
    play(s, "play 2-4")
    assert s.to_move == 2
    play(s, "play 4-0")
    assert s.line.ends == (1, 0) and s.to_move == 0  # clockwise, round the table
    assert s.passes == 0 and s.status == "playing"


# -- refusals -----------------------------------------------------------------


def _block_stuck() -> State:
    return State.setup(block(2), [["4-4", "1-2"], ["0-1"]], ends=(6, 3), stock=14)


def _gaple_stuck() -> State:
    return State.setup(gaple(), [["4-4", "1-2"], ["0-1"], ["5-5"], ["2-2"]], ends=(6, 3))


def _gaple_able() -> State:
    return State.setup(gaple(), [["4-4", "2-3"], ["0-1"], ["5-5"], ["2-2"]], ends=(6, 3))


def _ended() -> State:
    return play(State.setup(block(2), [["2-3"], ["0-1"]], ends=(6, 3)), "play 2-3")


def _must_open_blank_double() -> State:
    return State.setup(gaple(4, 7), [["0-0", "1-1"], ["2-2"], ["3-3"], ["4-4"]], opening=t("0-0"))


def _must_open_double() -> State:
    return State.setup(gaple(4, 7), [["3-3", "1-2"], ["2-2"], ["0-3"], ["4-4"]], opening="double")



REFUSALS: list[tuple[str, Callable[[], State], str, str]] = [
    # (code, position, move, the reason's words)
    ("not_in_hand", e1, "play 5-5 right", "5-5 is not in the hand of player 0"),
    ("not_in_hand", _gaple_stuck, "discard 3-3", "3-3 is not in the hand of player 0"),
    ("wrong_end", e1, "play 2-3 left", "2-3 does not match the left end, 6"),
    ("no_match", e1, "play 4-4", "4-4 shows 4 and 4; the open ends show 6 and 3: no match"),
    ("ambiguous_end",
     lambda: State.setup(block(2), [["3-6", "0-0"], ["1-1"]], ends=(6, 3)),
     "play 3-6", "3-6 fits both ends, 6 and 3: say which end"),
    ("must_play", e1, "pass", "you hold 2-3, which fits the 3: you must play"),
    ("must_play", _gaple_able, "discard 4-4", "you hold 2-3, which fits the 3: you must play"),
    ("must_play",
     lambda: State.setup(duel(draw=True), [["2-3"], ["0-1"]], ends=(6, 3), stock=["5-5"]),
     "draw", "you hold 2-3, which fits the 3: you must play"),
    ("must_draw", lambda: stuck_in_draw_mode(["0-0", "5-6"]), "pass",
     "the stock still has 2 tiles: draw until you can play"),
    ("stock_empty", lambda: stuck_in_draw_mode([]), "draw", "the stock is empty: pass"),
    ("no_drawing", _block_stuck, "draw", "this game has no drawing: a stuck player passes"),
    ("no_drawing", _gaple_stuck, "draw",
     "this game has no drawing: a stuck player discards a dead tile"),
    ("must_discard", _gaple_stuck, "pass", "a stuck player discards a dead tile"),
    ("no_discard", _block_stuck, "discard 4-4", "only a stuck Gaple player discards"),
    ("must_open", _must_open_blank_double, "play 1-1", "the opening play must be 0-0"),
    ("must_open_double", _must_open_double, "play 1-2", "the opening play must be a double"),
    ("round_over", _ended, "pass", "the round has ended"),
    ("round_over", _ended, "play 0-1 left", "the round has ended"),
    ("stock_unknown",
     lambda: State.setup(duel(draw=True), [["4-4"], ["0-1"]], ends=(6, 3), stock=3),
     "draw", "the stock's tiles are not known"),
]


@pytest.mark.parametrize(("code", "position", "move", "reason"), [
    pytest.param(*row, id=f"{row[0]}-{i}")
    for i, row in enumerate(REFUSALS)
])
def test_a_refused_move_says_which_rule_it_breaks_and_changes_nothing(
        code: str, position: Callable[[], State], move: str, reason: str) -> None:
    s = position()
    before = snapshot(s)
    with pytest.raises(IllegalMoveError) as caught:
        s.push(m(move))
    refusal = caught.value.refusal
    assert refusal.code == code
    assert reason in refusal.message
    assert str(caught.value) == refusal.message
    assert snapshot(s) == before
    assert s.why_illegal(m(move)) == refusal


def test_every_refusal_code_in_the_engine_is_tested() -> None:
    source = (Path(__file__).parents[3] / "engine" / "game" / "state.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'Refusal\(\s*"(\w+)"', source))
    assert codes == {code for code, *_ in REFUSALS}


def test_a_refusal_carries_its_values_for_translation() -> None:
    refusal = e1().why_illegal(PASS)
    assert refusal is not None
    assert refusal.params == {"tile": t("2-3"), "value": 3, "move": "pass"}
    wrong = e1().why_illegal(m("play 2-3 left"))
    assert wrong is not None and wrong.params == {"tile": t("2-3"), "end": "left", "value": 6}


def test_a_tile_that_fits_two_different_ends_needs_the_player_to_say_which() -> None:
    s = State.setup(block(2), [["3-6", "0-0"], ["1-1"]], ends=(6, 3))
    assert s.resolve(m("play 3-6")) == m("play 3-6")
    with pytest.raises(IllegalMoveError):
        s.push(m("play 3-6"))


def test_a_legal_move_has_no_refusal() -> None:
    s = e1()
    assert s.why_illegal(m("play 2-3 right")) is None
    assert s.why_illegal(m("play 2-3")) is None  # the end is clear from the position


def test_passing_on_an_empty_line_is_refused_in_words_a_learner_can_read() -> None:
    s = State.setup(block(2), [["1-4", "2-3"], ["5-5"]])
    refusal = s.why_illegal(PASS)
    assert refusal is not None and refusal.code == "must_play"
    assert "None" not in refusal.message


def test_a_discard_in_draw_mode_is_refused_with_the_draw_rule() -> None:
    refusal = stuck_in_draw_mode(["0-0"]).why_illegal(m("discard 4-4"))
    assert refusal is not None
    assert "draw" in refusal.message and "passing" not in refusal.message


def test_a_draw_from_a_stock_of_unknown_tiles_is_refused_alike_by_why_illegal_and_push() -> None:
    # The rules call for a draw; the position cannot say which tile it brings.
    s = State.setup(duel(draw=True), [["4-4"], ["0-1"]], ends=(6, 3), stock=3)
    assert s.legal_moves() == (DRAW,)
    refusal = s.why_illegal(DRAW)
    assert refusal is not None and refusal.code == "stock_unknown"
    with pytest.raises(IllegalMoveError) as caught:
        s.copy().push(DRAW)
    assert caught.value.refusal == refusal


def test_every_move_listed_as_legal_can_be_made() -> None:
    s = State.setup(duel(draw=True), [["4-4"], ["0-1"]], ends=(6, 3), stock=["5-5", "3-4"])
    for move in s.legal_moves():
        assert s.why_illegal(move) is None
        s.copy().push(move)


# -- must play if able; pass only when unable ----------------------------------


def test_a_player_who_can_play_must_play() -> None:
    s = e1()
    assert PASS not in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="you must play"):
        s.push(PASS)


def test_a_player_who_cannot_play_passes_and_the_turn_goes_on() -> None:
    s = _block_stuck()
    assert s.legal_moves() == (PASS,)
    s.push(PASS)
    assert s.to_move == 1 and s.passes == 1 and s.status == "playing"
    assert s.hand(0) == (t("1-2"), t("4-4"))


def test_in_no_draw_mode_a_stuck_player_passes_without_touching_the_stock() -> None:
    s = State.setup(duel(), [["4-4", "1-2"], ["0-1", "5-6"]], ends=(6, 3), stock=14)
    assert s.legal_moves() == (PASS,)
    s.push(PASS)
    assert s.stock_count == 14 and len(s.hand(0)) == 2


# -- draw mode -----------------------------------------------------------------


def test_in_draw_mode_a_stuck_player_draws_one_tile_at_a_time_until_able() -> None:
    s = stuck_in_draw_mode(["0-0", "2-5", "3-5", "1-1"])
    for drawn in ("0-0", "2-5"):
        assert s.legal_moves() == (DRAW,)
        s.push(DRAW)
        assert t(drawn) in s.hand(0)
        assert s.to_move == 0 and s.passes == 0  # still White's turn; a draw is no pass
    s.push(DRAW)
    assert s.stock == (t("1-1"),) and s.stock_count == 1
    # Then a playable tile must be played, as always when able.
    assert s.legal_moves() == moves("play 3-5 right")
    with pytest.raises(IllegalMoveError, match="you must play") as caught:
        s.push(DRAW)
    assert caught.value.refusal.code == "must_play"
    s.push(m("play 3-5"))
    assert s.line.ends == (6, 5) and s.to_move == 1


def test_in_draw_mode_passing_while_the_stock_has_tiles_is_refused() -> None:
    s = stuck_in_draw_mode(["0-0"])
    with pytest.raises(IllegalMoveError) as caught:
        s.push(PASS)
    assert caught.value.refusal.code == "must_draw"


def test_in_draw_mode_a_pass_once_the_stock_is_empty() -> None:
    s = stuck_in_draw_mode(["0-0"])
    s.push(DRAW)
    assert s.stock_count == 0 and s.stock == ()
    assert s.legal_moves() == (PASS,)
    s.push(PASS)
    assert s.to_move == 1 and s.passes == 1
    # Black cannot play or draw either: the second pass blocks the game.
    assert s.legal_moves() == (PASS,)
    s.push(PASS)
    assert s.status == "blocked"


def test_drawing_is_for_draw_mode_only() -> None:
    for s in (_block_stuck(), _gaple_stuck(),
              State.setup(duel(), [["4-4"], ["0-1"]], ends=(6, 3), stock=14)):
        assert DRAW not in s.legal_moves()
        assert not s.can_draw()


# -- Gaple -----------------------------------------------------------------------


def test_a_stuck_gaple_player_discards_a_dead_tile_instead_of_passing() -> None:
    s = _gaple_stuck()
    assert set(s.legal_moves()) == set(moves("discard 4-4", "discard 1-2"))
    s.push(m("discard 4-4"))
    assert s.hand(0) == (t("1-2"),) and s.dead_tiles(0) == (t("4-4"),)
    assert s.to_move == 1 and s.passes == 1
    assert s.line.ends == (6, 3)  # face down, out of play


def test_gaples_pass_variant_passes_instead() -> None:
    s = State.setup(gaple(dead_tiles=False), [["4-4", "1-2"], ["0-1"], ["5-5"], ["2-2"]],
                    ends=(6, 3))
    assert s.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError) as caught:
        s.push(m("discard 4-4"))
    assert caught.value.refusal.code == "no_discard"
    s.push(PASS)
    assert s.dead_tiles(0) == () and s.passes == 1


@pytest.mark.parametrize("seed", range(8))
def test_gaple_first_round_all_dealt_the_blank_double_holder_must_open_with_it(seed: int) -> None:
    s = State.deal(gaple(4, 7), random.Random(seed))
    assert t("0-0") in s.hand(s.to_move)
    assert s.legal_moves() == (Move.play("0-0"),)
    other = next(x for x in s.hand(s.to_move) if x != t("0-0"))
    with pytest.raises(IllegalMoveError) as caught:
        s.push(Move.play(other))
    assert caught.value.refusal.code == "must_open"
    s.push(Move.play("0-0"))
    assert s.line.ends == (0, 0) and s.opening is None


@pytest.mark.parametrize(("rules", "middle"), [(gaple(4), 3), (gaple(5), 2)],
                         ids=["4x6", "5x5"])
def test_gaple_turns_one_middle_tile_face_up_to_start_the_line(rules: Ruleset,
                                                              middle: int) -> None:
    starters = set()
    for seed in range(12):
        s = State.deal(rules, random.Random(seed))
        (up,) = s.line.tiles()
        assert s.stock_count == middle and up not in (s.stock or ())
        assert all(len(s.hand(p)) == rules.hand_size for p in range(rules.players))
        assert s.opening is None
        starters.add(s.to_move)
    assert len(starters) > 1  # the first player is drawn by lot


def test_a_later_gaple_round_opens_with_a_double_the_right_passing_on_without_one() -> None:
    s = State.setup(gaple(4, 7), [["1-2", "0-3"], ["4-5", "0-6"], ["3-3", "5-5", "1-4"],
                                  ["6-6", "2-4"]], to_move=0, opening="double")
    assert s.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError) as caught:
        s.push(m("play 1-2"))
    assert caught.value.refusal.code == "must_open_double"
    s.push(PASS)
    assert s.to_move == 1 and s.legal_moves() == (PASS,) and s.line.empty
    s.push(PASS)
    assert s.to_move == 2
    assert set(s.legal_moves()) == set(moves("play 3-3", "play 5-5"))
    s.push(m("play 5-5"))
    assert s.line.ends == (5, 5) and s.passes == 0 and s.opening is None
    assert s.to_move == 3  # and from here the play goes on as usual
    assert set(s.legal_moves()) == set(moves("discard 6-6", "discard 2-4"))


# -- how a round ends -------------------------------------------------------------


def test_playing_the_last_tile_ends_the_round_at_once() -> None:
    s = State.setup(block(3), [["2-3"], ["0-0"], ["2-6"]], ends=(6, 3), passes=2)
    s.push(m("play 2-3"))
    assert s.status == "domino" and s.over
    assert s.mover is None and s.to_move == 0  # the winner
    assert s.legal_moves() == ()
    for move in (PASS, m("play 0-0 left"), DRAW):
        refusal = s.why_illegal(move)
        assert refusal is not None and refusal.code == "round_over"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_blocked_after_as_many_consecutive_passes_as_players(n: int) -> None:
    hands = [["1-1", "1-2"], ["2-2", "0-1"], ["0-0", "0-2"], ["1-4", "2-4"]][:n]
    s = State.setup(block(n), hands, ends=(5, 6))
    for k in range(1, n):
        s.push(PASS)
        assert s.status == "playing" and s.passes == k and s.mover == k % n
    s.push(PASS)
    assert s.status == "blocked" and s.mover is None and s.legal_moves() == ()


def test_the_duel_blocks_after_two_passes_e1() -> None:
    s = play(e1(), "play 2-3 right", "play 2-2 right", "pass")
    assert s.status == "playing" and s.line.ends == (6, 2)
    play(s, "pass")
    assert s.status == "blocked"


def test_a_play_breaks_the_run_of_passes() -> None:
    s = State.setup(block(3), [["1-1", "0-0"], ["2-5", "4-4"], ["3-3", "0-1"]], ends=(5, 6))
    play(s, "pass")
    assert s.passes == 1
    play(s, "play 2-5")  # after a pass the next player may still play and change an end
    assert s.passes == 0 and s.line.ends == (2, 6)
    play(s, "pass", "pass")
    assert s.status == "playing" and s.passes == 2
    play(s, "pass")
    assert s.status == "blocked"


@pytest.mark.parametrize("n", [4, 5])
def test_gaple_blocks_after_a_full_circuit_of_dead_discards(n: int) -> None:
    hands = [["1-1", "1-2"], ["2-2", "0-1"], ["0-0", "0-2"], ["1-4", "2-4"], ["3-3", "4-4"]][:n]
    s = State.setup(gaple(n), hands, ends=(5, 6))
    for seat in range(n):
        assert s.status == "playing"
        s.push(Move.discard(s.hand(seat)[0]))
    assert s.status == "blocked" and s.passes == n
    assert all(len(s.dead_tiles(p)) == 1 for p in range(n))


def _gaple_circuit() -> State:
    return State.setup(gaple(), [["1-1", "1-2", "1-3"], ["5-0", "2-2", "3-3"], ["1-4", "2-4"],
                                 ["3-4", "4-4"]], ends=(5, 6))


GAPLE_CIRCUIT = ["discard 1-1", "play 5-0", "discard 1-4", "discard 3-4", "discard 1-2",
                 "discard 2-2"]


def test_in_gaple_a_play_breaks_the_run_of_discards() -> None:
    s = play(_gaple_circuit(), *GAPLE_CIRCUIT[:2])
    assert s.passes == 0 and s.line.ends == (0, 6)
    play(s, *GAPLE_CIRCUIT[2:5])
    assert s.status == "playing" and s.passes == 3
    play(s, GAPLE_CIRCUIT[5])
    assert s.status == "blocked" and s.passes == 4


def test_a_hand_emptied_by_a_dead_discard_ends_the_gaple_round() -> None:
    s = State.setup(gaple(), [["1-1"], ["2-2", "0-1"], ["0-0"], ["1-4"]], ends=(5, 6))
    s.push(m("discard 1-1"))
    assert s.status == "emptied" and s.mover is None
    assert s.hand(0) == () and s.dead_tiles(0) == (t("1-1"),)


# -- deals, copies, undo ----------------------------------------------------------


@pytest.mark.parametrize("rules", [block(2), block(3), block(4), gaple(4), gaple(4, 7), gaple(5),
                                   duel(), duel(draw=True)], ids=lambda r: r.name)
def test_a_deal_uses_all_28_tiles_once(rules: Ruleset) -> None:
    s = State.deal(rules, random.Random(7))
    hands = [s.hand(p) for p in range(rules.players)]
    assert [len(h) for h in hands] == [rules.hand_size] * rules.players
    everything = [x for h in hands for x in h] + list(s.line.tiles()) + list(s.stock or ())
    assert sorted(everything) == sorted(TILES)
    assert s.stock_count == rules.undealt - len(s.line.tiles())
    assert s.passes == 0 and s.status == "playing" and not s.history


def test_a_deal_depends_only_on_the_random_generator_it_is_given() -> None:
    state_before = random.getstate()
    a = State.deal(block(4), random.Random(42))
    b = State.deal(block(4), random.Random(42))
    assert random.getstate() == state_before  # the global generator is never touched
    assert snapshot(a) == snapshot(b)
    c = State.deal(block(4), random.Random(43))
    assert snapshot(a) != snapshot(c)


def test_block_and_duel_deals_leave_the_undealt_tiles_out_of_play() -> None:
    s = State.deal(duel(), random.Random(1))
    assert s.stock_count == 14
    while not s.over:
        s.push(s.legal_moves()[0])
        assert DRAW not in s.legal_moves()
    assert s.stock_count == 14


def test_a_shuffle_is_a_permutation_and_every_tile_lands_anywhere_alike() -> None:
    rng = random.Random(5)
    counts = [[0] * 28 for _ in range(28)]  # counts[tile][position]
    shuffles = 28 * 400
    for _ in range(shuffles):
        order = shuffled(rng)
        assert sorted(order) == list(range(28))
        for position, tile in enumerate(order):
            counts[tile][position] += 1
    # 400 expected per cell; a cell off by more than 25% would mean a biased shuffle
    # (a binomial's standard deviation here is 19.6, so 100 is over five of them).
    assert all(300 < c < 500 for row in counts for c in row), min(map(min, counts))


def test_a_shuffle_reads_its_choices_as_digits_of_few_random_numbers() -> None:
    """Fisher–Yates' bounds 28 … 2 in runs whose product leaves room to reject; each run
    costs one ``getrandbits`` call (or, under one time in a million, more)."""
    bounds = [b for run, _ in _SHUFFLE for b in run]
    assert bounds == list(range(28, 1, -1))
    for run, limit in _SHUFFLE:
        product = math.prod(run)
        assert limit % product == 0 and limit <= 1 << 62 < limit + product
        assert product <= 1 << 42  # a draw is thrown back with probability < 2**-20

    class Counting(random.Random):
        calls = 0

        def getrandbits(self, k: int) -> int:
            Counting.calls += 1
            return super().getrandbits(k)

    shuffled(Counting(3))
    assert Counting.calls == len(_SHUFFLE)


def test_a_number_below_n_is_uniform() -> None:
    rng = random.Random(9)
    for n in (1, 2, 3, 4, 5):
        seen = Counter(below(rng, n) for _ in range(5000 * n))
        assert set(seen) == set(range(n))
        assert all(4000 < c < 6000 for c in seen.values()), seen


def test_the_first_player_is_chosen_by_lot() -> None:
    starters = {State.deal(block(4), random.Random(seed)).to_move for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert State.deal(block(4), random.Random(0), to_move=2).to_move == 2


def test_push_and_pop_round_trip_every_kind_of_move() -> None:
    games = [
        (stuck_in_draw_mode(["0-0", "3-5"]),
         ["draw", "draw", "play 3-5", "play 5-5", "pass", "pass"]),
        (_gaple_circuit(), GAPLE_CIRCUIT),
        (e1(), ["play 2-3", "play 2-2", "pass", "pass"]),
        (State.setup(block(2), [["2-3"], ["0-1"]], ends=(6, 3)), ["play 2-3"]),
    ]
    for s, script in games:
        seen = [snapshot(s)]
        for text in script:
            s.push(m(text))
            seen.append(snapshot(s))
        assert s.over
        while len(seen) > 1:
            seen.pop()
            last = s.history[-1].move
            assert s.pop() == last
            assert snapshot(s) == seen[-1]
        assert not s.history


def test_pop_reopens_an_ended_round() -> None:
    s = play(e1(), "play 2-3", "play 2-2", "pass", "pass")
    assert s.status == "blocked"
    s.pop()
    assert s.status == "playing" and s.mover == 1 and s.passes == 1
    assert s.legal_moves() == (PASS,)


def test_the_history_records_each_move_with_its_player_and_the_ends_it_was_made_at() -> None:
    s = play(e1(), "play 2-3", "play 2-2", "pass")
    assert [(r.move.text(), r.player, r.ends) for r in s.history] == [
        ("play 2-3 right", 0, (6, 3)), ("play 2-2 right", 1, (6, 2)), ("pass", 0, (6, 2))]
    assert s.moves == [r.move for r in s.history]


def test_a_copy_goes_its_own_way() -> None:
    s = e1()
    before = snapshot(s)
    other = s.copy()
    assert snapshot(other) == before
    play(other, "play 2-3", "play 2-2", "pass", "pass")
    assert other.status == "blocked"
    assert snapshot(s) == before


def test_a_position_naming_a_tile_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="0-0 is named twice"):
        State.setup(block(2), [["0-0", "1-2"], ["0-0"]])


def test_the_first_tile_lies_as_written_and_undo_restores_an_empty_line() -> None:
    s = State.setup(block(2), [["3-6", "1-2"], ["4-5"]])
    s.push(Move.play("6-3"))
    assert s.line.ends == (6, 3)
    s.pop()
    assert s.line.empty
    s.push(Move.play("3-6"))
    assert s.line.ends == (3, 6)


def test_nobody_can_play_when_no_hand_fits_either_end_and_none_can_draw() -> None:
    stuck = State.setup(block(2), [["1-2"], ["3-4"]], ends=(6, 6))
    assert stuck.status == "playing" and stuck.nobody_can_play
    assert not State.setup(block(2), [["1-2"], ["3-6"]], ends=(6, 6)).nobody_can_play
    drawing = State.setup(duel(draw=True), [["1-2"], ["3-4"]], ends=(6, 6), stock=["5-5"])
    assert not drawing.nobody_can_play  # the stuck player draws first
    assert not State.setup(block(2), [["1-2"], ["3-4"]]).nobody_can_play  # nothing down yet
    stuck.status = "blocked"
    assert stuck.nobody_can_play
