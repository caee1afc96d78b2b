"""Running sums for paired comparisons over deals.

Each deal gives a row of values, one per choice (a move's score on that deal).  What a
comparison of two choices needs — the mean of their difference over the deals and its
standard error — comes from each choice's sum and the sums of the rows' pairwise products,
so it is kept in time and memory that do not grow with the deals.  The appraisal keeps
whole numbers (exact sums); the strong bot floats.  An estimate's margin is the half-width
of its 95% interval, Student's t for the deals times its standard error (:func:`t_value`):
the appraisal's and the hint's alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final, Generic, TypeVar

N = TypeVar("N", int, float)

#: How many standard errors a loss must clear before it counts against the move, with
#: many deals (Student's t at :data:`CONFIDENCE` with fewer: :func:`t_value`).
NOISE_Z: Final = 2.0
#: The confidence of a loss's interval (two-sided).
CONFIDENCE: Final = 0.95
#: Student's t at 97.5% and 99.5% (two-sided 95% and 99% intervals) for 1 to 30 degrees of
#: freedom, by confidence.
_T_TABLE: Final[dict[float, tuple[float, ...]]] = {
    0.95: (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
           2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
           2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042),
    0.99: (63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169,
           3.106, 3.055, 3.012, 2.977, 2.947, 2.921, 2.898, 2.878, 2.861, 2.845,
           2.831, 2.819, 2.807, 2.797, 2.787, 2.779, 2.771, 2.763, 2.756, 2.750),
}
#: The normal's quantile for each confidence of :data:`_T_TABLE`.
_Z: Final[dict[float, float]] = {0.95: 1.959964, 0.99: 2.575829}


def t_value(df: int, confidence: float = CONFIDENCE) -> float:
    """Student's t for a two-sided interval at ``confidence`` (0.95 or 0.99) with ``df``
    degrees of freedom (a table to 30, then the Cornish–Fisher expansion around the
    normal's quantile, good to three decimals); at 95%, never below :data:`NOISE_Z`, the
    margin the appraisal has always asked of a loss."""
    if confidence not in _T_TABLE:
        raise ValueError(f"no table of Student's t at {confidence}")
    if df < 1:
        return math.inf
    table = _T_TABLE[confidence]
    if df <= len(table):
        return table[df - 1]
    z = _Z[confidence]
    value = z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
    return max(value, NOISE_Z)


def sample_variance(total: N, squares: N, n: int) -> float:
    """The sample variance of ``n`` values (divided by ``n - 1``) from their sum and the sum
    of their squares; 0 for fewer than two.  Worked out exactly for whole numbers."""
    if n < 2:
        return 0.0
    if isinstance(total, int) and isinstance(squares, int):
        return float(max(Fraction(squares) - Fraction(total * total, n), Fraction(0)) / (n - 1))
    return max(squares - total * total / n, 0.0) / (n - 1)


def weighted_mean_error(values: Sequence[float], weights: Sequence[float]
                        ) -> tuple[float, float]:
    """The weighted mean of ``values`` and its standard error: the ratio estimator's,
    times n / (n − 1) so that equal weights give the sample's s / √n (0 with one value)."""
    n, mass = len(values), sum(weights)
    mean = sum(w * x for w, x in zip(weights, values, strict=True)) / mass
    if n < 2:
        return mean, 0.0
    spread = sum((w * (x - mean)) ** 2 for w, x in zip(weights, values, strict=True))
    return mean, (spread * n / (n - 1)) ** 0.5 / mass


class PairedSums(Generic[N]):
    """The number of rows, each choice's sum, and ``products[i][j]``, the sum of
    ``row[i] * row[j]``; sized by the first row."""

    def __init__(self, zero: N) -> None:
        self.zero: N = zero
        self.n = 0
        self.sums: list[N] = []
        self.products: list[list[N]] = []

    def _fit(self, size: int, what: str) -> None:
        """Sized by the first rows; later ones must have as many values."""
        if not self.n:
            self.sums = [self.zero] * size
            self.products = [[self.zero] * size for _ in range(size)]
        elif size != len(self.sums):
            raise ValueError(f"{what} of {size} values after rows of {len(self.sums)}")

    def add(self, row: Sequence[N]) -> None:
        self._fit(len(row), "a row")
        self.n += 1
        for i, x in enumerate(row):
            self.sums[i] += x
            line = self.products[i]
            for j, y in enumerate(row):
                line[j] += x * y

    def merge(self, other: PairedSums[N]) -> None:
        """Add ``other``'s rows to these (as if each had been added here)."""
        if not other.n:
            return
        self._fit(len(other.sums), "rows")
        self.n += other.n
        for i, x in enumerate(other.sums):
            self.sums[i] += x
            line = self.products[i]
            for j, y in enumerate(other.products[i]):
                line[j] += y

    def top(self) -> int:
        """The choice with the highest sum (the first such)."""
        return self.sums.index(max(self.sums))

    def variance(self, i: int, j: int | None = None) -> float:
        """The sample variance over the rows of ``row[i] - row[j]`` (of ``row[i]`` alone
        when ``j`` is None): what a standard error of a paired difference comes from."""
        if j is None:
            return sample_variance(self.sums[i], self.products[i][i], self.n)
        return sample_variance(*self.difference(i, j), self.n)

    def difference(self, i: int, j: int) -> tuple[N, N]:
        """The sum over the rows of ``row[i] - row[j]``, and the sum of its squares."""
        p = self.products
        return self.sums[i] - self.sums[j], p[i][i] - 2 * p[i][j] + p[j][j]
