"""Computer players: four levels that see only their own seat's view.

A bot is given a :class:`~engine.view.SeatView` (its hand, the line, every
count, the values the others are known to lack) and a random generator, never
a :class:`~engine.state.State`: what it cannot see, it cannot read.  It
answers with a :class:`Decision`: one of the view's legal moves (play with its
end, pass, draw, or Gaple's dead-tile discard; openings follow the view's
legal moves, which already apply must-open rules), the reasons for it, and the
seconds it thought.

Levels (:data:`LEVELS`, :func:`make_bot`):

- ``random``: any legal move, uniformly.
- ``heaviest``: the highest-value playable tile; stuck in Gaple, the heaviest
  tile as the dead tile.  The common baseline.
- ``counting``: leaves open the number it holds most of, blocks with numbers
  the opponents are known to lack, sheds weight on ties; throws as its dead
  tile the heaviest one whose numbers can no longer come up.
- ``strong``: imagines the hidden tiles many times over (:mod:`engine.sampler`:
  deals consistent with the view), solves each imagined deal with the solver
  (:func:`engine.solve.solve`), and plays the move with the best mean result
  over them, within ``budget`` seconds a move.

:func:`hint` is the strong bot's choice with the reasons a learner can read.

Reasons are structured for translation: a ``code`` and its ``params``;
:meth:`Reason.text` gives the English.  Every code, its params and its text:

=================  ====================================  ==========================================
code               params                                English
=================  ====================================  ==========================================
only_move          move (str: the move's short form)     It is the only legal move.
wins_for_certain   samples (int)                         It wins whatever the hidden tiles are
                                                         (checked on {samples} possible deals).
goes_out           tile (str)                            It plays your last tile, {tile}: you go
                                                         out.
opponents_lack     seats (tuple of int), value (int)     It leaves a {value} open, and players
                                                         {seats} could not play on a {value}
                                                         before: they hold none.
keeps_value        value (int)                           It leaves a {value} open, and every
                                                         {value} not yet played is in your hand:
                                                         only you can play on that end.
keeps_both         left (int), right (int)               After it you still hold a tile for each
                                                         open end, {left} and {right}.
holds_most         value (int), count (int)              It leaves open the number you hold most
                                                         of: {count} tiles with a {value}.
sheds_heavy        tile (str), value (int)               It gets rid of a heavy tile, {tile}
                                                         (worth {value}).
sheds_heaviest     tile (str), value (int)               It plays your heaviest tile, {tile}: its
                                                         {value} pips can no longer count against
                                                         you.
heaviest_dead      tile (str), value (int)               Throw the heaviest tile you cannot use,
                                                         {tile} (worth {value}).
spent_dead         tile (str), value (int)               Throw {tile}: no tile left in play can
                                                         ever match it, so you could never play
                                                         it anyway.
dead_hardest       tile (str), count (int)               Throw {tile}: of your tiles it is the
                                                         hardest to play later, with the fewest
                                                         matches among the tiles you cannot see
                                                         ({count}).
dead_light         tile (str), value (int)               Throw {tile}, your lightest tile: a dead
                                                         tile counts against you all the same, so
                                                         keep the heavier ones to play out.
average_ahead      points (float)                        On average it leaves you {points} points
                                                         a round ahead of an opponent.
average_behind     points (float)                        On average it leaves you {points} points
                                                         a round behind an opponent.
average_even       (none)                                On average it leaves you level with an
                                                         opponent.
average_place      place (float), players (int)          On average it finishes you in place
                                                         {place} of {players}.
average_chance     chance (int: per cent)                Your chance of winning with it: {chance}%
                                                         (a draw counts as half a win).
next_points        move (Move), points (float)           The next best, {move}, leaves you
                                                         {points} points a round less.
next_places        move (Move), places (float)           The next best, {move}, finishes you
                                                         {places} places lower.
next_chance        move (Move), chance (int: per cent)   The next best, {move}: {chance}%.
equally_good       moves (tuple of Move)                 {moves} are equally good: the deals
                                                         cannot tell them apart.
deals_sampled      samples (int)                         Worked out on {samples} possible deals
                                                         of the tiles you cannot see, each played
                                                         out to the end.
deals_all          samples (int)                         Worked out on every possible deal of the
                                                         tiles you cannot see ({samples}), each
                                                         played out to the end.
random_choice      (none)                                Chosen at random.
=================  ====================================  ==========================================

The strong bot's reasons come in this order (:func:`move_reasons`, then
:func:`average_reasons`): ``wins_for_certain`` when it applies; then what the
move does in the game's terms (goes out, leaves open a number a seat has shown
it lacks, keeps a number only the mover holds, keeps a tile for each end, sheds
the heaviest tile; for a dead tile, why that one); then the numbers: the
move's average result in the family's unit (Block: points a round against an
opponent, that is the mover's points minus the mean of the others'; Gaple: the
place; the duel: the chance of winning, a draw counted as half, which is
(1 + its mean) / 2), the next best move's and by how much, or which moves are
equally good (a difference within twice its standard error over the deals),
and how many deals the numbers come from.

Scores are the mover's own result (higher is better): in Block its points
minus the mean of the others', in Gaple (N + 1) / 2 minus its place, in the
duel +1, 0 or −1 (:func:`seat_score`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final, Protocol

from .moves import Move, canonical, distinct
from .sampler import sample, unseen_mask, world
from .settlement import gaple_places, settle
from .state import State
from .tiles import FITS, Tile
from .view import SeatView

LEVELS: Final[tuple[str, ...]] = ("random", "heaviest", "counting", "strong")

_TEXTS: Final[dict[str, str]] = {
    "only_move": "It is the only legal move.",
    "wins_for_certain": "It wins whatever the hidden tiles are (checked on {samples} possible "
                        "deals).",
    "goes_out": "It plays your last tile, {tile}: you go out.",
    "opponents_lack": "It leaves a {value} open, and players {seats} could not play on a {value} "
                      "before: they hold none.",
    "keeps_value": "It leaves a {value} open, and every {value} not yet played is in your hand: "
                   "only you can play on that end.",
    "keeps_both": "After it you still hold a tile for each open end, {left} and {right}.",
    "holds_most": "It leaves open the number you hold most of: {count} tiles with a {value}.",
    "sheds_heavy": "It gets rid of a heavy tile, {tile} (worth {value}).",
    "sheds_heaviest": "It plays your heaviest tile, {tile}: its {value} pips can no longer count "
                      "against you.",
    "heaviest_dead": "Throw the heaviest tile you cannot use, {tile} (worth {value}).",
    "spent_dead": "Throw {tile}: no tile left in play can ever match it, so you could never play "
                  "it anyway.",
    "dead_hardest": "Throw {tile}: of your tiles it is the hardest to play later, with the fewest"
                    " matches among the tiles you cannot see ({count}).",
    "dead_light": "Throw {tile}, your lightest tile: a dead tile counts against you all the same,"
                  " so keep the heavier ones to play out.",
    "average_ahead": "On average it leaves you {points} points a round ahead of an opponent.",
    "average_behind": "On average it leaves you {points} points a round behind an opponent.",
    "average_even": "On average it leaves you level with an opponent.",
    "average_place": "On average it finishes you in place {place} of {players}.",
    "average_chance": "Your chance of winning with it: {chance}% (a draw counts as half a win).",
    "next_points": "The next best, {move}, leaves you {points} points a round less.",
    "next_places": "The next best, {move}, finishes you {places} places lower.",
    "next_chance": "The next best, {move}: {chance}%.",
    "equally_good": "{moves} are equally good: the deals cannot tell them apart.",
    "deals_sampled": "Worked out on {samples} possible deals of the tiles you cannot see, each "
                     "played out to the end.",
    "deals_all": "Worked out on every possible deal of the tiles you cannot see ({samples}), each"
                 " played out to the end.",
    "random_choice": "Chosen at random.",
}
#: Every reason code a bot gives (the Play page translates each).
REASON_CODES: Final[tuple[str, ...]] = tuple(_TEXTS)


@dataclass(frozen=True)
class Reason:
    """Why a move was chosen: a code for translation and its values."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self) -> str:
        """The reason in English (a move in its short form, ``play 2-5 right``)."""
        values = {k: (", ".join(map(str, v)) if isinstance(v, tuple) else str(v))
                  for k, v in self.params.items()}
        return _TEXTS[self.code].format(**values)


