"""The score keeper (AppTest): a game at a real table, round by round, settled by the engine.

Each round is entered as at the table: how it ended, then each player's tiles (clicked) or
pip total (typed).  What the page shows is checked against the engine's own sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_support import click, open_page, texts
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Radio

from engine.game.rules import block
from engine.game.tiles import Tile
from engine.notation.sheet import Entry, Sheet, parse_sheet
from ui.pages.scores import logic as scores
from ui.pages.scores import words as scores_words

PAGE = "pages/scores.py"


def open_scores(**params: str) -> AppTest:
    return open_page(PAGE, **params)


def start_sheet(at: AppTest, *, family: str = "block", players: int | None = None,
                deal: str | None = None, goal: int | None = None, first: str = "0",
                names: tuple[str, ...] = ()) -> AppTest:
    if at.radio(key="scores.family").value != family:
        at.radio(key="scores.family").set_value(family).run()
    if players is not None:
        at.radio(key="scores.players").set_value(players).run()
    if deal is not None:
        at.radio(key="scores.gaple_deal").set_value(deal).run()
    for i, name in enumerate(names):
        at.text_input(key=f"scores.name.{i}").set_value(name)
    if goal is not None:
        (field,) = [n for n in at.text_input if n.key.startswith("scores.goal.")]
        field.set_value(str(goal))
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


def enter_total(at: AppTest, seat: int, total: int | str) -> AppTest:
    """Type ``total`` as the seat's pip total (a number, or any text a person may type)."""
    at.segmented_control(key="scores.seat").set_value(seat).run()
    at.segmented_control(key=f"scores.mode.{seat}").set_value("total").run()
    at.text_input(key=f"scores.total.{seat}").set_value(str(total)).run()
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


def test_undo_asks_first_then_takes_the_last_round_off(data_dir: Path) -> None:
    at = open_scores(sheet="b2/s0/t100/o0.-.t30/o1.t20.-")
    click(at, "scores.undo")
    assert len(sheet_of(at).entries) == 2  # nothing taken off yet: it asks
    assert "Take round 2 off the sheet?" in texts(at)
    click(at, "scores.undo_no")
    assert len(sheet_of(at).entries) == 2 and "Take round 2 off" not in texts(at)
    click(at, "scores.undo")
    click(at, "scores.undo_yes")
    assert sheet_of(at).entries == (Entry(0, ((), 30)),)
    assert "The last result was taken off the sheet." in texts(at)
    assert "Take round" not in texts(at)
    # The notice says what was just done: the next step of the round takes it away.
    ending(at, None)
    assert "taken off the sheet" not in texts(at)


def test_the_choose_first_notice_goes_once_the_ending_is_chosen(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2)
    settle(at)
    assert "First choose how it ended" in texts(at)
    ending(at, 1)
    assert "First choose how it ended" not in texts(at)


def test_a_round_the_set_cannot_hold_is_refused(data_dir: Path) -> None:
    """Block, 4 players, blocked: 50, 50, 50 and 49 is 199 pips; four hands of five tiles,
    one tile played at least, none showing an open end's number, hold 142 at most.  Each box
    alone is allowed."""
    at = start_sheet(open_scores(), players=4)
    ending(at, None)
    for seat, total in enumerate((50, 50, 50, 49)):
        enter_total(at, seat, total)
    assert not [x for x in texts(at).split("\n") if "cannot have" in x]  # box by box: fine
    settle(at)
    assert ("The players cannot have 199 pips left together after such a round: the set "
            "allows at most 142.") in texts(at)
    assert not sheet_of(at).entries and not at.exception


def test_a_total_the_tiles_left_cannot_make_is_refused(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2)
    ending(at, None)
    enter_tiles(at, 0, "6-6 5-6 4-6")
    enter_total(at, 1, 60)
    settle(at)
    assert "South cannot have 60 pips left: with the tiles entered for the others, at most " \
        "59." in texts(at)
    assert not sheet_of(at).entries


