"""The solver's native core against its Python search, side by side in one process.

    .venv/bin/python bench/native.py [--deals 40] [--repeats 3] [--moves 0] [--views K]
                                     [--seconds 600] [--family NAME ...]
    .venv/bin/python bench/native.py --agree 10000 [--max-nodes 200000]
    .venv/bin/python bench/native.py --memory 100000
    .venv/bin/python bench/native.py --many 200 [--deals 4] [--repeats 3] [--family NAME ...]

The benchmark: each family's seeded fresh deals (or ``--moves`` random moves into each, or with
``--views K`` the deals an appraisal solves, as bench/solve.py draws them), each solved by
both searches in turn (the same deal, one after the other, so a busy machine slows both
alike), ``--repeats`` times.  For each family: the median milliseconds a deal in each search
(the solver's own ``seconds``), nodes a second in each, and the ratio of their total times:
the median over the repeats with its range.  Both must visit the same nodes (checked).

``--agree N``: the full differential run, N positions over every family and every kind of
position of tests/engine/search/native_support.py (fresh deals, mid-round, set up by hand,
an appraisal's deals), each searched by both with ``--max-nodes``: every field of the answers
but the time must agree; says how many did not, and fails if any.

``--memory N``: N solves of small positions by the native core; the process's resident
memory after the first tenth and at the end (it must not grow).

``--many K``: the appraisal's deals in one call (``engine.search.solve.solve_many``) against
one call each: at every decision of seat 0 with the first tile down in ``--deals`` seeded rounds
of the counting bot (bench/appraise.py's positions), K deals drawn from its view, solved as
the appraisal solves them (exact values alone), one call each in the native core, in one call,
and one call each in the Python search, in turn, ``--repeats`` times.  The CPU time of the
calls (what a call costs around the search is what one call for many saves; CPU time, which
other work on the machine disturbs much less than the clock's), per deal: for
the small positions (a deal under 0.1 ms one call each) and for all, the microseconds a deal
and the ratios of the total times, the median over the repeats with its range.  The answers
must be the same (checked).

A benchmark, not a test: figures depend on the machine (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine" / "search"))  # native_support's positions

from games import rules_of  # bench/games.py, beside this script
from solve import views  # bench/solve.py, beside this script

FAMILIES = ("duel", "duel-draw", "block-2", "block-3", "block-4", "gaple-4x6", "gaple-5")


def deals(name: str, count: int, seed: int, moves: int, k: int) -> list[object]:
    from engine.game.state import State

    if k:
        return views(name, count, seed, k)
    rng = random.Random(f"{seed}-{name}")
    found: list[object] = []
    for _ in range(count):
        state = State.deal(rules_of(name), rng)
        for _ in range(moves):
            if state.over:
                break
            state.push(rng.choice(state.legal_moves()))
        if not state.over:
            found.append(state)
    return found


def side_by_side(name: str, count: int, seed: int, moves: int, k: int, repeats: int,
                 seconds: float) -> dict[str, float]:
    """Each deal solved by both searches, ``repeats`` times: medians, rates and ratios (a
    budget of ``seconds`` that no deal reaches: the exact search finishes, the same in both,
    before the iterative deepening that a spent third of it would start)."""
    from engine.game.state import State
    from engine.search.solve import solve

    states = deals(name, count, seed, moves, k)
    times: dict[bool, list[float]] = {True: [], False: []}
    nodes = 0
    ratios = []
    for _ in range(repeats):
        total = {True: 0.0, False: 0.0}
        for state in states:
            assert isinstance(state, State)
            found = {}
            for native in (True, False):
                sol = solve(state, seconds=seconds, line=not k, exact_only=bool(k),
                            native=native)
                assert sol.exact, "a benchmark deal must be solved exactly"
                found[native] = sol
                times[native].append(sol.seconds)
                total[native] += sol.seconds
            assert found[True].nodes == found[False].nodes, "the searches visited other nodes"
            nodes += found[True].nodes
        ratios.append(total[False] / total[True])
    return {
        "deals": len(states),
        "native_ms": statistics.median(times[True]) * 1000,
        "python_ms": statistics.median(times[False]) * 1000,
        "native_rate": nodes / sum(times[True]),
        "python_rate": nodes / sum(times[False]),
        "ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios),
    }


def bench(args: argparse.Namespace) -> None:
    from engine.search.solve import NATIVE

    if not NATIVE:
        sys.exit("the native core is not built or is turned off (make build; DOMINO_SEARCH)")
    print(f"{'family':<10} {'deals':>5} {'native ms':>10} {'Python ms':>10} "
          f"{'native nodes/s':>15} {'Python nodes/s':>15} {'ratio (range)':>18}")
    for name in args.family or FAMILIES:
        r = side_by_side(name, args.deals, args.seed, args.moves, args.views, args.repeats,
                         args.seconds)
        print(f"{name:<10} {r['deals']:>5} {r['native_ms']:>10.2f} {r['python_ms']:>10.2f} "
              f"{r['native_rate'] / 1e6:>13.1f} M {r['python_rate'] / 1e6:>13.1f} M "
              f"{r['ratio']:>6.1f} ({r['low']:.1f}–{r['high']:.1f})", flush=True)


def agree(total: int, max_nodes: int, seed: int) -> None:
    from native_support import FAMILIES as ALL
    from native_support import KINDS, differences, positions

    cells = [(name, kind) for name in ALL for kind in KINDS]
    start = time.perf_counter()
    checked = wrong = 0
    for i, (name, kind) in enumerate(cells):
        share = total // len(cells) + (i < total % len(cells))
        bad = 0
        for state in positions(name, kind, seed, share):
            found = differences(state, max_nodes)
            if found:
                bad += 1
                print(f"  differs in {', '.join(found)}: {state!r}", flush=True)
        checked += share
        wrong += bad
        print(f"{name:<16} {kind:<10} {share:>6} positions, {bad} differ", flush=True)
    print(f"{checked} positions in {time.perf_counter() - start:.0f} s: {wrong} differ")
    if wrong:
        sys.exit(1)


def memory(total: int) -> None:
    from native_support import positions

    from engine.search.solve import solve

    states = [state for name in ("block-4", "duel-draw", "gaple-5", "block-2")
              for state in positions(name, "small", 9, 25)]

    def resident() -> float:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20

    first = 0.0
    for i in range(total):
        solve(states[i % len(states)], table_size=64 if i % 2 else 1 << 19, native=True)
        if i + 1 == total // 10:
            first = resident()
    print(f"{total} solves: {first:.1f} MB resident after {total // 10}, "
          f"{resident():.1f} MB at the end")


def many(name: str, k: int, rounds: int, seed: int, repeats: int) -> dict[str, object]:
    from appraise import positions  # bench/appraise.py, beside this script

    from engine.game.view import view
    from engine.search.deals import DealSpace
    from engine.search.sampler import world
    from engine.search.solve import solve, solve_many

    sets = []
    for state in positions(name, rounds, seed):
        if state.line.left < 0:  # type: ignore[attr-defined]
            continue
        v = view(state, state.to_move)  # type: ignore[attr-defined]
        rng = random.Random(f"{seed}-{name}-many")
        space = DealSpace(v)
        sets.append(([world(v, space.draw(rng)) for _ in range(k)], frozenset(v.legal)))
    ways = ("one", "many", "python")
    cost: list[dict[str, list[float]]] = [{w: [] for w in ways} for _ in sets]
    for _ in range(repeats):
        for (states, only), spent in zip(sets, cost, strict=True):
            found = {}
            for way in ways:
                start = time.process_time()
                if way == "many":
                    found[way] = solve_many(states, seconds=600, only=only)
                else:
                    found[way] = [solve(s, seconds=600, line=False, exact_only=True, only=only,
                                        native=way == "one") for s in states]
                spent[way].append(time.process_time() - start)
            same = {w: [(s.moves, s.nodes) for s in found[w]] for w in ways}
            assert same["one"] == same["many"] == same["python"], "the answers differ"
    small = [i for i, spent in enumerate(cost) if min(spent["one"]) / k < 1e-4]
    out: dict[str, object] = {"positions": len(sets), "smaller": len(small)}
    for label, chosen in (("small", small), ("all", range(len(sets)))):
        totals = {w: [sum(cost[i][w][r] for i in chosen) for r in range(repeats)] for w in ways}
        deals = max(1, len(chosen) * k)
        out[label] = {
            "us": {w: statistics.median(totals[w]) / deals * 1e6 for w in ways},
            "one/many": [totals["one"][r] / totals["many"][r] for r in range(repeats)],
            "python/many": [totals["python"][r] / totals["many"][r] for r in range(repeats)],
        } if chosen else None
    return out


def many_table(args: argparse.Namespace) -> None:
    print(f"{'family':<10} {'positions':>9} {'which':>6} {'µs/deal: one':>13} {'many':>6} "
          f"{'Python':>7} {'one/many':>16} {'Python/many':>16}")
    for name in args.family or FAMILIES:
        r = many(name, args.many, args.deals, args.seed, args.repeats)
        for label in ("small", "all"):
            row = r[label]
            if not isinstance(row, dict):
                continue
            us = row["us"]
            a, b = row["one/many"], row["python/many"]
            count = r["smaller"] if label == "small" else r["positions"]
            print(f"{name:<10} {count:>9} {label:>6} {us['one']:>13.1f} {us['many']:>6.1f} "
                  f"{us['python']:>7.1f} "
                  f"{statistics.median(a):>5.2f}× ({min(a):.2f}–{max(a):.2f}) "
                  f"{statistics.median(b):>5.2f}× ({min(b):.2f}–{max(b):.2f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=600.0, help="each solve's budget")
    parser.add_argument("--moves", type=int, default=0,
                        help="random legal moves played into each deal first")
    parser.add_argument("--views", type=int, default=0, metavar="K",
                        help="the deals an appraisal solves: K drawn at each early decision")
    parser.add_argument("--family", action="append", choices=FAMILIES)
    parser.add_argument("--agree", type=int, metavar="N", help="the differential run")
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--memory", type=int, metavar="N", help="N solves, memory before/after")
    parser.add_argument("--many", type=int, metavar="K",
                        help="K deals of each decision: one call for them against one each")
    args = parser.parse_args()
    if args.many:
        if args.deals == parser.get_default("deals"):
            args.deals = 4
        many_table(args)
    elif args.agree:
        agree(args.agree, args.max_nodes, args.seed)
    elif args.memory:
        memory(args.memory)
    else:
        bench(args)


if __name__ == "__main__":
    main()
