"""Positions on which the solver's native core and its Python search are compared, node for
node, and the comparison itself: tests/engine/search/test_engine_native.py runs a sample,
bench/native.py --agree the full run over every family."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from test_engine_solve import small_position

from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.state import State
from engine.game.view import view
from engine.search.deals import DealSpace
from engine.search.sampler import world
from engine.search.solve import solve

#: Every family the core searches, as bench/games.py names them, with Gaple's variants.
FAMILIES: dict[str, Ruleset] = {
    "block-2": block(2), "block-3": block(3), "block-4": block(4),
    "duel": duel(), "duel-draw": duel(True),
    "gaple-4x6": gaple(4), "gaple-4x7": gaple(4, 7), "gaple-5": gaple(5),
    "gaple-4x6-pass": gaple(4, dead_tiles=False), "gaple-5-blank25": gaple(5, blank_double_25=True),
}

#: A budget no comparison reaches in time: the node limit stops a big search, the same way in
#: both (the budget is read at the same nodes).
SECONDS = 600.0
#: What each comparison looks at: everything a Solution says but the time it took.
FIELDS = ("to_move", "value", "best", "moves", "line", "nodes", "exact")


def fresh(rules: Ruleset, rng: random.Random) -> State | None:
    """A fresh seeded deal."""
    return State.deal(rules, rng)


def mid_round(rules: Ruleset, rng: random.Random) -> State | None:
    """A deal played at random for 1 to 3 moves a seat, if the round is still on."""
    state = State.deal(rules, rng)
    for _ in range(rng.randrange(1, 3 * rules.players)):
        if state.over:
            return None
        state.push(rng.choice(state.legal_moves()))
    return None if state.over else state


def small(rules: Ruleset, rng: random.Random) -> State | None:
    """A random position set up by hand: a few tiles a hand, passes, a stock to draw, dead
    piles (test_engine_solve's ``small_position``), if someone is to move."""
    state = small_position(rules, rng, 4 if rules.players == 2 else 3)
    return state if state.mover is not None else None


def appraised(rules: Ruleset, rng: random.Random) -> State | None:
    """A position an appraisal solves: a deal of the hidden tiles drawn from the mover's view
    a few moves into a round."""
    state = mid_round(rules, rng)
    if state is None or state.mover is None:
        return None
    v = view(state, state.to_move)
    return world(v, DealSpace(v).draw(rng))


#: Each kind of position, by name.
KINDS: dict[str, Callable[[Ruleset, random.Random], State | None]] = {
    "fresh": fresh, "mid-round": mid_round, "small": small, "appraised": appraised,
}


def positions(name: str, kind: str, seed: int, count: int) -> Iterator[State]:
    """``count`` positions of one kind in the family ``name``, seeded."""
    rules, make = FAMILIES[name], KINDS[kind]
    rng = random.Random(f"native-{name}-{kind}-{seed}")
    found = 0
    while found < count:
        state = make(rules, rng)
        if state is not None and state.mover is not None:
            found += 1
            yield state


def differences(state: State, max_nodes: int, *, line: bool = True,
                exact_only: bool = False) -> list[str]:
    """What the native core's answer and the Python search's differ in (FIELDS), searched
    with the same node limit; the state is left as it was."""
    native = solve(state, seconds=SECONDS, max_nodes=max_nodes, line=line,
                   exact_only=exact_only, native=True)
    python = solve(state, seconds=SECONDS, max_nodes=max_nodes, line=line,
                   exact_only=exact_only, native=False)
    return [f for f in FIELDS if getattr(native, f) != getattr(python, f)]
