"""The position code and the round code (engine/notation/code.py): every field, its errors, the
documents' examples, and round trips over random positions of every family."""

from __future__ import annotations

import doctest
import io
import json
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import as_coded, public, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_cli import E1 as E1_SCENARIO
from test_engine_cli import run, run_process
from test_engine_line import EN

from engine.game.moves import Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State
from engine.game.tiles import Tile
from engine.game.view import view
from engine.notation import code as code_module
from engine.notation.code import (
    CodeError,
    HiddenError,
    Position,
    Round,
    check_deal,
    parse,
    parse_position,
    parse_round,
    rules_code,
    text,
)
from engine.notation.diagram import describe
from engine.teaching.scenario import dumps, load, loads

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))

E1 = "d2/2344.011122/6*3/*14/0"
E1_ROUND = E1 + "/mR32R22pp"
E3 = "d2/22.0002/1*0/*14/0"


def t(s: str) -> Tile:
    return Tile.parse(s)


def position(code: str) -> Position:
    return parse_position(code)


def without_history(state: State) -> tuple[Any, ...]:
    """Everything a state shows but its history (a position has none)."""
    snap = snapshot(state)
    return snap[:13] + snap[14:]


def refused(code: str) -> CodeError:
    with pytest.raises(CodeError) as info:
        parse(code)
    return info.value


# -- the documents' examples -------------------------------------------------------------


def test_the_module_docstring_examples() -> None:
    failures, _ = doctest.testmod(code_module)
    assert failures == 0


def test_e1_before_whites_move() -> None:
    p = position(E1)
    assert p.rules == duel()
    assert p.hands == ((t("2-3"), t("4-4")), (t("0-1"), t("1-1"), t("2-2")))
    assert p.hidden_ends == (6, 3) and p.placements == ()
    assert (p.stock, p.to_move, p.passes, p.opening, p.status) == (14, 0, 0, None, "playing")
    assert p.seat is None and p.mover == 0
    assert [m.text() for m in p.state().legal_moves()] == ["play 2-3 right"]


def test_e1_played_out_is_blocked_and_black_wins() -> None:
    r = parse_round(E1_ROUND)
    assert [m.text() for m in r.moves] == ["play 2-3 right", "play 2-2 right", "pass", "pass"]
    final = r.final()
    assert final.status == "blocked" and final.line.ends == (6, 2)
    assert settle(final).winners == (1,)
    assert r.position().text() == "d2/44.0111/6*3R32R22/*14/blocked1p2/n26.26"


def test_e3_both_choices() -> None:
    out = parse_round(E3 + "/mpR02R22").final()
    assert out.status == "domino" and out.to_move == 0 and settle(out).winners == (0,)
    other = parse_round(E3 + "/mpR00pR02").final()
    assert other.status == "domino" and other.to_move == 1


@pytest.mark.parametrize(("name", "line"), [
    ("D1", "14"), ("D2", "14L11"), ("D3", "36R66"), ("D4", "00"), ("D5", "14L11R44"),
    ("D6", "14L11R44R43"), ("D7", "22"),
])
def test_the_documents_diagrams_read_from_their_lines(name: str, line: str) -> None:
    p = position(f"b2/55.15/{line}/*20/0")
    assert describe(p.line().description()) == EN[name]
    assert p.text() == f"b2/55.15/{line}/*20/0"


def test_every_code_in_the_notation_document_reads_and_is_written_back_as_it_stands() -> None:
    section = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    codes = re.findall(r"`([bgd]\d[^`\s]*/[^`\s]*)`", section)
    assert len(codes) == 9
    for written in codes:
        assert text(parse(written)) == written


