"""Deals of one position in one call (engine.search.solve.solve_many, the native core's
Core.many): each deal's answer is the one solve gives it alone (values, moves, nodes) in every
family, in the native core and in the Python search; a node limit or a spent budget ends the
list at the deal it stops; bad input raises a Python exception; the appraisal's deals, solved
in such calls, add up to the sums of the deals solved one by one."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from native_support import FAMILIES, SECONDS, mid_round, positions

from engine.game.moves import Move
from engine.game.rules import block, duel, gaple
from engine.game.state import State
from engine.game.view import view
from engine.search import appraise as appraisal
from engine.search.deals import DealSpace
from engine.search.sampler import world
from engine.search.solve import Search, Solution, _many_kind, solve, solve_many

#: Each deal's node limit: most deals of the sample finish within it.
LIMIT = 30_000


def answers(solutions: list[Solution]) -> list[tuple[object, ...]]:
    """What a comparison looks at: everything a Solution says but the time it took."""
    return [(s.to_move, s.value, s.best, s.moves, s.line, s.nodes, s.exact) for s in solutions]


def deals_of(state: State, rng: random.Random, k: int) -> tuple[list[State], frozenset[Move]]:
    """``k`` deals of the hidden tiles drawn from the mover's view, and the mover's moves."""
    assert state.to_move is not None
    v = view(state, state.to_move)
    space = DealSpace(v)
    return [world(v, space.draw(rng)) for _ in range(k)], frozenset(v.legal)


def alone(deals: list[State], only: frozenset[Move] | None, native: bool,
          max_nodes: int | None = LIMIT) -> list[Solution]:
    """Each deal solved on its own as solve_many solves it, up to the first not exact."""
    found = []
    for deal in deals:
        solution = solve(deal, seconds=SECONDS, max_nodes=max_nodes, line=False,
                         exact_only=True, only=only, native=native)
        if not solution.exact:
            break
        found.append(solution)
    return found


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_each_deal_gets_the_answer_it_gets_alone(name: str) -> None:
    rng = random.Random(f"many-{name}")
    batched = 0
    for state in positions(name, "mid-round", 3, 6):
        deals, only = deals_of(state, rng, 10)
        found = solve_many(deals, seconds=SECONDS, max_nodes=LIMIT, only=only)
        assert answers(found) == answers(alone(deals, only, native=False))
        assert answers(found) == answers(alone(deals, only, native=True))
        python = solve_many(deals, seconds=SECONDS, max_nodes=LIMIT, only=only, native=False)
        assert answers(python) == answers(found)
        batched += _many_kind(Search(deals[0], only=only)) is not None
    if name != "duel-draw":  # draw mode's deals have a stock to draw from: one by one
        assert batched, "no position of the sample was solved in one call"


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       name=st.sampled_from(sorted(FAMILIES)))
def test_any_position_s_deals_get_their_own_answers(seed: int, name: str) -> None:
    rng = random.Random(seed)
    state = mid_round(FAMILIES[name], rng)
    if state is None or state.mover is None:
        return
    deals, only = deals_of(state, rng, 6)
    assert answers(solve_many(deals, seconds=SECONDS, max_nodes=LIMIT, only=only)) == \
        answers(alone(deals, only, native=False))


def test_a_pass_and_a_round_ended_by_a_move_are_searched_alike() -> None:
    # Late positions: a lone pass (the last of a round it blocks, or not), a last tile played.
    rng = random.Random(11)
    seen = {"pass": 0, "out": 0}
    for name in ("block-2", "block-3", "block-4", "duel", "gaple-4x6", "gaple-5"):
        for _ in range(30):
            state = State.deal(FAMILIES[name], rng)
            while not state.over:
                mover = state.to_move
                moves = state.legal_moves()
                case = "pass" if moves[0].kind == "pass" else \
                    "out" if len(state.hand(mover)) == 1 else None
                if case and state.line.left >= 0:
                    deals, only = deals_of(state, rng, 4)
                    seen[case] += _many_kind(Search(deals[0], only=only)) is not None
                    assert answers(solve_many(deals, seconds=SECONDS, only=only)) == \
                        answers(alone(deals, only, native=False, max_nodes=None))
                state.push(rng.choice(moves))
    assert seen["pass"] >= 10 and seen["out"] >= 10, seen


def test_deals_of_other_positions_are_solved_one_by_one() -> None:
    rng = random.Random(8)
    mixed = [state for name in ("block-3", "duel", "gaple-5")
             for state in positions(name, "appraised", 9, 3)]
    assert answers(solve_many(mixed, seconds=SECONDS, max_nodes=LIMIT)) == \
        answers(alone(mixed, None, native=False))
    deals, _ = deals_of(mixed[0], rng, 4)
    other_mover = [deals[0], mixed[1]]  # another game's position among them
    assert answers(solve_many(other_mover, seconds=SECONDS, max_nodes=LIMIT)) == \
        answers(alone(other_mover, None, native=False))


@pytest.mark.parametrize("name", ["block-4", "gaple-5", "gaple-4x7"])
def test_a_node_limit_ends_the_list_at_the_deal_it_stops(name: str) -> None:
    rng = random.Random(f"limit-{name}")
    ended = 0
    for state in positions(name, "mid-round", 5, 4):
        deals, only = deals_of(state, rng, 8)
        for limit in (500, 4000):
            found = solve_many(deals, seconds=SECONDS, max_nodes=limit, only=only)
            assert answers(found) == answers(alone(deals, only, native=False, max_nodes=limit))
            assert all(s.exact and s.nodes <= limit for s in found)
            ended += len(found) < len(deals)
    assert ended, "no deal of the sample reached the limit"


def test_a_spent_budget_ends_the_list_cleanly() -> None:
    state = State.deal(gaple(4, 7), random.Random(3))
    state.push(state.legal_moves()[0])
    deals, only = deals_of(state, random.Random(4), 20)  # each seconds of search
    assert _many_kind(Search(deals[0], only=only)) is not None
    started = time.perf_counter()
    found = solve_many(deals, seconds=0.05, only=only)
    assert len(found) < len(deals) and all(s.exact for s in found)
    assert time.perf_counter() - started < 30  # stopped, not searched to the end
    late, late_only = deals_of(mid_round(block(3), random.Random(5)) or state, random.Random(6), 3)
    assert len(solve_many(late, seconds=SECONDS, only=late_only)) <= 3  # free to search again


def test_bad_input_raises_a_python_exception() -> None:
    state = State.deal(block(3), random.Random(2))
    state.push(state.legal_moves()[0])
    deals, only = deals_of(state, random.Random(3), 3)
    assert solve_many([], seconds=SECONDS) == []
    search = Search(deals[0], only=only)
    core, kind = search.core, _many_kind(search)
    hands = [tuple(d.hand_masks) for d in deals]
    left, right, mover = state.line.left, state.line.right, state.to_move
    assert mover is not None
    code = next(m.tile.index << 1 | (m.end == "right") for m in search.root if m.tile)
    assert core.many(kind, hands, left, right, mover, 0, [code], 100, True)
    with pytest.raises(ValueError, match="not legal"):
        core.many(kind, hands, left, right, mover, 0, [-1], 100, True)  # a pass with plays
    with pytest.raises(ValueError, match="moves"):
        core.many(kind, hands, left, right, mover, 0, [99], 100, True)
    with pytest.raises(ValueError, match="moves"):
        core.many(kind, hands, left, right, mover, 0, [], 100, True)
    with pytest.raises(ValueError, match="two places"):
        core.many(kind, [(hands[0][0], hands[0][0], hands[0][2])], left, right, mover, 0,
                  [code], 100, True)
    with pytest.raises(ValueError, match="masks of 28 tiles"):
        core.many(kind, [hands[0][:2]], left, right, mover, 0, [code], 100, True)
    with pytest.raises(ValueError, match="not a search of this Core"):
        core.many(2, hands, left, right, mover, 0, [code], 100, True)
    with pytest.raises(TypeError):
        core.many(kind, None, left, right, mover, 0, [code], 100, True)
    duo = Search(State.deal(duel(True), random.Random(2))).core
    with pytest.raises(ValueError, match="not a search of this Core"):  # a stock to draw
        duo.many(2, [(1, 2)], 1, 1, 0, 0, [2], 100, True)


def late_view(name: str, seed: int, most: int) -> object:
    """Seat 0's view at its first decision with a choice whose deals number ``most`` or
    fewer, in a round of random moves."""
    rng = random.Random(seed)
    while True:
        state = State.deal(FAMILIES[name], rng)
        while not state.over:
            if state.to_move == 0 and state.line.left >= 0 and len(state.legal_moves()) > 1:
                v = view(state, 0)
                if DealSpace(v).count <= most:
                    return v
            state.push(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("name", ["block-4", "duel", "gaple-5"])
def test_the_appraisal_s_deals_add_up_as_solved_one_by_one(name: str) -> None:
    # Listed (every deal, each as often as it stands for) and drawn (stopping at 300 deals,
    # a look at the tally): the same sums as each deal solved alone.
    v = late_view(name, 7, 400)
    score = appraisal._move_scores(v)
    space = DealSpace(v)
    for listed in (True, False):
        tally = appraisal._solve_deals(v, random.Random(1), time.perf_counter() + 600,
                                       space.count if listed else 0, score,
                                       lambda t: t.n >= 300)
        rng = random.Random(1)
        deals = space.listing(rng) if listed else [space.draw(rng) for _ in range(300)]
        rows = [score(solve(world(v, d), seconds=SECONDS, line=False, exact_only=True,
                            only=frozenset(v.legal), native=False)) for d in deals]
        assert tally.n == len(rows)
        assert tally.sums == [sum(r[i] for r in rows) for i in range(len(rows[0]))]
