"""Lessons in words and a learner's place in them: titles, summaries, the next open step,
stars won.  Learn lists and teaches them; Home, the quiz and the rules link to them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.teaching.lessons import Lesson, Step

from ..i18n import lesson_text, settlement_text, t


def is_task(step: Step) -> bool:
    """Whether the step asks something (a watch step only shows)."""
    return step.task.kind != "watch"


def step_title(lesson: Lesson, step: Step) -> str:
    return lesson_text(lesson.id, step.id, "title", step.title or lesson.title)


def lesson_title(lesson: Lesson) -> str:
    return lesson_text(lesson.id, None, "title", lesson.title)


def lesson_summary(lesson: Lesson) -> str:
    return lesson_text(lesson.id, None, "summary", lesson.summary)


def first_open_step(lesson: Lesson, done: dict[tuple[str, str], int]) -> Step:
    """The lesson's first step not yet done (its first when all are done)."""
    return next((s for s in lesson.steps if (lesson.id, s.id) not in done), lesson.steps[0])


def lesson_progress(lesson: Lesson, done: dict[tuple[str, str], int]) -> tuple[int, int, int, int]:
    """``(steps done, steps, stars, stars possible)`` for a lesson."""
    finished = [s for s in lesson.steps if (lesson.id, s.id) in done]
    tasks = [s for s in lesson.steps if is_task(s)]
    stars = sum(done.get((lesson.id, s.id), 0) for s in tasks)
    return len(finished), len(lesson.steps), stars, 3 * len(tasks)


def learn_stars(lessons: Sequence[Lesson], done: Mapping[tuple[str, str], int]) -> int:
    """The stars earned in these lessons' steps (not the Strategy course's, kept beside them)."""
    return sum(done.get((lesson.id, s.id), 0) for lesson in lessons for s in lesson.steps)


def step_text(lesson: Lesson, step: Step) -> str:
    return lesson_text(lesson.id, step.id, "text", step.text)


def task_prompt(lesson: Lesson, step: Step) -> str:
    default = step.task.prompt or t(f"task.{step.task.kind}")
    return lesson_text(lesson.id, step.id, "prompt", default)


def success_text(lesson: Lesson, step: Step) -> str:
    return lesson_text(lesson.id, step.id, "success", step.task.success) or t("learn.right")


def hint_text(lesson: Lesson, step: Step) -> str:
    return lesson_text(lesson.id, step.id, "hint", step.task.hint)


def next_open_step(lessons: Sequence[Lesson], done: dict[tuple[str, str], int],
                   where: tuple[str, str] | None) -> tuple[Lesson, Step] | None:
    """Where "Go on where you stopped" leads: the step the learner was on if it is not
    done yet, else the next step not done after it (then from the start); None when
    every step is done."""
    flat = [(les, s) for les in lessons for s in les.steps]
    start = next((i for i, (les, s) in enumerate(flat) if (les.id, s.id) == where), 0)
    for les, s in flat[start:] + flat[:start]:
        if (les.id, s.id) not in done:
            return les, s
    return None


def winner_success(lesson: Lesson, step: Step) -> str:
    """What a right "who wins" answer hears, said once: the step's own success text (it
    carries the reckoning), else "Right." with the settlement in words."""
    own = lesson_text(lesson.id, step.id, "success", step.task.success)
    return own or t("learn.winner_right", text=settlement_text(step.settlement(),
                                                               step.scenario.seats))