@pytest.mark.parametrize(("code", "what", "params"), [
    ("b2/01.2X/-/*14/0", "not_pip", {"char": "X"}),
    ("d2/2344.011122/6*3/*14/0/mR32Q", "not_move", {"char": "Q"}),
    ("b2/01.223/-/*14/0", "half_tile", {}),
    ("b2/0102030405060.11/-/*14/0", "half_tile", {}),
    ("b2/01./-/*14/0", "empty_part", {}),
    ("b2/01.22/-/*14/0/n3.", "empty_part", {}),
    ("b2/01.22.33/-/*14/0", "part_count", {"count": 3, "players": 2}),
    ("x2/01.22/-/*14/0", "not_game", {}),
    ("b/01.22/-/*14/0", "no_players", {}),
    ("b2x6/01.22/-/*14/0", "size_gaple", {}),
    ("b2p/01.22/-/*14/0", "not_option", {"char": "p"}),
    ("b2/01.22//*14/0", "empty_line", {}),
    ("b2/01.22/33X44/*14/0", "not_end", {"char": "X"}),
    ("b2/01.22/-/*14/x", "no_seat", {"high": 1}),
    ("b2/01.22/-/*14/5", "no_such_seat", {"number": 5, "high": 1}),
    ("b2/01.22/-/*14/0p", "passes_count", {}),
    ("b2/01.22/-/*14/0o", "opening_tile", {}),
    ("b2/01.22/-/*14/0q", "not_turn", {"char": "q"}),
    ("b2/01.22/-/*14/0/n33.-", "pip_twice", {"value": 3}),
    ("b2/01.22/-/*14/0/kh.-", "part_size", {"tag": "h"}),
    ("b2/01.22/-/*14/0/kp01A.-", "no_part", {"tag": "A"}),
    ("b2/01.22/-/*14/0/kq.-", "not_known", {"char": "q"}),
    ("b2/01.*x/-/*14/0", "star_count", {}),
    ("", "empty_code", {}),
    ("b2/01.22/-", "missing", {}),
    ("b2/01.22/-/*14/0/q", "not_field", {}),
    ("b2/01.22/-/*14/0/n-.-/n-.-", "field_twice", {}),
    ("b2/01.22/-/*14/0/m-/n-.-", "moves_last", {}),
    ("b2/01.22/-/*14/0/m", "no_moves", {}),
    ("g4x6/010203040506.*6.*6.*6/-/*4/0/d*1.-.-.-", "dead_shown", {"seat": 0}),
])
def test_a_syntax_error_says_what_is_wrong_at_its_character(code: str, what: str,
                                                            params: dict[str, object]) -> None:
    with pytest.raises(CodeError) as e:
        parse(code)
    assert e.value.reason == "syntax" and e.value.params.get("what") == what, e.value
    assert params.items() <= e.value.params.items()





# -- rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "written"), [
    (block(2), "b2"), (block(3), "b3"), (block(4), "b4"),
    (gaple(4), "g4x6"), (gaple(4, 7), "g4x7"), (gaple(5), "g5x5"),
    (gaple(4, dead_tiles=False), "g4x6p"), (gaple(5, blank_double_25=True), "g5x5z"),
    (gaple(4, 7, False, True), "g4x7pz"), (duel(), "d2"), (duel(draw=True), "d2d"),
])
def test_every_ruleset_has_a_code(rules: Ruleset, written: str) -> None:
    assert rules_code(rules) == written


@pytest.mark.parametrize(("short", "rules"), [
    ("g4", gaple(4)), ("g5", gaple(5)), ("g4zp", gaple(4, 6, False, True)),
])
def test_gaple_may_leave_its_hand_size_out(short: str, rules: Ruleset) -> None:
    hands = ".".join(["*1"] * (rules.players - 1))
    assert position(f"{short}/01.{hands}/23/*3/0").rules == rules


@pytest.mark.parametrize(("rules", "where", "why"), [
    ("c2", 0, "is not a game"), ("b5", 1, "block is for 2, 3 or 4 players"),
    ("bx", 1, "number of players"), ("b2x7", 2, "only Gaple names its hand size"),
    ("g4x5", 1, "deals 6 or 7 tiles"), ("g4x6q", 4, "'q' is not an option"),
    ("g4x6pp", 5, "'p' is not an option"), ("d3", 1, "duel is for 2 players"),
    ("b2d", 2, "'d' is not an option"),
])
def test_a_bad_rules_field_is_named(rules: str, where: int, why: str) -> None:
    e = refused(f"{rules}/01.23/-/*10/0")
    assert (e.field, e.offset) == ("rules", where) and why in e.message


# -- hands ---------------------------------------------------------------------------------


def test_hands_are_read_in_any_order_and_written_low_high_in_order() -> None:
    p = position("b2/4132.66/-/*10/0")
    assert p.hands[0] == (t("1-4"), t("2-3"))
    assert p.text() == "b2/1423.66/-/*10/0"


def test_a_seats_eye_position_shows_one_hand_and_counts() -> None:
    p = position("b3/*5.0134.*4/-/*13/1")
    assert p.seat == 1 and p.hands == (5, (t("0-1"), t("3-4")), 4)
    assert p.dead == (0, (), 0)
    with pytest.raises(HiddenError, match="seat 1's view"):
        p.state()


@pytest.mark.parametrize(("code", "where", "why"), [
    ("b2/0123/-/*10/0", 3, "1 hand for 2 players"),
    ("b2/01.23.45/-/*10/0", 3, "3 hands for 2 players"),
    ("b2/012.34/-/*10/0", 5, "one is left over"),
    ("b2/0127.34/-/*10/0", 6, "'7' is not a pip"),
    ("b2/01./-/*10/0", 6, "a part is empty"),
    ("b3/01.*2.23/-/*10/0", 3, "exactly one"),
    ("b2/*3.*2/-/*10/0", 3, "exactly one"),
    ("b2/01.*x/-/*10/0", 7, "followed by a count"),
    ("b2/0123.-/-/*10/0", 8, "seat 1's hand is empty"),
    ("b2/01.*0/-/*10/0", 6, "seat 1's hand is empty"),
    ("b3/010203040506.11.22/-/*10/0", 3, "seat 0 holds 6 tiles: more than the 5 dealt"),
    ("b2/0123.23/-/*10/0", 8, "23 is named twice (also in the hands)"),
])
def test_a_bad_hands_field_is_named_where_it_goes_wrong(code: str, where: int, why: str) -> None:
    e = refused(code)
    assert e.field == "hands" and e.offset == where and why in e.message, e
    assert str(e).startswith(f"hands, character {where + 1}: ")