@pytest.mark.parametrize("typed", ["12.5", "1e5", "-3", "12 3", "twelve", "\u00b2"])
def test_a_total_that_is_not_a_whole_number_is_refused_and_stays(data_dir: Path,
                                                                  typed: str) -> None:
    at = start_sheet(open_scores(), players=2)
    ending(at, 0)
    enter_total(at, 1, typed)
    said = f"South: “{typed.strip()}” is not a whole number of pips."
    assert said in texts(at)
    assert at.text_input(key="scores.total.1").value == typed  # kept, to be corrected
    settle(at)  # nothing counted for South: refused, and said why
    assert not sheet_of(at).entries
    enter_total(at, 1, 12)
    assert "is not a whole number" not in texts(at)
    settle(at)
    assert sheet_of(at).entries == (Entry(0, ((), 12)),)


def in_language(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The page in ``lang``, and AppTest's own wording of a radio's options too (it words
    them outside the page's run, where the address's language is not known)."""
    monkeypatch.setattr("ui.i18n.language.requested_lang", lambda: lang)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "South cannot have 200 pips left: at most 69."),
    ("uk", "сума 200 неможлива — щонайбільше 69."),
    ("ru", "сумма 200 невозможна — самое большее 69."),
    ("ar", "لا يمكن أن يبقى مع"),
    ("ko", "200이 남을 수는 없습니다. 최대 69입니다."),
])
def test_a_total_above_a_seats_most_is_refused_in_the_pages_language(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    in_language(monkeypatch, lang)
    at = open_scores(lang=lang, sheet="b2/s0/t100")
    ending(at, 0)
    enter_total(at, 1, 200)
    assert said in texts(at)
    assert "between" not in texts(at)  # never Streamlit's own English
    enter_total(at, 1, "12.5")
    assert "12.5" in texts(at) and "23" in texts(at)  # "type digits only, such as 23"


def test_digits_a_person_types_in_another_script_count(data_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    in_language(monkeypatch, "ar")
    at = open_scores(lang="ar", sheet="b2/s0/t100")
    ending(at, 0)
    enter_total(at, 1, "\u0663\u0660")  # Arabic-Indic 30
    settle(at)
    assert sheet_of(at).entries == (Entry(0, ((), 30)),)


@pytest.mark.parametrize(("typed", "family"), [("12.5", "block"), ("0", "block"),
                                               ("1000", "block"), ("100", "gaple"),
                                               ("", "duel"), ("1e2", "duel")])
def test_a_goal_that_cannot_be_is_refused_at_the_start(data_dir: Path, typed: str,
                                                       family: str) -> None:
    at = open_scores()
    at.radio(key="scores.family").set_value(family).run()
    (field,) = [n for n in at.text_input if n.key.startswith("scores.goal.")]
    field.set_value(typed).run()
    click(at, "scores.start")
    most = 999 if family == "block" else 99
    assert f"Type a whole number from 1 to {most} (not “{typed}”)." in texts(at)
    assert "sheet" not in at.query_params and not at.exception
    field.set_value("3").run()  # corrected: the notice goes, and the sheet starts
    assert "Type a whole number" not in texts(at)
    click(at, "scores.start")
    assert sheet_of(at).goal == 3


def test_a_sheet_link_with_a_digit_of_another_script_is_damaged_there(data_dir: Path) -> None:
    at = open_scores(sheet="b2/s0/t100/o\u0661.t30.-")
    assert "The link is damaged at character 13." in texts(at)
    assert not at.exception


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
    assert scores_words.clean_name("  [Ann](x)  <b>~*Bo*  ") == "Annx bBo"
    assert len(scores_words.clean_name("x" * 80)) <= scores_words.NAME_MAX


def test_the_sheet_follows_an_address_changed_under_it(data_dir: Path) -> None:
    """The browser's Back after Undo: the address holds the round again, so does the page,
    and it says so; what it said of the sheet it had ("taken off") goes."""
    at = open_scores(sheet="b2/s0/t100/o0.-.t30/o1.t20.-")
    click(at, "scores.undo")
    click(at, "scores.undo_yes")
    assert "The last result was taken off the sheet." in texts(at)
    at.query_params["sheet"] = "b2/s0/t100/o0.-.t30/o1.t20.-"  # Back
    at.run()
    assert len(sheet_of(at).entries) == 2
    assert "The sheet now follows the page's address" in texts(at)
    assert "taken off the sheet" not in texts(at)
    at.run()  # said once: the next run shows the sheet alone
    assert "The sheet now follows" not in texts(at)


def test_totals_that_would_need_one_tile_twice_are_refused_in_words(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2)
    ending(at, None)
    enter_total(at, 0, 1)
    enter_total(at, 1, 1)
    settle(at)
    assert "cannot all be right: made of the tiles not entered, they would need one tile " \
        "in two hands." in texts(at)
    assert "In a block nobody holds a number at either open end." in texts(at)
    assert not sheet_of(at).entries


def test_a_gaple_total_of_0_with_the_blank_double_at_25_is_refused(data_dir: Path) -> None:
    at = open_scores(sheet="g4x6z/s0/r3/b.t0.t5.t6.t7")
    assert "cannot have 0 pips left" in texts(at)
    assert "[0|0] counts 25 in a hand with no other blank half." in texts(at)
    at = open_scores(sheet="b2/s0/t100/b.0123.4566")
    assert "the tiles entered show every number from 0 to 6" in texts(at)


def test_typing_a_name_keeps_the_chosen_starter(data_dir: Path) -> None:
    at = open_scores()
    at.radio(key="scores.first").set_value("1").run()
    at.text_input(key="scores.name.0").set_value("Ann").run()
    at.text_input(key="scores.name.1").set_value("Bo").run()
    assert at.radio(key="scores.first").value == "1"
    click(at, "scores.start")
    assert sheet_of(at).first == 1


def test_a_label_sent_back_after_the_names_changed_keeps_the_chosen_starter(
        data_dir: Path) -> None:
    """A browser may send back the label it showed before a name was typed (a name typed
    quickly after the click): "South" still means the seat it named, not a new choice."""
    at = open_scores()
    at.radio(key="scores.first").set_value("1").run()  # South
    at.text_input(key="scores.name.0").set_value("Ann").run()
    at.text_input(key="scores.name.1").set_value("Bo").run()
    radio = at.radio(key="scores.first")
    radio.__class__ = _SendsLabel
    radio.sent = "South"  # type: ignore[attr-defined]
    click(at, "scores.start")
    assert sheet_of(at).first == 1


class _SendsLabel(Radio[str]):
    """A radio whose browser sends back ``sent``, a label it showed earlier."""

    sent: str

    @property
    def _widget_state(self) -> WidgetState:
        ws = WidgetState()
        ws.id = self.id
        ws.string_value = self.sent
        return ws


def test_a_sheet_started_by_lot_moves_the_start_on(data_dir: Path) -> None:
    at = open_scores(sheet="d2/s-/r3/b.t4.t5")
    assert "Whoever did not start the last game starts this one" in texts(at)
    assert "Draw lots for who starts." not in texts(at)
    at = open_scores(sheet="b2/s-/t100/b.t4.t5")
    assert "The start moves one seat clockwise from whoever started the last round." \
        in texts(at)


def test_the_rounds_working_shows_a_total_of_0(data_dir: Path) -> None:
    """A blocked round where South counted 0 (the round's winner): the working names it."""
    at = open_scores(sheet="b2/s0/t100/b.t0.t5")
    assert sheet_of(at).match().rounds[0].winners == (0,)
    assert "counted at the table → 0" in texts(at)
    assert "counted at the table → 5" in texts(at)


def test_marks_left_out_of_a_name_are_said(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2, names=("A~B", "Bo"))
    assert at.query_params["names"] == "AB~Bo"
    assert "A name cannot hold these marks, so they were left out: ~" in texts(at)
    assert at.text_input(key="scores.name.0").value == "AB"  # the box shows what is kept
    at.text_input(key="scores.name.1").set_value("C*D").run()
    assert at.query_params["names"] == "AB~CD"
    assert "so they were left out: *" in texts(at)


def test_a_target_of_1_point_is_singular(data_dir: Path) -> None:
    at = start_sheet(open_scores(), players=2, goal=1)
    assert "to 1 point" in texts(at) and "to 1 points" not in texts(at)
