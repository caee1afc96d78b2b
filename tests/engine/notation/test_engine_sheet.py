"""The score sheet for a game at a real table (engine/notation/sheet.py): a round reported by how it
ended and what each seat has left, settled by the rules; the match's sheet; its code."""

from __future__ import annotations

import random

import pytest
from engine_helpers import RULESETS, t
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game.match import BlockMatch, DuelSeries, GapleMatch
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import settle
from engine.game.split import Want, can_make
from engine.game.state import State
from engine.game.tiles import TILES
from engine.notation.sheet import (
    Entry,
    Sheet,
    SheetError,
    Start,
    counts_left,
    heaviest,
    most_tiles,
    parse_sheet,
    room,
    settle_entry,
)


def tiles(text: str) -> tuple:
    return tuple(sorted(t(x) for x in text.split()))


def refused(rules: Ruleset, entry: Entry) -> SheetError:
    with pytest.raises(SheetError) as e:
        settle_entry(rules, entry)
    return e.value


# -- one round -------------------------------------------------------------------------------


def test_going_out_in_block_scores_the_others_totals() -> None:
    r = settle_entry(block(3), Entry(0, ((), tiles("3-4 5-6"), tiles("1-1"))))
    assert r.winners == (0,) and r.points == (20, 0, 0)
    assert r.explanation.code == "block_domino"
    assert r.explanation.arithmetic == "18 + 2 = 20"


def test_a_blocked_block_round_pays_the_sole_lowest_from_totals_given() -> None:
    r = settle_entry(block(3), Entry(None, (7, 8, 3)))
    assert r.winners == (2,) and r.points == (0, 0, 12)
    assert r.explanation.arithmetic == "7 + 8 − 3 = 12"
    assert [h.total for h in r.holdings] == [7, 8, 3]  # the totals, with no tiles told


def test_tiles_and_totals_mix_seat_by_seat() -> None:
    r = settle_entry(block(2), Entry(None, (tiles("2-3"), 9)))
    assert r.totals == (5, 9) and r.points == (4, 0)


def test_tied_lowest_block_totals_score_nothing() -> None:
    r = settle_entry(block(3), Entry(None, (4, 4, 9)))
    assert r.winners == () and r.points == (0, 0, 0)
    assert r.explanation.code == "block_tied_lowest"


def test_the_duel_won_by_going_out_needs_no_tiles_from_the_loser() -> None:
    assert not counts_left(duel(), 1)
    r = settle_entry(duel(), Entry(1, ((), ())))
    assert r.winners == (1,) and r.explanation.code == "duel_domino"


def test_a_blocked_duel_goes_to_the_lower_total_and_equal_totals_draw() -> None:
    assert settle_entry(duel(), Entry(None, (8, 3))).winners == (1,)
    drawn = settle_entry(duel(), Entry(None, (5, tiles("1-4"))))
    assert drawn.draw and drawn.winners == ()


def test_gaple_out_with_no_dead_tiles_wins_outright() -> None:
    r = settle_entry(gaple(4), Entry(1, (tiles("6-6"), (), 1, 30)))
    assert r.winners == (1,) and r.explanation.code == "gaple_out"
    assert r.totals == (12, 0, 1, 30)  # the penalties still count


def test_gaple_out_with_dead_tiles_left_is_not_an_outright_win() -> None:
    r = settle_entry(gaple(4), Entry(1, (12, tiles("2-3"), 1, 30)))
    assert r.winners == (2,) and r.explanation.code == "gaple_lowest"
    assert r.explanation.params["out"] == 1  # the page says why going out did not win
    given = settle_entry(gaple(4), Entry(1, (12, 5, 1, 30)))  # the dead tiles' total only
    assert given.winners == (2,) and given.explanation.params["out"] == 1