# -- line ------------------------------------------------------------------------------------


def test_the_first_tile_lies_as_written() -> None:
    assert position("b2/55.66/41/*20/0").line().ends == (4, 1)
    assert position("b2/55.66/14/*20/0").line().ends == (1, 4)


def test_a_line_whose_history_is_not_shown_then_tiles_on_it() -> None:
    p = position("d2/44.0111/6*3R32R22/*14/0")
    line = p.line()
    assert line.hidden_ends == (6, 3) and line.ends == (6, 2)
    assert [str(x) for x in line.tiles()] == ["2-3", "2-2"]


def test_a_later_tile_written_the_other_way_round_is_the_same_play() -> None:
    assert position("b2/55.66/14L11R34/*20/0") == position("b2/55.66/14L11R43/*20/0")
    assert position("b2/55.66/14L11R34/*20/0").text() == "b2/55.66/14L11R43/*20/0"


@pytest.mark.parametrize(("line", "where", "why"), [
    ("", 0, "empty: write - for an empty line"), ("1", 1, "ends in the middle of a tile"),
    ("14R22", 2, "does not match the right end, 4"),
    ("14X44", 2, "'X': each tile after the first starts with L or R"),
    ("14l11", 2, "starts with L or R"), ("14R4", 4, "ends in the middle"),
    ("6*", 2, "ends in the middle"), ("14R41", 3, "14 is named twice"),
    ("14R55", 3, "55 is named twice (also in the hands)"),
])
def test_a_bad_line_is_named(line: str, where: int, why: str) -> None:
    e = refused(f"b2/55.66/{line}/*20/0")
    assert e.field == "line" and e.offset == 9 + where and why in e.message, e


# -- stock -----------------------------------------------------------------------------------


def test_the_stock_as_tiles_top_first_a_count_or_known_empty() -> None:
    listed = position("d2d/01.23/-/6600/0")
    assert listed.stock == (t("6-6"), t("0-0"))
    state = listed.state()
    assert state.stock == (t("6-6"), t("0-0")) and state.stock_count == 2
    assert position("d2d/01.23/-/*2/0").state().stock is None
    assert position("d2d/01.23/-/-/0").state().stock == ()
    assert position("d2d/01.23/-/-/0") != position("d2d/01.23/-/*0/0")


@pytest.mark.parametrize(("code", "why"), [
    ("b2/01.*2/-/0011/0", "cannot see the stock"),
    ("b2/01.23/-/*27/0", "the counts need 27 tiles not named elsewhere; only 26 are left"),
    ("b2/01.*7/-/*21/0", "need 28 tiles"),
    ("b2/01.23/6*3/*26/0", "only 25 are left"),  # the hidden part of a line has a tile
])
def test_a_stock_that_cannot_be_is_refused(code: str, why: str) -> None:
    e = refused(code)
    assert e.field == "stock" and why in e.message


# -- turn ------------------------------------------------------------------------------------


def test_the_turn_passes_opening_and_status() -> None:
    p = position("g4x7/01.*7.*7.*7/-/*0/1p1od")
    assert (p.to_move, p.passes, p.opening) == (1, 1, "double")
    q = position("g4x7/*7.*7.*7.00/-/*0/3o00")
    assert q.opening == t("0-0") and q.seat == 3
    assert [m.text() for m in q.view().legal] == ["play 0-0"]
    r = position("b2/01.23/45/*21/blocked1p2")
    assert r.over and r.mover is None and r.status == "blocked" and r.to_move == 1


@pytest.mark.parametrize(("turn", "where", "why"), [
    ("", 0, "the turn is the seat to move"), ("2", 0, "there is no seat 2"),
    ("x", 0, "the turn is the seat"), ("0p", 1, "p is followed by"),
    ("0p2", 0, "2 turns without a play while playing"), ("0q", 1, "is not part of a turn"),
    ("0o", 1, "o is followed by"), ("0o45", 1, "must be in the hand of seat 0"),
    ("blocked0p1", 0, "in a round blocked: it is 2"), ("0od1", 3, "is not part of a turn"),
])
def test_a_bad_turn_is_named(turn: str, where: int, why: str) -> None:
    e = refused(f"b2/0123.45/-/*10/{turn}")
    assert e.field == "turn" and e.offset == 17 + where and why in e.message, e


def test_an_opening_rule_needs_an_empty_line() -> None:
    e = refused("b2/0123.45/66/*10/0od")
    assert e.field == "turn" and "only applies to an empty line" in e.message