@dataclass(frozen=True)
class Decision:
    """A bot's move, the reasons for it (most telling first) and its thinking time."""

    move: Move
    reasons: tuple[Reason, ...]
    seconds: float


class Bot(Protocol):
    level: str

    def decide(self, view: SeatView, rng: random.Random) -> Decision: ...


# -- shared arithmetic ------------------------------------------------------

def seat_score(state: State, seat: int) -> float:
    """A finished round's result for ``seat``, higher is better: Block its points
    minus the mean of the others' points, Gaple (N + 1) / 2 minus its place,
    the duel +1 / 0 / −1 (CONTRACT.md "Arena")."""
    n = state.players
    family = state.rules.family
    if family == "gaple":
        return (n + 1) / 2 - gaple_places(state)[seat]
    result = settle(state)
    if family == "block":
        others = sum(p for s, p in enumerate(result.points) if s != seat)
        return result.points[seat] - others / (n - 1)
    if seat in result.winners:
        return 1.0
    return 0.0 if result.draw else -1.0


def _opened(view: SeatView, move: Move) -> tuple[int, ...]:
    """The open values after ``move`` (a play)."""
    tile = move.tile
    assert tile is not None
    if not view.ends:
        return (tile.low, tile.high)
    left, right = view.ends
    if move.end == "left":
        return (tile.other(left), right)
    return (left, tile.other(right))


