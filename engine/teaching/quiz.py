"""Settlement quiz questions: finished rounds made by the engine, and their checks.

A question is a round dealt from a seed and played to its end by a simple
policy (each player plays a random legal move, preferring heavy tiles at
higher levels, which makes blocks likelier), so the learner sees a real
ending: the hands, the line, how it ended.  They say who won and, in Block,
how many points; :func:`check` compares that with :func:`settle` and returns
the worked arithmetic either way.

Every question is reproducible: ``question(q.level, q.seed)`` is ``q`` again,
so a question can be shared as a level and a seed.  Candidate rounds are
tried for ``seed``, ``seed + 1``, … and the first one that fits is kept (its
own seed is the question's); at level 2 a plain ending is kept only some of the
time, so blocked rounds and ties come up more often there; level 3 ("Ties and
variants") keeps only ties and endings a variant has (:func:`twist`).

>>> q = question(level=1, seed=7)
>>> q.settlement.status in ("domino", "blocked")
True
>>> check(q, q.settlement.winners[0] if q.settlement.winners else None,
...       q.settlement.points[q.settlement.winners[0]] if q.settlement.winners else 0).correct
True
>>> question(q.level, q.seed).key == q.key
True
>>> question(1, 7, avoid=q.key).key != q.key
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..game.rules import Ruleset, block, duel, gaple
from ..game.settlement import Settlement, blank_double_counted, check_answer, settle
from ..game.state import State

LEVELS = (1, 2, 3)
#: Seeds a page offers (and accepts in a link): ``0 <= seed < SEED_LIMIT``; a
#: question's own seed stays below it (the search wraps round to 0).
SEED_LIMIT = 10**9

#: The rule sets each level draws from: easy is two players; hard mixes
#: every family, player count and variant.  A level picks a family first
#: (each equally often), then one of its rule sets.
LEVEL_RULES: dict[int, tuple[Ruleset, ...]] = {
    1: (block(2), duel(False)),
    2: (block(2), block(3), block(4), duel(False), duel(True), gaple(4)),
    3: (block(3), block(4), duel(False), duel(True), gaple(4), gaple(5), gaple(4, 7),
        gaple(4, blank_double_25=True), gaple(4, dead_tiles=False)),
}

#: Endings decided by a tie or a tie-break: always kept at levels 1 and 2.
TRICKY = frozenset({"block_tied_lowest", "duel_equal", "gaple_tie_tile", "gaple_tie_half"})
#: How often a candidate is kept at levels 1 and 2: ``(domino, blocked)``.  A tricky
#: ending (or a [0|0] counted 25) is always kept; the rest are drawn again.
KEEP: dict[int, tuple[float, float]] = {1: (1.0, 1.0), 2: (0.5, 0.8)}
#: Level 3, "Ties and variants", keeps only a tie (:data:`TRICKY`) or an ending only a
#: variant has (:func:`twist`), each with this chance by family and twist, so that ties
#: are about half the questions, the rarer variants come up too and no family crowds out
#: the others (a Gaple hand emptied with dead tiles is common, a Block tie rare); an
#: ordinary ending is never kept there.
KEEP_3: dict[tuple[str, str], float] = {
    ("block", "tie"): 1.0, ("duel", "tie"): 1.0, ("duel", "draw_blocked"): 0.25,
    ("gaple", "tie"): 0.4, ("gaple", "blank_25"): 0.3, ("gaple", "pass_blocked"): 0.3,
    ("gaple", "out_with_dead"): 0.03,
}
TRIES = 600

#: What makes an ending level 3's (:func:`twist`).
TWISTS = ("tie", "blank_25", "out_with_dead", "pass_blocked", "draw_blocked")


@dataclass(frozen=True)
class Question:
    level: int
    seed: int
    state: State
    settlement: Settlement

    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    @property
    def asks_points(self) -> bool:
        """Block asks for the points as well as the winner (:attr:`Ruleset.asks_points`)."""
        return self.rules.asks_points

    @property
    def ending(self) -> str:
        """How the round ended: ``domino`` (a player went out), ``blocked``
        (nobody could play) or ``emptied`` (Gaple: a hand emptied by a dead
        discard)."""
        return self.state.status

    @property
    def out(self) -> int | None:
        """The seat that played out (domino) or emptied their hand, else None."""
        return self.state.to_move if self.ending in ("domino", "emptied") else None

    @property
    def twist(self) -> str | None:
        """What makes this ending a tie or a variant's own (:func:`twist`), else None."""
        return twist(self.state, self.settlement)

    @property
    def winner(self) -> int | None:
        """The single winner; None when nobody scores (a tie) or for a draw."""
        return self.settlement.winner

    @property
    def points(self) -> int:
        """Block: the winner's points (0 when nobody scores); else 0."""
        w = self.winner
        return self.settlement.points[w] if w is not None and self.asks_points else 0

    @property
    def key(self) -> tuple[object, ...]:
        """Two questions with the same key show the same ending."""
        return (self.rules.name, tuple(self.state.hand_masks), tuple(self.state.dead_masks),
                self.state.line.tiles())


