"""Computer players: four levels that see only their own seat's view.

A bot is given a :class:`~engine.game.view.SeatView` (its hand, the line, every
count, the values the others are known to lack) and a random generator, never
a :class:`~engine.game.state.State`: what it cannot see, it cannot read.  It
answers with a :class:`Decision`: one of the view's legal moves (play with its
end, pass, draw, or Gaple's dead-tile discard; openings follow the view's
legal moves, which already apply must-open rules), the reasons for it, and the
seconds it thought.

Levels (:data:`LEVELS`, :func:`make_bot`):

- ``random``: any legal move, uniformly.
- ``heaviest``: the highest-value playable tile; stuck in Gaple, the heaviest
  tile as the dead tile.  The common baseline.
- ``counting``: weighs each play by what it sheds and what it leaves
  (:func:`~engine.players.counting.play_score`): the pips and a double shed, its own
  tiles that still fit the ends and the numbers it keeps, the chance that each
  player after it has no tile for the ends it leaves (reckoned from the unseen
  tiles and the numbers each has shown it lacks: certain when it lacks both),
  and the open numbers only it can still play; the weights are per family
  (:data:`~engine.players.counting.WEIGHTS`).  Stuck in Gaple, it throws the tile least
  worth keeping (:func:`~engine.players.counting.dead_keep`): a dead tile counts against
  it as much as one in hand, so it keeps the heavy tiles it may still play and
  throws first one that nothing can match.
- ``strong``: imagines the hidden tiles many times over (:mod:`engine.search.sampler`:
  deals consistent with the view), scores each legal move on each imagined deal
  and plays the move with the best mean result over them (ties to the move the
  counting player prefers), within ``budget`` seconds a move.  With two
  players each deal is solved (:func:`engine.search.solve.solve`, every hand known):
  at least :data:`SOLVED_FIRST` deals, then more while the choice is not yet clear
  of every other move (:class:`_Paired`), until the work reaches :data:`SOLVED_WORK`
  positions searched over the deals or :data:`SOLVED_MOST` deals (a count of the
  search's work, not of time: a seeded round replays alike on any machine that
  finishes within the budget); with three to five, each move is played out to the
  end by the counting player's rules at every seat (:func:`~engine.players.counting.counting_playouts`): the
  solver's every-hand-known, everyone-plays-perfectly model misjudges a table of
  counting players there (README, "Computer players in the arena").  As a computer
  player (:func:`make_bot`) with two players it draws its deals by what the other's
  plays suggest of its hand (:mod:`engine.search.inference`, :data:`~engine.search.inference.OPPONENTS`: players
  lay heavy tiles and doubles first); as the hint, every possible deal alike.

:func:`hint` is the strong bot's choice with the reasons a learner can read.

The reasons, their codes for translation and their English, are :mod:`engine.players.reasons`
(:func:`move_reasons`, :func:`average_reasons`); the counting player's weights and
reckoning, :mod:`engine.players.counting`; scores, the mover's own result on one scale for every
family, :mod:`engine.search.scoring` (:func:`seat_score`).  This module re-exports their public
names, so ``engine.players.bots`` still offers everything the computer players did.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol

from ..game.moves import Move, canonical, distinct
from ..game.state import State
from ..game.tiles import TILES
from ..game.view import SeatView
from ..search.deals import DealSpace, Sample
from ..search.inference import OPPONENTS, ChoiceModel, likelihood, weighs
from ..search.paired import NOISE_Z, PairedSums, t_value, weighted_mean_error
from ..search.sampler import world
from ..search.scoring import (
    Evaluator,
    against_others,
    count_showing,
    opened,
    outright,
    seat_score,
    tile_weight,
)
from ..search.solve import Solution, solve
from .counting import (
    GOES_OUT,
    WEIGHTS,
    Weights,
    counting_playouts,
    dead_keep,
    play_chance,
    play_score,
    stuck_chance,
)
from .reasons import (
    REASON_CODES,
    Reason,
    average_reasons,
    discard_reasons,
    move_reasons,
    opening_reasons,
    play_reasons,
)

__all__ = [
    "GOES_OUT", "LEVELS", "NOISE_Z", "REASON_CODES", "WEIGHTS", "Bot", "CountingBot", "Decision",
    "Evaluator", "HeaviestBot", "RandomBot", "Reason", "StrongBot", "Weights",
    "average_reasons", "counting_playouts", "dead_keep", "hint", "make_bot", "move_reasons",
    "opening_reasons", "play", "play_score", "rollout_scores", "seat_score", "solver_scores", "stuck_chance",
]

LEVELS: Final[tuple[str, ...]] = ("random", "heaviest", "counting", "strong")


@dataclass(frozen=True)
class Decision:
    """A bot's move, the reasons for it (most telling first) and its thinking time."""

    move: Move
    reasons: tuple[Reason, ...]
    seconds: float


