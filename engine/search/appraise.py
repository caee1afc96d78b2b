"""The appraisal: each legal move's worth from what the mover can see (CONTRACT.md
"Appraisal").

For the mover's view, every legal move gets its **expected** score: the mean, over
the deals of the hidden tiles that the view allows (:mod:`engine.search.deals`, each
equally likely), of the mover's result when every hand plays on perfectly from
the position after the move (the solver, :func:`engine.search.solve.solve`).  One solve
of a deal gives every move's value, so every move is scored on the same deals
(paired).  The deals are counted exactly first:

- at most :data:`ALWAYS_EXACT`: every one is solved, and the answer is exact (when
  the budget allowed and every solve finished);
- at most :data:`EXACT_LIMIT`: they are listed and solved in a random order until
  all are done or every standard error (with the finite population correction)
  is below the family's :data:`PRECISION`, or below its :data:`COARSE` (or a coarser
  precision asked for) with every move's grade settled;
- more: deals are drawn uniformly at random, each independently, until the same.

Whatever comes first, the budget ends it (a listed set cut short is still a uniform
sample of it), and the answer then says ``exact: false`` with each move's standard
error.  **Only exact values are counted**: each solve has all the time left, with no
estimate to fall back on (``exact_only``), and the one the deadline cuts short is left
out, so the mean is over deals each solved to the end.  (A solve stopped at a depth limit
scores the position as if it were blocked there: early in a Gaple round such estimates
moved a move's loss by 0.15 to 0.2 of a place, a whole grade, while the margin could not
show it.)  Past the budget with fewer than :data:`FEWEST` deals, more are solved within
:data:`MIN_SOLVE` each, estimates if need be (counted in ``estimated``), so that there is
a margin to give.  An answer from fewer than :data:`MIN_VERDICT` deals grades no move
worse than ``good`` (:attr:`Appraisal.sure`).  The random choices all come from the
``rng`` passed in: with a seed, the same answer whenever the precision, not the clock,
ended the appraisal.

Scores are on the arena's scale (CONTRACT.md "Arena"): Block, the mover's points
minus the mean of the others' points; Gaple, (N + 1) / 2 minus the mover's place;
the duel, +1 / 0 / −1.  Sums are kept as whole numbers (Block's times N − 1,
Gaple's times 2), so ties are ties exactly.

Each move's **loss** is the best expected score minus its own, with its **margin**: the
half-width of its 95% interval (:data:`~engine.search.paired.CONFIDENCE`), Student's t for the
deals solved times the standard error of the paired difference from the best move (0 when
exact).  Its **grade** is ``forced`` (every legal move is the same move, or its mirror
image), ``best`` (no loss), else by the loss's lower bound, ``loss − margin`` (its **sure
loss**), against the family's :data:`BANDS`: below the first band ``good``, then
``inaccuracy``, ``mistake``, ``blunder``.  A loss within the estimate's noise is thus never called a
mistake, and an estimate from fewer than :data:`MIN_VERDICT` deals never calls a move
worse than ``good``: too few deals for their spread to say how far off they may be.  The
round's accuracy is worked out from the same sure losses.  A stop (Play's tutor) asks more
of the evidence: the band of the loss less its margin at 99% (:meth:`Appraisal.grade_at`,
:data:`STOP_CONFIDENCE`).  (The README explains the
bands.)

Where both ends show the same value, a tile played on the left is the mirror
image of the same tile played on the right: both are listed (as ``legal`` lists
them) and both take the value of the play on the right, the move's one name
(:func:`engine.game.moves.canonical`), on every deal.  (With three or more players the
solver breaks ties in legal-move order, which could otherwise tell the two apart.)

**Side by side, and on and on.**  An appraisal can be worked out in parts, one per process
(``part``), and go on from an earlier answer (``after``); :func:`combine` adds up the deals
of two answers whose deals cannot repeat (:meth:`Evidence.adds_up_with`: other positions
of one shuffled list, or other draws) and grades every move again on them all.  Play's
tutor looks this way: every worker at once, look after look while the learner thinks.

:func:`report` appraises every decision one seat made in a round and sums them
up (:class:`RoundReport`): the mean loss per non-forced decision, the share of
best moves, counts by grade, an **accuracy** (:func:`accuracy`) and the
**luck**: what the seat's hand was worth at the round's start (the expected score
of that position from its view) against the round's result.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final

from ..game.moves import Move, canonical, distinct
from ..game.state import State
from ..game.view import SeatView, view
from .deals import DealSpace, Sample
from .paired import PairedSums, t_value
from .sampler import world
from .scoring import seat_score
from .solve import NATIVE, Solution, solve, solve_many

#: List every deal when the view allows at most this many (and solve them in a random
#: order); above it, deals are drawn at random, with replacement.
EXACT_LIMIT: Final = 20_000
#: Listed deals up to this many are all solved (within the budget) before any precision
#: stop: a small position's answer is exact.
ALWAYS_EXACT: Final = 2_000
#: The grades, from no loss to the worst.
GRADES: Final = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
#: Losses from which a move is an inaccuracy, a mistake, a blunder, per family, in
#: the family's scale (Block: points; Gaple: places; the duel: +1 / 0 / −1).
#: Lichess's 0.1 / 0.2 / 0.3 on the duel's own scale (a win's chance minus a loss's),
#: scaled to the spread of each family's results (README, "The appraisal").
BANDS: Final[dict[str, tuple[float, float, float]]] = {
    "block": (1.5, 3.0, 4.5),
    "gaple": (0.15, 0.3, 0.45),
    "duel": (0.1, 0.2, 0.3),
}
#: Solving stops early once every move's standard error, and every loss's, is below
#: this (in the family's scale) ...
PRECISION: Final[dict[str, float]] = {"block": 0.1, "gaple": 0.03, "duel": 0.025}
#: ... or below this, with every move's grade settled (the same at either end of its
#: loss's interval, ± NOISE_Z standard errors), by family: in the two-player game, whose
#: bands are 0.1 apart, half of Block's and Gaple's 0.1, so that a grade the early stop
#: leaves standing never rests on a margin of two bands (README, "Agreement").
COARSE: Final[dict[str, float]] = {"block": 0.1, "gaple": 0.1, "duel": 0.05}
#: The standard error a review aims at where the family's :data:`PRECISION` would take
#: minutes a decision (Block with three or four players: a round's points spread widely
#: over the deals, and each deal is a four-hand solve), or where a finer one takes seconds
#: (the two-player game: its deals solve by the thousand a second, and at half its precision
#: a grade near a band's edge is the band's twice as often); by (family, players).  A fifth of
#: the mistake band with four players, a twenty-fourth with three (at a twelfth the review
#: graded 15 to 20% of three-player moves, losses on a band's edge, a class milder than a long
#: appraisal does) (README, "How sure the judge is", "Agreement").  Coarser than the family's
#: :data:`PRECISION`, a stop there asks every grade to be settled, as at :data:`COARSE`: else
#: the review goes on to the family's precision or its budget (on a quick late position, half
#: a point with grades unsettled graded a quarter of four-player moves a class milder).
REVIEW_PRECISION: Final[dict[tuple[str, int], float]] = {("block", 3): 0.125,
                                                         ("block", 4): 0.5,
                                                         ("duel", 2): 0.0125}
#: The review's budget a decision is its usual one times this with the Python search, by
#: (family, players, what a stuck player does): with three or four players in Block, early
#: decisions reach :data:`REVIEW_PRECISION` in about a minute, not half of one; in Gaple
#: (either variant) an early deal's exact solve takes about a second, and half a minute
#: would hold barely the :data:`MIN_VERDICT` deals a grade needs; with five, the family's
#: 0.03 place takes three minutes (a median 91 s: most stop at it sooner); in the two-player
#: game's draw mode, whose deals hold the stock's order, an early deal's solve takes 20 to
#: 80 ms, not a millisecond, and in half a minute a game's first decisions reach margins of
#: 0.05 to 0.12 where its bands are 0.1 apart (README, "How sure the judge is",
#: "Agreement").  The site's budgets where the search's native core is not built
#: (:data:`REVIEW_TIME`).
REVIEW_TIME_PYTHON: Final[dict[tuple[str, int, str], float]] = {
    ("block", 3, "pass"): 2.0, ("block", 4, "pass"): 2.0,
    ("gaple", 4, "discard"): 2.0, ("gaple", 4, "pass"): 2.0,
    ("gaple", 5, "discard"): 6.0, ("gaple", 5, "pass"): 6.0,
    ("duel", 2, "draw"): 2.0,
}
#: The same with the search's native core (``engine/search/_native.c``), whose solves are
#: five to six times as fast: every family but five-player Gaple reaches the review's
#: precision well within its usual budget (the slowest decisions measured, in three- and
#: four-player Block, 12 s of CPU); five-player Gaple's decisions mostly in under a second,
#: but a round's first ones took 31, 55 and 80 s of 30 measured, so twice it (a mean of 6.6 s
#: a decision; ``bench/appraise.py --search native python``, docs/judge.md "The review's
#: time by family").
REVIEW_TIME_NATIVE: Final[dict[tuple[str, int, str], float]] = {
    ("gaple", 5, "discard"): 2.0, ("gaple", 5, "pass"): 2.0,
}
#: The review's budgets for the search that runs here: :data:`REVIEW_TIME_NATIVE` where
#: the native core is built and used (:data:`engine.search.solve.NATIVE`), else
#: :data:`REVIEW_TIME_PYTHON`, as before the core (no compiler, ``DOMINO_SEARCH=python``).
REVIEW_TIME: Final[dict[tuple[str, int, str], float]] = (REVIEW_TIME_NATIVE if NATIVE
                                                         else REVIEW_TIME_PYTHON)

#: The confidence a stop asks of a loss (Play's tutor: :meth:`Appraisal.grade_at`): its
#: interval's lower end clears the band at this confidence before the tutor interrupts a
#: move.  Resampled from thousands of exactly solved early five-player Gaple deals, the
#: 95% interval's lower end lay above a move's true loss 2.4–2.8% of the time, as it should
#: (one side of 95%), so one stop in forty on a move at a band's edge could be wrong; at 99%,
#: 0.4–0.5% (README, "How far a margin holds", ``bench/coverage.py``).
STOP_CONFIDENCE: Final = 0.99
#: The fewest deals from which a sampled appraisal grades a move worse than ``good``.
MIN_VERDICT: Final = 30
#: Deals solved before any early stop: a result that none of them showed is then
#: rarer than 3 in 100 (the rule of three), worth less than a first band.
MIN_DEALS: Final = 100
#: The budget (seconds) of an appraisal by default.
SECONDS: Final = 3.0
#: The fewest deals an answer rests on (past its budget if need be): a margin needs two.
FEWEST: Final = 2
#: The time each of those is given past the budget (seconds).
MIN_SOLVE: Final = 0.02
#: The most deals solved in one call (:func:`engine.search.solve.solve_many`).
BATCH: Final = 256
#: The budget's share for solving; the rest is left for a last solve's overrun (the
#: solver reads the clock every 1024 nodes) and the sums.
SOLVING: Final = 0.93


class AppraisalError(ValueError):
    """The position cannot be appraised for that seat (ended, or not its turn)."""


@dataclass(frozen=True, slots=True)
class MoveAppraisal:
    """One legal move's appraisal (CONTRACT.md "Appraisal", ``moves``)."""

    move: Move
    expected: float  # the mean result for the mover over the deals
    stderr: float  # the standard error of ``expected`` (0 when every deal was solved)
    loss: float  # the best move's expected minus this one's
    loss_stderr: float  # the standard error of the loss (paired difference)
    grade: str  # one of GRADES
    margin: float = 0.0  # the half-width of the loss's 95% interval (0 when exact)

    @property
    def sure_loss(self) -> float:
        """The loss the evidence supports: its interval's lower end, at least 0."""
        return max(0.0, self.loss - self.margin)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move.to_dict(), "expected": self.expected, "stderr": self.stderr,
                "loss": self.loss, "margin": self.margin, "class": self.grade}


