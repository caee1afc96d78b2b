"""What Learn says back after a right answer: each thing said once, in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from text_support import assert_no_sentence_repeats, sentences

from ui import i18n
from ui.content import load_content
from ui.widgets.lessons import success_text, winner_success

ROOT = Path(__file__).resolve().parents[2]
LESSONS = load_content(ROOT / "scenarios").lessons


def test_the_sentence_check_catches_a_repeated_sum() -> None:
    said = ("Right: North scores the opponents' totals, 5 + 5 = 10. North played their last "
            "tile and scores the opponents' totals: 5 + 5 = 10.")
    assert len(sentences(said)) == 2
    with pytest.raises(AssertionError):
        assert_no_sentence_repeats(said)
    with pytest.raises(AssertionError):
        assert_no_sentence_repeats("Right. Right.")
    assert_no_sentence_repeats("Right. North scores 7 + 8 − 3 = 12.")


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ar", "ko", "id", "es"])
def test_no_learn_feedback_repeats_itself(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setattr(i18n.language, "current_lang", lambda: lang)
    winners = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            assert_no_sentence_repeats(success_text(lesson, step))
            if step.task is not None and step.task.kind == "winner":
                winners += 1
                assert_no_sentence_repeats(winner_success(lesson, step))
    assert winners >= 10
