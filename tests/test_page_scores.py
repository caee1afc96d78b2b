"""The score keeper (AppTest): a game at a real table, round by round, settled by the engine.

Each round is entered as at the table: how it ended, then each player's tiles (clicked) or
pip total (typed).  What the page shows is checked against the engine's own sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_support import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.rules import block
from engine.sheet import Entry, Sheet, parse_sheet
from engine.tiles import Tile
from ui.pages import scores

PAGE = "pages/scores.py"


def open_scores(**params: str) -> AppTest:
    return open_page(PAGE, **params)


def start_sheet(at: AppTest, *, family: str = "block", players: int | None = None,
                deal: str | None = None, goal: int | None = None, first: str = "0",
                names: tuple[str, ...] = ()) -> AppTest:
    at.radio(key="scores.family").set_value(family).run()
    if players is not None:
        at.radio(key="scores.players").set_value(players).run()
    if deal is not None:
        at.radio(key="scores.gaple_deal").set_value(deal).run()
    for i, name in enumerate(names):
        at.text_input(key=f"scores.name.{i}").set_value(name)
    if goal is not None:
        (field,) = [n for n in at.number_input if n.key.startswith("scores.goal.")]
        field.set_value(goal)
    if any(r.key == "scores.first" for r in at.radio):
        at.radio(key="scores.first").set_value(first)
    return click(at, "scores.start")


def heading(at: AppTest) -> str:
    """The heading of the round being entered."""
    return str(at.subheader[-1].value)


def sheet_of(at: AppTest) -> Sheet:
    """The sheet the page keeps, read back from its address (the address is the sheet)."""
    return parse_sheet(str(at.query_params["sheet"]))


def ending(at: AppTest, out: int | None) -> AppTest:
    at.radio(key="scores.ending").set_value("b" if out is None else str(out)).run()
    assert not at.exception, at.exception
    return at


def enter_tiles(at: AppTest, seat: int, tiles: str) -> AppTest:
    at.segmented_control(key="scores.seat").set_value(seat).run()
    for text in tiles.split():
        tile = Tile.parse(text)
        click(at, f"scores-tile-{seat}.{tile.low}{tile.high}")
    return at


def enter_total(at: AppTest, seat: int, total: int) -> AppTest:
    at.segmented_control(key="scores.seat").set_value(seat).run()
    at.segmented_control(key=f"scores.mode.{seat}").set_value("total").run()
    at.number_input(key=f"scores.total.{seat}").set_value(total).run()
    assert not at.exception, at.exception
    return at


def settle(at: AppTest) -> AppTest:
    return click(at, "scores.settle")


def test_a_whole_block_match_to_100(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2, names=("Ann", "Bo"))
    assert sheet_of(at) == Sheet.new(block(2), first=0)
    assert at.query_params["names"] == "Ann~Bo"
    assert heading(at) == "Round 1" and "Ann starts." in texts(at)
    # Round 1: Ann goes out; Bo counts his tiles on the table: [6|6] [5|6] [4|5] = 32.
    ending(at, 0)
    enter_tiles(at, 1, "6-6 5-6 4-5")
    settle(at)
    assert "Ann played their last tile and scores the opponents' totals: 32." in texts(at)
    assert heading(at) == "Round 2" and "Bo starts" in texts(at)
    # Round 2: blocked; Ann has 12 (typed), Bo [0|1] = 1: Bo scores 12 − 1 = 11.
    ending(at, None)
    enter_total(at, 0, 12)
    enter_tiles(at, 1, "0-1")
    settle(at)
    assert "12 − 1 = 11" in texts(at)
    # Rounds 3 and 4: Ann goes out with Bo's 40 and then 28 left, reaching 100.
    for bo in (40, 28):
        ending(at, 0)
        enter_total(at, 1, bo)
        settle(at)
    sheet = sheet_of(at)
    match = sheet.match()
    assert match.scores == [100, 11] and match.over and match.winners == (0,)
    assert "Ann wins the match." in texts(at)
    assert not any(b.key == "scores.settle" for b in at.button)  # the match is over
    table = next(m.value for m in at.markdown if "scores-sheet" in m.value)
    assert "<td>100</td><td>11</td>" in table  # the totals row


def test_a_gaple_run(data_dir: Path) -> None:
    at = start_sheet(open_scores(), family="gaple", deal="4x7", goal=2)
    sheet = sheet_of(at)
    assert sheet.rules.hand_size == 7 and sheet.goal == 2
    assert "Whoever holds [0|0] starts" in texts(at)
    # Round 1: South (seat 2) plays out clean; the others count their tiles.
    ending(at, 2)
    enter_total(at, 0, 20)
    enter_total(at, 1, 9)
    enter_total(at, 3, 31)
    settle(at)
    assert "played out with no dead tiles and wins outright" in texts(at)
    assert "South, the last round's winner, starts with a double" in texts(at)
    # Round 2: blocked, North and East tie on 5: the smallest tile decides, so their tiles
    # are needed, and a total is refused with the reason.
    ending(at, None)
    enter_total(at, 0, 5)
    enter_tiles(at, 1, "0-5")
    enter_total(at, 2, 14)
    enter_total(at, 3, 9)
    settle(at)
    assert "The lowest totals are tied" in texts(at)
    assert len(sheet_of(at).entries) == 1  # refused: nothing added
    at.segmented_control(key="scores.seat").set_value(0).run()
    at.segmented_control(key="scores.mode.0").set_value("tiles").run()
    enter_tiles(at, 0, "1-1 1-2")
    settle(at)
    match = sheet_of(at).match()
    assert match.penalties == [25, 14, 14, 40] and match.over
    assert match.rounds[-1].winners == (0,)  # North's [1|1] is smaller than East's [0|5]
    assert "North holds the smallest single tile, [1|1]" in texts(at)


def test_the_address_is_the_sheet(data_dir: Path) -> None:
    """A link (or a reload) with a sheet shows that sheet, names and all."""
    code = "b3/s1/t61/o0.-.3456.t12/b.12.0034.t9"
    at = open_scores(sheet=code, names="Ann~Bo~Cy")
    match = parse_sheet(code).match()
    table = next(m.value for m in at.markdown if "scores-sheet" in m.value)
    assert "<th scope=\"col\">Cy</th>" in table
    assert "".join(f"<td>{v}</td>" for v in match.scores) in table
    assert heading(at) == "Round 3" and "Ann starts" in texts(at)  # seat 1 began; clockwise


def test_a_bad_sheet_link_is_named_and_nothing_breaks(data_dir: Path) -> None:
    at = open_scores(sheet="b2/s0/t100/o0.-.12/o1.1212.-")
    assert "could not be read" in texts(at)
    assert "Round 2: [1|2] is entered twice" in texts(at)
    assert any(b.key == "scores.start" for b in at.button)  # a new sheet can be started
    at = open_scores(sheet="zz")
    assert "The link is damaged at character 1." in texts(at)


def test_the_keeper_refuses_an_impossible_round_with_the_reason(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=3)
    settle(at)
    assert "First choose how it ended" in texts(at)
    ending(at, 1)
    enter_tiles(at, 0, "2-3")
    settle(at)  # East's tiles are missing
    assert "Nothing is entered for South" in texts(at)
    assert not sheet_of(at).entries


def test_a_tile_entered_for_one_player_is_not_offered_to_another(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2)
    ending(at, None)
    enter_tiles(at, 0, "2-3")
    at.segmented_control(key="scores.seat").set_value(1).run()
    assert at.button(key="scores-tile-1.23").disabled
    assert not at.button(key="scores-tile-1.24").disabled


def test_undo_takes_the_last_round_off(data_dir: Path) -> None:
    at = open_scores(sheet="b2/s0/t100/o0.-.t30/o1.t20.-")
    click(at, "scores.undo")
    assert sheet_of(at).entries == (Entry(0, ((), 30)),)


def test_the_two_player_game_won_by_going_out_needs_no_count(data_dir: Path) -> None:
    at = start_sheet(open_scores(), family="duel", goal=3, first="1")
    assert heading(at) == "Game 1" and "Black starts." in texts(at)
    ending(at, 0)
    assert "nothing to count" in texts(at)
    settle(at)
    assert sheet_of(at).match().wins == [1, 0]
    assert heading(at) == "Game 2"
    assert "White starts (the two players take turns to start)." in texts(at)


@pytest.mark.parametrize("lang", ["uk", "ru", "ar", "ko", "id", "es"])
def test_the_keeper_speaks_the_page_language(data_dir: Path, lang: str) -> None:
    at = open_scores(lang=lang, sheet="b2/s0/t100/o0.-.t30")
    shown = texts(at)
    assert "Round" not in shown and "starts" not in shown
    assert scores.SHEET in at.session_state


def test_a_name_keeps_no_marks_that_would_change_the_page() -> None:
    assert scores.clean_name("  [Ann](x)  <b>~*Bo*  ") == "Annx bBo"
    assert len(scores.clean_name("x" * 80)) <= scores.NAME_MAX
