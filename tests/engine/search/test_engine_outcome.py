"""engine.search.solve.outcome: what a solver value means for one seat (CONTRACT.md "Solver", value),
checked against the settlement of the rounds the solver's own line plays out."""

from __future__ import annotations

import random

import pytest

from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State
from engine.search.solve import Outcome, outcome, solve


def test_two_player_values() -> None:
    s = State.deal(duel(draw=False), random.Random(1))
    assert outcome(s, 1, 0) == Outcome("win", scorer=0)
    assert outcome(s, -1, 0) == Outcome("loss", scorer=1)
    assert outcome(s, 0, 1) == Outcome("draw")
    b = State.deal(block(2), random.Random(1))
    assert outcome(b, 12, 1) == Outcome("win", 12, scorer=1)
    assert outcome(b, -7, 1) == Outcome("loss", 7, scorer=0)
    assert outcome(b, 0, 0) == Outcome("draw", 0)


def test_more_player_values() -> None:
    b = State.deal(block(3), random.Random(1))
    assert outcome(b, (0, 15, 0), 1) == Outcome("win", 15, scorer=1)
    assert outcome(b, (0, 15, 0), 2) == Outcome("loss", 15, scorer=1)
    assert outcome(b, (0, 0, 0), 0) == Outcome("draw", 0)
    g = State.deal(gaple(4), random.Random(1))
    assert outcome(g, (3, 1, 2, 4), 1) == Outcome("win", place=1, scorer=1)
    assert outcome(g, (3, 1, 2, 4), 3) == Outcome("loss", place=4, scorer=1)


@pytest.mark.parametrize("rules", [block(2), block(3), duel(False), gaple(5)],
                         ids=["block2", "block3", "duel", "gaple5"])
def test_the_outcome_of_the_solvers_value_is_the_settlement_of_its_line(rules: Ruleset) -> None:
    """Play the solver's line to the end from a late position: the settlement's winner is the
    outcome's scorer (and, in Block, its points are the outcome's points)."""
    rng = random.Random(3)
    for _ in range(5):
        state = State.deal(rules, rng)
        while not state.over and len(state.history) < 4 * rules.players:
            state.push(rng.choice(state.legal_moves()))
        if state.over:
            continue
        mover = state.mover
        assert mover is not None
        solution = solve(state, seconds=5)
        assert solution.exact
        o = outcome(state, solution.value, mover)
        end = state.copy()
        for move in solution.line:
            end.push(move)
        assert end.over
        result = settle(end)
        if o.result == "draw":
            assert result.draw or not any(result.points)
        else:
            assert result.winners == (o.scorer,)
            if rules.family == "block":
                assert result.points[o.scorer] == o.points
