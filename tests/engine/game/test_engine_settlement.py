"""Settling a round: every worked example of RULES.md §2–4, with its arithmetic."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import play, t

from engine.game.moves import PASS, Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import (
    MINUS,
    blank_double_counted,
    check_answer,
    gaple_places,
    holding,
    settle,
)
from engine.game.state import State
from engine.game.tiles import Tile


def blocked(rules: Ruleset, hands: Sequence[Sequence[str]],
            dead: Sequence[Sequence[str]] | None = None) -> State:
    """Every player in turn unable to play: ends showing a value nobody holds, then
    as many passes (or dead discards of the first tile held) as there are players."""
    held = [Tile.parse(x) for hand in hands for x in hand]
    value = next(v for v in range(7) if not any(x.has(v) for x in held))
    s = State.setup(rules, hands, ends=(value, value), dead=dead)
    while not s.over:
        (move, *_) = s.legal_moves()
        assert move.kind in ("pass", "discard")
        s.push(move)
    assert s.status == "blocked"
    return s


def out(rules: Ruleset, last: str, others: Sequence[Sequence[str]],
        dead: Sequence[Sequence[str]] | None = None) -> State:
    """Player 0 plays their last tile, ``last``, onto a line that takes it."""
    s = State.setup(rules, [[last], *others], ends=(t(last).low, t(last).low), dead=dead)
    s.push(Move.play(last, "right"))
    assert s.status == "domino"
    return s


# -- Block (RULES.md §2) -------------------------------------------------------------


def test_domino_an_opponent_holding_only_blank_double_does_not_tie_with_the_empty_hand() -> None:
    result = settle(out(block(3), "2-3", [["0-0"], ["2-6"]]))
    assert result.winners == (0,) and result.points == (8, 0, 0)
    assert result.explanation.code == "block_domino"
    assert result.explanation.arithmetic == "0 + 8 = 8"


def test_domino_opponents_holding_5_and_5_give_10() -> None:
    result = settle(out(block(3), "3-5", [["1-4"], ["2-3"]]))
    assert result.points == (10, 0, 0)
    assert result.explanation.arithmetic == "5 + 5 = 10"


def test_domino_scores_every_opponents_hand_total_both_halves_of_every_tile() -> None:
    result = settle(out(block(4), "1-1", [["6-6", "0-5"], ["3-4"], ["0-0", "0-1", "1-2"]]))
    assert result.totals == (0, 17, 7, 4)
    assert result.points == (28, 0, 0, 0)
    assert result.explanation.arithmetic == "17 + 7 + 4 = 28"


def test_domino_with_two_players() -> None:
    result = settle(out(block(2), "2-3", [["2-6"]]))
    assert result.winners == (0,) and result.points == (8, 0)
    assert "8" in result.explanation.arithmetic


def test_blocked_the_sole_lowest_scores_the_others_minus_their_own_once() -> None:
    s = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(5, 5))
    play(s, "pass", "pass")
    assert s.status == "playing"  # two passes do not block three players
    play(s, "pass")
    result = settle(s)
    assert result.status == "blocked"
    assert result.totals == (3, 7, 8)
    assert result.winners == (0,) and result.points == (12, 0, 0)
    assert result.explanation.code == "block_sole_lowest"
    assert result.explanation.params["low"] == 3
    assert result.explanation.arithmetic == "7 + 8 \u2212 3 = 12"
    assert MINUS == "\u2212"  # the documents' minus sign, not a hyphen


def test_blocked_a_tied_lowest_total_scores_nobody() -> None:
    result = settle(blocked(block(3), [["1-2"], ["0-3"], ["2-6"]]))
    assert result.totals == (3, 3, 8)
    assert result.winners == () and result.points == (0, 0, 0)
    assert result.explanation.code == "block_tied_lowest"
    assert result.explanation.params["tied"] == (0, 1)
    assert not result.draw


def test_blocked_two_players_3_against_8_gives_5() -> None:
    result = settle(blocked(block(2), [["1-2"], ["2-6"]]))
    assert result.winners == (0,) and result.points == (5, 0)
    assert result.explanation.arithmetic == f"8 {MINUS} 3 = 5"


def test_blocked_the_scorer_is_whoever_holds_the_lowest_not_who_passed_last() -> None:
    result = settle(blocked(block(4), [["4-5"], ["2-4"], ["1-1"], ["3-6"]]))
    assert result.totals == (9, 6, 2, 9)
    assert result.winners == (2,) and result.points == (0, 0, 22, 0)
    assert result.explanation.arithmetic == f"9 + 6 + 9 {MINUS} 2 = 22"


def test_block_points_are_raw_never_rounded_or_divided_by_five() -> None:
    result = settle(blocked(block(2), [["0-1"], ["2-5", "0-4"]]))
    assert result.points == (10, 0)  # 11 − 1, not rounded to a multiple of five
    result = settle(blocked(block(2), [["0-2"], ["1-5"]]))
    assert result.points == (4, 0)


def test_a_round_still_being_played_has_no_result_yet() -> None:
    result = settle(State.setup(block(2), [["1-2"], ["2-6"]], ends=(1, 1)))
    assert result.status == "playing" and result.winners == ()
    assert result.points == (0, 0) and result.explanation.code == "playing"


# -- the two-player game (RULES.md §4) ------------------------------------------------


def test_e1_blocked_black_wins_with_the_lower_total_and_the_stock_is_ignored() -> None:
    s = State.setup(duel(), [["4-4", "2-3"], ["0-1", "1-1", "2-2"]], ends=(6, 3), stock=14)
    play(s, "play 2-3 right", "play 2-2 right")
    assert s.line.ends == (6, 2)
    play(s, "pass", "pass")
    result = settle(s)
    assert result.status == "blocked" and s.stock_count == 14
    assert result.totals == (8, 3)
    assert [h.sum_text() for h in result.holdings] == ["8", "1 + 2 = 3"]
    assert result.winners == (1,) and not result.draw
    assert result.points == (0, 0)  # the difference is no award
    assert result.explanation.code == "duel_lower"
    assert result.explanation.arithmetic == "3 < 8"


def test_e2_equal_totals_are_a_draw_whatever_the_tile_counts() -> None:
    s = State.setup(duel(), [["1-2", "0-6"], ["4-4", "3-6"]], ends=(4, 5), to_move=1, stock=14)
    play(s, "play 4-4 left")  # Black has just played [4|4] on the left
    assert s.line.ends == (4, 5)
    play(s, "pass", "pass")
    result = settle(s)
    assert result.totals == (9, 9)
    assert [len(h.hand) for h in result.holdings] == [2, 1]  # fewer tiles: no advantage
    assert result.draw and result.winners == () and result.points == (0, 0)
    assert result.explanation.code == "duel_equal"
    assert result.explanation.arithmetic == "9 = 9"


def _e3() -> State:
    return State.setup(duel(), [["2-2"], ["0-0", "0-2"]], ends=(1, 0), stock=14)


def test_e3_playing_out_wins_at_once_although_black_holds_a_blank_double() -> None:
    s = play(_e3(), "pass", "play 0-2 right")
    assert s.line.ends == (1, 2)
    play(s, "play 2-2")
    assert s.status == "domino"  # no waiting for passes
    result = settle(s)
    assert result.totals == (0, 0)
    assert result.winners == (0,) and not result.draw
    assert result.explanation.code == "duel_domino"


def test_e3_black_could_instead_play_the_blank_double_first_and_go_out() -> None:
    s = _e3()
    play(s, "pass")
    assert set(s.legal_moves()) == {Move.play("0-0", "right"), Move.play("0-2", "right")}
    play(s, "play 0-0 right", "pass", "play 0-2 right")
    result = settle(s)
    assert s.status == "domino" and result.winners == (1,)


# -- Gaple (RULES.md §3) ---------------------------------------------------------------

PASSING = gaple(dead_tiles=False)


def test_gaple_the_lowest_total_wins_the_round() -> None:
    result = settle(blocked(PASSING, [["1-2", "0-1"], ["3-3"], ["6-6"], ["0-5"]]))
    assert result.totals == (4, 6, 12, 5)
    assert result.winners == (0,) and result.points == (0, 0, 0, 0)
    assert result.explanation.code == "gaple_lowest"
    assert not result.draw


def test_gaple_tie_the_player_with_the_smallest_single_tile_wins() -> None:
    result = settle(blocked(PASSING, [["2-4", "0-1"], ["1-2", "1-3"], ["4-4", "3-4"],
                                      ["2-2", "3-3"]]))
    assert result.totals == (7, 7, 15, 10)
    assert result.winners == (0,)  # [0|1] = 1 is smaller than [1|2] = 3
    assert result.explanation.code == "gaple_tie_tile"
    assert result.explanation.params["tile"] == "[0|1]"
    assert result.explanation.params["tied"] == (0, 1)
    assert result.explanation.params["tiles"] == ("[0|1]", "[1|2]")
    assert result.explanation.params["decided_by"] == "value"
    assert "half" not in result.explanation.params


def test_gaple_tie_the_documents_example_0_3_beats_1_2_by_its_lower_half() -> None:
    result = settle(blocked(PASSING, [["1-2"], ["0-3"], ["6-6"], ["5-6"]]))
    assert result.totals == (3, 3, 12, 11)
    assert result.winners == (1,)
    assert result.explanation.code == "gaple_tie_half"
    assert result.explanation.params["tile"] == "[0|3]"
    assert result.explanation.params["tiles"] == ("[1|2]", "[0|3]")
    assert result.explanation.params["decided_by"] == "half"
    assert result.explanation.params["half"] == 0


def test_gaple_hand_and_dead_tiles_both_count() -> None:
    s = State.setup(gaple(), [["1-1", "0-1"], ["2-3"], ["6-6"], ["5-6"]], ends=(4, 4),
                    dead=[["5-5"], [], [], []])
    play(s, "discard 0-1", "discard 2-3")
    assert s.status == "emptied"  # player 1 discarded their last tile
    result = settle(s)
    assert result.holdings[0].tiles == (t("1-1"), t("0-1"), t("5-5"))
    assert result.totals == (13, 5, 12, 11)
    assert result.winners == (1,)  # emptied by a discard: compared by totals like the rest


def test_gaple_out_by_play_with_no_dead_tiles_beats_a_blank_double_holder() -> None:
    s = out(gaple(), "2-3", [["0-0"], ["6-6"], ["5-6"]])
    result = settle(s)
    assert result.totals == (0, 0, 12, 11)
    assert result.winners == (0,)  # an empty hand is not a zero hand
    assert result.explanation.code == "gaple_out"
    assert gaple_places(s) == (1, 2, 4, 3)


def test_gaple_out_by_play_holding_dead_tiles_is_compared_by_totals() -> None:
    s = out(gaple(), "2-3", [["0-0"], ["6-6"], ["5-6"]], dead=[["0-1"], [], [], []])
    result = settle(s)
    assert result.totals == (1, 0, 12, 11)
    assert result.winners == (1,)
    # The explanation names who went out without winning, and how (a page says why).
    assert result.explanation.params["out"] == 0
    assert result.explanation.params["out_by"] == "play"


def test_gaple_a_hand_emptied_by_a_discard_is_named_in_the_explanation() -> None:
    s = State.setup(gaple(), [["1-1", "0-1"], ["2-3"], ["6-6"], ["5-6"]], ends=(4, 4))
    play(s, "discard 0-1", "discard 2-3")
    result = settle(s)
    assert result.explanation.params["out"] == 1
    assert result.explanation.params["out_by"] == "discard"


def test_gaple_a_blocked_round_names_nobody_out() -> None:
    result = settle(blocked(PASSING, [["1-2", "0-1"], ["3-3"], ["6-6"], ["0-5"]]))
    assert "out" not in result.explanation.params


@pytest.mark.parametrize(("hand", "dead", "values"), [
    (["0-0", "5-5"], [], (25, 10)),  # no other blank: [0|0] counts 25
    (["0-0", "0-5"], [], (0, 5)),  # another blank: [0|0] counts 0
    (["5-5"], ["0-0"], (10, 25)),  # dead tiles too
    (["0-0"], ["0-4"], (0, 4)),
    (["1-2"], [], (3,)),
])
def test_gaple_blank_double_counts_25_only_when_its_holder_has_no_other_blank(
        hand: list[str], dead: list[str], values: tuple[int, ...]) -> None:
    s = State.setup(gaple(blank_double_25=True), [hand, [], [], []], ends=(6, 6),
                    dead=[dead, [], [], []])
    assert holding(s, 0).values == values
    assert holding(s, 0).total == sum(values)
    plain = State.setup(gaple(), [hand, [], [], []], ends=(6, 6), dead=[dead, [], [], []])
    assert holding(plain, 0).total == sum(x.value for x in map(t, hand + dead))


def test_gaple_blank_double_25_variant_off_by_default() -> None:
    result = settle(blocked(PASSING, [["0-0", "5-5"], ["3-4"], ["6-6"], ["5-6"]]))
    assert result.totals == (10, 7, 12, 11)


def test_gaple_blank_double_at_25_is_still_the_smallest_tile_in_a_tie() -> None:
    rules = gaple(dead_tiles=False, blank_double_25=True)
    hands = [["0-0", "1-1"], ["6-6", "5-6", "2-2"], ["5-5", "4-6", "4-5"],
             ["2-6", "4-4", "1-6", "2-5"]]
    result = settle(blocked(rules, hands))
    assert result.totals == (27, 27, 29, 30)
    assert result.winners == (0,)  # [0|0] is the smallest tile, whatever it counts
    assert result.explanation.code == "gaple_tie_tile"
    assert result.explanation.params["tile"] == "[0|0]"


def test_gaple_the_explanation_lists_each_players_tiles_and_total() -> None:
    result = settle(blocked(PASSING, [["1-2", "0-1"], ["3-3"], ["6-6"], ["0-5"]]))
    assert [h.seat for h in result.holdings] == [0, 1, 2, 3]
    assert result.holdings[0].hand == (t("0-1"), t("1-2"))
    assert result.holdings[0].sum_text() == "1 + 3 = 4"
    for h in result.holdings:
        assert f"{h.seat}: {h.total}" in result.explanation.arithmetic


def test_gaple_always_names_one_winner_and_scores_no_points() -> None:
    s = State.setup(PASSING, [["1-2"], ["0-3"], ["6-6"], ["5-6"]], ends=(4, 4), passes=3)
    s.push(PASS)
    result = settle(s)
    assert len(result.winners) == 1 and result.points == (0, 0, 0, 0)


def test_the_single_winner_or_none_for_a_tie() -> None:
    sole = settle(blocked(PASSING, [["1-2"], ["6-6"], ["5-6"], ["4-6"]]))
    assert sole.winner == 0
    s = State.setup(block(3), [["1-2"], ["0-3"], ["2-6"]], ends=(0, 0), passes=3)
    s.status = "blocked"
    assert settle(s).winners == () and settle(s).winner is None


@pytest.mark.parametrize(("seat", "points", "right"), [
    (0, 12, (True, True, True)),
    (0, 11, (False, True, False)),
    (0, None, (False, True, False)),
    (1, 12, (False, False, True)),
    (None, None, (False, False, False)),
])
def test_check_answer_in_block_wants_the_winner_and_the_points(
        seat: int | None, points: int | None, right: tuple[bool, bool, bool]) -> None:
    s = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(0, 0), passes=3)
    s.status = "blocked"
    assert tuple(check_answer(settle(s), s.rules, seat, points)) == right


def test_check_answer_nobody_scores_needs_no_points_and_gaple_asks_none() -> None:
    s = State.setup(block(3), [["1-2"], ["0-3"], ["2-6"]], ends=(0, 0), passes=3)
    s.status = "blocked"
    tie = settle(s)
    assert check_answer(tie, s.rules, None, None).correct
    assert check_answer(tie, s.rules, None, 0).correct
    assert not check_answer(tie, s.rules, None, 5).correct
    g = blocked(PASSING, [["1-2"], ["6-6"], ["5-6"], ["4-6"]])
    assert check_answer(settle(g), g.rules, 0, None).correct
    assert check_answer(settle(g), g.rules, 0, 99).correct  # Gaple scores no points


def test_blank_double_counted_only_when_the_variant_applies() -> None:
    hands = [["0-0", "5-6"], ["1-2"], ["6-6"], ["4-6"]]
    assert blank_double_counted(State.setup(gaple(blank_double_25=True), hands, ends=(3, 3)))
    assert not blank_double_counted(State.setup(gaple(), hands, ends=(3, 3)))