def _new_value(view: SeatView, move: Move) -> int:
    """The value ``move`` (a play) leaves at the end it joins."""
    tile = move.tile
    assert tile is not None
    if not view.ends:
        return tile.high
    left, right = view.ends
    return tile.other(left) if move.end == "left" else tile.other(right)


def _count(tiles: tuple[Tile, ...] | list[Tile], value: int) -> int:
    return sum(1 for t in tiles if t.has(value))


def _lacking(view: SeatView, value: int) -> tuple[int, ...]:
    """The opponents known to lack ``value``, nearest to play after the seat first."""
    n = len(view.hand_counts)
    order = [(view.seat + k) % n for k in range(1, n)]
    return tuple(p for p in order if value in view.missing[p] and view.hand_counts[p] > 0)


def _spent(view: SeatView, value: int) -> bool:
    """No tile showing ``value`` is unseen: only the seat's own can match it."""
    return not unseen_mask(view) & FITS[value]


def _heaviest(tiles: list[Tile]) -> Tile:
    return max(tiles, key=lambda t: (t.value, t.high))


def _play_reasons(view: SeatView, move: Move) -> list[Reason]:
    """What a learner can see in a play: going out, blocking, keeping a number."""
    tile = move.tile
    assert tile is not None
    reasons: list[Reason] = []
    if len(view.hand) == 1:
        reasons.append(Reason("goes_out", {"tile": str(tile)}))
        return reasons
    rest = [t for t in view.hand if t != tile]
    if view.ends:
        new = _new_value(view, move)
        lack = _lacking(view, new)
        if lack:
            reasons.append(Reason("opponents_lack", {"seats": lack, "value": new}))
        if _count(rest, new) and _spent(view, new):
            reasons.append(Reason("keeps_value", {"value": new}))
    return reasons


def _discard_reason(view: SeatView, tile: Tile) -> Reason:
    if all(_spent(view, v) for v in {tile.low, tile.high}):
        return Reason("spent_dead", {"tile": str(tile), "value": tile.value})
    return Reason("heaviest_dead", {"tile": str(tile), "value": tile.value})


def _unseen_matches(view: SeatView, tile: Tile) -> int:
    """How many tiles the seat cannot see show a half of ``tile``."""
    return (unseen_mask(view) & (FITS[tile.low] | FITS[tile.high])).bit_count()


def _dead_reasons(view: SeatView, tile: Tile) -> list[Reason]:
    """Why throw ``tile`` dead (Gaple), as far as the game's terms tell: no tile can ever
    match it; else it has the fewest matches among the unseen tiles; else it is the
    heaviest or the lightest tile held (a dead tile counts all the same)."""
    if all(_spent(view, v) for v in {tile.low, tile.high}):
        return [Reason("spent_dead", {"tile": str(tile), "value": tile.value})]
    others = [t for t in view.hand if t != tile]
    if not others:
        return []
    count = _unseen_matches(view, tile)
    if all(count < _unseen_matches(view, t) for t in others):
        return [Reason("dead_hardest", {"tile": str(tile), "count": count})]
    if all(tile.value > t.value for t in others):
        return [Reason("heaviest_dead", {"tile": str(tile), "value": tile.value})]
    if all(tile.value < t.value for t in others):
        return [Reason("dead_light", {"tile": str(tile), "value": tile.value})]
    return []


