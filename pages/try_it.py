"""Placeholder page: replaced by the page's own builder (see issue 5)."""

from ui.page import setup
from ui.placeholder import coming_soon

setup("pages/try_it.py", "nav.try_it")
coming_soon("nav.try_it")
