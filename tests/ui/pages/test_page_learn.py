"""The Learn page (AppTest): lessons list, moves checked by the engine, stars, tasks.

Moves are made with the board's plain-button fallback (AppTest cannot click
inside a component); the keys are ``learn-board.play.<tile>[.<end>]``,
``learn-board.pass``.  The lessons are test fixtures in tests/data/ui.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest_support import (
    FIXTURE_SCENARIOS,
    board_data,
    button_keys,
    click,
    description,
    open_page,
    texts,
)
from streamlit.testing.v1 import AppTest

from engine.notation.diagram import WORDS
from ui import progress
from ui.content import load_content
from ui.i18n import isolate_ltr
from ui.pages.learn import logic as learn
from ui.widgets.svg import esc

ROOT = Path(__file__).resolve().parents[3]

# The lessons are the UI test fixtures' (but for "the site's own lessons" below).
pytestmark = pytest.mark.usefixtures("fixture_scenarios")


def open_learn(**params: str) -> AppTest:
    return open_page("pages/learn.py", **params)


def stars(data_dir: Path, learner: str) -> dict[tuple[str, str], int]:
    return progress.steps(learner, data_dir=data_dir)


# -- the list ------------------------------------------------------------------------


def test_lessons_list_shows_every_lesson_with_progress(data_dir: Path) -> None:
    at = open_learn()
    body = texts(at)
    assert "Lessons" in body
    assert "1. Matching ends" in body and "2. Must play, blocked, settling" in body
    assert [p.value for p in at.get("progress")]  # a progress bar per lesson
    labels = [link.proto.label for link in at.get("page_link")]
    assert labels.count("Start") == 3


# -- UX.md §2: a wrong move, then the right one ------------------------------------------


def test_a_wrong_move_is_explained_and_changes_nothing(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    before = description(at)
    assert "Tiles: [1|4]. Connections: none." in before
    assert "Play [1|1] where it fits." in texts(at)
    hand = {"learn-board.play.1-1", "learn-board.play.3-5", "learn-board.play.2-6"}
    assert hand <= set(button_keys(at))

    click(at, "learn-board.play.3-5")
    assert "[3|5] shows 3 and 5; the open ends show 1 and 4: no match." in texts(at)
    assert description(at) == before  # the position is unchanged
    assert hand <= set(button_keys(at))
    assert "learn.try_again" in button_keys(at) and "learn.show_me" in button_keys(at)
    assert stars(data_dir, at.query_params["learner"]) == {}  # a wrong click costs nothing saved


def test_the_right_move_is_played_praised_and_starred(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    click(at, "learn-board.play.1-1")  # one click: only one end fits
    body = texts(at)
    assert "Right — 1 matches 1." in body
    assert 'aria-label="3 of 3 stars"' in body
    assert "Tiles: [1|4], [1|1]. Connections: [1|4] (lower end) – [1|1] (line A)." in \
        description(at)
    assert "learn-board.play.3-5" not in button_keys(at)  # the board is done
    assert "learn.next" in button_keys(at)
    assert stars(data_dir, at.query_params["learner"]) == {("matching-ends", "one-tile"): 3}


def test_a_mistake_costs_a_star(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    click(at, "learn-board.play.2-6")
    click(at, "learn-board.play.1-1")
    assert 'aria-label="2 of 3 stars"' in texts(at)
    assert stars(data_dir, at.query_params["learner"]) == {("matching-ends", "one-tile"): 2}


def test_show_me_points_at_the_move_and_costs_a_star(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    click(at, "learn.show_me")
    body = texts(at)
    assert "Which end shows a 1?" in body
    assert "The move: Play [1|1] on the left end." in body
    click(at, "learn-board.play.1-1")
    assert stars(data_dir, at.query_params["learner"]) == {("matching-ends", "one-tile"): 2}


def test_try_again_clears_the_message(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    click(at, "learn-board.play.3-5")
    click(at, "learn.try_again")
    assert "no match" not in texts(at)


def test_next_goes_to_the_next_step_and_progress_survives(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    learner = at.query_params["learner"]
    click(at, "learn-board.play.1-1")
    click(at, "learn.next")
    assert at.query_params["step"] == "read-ends"
    assert "Read the open ends" in texts(at)
    # a new session with the same link: the star is still there
    again = open_learn(learner=learner)
    assert "1 of 3 steps" in " ".join(p.proto.text for p in again.get("progress"))


# -- other task kinds ---------------------------------------------------------------


def test_ends_task(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="read-ends")
    at.segmented_control(key="learn.ends.a").set_value(1)
    at.segmented_control(key="learn.ends.b").set_value(2)
    click(at, "learn.ends.check")
    assert "1 and 2 are not the two open values" in texts(at)
    at.segmented_control(key="learn.ends.b").set_value(4)
    click(at, "learn.ends.check")
    assert "Right: 1 and 4." in texts(at)
    assert stars(data_dir, at.query_params["learner"]) == {("matching-ends", "read-ends"): 2}


def test_must_play_refuses_the_pass(data_dir: Path) -> None:
    at = open_learn(lesson="settling", step="must-play")
    click(at, "learn-board.pass")
    assert "You hold [2|5], which fits the 5: you must play." in texts(at)
    click(at, "learn-board.play.2-5")
    assert stars(data_dir, at.query_params["learner"]) == {("settling", "must-play"): 2}


def test_blocked_task(data_dir: Path) -> None:
    at = open_learn(lesson="settling", step="is-blocked")
    click(at, "learn.blocked.no")
    assert "no hand holds a tile" in texts(at)
    click(at, "learn.blocked.yes")
    assert stars(data_dir, at.query_params["learner"]) == {("settling", "is-blocked"): 2}


def test_winner_task_in_block_asks_the_points_and_shows_the_arithmetic(data_dir: Path) -> None:
    """UX.md §5: totals 3, 7 and 8; 15 is wrong and gets a nudge (what to count), not the
    answer; a second miss shows the sum; 12 is right."""
    at = open_learn(lesson="settling", step="who-wins")
    at.segmented_control(key="learn.winner.seat").set_value(0)
    at.number_input(key="learn.winner.points").set_value(15)
    click(at, "learn.winner.check")
    body = texts(at)
    assert "15 is not the score" in body
    assert "add up the pips in each hand and find the lowest total" in body
    assert "7 + 8 − 3 = 12" not in body
    click(at, "learn.try_again")
    at.number_input(key="learn.winner.points").set_value(14)
    click(at, "learn.winner.check")
    assert "7 + 8 − 3 = 12" in texts(at)
    at.number_input(key="learn.winner.points").set_value(12)
    click(at, "learn.winner.check")
    assert "Right. Blocked: North holds the lowest total, 3" in texts(at)
    assert stars(data_dir, at.query_params["learner"]) == {("settling", "who-wins"): 1}


def test_an_empty_points_box_is_asked_for_not_scored(data_dir: Path) -> None:
    """Issue 12, item 2: the winner chosen, the points left empty: the page asks for them
    (as the quiz does); nothing is wrong, nothing revealed, no star lost."""
    at = open_learn(lesson="settling", step="who-wins")
    at.segmented_control(key="learn.winner.seat").set_value(0)
    click(at, "learn.winner.check")
    body = texts(at)
    assert "Type the points as well, then check." in body
    assert "Not quite." not in body and "is not the score" not in body and "7 + 8" not in body
    assert "learn.try_again" not in button_keys(at)
    at.number_input(key="learn.winner.points").set_value(12)
    click(at, "learn.winner.check")
    assert stars(data_dir, at.query_params["learner"]) == {("settling", "who-wins"): 3}


def test_show_me_on_a_winner_task_gives_the_reckoning(data_dir: Path) -> None:
    at = open_learn(lesson="settling", step="who-wins")
    click(at, "learn.show_me")
    assert "7 + 8 − 3 = 12" in texts(at)


# -- links and fallbacks ----------------------------------------------------------------


def test_every_step_has_a_link(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    queries = [link.proto.query_string for link in at.get("page_link")]
    for step in ("read-ends", "look"):
        assert any(f"lesson=matching-ends&step={step}" in q for q in queries), step
    # the step shown is marked as the current one (its address is the page's own)
    assert any('aria-current="step"' in m.value and ">1<" in m.value for m in at.markdown)
    assert at.query_params["lesson"] == "matching-ends" and at.query_params["step"] == "one-tile"


def test_an_unknown_lesson_falls_back_to_the_first_with_a_notice(data_dir: Path) -> None:
    at = open_learn(lesson="no-such-lesson", step="x")
    assert any("no lesson" in i.value for i in at.info)
    assert at.query_params["lesson"] == "matching-ends"
    assert at.query_params["step"] == "one-tile"


def test_a_long_unknown_lesson_is_quoted_clipped_with_an_ellipsis(data_dir: Path) -> None:
    at = open_learn(lesson="x" * 200, step="y" * 200)
    (notice,) = [i.value for i in at.info if "no lesson" in i.value]
    assert f"“{'x' * 59}…”" in notice


def test_an_unknown_step_falls_back_to_the_first_with_a_notice(data_dir: Path) -> None:
    at = open_learn(lesson="settling", step="nope")
    assert any("no step" in i.value for i in at.info)
    assert at.query_params["step"] == "must-play"


def test_watch_steps_need_only_next(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="look")
    assert "learn.show_me" not in button_keys(at)
    assert "learn.next" in button_keys(at)
    click(at, "learn.next")
    assert at.query_params["lesson"] == "settling"
    assert stars(data_dir, at.query_params["learner"]) == {("matching-ends", "look"): 0}


# -- the logic without Streamlit ------------------------------------------------------------


def test_stars_for() -> None:
    assert learn.stars_for(0, False) == 3
    assert learn.stars_for(1, False) == 2
    assert learn.stars_for(0, True) == 2
    assert learn.stars_for(5, True) == 1


def test_checks_come_from_the_engine() -> None:
    from engine.game.moves import Move

    data = load_content(FIXTURE_SCENARIOS)
    found = data.step("matching-ends", "one-tile")
    assert found is not None
    step = found[1]
    ok = learn.check_move(step, Move.play("1-1"))
    assert ok.ok and ok.move == Move.play("1-1", "left")
    wrong = learn.check_move(step, Move.play("3-5"))
    assert not wrong.ok and wrong.refusal is not None and wrong.refusal.code == "no_match"
    assert learn.hint_move(step) == Move.play("1-1", "left")
    ends = data.step("matching-ends", "read-ends")
    assert ends is not None
    assert learn.check_ends(ends[1], 4, 1) and not learn.check_ends(ends[1], 1, 1)
    winner = data.step("settling", "who-wins")
    assert winner is not None
    assert learn.check_winner(winner[1], 0, 12)
    assert not learn.check_winner(winner[1], 0, 15)
    assert not learn.check_winner(winner[1], None, None)


def test_a_tile_that_fits_both_ends_asks_which_end(data_dir: Path) -> None:
    at = open_learn(lesson="two-ends", step="either-end")
    keys = button_keys(at)
    assert "learn-board.play.1-6.left" in keys and "learn-board.play.1-6.right" in keys
    assert "learn-board.play.1-6" not in keys
    click(at, "learn-board.play.1-6.left")
    assert "That move is allowed, but this step asks for another one: " in texts(at)
    click(at, "learn-board.play.1-6.right")
    assert "Right: [1|6] on the 6 leaves 1 and 1 open." in texts(at)


# -- the site's own lessons ------------------------------------------------------------------

SITE = load_content(ROOT / "scenarios")
SITE_STEPS = [(lesson.id, step.id) for lesson in SITE.lessons for step in lesson.steps]
#: One step of each kind of task under each rule set: the page draws and takes every kind
#: of answer; that the engine answers every step is tests/engine/teaching/test_lessons.py's.
_KINDS: dict[tuple[str, str], tuple[str, str]] = {}
for _lesson in SITE.lessons:
    for _step in _lesson.steps:
        _KINDS.setdefault((_step.task.kind, _step.scenario.rules.name), (_lesson.id, _step.id))
SITE_STEP_KINDS = sorted(_KINDS.values())


@pytest.mark.skipif(not SITE_STEP_KINDS, reason="no lessons under scenarios/lessons yet")
@pytest.mark.parametrize(("lesson_id", "step_id"), SITE_STEP_KINDS)
def test_every_kind_of_site_step_renders_and_takes_its_answer(monkeypatch: pytest.MonkeyPatch,
                                                      data_dir: Path, lesson_id: str,
                                                      step_id: str) -> None:
    """Each kind of step of scenarios/lessons draws, and the engine's answer completes it."""
    from ui.widgets.board import fallback_moves

    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")  # the site's own lessons, not the fixtures'
    found = SITE.step(lesson_id, step_id)
    assert found is not None
    step = found[1]
    at = open_learn(lesson=lesson_id, step=step_id)
    kind = step.task.kind
    if kind in learn.TASK_MOVES:
        move = learn.hint_move(step)
        state = step.state()
        keys = [k for k, m in fallback_moves(state, step.learner) if state.resolve(m) == move]
        assert keys, f"no button plays {move}"
        click(at, f"learn-board.{keys[0]}")
    elif kind == "winner":
        settlement = step.settlement()
        winner = settlement.winner
        at.segmented_control(key="learn.winner.seat").set_value(
            learn.NOBODY if winner is None else winner)
        if step.scenario.rules.asks_points and winner is not None:
            at.number_input(key="learn.winner.points").set_value(settlement.points[winner])
        click(at, "learn.winner.check")
    elif kind == "blocked":
        click(at, "learn.blocked.yes" if step.is_blocked() else "learn.blocked.no")
    elif kind == "ends":
        a, b = step.open_ends()
        at.segmented_control(key="learn.ends.a").set_value(a)
        at.segmented_control(key="learn.ends.b").set_value(b)
        click(at, "learn.ends.check")
    else:
        assert "learn.next" in button_keys(at) or "learn.finish" in button_keys(at)
        return
    assert "Not quite." not in texts(at)
    assert stars(data_dir, at.query_params["learner"]) == {(lesson_id, step_id): 3}