def test_a_gaple_tie_is_broken_by_the_smallest_tile_when_the_tiles_are_given() -> None:
    r = settle_entry(gaple(4), Entry(None, (tiles("1-1 0-1"), tiles("0-3"), 9, 20)))
    assert r.winners == (0,) and r.explanation.code == "gaple_tie_tile"
    half = settle_entry(gaple(4), Entry(None, (tiles("1-2"), tiles("0-3"), 9, 20)))
    assert half.winners == (1,) and half.explanation.code == "gaple_tie_half"


def test_a_gaple_tie_between_totals_asks_for_the_tied_seats_tiles() -> None:
    e = refused(gaple(4), Entry(None, (3, tiles("0-3"), 9, 20)))
    assert e.code == "tie_needs_tiles" and e.params["seats"] == (0,)


@pytest.mark.parametrize(("rules", "entry", "code", "params"), [
    (block(2), Entry(0, ((), tiles("1-1 1-1"))), "tile_twice", {"seats": (1, 1)}),
    (block(3), Entry(0, ((), tiles("1-2"), tiles("1-2"))), "tile_twice", {"seats": (1, 2)}),
    (block(3), Entry(0, ((), tiles("0-0 0-1 0-2 0-3 0-4 0-5"), 1)), "too_many",
     {"seat": 1, "count": 6, "most": 5}),
    (block(2), Entry(None, (200, 3)), "total_range", {"seat": 0, "total": 200}),
    (block(2), Entry(0, (tiles("1-1"), 3)), "out_holds", {"seat": 0}),
    (block(2), Entry(0, (4, 3)), "out_holds", {"seat": 0}),
    (gaple(4, dead_tiles=False), Entry(0, (4, 3, 2, 1)), "out_holds", {"seat": 0}),
    (block(2), Entry(None, ((), 3)), "nothing_left", {"seat": 0}),
    (block(2), Entry(0, ((), ())), "nothing_left", {"seat": 1}),
    (block(2), Entry(2, ((), ())), "seat", {"seat": 2}),
    (block(2), Entry(None, (3,)), "seat", {}),
])
def test_impossible_reports_are_refused_with_the_reason(rules: Ruleset, entry: Entry,
                                                         code: str,
                                                         params: dict[str, object]) -> None:
    e = refused(rules, entry)
    assert e.code == code, e
    assert params.items() <= e.params.items()


def test_the_heaviest_total_a_seat_can_hold() -> None:
    assert heaviest(block(2)) == 12 + 11 + 10 + 10 + 9 + 9 + 8
    assert most_tiles(duel(draw=True)) == 21
    assert heaviest(gaple(5, blank_double_25=True)) == max(12 + 11 + 10 + 10 + 9,
                                                          25 + 12 + 11 + 10 + 10)
    settle_entry(block(2), Entry(None, (heaviest(block(2)), 0)))  # at the bound: fine


@pytest.mark.parametrize("name", list(RULESETS))
def test_a_reported_round_settles_as_the_played_round_did(name: str) -> None:
    """Every family: rounds played to their end, reported by their tiles, or some seats by
    their totals, settle as the engine settles the round itself."""
    rules = RULESETS[name]
    rng = random.Random(name)
    for _ in range(60):
        state = State.deal(rules, rng)
        while not state.over:
            state.push(rng.choice(state.legal_moves()))
        out = state.to_move if state.status in ("domino", "emptied") else None
        left = tuple(state.hand(s) + state.dead_tiles(s) for s in range(rules.players))
        played = settle(state)
        reported = settle_entry(rules, Entry(out, tuple(tuple(sorted(x)) for x in left)))
        assert (reported.winners, reported.points, reported.draw) == \
            (played.winners, played.points, played.draw)
        if counts_left(rules, out):
            assert reported.totals == played.totals
        # Totals instead of tiles, wherever the tie-break does not need the tiles.
        by_totals = tuple(played.totals[s] if rng.random() < 0.5 and s != out else left[s]
                          for s in range(rules.players))
        try:
            again = settle_entry(rules, Entry(out, by_totals))
        except SheetError as e:
            assert e.code == "tie_needs_tiles" and rules.family == "gaple"
            continue
        assert (again.winners, again.points) == (played.winners, played.points)


