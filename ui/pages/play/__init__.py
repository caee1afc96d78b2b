"""Play: rounds and matches against the computer, with hints and a review of every move.

Drawn by pages/play.py: ``logic`` (its logic and callbacks), ``view`` (its
drawing), ``setup`` (reading its address), ``words`` (what it says back, worded when drawn),
``review_view`` (the review's drawing; its logic is
:mod:`ui.widgets.round_review`), ``hints`` (the hints),
``resume`` (a match taken up again), ``tutor`` (the tutor's logic), ``tutor_judge`` (what the
tutor's looks judge), ``tutor_state`` (the tutor's state), ``tutor_view`` (the tutor's drawing).
"""