def _keeps_both(view: SeatView, move: Move) -> bool:
    """After the play the seat still holds a tile for each open end."""
    tile = move.tile
    assert tile is not None
    rest = [t for t in view.hand if t != tile]
    return bool(rest) and all(_count(rest, v) for v in _opened(view, move))


def _heaviest_tile(view: SeatView, move: Move) -> bool:
    """The play sheds a heavy tile (6 pips or more) that no other tile held outweighs."""
    tile = move.tile
    return tile is not None and tile.value >= 6 and all(tile.value >= t.value
                                                        for t in view.hand)


def move_reasons(view: SeatView, move: Move, rival: Move | None = None) -> list[Reason]:
    """What ``move`` does in the game's terms, as a learner can see it: goes out, leaves
    open a number a seat has shown it lacks, keeps a number only the mover holds; then,
    where ``rival`` (the move it is weighed against) does not do the same, keeps a tile
    for each end, sheds the heaviest tile.  For a dead tile, why that one.  (A reason
    every move shares tells the learner nothing, hence the rival.)"""
    tile = move.tile
    if tile is None:
        return []
    if move.kind == "discard":
        return _dead_reasons(view, tile)
    reasons = _play_reasons(view, move)
    if len(view.hand) == 1:
        return reasons
    rival_play = rival is not None and rival.kind == "play"
    if view.ends and _keeps_both(view, move) and not (rival_play and rival is not None
                                                      and _keeps_both(view, rival)):
        left, right = _opened(view, move)
        reasons.append(Reason("keeps_both", {"left": left, "right": right}))
    if _heaviest_tile(view, move) and not (rival_play and rival is not None
                                           and _heaviest_tile(view, rival)):
        reasons.append(Reason("sheds_heaviest", {"tile": str(tile), "value": tile.value}))
    return reasons


def average_reasons(view: SeatView, move: Move, mean: float, samples: int, *,
                    exact: bool = False, rival: Move | None = None,
                    rival_mean: float | None = None,
                    equal: tuple[Move, ...] = ()) -> list[Reason]:
    """The numbers behind ``move``, in the family's unit (see the module): its average
    result ``mean`` (on :func:`seat_score`'s scale) over ``samples`` deals (``exact``:
    every deal the view allows); the moves ``equal`` to it within the deals' noise
    (``equally_good``), else the next best ``rival`` with its mean."""
    rules = view.rules
    family = rules.family if rules is not None else "block"
    players = len(view.hand_counts)
    reasons: list[Reason] = []
    if family == "gaple":
        reasons.append(Reason("average_place", {"place": round((players + 1) / 2 - mean, 2),
                                                "players": players}))
    elif family == "duel":
        reasons.append(Reason("average_chance", {"chance": _chance(mean)}))
    elif round(mean, 1) > 0:
        reasons.append(Reason("average_ahead", {"points": round(mean, 2)}))
    elif round(mean, 1) < 0:
        reasons.append(Reason("average_behind", {"points": round(-mean, 2)}))
    else:
        reasons.append(Reason("average_even", {}))
    if equal:
        reasons.append(Reason("equally_good", {"moves": (move, *equal)}))
    elif rival is not None and rival_mean is not None:
        gap = round(max(mean - rival_mean, 0.0), 2)
        if family == "gaple":
            reasons.append(Reason("next_places", {"move": rival, "places": gap}))
        elif family == "duel":
            reasons.append(Reason("next_chance", {"move": rival, "chance": _chance(rival_mean)}))
        else:
            reasons.append(Reason("next_points", {"move": rival, "points": gap}))
    reasons.append(Reason("deals_all" if exact else "deals_sampled", {"samples": samples}))
    return reasons


def _chance(mean: float) -> int:
    """The duel's chance of winning in per cent, a draw counted as half a win, from the
    mean of +1 / 0 / −1: (1 + mean) / 2."""
    return round(50 * (1 + mean))


#: How many standard errors a difference between two moves must clear before the hint
#: calls one better (as the appraisal's grades do).
NOISE_Z: Final = 2.0


