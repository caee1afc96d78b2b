"""Play: rounds and matches against the computer, with hints and a review of every move.

Drawn by ui/pages/play/view.py; the table's logic is ui/pages/play/logic.py, its session and
callbacks ui/pages/play/setup.py.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.play import view as play_view

setup("pages/play.py", "nav.play")
play_view.draw()
