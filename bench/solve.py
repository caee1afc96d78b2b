"""Benchmark the solver on fresh seeded deals, one subprocess per family.

    .venv/bin/python bench/solve.py [--deals 20] [--seed 1] [--seconds 10] [--moves 0]
                                    [--views K] [--family NAME ...]

Each position is a fresh seeded deal, or ``--moves`` random legal moves into one (early
positions of a round, which the appraisal solves deal after deal), or with ``--views K`` the
deals an appraisal solves: ``K`` deals drawn from seat 0's view at each of its first four
decisions with a choice in ``--deals`` seeded rounds of the ``counting`` bot (the positions of
``bench/appraise.py``), each solved exactly.  Between two builds,
time the same command in each in turn (the README's ratios).  For each family: the median,
worst and total search time (the solver's own ``seconds``; the total is what an appraisal's
deals in a given time go by),
how many answers were exact, the mean nodes, and the peak memory of the process
(``ru_maxrss``, the process starts fresh per family).  A benchmark, not a test:
figures depend on the machine (README, Benchmarks).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script

FAMILIES = ("duel", "duel-draw", "block-2", "block-3", "block-4", "gaple-4x6", "gaple-5")


def views(name: str, rounds: int, seed: int, k: int) -> list[object]:
    """``k`` deals of each of seat 0's first four decisions in ``rounds`` seeded rounds, as
    the appraisal draws them (``--views``), each as a position with every hand known."""
    from appraise import positions  # bench/appraise.py, beside this script

    from engine.game.view import view
    from engine.search.appraise import world
    from engine.search.deals import DealSpace

    found: list[object] = []
    for state in positions(name, rounds, seed, first=4):
        v = view(state, state.to_move)  # type: ignore[attr-defined]
        rng = random.Random(7)
        space = DealSpace(v)
        found += [world(v, space.draw(rng)) for _ in range(k)]
    return found


def child(name: str, deals: int, seed: int, seconds: float, moves: int = 0,
          k: int = 0) -> dict[str, object]:
    from engine.game.state import State
    from engine.search.solve import solve

    rules = rules_of(name)
    rng = random.Random(f"{seed}-{name}")
    times, nodes, exact = [], [], 0
    if k:
        states = views(name, deals, seed, k)
    else:
        states = []
        for _ in range(deals):
            state = State.deal(rules, rng)
            for _ in range(moves):
                if state.over:
                    break
                state.push(rng.choice(state.legal_moves()))
            states.append(state)
    for state in states:
        assert isinstance(state, State)
        sol = solve(state, seconds=seconds, line=not k, exact_only=bool(k))
        times.append(sol.seconds)
        nodes.append(sol.nodes)
        exact += sol.exact
    return {
        "family": name, "deals": len(times), "moves": moves,
        "median_ms": round(statistics.median(times) * 1000, 2),
        "worst_ms": round(max(times) * 1000, 1),
        "total_s": round(sum(times), 3),
        "exact": exact,
        "mean_nodes": round(statistics.mean(nodes)),
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--moves", type=int, default=0,
                        help="random legal moves played into each deal first")
    parser.add_argument("--views", type=int, default=0, metavar="K",
                        help="the deals an appraisal solves: K drawn at each early decision")
    parser.add_argument("--family", action="append", choices=FAMILIES)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.deals, args.seed, args.seconds, args.moves,
                               args.views)))
        return
    print(f"{'family':<10} {'deals':>5} {'median ms':>10} {'worst ms':>9} {'total s':>8} "
          f"{'exact':>6} {'nodes':>9} {'peak MB':>8}")
    for name in args.family or FAMILIES:
        out = subprocess.run(
            [sys.executable, __file__, "--child", name, "--deals", str(args.deals),
             "--seed", str(args.seed), "--seconds", str(args.seconds),
             "--moves", str(args.moves), "--views", str(args.views)],
            capture_output=True, text=True, check=True, cwd=ROOT)
        r = json.loads(out.stdout)
        print(f"{name:<10} {r['deals']:>5} {r['median_ms']:>10} {r['worst_ms']:>9} "
              f"{r['total_s']:>8} {r['exact']:>6} {r['mean_nodes']:>9} {r['peak_mb']:>8}", flush=True)


if __name__ == "__main__":
    main()