@dataclass(frozen=True)
class Verdict:
    correct: bool
    winner_right: bool
    points_right: bool
    settlement: Settlement


def _finish(state: State, rng: random.Random, heavy_first: bool) -> State:
    """Play the round out: random legal moves, or the heaviest playable tile."""
    moves = state.legal_moves()
    while moves:
        if heavy_first and len(moves) > 1 and rng.random() < 0.7:
            move = max(moves, key=lambda m: m.tile.value if m.tile else -1)
        else:
            move = moves[rng.randrange(len(moves))]
        state.push_unchecked(move)
        moves = state.legal_moves()
    return state


def candidate(level: int, seed: int) -> tuple[Question, bool]:
    """The round for ``seed`` at ``level``, and whether the level keeps it."""
    rng = random.Random(seed * 8 + level)
    choices = LEVEL_RULES[level]
    families = sorted({r.family for r in choices})  # each family as often as the others
    family = families[rng.randrange(len(families))]
    of_family = [r for r in choices if r.family == family]
    rules = of_family[rng.randrange(len(of_family))]
    state = _finish(State.deal(rules, rng), rng, heavy_first=level > 1)
    q = Question(level, seed, state, settle(state))
    draw = rng.random()
    if level == 3:
        kind = q.twist
        if kind is None:
            return q, False
        return q, draw < KEEP_3.get((family, kind), 0.0)
    domino_keep, blocked_keep = KEEP[level]
    if q.settlement.explanation.code in TRICKY or blank_double_counted(state):
        keep = True
    else:
        keep = draw < (domino_keep if state.status == "domino" else blocked_keep)
    return q, keep


def twist(state: State, settlement: Settlement) -> str | None:
    """What makes a finished round more than an ordinary ending (one of :data:`TWISTS`),
    else None: a tie or tie-break (``tie``); a [0|0] counted 25 (``blank_25``); a Gaple hand
    emptied whose dead tiles still count, so going out did not win (``out_with_dead``); a
    block in Gaple's pass variant (``pass_blocked``); a block in the two-player game's draw
    mode, which comes only once the stock is empty (``draw_blocked``)."""
    rules = state.rules
    if settlement.explanation.code in TRICKY:
        return "tie"
    if blank_double_counted(state):
        return "blank_25"
    if "out" in settlement.explanation.params:
        return "out_with_dead"
    if state.status == "blocked" and rules.family == "gaple" and not rules.has_dead_tiles:
        return "pass_blocked"
    if state.status == "blocked" and rules.family == "duel" and rules.draw_mode:
        return "draw_blocked"
    return None


def question(level: int, seed: int, *, ending: str | None = None,
             avoid: tuple[object, ...] | None = None) -> Question:
    """A finished round for ``level``, reproducible from ``seed``.

    ``ending`` asks for ``"domino"`` or ``"blocked"`` (a Gaple hand emptied by
    a discard counts as blocked); ``avoid`` is a question key not to repeat.
    The question's own ``seed`` gives it back: ``question(level, q.seed)``
    (with the same ``ending``).
    """
    if level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, not {level}")
    for i in range(TRIES):
        q, keep = candidate(level, (seed + i) % SEED_LIMIT)  # a link's seed stays in range
        if not keep:
            continue
        status = q.state.status
        if ending is not None and status != ending and not (
                ending == "blocked" and status == "emptied"):
            continue
        if avoid is not None and q.key == avoid:
            continue
        return q
    raise RuntimeError("no question found")  # pragma: no cover - far more tries than needed


def check(q: Question, winner: int | None, points: int | None = None) -> Verdict:
    """Check an answer: ``winner`` is a seat, or None for "nobody" / a draw.

    In Block the points must match too; "nobody scores" needs no points (an
    answer of 0 is accepted with it)."""
    answer = check_answer(q.settlement, q.rules, winner, points)
    return Verdict(answer.correct, answer.winner_right, answer.points_right, q.settlement)
