"""A round's review, for any page where a learner plays a round: ``work`` (worked out in the
background worker, filed once in the learner's record), ``kept`` (its answers kept in the
store one by one)."""