# -- the sheet -------------------------------------------------------------------------------


def test_a_block_match_to_100_on_the_sheet() -> None:
    sheet = Sheet.new(block(2), first=0)
    assert sheet.goal == 100 and sheet.next_start() == Start(0, None, "chosen")
    for k, entry in enumerate([Entry(0, ((), 40)), Entry(1, (40, ())), Entry(0, ((), 60))]):
        assert not sheet.match().over
        sheet = sheet.add(entry)
        assert sheet.next_start() in (Start((k + 1) % 2, None, "clockwise"),
                                      Start(None, None, "over"))
    match = sheet.match()
    assert isinstance(match, BlockMatch)
    assert match.scores == [100, 40] and match.over and match.winners == (0,)
    assert sheet.next_start() == Start(None, None, "over")
    with pytest.raises(SheetError) as e:
        sheet.add(Entry(0, ((), 3)))
    assert e.value.code == "over"
    assert sheet.undo().match().scores == [40, 40]
    assert sheet.undo().next_start() == Start(0, None, "clockwise")


def test_an_agreed_target() -> None:
    sheet = Sheet.new(block(3), first=2, goal=20).add(Entry(None, (7, 8, 3)))
    assert sheet.match().scores == [0, 0, 12] and not sheet.match().over
    sheet = sheet.add(Entry(0, ((), 5, 4)))
    assert sheet.match().scores == [9, 0, 12] and not sheet.match().over
    sheet = sheet.add(Entry(2, (5, 4, ())))
    assert sheet.match().over and sheet.match().winners == (2,)
    assert Sheet.new(block(3)).goal == 61


def test_a_gaple_run_the_winner_starts_the_next_round() -> None:
    sheet = Sheet.new(gaple(4, 7), goal=2)
    assert sheet.next_start() == Start(None, t("0-0"), "blank_double")
    sheet = sheet.add(Entry(2, (10, 4, (), 20)))
    assert sheet.next_start() == Start(2, "double", "previous_winner")
    sheet = sheet.add(Entry(None, (3, 4, 8, 20)))
    match = sheet.match()
    assert isinstance(match, GapleMatch)
    assert match.penalties == [13, 8, 8, 40] and match.over
    assert match.winners == ()  # tied lowest penalties over the run
    middle = Sheet.new(gaple(4), first=1)
    assert middle.next_start() == Start(1, None, "chosen")
    assert Sheet.new(gaple(5)).next_start() == Start(None, None, "lot")


def test_a_duel_series_alternates_the_start_and_tallies_wins_and_draws() -> None:
    sheet = Sheet.new(duel(), first=1, goal=3)
    sheet = sheet.add(Entry(0, ((), ()))).add(Entry(None, (5, 5)))
    assert sheet.next_start() == Start(1, None, "alternate")  # 1, 0, then 1 again
    sheet = sheet.add(Entry(None, (9, 2)))
    match = sheet.match()
    assert isinstance(match, DuelSeries)
    assert (match.wins, match.draws, match.over, match.winners) == ([1, 1], 1, True, ())


def test_the_sheet_code_reads_back() -> None:
    code = "b3/s1/t61/o0.-.3456.t12/b.12.0034.t9"
    sheet = parse_sheet(code)
    assert sheet.text() == code
    assert sheet.entries[0] == Entry(0, ((), tiles("3-4 5-6"), 12))
    assert parse_sheet("g4x7pz/s-/r3/b.01.02.03.t9").rules == gaple(4, 7, False, True)
    assert parse_sheet("d2d/s0/r5").text() == "d2d/s0/r5"


