"""The Quiz page (UX.md §7): finished rounds from :mod:`engine.teaching.quiz`, settled by the
learner.

Drawn by pages/quiz.py: ``logic`` (its logic and callbacks), ``view`` (its
drawing), ``setup`` (reading its address).
"""