def test_an_opening_tile_seen_outside_the_movers_hand_is_refused() -> None:
    assert refused("g4x7/*7.*7.00.*7/-/*0/3o00").field == "turn"  # seen in seat 2's hand
    assert position("g4x7/*7.*7.11.*7/-/*0/3o00").opening == t("0-0")


def test_a_round_that_ended_names_how() -> None:
    assert position("b2/-.23/01/*24/domino0").status == "domino"
    e = refused("b2/01.23/45/*21/domino0")
    assert e.field == "hands" and "must be empty" in e.message


# -- dead tiles and what seats lack ----------------------------------------------------------


def test_dead_tiles_shown_or_counted() -> None:
    full = position("g4x6/01.23.45.56/66/*3/0/d-.00.-.-")
    assert full.dead == ((), (t("0-0"),), (), ())
    seen = full.seen_by(0)
    assert seen.text() == "g4x6/01.*1.*1.*1/66/*3/0/d-.*1.*0.*0"
    assert parse(seen.text()) == seen
    assert full.view(1).dead == (t("0-0"),) and full.view(0).dead_counts == (0, 1, 0, 0)


@pytest.mark.parametrize(("code", "why"), [
    ("b2/01.23/-/*10/0/d-.44", "only for Gaple with dead tiles"),
    ("g4x6p/01.23.45.56/66/*3/0/d-.00.-.-", "only for Gaple with dead tiles"),
    ("g4x6/01.23.45.56/66/*3/0/d-.*1.-.-", "show its dead tiles too"),
    ("g4x6/01.23.45.56/66/*3/0/d-.-.-", "3 parts for 4 players"),
    ("g4x6/01.23.45.56/66/*3/0/d-.01.-.-", "01 is named twice (also in the hands)"),
])
def test_bad_dead_tiles_are_refused(code: str, why: str) -> None:
    e = refused(code)
    assert e.field == "dead" and why in e.message, e


def test_what_a_seat_lacks() -> None:
    p = position("d2/44.0111/6*3R32R22/*14/1p1/n26.-")
    assert p.lacks == (frozenset({2, 6}), frozenset())
    assert p.view(1).missing == p.lacks
    assert p.state().legal_moves() == (Move.parse("pass"),)


@pytest.mark.parametrize(("lacks", "why"), [
    ("n2", "1 part for 2 players"), ("n22.-", "2 is named twice"), ("n27.-", "'7' is not"),
    ("n2..", "3 parts for 2 players"), ("n.-", "a part is empty"),
])
def test_bad_lacks_are_refused(lacks: str, why: str) -> None:
    e = refused(f"d2/44.0111/6*3/*14/1/{lacks}")
    assert e.field == "lacks" and why in e.message, e


# -- the fields together ---------------------------------------------------------------------


@pytest.mark.parametrize(("code", "field", "why"), [
    ("", "rules", "the code is empty"), ("b2/01.23", "line", "missing: a position has five"),
    ("b2/01.23/-/*10/0/q", "field", "'q' is not a field"),
    ("b2/01.23/-/*10/0/", "field", "'' is not a field"),
    ("b2/01.23/-/*10/0/n-.-/n-.-", "lacks", "given twice"),
    ("b2/01.23/-/*10/0/m-/n-.-", "lacks", "the moves (m) come last"),
])
def test_the_fields_themselves(code: str, field: str, why: str) -> None:
    e = refused(code)
    assert e.field == field and why in e.message, e


def test_a_code_error_is_a_value_error_and_points_at_the_character() -> None:
    code = "b2/0123.4X/-/*10/0"
    e = refused(code)
    assert isinstance(e, ValueError) and code[e.offset] == "X"


def test_position_and_round_readers_refuse_each_other() -> None:
    with pytest.raises(CodeError, match="this is a round"):
        parse_position(E1_ROUND)
    with pytest.raises(CodeError, match="this is a position"):
        parse_round(E1)
    assert isinstance(parse(E1), Position) and isinstance(parse(E1_ROUND), Round)


# -- rounds ----------------------------------------------------------------------------------


def test_a_rounds_moves_and_their_tokens() -> None:
    r = parse_round("d2d/0314.2256/-/1200/0/m41dR12dp")
    assert [m.text() for m in r.moves] == ["play 4-1", "draw", "play 1-2 right", "draw",
                                           "pass"]
    assert r.moves[0].flipped and r.final().line.ends == (4, 2)
    assert r.text() == "d2d/0314.2256/-/1200/0/m41dR12dp"
    gaple_round = parse_round("g4x7/0012.0334.0566.2233/-/*0/0o00/m00R03L50R33x12")
    assert gaple_round.final().status == "emptied"
    assert gaple_round.moves[-1] == Move.discard(t("1-2"))