@dataclass(frozen=True, slots=True)
class Appraisal:
    """Every legal move of the mover, appraised from its view (best first)."""

    seat: int
    family: str
    exact: bool  # every consistent deal solved, every solve finished
    deals: int  # how many deals each move was averaged over
    consistent: int  # how many deals the view allows
    seconds: float
    moves: tuple[MoveAppraisal, ...]
    best: tuple[Move, ...]  # every move with the highest expected
    estimated: int = 0  # deals whose solve stopped at a depth limit (see the module)
    evidence: Evidence | None = None  # the sums it was worked out from (:func:`combine`)

    @property
    def sure(self) -> bool:
        """Whether the answer rests on enough deals to call a move worse than ``good``:
        every deal, or at least :data:`MIN_VERDICT` of them (:func:`enough_deals`)."""
        return enough_deals(self.deals, self.consistent)

    def of(self, move: Move) -> MoveAppraisal:
        """The appraisal of ``move`` (a legal move of the position)."""
        for item in self.moves:
            if item.move == move:
                return item
        raise KeyError(f"{move} is not a legal move here")

    def grade_at(self, item: MoveAppraisal, confidence: float) -> str:
        """``item``'s grade were its loss's interval at ``confidence`` (0.95 or 0.99) rather
        than :data:`~engine.search.paired.CONFIDENCE`: the same estimate, its margin that many
        standard errors (:func:`~engine.search.paired.t_value`).  A stop acts on the grade at
        :data:`STOP_CONFIDENCE`."""
        if item.grade in ("forced", "best") or not item.loss_stderr:
            return item.grade
        return grade(self.family, item.loss, self.margin_at(item, confidence), sure=self.sure)

    def margin_at(self, item: MoveAppraisal, confidence: float) -> float:
        """The half-width of ``item``'s loss's interval at ``confidence`` (0 when exact)."""
        return t_value(self.deals - 1, confidence) * item.loss_stderr

    def expected_margin(self, item: MoveAppraisal) -> float:
        """The half-width of the 95% interval of ``item``'s expected score (0 when exact)."""
        return t_value(self.deals - 1) * item.stderr if item.stderr else 0.0

    @property
    def top(self) -> float:
        """The best move's expected score: what the position is worth to the mover."""
        return self.moves[0].expected

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "exact": self.exact, "deals": self.deals,
                "consistent": self.consistent, "estimated": self.estimated,
                "seconds": round(self.seconds, 4),
                "moves": [m.to_json() for m in self.moves],
                "best": [m.to_dict() for m in self.best]}


