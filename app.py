"""Home: what this is, where to begin, the three rule families (UX.md §1).

Streamlit's multipage app starts here; the other pages are in pages/.
"""

from ui.content import content
from ui.page import setup
from ui.pages.home import view as home

setup("app.py", "nav.home")
data = content()
home.hero(data)
home.due()
home.families()
home.more()
