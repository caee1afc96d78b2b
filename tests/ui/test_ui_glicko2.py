"""Glicko-2 (ui/glicko2.py) against the worked example of Glickman's paper, and the rating's
behaviour the puzzles rely on."""

from __future__ import annotations

import pytest

from ui import glicko2
from ui.glicko2 import Rating, Result


def test_the_papers_worked_example() -> None:
    # "Example of the Glicko-2 system" (Glickman, 2013): a player rated 1500 (RD 200,
    # volatility 0.06, τ = 0.5) beats a 1400 (RD 30), loses to a 1550 (RD 100) and a 1700
    # (RD 300): 1464.06, RD 151.52, volatility 0.05999.
    player = Rating(1500, 200, 0.06)
    results = [Result(Rating(1400, 30), 1), Result(Rating(1550, 100), 0),
               Result(Rating(1700, 300), 0)]
    after = glicko2.update(player, results, tau=0.5, rd_range=None)
    assert after.r == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.sigma == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_intermediate_quantities() -> None:
    # Step 3 and 4 of the example: v = 1.7785, Δ = −0.4834 on the Glicko-2 scale; E against
    # the three opponents 0.639, 0.432, 0.303.
    player = Rating(1500, 200)
    assert [round(glicko2.expected(player, Rating(r, rd)), 3)
            for r, rd in [(1400, 30), (1550, 100), (1700, 300)]] == [0.639, 0.432, 0.303]


def test_no_games_only_widens_the_deviation() -> None:
    after = glicko2.update(Rating(1600, 100, 0.06), [], rd_range=None)
    assert after.r == 1600 and after.sigma == 0.06
    assert after.rd == pytest.approx((100 ** 2 + (0.06 * glicko2.SCALE) ** 2) ** 0.5)


def test_a_win_raises_a_loss_lowers_and_the_surprise_moves_more() -> None:
    learner, puzzle = Rating(1500, 200), Rating(1500, 200)
    won, beaten = glicko2.game(learner, puzzle, 1.0)
    assert won.r > 1500 > beaten.r
    assert won.r - 1500 == pytest.approx(1500 - beaten.r)  # the same game seen from each side
    easy_win, _ = glicko2.game(learner, Rating(1100, 200), 1.0)
    hard_win, _ = glicko2.game(learner, Rating(1900, 200), 1.0)
    assert hard_win.r - 1500 > easy_win.r - 1500 > 0
    lost, _ = glicko2.game(learner, puzzle, 0.0)
    assert lost.r < 1500 and lost.rd < 200  # any result makes the rating surer


def test_the_deviation_stays_within_its_bounds() -> None:
    r = Rating(1500, 40)
    for _ in range(200):
        r, _ = glicko2.game(r, Rating(1500, 30), 1.0)
    assert glicko2.RD_RANGE[0] <= r.rd
    assert glicko2.update(Rating(1500, 350, 0.06), []).rd == glicko2.RD_RANGE[1]