class Bot(Protocol):
    level: str

    def decide(self, view: SeatView, rng: random.Random) -> Decision: ...


def _paired_gap(rows: list[dict[Move, float]], weights: list[float], a: Move,
                b: Move) -> tuple[float, float]:
    """The mean of move ``a``'s score minus move ``b``'s over the deals (each row weighs
    as ``weights`` says), and its standard error
    (:func:`~engine.search.paired.weighted_mean_error`)."""
    return weighted_mean_error([row[a] - row[b] for row in rows], weights)


def _timed(start: float, move: Move, reasons: list[Reason]) -> Decision:
    return Decision(move, tuple(reasons), time.perf_counter() - start)


def _only(view: SeatView, start: float) -> Decision | None:
    if len(view.legal) == 1:
        move = view.legal[0]
        return _timed(start, move, [Reason("only_move", {"move": move.text()})])
    if not view.legal:
        raise ValueError(f"player {view.seat} has no move to make")
    return None


# -- the levels -------------------------------------------------------------

class _Level:
    """What every level does alike: time the decision and play a lone legal move at
    once; :meth:`_choose` is the level's own choice among several."""

    level: str

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        start = time.perf_counter()
        only = _only(view, start)
        if only is not None:
            return only
        move, reasons = self._choose(view, rng)
        return _timed(start, move, reasons)

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        raise NotImplementedError


class RandomBot(_Level):
    level = "random"

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        return (view.legal[rng.randrange(len(view.legal))], [Reason("random_choice", {})])


class HeaviestBot(_Level):
    """The highest-value playable tile (of equal values a double first, then on the end
    that leaves a number it still holds); the heaviest tile as a dead tile."""

    level = "heaviest"

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        move = max(view.legal, key=lambda m: _heaviest_key(view, m))
        tile = move.tile
        assert tile is not None
        if move.kind == "discard":
            return (move, [Reason("heaviest_dead", {"tile": str(tile), "value": tile.value})])
        return (move, [Reason("sheds_heavy", {"tile": str(tile), "value": tile.value})])


def _heaviest_key(view: SeatView, move: Move) -> tuple[int, int, int, int]:
    """The heaviest player's preference, higher is better: the tile's value, a double (it
    fits one number only, so it is the harder to place later), how many of the open ends
    after the play it still holds a tile for, then the higher half."""
    tile = move.tile
    if tile is None:
        return (-1, -1, -1, -1)
    if move.kind != "play":
        return (tile.value, 0, 0, tile.high)
    rest = [t for t in view.hand if t != tile]
    kept = sum(1 for v in opened(view, move) if count_showing(rest, v)) if view.ends else 0
    return (tile.value, int(tile.low == tile.high), kept, tile.high)


