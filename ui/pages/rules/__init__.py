"""The Rules page: each family's rules in full, topic by topic (RULES.md §1–4).

Drawn by pages/rules.py: ``view`` (its one module, logic and drawing together).
"""