# -- scores ---------------------------------------------------------------------

def _scale(family: str, n: int) -> int:
    """The whole number a score is multiplied by so that sums stay whole."""
    if family == "block":
        return n - 1
    return 2 if family == "gaple" else 1


def _numerator(value: int | tuple[int, ...], seat: int, family: str, n: int) -> int:
    """A solver value (as :class:`~engine.search.solve.MoveValue` gives it, for the mover
    ``seat``) as the seat's score times :func:`_scale`."""
    if isinstance(value, int):  # two players: the seat's own result
        return value
    if family == "gaple":  # each player's place
        return n + 1 - 2 * value[seat]
    own = value[seat]  # Block: each player's points
    return (n - 1) * own - (sum(value) - own)


def seat_result(value: int | tuple[int, ...], seat: int, family: str, n: int) -> float:
    """A solver value (for the mover ``seat``, as :func:`_numerator` reads it) as that seat's
    result on the review's scale: Block's points less the others' share, Gaple's place
    against the middle, the duel's game."""
    return _numerator(value, seat, family, n) / _scale(family, n)


def _mirrors(v: SeatView) -> list[int]:
    """For each legal move, the index of the move whose value it takes: its one name
    (:func:`engine.game.moves.canonical`): where both ends show the same value, a play on
    the left takes the value of the same tile played on the right."""
    legal = v.legal
    index = {move: i for i, move in enumerate(legal)}
    return [index.get(canonical(move, v.ends), i) for i, move in enumerate(legal)]


def distinct_moves(v: SeatView) -> int:
    """How many of the seat's legal moves differ by more than being mirror images."""
    return len(distinct(v.legal, v.ends))


# -- solving the deals ----------------------------------------------------------