@pytest.mark.parametrize(("code", "at"), [
    ("", 0), ("b2", 2), ("x2/s0/t100", 0), ("b2/q0/t100", 3), ("b2/s7/t100", 4),
    ("b2/s0/r5", 6), ("b2/s0/t0", 7), ("b2/s0/tten", 7), ("b2/s0/t100/q.-.12", 11),
    ("b2/s0/t100/o0.-", 11), ("b2/s0/t100/o0.-.1", 17), ("b2/s0/t100/o0.-.19", 17),
    ("b2/s0/t100/o0.-.tx", 17),
])
def test_bad_sheet_codes_name_the_character(code: str, at: int) -> None:
    with pytest.raises(SheetError) as e:
        parse_sheet(code)
    assert e.value.code == "syntax" and e.value.params["at"] == at, e.value


def test_a_refused_round_in_a_code_names_its_number() -> None:
    with pytest.raises(SheetError) as e:
        parse_sheet("b2/s0/t100/o0.-.12/o0.-.12.12")
    assert e.value.code == "syntax"
    with pytest.raises(SheetError) as e:
        parse_sheet("b2/s0/t100/o0.-.12/o1.12.12")
    assert e.value.code == "tile_twice" and e.value.params["round"] == 2


lefts = st.one_of(st.integers(0, 40), st.lists(st.sampled_from(range(28)), max_size=5,
                                                unique=True))


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(list(RULESETS)), st.data())
def test_any_sheet_reads_back_from_its_code(name: str, data: st.DataObject) -> None:
    from engine.game.tiles import TILES
    rules = RULESETS[name]
    sheet = Sheet.new(rules, first=data.draw(st.none() | st.integers(0, rules.players - 1)))
    for _ in range(data.draw(st.integers(0, 4))):
        out = data.draw(st.none() | st.integers(0, rules.players - 1))
        raw = [data.draw(lefts) for _ in range(rules.players)]
        left = tuple(x if isinstance(x, int) else tuple(sorted(TILES[i] for i in x))
                     for x in raw)
        try:
            sheet = sheet.add(Entry(out, left))
        except SheetError:
            continue
    assert parse_sheet(sheet.text()) == sheet


# -- what the set allows a round as a whole ------------------------------------------------


def test_four_block_totals_the_set_cannot_hold_are_refused() -> None:
    """Block, 4 players: 50, 50, 50 and 49 left after a block is 199 pips; each box is
    below a seat's most (52), the round is not: 4 hands of 5 tiles, one played at least,
    hold 19 tiles at most, and in a block none shows an open end's number: the 19 heaviest
    of the 21 without a 0, 147 − 2 − 3 = 142 pips."""
    e = refused(block(4), Entry(None, (50, 50, 50, 49)))
    assert e.code == "room_most" and e.params == {"total": 199, "most": 142}
    settle_entry(block(4), Entry(None, (36, 36, 35, 35)))  # 142: the heaviest, no 0
    # The 19 heaviest of the set, 145 pips, show every number: no block leaves them.
    assert refused(block(4), Entry(None, (37, 36, 36, 36))).code == "room_most"


@pytest.mark.parametrize(("rules", "out", "tiles", "pips"), [
    (block(2), None, 13, 12 + 11 + 10 + 10 + 9 + 9 + 8 + 8 + 8 + 7 + 7 + 7 + 6),
    (block(2), 0, 7, 12 + 11 + 10 + 10 + 9 + 9 + 8),
    (block(4), None, 19, 147 - 2 - 3),       # a block: no hand shows the 0, say
    (block(4), 2, 15, 168 - (0 + 1 + 2 + 2 + 3 + 3 + 4 + 4 + 4 + 5 + 5 + 5 + 6)),
    (duel(), None, 13, 112),
    (duel(draw=True), None, 18, 168 - 42),   # every tile in play: a value's 7 and 3 more
    (gaple(4, 7, dead_tiles=False), None, 18, 168 - 42),
    (gaple(4, 7, dead_tiles=False, blank_double_25=True), None, 18, 168 - 48 + 25),
    (gaple(4, 7), None, 27, 168),             # the blanks may be dead: one tile played
    (gaple(4, 6), None, 24, 168 - (0 + 1 + 2 + 2)),  # the middle turned up, nobody played
    (gaple(5), 1, 24, 168 - 0 - 1 - 2 - 2),   # dead tiles: the one out may hold some
])
def test_the_room_a_round_leaves_per_family(rules: Ruleset, out: int | None, tiles: int,
                                            pips: int) -> None:
    assert room(rules, out) == (tiles, pips)


