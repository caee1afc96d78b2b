"""Counting drill: a timed run of counting questions from real positions (one seat's view).

Drawn by ui/pages/drill/view.py; the run and its callbacks are ui/pages/drill/logic.py, its words
ui/pages/drill/words.py; the questions and their answers come from engine/teaching/drill.py.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.drill import view as drill_view

setup("pages/drill.py", "nav.drill")
drill_view.draw()
