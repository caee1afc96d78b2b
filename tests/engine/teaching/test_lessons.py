"""The lessons load, follow the learning path, and every task's answer comes from the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.game.moves import Move
from engine.notation.diagram import describe
from engine.teaching.lessons import TASK_KINDS, Lesson, Step, load_all
from engine.teaching.scenario import Scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS, LESSONS = load_all(ROOT / "scenarios")
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps]
STEP_IDS = [f"{lesson.id}/{step.id}" for lesson, step in STEPS]

PATH = ["tiles-and-values", "matching-ends", "doubles-stay-in-the-line", "must-play-or-pass",
        "domino-or-blocked", "settling-block", "block-matches", "gaple-dead-tiles",
        "two-player-game", "worked-endings"]
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SENTENCE_END = (".", "?", "!")


def lesson(lid: str) -> Lesson:
    return next(x for x in LESSONS if x.id == lid)


def step(lid: str, sid: str) -> Step:
    return next(s for s in lesson(lid).steps if s.id == sid)


def test_the_learning_path() -> None:
    assert [x.id for x in LESSONS] == PATH
    assert [x.order for x in LESSONS] == list(range(1, 11))


@pytest.mark.parametrize("x", LESSONS, ids=[x.id for x in LESSONS])
def test_lesson_shape(x: Lesson) -> None:
    assert SLUG.match(x.id)
    assert x.title and x.summary.endswith(".")
    assert x.family in {"block", "gaple", "duel", "all"}
    assert 3 <= len(x.steps) <= 7
    assert len({s.id for s in x.steps}) == len(x.steps)


@pytest.mark.parametrize(("x", "s"), STEPS, ids=STEP_IDS)
def test_step_shape(x: Lesson, s: Step) -> None:
    assert SLUG.match(s.id), "step ids are used in URLs"
    assert isinstance(s.scenario, Scenario) and SCENARIOS[s.scenario.id] is s.scenario
    assert s.title.strip()
    assert s.text.strip().endswith(SENTENCE_END)
    assert s.task.kind in TASK_KINDS
    texts = [s.title, s.text, s.task.prompt, s.task.success, s.task.hint]
    assert all(t == t.strip() for t in texts)
    assert not any("{" in t or "}" in t for t in texts), "whole sentences, no placeholders"
    if s.task.kind != "watch":
        assert s.task.prompt.endswith(SENTENCE_END)
        assert s.task.success.endswith(SENTENCE_END)
        assert s.task.hint.endswith(SENTENCE_END)


@pytest.mark.parametrize(("x", "s"), STEPS, ids=STEP_IDS)
def test_the_engine_answers_every_task(x: Lesson, s: Step) -> None:
    state = s.state()
    kind = s.task.kind
    if kind in ("play", "only_move", "must_play"):
        assert not state.over
        assert any(s.accepts(m) for m in state.legal_moves())
        assert not s.accepts(Move.parse("pass")) or kind == "only_move"
    if kind == "only_move":
        assert s.only_move() is not None
    if kind == "must_play":
        assert state.why_illegal(Move.parse("pass")).code == "must_play"  # type: ignore[union-attr]
    if kind == "ends":
        assert len(s.open_ends()) == 2
    if kind == "winner":
        assert state.over
        s.settlement()
    if kind == "blocked":
        assert isinstance(s.is_blocked(), bool)


# -- the learner's journey (UX.md) ----------------------------------------------------------


def test_matching_ends_step_one_is_the_ux_step() -> None:
    s = lesson("matching-ends").steps[0]
    state = s.state()
    assert [str(t) for t in state.line.tiles()] == ["1-4"]
    assert list(state.line.ends) == [1, 4]
    assert s.hand == state.to_move == 1
    assert [t.bracket() for t in state.hand(1)] == ["[1|1]", "[2|6]", "[3|5]"]
    assert describe(state.line.description()) == (
        "Tiles: [1|4]. Connections: none. Legal continuation points: [1|4] (higher end, 4); "
        "[1|4] (lower end, 1).")
    assert s.task.kind == "play"
    assert s.task.prompt == "Play [1|1] where it fits."
    assert s.task.success == ("Right — 1 matches 1. A double lies across the line and keeps its "
                              "value: the open ends are still 1 and 4.")


def test_ux_step_accepts_one_one_and_refuses_three_five() -> None:
    s = step("matching-ends", "first-match")
    assert s.accepts(Move.parse("play 1-1"))  # only one end fits: no need to say which
    assert s.accepts(Move.parse("play 1-1 left"))
    assert not s.accepts(Move.parse("play 1-1 right"))
    assert not s.accepts(Move.parse("play 3-5"))
    state = s.state()
    refusal = state.why_illegal(Move.parse("play 3-5"))
    assert refusal is not None and refusal.code == "no_match"
    assert refusal.params["left"] == 1 and refusal.params["right"] == 4
    state.push(Move.parse("play 1-1"))
    assert list(state.line.ends) == [1, 4]


def test_doubles_step_has_only_two_places() -> None:
    s = step("doubles-stay-in-the-line", "no-spinner")
    state = s.state()
    assert [str(t) for t in state.line.tiles()] == ["1-4", "1-1", "4-4"]
    assert list(state.line.ends) == [1, 4]
    assert s.only_move() == Move.parse("play 3-4 right")
    assert len(state.line.description().points) == 2


def test_must_play_step_refuses_the_pass() -> None:
    s = step("must-play-or-pass", "must-play")
    assert s.task.kind == "must_play"
    state = s.state()
    refusal = state.why_illegal(Move.parse("pass"))
    assert refusal is not None and refusal.code == "must_play"
    assert str(refusal.params["tile"]) == "2-5" and refusal.params["value"] == 5
    assert [m.text() for m in state.legal_moves()] == ["play 2-5 right"]
    assert s.accepts(Move.parse("play 2-5"))
    assert not s.accepts(Move.parse("pass"))


def test_settling_step_is_seven_plus_eight_minus_three() -> None:
    s = step("settling-block", "sole-lowest")
    result = s.settlement()
    assert result.totals == (3, 7, 8)
    assert result.winners == (0,) and result.points == (12, 0, 0)
    assert result.explanation.arithmetic == "7 + 8 − 3 = 12"
    assert s.task.success == "Right: 7 + 8 − 3 = 12."


def test_worked_endings_show_black_s_choice_in_e3() -> None:
    s = step("worked-endings", "e3-black-chooses")
    state = s.state()
    assert s.task.kind == "watch" and s.show_hands
    assert [str(t) for t in state.hand(1)] == ["0-0"] and "[0|2]" in s.text
    assert "e3-other-choice" in SCENARIOS


# -- the learner's seat and what they see (issue 12, item 1) -----------------------------------

LEARNER_NAMES = {"compass": "South", "duel": "White"}
#: The steps whose text is about the other hands: every settling task, and these.
SHOWS = {("tiles-and-values", "count-pips"), ("domino-or-blocked", "zero-is-not-empty"),
         ("worked-endings", "e3-black-chooses")}


@pytest.mark.parametrize(("x", "s"), STEPS, ids=STEP_IDS)
def test_the_learner_holds_the_same_seat_everywhere(x: Lesson, s: Step) -> None:
    style = "duel" if "White" in s.scenario.seats else "compass"
    assert s.scenario.seats[s.learner] == LEARNER_NAMES[style]
    if s.task.kind in ("play", "only_move", "must_play"):
        assert s.state().mover == s.learner, "a move task is the learner's move"


@pytest.mark.parametrize(("x", "s"), STEPS, ids=STEP_IDS)
def test_opponents_are_face_down_unless_the_step_shows_them(x: Lesson, s: Step) -> None:
    assert s.show_hands == (s.task.kind == "winner" or (x.id, s.id) in SHOWS)


def test_the_first_step_says_what_it_shows() -> None:
    s = step("tiles-and-values", "the-set")
    assert s.scenario.seats[s.learner] == "South" and not s.show_hands
    assert "of the others you see only how many they hold" in s.text


def test_a_step_without_the_learner_s_seat_or_move_is_refused() -> None:
    from engine.teaching.lessons import parse_lesson
    from engine.teaching.scenario import ScenarioError

    base = {"id": "x", "steps": [{"id": "a", "scenario": "d1-one-four", "at": 0,
                                  "text": "Play.", "task": {"kind": "play"}}]}
    with pytest.raises(ScenarioError, match="needs the learner \\(South\\) to move here"):
        parse_lesson(base, "x.toml", SCENARIOS)
    base["steps"][0]["hand"] = 0  # type: ignore[index]
    with pytest.raises(ScenarioError, match="unknown key"):
        parse_lesson(base, "x.toml", SCENARIOS)
    base["steps"][0] = {"id": "a", "scenario": "d1-one-four", "show_hands": "yes"}  # type: ignore[index]
    with pytest.raises(ScenarioError, match="must be true or false"):
        parse_lesson(base, "x.toml", SCENARIOS)


@pytest.mark.parametrize(("x", "s"), STEPS, ids=STEP_IDS)
def test_a_step_that_asks_about_the_line_hides_its_ends(x: Lesson, s: Step) -> None:
    """A question about the line (which values are open) must not be answered under it: every
    such step declares ``hide_ends``, and only such steps do."""
    assert s.hide_ends == (s.task.kind == "ends")


def test_hide_ends_is_refused_where_nothing_is_asked_off_the_board() -> None:
    from engine.teaching.lessons import parse_lesson
    from engine.teaching.scenario import ScenarioError

    def lesson(step: dict[str, object]) -> dict[str, object]:
        return {"id": "x", "steps": [{"id": "a", "scenario": "d1-one-four", "at": 1, **step}]}

    with pytest.raises(ScenarioError, match="hide_ends is for a question answered off the board"):
        parse_lesson(lesson({"hide_ends": True}), "x.toml", SCENARIOS)  # a watch step
    with pytest.raises(ScenarioError, match="must be true or false"):
        parse_lesson(lesson({"hide_ends": "yes", "task": {"kind": "ends"}}), "x.toml", SCENARIOS)
    asks = parse_lesson(lesson({"hide_ends": True, "task": {"kind": "ends"}}), "x.toml", SCENARIOS)
    assert asks.steps[0].hide_ends
    assert not parse_lesson(lesson({"task": {"kind": "ends"}}), "x.toml", SCENARIOS).steps[0].hide_ends


# -- each task's answer, as the engine computes it ----------------------------------------------


@pytest.mark.parametrize(("lid", "sid", "ends"), [
    ("matching-ends", "read-the-ends", (4, 1)),
    ("doubles-stay-in-the-line", "opening-double", (2, 2)),
    ("doubles-stay-in-the-line", "after-the-double", (1, 3)),
    ("doubles-stay-in-the-line", "same-ends", (5, 2)),
])
def test_ends_answers(lid: str, sid: str, ends: tuple[int, int]) -> None:
    assert step(lid, sid).open_ends() == ends


@pytest.mark.parametrize(("lid", "sid", "move"), [
    ("matching-ends", "both-ends", "play 6-6 right"),
    ("matching-ends", "blank-not-wild", "play 0-0 left"),
    ("doubles-stay-in-the-line", "double-keeps-value", "play 2-2 right"),
    ("must-play-or-pass", "pass-when-stuck", "pass"),
    ("must-play-or-pass", "play-again", "play 1-6 right"),
    ("domino-or-blocked", "domino", "play 2-2 right"),
    ("gaple-dead-tiles", "blank-double-opens", "play 0-0"),
    ("two-player-game", "no-draw-pass", "pass"),
    ("two-player-game", "draw", "draw"),
    ("two-player-game", "play-the-drawn-tile", "play 2-5 left"),
    ("two-player-game", "no-pass-while-stock", "draw"),
])
def test_only_move_answers(lid: str, sid: str, move: str) -> None:
    assert step(lid, sid).only_move() == Move.parse(move)


@pytest.mark.parametrize(("lid", "sid", "blocked"), [
    ("domino-or-blocked", "not-blocked-yet", False),
    ("domino-or-blocked", "blocked", True),
    ("two-player-game", "two-passes", False),
])
def test_blocked_answers(lid: str, sid: str, blocked: bool) -> None:
    assert step(lid, sid).is_blocked() is blocked


@pytest.mark.parametrize(("lid", "sid", "winners", "points", "draw"), [
    ("settling-block", "domino-points", (0,), (10, 0, 0), False),
    ("settling-block", "zero-does-not-tie", (0,), (8, 0, 0), False),
    ("settling-block", "tied-lowest", (), (0, 0, 0), False),
    ("settling-block", "two-players", (0,), (5, 0), False),
    ("settling-block", "raw-points", (3,), (0, 0, 0, 18), False),
    ("block-matches", "target", (0,), (5, 0), False),
    ("block-matches", "check-after-settling", (0,), (12, 0, 0), False),
    ("block-matches", "next-starter", (), (0, 0, 0), False),
    ("gaple-dead-tiles", "emptied-hand", (1,), (0, 0, 0, 0), False),
    ("gaple-dead-tiles", "tie-smallest-tile", (0,), (0, 0, 0, 0), False),
    ("gaple-dead-tiles", "tie-lower-half", (1,), (0, 0, 0, 0), False),
    ("gaple-dead-tiles", "variants", (0,), (0, 0, 0, 0), False),
    ("worked-endings", "e1-one-tile-loss", (1,), (0, 0), False),
    ("worked-endings", "e2-equal-totals", (), (0, 0), True),
    ("worked-endings", "e3-empty-hand", (0,), (0, 0), False),
    ("worked-endings", "e3-other-choice", (1,), (0, 0), False),
])
def test_winner_answers(lid: str, sid: str, winners: tuple[int, ...], points: tuple[int, ...],
                        draw: bool) -> None:
    result = step(lid, sid).settlement()
    assert result.winners == winners
    assert result.points == points
    assert result.draw is draw


def test_an_accepted_play_may_leave_out_the_end() -> None:
    from engine.teaching.lessons import parse_lesson

    data = {"id": "l", "steps": [{"id": "a", "scenario": "d2-double-one", "at": 1,
                                  "task": {"kind": "play", "accept": [{"play": "1-1"}]}}]}
    s = parse_lesson(data, "l.toml", dict(SCENARIOS)).steps[0]
    assert s.accepts(Move.parse("play 1-1"))
    assert s.accepts(Move.parse("play 1-1 left"))
    assert not s.accepts(Move.parse("play 3-5"))


def test_on_equal_ends_a_file_may_name_either_end_and_the_one_click_play_is_accepted() -> None:
    """D7 after [2|2]: [2|4] on the left or on the right of two 2s is one move."""
    from engine.teaching.lessons import parse_lesson

    data = {"id": "l", "steps": [
        {"id": "a", "scenario": "d7-double-two", "at": 1,
         "task": {"kind": "play", "accept": [{"play": "2-4", "end": "left"}]}},
        {"id": "b", "scenario": "d7-double-two", "at": 1, "task": {"kind": "only_move"}}]}
    named, only = parse_lesson(data, "l.toml", dict(SCENARIOS)).steps
    clicked = named.state().resolve(Move.parse("play 2-4"))  # what one click lays: the right
    assert clicked == Move.parse("play 2-4 right")
    assert named.accepts(clicked) and named.accepts(Move.parse("play 2-4 left"))
    assert only.only_move() == clicked and only.accepts(Move.parse("play 2-4 left"))
