"""The home page (UX.md §1): what this is, where to begin, the three families, and — for a
returning learner — where they stopped.

Drawn by app.py: ``view`` (its one module, logic and drawing together).
"""
