"""Rules: each family's rules in full, with the engine's diagrams and worked examples.

The family is in the address (``?family=gaple``); everything else is drawn by
ui/pages/rules/view.py.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.rules import view as rules

setup("pages/rules.py", "nav.rules")
rules.draw()
