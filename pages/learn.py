"""Learn: the lessons, step by step (UX.md §2–5).

Load where the learner is, draw the list or the step; every click is handled
in ui/pages/learn/logic.py callbacks before this script runs again.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.content import content
from ui.page import setup
from ui.pages.learn import logic as learn
from ui.pages.learn import view as learn_view

setup("pages/learn.py", "nav.learn")
data = content()
place = learn.locate(data)
if place is None:
    learn_view.lesson_list(data)
else:
    learn.arrive(data, *place)  # a step that is done once seen is recorded before drawing
    learn_view.step_view(data, *place)