def test_an_opening_laid_the_other_way_is_another_round() -> None:
    a, b = parse_round("b2/1434.2256/-/*10/0/m14"), parse_round("b2/1434.2256/-/*10/0/m41")
    assert a.moves == b.moves  # as moves they are the same play …
    assert a != b and a.final().line.ends != b.final().line.ends  # … not the same round


def test_a_bare_tile_goes_where_it_fits_and_is_written_with_its_end() -> None:
    r = parse_round("b2/1225.3346/14/*18/0/m21")
    assert r.moves == (Move.play(t("1-2"), "left"),)
    assert r.text() == "b2/1225.3346/14/*18/0/mL21"
    e = refused("b2/042516.3355/14/*17/0/m40p25")
    assert e.field == "move 3 (play 2-5)" and "the open ends show 1 and 0" in e.message


def test_an_illegal_move_names_its_number_and_where_it_is() -> None:
    code = "d2/0516.2244/6*3/*14/0/mL16pR05"
    e = refused(code)
    assert str(e) == ("move 3 (play 0-5 right), character 29: 0-5 does not match the right "
                      "end, 3")
    assert code[e.offset:e.offset + 3] == "R05"


@pytest.mark.parametrize(("moves", "why"), [
    ("m", "m is followed by the moves"), ("mq", "'q' is not a move"),
    ("mR2", "ends in the middle"), ("mx9", "'9' is not a pip"),
])
def test_bad_moves_are_refused(moves: str, why: str) -> None:
    e = refused(f"{E1}/{moves}")
    assert e.field == "moves" and why in e.message, e


@pytest.mark.parametrize(("start", "field", "why"), [
    ("d2/2344.*3/6*3/*14/0", "hands", "every hand shown"),
    ("d2/2344.011122/6*3/*14/0/n-.5", "lacks", "no n field at its start"),
    ("d2/-.011122/6*3/*14/domino0", "turn", "still being played"),
])
def test_a_round_starts_from_a_full_position_being_played(start: str, field: str,
                                                           why: str) -> None:
    e = refused(f"{start}/m-")
    assert e.field == field and why in e.message, e


def test_a_round_with_no_moves_yet() -> None:
    r = parse_round(E1 + "/m-")
    assert r.moves == () and r.text() == E1 + "/m-" and r.position() == position(E1)


# -- scenarios -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_is_a_round_and_back(path: Path) -> None:
    scenario = load(path)
    r = Round(Position.from_state(scenario.initial()), scenario.moves)
    assert parse(text(r)) == r and text(parse(text(r))) == text(r)
    assert snapshot(r.final()) == snapshot(scenario.replay())
    again = loads(dumps(scenario.id, r.start.state(), r.moves), "again.toml")
    assert snapshot(again.replay()) == snapshot(scenario.replay())
    assert Round(Position.from_state(again.initial()), again.moves) == r


def test_a_scenario_cannot_say_a_line_played_in_another_order() -> None:
    r = parse_round("b2/2356.0412/14L11R44/*19/0/m-")
    with pytest.raises(ValueError, match="played in another order"):
        dumps("x", r.start.state())
    r = parse_round("b2/2456.0412/6*3R35/*15/0/m-")
    with pytest.raises(ValueError, match="tiles after a part"):
        dumps("x", r.start.state())


# -- round trips over random positions of every family ---------------------------------------

FAMILIES: dict[str, Ruleset] = {
    "block-2": block(2), "block-3": block(3), "block-4": block(4),
    "gaple-4x6": gaple(4), "gaple-4x7": gaple(4, 7), "gaple-5": gaple(5),
    "gaple-4x6-pass": gaple(4, dead_tiles=False), "gaple-4x7-pass": gaple(4, 7, False),
    "gaple-5-pass": gaple(5, dead_tiles=False), "gaple-4x6-blank25": gaple(4, blank_double_25=True),
    "gaple-5-pass-blank25": gaple(5, 5, False, True), "duel": duel(), "duel-draw": duel(draw=True),
}
FAMILY = pytest.mark.parametrize("rules", list(FAMILIES.values()), ids=list(FAMILIES))
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
STEPS = st.integers(min_value=0, max_value=90)


def games(examples: int) -> Any:
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def random_state(rules: Ruleset, seed: int, steps: int, *, hide_line: bool = False) -> State:
    """A deal (a later Gaple round every other seed: the previous winner must open with a
    double where everything is dealt), then up to ``steps`` random legal moves.  With
    ``hide_line``, the position half-way is written again as a scenario does with ``ends``
    (its line's history not shown, the stock as a count) and play goes on from there."""
    rng = random.Random(seed)
    if rules.family == "gaple" and seed % 2:
        state = State.deal(rules, rng, to_move=rng.randrange(rules.players),
                           opening=None if rules.middle_up else "double")
    else:
        state = State.deal(rules, rng)
    for k in range(steps):
        if state.over:
            break
        if hide_line and k == steps // 2 and not state.line.empty:
            ends = state.line.ends
            assert ends
            state = State.setup(rules, [state.hand(i) for i in range(state.players)],
                                ends=(ends[0], ends[1]),
                                stock=list(state.stock or ()) if rules.draw_mode
                                else state.stock_count,
                                dead=[state.dead_tiles(i) for i in range(state.players)],
                                to_move=state.to_move, passes=state.passes)
        state.push(rng.choice(state.legal_moves()))
    return state


