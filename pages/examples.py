"""Worked examples: replay each example move by move, and ask "what if?" (UX.md §6).

The list or one example's replay; every click is handled in ui/pages/examples/logic.py
callbacks before this script runs again.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.content import content
from ui.page import setup
from ui.pages.examples import view as examples_view

setup("pages/examples.py", "nav.examples")
examples_view.draw(content())