def _paired_gap(rows: list[dict[Move, float]], a: Move, b: Move) -> tuple[float, float]:
    """The mean of move ``a``'s score minus move ``b``'s over the deals, and its standard
    error (0 with a single deal)."""
    diffs = [row[a] - row[b] for row in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


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
        return (view.legal[rng.randrange(len(view.legal))],
                      [Reason("random_choice", {})])


class HeaviestBot(_Level):
    """The highest-value playable tile; the heaviest tile as a dead tile."""

    level = "heaviest"

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        move = max(view.legal, key=_weight)
        tile = move.tile
        assert tile is not None
        if move.kind == "discard":
            return (move, [Reason("heaviest_dead",
                                               {"tile": str(tile), "value": tile.value})])
        return (move, [Reason("sheds_heavy",
                                           {"tile": str(tile), "value": tile.value})])


def _weight(move: Move) -> tuple[int, int]:
    tile = move.tile
    return (tile.value, tile.high) if tile is not None else (-1, -1)


class CountingBot(_Level):
    """Counts numbers: keeps its strong number open and blocks with the ones the
    others lack."""

    level = "counting"

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        if view.legal[0].kind == "discard":
            tiles = [m.tile for m in view.legal if m.tile is not None]
            dead = max(tiles, key=lambda t: (all(_spent(view, v) for v in (t.low, t.high)),
                                             t.value, t.high))
            return (Move.discard(dead), [_discard_reason(view, dead)])
        move = max(view.legal, key=lambda m: self._score(view, m))
        tile = move.tile
        assert tile is not None
        reasons = _play_reasons(view, move)
        rest = [t for t in view.hand if t != tile]
        best = max(_opened(view, move), key=lambda v: _count(rest, v))
        if _count(rest, best) >= 2:
            reasons.append(Reason("holds_most", {"value": best, "count": _count(rest, best)}))
        if not reasons:
            reasons.append(Reason("sheds_heavy", {"tile": str(tile), "value": tile.value}))
        return (move, reasons)

    @staticmethod
    def _score(view: SeatView, move: Move) -> float:
        tile = move.tile
        assert tile is not None
        rest = [t for t in view.hand if t != tile]
        if not rest:
            return 1000.0
        score = 0.3 * tile.value + (1.5 if tile.is_double else 0.0)
        opened = _opened(view, move)
        for value in set(opened):
            score += 2.0 * _count(rest, value)
            lack = _lacking(view, value)
            score += 3.0 * len(lack)
            if lack and lack[0] == (view.seat + 1) % len(view.hand_counts):
                score += 2.0
        return score


# -- strong: sample the hidden tiles, solve each sample -----------------------

#: ``evaluate(state, seconds)``: each legal move's score for the mover in a full
#: position, and whether those scores are exact.
Evaluator = Callable[[State, float], tuple[dict[Move, float], bool]]


def solver_scores(state: State, seconds: float, max_nodes: int | None = None
                  ) -> tuple[dict[Move, float], bool]:
    """Each legal move's value for the mover by the solver, within ``seconds`` (and
    ``max_nodes``), on :func:`seat_score`'s scale (the solver scores Gaple by minus
    the place)."""
    from .solve import solve

    solution = solve(state, seconds=seconds, max_nodes=max_nodes)
    n, mover = state.players, state.to_move
    family = state.rules.family
    if family == "block" and n > 2:  # the solver gives each player's points
        return {mv.move: _against_others(mv.value, mover) for mv in solution.moves}, \
            solution.exact
    shift = (n + 1) / 2 if family == "gaple" else 0.0
    return {mv.move: mv.score + shift for mv in solution.moves}, solution.exact


def _against_others(points: int | tuple[int, ...], seat: int) -> float:
    """Block with three or four players: the seat's points minus the mean of the others'."""
    assert isinstance(points, tuple)
    own = points[seat]
    return own - (sum(points) - own) / (len(points) - 1)


def _greedy(state: State) -> Move:
    """A quick full-information policy for playouts: the heaviest play or discard."""
    moves = state.legal_moves()
    return max(moves, key=_weight) if len(moves) > 1 else moves[0]


def rollout_scores(state: State, seconds: float) -> tuple[dict[Move, float], bool]:
    """Each legal move's score for the mover when everyone then plays the heaviest
    tile (a cheap estimate, never exact; the solver is the default)."""
    mover = state.to_move
    scores: dict[Move, float] = {}
    for move in state.legal_moves():
        walker = state.copy()
        walker.push_unchecked(move)
        while not walker.over:
            walker.push_unchecked(_greedy(walker))
        scores[move] = seat_score(walker, mover)
    return scores, False


class StrongBot(_Level):
    """Samples deals consistent with the view and solves each (see the module)."""

    level = "strong"

    def __init__(self, budget: float = 0.5, *, max_samples: int = 64,
                 max_nodes: int | None = None, evaluate: Evaluator | None = None) -> None:
        """``budget``: seconds a move; ``max_samples``: deals imagined at most;
        ``max_nodes``: the solver's node limit per deal (with a generous budget, a
        choice that does not depend on the machine's speed); ``evaluate``: another
        way to score a full position's moves (:func:`rollout_scores`)."""
        if budget <= 0:
            raise ValueError(f"a bot's budget must be above zero, not {budget}")
        self.budget = budget
        self.max_samples = max_samples
        self.max_nodes = max_nodes
        self.evaluate: Evaluator = evaluate if evaluate is not None else self._solve

    def _solve(self, state: State, seconds: float) -> tuple[dict[Move, float], bool]:
        return solver_scores(state, seconds, self.max_nodes)

    def _choose(self, view: SeatView, rng: random.Random) -> tuple[Move, list[Reason]]:
        deadline = time.perf_counter() + self.budget
        legal = view.legal
        choices = distinct(legal, view.ends)  # a tile on either of two equal ends: one move
        if len(choices) == 1:
            return (choices[0], [Reason("only_move", {"move": choices[0].text()})])
        totals = dict.fromkeys(legal, 0.0)
        wins = dict.fromkeys(legal, 0)
        rows: list[dict[Move, float]] = []  # each deal's scores, for the paired differences
        top = _top_score(view)
        samples, exact = 0, True
        while samples < self.max_samples:
            left = deadline - time.perf_counter()
            if samples and left <= 0:
                break
            state = world(view, sample(view, rng))
            per = max(left, 0.0) / max(2, min(8, self.max_samples - samples))
            scores, was_exact = self.evaluate(state, max(per, 0.005))
            exact = exact and was_exact
            samples += 1
            worst = min(scores.values()) if scores else 0.0
            row = {move: scores.get(move, worst) for move in legal}
            rows.append(row)
            for move, score in row.items():
                totals[move] += score
                if score >= top:
                    wins[move] += 1
        ranked = sorted(legal, key=lambda m: (-totals[m], -_weight(m)[0]))
        move = canonical(ranked[0], view.ends)  # named as a one-click play lays it
        others: list[Move] = []  # every other move, by its one name, best first
        for m in ranked:
            name = canonical(m, view.ends)
            if name != move and name not in others:
                others.append(name)
        # A move is as good as the best when its paired shortfall is within the deals' noise
        # (measured on the move's own name: its mirror image may differ by the solver's ties).
        equal = tuple(m for m in others
                      if (gap := _paired_gap(rows, ranked[0], m))[0] <= NOISE_Z * gap[1])
        rival = next((m for m in others if m not in equal), None)
        reasons: list[Reason] = []
        if exact and wins[move] == samples:
            reasons.append(Reason("wins_for_certain", {"samples": samples}))
        reasons.extend(move_reasons(view, move, rival if rival is not None else others[0]))
        mean = totals[ranked[0]] / samples
        reasons.extend(average_reasons(
            view, move, mean, samples, rival=rival,
            rival_mean=totals[rival] / samples if rival is not None else None, equal=equal))
        return (move, reasons)


def _top_score(view: SeatView) -> float:
    """The score that means the mover won the round outright."""
    rules = view.rules
    n = len(view.hand_counts)
    if rules is not None and rules.family == "gaple":
        return (n + 1) / 2 - 1
    if rules is not None and rules.family == "duel":
        return 1.0
    return 0.5  # Block: a win scores the others' pips, at least one point


_MAKERS: Final[dict[str, Callable[[float], Bot]]] = {
    "random": lambda budget: RandomBot(),
    "heaviest": lambda budget: HeaviestBot(),
    "counting": lambda budget: CountingBot(),
    "strong": lambda budget: StrongBot(budget),
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