class CountingBot(_Level):
    """Counts numbers and pips: weighs each play by :func:`play_score`, throws as its
    dead tile the one least worth keeping (:func:`dead_keep`)."""

    level = "counting"

    def __init__(self, weights: Weights | None = None, *, lacks: bool = True,
                 dead: str = "keep", hold_blank: bool = False) -> None:
        """By default the counting player itself.  A player that differs from it in one
        principle (:mod:`engine.teaching.principles`): ``weights`` in place of the family's
        :data:`~engine.players.counting.WEIGHTS`; ``lacks=False`` forgets what each seat has
        shown it lacks; ``dead="heaviest"`` throws its heaviest tile dead,
        ``dead="unmatched"`` the one least likely to be played, whatever its weight;
        ``hold_blank`` never plays [0|0] while it has another play."""
        self.weights = weights
        self.lacks = lacks
        self.dead = dead
        self.hold_blank = hold_blank

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        if view.legal[0].kind == "discard":
            tiles = [m.tile for m in view.legal if m.tile is not None]
            if self.dead == "heaviest":
                dead = max(tiles, key=lambda t: (t.value, t.high))
            elif self.dead == "unmatched":  # the tile the fewest tiles could match, heavier first
                dead = min(tiles, key=lambda t: (play_chance(view, t), -t.value))
            else:
                dead = min(tiles, key=lambda t: (dead_keep(view, t), -t.value, -t.high))
            return (Move.discard(dead), discard_reasons(view, dead))
        seen = view if self.lacks else replace(view, missing=tuple(
            frozenset() for _ in view.missing))
        legal = view.legal
        if self.hold_blank and any(m.tile is not TILES[0] for m in legal):
            legal = tuple(m for m in legal if m.tile is not TILES[0])  # [0|0]
        move = max(legal, key=lambda m: (play_score(seen, m, self.weights), tile_weight(m)))
        tile = move.tile
        assert tile is not None
        reasons = play_reasons(view, move)
        if len(view.hand) == 1:
            return (move, reasons)
        rest = [t for t in view.hand if t != tile]
        best = max(opened(view, move), key=lambda v: count_showing(rest, v))
        if count_showing(rest, best) >= 2:
            reasons.append(Reason("holds_most", {"value": best,
                                                 "count": count_showing(rest, best)}))
        heaviest = max(m.tile.value for m in view.legal if m.tile is not None)
        if not reasons or tile.value == heaviest:
            reasons.append(Reason("sheds_heavy", {"tile": str(tile), "value": tile.value}))
        return (move, reasons)


# -- strong: sample the hidden tiles, score each sample ----------------------

def solver_scores(state: State, seconds: float, max_nodes: int | None = None
                  ) -> tuple[dict[Move, float], bool]:
    """Each legal move's value for the mover by the solver, within ``seconds`` (and
    ``max_nodes``), on :func:`seat_score`'s scale: the solver scores Gaple by minus the
    place, and Block with three or four players by each player's own points, of which
    the mover's result is its own less the mean of the others'."""
    return _solution_scores(state, _solution(state, seconds, max_nodes))


def _solution(state: State, seconds: float, max_nodes: int | None) -> Solution:
    return solve(state, seconds=seconds, max_nodes=max_nodes, line=False)


def _solution_scores(state: State, solution: Solution) -> tuple[dict[Move, float], bool]:
    n, mover = state.players, state.to_move
    family = state.rules.family
    if family == "block" and n > 2:  # the solver gives each player's points
        return {mv.move: _block_score(mv.value, mover) for mv in solution.moves}, \
            solution.exact
    shift = (n + 1) / 2 if family == "gaple" else 0.0
    return {mv.move: mv.score + shift for mv in solution.moves}, solution.exact


def _block_score(points: int | tuple[int, ...], seat: int) -> float:
    """Block with three or four players: the solver's points for each player, as the
    seat's score (:func:`against_others`)."""
    assert isinstance(points, tuple)
    return against_others(points, seat)


