"""ui/pages/examples/logic.py and ui/widgets/story.py without Streamlit: grouping, the replay's pure steps, branches, words."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.game.moves import PASS, Move
from ui.content import load_content
from ui.pages.examples import logic as ex
from ui.widgets import feedback, story

ROOT = Path(__file__).resolve().parents[2]
DATA = load_content(ROOT / "scenarios")
S = DATA.scenarios
EN = tomllib.loads((ROOT / "locales" / "en.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("sid", "group"), [
    ("d1-one-four", "diagrams"), ("d7-double-two", "diagrams"), ("e1-one-tile-loss", "endings"),
    ("e3-other-choice", "endings"), ("demo-reading-ends", "endings"),
    ("block-four-players-domino", "block"), ("gaple-dead-discard", "gaple"),
    ("trip-must-play", "trips"), ("lesson-thing", "other"), ("double-six", "other"),
])
def test_groups_by_id(sid: str, group: str) -> None:
    assert story.group_of(sid) == group


def test_every_group_has_a_heading_in_the_catalog() -> None:
    for name, key in story.GROUPS:
        section, field = key.split(".")
        assert field in EN[section], name


def test_the_list_order() -> None:
    ids = [s.id for s in story.ordered(S)]
    assert ids[:7] == [f"d{n}" + S_ID_SUFFIX[n] for n in range(1, 8)]
    endings = [sid for sid in ids if story.group_of(sid) == "endings"]
    assert endings == ["e1-one-tile-loss", "e2-equal-totals-draw", "e3-empty-hand-wins",
                       "e3-other-choice", "demo-reading-ends"]
    groups = [name for name, _ in story.grouped(S)]
    assert groups == ["diagrams", "endings", "block", "gaple", "trips"]
    assert sum(len(items) for _, items in story.grouped(S)) == len(S)


S_ID_SUFFIX = {1: "-one-four", 2: "-double-one", 3: "-double-six", 4: "-double-blank",
               5: "-double-four", 6: "-three-four", 7: "-double-two"}


def test_goto_clamps_and_leaves_any_branch() -> None:
    s = S["e1-one-tile-loss"]
    r = ex.Replay(s.id, 1, trying=True, branch=(PASS,))
    assert ex.goto(s, r, 99) == ex.Replay(s.id, 4)
    assert ex.goto(s, r, -3) == ex.Replay(s.id, 0)


def test_positions_follow_the_documented_line() -> None:
    s = S["e1-one-tile-loss"]
    for n, state in enumerate(s.states()):
        assert ex.position(s, ex.Replay(s.id, n)).line.ends == state.line.ends
        assert ex.position(s, ex.Replay(s.id, n)).hand_masks == state.hand_masks


def test_the_board_takes_moves_only_after_try_another_move() -> None:
    s = S["e3-empty-hand-wins"]
    r = ex.Replay(s.id, 1)
    assert ex.play(s, r, Move.play("0-0")) == r


def test_e3_branch_black_plays_the_double_blank_and_wins() -> None:
    s = S["e3-empty-hand-wins"]
    r = ex.start_trying(s, ex.Replay(s.id, 1))
    assert r.trying and not r.branched
    r = ex.play(s, r, Move.play("0-0"))  # one click: the end is resolved
    assert r.branch == (Move.play("0-0", "right"),) and r.step == 1
    r = ex.play(s, r, PASS)
    r = ex.play(s, r, Move.play("0-2"))
    state = ex.position(s, r)
    assert state.status == "domino" and state.hand(1) == ()
    view = story.settlement_view(state, s.seats)
    assert view.winners == (1,)
    assert view.text == "Black played their last tile and wins at once."
    assert view.holdings == ("White holds [2|2]: 4", "Black holds nothing: 0")
    # the line is documented as E3, the other choice
    other = ex.documented_elsewhere(DATA, s, r)
    assert other is not None and other.id == "e3-other-choice"
    assert ex.position(s, r).line.ends == other.replay().line.ends
    # back to the documented line, where it forked
    assert ex.leave(s, r) == ex.Replay(s.id, 1)
    assert ex.undo(s, r).branch == r.branch[:-1]


def test_a_refused_move_keeps_the_replay_and_says_why() -> None:
    s = S["e1-one-tile-loss"]
    r = ex.start_trying(s, ex.Replay(s.id, 0))
    after = ex.play(s, r, Move.play("4-4"))
    assert after.branch == () and after.step == 0 and after.feedback is not None
    assert after.feedback.kind == "no"
    said = feedback.now(after.feedback)
    assert said is not None
    assert said.text == "[4|4] shows 4 and 4; the open ends show 6 and 3: no match."
    after = ex.play(s, r, Move.play("1-1"))
    said = feedback.now(after.feedback)
    assert said is not None and "not in your hand" in said.text


def test_the_documented_move_steps_on_along_the_documented_line() -> None:
    s = S["e1-one-tile-loss"]
    r = ex.play(s, ex.start_trying(s, ex.Replay(s.id, 0)), Move.play("2-3"))
    assert r.step == 1 and r.branch == () and r.trying
    assert r.feedback is not None and r.feedback.kind == "ok"


def test_a_finished_round_cannot_be_tried_further() -> None:
    s = S["e1-one-tile-loss"]
    r = ex.start_trying(s, ex.Replay(s.id, 4))
    assert not r.trying and r.feedback is not None


def test_e1_settlement_words() -> None:
    s = S["e1-one-tile-loss"]
    view = story.settlement_view(s.replay(), s.seats)
    assert view.text == "Blocked: Black has the lower total: 3 < 8."
    assert view.holdings == ("White holds [4|4]: 8", "Black holds [0|1], [1|1]: 1 + 2 = 3")


def test_gaple_holdings_count_dead_tiles() -> None:
    s = S["gaple-emptied-by-discard"]
    state = s.replay()
    assert state.over
    view = story.settlement_view(state, s.seats)
    assert any("dead tiles" in line for line in view.holdings)


def test_narration_of_every_kind_of_move() -> None:
    s = S["gaple-dead-discard"]
    words = [story.narrate(rec, s.seats) for rec in s.replay().history]
    assert words[0] == "North plays [1|5] on the right end."
    assert words[2] == "South discards [6|6] face down: a dead tile."
    hidden = story.narrate(s.replay().history[2], s.seats, show_hidden=False)
    assert hidden == "South discards a tile face down: a dead tile."
    d = S["trip-draw-until-playable"]
    assert story.narrate(d.replay().history[0], d.seats) == "White draws [1|5]."
    assert story.narrate(d.replay().history[0], d.seats, show_hidden=False) == "White draws a tile."
    d1 = S["d1-one-four"]
    assert story.narrate(d1.replay().history[0], d1.seats) == "North opens with [1|4]."
    e1 = S["e1-one-tile-loss"]
    assert story.narrate(e1.replay().history[2], e1.seats) == "White passes."


def test_scenario_texts_fall_back_to_the_file() -> None:
    s = S["e1-one-tile-loss"]
    assert story.title(s) == s.title
    assert story.move_note(s, 1) == s.move_notes[0]
    assert story.move_note(s, 0) == "" and story.move_note(s, 9) == ""
