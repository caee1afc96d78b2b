"""Try it: deal any rule family (seeded) or open a scenario, and play every seat.

Everything the page does is in ui/try_it.py; clicks are handled in its
callbacks before this script runs again.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.content import content
from ui.page import setup
from ui.pages import try_it

setup("pages/try_it.py", "nav.try_it")
try_it.draw(content())