def _greedy(state: State) -> Move:
    """A quick full-information policy for playouts: the heaviest play or discard."""
    moves = state.legal_moves()
    return max(moves, key=tile_weight) if len(moves) > 1 else moves[0]


def rollout_scores(state: State, seconds: float) -> tuple[dict[Move, float], bool]:
    """Each legal move's score for the mover when everyone then plays the heaviest
    tile, every hand known (a cheap estimate, never exact; not a default)."""
    mover = state.to_move
    scores: dict[Move, float] = {}
    for move in state.legal_moves():
        walker = state.copy()
        walker.push_unchecked(move)
        while not walker.over:
            walker.push_unchecked(_greedy(walker))
        scores[move] = seat_score(walker, mover)
    return scores, False


#: Two players: the strong bot solves at least this many deals ...
SOLVED_FIRST: Final = 64
#: ... then goes on, checking every SOLVED_STEP deals whether its choice stands clear of
#: every other move by NOISE_Z standard errors of their paired difference ...
SOLVED_STEP: Final = 32
#: ... until the work done reaches this many positions searched, each deal counted as
#: SOLVED_DEAL_COST more (drawing it and setting it up: about a fifth of a second over
#: all the deals on the machine of the README's benchmarks; an opening's first
#: SOLVED_FIRST deals alone take more; drawn by a model's weights, each takes
#: WEIGHED_FROM draws, not counted: a mean 64 ms a move in two-player Block, not 48) ...
SOLVED_WORK: Final = 150_000
SOLVED_DEAL_COST: Final = 40
#: ... or it has solved this many.
SOLVED_MOST: Final = 2048


class _Paired:
    """Each choice's scores over the deals, as running sums (:class:`PairedSums`):
    whether the best choice stands clear of every other (:meth:`clear`), in time that does
    not grow with the deals."""

    def __init__(self, choices: Sequence[Move]) -> None:
        self.choices = tuple(choices)
        self.sums = PairedSums(0.0)

    @property
    def n(self) -> int:
        return self.sums.n

    def add(self, row: dict[Move, float]) -> None:
        self.sums.add([row[m] for m in self.choices])

    def clear(self) -> bool:
        """Whether the best choice beats each other by more than NOISE_Z standard errors
        of their paired difference (:func:`_paired_gap`, from the sums)."""
        sums = self.sums
        n = sums.n
        if n < 2:
            return False
        best = sums.top()
        for i in range(len(self.choices)):
            if i == best:
                continue
            gap = (sums.sums[best] - sums.sums[i]) / n
            if gap <= 0 or gap <= NOISE_Z * (sums.variance(best, i) / n) ** 0.5:
                return False
        return True


@dataclass
class _Effort:
    """How many deals a decision imagines: ``first`` unless time runs out, then, while
    ``more`` allows, up to ``most``."""

    first: int
    most: int
    more: Callable[[list[dict[Move, float]]], bool] = lambda rows: False