class _Tally(PairedSums[int]):
    """Each move's score (or the position's) on every deal solved, as whole numbers:
    their sums and the sums of their products (for the paired differences)."""

    def __init__(self, scale: int, population: int, listed: bool) -> None:
        super().__init__(0)
        self.scale = scale  # the scores' multiplier (_scale)
        self.population = population  # the deals the view allows
        self.listed = listed  # drawn without replacement from the list of them all
        self.estimated = 0  # deals whose solve did not finish (estimates)
        self.order = 0  # listed: the list's order (_fingerprint), which its parts share
        self.taken = 0  # listed: the positions in the list solved, as bits
        self.draws: frozenset[int] = frozenset()  # drawn: each appraisal's _fingerprint

    def evidence(self) -> Evidence:
        return Evidence(self.n, tuple(self.sums), tuple(tuple(p) for p in self.products),
                        self.population, self.listed, self.estimated, self.order,
                        self.taken, self.draws)

    def merge(self, other: PairedSums[int]) -> None:
        """Add ``other``'s deals to these, where they came from with them."""
        super().merge(other)
        if isinstance(other, _Tally):
            self.estimated += other.estimated
            self.taken |= other.taken
            self.draws |= other.draws

    @classmethod
    def of_evidence(cls, scale: int, evidence: Evidence) -> _Tally:
        tally = cls(scale, evidence.population, evidence.listed)
        tally.n, tally.estimated = evidence.deals, evidence.estimated
        tally.sums = list(evidence.sums)
        tally.products = [list(p) for p in evidence.products]
        tally.order, tally.taken, tally.draws = evidence.order, evidence.taken, evidence.draws
        return tally

    @property
    def complete(self) -> bool:
        """Every deal the view allows was solved."""
        return self.listed and self.n == self.population

    @property
    def exact(self) -> bool:
        return self.complete and not self.estimated

    @property
    def sure(self) -> bool:
        """Whether these deals are enough to call a move worse than ``good``."""
        return enough_deals(self.n, self.population)

    def mean(self, i: int) -> Fraction:
        return Fraction(self.sums[i], self.n * self.scale)

    def _error(self, variance: float) -> float:
        """The standard error of a mean, from the sample variance of its values (times
        the scale), as an estimate of the mean over every deal: 0 when every deal was
        solved; with the finite population correction for deals that were drawn from the
        list."""
        n = self.n
        if self.complete or n < 2:
            return 0.0
        fpc = (self.population - n) / (self.population - 1) if self.listed else 1.0
        return math.sqrt(variance / n * fpc) / self.scale

    def stderr(self, i: int) -> float:
        """The standard error of move ``i``'s mean."""
        return self._error(self.variance(i))

    def loss_stderr(self, top: int, i: int) -> float:
        """The standard error of the mean of move ``top``'s score minus move ``i``'s."""
        return self._error(self.variance(top, i))

    def spread(self) -> float:
        """The largest standard error of a move's mean or of its loss."""
        top = self.top()
        return max(max(self.stderr(i), self.loss_stderr(top, i)) for i in range(len(self.sums)))

    def settled(self, family: str) -> bool:
        """Whether every move's grade would be the same were its loss as high as its
        interval allows (the interval's upper end)."""
        top, sure = self.top(), self.sure
        for i in range(len(self.sums)):
            if self.sums[i] == self.sums[top]:
                continue
            if not _settles(family, float(self.mean(top) - self.mean(i)),
                            self.margin(top, i), sure):
                return False
        return True

    def margin(self, top: int, i: int) -> float:
        """The half-width of the 95% interval of move ``i``'s loss against move ``top``."""
        err = self.loss_stderr(top, i)
        return t_value(self.n - 1) * err if err else 0.0


def _fingerprint(deals: Sequence[Sample]) -> int:
    """Deals in the order they came, as the first of them tell it: the parts of one
    appraisal share their list's; another seed's shuffle, or draws, give another."""
    return hash(tuple(deal.hands + deal.dead for deal in deals[:16]))


@dataclass(frozen=True, slots=True)
class Evidence:
    """The deals an appraisal rests on, as sums that add up with another appraisal's of
    the same view (:func:`combine`): how many deals, each move's sum of scores and the
    sums of their products (:class:`~engine.search.paired.PairedSums`, times the family's
    scale), and where the deals came from."""

    deals: int
    sums: tuple[int, ...]
    products: tuple[tuple[int, ...], ...]
    population: int  # the deals the view allows
    listed: bool  # drawn without replacement from a shuffled list of them all
    estimated: int
    order: int  # listed: the list's order (the same seed shuffles it alike)
    taken: int  # listed: the positions in the list solved, as bits
    #: Drawn: for each appraisal added up in it, the fingerprint of its first draws.
    draws: frozenset[int]

    def adds_up_with(self, other: Evidence) -> bool:
        """Whether the two are independent samples of one space, so their deals add up:
        other positions of one shuffled list, or deals drawn at random by other draws.
        (The same draws twice would count the same deals twice.)"""
        if (self.population, len(self.sums), self.listed) != \
                (other.population, len(other.sums), other.listed):
            return False
        if self.listed:
            return self.order == other.order and not self.taken & other.taken
        return not self.draws & other.draws


