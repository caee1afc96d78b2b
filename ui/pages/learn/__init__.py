"""The Learn page's logic: where the learner is, checking answers, stars.

Drawn by pages/learn.py: ``logic`` (its logic and callbacks), ``view`` (its
drawing), ``words`` (what it says back, worded when drawn).
"""
