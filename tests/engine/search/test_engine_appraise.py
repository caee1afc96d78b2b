"""The appraisal (engine/search/appraise.py, engine/search/deals.py; CONTRACT.md "Appraisal"): each
move's expected score over the deals the mover's view allows agrees with a brute force
written here apart from the engine's own enumeration, in every family; grades; the
deals drawn at random are uniform; a round's report and its arithmetic."""

from __future__ import annotations

import dataclasses
import math
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import pytest
from deal_support import histories, placements
from engine_helpers import RULESETS, t

from engine.game.line import Line
from engine.game.moves import Move
from engine.game.rules import block, duel
from engine.game.state import Opening, State
from engine.game.tiles import TILES, Tile
from engine.game.view import SeatView, view
from engine.players.bots import seat_score
from engine.search.appraise import (
    BANDS,
    COARSE,
    FEWEST,
    GRADES,
    MIN_DEALS,
    MIN_VERDICT,
    PRECISION,
    REVIEW_PRECISION,
    AppraisalError,
    DecisionReport,
    _precise,
    _Tally,
    accuracy,
    appraise,
    as_precise,
    combine,
    deal_rows,
    distinct_moves,
    enough_deals,
    grade,
    look_precision,
    narrow,
    narrowed,
    report,
    review_precision,
    review_time,
    summarise,
    worth,
)
from engine.search.deals import DealSpace
from engine.search.paired import NOISE_Z, t_value
from engine.search.solve import solve
from engine.teaching.scenario import load

# -- the brute force: every assignment of the hidden tiles, each move played out ------


def assignments(state: State, seat: int
                ) -> Iterator[tuple[list[int], list[int], tuple[Tile, ...], int]]:
    """Every way to put the tiles ``seat`` cannot see where they may be, with how many
    histories of the round lead to it (tests/engine/search/deal_support.py: 0 for none): each other hand
    and dead pile of its size, the stock of its size in every order in draw mode, the rest
    hidden.  Yields hands and dead piles as masks, the stock, and the count."""
    for sample in placements(state, seat):
        found = histories(state, seat, sample)
        if found:
            yield list(sample.hands), list(sample.dead), sample.stock, found


def position(v: SeatView, hands: list[int], dead: list[int], stock: tuple[Tile, ...]) -> State:
    assert v.rules is not None and v.to_move is not None
    opening: Opening = None
    if v.opening is not None:
        opening = "double" if v.opening == "double" else Tile.parse(v.opening)
    ordered = v.rules.draw_mode
    return State(v.rules, hands, v.line.copy(), stock=list(stock) if ordered else None,
                 stock_count=None if ordered else len(stock), dead=dead, to_move=v.to_move,
                 passes=v.passes, opening=opening)


def played_out(state: State, seat: int) -> Fraction:
    """``seat``'s result (the arena's scale) after the solver's line is played to the end."""
    if not state.over:
        solution = solve(state, seconds=60)
        assert solution.exact
        for move in solution.line:
            state.push(move)
    assert state.over
    return Fraction(seat_score(state, seat)).limit_denominator(12)


def brute_force(state: State, seat: int) -> tuple[dict[Move, Fraction], int]:
    """Each legal move's mean result for ``seat`` (to move) over every history of the
    hidden tiles, and how many.  A play on the left of equal ends is played on the right:
    its one name, whose value the appraisal gives both."""
    v = view(state, seat)
    totals = dict.fromkeys(v.legal, Fraction(0))
    n = 0
    for hands, dead, stock, ways in assignments(state, seat):
        n += ways
        world = position(v, hands, dead, stock)
        for move in v.legal:
            child = world.copy()
            mirror = len(v.ends) == 2 and v.ends[0] == v.ends[1] and move.end == "left"
            child.push(Move.play(move.tile, "right") if mirror and move.tile else move)
            totals[move] += ways * played_out(child, v.seat)
    return {move: total / n for move, total in totals.items()}, n


def brute_worth(state: State, seat: int) -> Fraction:
    """What the position is worth to ``seat``, whoever moves, by brute force."""
    v = view(state, seat)
    results = [(ways, played_out(position(v, h, d, s), seat))
               for h, d, s, ways in assignments(state, seat)]
    return Fraction(sum(w * r for w, r in results), sum(w for w, _ in results))


# -- small positions of every family ------------------------------------------------

#: (ruleset, seed, moves): a random game from ``random.Random(seed)`` (the deal, then a
#: uniformly random legal move each turn), stopped after ``moves`` moves.  Each is late
#: enough for a brute force, with what it shows beside it.
POSITIONS = [
    ("block-2", 0, 10),  # 120 deals; the opponent lacks 1 and 3
    ("block-3", 2, 14),  # 66 deals; every opponent lacks values
    ("block-4", 39, 19),  # 140 deals; four seats' missing values
    ("gaple-4x6", 4, 19),  # 400 deals: a dead tile face down (thrown at 5 and 6: 200
    #                        more would show one), three in the middle
    ("gaple-4x7", 0, 23),  # 36 deals: dead piles of one and two tiles
    ("gaple-5", 44, 19),  # 360 deals: five players, a dead tile
    ("gaple-4x6-pass", 1, 20),  # 60 deals: the pass variant
    ("duel", 0, 10),  # 120 deals
    ("duel-draw", 4, 31),  # 24 deals: a stock of three in every order, each of 2 ways
    ("duel-draw", 12, 33),  # 20 deals: a stock of two
]


