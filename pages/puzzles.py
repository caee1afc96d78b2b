"""Puzzles: positions from real rounds with one clearly best move, and the learner's own
mistakes brought back (spaced repetition).

Every click is handled in ui/pages/puzzles/logic.py callbacks before this script runs again."""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.puzzles import view as puzzles_view

setup("pages/puzzles.py", "nav.puzzles")
puzzles_view.draw()
