"""Properties over thousands of random games: a fresh seeded deal, then a uniformly
random legal move each turn, for every rule family.

Each test plays its own games (hypothesis picks the seeds; the runs are derandomized
so the suite is reproducible) and checks one rule at every step or at the end.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from engine_helpers import (
    CANDIDATES,
    RULESETS,
    all_tiles,
    max_moves,
    public,
    random_game,
    snapshot,
    tiles_in,
    with_hidden_tiles_shuffled,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.settlement import settle
from engine.game.state import IllegalMoveError, State
from engine.game.tiles import TILES
from engine.game.view import view
from engine.notation.diagram import describe

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def games(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Run a property over ``examples`` seeded games per ruleset."""
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


RULES = pytest.mark.parametrize("rules", list(RULESETS.values()), ids=list(RULESETS))
#: Every ruleset, plus Gaple's later rounds: the previous winner starts (and, with
#: everything dealt, must open with a double or pass the right on).
RULES_AND_ROUNDS = pytest.mark.parametrize(
    ("rules", "later_round"),
    [(rules, False) for rules in RULESETS.values()]
    + [(rules, True) for rules in RULESETS.values() if rules.family == "gaple"],
    ids=list(RULESETS) + [f"{name}-later" for name, r in RULESETS.items()
                          if r.family == "gaple"],
)


@RULES_AND_ROUNDS
@games(40)
@given(seed=SEEDS)
def test_the_28_tiles_are_conserved_across_hands_line_dead_and_stock(
        rules: Ruleset, later_round: bool, seed: int) -> None:

    def visit(state: State, move: Move, rng: random.Random) -> None:
        assert sorted(all_tiles(state)) == sorted(TILES)

    final = random_game(rules, seed, visit, later_round)
    assert sorted(all_tiles(final)) == sorted(TILES)
    assert final.stock_count == len(final.stock or ())


@RULES_AND_ROUNDS
@games(60)
@given(seed=SEEDS)
def test_every_game_ends_within_a_bound(rules: Ruleset, later_round: bool, seed: int) -> None:
    final = random_game(rules, seed, later_round=later_round)
    assert final.over, f"still playing after {max_moves(rules)} moves"
    assert final.mover is None and final.legal_moves() == ()
    assert len(final.history) <= max_moves(rules)


@RULES
@games(60)
@given(seed=SEEDS)
def test_a_domino_leaves_the_winners_hand_empty(rules: Ruleset, seed: int) -> None:
    final = random_game(rules, seed)
    emptied = [seat for seat in range(final.players) if not final.hand(seat)]
    if final.status == "domino":
        last = final.history[-1]
        assert last.move.kind == "play" and last.player == final.to_move
        assert emptied == [final.to_move]
        if not final.dead_tiles(final.to_move):  # Gaple compares totals with dead tiles
            assert settle(final).winners == (final.to_move,)
    elif final.status == "emptied":
        last = final.history[-1]
        assert last.move.kind == "discard" and emptied == [last.player]
    else:
        assert emptied == [], "a hand is empty but the round did not end by it"


def _non_plays_at_the_end(state: State) -> list[int]:
    """The players of the trailing run of turns without a play (draws are not turns)."""
    run: list[int] = []
    for rec in reversed(state.history):
        if rec.move.kind == "draw":
            continue
        if rec.move.kind == "play":
            break
        run.append(rec.player)
    return run[::-1]


@RULES_AND_ROUNDS
@games(50)
@given(seed=SEEDS)
def test_blocked_only_after_players_consecutive_non_plays(
        rules: Ruleset, later_round: bool, seed: int) -> None:
    n = rules.players

    def visit(state: State, move: Move, rng: random.Random) -> None:
        # While the round goes on, fewer than n turns in a row were non-plays.
        run = _non_plays_at_the_end(state)
        assert state.passes == len(run) < n

    final = random_game(rules, seed, visit, later_round)
    if final.status == "blocked":
        run = _non_plays_at_the_end(final)
        assert len(run) == n == final.passes
        # n different players in turn order, each unable to play.
        assert sorted(run) == list(range(n))
        assert all((b - a) % n == 1 for a, b in itertools.pairwise(run))
        if final.line.ends:
            left, right = final.line.ends
            for seat in range(n):
                assert not any(t.has(left) or t.has(right) for t in final.hand(seat))
            assert not final.can_draw()


