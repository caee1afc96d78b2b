"""Glicko-2 ratings, from Mark Glickman's "Example of the Glicko-2 system" (2013).

A rating is a :class:`Rating`: the rating ``r`` (1500 for someone unknown), its deviation
``rd`` (how unsure it is: 350 at first, smaller with every result) and the volatility
``sigma`` (how erratic the results are).  :func:`update` is one rating period of the paper's
steps 1–8 with the results of that period; the puzzles make every attempt a period of one
game: the learner against the puzzle, who "wins" when the learner misses it.

The paper's formulae, on its Glicko-2 scale (μ = (r − 1500) / 173.7178, φ = RD / 173.7178):

- g(φ) = 1 / √(1 + 3φ² / π²), E = 1 / (1 + exp(−g(φⱼ)(μ − μⱼ)))
- v = 1 / Σ g(φⱼ)² E (1 − E), Δ = v Σ g(φⱼ)(sⱼ − E)
- the new volatility σ′ by the Illinois algorithm on f(x) = eˣ(Δ² − φ² − v − eˣ) /
  (2(φ² + v + eˣ)²) − (x − ln σ²) / τ², to within ε = 10⁻⁶
- φ* = √(φ² + σ′²), φ′ = 1 / √(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φⱼ)(sⱼ − E)

With no results in a period only the deviation grows: φ′ = √(φ² + σ²).  The paper's worked
example (a 1500 player, RD 200, against 1400/30, 1550/100, 1700/300, winning the first)
gives 1464.06, 151.52 and 0.05999: ``tests/ui/test_ui_glicko2.py`` checks it.

The site keeps every deviation within :data:`RD_RANGE` (a rating that never settles
below 30, and never less sure than a newcomer's).  No Streamlit here: plain functions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

#: The scale factor between the Glicko and Glicko-2 scales.
SCALE: Final = 173.7178
START: Final = 1500.0
START_RD: Final = 350.0
START_SIGMA: Final = 0.06
#: The system constant τ: how much the volatility may change (the paper: 0.3 to 1.2).
TAU: Final = 0.5
EPSILON: Final = 1e-6
RD_RANGE: Final = (30.0, 350.0)


@dataclass(frozen=True, slots=True)
class Rating:
    r: float = START
    rd: float = START_RD
    sigma: float = START_SIGMA


@dataclass(frozen=True, slots=True)
class Result:
    """One game of the period: the opponent's rating and the score, 1 win, 0.5, 0 loss."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (step 3's E)."""
    return _e((player.r - START) / SCALE, (opponent.r - START) / SCALE, opponent.rd / SCALE)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _clamp(rd: float, bounds: tuple[float, float] | None) -> float:
    return rd if bounds is None else min(max(rd, bounds[0]), bounds[1])


def update(player: Rating, results: Sequence[Result], *, tau: float = TAU,
           rd_range: tuple[float, float] | None = RD_RANGE) -> Rating:
    """The player's rating after one rating period with ``results`` (steps 1–8).
    ``rd_range``: the bounds the new deviation is kept within (None: the paper's alone)."""
    mu = (player.r - START) / SCALE
    phi = player.rd / SCALE
    if not results:
        return Rating(player.r, _clamp(math.sqrt(phi * phi + player.sigma ** 2) * SCALE,
                                       rd_range), player.sigma)
    inv_v = 0.0
    total = 0.0
    for result in results:
        mu_j = (result.opponent.r - START) / SCALE
        phi_j = result.opponent.rd / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        inv_v += g * g * e * (1.0 - e)
        total += g * (result.score - e)
    v = 1.0 / inv_v
    sigma = _volatility(phi, player.sigma, v * total, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(new_mu * SCALE + START, _clamp(new_phi * SCALE, rd_range), sigma)


def game(player: Rating, opponent: Rating, score: float) -> tuple[Rating, Rating]:
    """Both sides' ratings after one game between them (each a period of one game, both
    from the ratings before it); ``score`` is the player's (1, 0.5 or 0)."""
    return (update(player, [Result(opponent, score)]),
            update(opponent, [Result(player, 1.0 - score)]))
