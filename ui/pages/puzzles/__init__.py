"""Puzzles: the engine's bank of positions with one clearly best move, and the learner's own.

Drawn by pages/puzzles.py: ``logic`` (its logic and callbacks), ``view``
(its drawing), ``setup`` (reading its address).
"""
