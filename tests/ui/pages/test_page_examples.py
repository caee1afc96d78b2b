"""Worked examples (AppTest): the list, a full replay, a branch of the learner's own, links.

The site's own scenarios (scenarios/) are the examples here: E1 and E3 are the
documents'.  Moves are made with the board's plain-button fallback
(``ex-board.play.<tile>[.<end>]``, ``ex-board.pass``): AppTest cannot click
inside the component.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_support import board_data, button_keys, click, description, open_page, texts
from streamlit.testing.v1 import AppTest

from ui.content import load_content

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = load_content(ROOT / "scenarios").scenarios
E1 = "e1-one-tile-loss"
E3 = "e3-empty-hand-wins"

pytestmark = pytest.mark.usefixtures("data_dir")  # the site's own scenarios


def open_examples(**params: str) -> AppTest:
    return open_page("pages/examples.py", **params)


def test_the_list_groups_every_example_with_its_title() -> None:
    at = open_examples()
    body = texts(at)
    assert at.title[0].value == "Worked examples"
    for heading in ("Pagat's diagrams (D1–D7)", "Two-player endings (E1–E3) and the demo",
                    "Block: settling a round", "Gaple", "Trip-ups"):
        assert heading in body
    labels = [link.proto.label for link in at.get("page_link")]
    for s in SCENARIOS.values():
        assert s.title in labels, s.id
    # grouped in the documents' order: D1 … D7, then E1 …
    d = [labels.index(SCENARIOS[f"d{n}-{x}"].title) for n, x in
         ((1, "one-four"), (2, "double-one"), (7, "double-two"))]
    assert d == sorted(d) and d[-1] < labels.index(SCENARIOS[E1].title)


def test_a_full_replay_of_e1_first_to_last_ends_in_the_blocked_settlement() -> None:
    at = open_examples(example=E1)
    assert at.title[0].value == "E1: a loss with one tile"
    assert "The starting position: White is to move." in texts(at)
    assert at.button(key="ex.first").disabled and at.button(key="ex.back").disabled
    s = SCENARIOS[E1]
    for n in range(1, len(s.moves) + 1):
        click(at, "ex.next")
        assert at.query_params["move"] == str(n)
        body = texts(at)
        assert f"Move {n} of 4" in body
        assert s.move_notes[n - 1] in body  # the documented note of this move
    body = texts(at)
    assert "Result:" in body
    assert "Blocked: Black has the lower total: 3 < 8." in body
    assert "White holds [4|4]: 8" in body and "Black holds [0|1], [1|1]: 1 + 2 = 3" in body
    assert at.button(key="ex.next").disabled and at.button(key="ex.last").disabled

    click(at, "ex.first")
    assert at.query_params["move"] == "0" and "Result:" not in texts(at)
    click(at, "ex.last")
    assert at.query_params["move"] == "4" and "3 < 8" in texts(at)
    click(at, "ex.back")
    assert at.query_params["move"] == "3" and "Result:" not in texts(at)


def test_the_move_list_marks_the_current_move_and_jumps() -> None:
    at = open_examples(example=E1, move="1")
    assert at.button(key="ex.goto.1").proto.type == "primary"
    assert at.button(key="ex.goto.3").proto.type == "tertiary"
    click(at, "ex.goto.3")
    assert at.query_params["move"] == "3"
    assert at.button(key="ex.goto.3").proto.type == "primary"
    assert "White cannot join a tile to the 6 or the 2, and passes." in texts(at)


def test_every_hand_is_face_up_and_the_board_only_watches_while_replaying() -> None:
    at = open_examples(example=E1)
    data = board_data(at)
    assert not data["interactive"]
    assert all("face-down" not in o["svg"] for o in data["others"])
    assert not [k for k in button_keys(at) if k.startswith("ex-board.")]


def test_e3_what_if_black_plays_the_double_blank() -> None:
    """UX.md §6: at Black's turn, try [0|0] instead: Black goes out and wins."""
    at = open_examples(example=E3)
    click(at, "ex.next")  # White passes: Black to move
    assert "White cannot play, and passes." in texts(at)
    click(at, "ex.try")
    assert "ex-board.play.0-0" in button_keys(at) and board_data(at)["interactive"]
    click(at, "ex-board.play.0-0")  # one click: only the 0 end fits
    body = texts(at)
    assert "Your line" in body and "Black plays [0|0] on the right end." in body
    assert "White is to move" in body
    click(at, "ex-board.pass")
    click(at, "ex-board.play.0-2")
    body = texts(at)
    assert "Black played their last tile and wins at once." in body
    assert "White holds [2|2]: 4" in body and "Black holds nothing: 0" in body
    assert "The documented line" in body and "You left the documented line after move 1." in body
    # the same line is documented as "E3, the other choice"
    labels = [link.proto.label for link in at.get("page_link")]
    assert "E3, the other choice: Black plays [0|0] first" in labels
    assert at.query_params["move"] == "1"  # the link still names where the line forked

    click(at, "ex.leave")
    body = texts(at)
    assert "Your line" not in body and "Move 1 of 3" in body
    assert "Black played their last tile" not in body
    assert not board_data(at)["interactive"]
    click(at, "ex.last")
    assert "White played their last tile and wins at once." in texts(at)


