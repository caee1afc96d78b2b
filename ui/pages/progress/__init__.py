"""The Progress page: the learner's figures over time, as charts (Vega-Lite through Altair, which
Streamlit ships), each with its words for screen readers.

Drawn by pages/progress.py: ``logic`` (its logic and callbacks), ``view``
(its drawing).
"""
