"""Running sums for paired comparisons (engine/paired.py), against sums worked out here."""

from __future__ import annotations

import random

import pytest

from engine.paired import PairedSums


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