SITE_WATCH = [(lesson.id, step.id) for lesson in SITE.lessons for step in lesson.steps
              if step.task.kind == "watch"]


def test_the_very_last_step_when_it_only_shows_is_done_once_opened(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """A lesson's last step that only shows is done once opened (learn.arrive, before
    drawing: the lesson's summary is under it); any other step that only shows waits for
    Next."""
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")  # the site's own lessons
    assert SITE_WATCH and SITE_WATCH[-1] == SITE_STEPS[-1], "the site ends on a watch step"
    at = open_learn(lesson=SITE_STEPS[-1][0], step=SITE_STEPS[-1][1])
    assert stars(data_dir, at.query_params["learner"]) == {SITE_STEPS[-1]: 0}
    assert "learn.finish" in button_keys(at)
    last_of_lesson = {(les.id, les.steps[-1].id) for les in SITE.lessons}
    earlier = next(w for w in SITE_WATCH if w not in last_of_lesson)
    at = open_learn(lesson=earlier[0], step=earlier[1])
    assert stars(data_dir, at.query_params["learner"]) == {}


# -- seat names in the page's language --------------------------------------------------------


def test_seat_names_on_a_learn_step_follow_the_language(data_dir: Path) -> None:
    """The scenario's English seat names read as the other pages name them: on the board,
    in the "Who wins?" choices, in a wrong answer and in the settlement's sentence."""
    from ui.i18n import t_in

    north, east, south = (t_in("uk", f"seat.{w}") for w in ("north", "east", "south"))
    at = open_learn(lesson="settling", step="who-wins", lang="uk")
    data = board_data(at)
    labels = [data["hand"]["label"], *(o["label"] for o in data["others"])]
    assert any(north in label for label in labels), labels
    assert any(east in label for label in labels) and any(south in label for label in labels)
    assert not any(w in label for label in labels for w in ("North", "East", "South"))
    choices = at.segmented_control(key="learn.winner.seat")
    assert list(choices.options[:3]) == [north, east, south]
    choices.set_value(1)
    at.number_input(key="learn.winner.points").set_value(12)
    click(at, "learn.winner.check")
    assert t_in("uk", "learn.winner_wrong_seat", answer=east) in texts(at)
    click(at, "learn.winner.check")  # a second miss: the reckoning, with the seats' names
    body = texts(at)
    assert t_in("uk", "learn.winner_wrong_seat", answer=east) in body
    assert north in body and "North" not in body and "East" not in body


# -- the end of a lesson (issue 12) -----------------------------------------------------------


def _labels(at: AppTest) -> list[str]:
    return [link.proto.label for link in at.get("page_link")]


def test_a_lesson_ends_with_its_summary_and_what_comes_next(data_dir: Path) -> None:
    at = open_learn(lesson="matching-ends", step="one-tile")
    assert "Lesson done" not in texts(at)
    click(at, "learn-board.play.1-1")  # three stars
    at = open_learn(lesson="matching-ends", step="look", learner=at.query_params["learner"])
    body = texts(at)
    assert "Lesson done: Matching ends" in body
    assert "Stars in this lesson: 3 of 6." in body
    assert "Steps done: 2 of 3." in body  # read-ends is still open: a link back to it
    assert "2 of 7 steps done" in body  # the sidebar counts the step just seen too
    back = next(link for link in at.get("page_link") if link.proto.label == "Go back to step 2")
    assert "lesson=matching-ends&step=read-ends" in back.proto.query_string
    assert "Next lesson: Must play, blocked, settling." in body
    onward = next(link for link in at.get("page_link")
                  if link.proto.label.startswith("Must play, blocked, settling"))
    assert "lesson=settling&step=must-play" in onward.proto.query_string


def test_the_last_lesson_s_summary_points_to_the_quiz(data_dir: Path) -> None:
    at = open_learn(lesson="two-ends", step="either-end")
    assert "Lesson done" not in texts(at)
    click(at, "learn-board.play.1-6.right")
    body = texts(at)
    assert "Lesson done: Choosing an end" in body and "Stars in this lesson: 3 of 3." in body
    assert "That was the last lesson." in body
    quiz = next(link for link in at.get("page_link") if link.proto.label == "Go to the quiz →")
    assert quiz.proto.page == "quiz"


# -- the learner's seat, what they see, the description (issue 12) ----------------------------


def test_the_first_step_shows_the_learner_s_tiles_only_and_no_target(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """tiles-and-values/the-set says "of the others you see only how many they hold": the
    learner (South, at the bottom) sees their tiles, North's are face down; nothing to
    play on an empty table only to look at: no "+" target, no Pass."""
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")
    at = open_learn(lesson="tiles-and-values", step="the-set")
    data = board_data(at)
    assert data["hand"]["label"] == "Your tiles (South)"
    assert [t["tile"] for t in data["hand"]["tiles"]] == ["1-1", "2-6", "3-5"]
    (north,) = data["others"]
    assert "North" in north["label"] and "face down" in north["svg"]
    assert "[1|4]" not in north["svg"]
    assert 'data-end="any"' not in data["line"]["wide"] + data["line"]["narrow"]
    assert data["controls"] == [] and not data["interactive"]
    assert "learn-board.pass" not in button_keys(at)


def test_an_ends_task_shows_the_opponent_face_down(monkeypatch: pytest.MonkeyPatch,
                                                    data_dir: Path) -> None:
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")
    at = open_learn(lesson="doubles-stay-in-the-line", step="after-the-double")
    data = board_data(at)
    assert data["hand"]["label"] == "Your tiles (South)"
    assert all("face down" in o["svg"] for o in data["others"])


def test_a_settling_step_shows_every_hand(monkeypatch: pytest.MonkeyPatch,
                                          data_dir: Path) -> None:
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")
    at = open_learn(lesson="settling-block", step="sole-lowest")
    data = board_data(at)
    assert data["hand"]["label"] == "Your tiles (South)"
    assert not any("face down" in o["svg"] for o in data["others"])
    assert "[1|2]" in data["others"][0]["svg"]


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ar", "ko", "id", "es"])
def test_a_step_s_description_never_folds(monkeypatch: pytest.MonkeyPatch, data_dir: Path,
                                          lang: str) -> None:
    """Issue 12, item 9: D6's notation (over 240 characters in some languages) is shown in
    every language, never folded under "Text description of the table"."""
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")
    at = open_learn(lesson="doubles-stay-in-the-line", step="after-the-double", lang=lang)
    answer_ends(at, 1, 3)  # the step asks about the line: its description is whole once answered
    caption = description(at)
    assert caption.startswith('<p class="caption-desc">') and "<details" not in caption
    assert "[3|4]" in caption or "[4|3]" in caption
    assert WORDS[lang].points in caption


def answer_ends(at: AppTest, a: int, b: int) -> None:
    at.segmented_control(key="learn.ends.a").set_value(a)
    at.segmented_control(key="learn.ends.b").set_value(b)
    click(at, "learn.ends.check")


def _markers(at: AppTest) -> bool:
    line = board_data(at)["line"]
    return 'class="marker' in line["wide"] + line["narrow"]


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ar", "ko", "id", "es"])
def test_a_question_about_the_line_does_not_print_its_answer(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path, lang: str) -> None:
    """Step 1.4 asks "Which two values are open?": until it is answered, nothing on the page
    names the open ends — no "Legal continuation points" under the table or in the drawing's
    label, no markers with their values — only the tiles and how they lie; once answered,
    the whole description and the markers are there."""
    from engine.notation.diagram import describe as notation

    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")
    lesson, step = SITE.lessons[0], SITE.lessons[0].steps[3]
    assert (lesson.id, step.id) == ("tiles-and-values", "first-tile") and step.hide_ends
    desc = step.state().line.description()
    whole, laid = notation(desc, lang), notation(desc, lang, points=False)
    answer = whole[len(laid):].strip()  # "Legal continuation points: [1|4] (higher end, 4); …"
    at = open_learn(lesson=lesson.id, step=step.id, lang=lang)
    if lang == "en":
        assert "North opened the line with [1|4]. Which two values are open?" in texts(at)
    page = texts(at) + json.dumps(board_data(at), ensure_ascii=False)
    assert WORDS[lang].points not in page and answer not in page
    assert description(at) == f'<p class="caption-desc">{esc(isolate_ltr(laid, lang))}</p>'
    assert not _markers(at)

    answer_ends(at, 4, 1)
    assert stars(data_dir, at.query_params["learner"]) == {(lesson.id, step.id): 3}
    assert esc(isolate_ltr(whole, lang)) in description(at)
    assert board_data(at)["line"]["label"] == isolate_ltr(whole, lang)
    assert _markers(at)


def test_a_question_about_the_line_keeps_its_ends_hidden_after_a_wrong_answer(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR")
    at = open_learn(lesson="matching-ends", step="read-the-ends")
    answer_ends(at, 4, 4)
    assert "Not quite." in texts(at)
    assert "Legal continuation points" not in description(at) and not _markers(at)
    click(at, "learn.show_me")  # a hint, not the answer
    assert "Legal continuation points" not in description(at) and not _markers(at)


def test_what_learn_said_follows_a_change_of_language() -> None:
    """A nudge after a wrong "who wins", and "Show me", are worded when drawn: switching the
    language shows them in the new one."""
    from ui.i18n import t_in

    at = open_learn(lesson="settling", step="who-wins")
    at.segmented_control(key="learn.winner.seat").set_value(0)
    at.number_input(key="learn.winner.points").set_value(15)
    click(at, "learn.winner.check")
    assert "15 is not the score" in texts(at)
    at.query_params["lang"] = "ru"
    at.run()
    body = texts(at)
    assert "15 is not the score" not in body
    assert t_in("ru", "learn.winner_wrong_points", points=15) in body
    assert t_in("ru", "learn.wrong_title") in body
