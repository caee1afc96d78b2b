"""ui/widgets/verdict.py: the solver's verdict in words — E3's choice is the showcase."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from engine.game.moves import Move
from engine.game.rules import block
from engine.game.state import State
from engine.game.tiles import TILES, Tile
from engine.search.solve import MoveValue, solve
from engine.teaching.scenario import load
from ui.widgets import verdict

E3 = Path(__file__).resolve().parents[2] / "scenarios" / "e3-empty-hand-wins.toml"


def black_to_choose():  # type: ignore[no-untyped-def]
    s = load(E3)
    state = s.initial()
    state.push(s.moves[0])  # White passes: Black to choose
    return s, state


def test_e3_black_plays_the_blank_double_first_and_wins() -> None:
    s, state = black_to_choose()
    solution = solve(state)
    played = Move.play(Tile(0, 2), "right")
    v = verdict.verdict(state, solution, s.seats, played)
    assert "[0|0]" in v.best and "Black wins" in v.best
    assert v.played == "Your move, [0|2] on the right end: White wins."  # no "Your move, Play"
    assert not v.was_best and v.exact
    assert any("[0|2]" in line and "White wins" in line for line in v.others)
    best = verdict.verdict(state, solution, s.seats, solution.best[0])
    assert best.was_best and best.played is None


def test_an_estimate_says_so() -> None:
    assert "estimate" not in verdict.labels(True)
    assert "every hand open" in verdict.labels(True)
    assert "estimate" in verdict.labels(False)


def test_on_equal_ends_a_tile_on_either_end_is_named_once_as_a_click_lays_it() -> None:
    """Gaple for four, ends 4 and 4, South holds [2|4]: the solver lists the left and the
    right (and, four players deep, values them differently: ties among the others' choices
    go another way); the verdict names one move, on the right, with the better value."""
    s = load(Path(__file__).resolve().parents[2] / "scenarios" / "gaple-middle-tile-start.toml")
    state = s.initial()
    for move in s.moves:
        state.push(move)
    solution = solve(state)
    assert {mv.move.end for mv in solution.moves} == {"left", "right"}
    left = Move.play(Tile(2, 4), "left")
    v = verdict.verdict(state, solution, s.seats, left)  # played on the left: the same move
    assert v.was_best and v.played is None
    assert v.best == "Best with every hand open: Play [2|4] on the right end — South wins."
    assert v.others == ("Play [2|4] on the right end: South wins",)


def test_moves_as_good_for_the_mover_that_lead_elsewhere_are_named_each_with_its_outcome(
        ) -> None:
    """Gaple for four: two moves leave South (seat 0) in place 2, one with East winning,
    the other with North; the verdict names each with its own winner, not one for both."""
    s = load(Path(__file__).resolve().parents[2] / "scenarios" / "gaple-middle-tile-start.toml")
    state = s.initial()
    for move in s.moves:
        state.push(move)
    seat = state.mover
    assert seat is not None
    # Two plays with different tiles (the verdict words values; legality is the solver's).
    on_line = set(state.line.tiles())
    first, other = (Move.play(t, "right") for t in [t for t in TILES if t not in on_line][:2])
    east, north = (seat + 1) % 4, (seat + 2) % 4

    def places(winner: int) -> tuple[int, ...]:
        order = [winner, seat] + [p for p in range(4) if p not in (winner, seat)]
        return tuple(order.index(p) + 1 for p in range(4))

    solution = solve(state)
    fake = replace(solution, best=(first, other), moves=(
        MoveValue(first, places(east), 1.0), MoveValue(other, places(north), 1.0)))
    v = verdict.verdict(state, fake, s.seats, None)
    lines = v.best.split("\n")
    assert lines[0] == "Best with every hand open, each as good for you:"
    names = s.seats
    assert any(f"{names[east]} wins" in line and verdict.move_text(first) in line
               for line in lines[1:])
    assert any(f"{names[north]} wins" in line and verdict.move_text(other) in line
               for line in lines[1:])
    same = replace(fake, moves=(MoveValue(first, places(east), 1.0),
                                MoveValue(other, places(east), 1.0)))
    one = verdict.verdict(state, same, s.seats, None).best
    assert "\n" not in one and f"{names[east]} wins" in one and " or " in one


def test_moves_as_good_for_the_movers_own_points_are_said_on_the_reviews_scale() -> None:
    """Four-player Block: two moves score the mover nothing, one with East winning 16, the
    other with West winning 37: on the review's scale (the mover's points less a third of
    the others') they are −5.3 and −12.3 points, not "each as good for you"."""
    state = State.deal(block(4), random.Random(3))
    seat = state.mover
    assert seat is not None
    first, other = (Move.play(t, "right") for t in TILES[:2])
    east, west = (seat + 1) % 4, (seat + 3) % 4

    def points(scorer: int, count: int) -> tuple[int, ...]:
        return tuple(count if p == scorer else 0 for p in range(4))

    fake = replace(solve(state, seconds=0.2), best=(first, other), moves=(
        MoveValue(first, points(east, 16), 0.0), MoveValue(other, points(west, 37), 0.0)))
    names = ("South", "West", "North", "East")
    lines = verdict.verdict(state, fake, names, None).best.split("\n")
    assert "each as good for you" not in lines[0] and "review's scale" in lines[0]
    assert any(f"{names[east]} wins 16 points" in line and line.endswith("−5.3 points")
               for line in lines[1:]), lines
    assert any(f"{names[west]} wins 37 points" in line and line.endswith("−12.3 points")
               for line in lines[1:]), lines
