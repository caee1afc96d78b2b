"""Quiz: settle finished rounds made by the engine (UX.md §7).

Load the question in the address (or a new one), draw the final table, ask;
every click is handled in ui/pages/quiz/logic.py callbacks before this script runs again.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.quiz import view as quiz_view

setup("pages/quiz.py", "nav.quiz")
quiz_view.draw()