def test_more_tiles_named_than_the_seats_can_hold_together() -> None:
    full = ["0-0 0-1 0-2 0-3 0-4", "0-5 0-6 1-1 1-2 1-3", "1-4 1-5 1-6 2-2 2-3",
            "2-4 2-5 2-6 3-3 3-4"]
    e = refused(block(4), Entry(None, tuple(tiles(x) for x in full)))
    assert e.code == "room_tiles" and e.params == {"count": 20, "most": 19}


def test_a_total_the_tiles_nobody_named_cannot_make() -> None:
    heavy = tiles("6-6 5-6 4-6")
    e = refused(block(2), Entry(None, (heavy, 60)))
    # Seat 1 keeps 7 tiles at most, and the heaviest the others left are 10 9 9 8 8 8 7.
    assert e.code == "room_seat" and e.params == {"seat": 1, "total": 60, "most": 59}
    settle_entry(block(2), Entry(None, (heavy, 59)))


def test_totals_too_small_for_the_tiles_the_seats_hold() -> None:
    # Two seats with nothing counted: only [0|0] holds no pips, and one seat has it.
    e = refused(block(3), Entry(None, (tiles("5-6"), 0, 0)))
    assert e.code == "room_totals" and e.params["seats"] == (1, 2)
    assert (e.params["total"], e.params["least"]) == (0, 1)
    e = refused(block(2), Entry(None, (tiles("0-0"), 0)))  # [0|0] already named
    assert e.code == "room_totals"
    settle_entry(block(3), Entry(None, (tiles("5-6"), 0, 1)))


#: Every table, with the variants whose blocks keep every tile in play, and [0|0] at 25.
EVERY_TABLE = [*RULESETS.values(), gaple(4, 7, dead_tiles=False),
               gaple(4, 7, dead_tiles=False, blank_double_25=True),
               gaple(5, blank_double_25=True)]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.sampled_from(EVERY_TABLE), st.integers(0, 2**32), st.data())
def test_a_round_that_was_played_is_never_refused(rules: Ruleset, seed: int,
                                                  data: st.DataObject) -> None:
    """Whatever each seat reports, tiles or total, a round that really happened passes
    every check of what the set allows."""
    rng = random.Random(seed)
    state = State.deal(rules, rng)
    while not state.over:
        state.push(rng.choice(state.legal_moves()))
    out = state.to_move if state.status in ("domino", "emptied") else None
    left = [tuple(sorted(state.hand(s) + state.dead_tiles(s))) for s in range(rules.players)]
    played = settle(state)
    report = tuple(played.totals[s] if s != out and data.draw(st.booleans()) else left[s]
                   for s in range(rules.players))
    try:
        settle_entry(rules, Entry(out, report))
    except SheetError as e:
        assert e.code == "tie_needs_tiles", e


# -- totals that disjoint tiles must make; a block's hands ---------------------------------


@pytest.mark.parametrize("code", [
    "b2/s0/t100/b.t1.t1",        # both would need the one [0|1]
    "b3/s0/t61/b.t0.t0.t5",      # two would need the one [0|0]
    "d2/s0/r3/b.t1.t1",
])
def test_totals_that_would_need_a_tile_twice_are_refused(code: str) -> None:
    with pytest.raises(SheetError) as e:
        parse_sheet(code)
    assert e.value.code == "split_totals" and e.value.params["round"] == 1


def test_totals_that_disjoint_tiles_make_pass() -> None:
    parse_sheet("b2/s0/t100/b.t1.t2")
    parse_sheet("b3/s0/t61/b.t0.t1.t5")
    settle_entry(block(3), Entry(None, (tiles("0-1"), 2, 2)))  # [0|2] and [1|1]


