"""Score keeper: the score sheet of a game played with real tiles.

After each round, say how it ended and what each player has left; the engine settles it
and keeps the match's sheet (ui/pages/scores/logic.py, drawn by ui/pages/scores/view.py).
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.scores import view as scores_view

setup("pages/scores.py", "nav.scores")
scores_view.draw()
