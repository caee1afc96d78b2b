"""Analysis: any position or round, set up by clicking, pasted, or opened from a link or a
round record; its legal moves, the appraisal from the mover's seat and the solver's verdict
(ui/pages/analysis/logic.py, drawn by ui/pages/analysis/view.py).
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.analysis import view as analysis_view

setup("pages/analysis.py", "nav.analysis")
analysis_view.draw()
