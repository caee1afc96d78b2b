"""The Analysis page (AppTest): a position or round from its code, the legal moves, the
solver's verdict, stepping through a round, the editor and its refusals, the paste box.

Every expectation is the engine's answer for the same code."""

from __future__ import annotations

import random
import zlib
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from apptest_support import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.notation.code import parse_position, parse_round
from engine.search.appraise import appraise
from engine.search.solve import solve
from ui import thinking
from ui.i18n import t_in
from ui.pages.analysis import logic as analysis
from ui.pages.analysis import view as analysis_view
from ui.widgets import round_record

PAGE = "pages/analysis.py"
E1_ROUND = "d2/2344.011122/6*3/*14/0/mR32R22pp"
E3 = "d2/22.0002/1*0/*14/0"


@pytest.fixture(autouse=True)
def quick_appraisal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The appraisal answers at once here (inline): a short budget keeps the page tests
    quick; the small positions asserted on are counted exactly well within it."""
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 0.5)


def open_analysis(**params: str) -> AppTest:
    return open_page(PAGE, **params)


def study(at: AppTest) -> analysis.Study:
    found = at.session_state[analysis.STUDY]
    assert isinstance(found, analysis.Study)
    return found


def test_a_position_link_shows_the_legal_moves_and_the_solvers_verdict(data_dir: Path) -> None:
    at = open_analysis(pos=E3)
    shown = texts(at)
    assert "White to move. The only legal move: Pass." in shown
    assert "Best with every hand open: Pass — Black wins." in shown  # E3: Black goes out
    assert at.query_params["pos"] == E3


def test_without_a_link_the_page_opens_the_documents_example(data_dir: Path) -> None:
    at = open_analysis()
    assert study(at).base == parse_position(analysis.EXAMPLE)
    assert "Play [2|3] on the right end" in texts(at)


def test_a_bad_link_is_named_and_nothing_else_is_put_in_its_place(data_dir: Path) -> None:
    broken = "b2/0101.22/-/*14/0"
    at = open_analysis(pos=broken)
    for _ in range(3):  # the notice stays, run after run, and the address is kept
        notices = [w.value for w in at.warning]
        assert len(notices) == 1 and "could not be read" in notices[0]
        assert "[0|1] is in two places" in notices[0] and "mend it there" in notices[0]
        assert analysis.STUDY not in at.session_state  # no example in its place
        assert at.query_params["pos"] == broken
        assert at.session_state[analysis.MODE] == "open"
        assert at.text_area(key=analysis.PASTE).value == broken  # to be mended
        at.run()
    # Mended in the paste box (into a position a deal gives, as a pasted one must be) and
    # opened: studied, the notice gone.
    mended = "b2/00010203040506.11121314151622/-/*14/0"
    at.text_area(key=analysis.PASTE).input(mended).run()
    click(at, "analysis.open")
    assert not at.warning and study(at).base == parse_position(mended)
    assert at.query_params["pos"] == mended
    # "The position" with nothing open says what to do, and puts nothing there.
    at = open_analysis(pos=broken)
    at.segmented_control(key=analysis.MODE).set_value("study").run()
    assert "Nothing is open yet" in texts(at) and analysis.STUDY not in at.session_state
    assert len(at.warning) == 1
    at = open_analysis(round="d2/2344.011122/6*3/*14/0/mR32p")
    assert "Move 2: You hold [2|2], which fits the 2: you must play." in texts(at)


def test_a_bad_link_keeps_what_was_open(data_dir: Path) -> None:
    at = open_analysis(pos=E3)
    at.query_params["pos"] = "b2/0101.22/-/*14/0"
    at.run()
    assert "could not be read" in at.warning[0].value
    assert study(at).base == parse_position(E3)  # kept, behind "The position"


def test_an_over_long_code_is_refused_unread(data_dir: Path) -> None:
    code = E3 + "0" * 10_000
    at = open_analysis(pos=code)
    (notice,) = [w.value for w in at.warning]
    assert f"{len(code)} characters" in notice and str(analysis.LONGEST) in notice
    assert at.text_area(key=analysis.PASTE).value == ""  # not copied into the box
    at.run()
    assert len(at.warning) == 1  # it stays
    at.text_area(key=analysis.PASTE).input(code).run()
    click(at, "analysis.open")
    assert f"{len(code)} characters" in texts(at)


def test_the_sites_own_codes_are_far_shorter_than_the_longest_read() -> None:
    """Every round the site can make, played to its end (random moves, each ruleset, many
    deals), and every position on the way: their codes stay well inside the limit, so
    no link the site writes is refused (nor comes near the server's 16 KiB)."""
    from engine_helpers import RULESETS, random_game

    from engine.game.moves import Move
    from engine.game.state import State
    from engine.notation.code import Position, Round

    lengths: list[int] = []

    def visit(state: State, _move: Move, _rng: random.Random) -> None:
        lengths.append(len(Position.from_state(state).text()))

    for rules in RULESETS.values():
        for seed in range(40):
            lengths.append(len(Round.from_state(random_game(rules, seed, visit)).text()))
    longest = max(lengths)
    assert 0 < longest < analysis.LONGEST // 4


def test_a_links_seat_or_step_that_cannot_be_used_is_named_and_stays(
        data_dir: Path) -> None:
    cases = [
        ({"round": E1_ROUND, "seat": "9"}, "names the seat “9”, but this game has 2 players"),
        ({"round": E1_ROUND, "step": "abc"}, "step “abc” is not a number of moves"),
        ({"round": E1_ROUND, "step": "-3"}, "step “-3” is not a number of moves"),
        ({"round": E1_ROUND, "step": "999"}, "step 999 is past the round's end (4 moves)"),
        ({"pos": E3, "step": "2"}, "a position has no moves to step through"),
    ]
    for params, said in cases:
        at = open_analysis(**params)
        for _ in range(2):
            notices = [w.value for w in at.warning]
            assert len(notices) == 1 and said in notices[0], (params, notices)
            at.run()
    at = open_analysis(round=E1_ROUND, step="999")
    assert study(at).cursor == 4
    click(at, "analysis.first")  # stepping through the same round: still said
    assert len(at.warning) == 1
    at = open_analysis(round=E1_ROUND, step="2", seat="1")
    assert not at.warning


def test_a_seats_view_says_what_the_others_are_known_to_lack(data_dir: Path) -> None:
    at = open_analysis(pos="d2/*2.013336/6*3/*14/1/n25.-")
    assert "What Black knows: White holds 2 tiles and has no 2 or 5 ·" in texts(at)
    at = open_analysis(pos="d2/*2.013336/6*3/*14/1")
    assert "What Black knows: White holds 2 tiles ·" in texts(at)
    # Every hand shown: what the mover knows, whose seat the appraisal is from.
    at = open_analysis(pos=E3)
    assert "What White knows: Black holds" in texts(at)


def test_at_a_rounds_end_the_solvers_heading_is_left_out(data_dir: Path) -> None:
    at = open_analysis(round=E1_ROUND, step="4")
    assert study(at).state().over
    assert t_in("en", "analysis.verdict_title") not in texts(at)
    click(at, "analysis.back")
    assert t_in("en", "analysis.verdict_title") in texts(at)


def test_a_seat_or_step_that_is_a_digit_but_not_a_number_is_left_out(data_dir: Path) -> None:
    # "²" is a digit to str.isdigit but no number to int(): the link opens all the same.
    at = open_analysis(round=E1_ROUND, seat="²", step="³")
    assert study(at).seat is None and study(at).cursor == 0
    record = round_record.read(f"# seat: ²\n{E1_ROUND}\n".encode())
    assert record == round_record.Record(E1_ROUND, None)


def test_stepping_through_a_round_forward_and_back(data_dir: Path) -> None:
    at = open_analysis(round=E1_ROUND, seat="2")
    assert study(at).seat == 1 and study(at).cursor == 0
    assert "In the round, White played: Play [2|3] on the right end." in texts(at)
    click(at, "analysis.forward")
    assert study(at).cursor == 1 and at.query_params["step"] == "1"
    assert "Black to move" in texts(at)
    click(at, "analysis.last")
    shown = texts(at)
    assert "Blocked" in shown and "Black" in shown  # the round's end, settled
    click(at, "analysis.back")
    assert study(at).cursor == 3
    click(at, "analysis.first")
    assert study(at).cursor == 0 and "step" not in at.query_params
    at.slider(key="analysis.step").set_value(2).run()
    assert study(at).cursor == 2


def test_the_stepper_stops_at_the_studied_seats_decisions(data_dir: Path) -> None:
    # E3, Black's other choice: Black (seat 1) chooses between [0|0] and [0|2] at move 2.
    at = open_analysis(round="d2/22.0002/1*0/*14/0/mpR00pR02", seat="2")
    click(at, "analysis.next_decision")
    assert study(at).cursor == 1
    assert "Black to move. Legal moves (2)" in texts(at)
    assert "Your move was one of the best." in texts(at)  # [0|0], then out with [0|2]
    assert "- Play [0|2] on the right end: White wins" in texts(at)
    # The appraisal from Black's seat, as the engine gives it: [0|0] best, [0|2] a blunder.
    position = study(at).position()
    expected = appraise(position.view(1), random.Random(zlib.crc32(position.text().encode())))
    grades = {m.move.tile.bracket(): m.grade for m in expected.moves if m.move.tile}
    assert grades == {"[0|0]": "best", "[0|2]": "blunder"}
    # In Play's review's words: the class as a badge (its sign hidden from screen readers),
    # the worth and the cost in the family's scale (the two-player game: a game).
    assert ('The move played, [0|0] on the right end: <span class="grade grade-best">'
            '<span class="sign" aria-hidden="true" dir="ltr">✓</span>best</span>') in texts(at)
    (shown,) = [m.value for m in at.markdown if "appraisal-moves" in m.value]
    assert ("Play [0|2] on the right end: +0.33 a game on average · "
            '<span class="grade grade-blunder"><span class="sign" aria-hidden="true" '
            'dir="ltr">??</span>blunder</span>, costs 0.67 of a game on average') in shown
    assert "Play [0|0] on the right end: +1.00 a game on average (played) · " in shown
    assert shown.index("[0|0]") < shown.index("[0|2]")  # best first
    assert "(your move)" not in shown  # any seat's move: the move played, not "yours"
    assert at.button(key="analysis.next_decision").disabled  # no other choice of Black's


def test_a_move_tried_on_the_board_starts_a_variation(data_dir: Path) -> None:
    at = open_analysis(round="d2/22.0002/1*0/*14/0/mpR00pR02")
    click(at, "analysis.forward")
    click(at, "analysis-board.play.0-2")  # Black plays [0|2] instead of [0|0]
    s = study(at)
    assert s.varied and s.cursor == 2 and len(s.moves) == 2
    assert "round" in at.query_params and at.query_params["step"] == "2"
    click(at, "analysis.restore")
    assert not study(at).varied


def test_the_editor_refuses_a_hand_of_the_wrong_size_with_the_reason(data_dir: Path) -> None:
    at = open_analysis()
    at.segmented_control(key=analysis.MODE).set_value("setup").run()
    click(at, "analysis.setup.clear")
    at.radio(key="analysis.setup.family").set_value("block").run()
    for tile in ("0-0", "0-1", "0-2"):
        click(at, f"analysis-setup.{tile.replace('-', '')}")
    at.segmented_control(key="analysis.setup.place").set_value("hand.1").run()
    click(at, "analysis-setup.66")
    click(at, "analysis.setup.study")
    assert "The tiles do not add up to a deal: 4 in hands and dead, 0 played" in texts(at)
    assert at.session_state[analysis.MODE] == "setup"


def test_the_editor_refuses_a_tile_that_does_not_join_the_line(data_dir: Path) -> None:
    at = open_analysis()
    at.segmented_control(key=analysis.MODE).set_value("setup").run()
    click(at, "analysis.setup.clear")
    at.segmented_control(key="analysis.setup.place").set_value("line.right").run()
    click(at, "analysis-setup.14")  # the first tile: [1|4]
    at.segmented_control(key="analysis.setup.place").set_value("line.right").run()
    click(at, "analysis-setup.55")
    assert "[5|5] does not join the line: the right end shows 4." in texts(at)
    click(at, "analysis-setup.45")
    assert "the right end shows" not in texts(at)


def test_a_position_set_up_by_clicking_is_studied(data_dir: Path) -> None:
    """Two-player Block: seven tiles each, the rest set aside; South to move."""
    at = open_analysis()
    at.segmented_control(key=analysis.MODE).set_value("setup").run()
    click(at, "analysis.setup.clear")
    at.radio(key="analysis.setup.family").set_value("block").run()
    north = ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    south = ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"]
    for tile in north:
        click(at, f"analysis-setup.{tile.replace('-', '')}")
    at.segmented_control(key="analysis.setup.place").set_value("hand.1").run()
    for tile in south:
        click(at, f"analysis-setup.{tile.replace('-', '')}")
    at.radio(key="analysis.setup.turn").set_value(1).run()
    click(at, "analysis.setup.study")
    s = study(at)
    assert s.base.text() == "b2/00010203040506.11121314151622/-/*14/1"
    assert at.query_params["pos"] == s.base.text()
    assert "South to move. Legal moves (7)" in texts(at)


def test_a_seats_view_is_only_looked_at_and_its_moves_listed(data_dir: Path) -> None:
    view = "d2/*1.0111/6*3/*14/1"  # Black's view of E1 after [2|3] and [2|2]... Black to move
    at = open_analysis(pos=view)
    shown = texts(at)
    assert "as Black sees it" in shown
    assert "The solver needs every hand" in shown
    assert not any(b.key.startswith("analysis-board.") for b in at.button)


def test_a_seats_view_is_appraised_from_that_seat(data_dir: Path) -> None:
    view = "d2/*2.013336/6*3/*14/1"  # Black holds [0|1], [3|3], [3|6]: three choices
    at = open_analysis(pos=view)
    expected = appraise(parse_position(view).view(),
                        random.Random(zlib.crc32(view.encode())))
    assert expected.exact
    (shown,) = [m.value for m in at.markdown if "appraisal-moves" in m.value]
    for move in expected.moves:
        assert f'<span class="grade grade-{move.grade}">' in shown
    assert "How each move does from Black's seat" in texts(at)
    assert ("A move is worth its result on average: a win +1, a draw 0, a loss −1. Exact: "
            "worked out over every way the tiles the player to move cannot see might "
            f"lie ({expected.deals}).") in texts(at)


def test_the_paste_box_opens_a_code_or_says_why_not(data_dir: Path) -> None:
    at = open_analysis()
    at.segmented_control(key=analysis.MODE).set_value("open").run()
    at.text_area(key="analysis.paste").input("b2/01.22/-/*14/0q").run()
    click(at, "analysis.open")
    assert ("The code could not be read: in the turn, character 17 (“q” U+0071) is not part of "
            "a turn: the seat, then p and the passes so far, then o and the opening rule.") \
        in texts(at)
    at.text_area(key="analysis.paste").input("b2/01.22/-/*14/0p7").run()
    click(at, "analysis.open")
    assert "7 turns without a play cannot be here: it is from 0 to 1." in texts(at)
    at.text_area(key="analysis.paste").input(f"  {E1_ROUND}\n").run()
    click(at, "analysis.open")
    assert at.session_state[analysis.MODE] == "study"
    assert study(at).moves == list(parse_round(E1_ROUND).moves)


def test_a_round_record_reads_back() -> None:
    r = parse_round(E1_ROUND)
    written = round_record.text(r, "Two-player game\n(no drawing)", 1)
    assert written.splitlines()[0] == "# Two-player game (no drawing)"
    record = round_record.read(written.encode())
    assert record == round_record.Record(E1_ROUND, 1)
    assert round_record.read(b"\xff\xfe") is None
    assert round_record.read(b"# only a comment\n") is None


@pytest.mark.parametrize("lang", ["uk", "ru", "ar", "ko", "id", "es"])
def test_a_link_opens_in_any_language(data_dir: Path, lang: str) -> None:
    at = open_analysis(pos=E3, lang=lang)
    shown = texts(at)
    assert "to move" not in shown and "Best with every hand open" not in shown
    assert study(at).base == parse_position(E3)
    assert t_in(lang, "analysis.verdict_title") in shown


def test_the_stock_can_be_set_up_in_draw_mode_for_the_solver(data_dir: Path) -> None:
    """The two-player game with drawing: every hand known and the stock clicked in, top
    first, so that the solver can answer; the rest of the tiles in the hands."""
    at = open_analysis()
    at.segmented_control(key=analysis.MODE).set_value("setup").run()
    click(at, "analysis.setup.clear")
    at.toggle(key="analysis.setup.draw").set_value(True).run()
    white = ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    black = ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"]
    stock = ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5", "3-6", "4-4", "4-5", "4-6",
             "5-5", "5-6", "6-6"]
    for place, tiles in (("hand.0", white), ("hand.1", black), ("stock", stock)):
        at.segmented_control(key="analysis.setup.place").set_value(place).run()
        for tile in tiles:
            click(at, f"analysis-setup.{tile.replace('-', '')}")
    click(at, "analysis.setup.study")
    s = study(at)
    assert s.base.text() == ("d2d/00010203040506.11121314151622/-/"
                             "2324252633343536444546555666/0")
    assert "Best with every hand open" in texts(at)


