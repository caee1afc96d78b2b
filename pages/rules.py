"""Placeholder page: replaced by the page's own builder (see issue 5)."""

from ui.page import setup
from ui.placeholder import coming_soon

setup("pages/rules.py", "nav.rules")
coming_soon("nav.rules")