def _solve_deals(v: SeatView, rng: random.Random, deadline: float, limit: int,
                 score: Callable[[Solution], tuple[int, ...]],
                 enough: Callable[[_Tally], bool], part: tuple[int, int] = (0, 1),
                 after: Evidence | None = None) -> _Tally:
    """Solve deals of ``v`` (see the module) until every deal is solved, the time is
    up (``deadline``, as ``time.perf_counter`` tells it), or (past
    :data:`ALWAYS_EXACT` deals allowed, after :data:`MIN_DEALS`) the tally is
    ``enough``; ``score(solution)`` is a deal's row.  Each solve has all the time left
    and must finish (the one the deadline cuts short is left out); past the deadline with
    fewer than :data:`FEWEST` deals, each more has :data:`MIN_SOLVE` and counts even as an
    estimate (``estimated``).  ``part`` ``(i, k)``: this is share ``i`` of ``k`` worked
    out side by side, going on ``after`` an earlier answer (see :func:`appraise`)."""
    assert v.rules is not None
    index, parts = part
    if not 0 <= index < parts:
        raise ValueError(f"part {index} of {parts} does not exist")
    space = DealSpace(v)
    if not space.count:  # a seat's view written by hand can ask for the impossible
        raise AppraisalError("no deal of the hidden tiles fits what the view shows")
    listed = space.count <= limit
    if listed and space.count < parts * FEWEST:  # too few to share: each part solves all
        index, parts = 0, 1
    tally = _Tally(_scale(v.rules.family, len(v.hand_counts)), space.count, listed)
    every = space.listing(rng) if listed else []
    at: list[int] = []  # listed: the positions in the list this part solves, in turn
    if listed:
        tally.order = _fingerprint(every)
        if after is not None and (not after.listed or after.order != tally.order):
            raise ValueError("the appraisal to go on from is of other deals")
        taken = after.taken if after is not None else 0
        at = [p for p in range(index, len(every), parts) if not taken >> p & 1]
        if not at:
            raise AppraisalError(f"part {index} of {parts} has no deal left to solve")
    elif parts > 1 or after is not None:  # its own draws: another part's, another look's
        seen = after.deals if after is not None else 0
        rng = random.Random(f"{rng.getrandbits(64)}:{index}/{parts}:{seen}")
    # The moves whose values a row reads (a mirror image takes its move's); every move when
    # the seat is not to move (the position's worth: :func:`worth`).
    only = frozenset(v.legal[j] for j in _mirrors(v)) if v.legal else None
    solved: dict[Sample, tuple[int, ...]] = {}
    first: list[Sample] = []  # drawn: the first deals, the draws' fingerprint
    may_stop = not listed or space.count > ALWAYS_EXACT
    check = MIN_DEALS
    while not tally.complete and (not listed or tally.n < len(at)):
        left = deadline - time.perf_counter()
        if left < MIN_SOLVE and tally.n >= FEWEST:
            break
        exact = left >= MIN_SOLVE
        # The deals up to the tally's next look (solved in one call where they can be,
        # solve_many); past the deadline, one deal at a time, each an estimate if need be.
        size = min(check - tally.n if may_stop else BATCH, BATCH) if exact else 1
        if listed:
            batch = [every[p] for p in at[tally.n:tally.n + size]]
            fresh = list(dict.fromkeys(d for d in batch if d not in solved))  # each once
        else:
            batch = fresh = [space.draw(rng) for _ in range(size)]
            first.extend(batch[:max(0, 16 - len(first))])
        if exact:
            found = solve_many([world(v, deal) for deal in fresh], seconds=left, only=only)
        else:
            found = [solve(world(v, deal), seconds=MIN_SOLVE, line=False, only=only)
                     for deal in fresh]
            tally.estimated += sum(not solution.exact for solution in found)
        rows = [score(solution) for solution in found]
        if listed:
            solved.update(zip(fresh, rows))
        for i, deal in enumerate(batch):
            row = solved.get(deal) if listed else rows[i] if i < len(rows) else None
            if row is None:
                break  # cut short by the deadline: left out
            tally.add(row)
            if listed:
                tally.taken |= 1 << at[tally.n - 1]
        if may_stop and tally.n >= check:
            check += max(MIN_DEALS, check // 8)  # look again after an eighth more deals
            if enough(tally):
                break
    if not listed:
        tally.draws = frozenset({_fingerprint(first)})
    return tally


def _check(v: SeatView) -> None:
    if v.rules is None:
        raise AppraisalError("the view does not say which game is played")
    if v.to_move is None:
        raise AppraisalError("the round has ended")


def review_precision(v: SeatView) -> float:
    """The standard error at which a review's appraisal of ``v`` stops (see
    :data:`REVIEW_PRECISION`; elsewhere the family's :data:`PRECISION`)."""
    assert v.rules is not None
    family = v.rules.family
    return REVIEW_PRECISION.get((family, len(v.hand_counts)), PRECISION[family])


def look_precision(v: SeatView) -> float:
    """The standard error at which one of Play's tutor's looks at ``v`` stops: the
    review's (:func:`review_precision`), or the family's :data:`PRECISION` where that is
    finer.  A look stopped short of the review's aim leaves the rest of its time unused
    while a grade on a band's edge is still unsettled (in the two-player game, late
    positions reached the family's precision in a tenth of a second of a look's 1.5);
    past the review's aim no look goes on (:func:`as_precise`)."""
    assert v.rules is not None
    return min(review_precision(v), PRECISION[v.rules.family])


def review_time(v: SeatView, native: bool | None = None) -> float:
    """How many times its usual budget a review gives the appraisal of ``v`` (see
    :data:`REVIEW_TIME`; 1 elsewhere): with the native core's budgets
    (:data:`REVIEW_TIME_NATIVE`) or the Python search's (:data:`REVIEW_TIME_PYTHON`) as
    ``native`` says, by default those of the search that runs here
    (:data:`engine.search.solve.NATIVE`)."""
    assert v.rules is not None
    table = REVIEW_TIME if native is None else (REVIEW_TIME_NATIVE if native
                                                else REVIEW_TIME_PYTHON)
    return table.get((v.rules.family, len(v.hand_counts), v.rules.stuck), 1.0)


def _to_move(v: SeatView) -> None:
    _check(v)
    if v.to_move != v.seat or not v.legal:
        raise AppraisalError(f"player {v.seat} is not to move (player {v.to_move} is)")


def appraise(v: SeatView, rng: random.Random, *, seconds: float = SECONDS,
             limit: int = EXACT_LIMIT, precision: float | None = None,
             part: tuple[int, int] = (0, 1), after: Evidence | None = None) -> Appraisal:
    """Every legal move of ``v``'s seat, appraised from that view (see the module).

    ``seconds``: the budget; ``limit``: the most deals to list (above it they are
    drawn at random); ``precision``: the standard error at which to stop early (the
    family's :data:`PRECISION` by default; also at its :data:`COARSE` with every grade
    settled; a precision coarser than the family's, as a review's
    :data:`REVIEW_PRECISION`, is one more :data:`COARSE`: a stop there asks every grade to
    be settled; 0 never stops early).  ``part`` ``(i, k)``: share ``i`` of an appraisal
    worked out in ``k`` processes side by side, each given an ``rng`` seeded alike: listed
    deals are shared out (every ``k``-th of the one shuffled list), drawn ones each part
    draws on its own; :func:`combine` adds the parts' answers up.  ``after``: the evidence
    of an earlier answer (its parts added up) to go on from, with an ``rng`` seeded as it
    was: listed, the deals it solved are left out; drawn, other draws are made.  Raises
    :class:`AppraisalError` when the round has ended, the seat is not to move or (going on)
    the part has no deal left."""
    started = time.perf_counter()
    _to_move(v)
    assert v.rules is not None
    family = v.rules.family
    score = _move_scores(v)
    fine = PRECISION[family] if precision is None else precision

    def enough(tally: _Tally) -> bool:
        return fine > 0 and _precise(family, fine, tally.spread(),
                                     lambda: tally.settled(family))

    tally = _solve_deals(v, rng, started + SOLVING * seconds, limit, score, enough, part,
                         after)
    return _graded(v, tally, time.perf_counter() - started)


def _settles(family: str, loss: float, margin: float, sure: bool) -> bool:
    """Whether a loss's grade (its interval's lower end's band) would be the same were the
    loss as high as its interval allows."""
    return grade(family, loss, margin, sure=sure) == grade(family, loss + margin, sure=sure)


def _precise(family: str, precision: float, spread: float,
             settled: Callable[[], bool]) -> bool:
    """The early stop's rule (:func:`appraise`): ``spread``, the largest standard error of a
    move's mean or loss, is below ``precision`` where that is at most the family's
    :data:`PRECISION`; or below the family's :data:`COARSE`, or a coarser ``precision`` (a
    review's aim where the family's takes minutes), with every grade settled (the same at
    its loss's interval's upper end: ``settled()``).  At the family's precision an interval
    is narrower than a band; at half a point in Block it can span two."""
    floor, coarse = min(precision, PRECISION[family]), max(precision, COARSE[family])
    return spread < floor or (spread < coarse and settled())


def precise_at(found: Appraisal, precision: float) -> bool:
    """Whether ``found`` is as sure as ``precision`` asks by the rule that stops an
    appraisal early (:func:`appraise`): exact, or every standard error under it (a coarser
    one with every grade settled)."""
    if found.exact:
        return True
    spread = max(max(m.stderr, m.loss_stderr) for m in found.moves)

    def settled() -> bool:
        return all(_settles(found.family, m.loss, m.margin, found.sure)
                   for m in found.moves if m.loss > 0)

    return _precise(found.family, precision, spread, settled)


def as_precise(v: SeatView, found: Appraisal) -> bool:
    """Whether ``found`` is as sure as a review's appraisal of ``v`` is when it stops
    early: :func:`precise_at` the review's precision (:func:`review_precision`).  Play's
    tutor looks no further then."""
    return precise_at(found, review_precision(v))


def _move_scores(v: SeatView) -> Callable[[Solution], tuple[int, ...]]:
    """A solved deal's row for the mover of ``v``: each legal move's score (times the
    family's :func:`_scale`), in ``v.legal``'s order, a mirror image taking its move's."""
    assert v.rules is not None
    family, n, seat, legal = v.rules.family, len(v.hand_counts), v.seat, v.legal
    mirrors = _mirrors(v)

    def score(solution: Solution) -> tuple[int, ...]:
        found = {mv.move: mv.value for mv in solution.moves}
        return tuple(_numerator(found[legal[j]], seat, family, n) for j in mirrors)

    return score


@dataclass(frozen=True, slots=True)
class DealRows:
    """The evidence an appraisal averages, deal by deal (:func:`deal_rows`)."""

    population: int  # how many deals the view allows
    scale: int  # each score is the mover's result times this (so that sums stay whole)
    rows: tuple[tuple[int, ...], ...]  # per deal solved, each legal move's score


def deal_rows(v: SeatView, rng: random.Random, *, seconds: float,
              most: int) -> DealRows:
    """Deals of ``v`` drawn at random as :func:`appraise` draws them, each solved exactly
    (within ``seconds`` in all; the first ``most``), and on each every legal move's score: what
    an appraisal's means and margins are worked out from, for checking how far a margin
    holds (``bench/coverage.py``)."""
    started = time.perf_counter()
    _to_move(v)
    assert v.rules is not None
    score = _move_scores(v)
    rows: list[tuple[int, ...]] = []

    def kept(solution: Solution) -> tuple[int, ...]:
        row = score(solution)
        if solution.exact:  # (past the time with too few deals, estimates fill in: left out)
            rows.append(row)
        return row

    tally = _solve_deals(v, rng, started + seconds, 0, kept, lambda tally: tally.n >= most)
    return DealRows(tally.population, tally.scale, tuple(rows[:most]))


def _graded(v: SeatView, tally: _Tally, seconds: float) -> Appraisal:
    """The appraisal ``tally``'s deals give every legal move of ``v`` (see the module)."""
    assert v.rules is not None
    family, legal = v.rules.family, v.legal
    top = tally.top()
    forced = distinct_moves(v) == 1
    items = []
    sure = tally.sure
    for i, move in enumerate(legal):
        loss = float(tally.mean(top) - tally.mean(i))
        margin = tally.margin(top, i)
        items.append(MoveAppraisal(move, float(tally.mean(i)), tally.stderr(i), loss,
                                   tally.loss_stderr(top, i),
                                   grade(family, loss, margin, forced, sure), margin))
    sums = tally.sums
    order = sorted(range(len(legal)), key=lambda i: -sums[i])  # stable: legal order on ties
    return Appraisal(v.seat, family, tally.exact, tally.n, tally.population, seconds,
                     tuple(items[i] for i in order),
                     tuple(legal[i] for i in order if sums[i] == sums[top]), tally.estimated,
                     tally.evidence())


def combine(v: SeatView, first: Appraisal, second: Appraisal) -> Appraisal | None:
    """One appraisal of ``v`` from the deals of two (parts worked out side by side, or two
    looks at the same position): their sums added up and every move graded again on them
    all; None when their deals do not add up (:meth:`Evidence.adds_up_with`: the same deal
    could be in both).  Its ``seconds`` is the longer of the two (worked out side by
    side)."""
    a, b = first.evidence, second.evidence
    if a is None or b is None or not a.adds_up_with(b):
        return None
    _to_move(v)
    assert v.rules is not None
    if len(a.sums) != len(v.legal):
        raise AppraisalError("the appraisals are not of this position")
    scale = _scale(v.rules.family, len(v.hand_counts))
    tally = _Tally.of_evidence(scale, a)
    tally.merge(_Tally.of_evidence(scale, b))
    return _graded(v, tally, max(first.seconds, second.seconds))


def added_up(v: SeatView, first: Appraisal, second: Appraisal) -> Appraisal:
    """Two appraisals of ``v`` as one: their deals added up where they may be
    (:func:`combine`), else the one on more deals (the first on a tie)."""
    both = combine(v, first, second)
    return both if both is not None else max(first, second, key=lambda a: a.deals)


def narrowed(v: SeatView, moves: Iterable[Move]) -> SeatView:
    """``v`` with ``moves`` (and their mirror images) its only legal moves: an appraisal of it
    solves those moves alone, on deals of the same view (a focused look, as Play's tutor
    takes at a held move and the best move so far: each deal is solved in the time of those
    few moves' searches, so a look holds more deals).  Raises
    :class:`AppraisalError` when none of ``moves`` is legal in ``v``."""
    names = {canonical(move, v.ends) for move in moves}
    legal = tuple(move for move in v.legal if canonical(move, v.ends) in names)
    if not legal:
        raise AppraisalError("none of the moves is legal here")
    return replace(v, legal=legal)


def narrow(v: SeatView, found: Appraisal, to: SeatView) -> Appraisal:
    """``found``, an appraisal of ``v``, as an appraisal of ``to`` (``v`` :func:`narrowed`):
    its deals' sums for ``to``'s moves alone, each graded again among them (against the best
    of them), so that a look at ``to`` may go on from it (:func:`appraise`'s ``after``) and
    be added up with it (:func:`combine`)."""
    evidence = found.evidence
    assert v.rules is not None
    if evidence is None or len(evidence.sums) != len(v.legal):
        raise AppraisalError("the appraisal is not of this position")
    index = {move: i for i, move in enumerate(v.legal)}
    try:
        keep = [index[move] for move in to.legal]
    except KeyError:
        raise AppraisalError("a move to narrow to is not legal here") from None
    narrower = replace(evidence, sums=tuple(evidence.sums[i] for i in keep),
                       products=tuple(tuple(evidence.products[i][j] for j in keep)
                                      for i in keep))
    tally = _Tally.of_evidence(_scale(v.rules.family, len(v.hand_counts)), narrower)
    return _graded(to, tally, found.seconds)


def enough_deals(deals: int, population: int) -> bool:
    """Whether ``deals`` of the ``population`` a view allows are enough to call a move
    worse than ``good``: every deal, or at least :data:`MIN_VERDICT` of them (the one
    rule for an appraisal and for the tally it is worked out from)."""
    return deals >= min(MIN_VERDICT, population)


def grade(family: str, loss: float, margin: float = 0.0, forced: bool = False,
          sure: bool = True) -> str:
    """A move's grade from its loss (see the module): ``forced``, ``best`` for no
    loss, else the band of ``loss − margin`` (``margin``: the half-width of the loss's
    interval); at most ``good`` where the evidence is too thin to be ``sure``."""
    if forced:
        return "forced"
    if loss <= 0:
        return "best"
    bound = loss - margin
    if not sure:
        return "good"
    inaccuracy, mistake, blunder = BANDS[family]
    if bound < inaccuracy:
        return "good"
    if bound < mistake:
        return "inaccuracy"
    return "mistake" if bound < blunder else "blunder"


@dataclass(frozen=True, slots=True)
class Worth:
    """What a position is worth to one seat, whoever is to move."""

    expected: float
    stderr: float
    exact: bool
    deals: int


def worth(v: SeatView, rng: random.Random, *, seconds: float = SECONDS,
          limit: int = EXACT_LIMIT, precision: float | None = None) -> Worth:
    """The expected score of ``v``'s position for its seat (whoever is to move) over
    the deals its view allows, everyone playing on perfectly."""
    _check(v)
    assert v.rules is not None
    family, n, seat = v.rules.family, len(v.hand_counts), v.seat

    def score(solution: Solution) -> tuple[int, ...]:
        value = solution.value
        if isinstance(value, int) and solution.to_move != seat:
            value = -value  # two players: the value is the mover's
        return (_numerator(value, seat, family, n),)

    fine = PRECISION[family] if precision is None else precision
    tally = _solve_deals(v, rng, time.perf_counter() + SOLVING * seconds, limit, score,
                         lambda tally: fine > 0 and tally.spread() < fine)
    return Worth(float(tally.mean(0)), tally.stderr(0), tally.exact, tally.n)


# -- a round's report ---------------------------------------------------------

def accuracy(family: str, losses: Sequence[float]) -> float:
    """The accuracy of a seat's decisions, in per cent: the mean over the decisions
    of ``100 · 2^(−loss / b)``, ``b`` the family's blunder band.  No loss scores 100,
    an inaccuracy's band 79, a mistake's 63, a blunder's 50 (as lichess's move
    accuracy gives for a drop of 5, 10 and 15 points of winning chance: 80, 64, 50).
    Raises ValueError for no decisions."""
    if not losses:
        raise ValueError("no decisions to judge")
    half = BANDS[family][2]
    return sum(100.0 * math.exp(-math.log(2) * max(loss, 0.0) / half) for loss in losses) \
        / len(losses)


@dataclass(frozen=True, slots=True)
class DecisionReport:
    """One of the seat's decisions in the round."""

    ply: int  # its index in the round's moves
    move: Move  # the move played
    grade: str
    loss: float
    expected: float | None  # the move's expected score (None: a forced move, not appraised)
    best: tuple[Move, ...]  # the best moves (the move itself when forced)
    best_expected: float | None
    appraisal: Appraisal | None  # every move's appraisal (None when forced)
    margin: float = 0.0  # the half-width of the loss's 95% interval

    @property
    def sure_loss(self) -> float:
        """The loss the evidence supports (:attr:`MoveAppraisal.sure_loss`)."""
        return max(0.0, self.loss - self.margin)


@dataclass(frozen=True, slots=True)
class RoundReport:
    """A round's report for one seat (see :func:`report`).  The mean loss, the share
    of best moves and the accuracy are None when the seat made no decision that was
    not forced."""

    seat: int
    family: str
    decisions: tuple[DecisionReport, ...]  # every decision of the seat, forced ones too
    counted: int  # the non-forced decisions
    mean_loss: float | None  # per non-forced decision
    share_best: float | None  # of the non-forced decisions, the share graded best
    counts: tuple[tuple[str, int], ...]  # (grade, how many), every grade in GRADES order
    accuracy: float | None  # per cent (:func:`accuracy`)
    worth: float | None  # the expected score of the seat's first position (the round's start)
    result: float | None  # the round's result for the seat (None while it is played)
    luck: float | None  # result − worth: a hand worth little played well, or the opposite
    exact: bool  # every appraisal exact


def summarise(seat: int, family: str, decisions: Sequence[DecisionReport],
              worth: float | None, result: float | None, exact: bool = True) -> RoundReport:
    """The report's arithmetic over ``decisions`` (see :class:`RoundReport`)."""
    counted = [d for d in decisions if d.grade != "forced"]
    losses = [d.sure_loss for d in counted]
    counts = tuple((g, sum(1 for d in decisions if d.grade == g)) for g in GRADES)
    mean_loss = sum(losses) / len(losses) if losses else None
    share = sum(1 for d in counted if d.grade == "best") / len(counted) if counted else None
    luck = result - worth if result is not None and worth is not None else None
    return RoundReport(seat, family, tuple(decisions), len(counted), mean_loss, share, counts,
                       accuracy(family, losses) if losses else None, worth, result, luck,
                       exact)


def report(state: State, seat: int, rng: random.Random, *, seconds: float = SECONDS,
           limit: int = EXACT_LIMIT) -> RoundReport:
    """Appraise each decision ``seat`` made in ``state``'s round (its moves from the
    position it was set up in) and sum them up.  ``seconds`` is each appraisal's
    budget.  The state is left as it was."""
    played = state.moves
    walker = state.copy()
    while walker.moves:
        walker.pop()
    family = state.rules.family
    decisions: list[DecisionReport] = []
    exact = True
    start_worth: float | None = None
    for ply, move in enumerate(played):
        if walker.to_move == seat and walker.mover is not None:
            v = view(walker, seat)
            if distinct_moves(v) == 1:
                decisions.append(DecisionReport(ply, move, "forced", 0.0, None, (move,), None, None))
            else:
                a = appraise(v, rng, seconds=seconds, limit=limit)
                item = a.of(move)
                exact = exact and a.exact
                decisions.append(DecisionReport(ply, move, item.grade, item.loss, item.expected,
                                                a.best, a.top, a, item.margin))
                if ply == 0:
                    start_worth = a.top
        if ply == 0 and start_worth is None:
            w = worth(view(walker, seat), rng, seconds=seconds, limit=limit)
            start_worth = w.expected
            exact = exact and w.exact
        walker.push(move)
    result = seat_score(state, seat) if state.over else None
    return summarise(seat, family, decisions, start_worth, result, exact)
