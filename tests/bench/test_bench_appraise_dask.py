"""The agreement bench's ``--dask`` (bench/appraise.py): a tutor's look sent to a real Dask
cluster (two one-thread workers, tests/ui/dask_support.py) side by side is the look the bench
works out here one part after another, part for part, added up the same; a look going on from
the looks before too; and a look whose parts have no deal left is none, as here."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from dask_support import Cluster, dask_cluster

from engine.game.rules import block
from engine.game.state import State
from engine.game.view import view
from engine.search.appraise import added_up, appraise, look_precision
from ui import cluster

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import appraise as bench  # bench/appraise.py

#: Budgets no look here reaches: each part ends on its precision, not on the clock, so that
#: the same key gives the same deals wherever a part runs.
LONG = 60.0


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with dask_cluster(tmp_path_factory.mktemp("dask")) as c:
        yield c


@pytest.fixture
def on_the_cluster(two_workers: Cluster, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("DOMINO_THINK", raising=False)
    monkeypatch.setenv("DOMINO_DASK_SCHEDULER", "")
    yield
    monkeypatch.setattr(bench, "DASK", "")
    cluster.close()


def a_view(moves: int, seed: int = 4) -> object:
    """A two-player Block deal some random moves in (its deals listed: an appraisal there ends
    on its precision), from the view of the seat to move."""
    rng = random.Random(seed)
    state = State.deal(block(2), rng)
    for _ in range(moves):
        state.push_unchecked(rng.choice(state.legal_moves()))
    return view(state, state.mover or 0)


def same(a: object, b: object) -> tuple[object, ...]:
    return (a.deals, a.moves, a.best) == (b.deals, b.moves, b.best)  # type: ignore[attr-defined]


def test_a_look_on_the_workers_is_the_look_here_part_for_part(
        two_workers: Cluster, on_the_cluster: None, monkeypatch: pytest.MonkeyPatch) -> None:
    v = a_view(6)
    here = bench.one_look(v, LONG, 2, "4:0:tutor", None)
    parts = [appraise(v, random.Random("4:0:tutor"), seconds=LONG, part=(i, 2),  # type: ignore[arg-type]
                      precision=look_precision(v)) for i in range(2)]  # type: ignore[arg-type]
    assert parts[0].deals and parts[1].deals  # both parts had deals to solve
    assert same(here, added_up(v, parts[0], parts[1]))  # type: ignore[arg-type]
    monkeypatch.setattr(bench, "DASK", two_workers.address)
    there = bench.one_look(v, LONG, 2, "4:0:tutor", None)
    assert same(there, here) and not bench._HERE  # on the workers: none run again here
    assert cluster.address() == two_workers.address and cluster.place() is not None
    # going on from a short look before: on the deals it did not solve, as here
    before = bench.one_look(v, 0.02, 2, "4:0:tutor", None)
    assert before is not None and 0 < before.deals < here.deals  # type: ignore[attr-defined]
    later_there = bench.one_look(v, LONG, 2, "4:0:tutor", before.evidence)  # type: ignore[attr-defined]
    monkeypatch.setattr(bench, "DASK", "")
    later_here = bench.one_look(v, LONG, 2, "4:0:tutor", before.evidence)  # type: ignore[attr-defined]
    assert same(later_there, later_here)
    assert later_here.deals == here.deals - before.deals  # type: ignore[attr-defined]

def test_a_look_with_no_deal_left_is_none_on_the_workers_as_here(
        two_workers: Cluster, on_the_cluster: None, monkeypatch: pytest.MonkeyPatch) -> None:
    v = a_view(8)
    every = bench.one_look(v, LONG, 2, "4:1:tutor", None)
    assert every is not None and every.exact  # type: ignore[attr-defined]
    assert bench.one_look(v, LONG, 2, "4:1:tutor", every.evidence) is None  # type: ignore[attr-defined]
    monkeypatch.setattr(bench, "DASK", two_workers.address)
    assert same(bench.one_look(v, LONG, 2, "4:1:tutor", None), every) and not bench._HERE
    assert bench.one_look(v, LONG, 2, "4:1:tutor", every.evidence) is None  # type: ignore[attr-defined]
