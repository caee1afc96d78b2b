"""Strategy: how to play well, one principle at a time, each backed by the engine's figures.

Drawn by pages/strategy.py: ``logic`` (its logic and callbacks), ``view`` (its drawing).
"""
