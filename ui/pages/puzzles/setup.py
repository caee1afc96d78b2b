"""The Puzzles page's problems set up: a puzzle as the page shows it (:class:`Problem`): a bank puzzle (a scenario under
scenarios/puzzles/) or one of the learner's own (a decision of a reviewed round of Play), with
every distinct legal move's expected score, the moves counted right, and what the seat sees
(ui/pages/puzzles/logic.py chooses, shows and answers them)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.notation.code import Position, parse_position
from engine.teaching.scenario import Scenario
from engine.teaching.themes import themes

from ...progress import OwnCard

#: An own puzzle's move counts as right when the review graded it so.
RIGHT_GRADES = ("forced", "best", "good")


@dataclass(frozen=True)
class Problem:
    """A position to solve: ``kind`` ``bank`` or ``own``; ``state`` has every hand (the page
    shows the seat's alone) and ``view`` is what the seat knows, ``seen`` the same as a
    seat's-eye position (what a link to it carries: the engine writes its code, with all the
    seat knows); ``moves`` every distinct legal move with its expected score, best first;
    ``right`` the moves counted right (the best, and for an own puzzle those its review
    graded good)."""

    key: str
    kind: str
    rules: Ruleset
    state: State
    seat: int
    view: SeatView
    moves: tuple[tuple[Move, float], ...]
    best: tuple[Move, ...]
    right: frozenset[Move]
    themes: tuple[str, ...]
    rating: float | None = None
    decided: float | None = None  # own: when the learner met it in Play
    played: Move | None = None  # own: what they played then
    seen: Position | None = None  # the seat's view as a position (None: from the state)

    def seat_position(self) -> Position:
        """What the seat sees, as a position: its code carries all the seat knows."""
        return self.seen if self.seen is not None else \
            Position.from_state(self.state, self.seat)

    @property
    def names(self) -> tuple[Move, ...]:
        return tuple(m for m, _ in self.moves)

    def expected(self, move: Move) -> float:
        return next(e for m, e in self.moves if m == move)


def bank_problem(s: Scenario, rating: float | None = None) -> Problem:
    p = s.puzzle
    assert p is not None
    state = s.replay()
    return Problem(s.id, "bank", s.rules, state, p.seat, view(state, p.seat),
                   tuple((f.move, f.expected) for f in p.moves), p.best, frozenset(p.best),
                   p.themes, float(p.rating) if rating is None else rating,
                   seen=Position.from_state(state, p.seat))


def own_problem(card: OwnCard) -> Problem | None:
    """The problem of a card of the learner's own, or None when its records no longer read
    (a code or a move this engine refuses: the card is left aside, never a traceback)."""
    d = card.decision
    try:
        whole = parse_position(d.position)
        state = whole.state()
        seat = state.mover
        if seat is None:
            return None
        seen_position = parse_position(d.seen)
        seen = seen_position.view(seat)
        scored: dict[Move, tuple[float, str]] = {}
        for text, expected, grade in d.moves:
            move = state.canonical(state.resolve(Move.parse(text)))
            scored.setdefault(move, (expected, grade))
        played = state.canonical(state.resolve(Move.parse(d.played)))
    except ValueError:
        return None
    moves = tuple(sorted(((m, e) for m, (e, _) in scored.items()), key=lambda x: -x[1]))
    if len(moves) < 2:
        return None
    top = moves[0][1]
    best = tuple(m for m, e in moves if e == top)
    right = frozenset(m for m, (_, g) in scored.items() if g in RIGHT_GRADES) | set(best)
    wrong = [m for m, _ in moves if m not in right]
    return Problem(f"own:{d.card}", "own", state.rules, state, seat, seen, moves, best, right,
                   themes(seen, best, wrong) if wrong else (), decided=d.decided,
                   played=played, seen=seen_position)
