"""Progress: the learner's figures over time, as charts (Play's accuracy and loss per round,
the counting drill's scores), or what to do to get some.

Drawn by ui/pages/progress/view.py; the sections, their progress queries and charts are
ui/pages/progress/logic.py.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.progress import view as progress_view

setup("pages/progress.py", "nav.progress_page")
progress_view.draw()
