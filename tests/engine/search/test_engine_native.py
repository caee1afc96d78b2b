"""The solver's native core (engine/search/_native.c) against its Python search: the same
values, best moves, lines and node counts on a sample of positions of every family (fresh
deals, mid-round positions, positions set up by hand, an appraisal's deals, hypothesis'
seeds), the same partial answer at a node limit; memory that does not grow over many solves,
the GIL released while it searches, a Python exception for bad input, and the switch
between the two searches.  The full run over 10,000 positions: bench/native.py --agree."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import threading
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from native_support import FAMILIES, KINDS, SECONDS, differences, mid_round, positions, small

from engine import _build
from engine.game.rules import block, duel, gaple
from engine.game.state import State
from engine.search import solve as solver
from engine.search.solve import Search, _Stop, solve

ROOT = Path(__file__).resolve().parents[3]

#: The node limit of the sample: big enough for most positions to finish, small enough to
#: keep a fresh Gaple deal's Python search short (the rest stop there, in both searches).
LIMIT = 30_000


def test_the_native_core_is_built_and_searches() -> None:
    """`make build` compiles it, and the solver uses it unless told not to."""
    assert _build.native_search() == (os.environ.get(_build.SEARCH_ENV, "") != "python")
    assert solver.NATIVE == _build.native_search()
    assert solver.NATIVE, "the native core was not built (make build)"
    assert Search(State.deal(block(4), random.Random(1))).core is not None
    assert Search(State.deal(block(4), random.Random(1)), native=False).core is None


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_native_core_visits_the_same_nodes_and_answers_the_same(name: str,
                                                                    kind: str) -> None:
    differ = [(state, found) for state in positions(name, kind, 1, 8)
              if (found := differences(state, LIMIT))]
    assert not differ, differ[:3]


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_as_the_appraisal_solves_exact_values_alone_agree(name: str) -> None:
    # The appraisal's way: no line, only an exact answer (else each move's value straight
    # after it), some first moves alone.
    for state in positions(name, "appraised", 2, 6):
        assert not differences(state, LIMIT, line=False, exact_only=True)
        some = frozenset(state.legal_moves()[::2])
        a = solve(state, line=False, only=some, max_nodes=LIMIT, native=True)
        b = solve(state, line=False, only=some, max_nodes=LIMIT, native=False)
        assert (a.moves, a.nodes, a.exact) == (b.moves, b.nodes, b.exact)


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       name=st.sampled_from(sorted(FAMILIES)), by_hand=st.booleans())
def test_any_position_gets_the_same_answer(seed: int, name: str, by_hand: bool) -> None:
    rng = random.Random(seed)
    state = (small if by_hand else mid_round)(FAMILIES[name], rng)
    if state is not None and state.mover is not None:
        assert not differences(state, LIMIT)


@pytest.mark.parametrize("name", ["block-4", "duel-draw", "gaple-5", "gaple-4x7"])
def test_a_node_limit_gives_the_same_partial_answer(name: str) -> None:
    for state in positions(name, "fresh", 3, 4):
        for limit in (1500, 5000):
            a = solve(state, seconds=SECONDS, max_nodes=limit, native=True)
            b = solve(state, seconds=SECONDS, max_nodes=limit, native=False)
            assert (a.value, a.moves, a.line, a.nodes, a.exact) == \
                (b.value, b.moves, b.line, b.nodes, b.exact)
            assert not a.exact or a.nodes <= limit


def test_a_time_budget_stops_the_native_search_cleanly() -> None:
    state = State.deal(gaple(4, 7), random.Random(3))  # seconds of search
    sol = solve(state, seconds=0.02, native=True)
    assert not sol.exact and sol.best[0] in state.legal_moves() and sol.nodes > 0
    quick = solve(state, seconds=0.02, line=False, exact_only=True, native=True)
    assert not quick.exact and len(quick.moves) == len(state.legal_moves())


@pytest.mark.parametrize("name", ["block-4", "duel-draw", "gaple-5"])
def test_a_small_table_empties_as_the_python_search_does(name: str) -> None:
    # Emptied again and again at four positions: the same nodes, the same answer.
    for state in positions(name, "mid-round", 4, 6):
        a = Search(state, table_size=4, max_nodes=LIMIT, native=True)
        b = Search(state, table_size=4, max_nodes=LIMIT, native=False)
        x, y = a.run(), b.run()
        assert (x.value, x.moves, x.line, x.nodes) == (y.value, y.moves, y.line, y.nodes)
        assert a.kept() <= 4 and b.kept() <= 4


def memory_in_use() -> tuple[int, int]:
    """The process's resident memory in bytes (the core's tables are C memory) and Python's
    allocated blocks."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE"), sys.getallocatedblocks()


def test_many_solves_leave_no_memory_behind() -> None:
    """Thousands of solves, tables growing and emptied, searches stopped by their budget:
    the process holds no more memory after them than before (each solve's tables alone are
    32 KiB or more; bench/native.py --memory: 100,000 solves)."""
    states = [state for name in ("block-4", "duel-draw", "gaple-5", "block-2")
              for state in positions(name, "small", 5, 10)]

    def solves(rounds: int) -> None:
        for _ in range(rounds):
            for state in states:
                solve(state, table_size=8, native=True)
                solve(state, max_nodes=300, line=False, native=True)  # stopped mid search

    solves(5)  # warm: every cache the solver keeps filled
    before = memory_in_use()
    solves(50)
    after = memory_in_use()
    assert after[0] - before[0] < 2 << 20, (before, after)
    assert after[1] - before[1] < 100, (before, after)


