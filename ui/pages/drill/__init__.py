"""The counting drill (a timed run, like lichess's coordinates trainer): questions from
:mod:`engine.teaching.drill`, answered by clicks, as many as the learner can in the run's time.

Drawn by pages/drill.py: ``logic`` (its logic and callbacks), ``view`` (its
drawing), ``words`` (what it says back, worded when drawn).
"""