def round_trips(value: Position | Round) -> None:
    written = text(value)
    again = parse(written)
    assert again == value, written
    assert text(again) == written
    assert written.isascii() and " " not in written


@FAMILY
@games(60)
@given(seed=SEEDS, steps=STEPS, hide_line=st.booleans())
def test_every_position_round_trips_with_every_hand(rules: Ruleset, seed: int, steps: int,
                                                    hide_line: bool) -> None:
    state = random_state(rules, seed, steps, hide_line=hide_line)
    p = Position.from_state(state)
    round_trips(p)
    again = parse_position(p.text())
    # The same play from here: hands, line (its description too), stock, turn, legal moves …
    assert without_history(again.state()) == without_history(state)
    assert settle(again.state()) == settle(state)
    # … and the same knowledge: every seat's view is the state's.
    for seat in range(state.players):
        assert public(again.view(seat)) == public(as_coded(view(state, seat)))
    # A state has no history here, so nothing is known of what a seat lacks.
    assert Position.from_state(again.state()) == replace(
        p, lacks=tuple(frozenset[int]() for _ in p.lacks), facts=())


@FAMILY
@games(40)
@given(seed=SEEDS, steps=STEPS, hide_line=st.booleans())
def test_every_seats_eye_position_round_trips(rules: Ruleset, seed: int, steps: int,
                                             hide_line: bool) -> None:
    state = random_state(rules, seed, steps, hide_line=hide_line)
    for seat in range(state.players):
        p = Position.from_state(state, seat)
        round_trips(p)
        assert p.seat == seat and p == Position.from_state(state).seen_by(seat)
        assert public(parse_position(p.text()).view()) == public(as_coded(view(state, seat)))


@FAMILY
@games(40)
@given(seed=SEEDS, steps=STEPS, hide_line=st.booleans())
def test_every_round_round_trips_and_replays_to_the_same_state(
        rules: Ruleset, seed: int, steps: int, hide_line: bool) -> None:
    state = random_state(rules, seed, steps, hide_line=hide_line)
    r = Round.from_state(state)
    round_trips(r)
    assert snapshot(parse_round(r.text()).final()) == snapshot(state)
    assert r.position() == Position.from_state(state)


ALPHABET = "0123456789/.*-LRpdxnmobgz"


@FAMILY
@games(25)
@given(seed=SEEDS, steps=STEPS, edits=st.lists(
    st.tuples(st.integers(0, 400), st.sampled_from(["insert", "delete", "replace"]),
              st.sampled_from(ALPHABET)), min_size=1, max_size=3))
def test_a_mangled_code_is_refused_with_a_code_error_or_read_exactly(
        rules: Ruleset, seed: int, steps: int, edits: list[tuple[int, str, str]]) -> None:
    state = random_state(rules, seed, steps)
    written = Round.from_state(state).text() if seed % 3 else \
        Position.from_state(state, None if seed % 2 else 0).text()
    chars = list(written)
    for where, how, c in edits:
        k = where % (len(chars) + 1)
        if how == "insert":
            chars.insert(k, c)
        elif chars and k < len(chars):
            if how == "delete":
                del chars[k]
            else:
                chars[k] = c
    mangled = "".join(chars)
    try:
        value = parse(mangled)
    except CodeError as e:
        assert 0 <= e.offset <= len(mangled)
        assert e.reason != "syntax" or "what" in e.params, e  # says what is wrong there
        return
    round_trips(value)
    if isinstance(value, Round):
        value.final()
    elif value.seat is None:
        value.state().legal_moves()
    else:
        value.view()


# -- the command line ------------------------------------------------------------------------

#: test_engine_cli's E1 under the id "e1" (and without its source line).
E1_FILE = E1_SCENARIO.replace('id = "e1-one-tile-loss"\nrules = "duel"\nsource = "003"\n',
                              'id = "e1"\nrules = "duel"\n')


