"""Try it: deal any rule family (seeded) or open a scenario, and play every seat.

Drawn by ui/pages/try_it/view.py; every click is handled in ui/pages/try_it/logic.py
callbacks before this script runs again.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.content import content
from ui.page import setup
from ui.pages.try_it import view as try_it_view

setup("pages/try_it.py", "nav.try_it")
try_it_view.draw(content())
