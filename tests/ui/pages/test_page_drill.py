"""The counting drill (AppTest): a timed run of questions from engine/teaching/drill.py, answered by
clicks, checked by the engine, scored per minute, the personal best kept.

The page's clock (``ui.pages.drill.logic.clock``) is a fake one here that a test moves on by hand,
so no test sleeps; the run's seed is chosen (``ui.pages.drill.logic.new_seed``), so each test knows
its questions: ``engine.teaching.drill.question(seed + n - 1)`` is the run's ``n``-th.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from apptest_support import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.teaching import drill
from engine.teaching.drill import Question, question
from ui import progress
from ui.pages.drill import logic as page
from ui.pages.drill import words

pytestmark = pytest.mark.usefixtures("data_dir")


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(page, "clock", fake)
    return fake


def seed_for(kind: str, *, answer: object = None, start: int = 0) -> int:
    """A seed whose question is of ``kind`` (and, if given, has that answer)."""
    for seed in range(start, start + 400):
        q = question(seed)
        if q.kind == kind and (answer is None or q.answer == answer):
            return seed
    raise AssertionError(f"no {kind} question near {start}")


def start(monkeypatch: pytest.MonkeyPatch, seed: int, **params: str) -> AppTest:
    monkeypatch.setattr(page, "new_seed", lambda: seed)
    at = open_page("pages/drill.py", **params)
    return click(at, "drill.start")


def run_of(at: AppTest) -> page.Run:
    run = at.session_state[page.RUN]
    assert isinstance(run, page.Run)
    return run


def component(at: AppTest, name: str) -> dict[str, Any]:
    (found,) = [c for c in at.get("bidi_component") if name in c.proto.component_name]
    data: dict[str, Any] = json.loads(found.proto.json)
    return data


def answer_right(at: AppTest) -> Question:
    q = run_of(at).q
    if q.kind == "lacks":
        assert isinstance(q.answer, frozenset)
        at.pills(key=page.MARKED).set_value(sorted(q.answer))
        click(at, "drill.check")
    else:
        (key,) = [k for k, v in page.choices(q) if v == q.answer]
        click(at, key)
    return q


def learner(at: AppTest) -> str:
    return str(at.query_params["learner"])


def test_the_start_screen_says_what_to_count_and_has_no_best_yet() -> None:
    at = open_page("pages/drill.py")
    assert at.title[0].value == "Counting drill"
    body = texts(at)
    assert "how many tiles with a given number are still hidden from you" in body
    assert "No run yet" in body
    assert at.segmented_control(key=page.LENGTH).value == 60
    assert at.button(key="drill.start")
    assert page.RUN not in at.session_state


def test_a_run_asks_the_engines_question_at_the_seats_view(
        monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    seed = seed_for("hidden")
    at = start(monkeypatch, seed)
    q = question(seed)
    run = run_of(at)
    assert run.q.answer == q.answer and run.started == clock.now and run.seconds == 60
    assert f"1. How many tiles with a {q.value} are still hidden from you?" in texts(at)
    keys = [b.key for b in at.button if b.key and b.key.startswith("drill.hidden.")]
    assert keys == [f"drill.hidden.{n}" for n in range(8)]
    table = component(at, "dominoes_board")
    assert [t["tile"] for t in table["hand"]["tiles"]] == [str(x) for x in q.state.hand(q.seat)]
    assert not table["interactive"] and table["controls"] == []
    for other in table["others"]:  # the others' tiles face down: their labels name no tile
        assert "[" not in other["label"]
    names = words.seat_labels(q.state)
    assert f"What {names[q.seat]} knows:" in texts(at)  # what the seat knows, in words
    assert table["hand"]["label"] == f"Your tiles ({names[q.seat]})"
    # The countdown is the browser's: it is given what is left by the page's clock.
    assert component(at, "countdown")["seconds"] == 60
    clock.now += 12.5
    at.run()
    assert component(at, "countdown")["seconds"] == 47.5


def test_a_right_answer_counts_and_the_next_question_comes_at_once(
        monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    seed = seed_for("hidden")
    at = start(monkeypatch, seed)
    q = answer_right(at)
    run = run_of(at)
    assert (run.asked, run.answered, run.right) == (2, 1, 1)
    assert run.q.answer == question(seed + 1).answer
    assert f"Right: {q.answer}." in texts(at)
    assert "Right so far: <b>1</b> / 1" in texts(at)


def test_a_wrong_answer_says_why_with_the_tiles_and_waits_for_next(
        monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    seed = seed_for("hidden")
    at = start(monkeypatch, seed)
    q = question(seed)
    assert q.value is not None and isinstance(q.answer, int)
    wrong = (q.answer + 1) % 8
    click(at, f"drill.hidden.{wrong}")
    body = texts(at)
    assert f"Not quite: you said {wrong}, the answer is {q.answer}." in body
    for tile in q.state.line.tiles():
        if tile.has(q.value):
            assert tile.bracket() in body  # the tiles in sight that make the count
    run = run_of(at)
    assert run.waiting and (run.asked, run.answered, run.right) == (1, 1, 0)
    assert at.button(key=f"drill.hidden.{q.answer}").disabled  # no second try
    click(at, "drill.next")
    run = run_of(at)
    assert run.asked == 2 and not run.waiting
    assert "Not quite" not in texts(at)


@pytest.mark.parametrize("kind", ["lacks", "open_end", "pips"])
def test_every_kind_of_question_is_answered_by_clicks(
        monkeypatch: pytest.MonkeyPatch, clock: Clock, kind: str) -> None:
    seed = seed_for(kind)
    at = start(monkeypatch, seed)
    q = answer_right(at)
    assert q.kind == kind
    run = run_of(at)
    assert (run.asked, run.right) == (2, 1), texts(at)


def test_a_lacks_question_marked_wrong_names_what_the_player_may_still_hold(
        monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    seed = next(s for s in range(600) if question(s).kind == "lacks"
                and isinstance(question(s).answer, frozenset) and len(question(s).answer) < 7)
    at = start(monkeypatch, seed)
    q = question(seed)
    assert isinstance(q.answer, frozenset) and q.about is not None
    extra = min(set(range(7)) - q.answer)
    at.pills(key=page.MARKED).set_value(sorted(q.answer | {extra}))
    click(at, "drill.check")
    body = texts(at)
    assert "Not quite" in body
    tiles = drill.may_hold(q.view, q.about, extra)
    assert tiles and all(x.bracket() in body for x in tiles)


def test_when_the_time_is_up_the_run_ends_and_its_score_is_kept(
        monkeypatch: pytest.MonkeyPatch, clock: Clock, data_dir: Path) -> None:
    seed = seed_for("hidden")
    at = start(monkeypatch, seed)
    answer_right(at)
    answer_right(at)
    right = run_of(at).right
    assert right == 2
    clock.now += 60.0
    q = run_of(at).q
    late = page.choices(q)[0][0] if q.kind != "lacks" else "drill.check"
    click(at, late)  # given after the time: it does not count
    run = run_of(at)
    assert run.over and run.right == right and run.answered == right
    body = texts(at)
    assert "Time's up" in body and f"Right answers a minute: <b>{right}</b>" in body
    assert "A new personal best!" in body
    record = progress.drill_record(learner(at), data_dir=data_dir)
    assert record == progress.DrillRecord(runs=1, best=float(right), last=float(right))
    assert f"Counting drill: best {right} a minute" in texts(at)  # the sidebar, at once
    at.run()  # drawn again: still one run kept
    assert progress.drill_record(learner(at), data_dir=data_dir).runs == 1


def test_a_weaker_run_keeps_the_best_and_says_what_it_is(
        monkeypatch: pytest.MonkeyPatch, clock: Clock, data_dir: Path) -> None:
    seed = seed_for("hidden")
    at = start(monkeypatch, seed)
    answer_right(at)
    clock.now += 61
    at.run()  # the time ran out while nobody clicked: the page shows the end
    assert run_of(at).over and "A new personal best!" in texts(at)
    click(at, "drill.again")
    assert not run_of(at).over and run_of(at).right == 0
    clock.now += 61
    at.run()
    body = texts(at)
    assert "A new personal best!" not in body
    assert "Your best: 1 right answers a minute (2 runs so far)." in body
    assert progress.drill_record(learner(at), data_dir=data_dir).runs == 2


def test_giving_up_keeps_nothing(monkeypatch: pytest.MonkeyPatch, clock: Clock,
                                 data_dir: Path) -> None:
    at = start(monkeypatch, seed_for("hidden"))
    answer_right(at)
    click(at, "drill.leave")
    assert page.RUN not in at.session_state and at.button(key="drill.start")
    assert progress.drill_record(learner(at), data_dir=data_dir).runs == 0


def test_the_run_length_is_chosen_before_start(monkeypatch: pytest.MonkeyPatch,
                                               clock: Clock) -> None:
    monkeypatch.setattr(page, "new_seed", lambda: 3)
    at = open_page("pages/drill.py")
    at.segmented_control(key=page.LENGTH).set_value(30).run()
    click(at, "drill.start")
    assert run_of(at).seconds == 30 and component(at, "countdown")["seconds"] == 30


@pytest.mark.parametrize("seconds", [30, 120])
def test_another_run_keeps_the_length_chosen(monkeypatch: pytest.MonkeyPatch, clock: Clock,
                                             seconds: int) -> None:
    monkeypatch.setattr(page, "new_seed", lambda: 3)
    at = open_page("pages/drill.py")
    at.segmented_control(key=page.LENGTH).set_value(seconds).run()
    click(at, "drill.start")
    clock.now += seconds + 1
    at.run()
    assert run_of(at).over and f"in {seconds} seconds" in texts(at)
    click(at, "drill.again")
    assert run_of(at).seconds == seconds and not run_of(at).over
    assert component(at, "countdown")["seconds"] == seconds
    clock.now += seconds - 1
    at.run()
    assert not run_of(at).over  # still running: not cut to a shorter length
    click(at, "drill.leave")  # the start screen offers the same length again
    assert at.segmented_control(key=page.LENGTH).value == seconds


def test_the_drill_speaks_arabic_right_to_left(monkeypatch: pytest.MonkeyPatch,
                                               clock: Clock) -> None:
    seed = seed_for("pips")
    at = start(monkeypatch, seed, lang="ar")
    assert at.title[0].value == "تمرين العدّ"
    assert "كم مجموع القيم على كل القطع المخفية عنك؟" in texts(at)
    q = question(seed)
    wrong = next(c for c in q.choices if c != q.answer)
    click(at, f"drill.pips.{q.choices.index(wrong)}")
    body = texts(at)
    assert "ليس تمامًا" in body and "\u2066" in body  # the sum is isolated left to right
