"""The review's budget a decision depends on the search that runs (engine/search/appraise.py
``REVIEW_TIME``, ``review_time``): the Python search's budgets, as before the native core,
where the core is not built or ``DOMINO_SEARCH=python`` turns it off; shorter ones with the
core, whose solves are five to six times as fast (docs/judge.md, "The review's time by
family")."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from engine_helpers import RULESETS

from engine import _build
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.search.appraise import (
    REVIEW_PRECISION,
    REVIEW_TIME,
    REVIEW_TIME_NATIVE,
    REVIEW_TIME_PYTHON,
    review_time,
)
from engine.search.solve import NATIVE

ROOT = Path(__file__).resolve().parents[3]
NAMES = ("duel", "duel-draw", "block-2", "block-3", "block-4", "gaple-4x6", "gaple-5")


def first_view(name: str) -> SeatView:
    state = State.deal(RULESETS[name], random.Random(3))
    assert state.mover is not None
    return view(state, state.mover)


def test_each_search_has_its_budgets_and_the_one_that_runs_gives_them() -> None:
    views = [first_view(name) for name in NAMES]
    # As before the native core, with the Python search: twice the usual budget with three
    # or four players in Block, in four-player Gaple and in the draw mode, six times with
    # five in Gaple.
    assert [review_time(v, native=False) for v in views] == [1, 2.0, 1, 2.0, 2.0, 2.0, 6.0]
    # With the core: the usual budget everywhere but five-player Gaple, twice it there.
    assert [review_time(v, native=True) for v in views] == [1, 1, 1, 1, 1, 1, 2.0]
    # By default the search that runs here.
    assert REVIEW_TIME is (REVIEW_TIME_NATIVE if NATIVE else REVIEW_TIME_PYTHON)
    assert [review_time(v) for v in views] == [review_time(v, native=NATIVE) for v in views]


def test_the_core_never_gives_a_decision_more_time_nor_aims_lower() -> None:
    # The native core spends its speed on less time, never on a coarser aim: the precision a
    # review stops at is one table for both searches, and no decision gets longer.
    for key in REVIEW_TIME_PYTHON.keys() | REVIEW_TIME_NATIVE.keys():
        assert REVIEW_TIME_NATIVE.get(key, 1.0) <= REVIEW_TIME_PYTHON.get(key, 1.0), key
    assert REVIEW_PRECISION == {("block", 3): 0.125, ("block", 4): 0.5, ("duel", 2): 0.0125}


BUDGET = """
import json, random
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.search import appraise, solve
import engine_helpers
state = State.deal(engine_helpers.RULESETS["gaple-5"], random.Random(3))
print(json.dumps([solve.NATIVE, appraise.review_time(view(state, state.mover)),
                  appraise.REVIEW_TIME == appraise.REVIEW_TIME_PYTHON]))
"""


def budget_in(env: dict[str, str]) -> list[object]:
    helpers = Path(__file__).resolve().parents[1]  # tests/engine: engine_helpers
    done = subprocess.run([sys.executable, "-c", BUDGET], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(
                              [str(ROOT), str(helpers)]), **env})
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert isinstance(found, list)
    return found


def test_the_python_search_keeps_the_budgets_it_had() -> None:
    # DOMINO_SEARCH=python, as where no compiler built the core: five-player Gaple's review
    # gets six times the usual budget, as before the core.
    assert budget_in({_build.SEARCH_ENV: "python"}) == [False, 6.0, True]
    # The core where it is built: twice the usual budget.
    native, time, python = budget_in({_build.SEARCH_ENV: ""})
    assert (time, python) == ((2.0, False) if native else (6.0, True))