class StrongBot(_Level):
    """Samples deals consistent with the view and scores each (see the module)."""

    level = "strong"

    def __init__(self, budget: float = 0.5, *, max_samples: int | None = None,
                 max_nodes: int | None = None, evaluate: Evaluator | None = None,
                 model: ChoiceModel | None = None, everywhere: bool = False) -> None:
        """``budget``: seconds a move; ``max_samples``: deals imagined (by default as
        the module says when solved, 256 played out); ``max_nodes``: the solver's node
        limit per deal (with a generous budget, a choice that does not depend on the
        machine's speed); ``evaluate``: another way to score a full position's moves
        (:func:`rollout_scores`); by default the solver with two players,
        :func:`counting_playouts` with more; ``model``: how the others choose their
        tiles (:mod:`engine.search.inference`), to weigh the deals by (the computer player's;
        None, the hint's: every possible deal alike), where :func:`weighs` says (or, with
        ``everywhere``, in every game: a variant measured by ``bench/levels.py``)."""
        if budget <= 0:
            raise ValueError(f"a bot's budget must be above zero, not {budget}")
        self.budget = budget
        self.max_samples = max_samples
        self.max_nodes = max_nodes
        self.evaluate = evaluate
        self.model = model
        self.everywhere = everywhere

    def _evaluator(self, view: SeatView, choices: Sequence[Move]) -> tuple[Evaluator, _Effort]:
        """How this view's imagined deals are scored, and how many."""
        fixed = self.max_samples
        if self.evaluate is not None:
            return self.evaluate, _Effort(fixed or 256, fixed or 256)
        if len(view.hand_counts) != 2:
            return counting_playouts(view), _Effort(fixed or 256, fixed or 256)
        spent = [0]  # the work so far: positions searched, and SOLVED_DEAL_COST a deal
        paired = _Paired(choices)
        max_nodes = self.max_nodes

        def solved(state: State, seconds: float) -> tuple[dict[Move, float], bool]:
            solution = _solution(state, seconds, max_nodes)
            spent[0] += solution.nodes + SOLVED_DEAL_COST
            return _solution_scores(state, solution)

        def more(rows: list[dict[Move, float]]) -> bool:
            for row in rows[paired.n:]:
                paired.add(row)
            return spent[0] < SOLVED_WORK and (
                len(rows) % SOLVED_STEP != 0 or not paired.clear())

        if fixed is not None:
            return solved, _Effort(fixed, fixed)
        return solved, _Effort(SOLVED_FIRST, SOLVED_MOST, more)

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        deadline = time.perf_counter() + self.budget
        legal = view.legal
        choices = distinct(legal, view.ends)  # a tile on either of two equal ends: one move
        if len(choices) == 1:
            return (choices[0], [Reason("only_move", {"move": choices[0].text()})])
        evaluate, effort = self._evaluator(view, choices)
        limit = effort.most
        totals = dict.fromkeys(legal, 0.0)
        wins = dict.fromkeys(legal, 0)
        rows: list[dict[Move, float]] = []  # each deal's scores, for the paired differences
        weights: list[float] = []  # each deal's weight
        top = _top_score(view)
        samples, exact = 0, True
        space = DealSpace(view)
        listing: list[Sample] | None = None  # every deal, when there are no more than that
        if space.count <= limit:
            listing = space.listing(rng)  # each deal scored once, however often listed
            limit = len(listing)
        scored: dict[Sample, tuple[dict[Move, float], bool]] = {}
        weigh = likelihood(view, self.model) \
            if self.model is not None and (self.everywhere or weighs(view)) else None
        mass = 0.0  # the deals' weights (their number, with no model)
        while samples < limit:
            left = deadline - time.perf_counter()
            if samples and left <= 0 or samples >= effort.first and not effort.more(rows):
                break
            if listing is not None:
                drawn = listing[samples]
            else:
                drawn = space.draw(rng) if weigh is None else _weighed_draw(space, rng, weigh)
            # A deal listed weighs as the model says; one drawn by its weight, alike.
            weight = weigh(drawn) if weigh is not None and listing is not None else 1.0
            found = scored.get(drawn) if listing is not None else None
            if found is None:
                per = max(left, 0.0) / max(2, min(8, limit - samples))
                found = evaluate(world(view, drawn), max(per, 0.005))
                if listing is not None:
                    scored[drawn] = found
            scores, was_exact = found
            exact = exact and was_exact
            samples += 1
            worst = min(scores.values()) if scores else 0.0
            row = {move: scores.get(move, worst) for move in legal}
            rows.append(row)
            weights.append(weight)
            mass += weight
            for move, score in row.items():
                totals[move] += weight * score
                if score >= top:
                    wins[move] += 1
        # Equal means (often, where results are places or a win) go to the move the
        # counting player prefers.
        ranked = sorted(legal, key=lambda m: (-round(totals[m], 9), -_counting_key(view, m)))
        move = canonical(ranked[0], view.ends)  # named as a one-click play lays it
        others: list[Move] = []  # every other move, by its one name, best first
        for m in ranked:
            name = canonical(m, view.ends)
            if name != move and name not in others:
                others.append(name)
        # A move is as good as the best when its paired shortfall is within the deals' noise
        # (measured on the move's own name: its mirror image may differ by the solver's ties).
        equal = tuple(m for m in others if (gap := _paired_gap(rows, weights, ranked[0], m))[0]
                      <= NOISE_Z * gap[1])
        rival = next((m for m in others if m not in equal), None)
        # Every deal the view allows, each solved to the end: what is said is certain.
        every = exact and listing is not None and samples == len(listing)
        reasons: list[Reason] = []
        if every and wins[move] == samples:
            reasons.append(Reason("wins_for_certain", {"samples": samples}))
        reasons.extend(move_reasons(view, move, rival if rival is not None else others[0]))
        t = t_value(samples - 1) if samples > 1 else 0.0  # the margins: 95% intervals
        mean, error = weighted_mean_error([row[ranked[0]] for row in rows], weights)
        rival_mean = rival_error = gap_error = 0.0
        if rival is not None:
            rival_mean, rival_error = weighted_mean_error([row[rival] for row in rows], weights)
            gap_error = _paired_gap(rows, weights, ranked[0], rival)[1]
        reasons.extend(average_reasons(
            view, move, mean, samples, exact=every, margin=t * error, rival=rival,
            rival_mean=rival_mean if rival is not None else None,
            rival_margin=t * rival_error, gap_margin=t * gap_error, equal=equal))
        return (move, reasons)


