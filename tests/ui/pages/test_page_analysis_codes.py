"""The Analysis page reads codes as the command line does (AppTest): a code pasted, in the
address or in a round record, that is not ASCII, far too long, or whose "known to lack"
field contradicts the hand it shows, is refused with a notice that says where and what, and
the page goes on; never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_support import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.notation.code import CodeError, parse
from ui import i18n, thinking
from ui.i18n import t_in
from ui.pages.analysis import logic as analysis
from ui.pages.analysis import words
from ui.pages.analysis.words import seats_for
from ui.widgets import round_record

PAGE = "pages/analysis.py"
E1_ROUND = "d2/2344.011122/6*3/*14/0/mR32R22pp"


@pytest.fixture(autouse=True)
def quick_appraisal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 0.5)


def pasted(text: str) -> AppTest:
    at = open_page(PAGE)
    at.segmented_control(key=analysis.MODE).set_value("open").run()
    at.text_area(key="analysis.paste").input(text).run()
    return click(at, "analysis.open")


def studied(at: AppTest) -> analysis.Study:
    found = at.session_state[analysis.STUDY]
    assert isinstance(found, analysis.Study)
    return found


@pytest.mark.parametrize(("code", "said"), [
    ("b2/01.22/-/*14/\u0660", "Character 16 (“\u0660” U+0660) cannot be in a code"),
    ("b\uff12/01.22/-/*14/0", "Character 2 (“\uff12” U+FF12) cannot be in a code"),
    ("b2/01.22/-/*1\u00b2/0", "Character 14 (“\u00b2” U+00B2) cannot be in a code"),
    ("\ufeffb2/01.22/-/*14/0", "Character 1 (U+FEFF) cannot be in a code"),
])
def test_a_pasted_code_that_is_not_ascii_is_refused_where_it_stands(code: str,
                                                                    said: str) -> None:
    at = pasted(code)
    assert said in texts(at)
    assert "the digits 0 to 9" in texts(at)
    assert at.session_state[analysis.MODE] == "open" and not at.exception


def test_a_link_with_a_digit_of_another_script_is_named_and_the_page_goes_on() -> None:
    at = open_page(PAGE, pos="b2/01.22/-/*14/0p\uff11")
    shown = texts(at)
    assert "could not be read" in shown and "Character 18 (“\uff11” U+FF11)" in shown
    # Nothing unrelated is put in its place: the broken code waits to be mended.
    assert "analysis.study" not in at.session_state
    assert not at.exception


def test_a_seat_said_to_lack_a_value_it_holds_is_refused() -> None:
    at = pasted("b2/23.*5/-/*20/0/n3.-")
    assert "is said to have no 3, yet holds [2|3]." in texts(at)
    at = open_page(PAGE, pos="b2/23.*5/-/*20/0/n3.-")
    assert "could not be read" in texts(at) and "yet holds [2|3]" in texts(at)


def test_a_very_long_code_is_refused_without_quoting_it() -> None:
    at = pasted("b2/01.22/-/*" + "9" * 200_000 + "/0")
    notices = [line for line in texts(at).splitlines() if "could not be read" in line
               or "character" in line.lower()]
    assert notices and all(len(line) < 400 for line in notices)
    assert not at.exception


@pytest.mark.parametrize("seat", ["\u0663", "9" * 5000, "-1", "0", " 2 "])
def test_a_seat_in_the_address_that_is_not_a_small_number_is_left_out(seat: str) -> None:
    at = open_page(PAGE, round=E1_ROUND, seat=seat, step="9" * 5000)
    assert not at.exception
    assert studied(at).cursor == 0
    assert studied(at).seat == (1 if seat == " 2 " else None)


@pytest.mark.parametrize(("data", "seat"), [
    (f"# seat: \u0663\n{E1_ROUND}\n".encode(), None),
    (f"# seat: {'9' * 5000}\n{E1_ROUND}\n".encode(), None),
    (f"# seat: 2\n{E1_ROUND}\n".encode(), 1),
])
def test_a_round_records_seat_is_ascii_digits_only(data: bytes, seat: int | None) -> None:
    assert round_record.read(data) == round_record.Record(E1_ROUND, seat)


def test_a_round_record_that_is_not_a_code_is_refused_by_the_reader(
        data_dir: Path) -> None:
    record = round_record.read("# a record\nb2/01.22/-/*14/\u0660\n".encode())
    assert record is not None
    with pytest.raises(analysis.CodeError) as e:
        analysis.read_code(record.code)
    assert e.value.reason == "not_ascii"


def test_a_pasted_position_no_deal_gives_is_refused_as_the_editor_refuses_it() -> None:
    """6 and 7 tiles in hand, 15 aside and an empty line: no deal of 7 each gives it."""
    at = pasted("b2/000102030405.11121314151622/-/*15/0")
    assert "The tiles do not add up to a deal: 13 in hands and dead, 0 played to the line " \
        "and 15 in the stock, where the deal gives 14 to the players and leaves 14." \
        in texts(at)
    assert analysis.STUDY not in at.session_state or \
        studied(at).base.text() != "b2/000102030405.11121314151622/-/*15/0"
    at = pasted("b2/00010203040506.11121314151622/-/*14/0")  # a deal: it opens
    assert studied(at).base.text() == "b2/00010203040506.11121314151622/-/*14/0"


@pytest.mark.parametrize(("code", "said"), [
    ("b2/01.2X/-/*14/0", "in the hands, character 8 (“X” U+0058) is not a pip: pips are 0 to 6."),
    ("d2/2344.011122/6*3/*14/0/mR32Q", "in the moves, character 30 (“Q” U+0051) is not a move"),
    ("b2/01.223/-/*14/0", "in the hands, at character 9, a tile is cut short"),
    ("b2/01.22.33/-/*14/0", "the hands: one part is needed for each of the 2 players"),
])
def test_a_code_that_cannot_be_read_says_what_is_wrong_where(code: str, said: str) -> None:
    at = pasted(code)
    assert said in texts(at)
    at = open_page(PAGE, pos=code)
    assert "could not be read" in texts(at) and said in texts(at)


def test_a_link_with_a_position_and_a_round_says_the_position_is_left_out() -> None:
    at = open_page(PAGE, pos="b2/0113.22/6*3/*14/0", round=E1_ROUND)
    assert "This link gives both a position and a round: the round is opened, and the " \
        "position is left out." in texts(at)
    assert studied(at).moves and at.query_params.get("round") == E1_ROUND
    at = open_page(PAGE, round=E1_ROUND)
    assert "both a position and a round" not in texts(at)


#: A code for each kind of grammar error, and what the page says is wrong at its character.
WHAT_IS_WRONG = {
    "x2/01.22/-/*14/0": "it starts with the game (character 1): b2, b3 or b4 (Block)",
    "b/01.22/-/*14/0": "in the game, character 2: the number of players follows",
    "b2x6/01.22/-/*14/0": "in the game, character 3: only Gaple names its hand size",
    "b2p/01.22/-/*14/0": "in the game, character 3 (“p” U+0070) is not an option of this game",
    "b2/01.22//*14/0": "the line is empty (character 10): write - for an empty line",
    "b2/01.22/33X44/*14/0": "in the line, character 12 (“X” U+0058): each tile after the first "
                            "starts with L or R",
    "b2/01.22/-/*14/x": "in the turn, character 16: the turn starts with the seat to move, 0 to 1",
    "b2/01.22/-/*14/5": "in the turn, character 16: there is no seat 5; the seats are 0 to 1",
    "b2/01.22/-/*14/0p": "character 17: p is followed by the number of turns without a play",
    "b2/01.22/-/*14/0o": "character 17: o is followed by the tile that must open",
    "b2/01.22/-/*14/0q": "character 17 (“q” U+0071) is not part of a turn",
    "b2/01.22/-/*14/0/n33.-": "in what the players lack, character 20: 3 is named twice",
    "b2/01.22/-/*14/0/kh.-": "in what is known of the tiles, character 20: h is followed by the "
                             "part's size",
    "b2/01.22/-/*14/0/kp01A.-": "character 22: A names no part of the hand written before it",
    "b2/01.22/-/*14/0/kq.-": "character 19 (“q” U+0071) is not part of what is known of a seat",
    "b2/01.*x/-/*14/0": "in the hands, character 8: * is followed by a number of tiles",
    "b2/01.22/-": "the stock is missing: a position has five fields",
    "b2/01.22/-/*14/0/q": "at character 18, after the turn come only d (dead tiles)",
    "b2/01.22/-/*14/0/n-.-/n-.-": "what the players lack is given twice (character 23)",
    "b2/01.22/-/*14/0/m-/n-.-": "at character 21: the moves (m) come last",
    "b2/01.22/-/*14/0/m": "in the moves, character 18: m is followed by the moves, or - for none",
    "g4x6/010203040506.*6.*6.*6/-/*4/0/d*1.-.-.-": "in the dead tiles, character 36: North's hand "
                                                   "is shown, so show their dead tiles too",
    "b2/01.22/-/*14/0/kh2.h1": "what it says is known of North's tiles (the k field, "
                               "character 18) does not agree",
}


@pytest.mark.parametrize(("code", "said"), WHAT_IS_WRONG.items())
def test_each_grammar_error_says_what_is_wrong_at_its_character(code: str, said: str) -> None:
    with pytest.raises(CodeError) as e:
        parse(code)
    assert said in words.code_error(e.value, seats_for(code))


@pytest.mark.parametrize("lang", ["uk", "ru", "ar", "ko", "id", "es"])
def test_each_grammar_error_is_worded_in_every_language(lang: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kind has its own words in the language: not the bare place, not English."""
    chosen = ["en"]
    monkeypatch.setattr(i18n.language, "current_lang", lambda: chosen[0])
    bare = t_in(lang, "analysis.why.syntax", field="", at=0).split(":")[0]
    for code in WHAT_IS_WRONG:
        with pytest.raises(CodeError) as e:
            parse(code)
        chosen[0] = "en"
        english = words.code_error(e.value, seats_for(code))
        chosen[0] = lang
        text = words.code_error(e.value, seats_for(code))
        assert text.startswith(bare) and text != english, (code, text)
        assert "{" not in text and "analysis." not in text, (code, text)
        assert text != t_in(lang, "analysis.why.syntax", field=t_in(lang, "analysis.field.code"),
                            at=e.value.offset + 1), (code, text)


def test_an_empty_code_and_a_pasted_grammar_error_are_said_on_the_page() -> None:
    with pytest.raises(CodeError) as e:
        parse("")
    assert words.code_error(e.value) == "The code is empty: paste a position or a round."
    at = pasted("b2/01.22/-/*14/5")
    assert WHAT_IS_WRONG["b2/01.22/-/*14/5"] in texts(at)
    at = open_page(PAGE, pos="b2/01.22/-/*14/0/q")
    assert WHAT_IS_WRONG["b2/01.22/-/*14/0/q"] in texts(at)