class _ComesLate(Future[Any]):
    """The solver's answer that comes between the page's two looks: not done when the verdict
    is drawn ("working"), done just after (a quick job in a worker)."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self._value, self._looks = value, 0

    def done(self) -> bool:
        self._looks += 1
        if self._looks == 2:
            self.set_result(self._value)
        return super().done()


def test_an_answer_that_comes_just_after_working_is_drawn_is_still_looked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once "working" is drawn, the page keeps looking until the answer is shown, even when
    the answer came while the page was being drawn: "working" never stays for good."""
    looks: list[bool] = []
    monkeypatch.setenv("DOMINO_THINK", "workers")
    monkeypatch.setattr(thinking, "warm", lambda: None)
    monkeypatch.setattr(thinking, "judge",
                        lambda state, seconds=None: _ComesLate(solve(state, seconds=1.0)))
    monkeypatch.setattr(analysis_view, "_awaiting", lambda: looks.append(True))
    at = open_analysis(pos="b2/0113.22/6*3/*14/0")  # one legal move: no appraisal
    assert t_in("en", "verdict.working") in texts(at)
    assert looks  # the page looks again (and shows the verdict then) ...
    (answer,) = at.session_state[analysis.VERDICTS].values()
    assert answer.waiting and answer.poll() and answer.value is not None  # ... finding it
