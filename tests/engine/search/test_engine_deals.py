"""engine/search/deals.py's drawing: its own ``below`` and ``shuffle`` draw exactly as the
standard library's ``randrange`` and ``shuffle`` do from the same generator (so a seed gives
the deals it always gave), and the splits a draw chooses among, worked out once a space, add
up to the deals that follow (every deal as likely as before)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import RULESETS, deal
from hypothesis import given
from hypothesis import strategies as st

from engine.game.view import view
from engine.search.deals import DealSpace, below, shuffle


@given(st.integers(0, 2**64), st.lists(st.integers(1, 10**30), min_size=1, max_size=40))
def test_below_draws_as_randrange_does(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.getstate() == theirs.getstate()


@given(st.integers(0, 2**64), st.integers(0, 60))
def test_shuffle_orders_as_the_standard_shuffle_does(seed: int, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    shuffle(random.Random(seed), ours)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_below_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="empty range"):
        below(random.Random(1), 0)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_each_classes_splits_add_up_to_the_deals_that_follow(name: str) -> None:
    rng = random.Random(f"splits-{name}")
    for _ in range(4):
        state = deal(RULESETS[name], rng)
        for _ in range(rng.randrange(8)):
            if state.over:
                break
            state.push(rng.choice(state.legal_moves()))
        if state.over or state.to_move is None:
            continue
        space = DealSpace(view(state, state.to_move))
        needs = space.needs
        for c in range(len(space.classes)):
            options = space._options(c, needs)
            assert sum(weight for _, weight, _ in options) == space._ways(c, needs)
            assert all(weight > 0 for _, weight, _ in options)
            parts, _, needs = options[rng.randrange(len(options))]
            assert all(n >= 0 for n in needs) and len(parts) == len(space.boxes)
        assert not any(needs)
