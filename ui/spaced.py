"""Spaced repetition for the learner's own puzzles: FSRS, through the ``fsrs`` package
(open-spaced-repetition's scheduler, the one Anki uses).

A personal puzzle is a card.  It is made as if reviewed once at the moment of the decision it
comes from: a mistake as forgotten (``Again``), a position played well as remembered
(``Good``); so a mistake comes back the next day and a well-played position a few days later,
mixed in.  Each first answer to it then reviews it: right ``Good``, wrong ``Again``.  The
scheduler has no same-day learning steps (a card comes back after whole days) and no fuzz
(the same answers at the same times give the same days, which the tests rely on).  A card is
kept as the package's own JSON; times are Unix seconds, as everywhere in the store.
"""

from __future__ import annotations

from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

#: Every card's id: the store keys cards by learner and decision, not by this.
CARD_ID = 1


def scheduler() -> Scheduler:
    """The scheduler (a fresh one: nothing mutable is shared)."""
    return Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def _when(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


def first(at: float, mistake: bool) -> tuple[str, float]:
    """A new card for a decision made at ``at``: its JSON and when it is due."""
    card = Card(card_id=CARD_ID, due=_when(at))
    card, _ = scheduler().review_card(card, Rating.Again if mistake else Rating.Good, _when(at))
    return card.to_json(), card.due.timestamp()


def review(state: str, right: bool, at: float) -> tuple[str, float]:
    """The card ``state`` (JSON) reviewed at ``at``: right ``Good``, wrong ``Again``; the
    new JSON and when it is due next."""
    card = Card.from_json(state)
    card, _ = scheduler().review_card(card, Rating.Good if right else Rating.Again, _when(at))
    return card.to_json(), card.due.timestamp()
