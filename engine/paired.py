"""Running sums for paired comparisons over deals.

Each deal gives a row of values, one per choice (a move's score on that deal).  What a
comparison of two choices needs — the mean of their difference over the deals and its
standard error — comes from each choice's sum and the sums of the rows' pairwise products,
so it is kept in time and memory that do not grow with the deals.  The appraisal keeps
whole numbers (exact sums); the strong bot floats.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Generic, TypeVar

N = TypeVar("N", int, float)


def sample_variance(total: N, squares: N, n: int) -> float:
    """The sample variance of ``n`` values (divided by ``n - 1``) from their sum and the sum
    of their squares; 0 for fewer than two.  Worked out exactly for whole numbers."""
    if n < 2:
        return 0.0
    if isinstance(total, int) and isinstance(squares, int):
        return float(max(Fraction(squares) - Fraction(total * total, n), Fraction(0)) / (n - 1))
    return max(squares - total * total / n, 0.0) / (n - 1)


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
