"""Running sums for paired comparisons (engine/search/paired.py), against sums worked out here."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from engine.search.paired import NOISE_Z, PairedSums, sample_variance, t_value, weighted_mean_error


def test_sums_and_differences_match_the_rows_whole_numbers() -> None:
    rng = random.Random(3)
    rows = [[rng.randrange(-9, 10) for _ in range(4)] for _ in range(50)]
    sums = PairedSums(0)
    for row in rows:
        sums.add(row)
    assert sums.n == 50
    assert sums.sums == [sum(r[i] for r in rows) for i in range(4)]
    for i in range(4):
        for j in range(4):
            diffs = [r[i] - r[j] for r in rows]
            assert sums.difference(i, j) == (sum(diffs), sum(d * d for d in diffs))
    assert sums.top() == max(range(4), key=lambda i: (sums.sums[i], -i))


def test_floats_and_the_first_of_equal_tops() -> None:
    sums = PairedSums(0.0)
    sums.add([1.0, 2.5, 2.5])
    sums.add([0.5, -0.5, -0.5])
    assert sums.top() == 1  # the first of two equal sums
    total, squares = sums.difference(0, 1)
    assert total == pytest.approx(-0.5) and squares == pytest.approx(3.25)


def test_a_row_of_another_width_is_refused() -> None:
    sums = PairedSums(0)
    sums.add([1, 2])
    with pytest.raises(ValueError, match="3 values after rows of 2"):
        sums.add([1, 2, 3])


def test_merged_sums_are_the_sums_of_every_row() -> None:
    rng = random.Random(5)
    rows = [[rng.randrange(-9, 10) for _ in range(3)] for _ in range(40)]
    whole, first, second, empty = PairedSums(0), PairedSums(0), PairedSums(0), PairedSums(0)
    for k, row in enumerate(rows):
        whole.add(row)
        (first if k % 3 else second).add(row)
    first.merge(empty)  # nothing to add
    empty.merge(first)  # an empty one takes the other's size
    empty.merge(second)
    assert (empty.n, empty.sums, empty.products) == (whole.n, whole.sums, whole.products)
    other = PairedSums(0)
    other.add([1, 2])
    with pytest.raises(ValueError, match="rows of 2 values"):
        whole.merge(other)


def test_the_variance_of_a_paired_difference_is_the_rows_sample_variance() -> None:
    rng = random.Random(5)
    whole = [[rng.randrange(-9, 10) for _ in range(3)] for _ in range(40)]
    real = [[rng.uniform(-3, 3) for _ in range(3)] for _ in range(40)]
    for rows, zero in ((whole, 0), (real, 0.0)):
        sums = PairedSums(zero)
        for row in rows:
            sums.add(row)
        for i in range(3):
            assert sums.variance(i) == pytest.approx(statistics.variance(r[i] for r in rows))
            for j in range(3):
                assert sums.variance(i, j) == pytest.approx(
                    statistics.variance(r[i] - r[j] for r in rows), abs=1e-12)
    exact = PairedSums(0)  # whole numbers: exact, not a float's cancellation
    for x in (10**12 + 1, 10**12 + 2, 10**12 + 3):
        exact.add([x])
    assert exact.variance(0) == 1.0


def test_one_row_has_no_variance() -> None:
    assert sample_variance(3, 9, 1) == 0.0 and sample_variance(0.0, 0.0, 0) == 0.0
    assert sample_variance(2, 2, 2) == 0.0  # 1 and 1
    assert sample_variance(1, 1, 2) == 0.5  # 0 and 1


def test_the_margin_is_students_t_for_the_deals_solved() -> None:
    assert t_value(13) == pytest.approx(2.160)
    assert t_value(29) == pytest.approx(2.045)
    assert NOISE_Z <= t_value(200) < t_value(40) < t_value(30)
    assert t_value(0) == math.inf
    # at 99%: the table to 30 degrees of freedom, then the expansion, which meets it there
    assert t_value(13, 0.99) == pytest.approx(3.012)
    assert t_value(31, 0.99) == pytest.approx(2.744, abs=1e-3)
    assert t_value(10_000, 0.99) == pytest.approx(2.576, abs=1e-3)
    assert all(t_value(df, 0.99) > t_value(df) for df in (1, 30, 31, 100, 10_000))
    with pytest.raises(ValueError, match="0.9"):
        t_value(10, 0.9)


def test_a_weighted_mean_has_the_ratio_estimators_error() -> None:
    """Equal weights give the sample's mean and s / √n; other weights, each deal's share."""
    values = [4.0, 2.0, 5.0, 1.0, 3.0]
    mean, error = weighted_mean_error(values, [2.0] * 5)
    assert mean == pytest.approx(3.0)
    assert error == pytest.approx(statistics.stdev(values) / 5 ** 0.5)
    # (1·1 + 3·3) / 4, and √((1·(1 − 2.5))² + (3·(3 − 2.5))²) · √(2 / 1) / 4
    assert weighted_mean_error([1.0, 3.0], [1.0, 3.0]) == pytest.approx((2.5, 0.75))
    assert weighted_mean_error([7.0], [1.0]) == (7.0, 0.0)
