"""Play with friends: people play each other at one table online, the computer fills the
empty seats, everyone gets their own review.

Drawn by ui/pages/friends/view.py; the table's logic is ui/pages/friends/logic.py, what a
session does at the table ui/pages/friends/table.py, the address and the set-up form
ui/pages/friends/setup.py.
"""

import streamlit as st  # noqa: F401  (Streamlit runs this file as a page)

from ui.page import setup
from ui.pages.friends import view as friends_view

setup("pages/friends.py", "nav.friends")
friends_view.draw()