def game(name: str, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    state = State.deal(RULESETS[name], rng)
    for _ in range(moves):
        state.push(rng.choice(state.legal_moves()))
    return state


def mover_view(state: State) -> SeatView:
    assert state.mover is not None
    return view(state, state.mover)


@pytest.mark.parametrize(("name", "seed", "moves"), POSITIONS,
                         ids=[f"{p[0]}-{p[1]}-{p[2]}" for p in POSITIONS])
def test_the_appraisal_agrees_with_brute_force(name: str, seed: int, moves: int) -> None:
    state = game(name, seed, moves)
    v = mover_view(state)
    expected, count = brute_force(state, v.seat)
    a = appraise(v, random.Random(1), seconds=120, precision=0)
    assert a.exact and a.deals == a.consistent and DealSpace(v).histories == count
    assert distinct_moves(v) > 1
    assert [m.move for m in a.moves] == sorted(v.legal, key=lambda m: -expected[m])
    top = max(expected.values())
    for item in a.moves:
        assert item.expected == pytest.approx(float(expected[item.move]), abs=1e-12)
        assert item.loss == pytest.approx(float(top - expected[item.move]), abs=1e-12)
        assert item.stderr == item.loss_stderr == 0.0
    assert set(a.best) == {m for m in v.legal if expected[m] == top}
    assert all((item.grade == "best") == (item.move in a.best) for item in a.moves)


def test_the_positions_show_what_they_are_chosen_for() -> None:
    views = {(name, seed): mover_view(game(name, seed, moves))
             for name, seed, moves in POSITIONS}
    assert views["gaple-4x7", 0].dead_counts == (1, 2, 0, 0)
    assert views["gaple-4x6", 4].dead_counts == (0, 0, 0, 1)
    assert views["gaple-4x6", 4].stock_count == 3
    assert views["duel-draw", 4].stock_count == 3
    assert all(any(v.missing) for v in views.values())  # passes showed values lacking


def test_a_line_given_by_its_ends_hides_tiles_that_change_nothing() -> None:
    # Seat 0 sees its six tiles and the ends; of the 22 others one is in the opponent's
    # hand, one sleeps in the stock, twenty lie hidden in the line: 22 deals that matter
    # (which tile sleeps and which lies in the line does not).
    state = State.setup(duel(), [["0-0", "1-1", "2-2", "3-4", "5-6", "0-6"], ["4-4"]],
                        ends=(4, 6), stock=1)
    v = view(state, 0)
    expected, count = brute_force(state, 0)
    a = appraise(v, random.Random(1), precision=0)
    assert count == 22 and a.consistent == a.deals == 22 and a.exact
    for item in a.moves:
        assert item.expected == pytest.approx(float(expected[item.move]), abs=1e-12)


def test_every_deal_listed_once_each_as_the_view_allows() -> None:
    for name, seed, moves in POSITIONS:
        state = game(name, seed, moves)
        v = mover_view(state)
        space = DealSpace(v)
        listed = [(s.hands, s.dead, s.stock) for s, _ in space.every()]
        brute = {(tuple(h), tuple(d), s if v.rules is not None and v.rules.draw_mode else ())
                 for h, d, s, _ in assignments(state, v.seat)}
        assert len(listed) == len(set(listed)) or v.facts[0].placed or any(
            len(f.dead_parts) > 1 for f in v.facts)
        assert set(listed) == brute, name


def test_deals_drawn_at_random_are_uniform() -> None:
    # Each placement is drawn as often as the deals (histories) that lead to it.
    v = mover_view(game("gaple-4x7", 0, 23))
    space = DealSpace(v)
    every = Counter[tuple[tuple[int, ...], tuple[int, ...]]]()
    for s, ways in space.every():
        every[s.hands, s.dead] += ways
    rng = random.Random(5)
    draws = 100 * space.count
    counts = Counter((s.hands, s.dead) for s in (space.draw(rng) for _ in range(draws)))
    assert set(counts) == set(every)
    chi2 = sum((counts[k] - 100 * w) ** 2 / (100 * w) for k, w in every.items())
    df = len(every) - 1
    assert chi2 < df + 4 * math.sqrt(2 * df)  # far beyond it: p below 0.001


def test_a_drawn_stock_is_in_every_order_alike() -> None:
    v = mover_view(game("duel-draw", 4, 31))
    space = DealSpace(v)
    every = Counter[tuple[Tile, ...]]()
    for s, ways in space.every():
        every[s.stock] += ways
    assert len(every) == 12 and sum(every.values()) == space.count == 24
    assert len(set(every.values())) == 1  # every order of the stock alike
    rng = random.Random(2)
    counts = Counter(space.draw(rng).stock for _ in range(2400))
    assert set(counts) == set(every)
    chi2 = sum((c - 200) ** 2 / 200 for c in counts.values())
    assert chi2 < 31.3  # χ² with 11 degrees of freedom, p = 0.001


def test_deals_beyond_the_limit_are_sampled_with_standard_errors() -> None:
    v = mover_view(game("block-2", 0, 10))
    exact = appraise(v, random.Random(1), precision=0)
    sampled = appraise(v, random.Random(1), limit=10, precision=0.5)
    assert not sampled.exact and sampled.consistent == 120
    assert sampled.deals >= 30
    for item in sampled.moves:
        truth = exact.of(item.move).expected
        assert item.stderr > 0
        assert abs(item.expected - truth) < 5 * item.stderr + 1e-9


def test_sampling_stops_once_precise_enough_or_every_grade_is_settled() -> None:
    # 11,628 deals, drawn at random (limit 0): the duel stops at a standard error of
    # 0.025, or at 0.05 where no grade could change within two standard errors.
    v = mover_view(load("scenarios/demo-reading-ends.toml").replay())
    a = appraise(v, random.Random(4), limit=0, seconds=600)
    assert not a.exact and a.consistent == 11628 and a.deals >= MIN_DEALS
    spread = max(max(m.stderr, m.loss_stderr) for m in a.moves)
    settled = all(m.grade == grade("duel", m.loss + NOISE_Z * m.loss_stderr)
                  for m in a.moves if m.loss > 0)
    assert spread < PRECISION["duel"] or (spread < COARSE["duel"] and settled)
    assert COARSE["duel"] <= BANDS["duel"][0] / 2  # a margin within a band
    assert a.seconds < 600


def test_a_listed_sample_cut_short_is_labelled_and_keeps_the_same_deals() -> None:
    v = mover_view(game("gaple-4x6", 4, 19))
    # No time at all: it still solves the two deals a margin needs, of the 400, says so, and
    # grades no move worse than good on so few.
    a = appraise(v, random.Random(3), seconds=1e-6)
    assert a.deals == FEWEST and not a.exact and a.consistent == 400 and not a.sure
    assert {m.move for m in a.moves} == set(v.legal)
    assert all(m.grade in ("forced", "best", "good") for m in a.moves)


def test_only_deals_solved_to_the_end_are_counted() -> None:
    # Early in a five-player Gaple round a deal's solve takes up to seconds: the deadline cuts
    # one short.  It is left out, not counted as an estimate (scored as if the round were
    # blocked at a depth limit).  Estimates only ever make up the two deals a margin needs,
    # past the budget (on a machine too busy to finish two in time), whatever the load.
    v = mover_view(game("gaple-5", 0, 1))
    a = appraise(v, random.Random(2), seconds=6)
    assert a.deals >= FEWEST and not a.exact
    assert a.estimated == 0 or a.deals == FEWEST
    assert a.to_json()["estimated"] == a.estimated
    assert a.sure == (a.deals >= MIN_VERDICT)


def test_enough_deals_is_every_deal_or_thirty() -> None:
    assert enough_deals(MIN_VERDICT, 10**6) and not enough_deals(MIN_VERDICT - 1, 10**6)
    assert enough_deals(12, 12) and not enough_deals(11, 12)  # a small view: all of them


def test_a_small_view_solved_whole_is_sure_and_a_thin_sample_is_not() -> None:
    # The appraisal's grades and its ``sure`` come from one rule (enough_deals).
    whole = appraise(mover_view(game("block-2", 6, 11)), random.Random(3))
    assert whole.exact and whole.consistent < MIN_VERDICT
    assert whole.sure and [m.grade for m in whole.moves] == ["best", "blunder"]
    # 10 ms for a fresh four-player deal: the fewest deals (50 ms, with the native core, gave
    # about a hundred: enough to be sure)
    thin = appraise(mover_view(game("block-4", 0, 1)), random.Random(3), seconds=0.01)
    assert thin.deals < MIN_VERDICT and not thin.sure
    assert all(m.grade in ("best", "good", "forced") for m in thin.moves)


def test_the_same_seed_the_same_answer() -> None:
    v = mover_view(game("block-2", 0, 10))
    one = appraise(v, random.Random(9), limit=10, precision=0.5)
    two = appraise(v, random.Random(9), limit=10, precision=0.5)
    assert dataclasses.replace(one, seconds=0) == dataclasses.replace(two, seconds=0)


def test_the_rows_of_the_deals_are_what_the_appraisal_averages() -> None:
    # The same seed draws the same deals: the appraisal's means are the rows' means.
    v = mover_view(game("block-2", 0, 10))
    a = appraise(v, random.Random(9), limit=10, precision=0.5)
    got = deal_rows(v, random.Random(9), seconds=600, most=a.deals)
    assert got.population == a.consistent == 120 and got.scale == 1  # two players: points
    assert len(got.rows) == a.deals and {len(row) for row in got.rows} == {len(v.legal)}
    for j, move in enumerate(v.legal):
        column = [row[j] for row in got.rows]
        assert a.of(move).expected == pytest.approx(sum(column) / (a.deals * got.scale))
    # Three players in Block: each score is twice the seat's own points minus the others'.
    three = deal_rows(mover_view(game("block-3", 2, 14)), random.Random(1), seconds=600,
                      most=5)
    assert three.scale == 2 and len(three.rows) == 5


# -- scores and grades ----------------------------------------------------------------


def test_scores_are_on_the_arenas_scale() -> None:
    # Block with three players: each deal's own points minus the mean of the others'.
    v = mover_view(game("block-3", 2, 14))
    a = appraise(v, random.Random(1), precision=0)
    assert all(item.expected == pytest.approx(float(Fraction(item.expected).limit_denominator(
        2 * a.deals))) for item in a.moves)
    # Gaple with four players: (N + 1) / 2 minus the place, from 1.5 down to −1.5.
    g = appraise(mover_view(game("gaple-4x7", 0, 23)), random.Random(1), precision=0)
    assert all(-1.5 <= item.expected <= 1.5 for item in g.moves)
    # The duel: between −1 and +1.
    d = appraise(mover_view(game("duel", 0, 10)), random.Random(1), precision=0)
    assert all(-1 <= item.expected <= 1 for item in d.moves)


@pytest.mark.parametrize("family", ["block", "gaple", "duel"])
def test_grades_follow_the_familys_bands(family: str) -> None:
    inaccuracy, mistake, blunder = BANDS[family]
    assert grade(family, 0.0) == "best"
    assert grade(family, inaccuracy / 2) == "good"
    assert grade(family, inaccuracy) == "inaccuracy"
    assert grade(family, mistake) == "mistake"
    assert grade(family, blunder) == "blunder"
    assert grade(family, 100.0, forced=True) == "forced"


def test_a_loss_within_the_noise_is_never_a_mistake() -> None:
    _, mistake, blunder = BANDS["block"]
    assert grade("block", blunder * 2, margin=2 * blunder) == "good"
    assert grade("block", mistake + 0.1, margin=0.1) == "mistake"
    assert grade("block", mistake + 0.1, margin=0.2) == "inaccuracy"
    assert grade("block", 0.01, margin=0.0) == "good"  # a loss, though a small one
    # Too few deals to say how far off they may be: no verdict worse than good.
    assert grade("block", blunder * 3, margin=0.5, sure=False) == "good"


def test_a_stop_asks_more_confidence_than_a_grade() -> None:
    """The same estimate graded at 99%: a wider margin, so a milder grade where the 95%
    one is near a band's edge; no change where the margin is none (exact) or the move is
    the best."""
    v = mover_view(game("block-4", 39, 19))
    a = appraise(v, random.Random(1), limit=0, seconds=3)
    assert a.sure and not a.exact
    order = GRADES.index
    for m in a.moves:
        wide = t_value(a.deals - 1, 0.99) * m.loss_stderr
        at99 = a.grade_at(m, 0.99)
        assert at99 == (m.grade if m.grade in ("best", "forced") else
                        grade("block", m.loss, wide))
        assert order(at99) <= order(m.grade)
        assert a.grade_at(m, 0.95) == m.grade
    # A loss of 3.5 points with a standard error of 0.2 is a mistake at 95% (sure loss
    # 3.5 - 2.05 * 0.2 = 3.09) but an inaccuracy at 99% (3.5 - 2.76 * 0.2 = 2.95).
    item = dataclasses.replace(a.moves[-1], loss=3.5, loss_stderr=0.2, grade="mistake")
    thin = dataclasses.replace(a, deals=30)
    assert thin.grade_at(item, 0.95) == "mistake" and thin.grade_at(item, 0.99) == "inaccuracy"
    assert thin.margin_at(item, 0.99) == pytest.approx(2.756 * 0.2, abs=0.001)
    assert thin.margin_at(item, 0.95) == pytest.approx(2.045 * 0.2, abs=0.001)
    exact = dataclasses.replace(item, loss_stderr=0.0, margin=0.0)
    assert thin.grade_at(exact, 0.99) == "mistake" and thin.margin_at(exact, 0.99) == 0.0


def test_a_review_aims_at_a_precision_its_grades_can_rest_on() -> None:
    # Block with three or four players aims at a fraction of the mistake band (its own
    # precision would take minutes), the two-player game at half its own (its deals are
    # quick); every other game at the family's precision.
    for name, aim in [("block-4", 0.5), ("block-3", 0.125), ("block-2", PRECISION["block"]),
                      ("gaple-4x6", PRECISION["gaple"]), ("gaple-5", PRECISION["gaple"]),
                      ("duel", PRECISION["duel"] / 2), ("duel-draw", PRECISION["duel"] / 2)]:
        assert review_precision(mover_view(game(name, 0, 2))) == aim, name
    assert all(aim <= BANDS[family][1] / 5 for (family, _), aim in REVIEW_PRECISION.items())
    # With the Python search, three- and four-player Block get twice the review's budget to
    # reach it, as does the draw mode (its deals hold the stock's order, slower to solve),
    # five-player Gaple six times; every other game its own (the native core's budgets:
    # test_engine_appraise_budget.py).
    assert [review_time(mover_view(game(name, 0, 2)), native=False) for name in
            ("block-4", "block-3", "block-2", "gaple-5", "duel", "duel-draw")] == \
        [2.0, 2.0, 1, 6.0, 1, 2.0]
    # An appraisal asked for that precision stops once every standard error is below it
    # and every grade is settled (the same at its interval's upper end: at half a point, a
    # margin of a point, a grade by the lower end is often a class or two milder), else
    # once below the family's own precision.
    v = mover_view(game("block-4", 39, 19))
    a = appraise(v, random.Random(1), limit=0, seconds=60, precision=review_precision(v))
    assert not a.exact and a.seconds < 60
    spread = max(max(m.stderr, m.loss_stderr) for m in a.moves)
    settled = all(m.grade == grade("block", m.loss + m.margin) for m in a.moves if m.loss > 0)
    assert spread < PRECISION["block"] or (spread < 0.5 and settled)


def test_a_tutors_look_goes_on_to_the_reviews_precision() -> None:
    """A look of Play's tutor stops at the review's precision, or the family's where that is
    finer: in the two-player game, one stopped at the family's own left a grade on a band's
    edge unsettled, and most of the look's time unused."""
    for name, aim in [("duel", PRECISION["duel"] / 2), ("duel-draw", PRECISION["duel"] / 2),
                      ("block-2", PRECISION["block"]), ("block-3", PRECISION["block"]),
                      ("block-4", PRECISION["block"]), ("gaple-5", PRECISION["gaple"])]:
        assert look_precision(mover_view(game(name, 0, 2))) == aim, name
    v = mover_view(game("duel", 1, 6))
    family_aim = appraise(v, random.Random(1), limit=0, seconds=60)
    assert family_aim.seconds < 60 and not as_precise(v, family_aim)
    look = appraise(v, random.Random(1), limit=0, seconds=60, precision=look_precision(v))
    assert look.deals > family_aim.deals and as_precise(v, look)


def test_the_tutor_is_as_sure_as_the_review_by_the_reviews_own_stop() -> None:
    """``as_precise``: what Play's tutor asks before it looks no further is what stops a
    review's appraisal early: an appraisal that stopped there is as precise, one cut short
    by its budget is not, and an exact one always is."""
    v = mover_view(game("block-4", 39, 19))
    stopped = appraise(v, random.Random(1), limit=0, seconds=60, precision=review_precision(v))
    assert stopped.seconds < 60 and as_precise(v, stopped)
    early = mover_view(game("block-4", 39, 1))  # a round's first moves: slow deals
    short = appraise(early, random.Random(1), seconds=0.05)
    assert not short.exact and not as_precise(early, short)
    small = mover_view(game("block-2", 0, 10))
    exact = appraise(small, random.Random(1), precision=0)
    assert exact.exact and as_precise(small, exact)
    # Unsettled grades at the review's coarse precision are not enough: the same estimate of
    # the closest move with its margin three points wider reaches from good to a mistake.
    item = min((m for m in stopped.moves if m.loss > 0), key=lambda m: m.loss)
    assert item.loss < 1.5
    wide = dataclasses.replace(item, margin=item.margin + 3.0,
                               grade=grade("block", item.loss, item.margin + 3.0))
    widened = dataclasses.replace(stopped, moves=tuple(wide if m is item else m
                                                       for m in stopped.moves))
    assert not as_precise(v, widened)


def test_a_coarse_precision_stops_only_with_every_grade_settled() -> None:
    """Four-player Block's review aims at a standard error of half a point, a margin of
    about a point: a loss of 2.2 ± 0.9 points reaches from good (below 1.5) to a mistake
    (from 3), and graded by its lower end it says good. Such a tally is not enough at half
    a point; at the family's own 0.1 it would be whatever its grades."""
    tally = _Tally(3, 10 ** 9, listed=False)  # Block's scale with four players
    for k in range(300):  # a loss of 2.2 points on average, 7.9 a deal (standard deviation)
        tally.add((3 * 10, 3 * (10 - (-10, -1, 2, 6, 14)[k % 5])))
    top, margin = tally.top(), tally.margin(0, 1)
    loss = float(tally.mean(top) - tally.mean(1))
    assert top == 0 and 0.8 < margin < 1.0 and abs(loss - 2.2) < 1e-9
    assert grade("block", loss, margin) == "good" and grade("block", loss + margin) == "mistake"
    assert not tally.settled("block")
    spread = tally.spread()
    assert spread < 0.5
    assert not _precise("block", 0.5, spread, lambda: tally.settled("block"))
    assert _precise("block", 0.5, spread, lambda: True)  # settled grades: enough
    assert _precise("block", PRECISION["block"], 0.09, lambda: False)  # the family's own


def test_a_grade_is_the_band_of_its_sure_loss() -> None:
    # Block with four players, 3 s: each grade is the band of its sure loss (loss less
    # margin), so that a grade never says less than its cost shows beyond doubt.
    v = mover_view(game("block-4", 39, 19))
    a = appraise(v, random.Random(1), limit=0, seconds=3)
    assert a.sure and not a.exact and a.deals >= MIN_VERDICT
    forced = distinct_moves(v) == 1
    for m in a.moves:
        assert m.margin >= 0 and m.sure_loss <= m.loss
        assert m.grade == grade("block", m.loss, m.margin, forced)
    # Fewer deals than that (a caller's own tally) never grade worse than good.
    assert grade("block", 20.0, 1.0, sure=False) == "good"
    assert grade("block", 20.0, 1.0) == "blunder"


def test_mirror_images_are_worth_the_same() -> None:
    # Three players: the solver breaks ties in legal-move order, and here it gives [3|5]
    # on the left and on the right different values on the true deal; the appraisal
    # gives the left-hand play the right-hand one's value (its one name) on every deal.
    state = game("block-3", 193, 9)
    left, right = Move.play(t("3-5"), "left"), Move.play(t("3-5"), "right")
    values = {mv.move: mv.value for mv in solve(state).moves}
    assert values[left] != values[right]
    a = appraise(mover_view(state), random.Random(1), limit=0, precision=100)
    assert a.of(left).expected == a.of(right).expected
    assert a.of(left).grade == a.of(right).grade


def test_a_lone_mirror_pair_is_forced() -> None:
    line = Line.from_layout([(4, 0), (0, 0), (0, 2), (2, 2), (2, 3), (3, 3), (3, 5), (5, 5),
                             (5, 6), (6, 6), (6, 1), (1, 1), (1, 4)])
    state = State.setup(block(3), [["4-6", "0-1", "2-5", "0-5", "1-3"], ["0-3", "2-6"],
                                   ["1-5", "3-6"]], line=line, stock=6)
    v = view(state, 0)
    assert v.ends == (4, 4) and len(v.legal) == 2 and distinct_moves(v) == 1
    a = appraise(v, random.Random(1), precision=0)
    assert a.exact and a.consistent == 45 * 28
    assert [m.grade for m in a.moves] == ["forced", "forced"]
    assert a.moves[0].expected == a.moves[1].expected and set(a.best) == set(v.legal)


def test_an_ended_round_or_another_seat_is_refused() -> None:
    ended = load("scenarios/e3-empty-hand-wins.toml").replay()
    with pytest.raises(AppraisalError, match="ended"):
        appraise(view(ended, 0), random.Random(1))
    state = game("duel", 0, 10)
    assert state.mover is not None
    with pytest.raises(AppraisalError, match="not to move"):
        appraise(view(state, 1 - state.mover), random.Random(1))


def test_the_worth_of_a_position_whoever_moves() -> None:
    state = load("scenarios/e3-empty-hand-wins.toml").initial()
    for seat in (0, 1):  # White moves first: Black's worth is of a position it waits in
        v = view(state, seat)
        w = worth(v, random.Random(1), precision=0)
        assert w.exact and w.expected == pytest.approx(float(brute_worth(state, seat)),
                                                      abs=1e-12)


# -- a round's report ---------------------------------------------------------------


def test_the_report_of_e3_blacks_blunder() -> None:
    # E3: White passes (forced), Black plays [0|2] and White goes out with [2|2].  From
    # Black's view White lacks 0 and 1 and holds one of 8 tiles, 5 of them with a 2:
    # [0|2] wins 3 deals in 8 (−0.25), [0|0] wins all 8 (+1): a loss of 1.25.
    state = load("scenarios/e3-empty-hand-wins.toml").replay()
    r = report(state, 1, random.Random(1))
    assert r.exact and r.counted == 1
    (d,) = r.decisions
    assert (d.ply, d.move.text(), d.grade) == (1, "play 0-2 right", "blunder")
    assert d.loss == pytest.approx(1.25) and d.expected == pytest.approx(-0.25)
    assert d.best == (Move.play(t("0-0"), "right"),) and d.best_expected == 1.0
    assert d.appraisal is not None and d.appraisal.consistent == 8
    assert r.mean_loss == pytest.approx(1.25) and r.share_best == 0.0
    assert dict(r.counts) == {"forced": 0, "best": 0, "good": 0, "inaccuracy": 0,
                              "mistake": 0, "blunder": 1}
    assert r.accuracy == pytest.approx(100 * 2 ** (-1.25 / BANDS["duel"][2]))
    start = load("scenarios/e3-empty-hand-wins.toml").initial()
    assert r.worth is not None and r.worth == pytest.approx(float(brute_worth(start, 1)))
    assert r.result == -1.0 and r.luck == pytest.approx(-1.0 - r.worth)
    assert state.moves == load("scenarios/e3-empty-hand-wins.toml").replay().moves


def test_only_forced_moves_leave_nothing_to_judge() -> None:
    state = load("scenarios/e3-empty-hand-wins.toml").replay()
    r = report(state, 0, random.Random(1))  # White: a pass and its last tile, both forced
    assert [d.grade for d in r.decisions] == ["forced", "forced"]
    assert r.counted == 0 and r.mean_loss is None and r.share_best is None
    assert r.accuracy is None and r.result == 1.0


def test_the_reports_arithmetic_on_a_hand_made_round() -> None:
    m = Move.play(t("1-2"), "left")

    def decision(grade_: str, loss: float) -> DecisionReport:
        return DecisionReport(0, m, grade_, loss, None, (m,), None, None)

    decisions = [decision("best", 0.0), decision("forced", 0.0), decision("good", 1.0),
                 decision("mistake", 3.5), decision("best", 0.0), decision("blunder", 9.5)]
    r = summarise(0, "block", decisions, worth=4.0, result=-6.5)
    assert r.counted == 5
    assert r.mean_loss == pytest.approx((0 + 1 + 3.5 + 0 + 9.5) / 5)
    assert r.share_best == pytest.approx(2 / 5)
    assert r.counts == (("forced", 1), ("best", 2), ("good", 1), ("inaccuracy", 0),
                        ("mistake", 1), ("blunder", 1))
    assert tuple(g for g, _ in r.counts) == GRADES
    per = [100 * 2 ** (-loss / 4.5) for loss in (0, 1, 3.5, 0, 9.5)]
    assert r.accuracy == pytest.approx(sum(per) / 5)
    assert r.luck == pytest.approx(-10.5)


def test_accuracy_marks_each_band_as_lichess_does() -> None:
    for family, (inaccuracy, mistake, blunder) in BANDS.items():
        assert accuracy(family, [0.0]) == 100.0
        assert accuracy(family, [inaccuracy]) == pytest.approx(79.37, abs=0.01)
        assert accuracy(family, [mistake]) == pytest.approx(63.0, abs=0.01)
        assert accuracy(family, [blunder]) == pytest.approx(50.0)
    with pytest.raises(ValueError):
        accuracy("duel", [])


def test_a_report_pickles_for_the_sites_workers() -> None:
    r = report(load("scenarios/e3-empty-hand-wins.toml").replay(), 1, random.Random(1))
    again = pickle.loads(pickle.dumps(r))
    assert again == r and math.isclose(again.decisions[0].loss, 1.25)


# -- parts worked out side by side, and looks added up ---------------------------------


def test_parts_of_a_listed_appraisal_add_up_to_the_whole() -> None:
    # 400 deals, listed: each of two parts solves every other deal of one shuffled list;
    # together they are every deal, and the answer is the whole appraisal's, exact.
    v = mover_view(game("gaple-4x6", 4, 19))
    whole = appraise(v, random.Random(3), seconds=120, precision=0)
    first, second = (appraise(v, random.Random(3), seconds=120, precision=0, part=(i, 2))
                     for i in range(2))
    assert whole.exact and whole.deals == 400
    assert first.deals == second.deals == 200 and not first.exact and not second.exact
    both = combine(v, first, second)
    assert both is not None and both.exact and both.deals == 400 and both.sure
    assert [(m.move, m.expected, m.loss, m.grade) for m in both.moves] == \
        [(m.move, m.expected, m.loss, m.grade) for m in whole.moves]
    assert combine(v, first, first) is None  # the same deals twice never add up
    other = appraise(v, random.Random(4), seconds=120, precision=0, part=(1, 2))
    assert combine(v, first, other) is None  # another seed's list: the deals may repeat


def test_drawn_deals_add_up_across_seeds_never_the_same_draws_twice() -> None:
    v = mover_view(game("block-2", 0, 10))  # 120 deals, drawn at random (limit 10)
    one = appraise(v, random.Random(9), limit=10, precision=0.5)
    again = appraise(v, random.Random(9), limit=10, precision=0.5)
    other = appraise(v, random.Random(10), limit=10, precision=0.5)
    assert combine(v, one, again) is None  # one seed's draws: the same deals
    both = combine(v, one, other)
    assert both is not None and both.deals == one.deals + other.deals and not both.exact
    parts = [appraise(v, random.Random(9), limit=10, precision=0.5, part=(i, 2))
             for i in range(2)]
    assert parts[0].evidence != parts[1].evidence  # alike seeded, each its own draws
    joined = combine(v, parts[0], parts[1])
    assert joined is not None and joined.deals == parts[0].deals + parts[1].deals
    listed = appraise(v, random.Random(9), precision=0.5)
    assert listed.exact and combine(v, one, listed) is None  # drawn and listed: never
    exact = appraise(v, random.Random(9), precision=0)
    for item in joined.moves:  # the deals added up estimate the same expected values
        assert abs(item.expected - exact.of(item.move).expected) < 5 * item.stderr + 1e-9


def test_looks_that_go_on_add_up_to_the_whole_answer() -> None:
    # Short looks at a listed position, each in two parts going on from the looks before:
    # every deal is solved once, and at the end the answer is the whole appraisal's.
    v = mover_view(game("gaple-4x6", 4, 19))
    whole = appraise(v, random.Random(3), seconds=120, precision=0)
    known = None
    for _ in range(400):
        after = known.evidence if known is not None else None
        parts = []
        for i in range(2):
            try:
                parts.append(appraise(v, random.Random(3), seconds=0.02, precision=0,
                                      part=(i, 2), after=after))
            except AppraisalError:  # this part's share is solved already
                pass
        look = parts[0] if len(parts) == 1 else combine(v, parts[0], parts[1])
        assert look is not None
        known = look if known is None else combine(v, known, look)
        assert known is not None and known.evidence is not None
        assert known.evidence.taken.bit_count() == known.deals
        if known.exact:
            break
    assert known is not None and known.exact and known.deals == 400
    assert [(m.move, m.expected, m.grade) for m in known.moves] == \
        [(m.move, m.expected, m.grade) for m in whole.moves]
    with pytest.raises(AppraisalError, match="no deal left"):
        appraise(v, random.Random(3), part=(0, 2), after=known.evidence)
    with pytest.raises(ValueError, match="other deals"):
        appraise(v, random.Random(4), part=(0, 2), after=known.evidence)


def test_a_drawn_look_that_goes_on_draws_other_deals() -> None:
    v = mover_view(game("block-2", 0, 10))  # 120 deals, drawn at random (limit 10)
    first = appraise(v, random.Random(9), limit=10, precision=0.5)
    again = appraise(v, random.Random(9), limit=10, precision=0.5, after=first.evidence)
    both = combine(v, first, again)
    assert both is not None and both.deals == first.deals + again.deals


def test_a_list_too_short_to_share_is_solved_whole_by_each_part() -> None:
    v = mover_view(game("gaple-4x6", 4, 19))  # 400 deals: fewer than two a part of 300
    part = appraise(v, random.Random(3), seconds=120, precision=0, part=(299, 300))
    assert part.exact and part.deals == 400
    assert combine(v, part, appraise(v, random.Random(3), seconds=120, precision=0,
                                     part=(0, 300))) is None
    with pytest.raises(ValueError, match="part 2 of 2"):
        appraise(v, random.Random(3), part=(2, 2))


def test_an_appraisal_of_another_position_never_adds_up() -> None:
    v = mover_view(game("block-3", 1, 3))
    w = mover_view(game("block-3", 1, 6))
    a = appraise(v, random.Random(1), seconds=0.3)
    b = appraise(w, random.Random(2), seconds=0.3)
    assert a.consistent != b.consistent
    assert combine(v, a, b) is None and combine(w, b, a) is None


# -- a look at some of the moves -------------------------------------------------------


def test_a_look_narrowed_to_some_moves_gives_their_values_and_goes_on_from_every_moves() -> None:
    # Gaple 4 x 6, 12,600 deals listed: the whole appraisal narrowed to two of three moves is
    # what an
    # appraisal of the view with those moves alone says of them (each loss against the
    # better of the two); a look at them going on from the first half of the list solves
    # the rest, and adds up to the whole.
    v = mover_view(game("gaple-4x6", 4, 15))
    whole = appraise(v, random.Random(3), seconds=120, precision=0)
    kept = (whole.moves[1].move, whole.moves[-1].move)
    two = narrowed(v, kept)
    assert set(two.legal) == set(kept) and distinct_moves(two) == 2 < distinct_moves(v)
    alone = appraise(two, random.Random(3), seconds=120, precision=0)
    from_whole = narrow(v, whole, two)
    assert alone.exact and from_whole.exact and alone.deals == from_whole.deals == 12_600
    assert [(m.move, m.expected, m.loss, m.grade) for m in alone.moves] == \
        [(m.move, m.expected, m.loss, m.grade) for m in from_whole.moves]
    assert alone.best == (kept[0],) and alone.of(kept[1]).loss == pytest.approx(
        whole.of(kept[1]).loss - whole.of(kept[0]).loss)
    half = appraise(v, random.Random(3), seconds=120, precision=0, part=(0, 2))
    rest = appraise(two, random.Random(3), seconds=120, precision=0,
                    after=narrow(v, half, two).evidence)
    assert rest.deals == 6_300 and not rest.exact
    both = combine(two, narrow(v, half, two), rest)
    assert both is not None and both.exact and both.deals == 12_600
    assert [(m.move, m.expected) for m in both.moves] == \
        [(m.move, m.expected) for m in alone.moves]
    assert combine(v, half, rest) is None  # of another view: its sums never add up
    with pytest.raises(AppraisalError, match="not of this position"):
        narrow(two, whole, two)
    unheld = next(tile for tile in TILES if tile not in v.hand)
    with pytest.raises(AppraisalError, match="none of the moves"):
        narrowed(v, [Move.play(unheld, "left")])


def test_a_narrowed_view_keeps_a_mirror_image_beside_its_move() -> None:
    # Three players, both ends 6: narrowed to [3|6] on the left and [5|6], the view keeps
    # each on the right too, each worth what it is among every move.
    v = mover_view(game("block-3", 216, 8))
    assert v.ends == (6, 6) and distinct_moves(v) == 3
    left, right = Move.play(t("3-6"), "left"), Move.play(t("3-6"), "right")
    other = Move.play(t("5-6"), "left")
    two = narrowed(v, [left, other])
    assert set(two.legal) == {left, right, other, Move.play(t("5-6"), "right")}
    assert distinct_moves(two) == 2
    whole = appraise(v, random.Random(1), seconds=120, limit=20_000, precision=0)
    alone = appraise(two, random.Random(1), seconds=120, limit=20_000, precision=0)
    assert whole.exact and alone.exact and alone.deals == whole.deals == 14_280
    assert alone.of(left).expected == alone.of(right).expected == whole.of(left).expected
    assert alone.of(other).expected == whole.of(other).expected
