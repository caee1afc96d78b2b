"""Analysis: any position or round, its legal moves, the appraisal and the solver's verdict.

Drawn by pages/analysis.py: ``logic`` (its logic and callbacks), ``view``
(its drawing), ``setup`` (reading its address), ``setup_view`` (drawing its setup), ``words``
(what it says back, worded when drawn).
"""
