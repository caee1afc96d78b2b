"""Try it: a table for any rule family — deal (seeded) or open a scenario, play every seat.

Drawn by pages/try_it.py: ``logic`` (its logic and callbacks), ``view`` (its
drawing).
"""