@RULES
@games(60)
@given(seed=SEEDS)
def test_points_are_never_negative_and_at_most_one_player_scores(
        rules: Ruleset, seed: int) -> None:
    final = random_game(rules, seed)
    result = settle(final)
    assert all(p >= 0 for p in result.points)
    assert sum(1 for p in result.points if p > 0) <= 1
    assert len(result.winners) <= 1
    if rules.family != "block":
        assert result.points == (0,) * rules.players
    if rules.family == "gaple":
        assert len(result.winners) == 1, "Gaple's tie-breaks always leave one winner"
    scorers = [seat for seat, p in enumerate(result.points) if p > 0]
    assert set(scorers) <= set(result.winners)
    assert result.draw == (rules.family == "duel" and not result.winners)


def _check_ends(state: State) -> None:
    line = state.line
    desc = line.description()
    if not line.ends:
        assert desc.points == () and desc.tiles == ()
        assert describe(desc).endswith("Legal continuation points: none.")
        return
    left, right = line.ends
    layout = line.layout()
    # The layout: neighbours touch with equal halves, the outer halves are the ends.
    assert layout[0].left == left and layout[-1].right == right
    for a, b in itertools.pairwise(layout):
        assert a.right == b.left
    # The description: two continuation points, on the outer tiles, accepting the ends.
    first, last = desc.points
    if len(layout) == 1 and first.side == "higher":
        first, last = last, first  # a lone tile lists its higher end first
    assert (first.tile, first.value) == (layout[0].tile, left)
    assert (last.tile, last.value) == (layout[-1].tile, right)
    assert first.side == layout[0].left_side and last.side == layout[-1].right_side
    assert desc.tiles == line.tiles()
    assert len(desc.connections) == len(layout) - 1


@RULES
@games(50)
@given(seed=SEEDS)
def test_the_ends_agree_with_the_description_and_the_layout(rules: Ruleset, seed: int) -> None:
    final = random_game(rules, seed, lambda state, move, rng: _check_ends(state))
    _check_ends(final)


@RULES
@games(6)
@given(seed=SEEDS)
def test_a_refused_move_leaves_the_state_unchanged(rules: Ruleset, seed: int) -> None:
    def visit(state: State, move: Move, rng: random.Random) -> None:
        before = snapshot(state)
        legal = set(state.legal_moves())
        for candidate in CANDIDATES:
            refusal = state.why_illegal(candidate)
            assert (refusal is None) == (state.resolve(candidate) in legal), candidate
            if refusal is None:
                continue
            with pytest.raises(IllegalMoveError) as caught:
                state.push(candidate)
            assert caught.value.refusal == refusal
            assert refusal.message
        assert snapshot(state) == before

    final = random_game(rules, seed, visit)
    before = snapshot(final)
    for candidate in CANDIDATES:
        assert final.why_illegal(candidate) is not None
        with pytest.raises(IllegalMoveError):
            final.push(candidate)
    assert snapshot(final) == before


@pytest.mark.parametrize("rules", [RULESETS["duel-draw"]], ids=["duel-draw"])
@games(150)
@given(seed=SEEDS)
def test_in_draw_mode_a_pass_only_with_an_empty_stock(rules: Ruleset, seed: int) -> None:
    def visit(state: State, move: Move, rng: random.Random) -> None:
        if move.kind == "pass":
            assert state.stock_count == 0
        if move.kind == "draw":
            assert not any(m.kind == "play" for m in state.legal_moves())

    random_game(rules, seed, visit)


@RULES
@games(8)
@given(seed=SEEDS)
def test_a_view_never_contains_another_seats_tiles(rules: Ruleset, seed: int) -> None:
    def check(state: State, rng: random.Random) -> None:
        for seat in range(state.players):
            seen = view(state, seat)
            own = set(state.hand(seat)) | set(state.dead_tiles(seat))
            assert tiles_in(seen) <= own | set(state.line.tiles())
            # The values an opponent is known not to hold are really not in their hand.
            for other, values in enumerate(seen.missing):
                assert not any(t.low in values or t.high in values
                               for t in state.hand(other))
            # Dealing the hidden tiles anew changes nothing this seat sees.
            assert public(view(with_hidden_tiles_shuffled(state, seat, rng), seat)) \
                == public(seen)

    final = random_game(rules, seed, lambda state, move, rng: check(state, rng))
    check(final, random.Random(seed))


@RULES
@games(12)
@given(seed=SEEDS)
def test_pop_after_push_restores_everything(rules: Ruleset, seed: int) -> None:
    snapshots: list[tuple[object, ...]] = []

    def visit(state: State, move: Move, rng: random.Random) -> None:
        before = snapshot(state)
        state.push(move)
        assert state.pop() == move
        assert snapshot(state) == before
        snapshots.append(before)

    final = random_game(rules, seed, visit)
    # And the whole game taken back move by move, to the deal.
    for before in reversed(snapshots):
        final.pop()
        assert snapshot(final) == before
    assert not final.history