def cli(*args: str | Path, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    result = run(*args)
    assert "Traceback" not in result.stderr
    return result.returncode, result.stdout, result.stderr


def one_error(*args: str | Path) -> str:
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_replay_a_round_code_reports_as_the_scenario_file_does(tmp_path: Path) -> None:
    path = tmp_path / "e1.toml"
    path.write_text(E1_FILE, encoding="utf-8")
    _, from_file, _ = cli("replay", path)
    code, from_code, err = cli("replay", "--round", E1_ROUND)
    assert code == 0 and err == ""
    by_file, by_code = json.loads(from_file), json.loads(from_code)
    assert by_code["id"] == "round" and by_file["id"] == "e1"
    assert {**by_code, "id": "e1"} == by_file
    assert by_code["status"] == "blocked" and by_code["winners"] == [1]


def test_replay_a_position_code_in_another_language() -> None:
    code, out, _ = cli("replay", "--position", "b2/55.15/14L11/*20/1", "--lang", "uk")
    report = json.loads(out)
    assert code == 0 and report["id"] == "position" and report["to_move"] == 1
    assert report["description"].startswith("Плитки: [1|4], [1|1]")
    assert report["legal"] == [{"play": "1-5", "end": "left"}]


def test_solve_a_code_as_the_file() -> None:
    e3 = "d2/22.0002/1*0/*14/0/mp"
    code, out, err = cli("solve", "--round", e3)
    assert code == 0 and err == ""
    solution = json.loads(out)
    assert solution["best"] == [{"play": "0-0", "end": "right"}] and solution["value"] == 1
    code, out, _ = cli("solve", "--position", "d2/22.0002/1*0/*14/1p1/n01.-")
    assert code == 0 and json.loads(out)["best"] == solution["best"]


def test_standard_input_holds_a_code_or_a_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli("replay", "-", stdin=E1_ROUND + "\n", monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["id"] == "stdin"
    assert json.loads(out)["totals"] == [8, 3]
    code, out, _ = cli("replay", "-", stdin=E1_FILE, monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["id"] == "e1"
    code, _, err = cli("replay", "-", stdin=E1_FILE.replace('"2-2"]', '"2-9"]'),
                       monkeypatch=monkeypatch)
    assert code == 2 and err.startswith("stdin: start.hands[1][2]: ")
    code, _, err = cli("code", "-", stdin="d2/2344.011122/6*3/*14/0/mR23R22pq",
                       monkeypatch=monkeypatch)
    assert code == 2 and err == "stdin: moves, character 34: 'q' is not a move: L or R and " \
        "a tile, a tile to open, p (pass), d (draw) or x and a tile (discard)\n"


@pytest.mark.parametrize(("args", "line"), [
    (("replay", "--position", "b2/0123.4X/-/*10/0"),
     "position: hands, character 10: 'X' is not a pip: pips are 0 to 6"),
    (("replay", "--round", "d2/0516.2244/6*3/*14/0/mL16pR05"),
     "round: move 3 (play 0-5 right), character 29: 0-5 does not match the right end, 3"),
    (("replay", "--position", "d2/2344.*3/6*3/*14/0"),
     "position: every hand must be shown; this is seat 0's view (the other hands are counts)"),
    (("solve", "--position", "d2/2344.*3/6*3/*14/0"),
     "position: every hand must be shown; this is seat 0's view (the other hands are counts)"),
    (("replay", "--round", E1),
     ("round: moves, character 25: this is a position: a round ends with /m and its moves "
      "(m- for none)")),
    (("replay", "--position", E1_ROUND),
     ("position: moves, character 26: this is a round (it has moves): a position has no m "
      "field")),
    (("code", "--position", E1, "--seat", "2"), "position: there is no seat 2 among 2 players"),
    (("code", "--position", "d2/2344.*3/6*3/*14/0", "--seat", "1"),
     "position: this is seat 0's view: seat 1's tiles are not shown"),
    (("code", "--round", E1_ROUND, "--seat", "1", "--toml"),
     "round: --toml writes every hand: leave out --seat"),
])
def test_a_bad_code_is_one_line_naming_the_input(args: tuple[str, ...], line: str) -> None:
    assert one_error(*args) == line


def test_solve_refuses_draw_mode_with_a_counted_stock_by_the_label() -> None:
    line = one_error("solve", "--position", "d2d/0134.2256/6*3/*3/0")
    assert line.startswith("position: ") and "stock" in line


@pytest.mark.parametrize("args", [
    ("replay",), ("replay", "e1.toml", "--position", E1), ("solve", "--position", E1,
                                                           "--round", E1_ROUND),
])
def test_one_input_exactly(args: tuple[str, ...]) -> None:
    line = one_error(*args)
    assert line.startswith(f"python -m engine {args[0]}: ")


def test_code_prints_a_scenarios_round_its_final_position_and_a_seats_view() -> None:
    e3 = ROOT / "scenarios" / "e3-empty-hand-wins.toml"
    assert cli("code", e3)[1] == ("d2/22.0002/13R33R34R44R45R55R56R66R61R11R10/*14/0/"
                                  "mpR02R22\n")
    assert cli("code", e3, "--final")[1] == ("d2/-.00/13R33R34R44R45R55R56R66R61R11R10R02R22/"
                                             "*14/domino0/n01.-\n")
    assert cli("code", e3, "--seat", "1")[1] == ("d2/*0.00/13R33R34R44R45R55R56R66R61R11R10R02"
                                                 "R22/*14/domino0/n01.-\n")
    assert cli("code", "--position", "b2/4132.66/-/*10/0")[1] == "b2/1423.66/-/*10/0\n"


def test_code_writes_a_round_as_a_scenario_file_that_replays_alike(tmp_path: Path) -> None:
    code, out, _ = cli("code", "--round", E1_ROUND, "--toml", "--id", "e1-again")
    assert code == 0 and out.startswith('id = "e1-again"\nrules = "duel"\n')
    path = tmp_path / "e1-again.toml"
    path.write_text(out, encoding="utf-8")
    _, by_file, _ = cli("replay", path)
    _, by_code, _ = cli("replay", "--round", E1_ROUND)
    assert json.loads(by_file) == {**json.loads(by_code), "id": "e1-again"}
    line = one_error("code", "--round", "b2/2356.0412/14L11R44/*19/0/m-", "--toml")
    assert line.startswith("round: a scenario's line is played from left to right")


def test_the_real_command_line_reads_a_code_and_standard_input() -> None:
    result = run_process("replay", "--round", E1_ROUND)
    assert result.returncode == 0 and json.loads(result.stdout)["winners"] == [1]
    piped = subprocess.run([sys.executable, "-m", "engine", "code", "-", "--final"], cwd=ROOT,
                           input=E1_ROUND, capture_output=True, text=True, timeout=60,
                           check=False)
    assert piped.returncode == 0 and piped.stderr == ""
    assert piped.stdout == "d2/44.0111/6*3R32R22/*14/blocked1p2/n26.26\n"


# -- reasons a page can word, and the deal's count -------------------------------------------


@pytest.mark.parametrize(("code", "reason", "params"), [
    ("d2/2344.23/6*3/*14/0", "tile_twice", {"tile": Tile.of(2, 3)}),
    ("b2/1234.56/14R55/*14/0", "line_join", {"tile": Tile.of(5, 5), "end": "right", "value": 4}),
    ("b3/12.34.*3/-/*9/0", "show_hands", {}),
    ("b2/0102030405060.11/-/*14/0", "syntax", {}),
    ("b2/0102030405061122.33/-/*12/0", "hand_size", {"seat": 0, "count": 8, "size": 7}),
    ("b2/01.-/-/*14/0", "empty_hand", {"seat": 1}),
    ("b2/01.22/-/*14/domino0", "out_not_empty", {"seat": 0}),
    ("b2/01.22/-/*30/0", "counts", {"needed": 30, "left": 26}),
    ("b2/01.22/-/*14/0p2", "passes", {"passes": 2, "low": 0, "high": 1}),
    ("g4x7p/00.11.22.33/-/*0/0/d12.-.-.-", "no_dead", {}),
    ("b2/01.22/33/*14/0o00", "opening_line", {}),
    ("g4x7/11.22.33.00/-/*0/0o00", "opening_holder", {"tile": Tile.of(0, 0), "seat": 0}),
    ("d2/2344.*6/6*3/0156/0", "stock_hidden", {"seat": 0}),
    ("b7/01.22/-/*14/0", "rules", {}),
    ("b2/01.22/-/*14/0/n3.-/m-", "round_start", {}),
    ("b2/0102.12/-/*14/0/m01p", "move", {"number": 2}),
])
def test_a_refused_code_says_why_for_a_page_to_word_it(code: str, reason: str,
                                                        params: dict[str, object]) -> None:
    with pytest.raises(CodeError) as e:
        parse(code)
    assert e.value.reason == reason, e.value
    assert params.items() <= e.value.params.items(), e.value.params
    if reason == "move":
        assert e.value.params["refusal"].code == "must_play"  # type: ignore[union-attr]


def test_a_round_where_a_position_is_wanted_says_so() -> None:
    with pytest.raises(CodeError) as e:
        parse_position("b2/01.22/-/*14/0/m-")
    assert (e.value.reason, e.value.params) == ("kind", {"want": "position"})


@FAMILY
@games(30)
@given(seed=SEEDS, steps=STEPS)
def test_every_position_reached_in_play_adds_up_to_its_deal(rules: Ruleset, seed: int,
                                                            steps: int) -> None:
    state = random_state(rules, seed, steps)
    check_deal(Position.from_state(state))
    for seat in range(state.players):
        check_deal(Position.from_state(state, seat))


def test_a_hand_with_a_tile_too_few_or_too_many_does_not_add_up() -> None:
    check_deal(parse_position("b2/00010203040506.11121314151622/-/*14/0"))
    short = parse_position("b2/000102030405.11121314151622/-/*14/0")
    with pytest.raises(CodeError) as e:
        check_deal(short)
    assert e.value.reason == "deal"
    assert e.value.params == {"held": 13, "played": 0, "dealt": 14, "stock": 14, "undealt": 14}
    played = parse_position("b2/000102030405.111213141516/66R65/*14/1")  # 12 + 2 = 14
    check_deal(played)
    check_deal(parse_position("d2/2344.011122/6*3/*14/0"))  # a line given by its ends: no count
