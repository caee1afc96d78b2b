"""A round's review, for any page where a learner plays a round: ``work`` (worked out in the
background worker, filed once in the learner's record), ``kept`` (its answers kept in the
store one by one), ``pending`` (started, and taken up again, by a page that is not Play),
``view`` (drawn: the words Play's review shares, and a compact review for any page)."""
