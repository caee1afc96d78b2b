"""A match kept in the learner's store (:mod:`ui.progress`), played through again: its rules,
level, seed and seat from its address, the match dealt again from its seed round by round,
each round laid out from its kept deal and played through its kept moves, every finished
round recorded in the match.  Play takes the match up from it (``ui.pages.play.resume``);
Home says a match is in progress from it.  No rule is worked out here: the engine's match and
round code do it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.game.match import Match, match_for
from engine.game.rules import Ruleset
from engine.game.state import State
from engine.notation.code import CodeError, parse_round
from engine.players.bots import LEVELS

from .. import progress
from .deal_setup import parse_params


@dataclass
class Replayed:
    """A kept match as it stands: the round on the table as dealt (``start``) and now."""

    rules: Ruleset
    level: str
    seed: int
    seat: int | None  # the learner's seat when the address names one
    match: Match
    start: State
    state: State
    hints: frozenset[int] = frozenset()  # the plies of the round on the table with a hint

    @property
    def round_no(self) -> int:
        """The round on the table (the last recorded one while its end is on show)."""
        return len(self.match.rounds) + (0 if self.state.over else 1)


def replay(saved: progress.SavedMatch) -> Replayed | None:
    """The kept match as it stands (None when the store's record cannot be read: then no
    wrong match is shown)."""
    params = saved.params
    parsed = parse_params(params)
    if parsed.problems or parsed.seed is None or params.get("level") not in LEVELS:
        return None
    seat_text = params.get("seat")
    seat = int(seat_text) - 1 if seat_text is not None and seat_text.isdigit() else None
    if seat is not None and not 0 <= seat < parsed.rules.players:
        return None
    match = match_for(parsed.rules, random.Random(parsed.seed))
    state = match.deal()
    kept = Replayed(parsed.rules, str(params["level"]), parsed.seed, seat, match,
                    state.copy(), state)
    try:
        for number, saved_round in enumerate(saved.rounds, start=1):
            if saved_round.number != number or match.over:
                break
            if number > 1:
                match.deal()  # the match's dealing goes on where it was ...
            played = parse_round(saved_round.code)  # ... but the round is the one kept
            if played.start.state().rules != parsed.rules:
                return None
            kept.start, kept.state = played.start.state(), played.final()
            kept.hints = frozenset(saved_round.hints)
            if not kept.state.over:
                break
            match.record(kept.state)
    except (CodeError, ValueError):
        return None
    return kept


def in_progress(saved: progress.SavedMatch | None) -> Replayed | None:
    """The kept match, when it is neither abandoned nor over."""
    if saved is None or saved.abandoned:
        return None
    kept = replay(saved)
    return None if kept is None or kept.match.over else kept
