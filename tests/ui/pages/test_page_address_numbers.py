"""A number in a page's address (a seat, a step, a move, a level, a seed) is ASCII digits,
a few at most, as in every other reader of text: a digit of another script, a superscript or
five thousand digits is a value the page names and leaves out, never Python's int() error."""

from __future__ import annotations

import pytest
from apptest_support import open_page, texts

from ui.pages.quiz.setup import parse_params

pytestmark = pytest.mark.usefixtures("data_dir")

ODD = ["\u00b2", "\u0663", "\uff11", "9" * 5000, "1_0"]


@pytest.mark.parametrize("move", ODD)
def test_an_examples_move_that_is_no_number_is_named(move: str) -> None:
    at = open_page("pages/examples.py", example="e3-empty-hand-wins", move=move)
    assert not at.exception, at.exception
    assert "is not a move of" in texts(at)  # named; the replay starts from the beginning


@pytest.mark.parametrize("seat", ODD)
def test_a_play_seat_that_is_no_number_is_named(seat: str) -> None:
    at = open_page("pages/play.py", rules="block", players="3", seat=seat, seed="9")
    assert not at.exception, at.exception
    assert "is not at this table (seats 1 to 3)" in texts(at)


@pytest.mark.parametrize("raw", ODD + [" 1 "])
def test_a_quiz_level_or_seed_that_is_no_number_is_bad(raw: str) -> None:
    level, seed, bad = parse_params(raw, raw)
    if raw == " 1 ":
        assert (level, seed, bad) == (1, 1, False)
    else:
        assert level is None and seed is None and bad
