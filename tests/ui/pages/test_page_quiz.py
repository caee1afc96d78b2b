"""The Quiz page (AppTest): questions from the engine, answers scored, streaks kept.

The right answer is always computed here from the engine (``engine.teaching.quiz``),
from the level and seed the page puts in its address.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_support import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.teaching.quiz import Question, question
from ui import progress
from ui.pages.quiz import logic as ui_quiz
from ui.widgets import seats as seats_widget


def open_quiz(**params: str) -> AppTest:
    return open_page("pages/quiz.py", params_on_home=True, **params)


def shown(at: AppTest) -> Question:
    """The question on the page, rebuilt from its address with the engine."""
    level, seed = int(at.query_params["quiz_level"]), int(at.query_params["quiz_seed"])
    q = question(level, seed)
    assert q.seed == seed  # the address names the question itself
    return q


def answer(at: AppTest, seat: int | None, points: int | None = None) -> AppTest:
    at.segmented_control(key="quiz.answer.seat").set_value(
        ui_quiz.NOBODY if seat is None else seat)
    if points is not None:
        at.number_input(key="quiz.answer.points").set_value(points)
    return click(at, "quiz.check")


def answer_right(at: AppTest) -> Question:
    q = shown(at)
    answer(at, q.winner, q.points if q.asks_points and q.winner is not None else None)
    return q


def seed_where(level: int, pred: object) -> int:
    for seed in range(3000):
        q = question(level, seed)
        if q.seed == seed and pred(q):  # type: ignore[operator]
            return seed
    raise AssertionError("no such seed")


def record(at: AppTest, data_dir: Path) -> progress.QuizRecord:
    return progress.quiz_record(str(at.query_params["learner"]), data_dir=data_dir)


def test_the_quiz_renders_a_finished_round_with_every_hand(data_dir: Path) -> None:
    at = open_quiz()
    assert at.title[0].value == "Quiz"
    q = shown(at)
    body = texts(at)
    assert "Question 1 of 10" in next(p.proto.text for p in at.get("progress"))
    assert 'class="quiz-seat' in body and body.count('class="quiz-seat') == q.state.players
    for tile in q.state.hand(0):
        assert tile.bracket() in body  # every hand is face up (its label names the tiles)
    assert "caption-desc" in body  # the line's text description
    assert at.button(key="quiz.check")
    assert at.segmented_control(key="quiz.level").value == q.level


def test_a_right_answer_scores_and_streaks(data_dir: Path) -> None:
    seed = seed_where(1, lambda q: q.rules.family == "block" and q.winner is not None
                      and q.ending == "blocked")
    at = open_quiz(quiz_level="1", quiz_seed=str(seed))
    q = answer_right(at)
    body = texts(at)
    assert "**Right.**" in body
    assert " − " in q.settlement.explanation.arithmetic
    assert "Blocked: " in body and body.count(q.settlement.explanation.arithmetic) == 1
    assert record(at, data_dir) == progress.QuizRecord(1, 1, 1, 1)
    click(at, "quiz.next")
    answer_right(at)
    assert "**Right.**" in texts(at)
    assert record(at, data_dir) == progress.QuizRecord(2, 2, 2, 2)
    assert "This set: <b>2</b> / 2" in texts(at)


def test_a_wrong_answer_shows_the_arithmetic_and_breaks_the_streak(data_dir: Path) -> None:
    seed = seed_where(1, lambda q: q.rules.family == "block" and q.winner is not None
                      and q.ending == "blocked")
    at = open_quiz(quiz_level="1", quiz_seed=str(seed))
    answer_right(at)
    click(at, "quiz.next")
    at.query_params["quiz_level"], at.query_params["quiz_seed"] = "1", str(seed)
    at.run()  # the same question again, by its link
    q = shown(at)
    assert q.seed == seed
    assert q.winner is not None
    answer(at, q.winner, q.points + 3)
    body = texts(at)
    assert "The right player, but not the points." in body
    assert q.settlement.explanation.arithmetic in body  # 7 + 8 − 3 = 12 style
    for h in q.settlement.holdings:  # each seat's total as its sum
        assert f"→ {seats_widget.seat_sum(h)}" in body
    lesson, step = ui_quiz.LESSON_FOR[ui_quiz.topic(q)]
    assert lesson == "settling-block"
    assert any(link.proto.label.startswith("Learn it again: Settling a Block round — ")
               and f"lesson={lesson}" in link.proto.query_string
               and f"step={step}" in link.proto.query_string for link in at.get("page_link"))
    assert record(at, data_dir) == progress.QuizRecord(2, 1, 0, 1)  # streak broken
    # a retry: the form comes back; a right answer then is shown but not counted
    click(at, "quiz.retry")
    answer_right(at)
    assert "the first answer is the one that counts" in texts(at)
    assert record(at, data_dir).answered == 2


def test_nobody_scores_and_a_draw_are_answers(data_dir: Path) -> None:
    seed = seed_where(3, lambda q: q.settlement.explanation.code == "block_tied_lowest")
    at = open_quiz(quiz_level="3", quiz_seed=str(seed))
    answer(at, None)  # nobody scores: no points needed
    assert "**Right.**" in texts(at) and "nobody scores" in texts(at)
    seed = seed_where(3, lambda q: q.settlement.explanation.code == "duel_equal")
    at = open_quiz(quiz_level="3", quiz_seed=str(seed))
    answer(at, 0)
    body = texts(at)
    assert "Not quite. You said: White." in body
    assert "Blocked with equal totals" in body and "a draw" in body


def test_an_incomplete_answer_asks_for_the_rest(data_dir: Path) -> None:
    seed = seed_where(1, lambda q: q.rules.family == "block" and q.winner is not None)
    at = open_quiz(quiz_level="1", quiz_seed=str(seed))
    click(at, "quiz.check")
    assert "Choose who wins first" in texts(at)
    at.segmented_control(key="quiz.answer.seat").set_value(0)
    click(at, "quiz.check")
    assert "Type the points as well" in texts(at)
    assert record(at, data_dir).answered == 0


def test_the_record_survives_a_new_session(data_dir: Path) -> None:
    at = open_quiz()
    answer_right(at)
    learner = str(at.query_params["learner"])
    again = open_quiz(learner=learner)
    body = texts(again)
    assert "Streak: <b>1</b>" in body and "Best streak: <b>1</b>" in body
    assert "All time: 1 right of 1" in body
    assert "Quiz: 1 right of 1 · best streak 1" in body  # the sidebar too


def test_a_new_question_never_repeats_the_last(data_dir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_quiz(quiz_level="2", quiz_seed="40")
    first = shown(at)
    # even when the new seed is the same one, the next question differs
    monkeypatch.setattr(ui_quiz, "_new_seed", lambda: first.seed)
    answer_right(at)
    click(at, "quiz.next")
    second = shown(at)
    assert second.key != first.key
    assert second.level == 2


def test_a_bad_seed_in_the_address_gives_a_notice(data_dir: Path) -> None:
    at = open_quiz(quiz_level="2", quiz_seed="abc")
    assert any("could not be read" in i.value for i in at.info)
    q = shown(at)  # a valid question instead, in the address
    assert q.level == 2
    at = open_quiz(quiz_level="9", quiz_seed="5")
    assert any("could not be read" in i.value for i in at.info)
    assert shown(at).level in (1, 2, 3)


def test_a_shared_link_shows_the_same_question(data_dir: Path) -> None:
    at = open_quiz(quiz_level="3", quiz_seed="77")
    q = shown(at)
    again = open_quiz(quiz_level="3", quiz_seed=str(q.seed))
    assert shown(again).key == q.key
    assert f"This is question {q.seed} of level 3" in texts(again)


def test_changing_the_level_deals_a_question_of_that_level(data_dir: Path) -> None:
    at = open_quiz(quiz_level="1", quiz_seed="3")
    at.segmented_control(key="quiz.level").set_value(3).run()
    assert not at.exception
    assert shown(at).level == 3
    assert at.segmented_control(key="quiz.level").value == 3


def test_ten_questions_then_a_summary_with_what_to_revisit(data_dir: Path) -> None:
    at = open_quiz(quiz_level="2", quiz_seed="1")
    missed: list[Question] = []
    for n in range(10):
        q = shown(at)
        if n % 2:
            answer_right(at)
        else:  # a wrong seat
            wrong = 0 if q.winner is None else (q.winner + 1) % q.state.players
            answer(at, wrong, q.points + 1 if q.asks_points else None)
            missed.append(q)
        if n < 9:
            click(at, "quiz.next")
    click(at, "quiz.results")
    body = texts(at)
    assert "Your set of ten" in body
    assert "You settled 5 of 10 rounds right at the first try." in body
    learn_links = {link.proto.query_string for link in at.get("page_link")
                   if link.proto.label.startswith("Learn it again")}
    wanted = {ui_quiz.LESSON_FOR[ui_quiz.topic(q)] for q in missed}
    assert wanted
    for lesson, step in wanted:  # every missed topic links to the Learn step that teaches it
        assert any(f"lesson={lesson}" in qs and f"step={step}" in qs for qs in learn_links)
    for q in missed:
        assert ui_quiz.t(ui_quiz.TOPIC_KEYS[ui_quiz.topic(q)]) in body
    click(at, "quiz.new_set")
    assert "Question 1 of 10" in next(p.proto.text for p in at.get("progress"))


def test_the_summary_links_every_missed_topic_once(data_dir: Path) -> None:
    at = open_quiz()
    topics = list(ui_quiz.LESSON_FOR)  # eleven topics, two of them taught by the same step
    at.session_state[ui_quiz.SET] = [ui_quiz.Result(2, n, name, False)
                                     for n, name in enumerate(topics[:10])]
    at.session_state[ui_quiz.SUMMARY] = True
    at.run()
    assert not at.exception, at.exception
    body = texts(at)
    assert "You settled 0 of 10 rounds right at the first try." in body
    labels = [link.proto.label for link in at.get("page_link")]
    assert sum(1 for label in labels if label.startswith("Learn it again")) == 10
    for name in topics[:10]:
        assert ui_quiz.t(ui_quiz.TOPIC_KEYS[name]) in body


def test_the_answers_explanation_follows_a_change_of_language() -> None:
    """A learner who switches the language after an answer reads its explanation again in
    the new one (nothing said is kept as text in the old language)."""
    seed = seed_where(1, lambda q: q.rules.family == "block" and q.winner is not None)
    at = open_quiz(quiz_level="1", quiz_seed=str(seed))
    q = shown(at)
    answer(at, q.winner, q.points + 3)
    assert "The right player, but not the points. You said:" in texts(at)
    at.query_params["lang"] = "uk"
    at.run()
    body = texts(at)
    assert "The right player" not in body
    assert "Гравця вказано правильно, а бали — ні. Ваша відповідь:" in body
    assert q.settlement.explanation.arithmetic in body  # the reckoning is still there
