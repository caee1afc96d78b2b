"""Worked examples (UX.md §6 "What if?"): replay a scenario move by move, branch off.

Drawn by pages/examples.py: ``logic`` (its logic and callbacks), ``view``
(its drawing).
"""
