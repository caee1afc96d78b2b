"""Strategy: how to play well, one principle at a time, each measured by the engine.

Load the course and where the learner is, record a lesson as read, draw the course or the
lesson (ui/pages/strategy/logic.py, strategy_view.py).
"""

from ui import session
from ui.content import puzzles, strategy
from ui.page import setup
from ui.pages.strategy import logic
from ui.pages.strategy import view as strategy_view

setup("pages/strategy.py", "nav.strategy")
course = strategy()
lesson, notice = logic.locate(course)
if lesson is None:
    strategy_view.course_view(course, notice)
else:
    stars = logic.arrive(lesson)
    strategy_view.lesson_view(course, puzzles(), lesson, stars, session.puzzles_tried())
