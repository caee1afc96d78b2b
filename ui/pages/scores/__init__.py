"""The score keeper: the sheet of a game played with real tiles (logic and callbacks).

Drawn by pages/scores.py: ``logic`` (its logic and callbacks), ``view`` (its
drawing), ``words`` (what it says back, worded when drawn).
"""