def test_the_gil_is_free_while_the_core_searches() -> None:
    """Another thread runs while the core searches: it sees the node count move during a
    single call of the core (with the GIL held, only its value before and after)."""
    state = State.deal(gaple(4, 7), random.Random(3))
    st_ = state.copy()
    st_.push(st_.legal_moves()[0])
    search = Search(state, native=True)
    core = search.core
    core.max_nodes = 3_000_000
    seen: set[int] = set()
    stopped: list[bool] = []

    def run() -> None:
        try:
            core.gaple(st_.hand_masks, st_.dead_masks, st_.line.left, st_.line.right,
                       st_.to_move, st_.passes, 1 << 20, True)
        except _Stop:
            stopped.append(True)

    worker = threading.Thread(target=run)
    worker.start()
    while worker.is_alive():
        seen.add(core.nodes)
    worker.join()
    final = core.nodes
    assert stopped and final > 3_000_000
    assert any(0 < n < final for n in seen), "the other thread never ran during the search"
    run()  # free to search again (not left busy), and stopped at its next reading
    assert len(stopped) == 2 and final < core.nodes <= final + 1024


def test_bad_input_raises_a_python_exception() -> None:
    state = State.deal(block(3), random.Random(2))
    core = Search(state, native=True).core
    hands = list(state.hand_masks)
    with pytest.raises(ValueError, match="two places"):
        core.plain([hands[0], hands[0], hands[2]], 1, 2, 0, 0, 10, True)
    with pytest.raises(ValueError, match="masks of 28 tiles"):
        core.plain([hands[0], hands[1], 1 << 40], 1, 2, 0, 0, 10, True)
    with pytest.raises(ValueError, match="masks of 28 tiles"):
        core.plain(hands[:2], 1, 2, 0, 0, 10, True)
    with pytest.raises(ValueError, match="not a position"):
        core.plain(hands, 7, 2, 0, 0, 10, True)
    with pytest.raises(ValueError, match="not a position"):
        core.plain(hands, 1, 2, 3, 0, 10, True)
    with pytest.raises(TypeError):
        core.plain(None, 1, 2, 0, 0, 10, True)
    with pytest.raises(OverflowError):
        core.plain([hands[0], hands[1], -1], 1, 2, 0, 0, 10, True)
    with pytest.raises(ValueError, match="two players"):
        core.duo(hands[:2], 1, 2, 0, 0, 0, -5, 5, 10, [0] * 56)
    duo = Search(State.deal(duel(True), random.Random(2)), native=True).core
    h = list(State.deal(duel(True), random.Random(2)).hand_masks)
    with pytest.raises(ValueError, match="history"):
        duo.duo(h, 1, 2, 0, 0, 0, -1, 1, 10, [0] * 3)
    with pytest.raises(ValueError, match="stock"):
        duo.duo(h, 1, 2, 0, 0, 99, -1, 1, 10, [0] * 56)
    with pytest.raises(ValueError, match="Gaple on numbers|masks"):
        core.gaple(hands, [0, 0], 1, 2, 0, 0, 10, True)
    with pytest.raises(ValueError, match="two players"):
        core.duo_entry(hands[:2], 1, 2, 0, 0, 0)
    with pytest.raises(ValueError, match="not a position"):
        duo.duo_entry(h, 1, 2, 0, 0, 99)
    assert duo.duo_entry(h, 1, 2, 0, 0, 0) is None  # nothing kept yet
    with pytest.raises(ValueError):
        solver._NATIVE.Core(players=7, table_size=4, stop=_Stop, stock=(), block_after=2,
                            pips=True, discard=False, blank25=False, keyed_hands=False)
    with pytest.raises(ValueError, match="stock"):
        solver._NATIVE.Core(players=2, table_size=4, stop=_Stop, stock=(3,), block_after=2,
                            pips=True, discard=False, blank25=False, keyed_hands=False)
    assert core.plain(hands, state.legal_moves()[0].tile.low, 0, 0, 0, 10, True) >= 0


def run_python(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], check=False, cwd=cwd,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(cwd), **env})


FLAG = "from engine.search import solve; print(solve.NATIVE)"


def test_domino_search_python_picks_the_python_search() -> None:
    on = run_python(FLAG, {_build.SEARCH_ENV: ""}, ROOT)
    off = run_python(FLAG, {_build.SEARCH_ENV: "python"}, ROOT)
    assert (on.stdout.strip(), off.stdout.strip()) == ("True", "False"), on.stderr + off.stderr


def test_a_native_core_older_than_its_source_is_not_used(tmp_path: Path) -> None:
    """As a stale compiled engine: the search runs in Python, with a warning; without the
    core at all (no compiler), it runs in Python and says nothing."""
    copy = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", copy, ignore=shutil.ignore_patterns("__pycache__"))
    built = next((copy / "search").glob(f"_native{EXTENSION_SUFFIXES[0]}"))
    past = (copy / "search" / "_native.c").stat().st_mtime - 3600  # before its source
    os.utime(built, (past, past))
    source_engine = {_build.SEARCH_ENV: "", _build.ENV: "python"}  # mypyc's build: not needed
    stale = run_python(FLAG, source_engine, tmp_path)
    assert stale.stdout.strip() == "False", stale.stderr
    assert "older than engine/search/_native.c" in stale.stderr and "make build" in stale.stderr
    built.unlink()
    missing = run_python(FLAG, source_engine, tmp_path)
    assert missing.stdout.strip() == "False" and "Warning" not in missing.stderr