def test_a_total_no_hand_can_count_with_the_blank_double_at_25() -> None:
    """Gaple, [0|0] counts 25: a total of 0 would be [0|0] alone, which counts 25."""
    rules = gaple(4, blank_double_25=True)
    e = refused(rules, Entry(None, (0, 5, 6, 7)))
    assert e.code == "split_seat" and e.params["seat"] == 0 and e.params["total"] == 0
    assert "blank25" in e.params["notes"]  # type: ignore[operator]
    assert settle_entry(rules, Entry(None, (25, 5, 6, 7))).winners == (1,)
    settle_entry(rules, Entry(None, (1, 5, 6, 7)))  # [0|0] and [0|1]: 0 + 1
    settle_entry(gaple(4), Entry(None, (0, 5, 6, 7)))  # without the variant, [0|0] is 0


@pytest.mark.parametrize("code", ["b2/s0/t100/b.0123.4566", "d2/s0/r3/b.0123.4566"])
def test_a_block_whose_hands_show_every_number_is_refused(code: str) -> None:
    with pytest.raises(SheetError) as e:
        parse_sheet(code)
    assert e.value.code == "block_numbers"
    parse_sheet(code.replace("4566", "4555"))   # no 6 shown: the ends may be 6s
    parse_sheet(code.replace("b.", "o1.").replace("4566", "-"))  # going out: any numbers


def test_a_blocked_total_is_made_without_the_number_the_tiles_leave_out() -> None:
    """The tiles named show every number but 6, so both ends are 6s and nobody holds a 6:
    seat 1's seven tiles count 52 at most ([5|5], [3|5], [4|4], [2|5], [3|4], [1|5],
    [2|4]), where with the 6s they could count 69."""
    named = tiles("0-1 2-3 4-5")
    assert settle_entry(block(2), Entry(None, (named, 52))).winners == (0,)
    e = refused(block(2), Entry(None, (named, 53)))
    assert e.code == "split_seat" and e.params["seat"] == 1
    assert e.params["notes"] == ("blocked",)
    settle_entry(block(2), Entry(1, (53, ())))  # going out: no number is barred


def test_can_make_is_exact_on_small_cases() -> None:
    ones = [Want(1, 1, 7)]
    assert can_make(ones * 2, TILES, 14) is False
    assert can_make([Want(1, 1, 7), Want(2, 1, 7)], TILES, 14) is True
    assert can_make([Want(3, 2, 7)], [t("0-1"), t("0-2")], 2) is True
    assert can_make([Want(3, 3, 7)], [t("0-1"), t("0-2")], 2) is False  # 3 tiles: too few
    assert can_make([Want(0, 1, 7)], TILES, 7, blank_double_25=True) is False
    assert can_make([Want(1, 2, 7)], TILES, 7, blank_double_25=True) is True  # 0+0 and 0+1
    assert can_make([Want(26, 2, 7)], [t("0-0"), t("1-1"), t("0-1")], 7,
                    blank_double_25=True) is False  # [0|1] beside it: [0|0] counts 0
    assert can_make([Want(27, 2, 7)], [t("0-0"), t("1-1"), t("0-1")], 7,
                    blank_double_25=True) is True  # [0|0] 25 and [1|1]


@pytest.mark.parametrize(("rules", "turn"), [(block(2), "clockwise"), (block(4), "clockwise"),
                                             (duel(), "alternate")])
def test_after_a_first_starter_drawn_by_lot_the_start_moves_on(rules: Ruleset,
                                                               turn: str) -> None:
    """The lot's winner is not on the sheet: later rounds name no seat, but the start still
    moves one seat on (Block) or alternates (the two-player game), never a new lot."""
    sheet = Sheet.new(rules)
    assert sheet.next_start() == Start(None, None, "lot")
    total = 5 if rules.family != "duel" else 4
    sheet = sheet.add(Entry(None, tuple(total + s for s in range(rules.players))))
    assert sheet.next_start() == Start(None, None, turn)  # type: ignore[arg-type]
