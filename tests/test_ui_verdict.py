"""ui/widgets/verdict.py: the solver's verdict in words — E3's choice is the showcase."""

from __future__ import annotations

from pathlib import Path

from engine.moves import Move
from engine.scenario import load
from engine.solve import solve
from engine.tiles import Tile
from ui.widgets import verdict

E3 = Path(__file__).resolve().parent.parent / "scenarios" / "e3-empty-hand-wins.toml"


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
    assert v.played is not None and "[0|2]" in v.played and "White wins" in v.played
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
    s = load(Path(__file__).resolve().parent.parent / "scenarios" / "gaple-middle-tile-start.toml")
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