def test_a_refused_move_is_explained_and_changes_nothing() -> None:
    at = open_examples(example=E1)
    click(at, "ex.try")
    before = description(at)
    click(at, "ex-board.pass")
    body = texts(at)
    assert "Not allowed." in body and "You hold [2|3], which fits the 3: you must play." in body
    assert description(at) == before
    click(at, "ex-board.play.4-4")
    assert "[4|4] shows 4 and 4; the open ends show 6 and 3: no match." in texts(at)
    assert description(at) == before and "ex-board.play.4-4" in button_keys(at)


def test_playing_the_documented_move_follows_the_documented_line() -> None:
    at = open_examples(example=E1)
    click(at, "ex.try")
    click(at, "ex-board.play.2-3")
    body = texts(at)
    assert "That is the documented move" in body
    assert at.query_params["move"] == "1"
    assert "You left the documented line" not in body


def test_undo_in_the_learners_line() -> None:
    at = open_examples(example=E3, move="1")
    click(at, "ex.try")
    assert at.button(key="ex.undo").disabled
    click(at, "ex-board.play.0-0")
    click(at, "ex.undo")
    body = texts(at)
    assert "You take over after move 1." in body
    assert "ex-board.play.0-0" in button_keys(at)


@pytest.mark.parametrize(("params", "notice"), [
    ({"example": "no-such-example"}, "There is no worked example “no-such-example”"),
    ({"example": E1, "move": "99"}, "“99” is not a move of “E1: a loss with one tile”"),
    ({"example": E1, "move": "-1"}, "“-1” is not a move of"),
    ({"example": E1, "move": "abc"}, "“abc” is not a move of"),
])
def test_bad_links_fall_back_with_a_notice(params: dict[str, str], notice: str) -> None:
    at = open_examples(**params)
    assert any(notice in i.value for i in at.info), [i.value for i in at.info]
    if params["example"] == E1:
        assert at.query_params["move"] == "0"
        assert at.title[0].value == "E1: a loss with one tile"
    else:
        assert at.title[0].value == "Worked examples"
        assert "example" not in at.query_params


def test_a_link_opens_an_example_at_a_move() -> None:
    at = open_examples(example=E3, move="2")
    assert "Move 2 of 3" in texts(at)
    assert "Black chooses to play [0|2] on the right" in texts(at)


def _one_of_each_kind() -> list[str]:
    """One example per rule set and ending (played out or not): the page draws every kind
    of table and result; each file's own outcome is checked by tests/engine/teaching/test_scenarios.py."""
    kinds: dict[tuple[str, bool], str] = {}
    for sid in sorted(SCENARIOS):
        s = SCENARIOS[sid]
        kinds.setdefault((s.rules.name, s.replay().over), sid)
    return sorted(kinds.values())


@pytest.mark.parametrize("sid", _one_of_each_kind())
def test_every_kind_of_example_replays_to_its_end(sid: str) -> None:
    s = SCENARIOS[sid]
    at = open_examples(example=sid, move=str(len(s.moves)))
    assert at.title[0].value == s.title
    if s.replay().over:
        assert "Result:" in texts(at)
    else:
        click(at, "ex.try")
        assert board_data(at)["interactive"]


def test_seat_names_follow_the_language() -> None:
    from ui.i18n import t_in

    at = open_examples(example=E3, move="3", lang="uk")
    assert not at.exception
    black, white = t_in("uk", "seat.black"), t_in("uk", "seat.white")
    body = texts(at)
    assert white in body and (black == "Black" or "Black" not in body)


def test_arabic_keeps_tiles_and_sums_left_to_right_and_ukrainian_is_unchanged() -> None:
    """In Arabic every tile and sum the page writes is a left-to-right isolate (U+2066 …
    U+2069), so [1|4] does not show as [4|1] nor 1 + 2 = 3 as 3 = 2 + 1."""
    import re

    lri, pdi = "\u2066", "\u2069"
    at = open_examples(example=E1, move="4", lang="ar")
    body = texts(at)
    assert f"{lri}1 + 2 = 3{pdi}" in body and f"{lri}[4|4]{pdi}" in body
    outside = re.sub(f"{lri}[^{lri}{pdi}]*{pdi}", "", body)
    assert not re.search(r"\[\d\|\d\]|\d+ [+=<] \d+", outside), outside
    uk = texts(open_examples(example=E1, move="4", lang="uk"))
    assert lri not in uk and pdi not in uk and "1 + 2 = 3" in uk
