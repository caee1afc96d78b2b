"""Placeholder page: replaced by the page's own builder (see issue 5)."""

from ui.page import setup
from ui.placeholder import coming_soon

setup("pages/quiz.py", "nav.quiz")
coming_soon("nav.quiz")