#: Deals drawn for each one a model's weights choose (sampling importance resampling).
WEIGHED_FROM: Final = 8


def _weighed_draw(space: DealSpace, rng: random.Random,
                  weigh: Callable[[Sample], float]) -> Sample:
    """A deal drawn in proportion to its weight, nearly: one of :data:`WEIGHED_FROM`
    drawn alike, chosen by their weights."""
    drawn = [space.draw(rng) for _ in range(WEIGHED_FROM)]
    return rng.choices(drawn, weights=[weigh(d) for d in drawn])[0]


def _counting_key(view: SeatView, move: Move) -> float:
    """The counting player's preference among moves, higher is better."""
    tile = move.tile
    if tile is None:
        return 0.0
    return play_score(view, move) if move.kind == "play" else -dead_keep(view, tile)


def _top_score(view: SeatView) -> float:
    """The score that means the mover won the round outright."""
    family = view.rules.family if view.rules is not None else "block"
    top = outright(family, len(view.hand_counts))
    return 0.5 if top is None else top  # Block: a win scores the others' pips, at least 1


_MAKERS: Final[dict[str, Callable[[float], Bot]]] = {
    "random": lambda budget: RandomBot(),
    "heaviest": lambda budget: HeaviestBot(),
    "counting": lambda budget: CountingBot(),
    "strong": lambda budget: StrongBot(budget, model=OPPONENTS),
}


def make_bot(level: str, *, budget: float = 0.5) -> Bot:
    """The computer player of ``level`` (one of :data:`LEVELS`)."""
    maker = _MAKERS.get(level)
    if maker is None:
        raise ValueError(f"unknown bot {level!r}: choose from {', '.join(LEVELS)}")
    return maker(budget)


def hint(view: SeatView, rng: random.Random, *, budget: float = 0.5) -> Decision:
    """The strong bot's choice for ``view``, with the reasons a learner can read."""
    return StrongBot(budget).decide(view, rng)


def play(level: str, view: SeatView, rng: random.Random, *, budget: float = 0.5) -> Decision:
    """The move of the computer player ``level`` for ``view`` (a plain function of picklable
    values: the site runs it in a worker process)."""
    return make_bot(level, budget=budget).decide(view, rng)
