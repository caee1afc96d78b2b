"""Benchmark the judge on Dask workers: what each added core buys a look of a fixed time.

    .venv/bin/python bench/dask_judge.py [--seconds 10] [--workers 1 2] [--seed 1]
                                         [--family gaple-5 block-4] [--scale 8 32 128]

For an early decision of each family (seat 0's first with a choice, the ``counting`` bot in
every seat, seeded) one appraisal of ``--seconds`` is worked out in as many parts as there
are workers, each part all that time (``precision=0``: never stopped early), their deals
added up, as :func:`ui.thinking.tutor` does: on a local Dask cluster of that many workers of
one thread (``distributed.LocalCluster``, worker processes), and, for comparison, in as many
local processes (the site's pool without a scheduler).  Per run: the deals solved, deals a
second, and the loss's standard error reached (the median over the moves other than the
best of the paired difference's standard error, in the family's scale: a fifth of a Block
point, a hundredth of a Gaple place).

Then the **model** for more workers, from the one-worker run on Dask: its wall time ``W``
(the budget's solving share, shipping the job and its answer, the scheduler's round trip)
and its rate ``r`` (deals over ``W``); ``n`` workers solve ``n · r · W`` deals in the same
``W`` (the parts are independent: no worker waits for another; the scheduler's cost per
task, measured here as the round trip of ``--tasks`` empty tasks, is paid once per part, far
under a look's budget), and the standard error falls as the square root of the deals:
``se(n) = se(1) / sqrt(n)`` (drawn deals: no finite population to correct for).  A
benchmark, not a test: figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script

from engine.game.state import State
from engine.game.view import SeatView, view
from engine.players.bots import make_bot
from engine.search.appraise import Appraisal, added_up, appraise, distinct_moves

#: The workers' statistical profiler off: it takes the interpreter a hundred times a second
#: (a quarter of the deals in a first try; deploy/judges.sh turns it off too).
PROFILE_OFF = {"DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False"}


def early(name: str, seed: int) -> SeatView:
    """Seat 0's first decision with a choice in a seeded round of the counting bot."""
    rng = random.Random(f"{seed}:{name}")
    state = State.deal(rules_of(name), rng)
    bot = make_bot("counting")
    while True:
        v = view(state, state.to_move)
        if state.to_move == 0 and distinct_moves(v) > 1:
            return v
        state.push(bot.decide(v, rng).move)


def look(executor: Executor, v: SeatView, parts: int, seconds: float,
         seed: int) -> tuple[Appraisal, float]:
    """One appraisal in ``parts`` parts side by side, added up; its wall time."""
    started = time.perf_counter()
    futures: list[Future[Appraisal]] = [
        executor.submit(partial(appraise, seconds=seconds, precision=0, part=(i, parts)), v,
                        random.Random(seed)) for i in range(parts)]
    answers = [f.result() for f in futures]
    total = answers[0]
    for more in answers[1:]:
        total = added_up(v, total, more)
    return total, time.perf_counter() - started


def spread(a: Appraisal) -> float:
    """The median standard error of a loss (the moves other than the best)."""
    losses = [m.loss_stderr for m in a.moves if m.move not in a.best]
    return statistics.median(losses) if losses else 0.0


def on_dask(workers: int, job: Callable[[Executor], Any]) -> Any:
    """``job`` given the executor of a local cluster of ``workers`` one-thread worker
    processes, set as deploy/judges.sh sets its workers (no statistical profiler)."""
    os.environ.update(PROFILE_OFF)
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as local, Client(local) as client:
        return job(client.get_executor(pure=False))


def round_trip(executor: Executor, tasks: int) -> float:
    """Seconds a task takes through the scheduler and back, empty (its overhead)."""
    executor.submit(abs, 0).result()
    started = time.perf_counter()
    for f in [executor.submit(abs, -k) for k in range(tasks)]:
        f.result()
    return (time.perf_counter() - started) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--family", nargs="+", default=["gaple-5", "block-4"])
    parser.add_argument("--scale", type=int, nargs="+", default=[8, 32, 128])
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    t = args.seconds
    print("| family | where | workers | deals | deals/s | loss's s.e. | wall s |")
    print("|---|---|---|---|---|---|---|")
    for name in args.family:
        v = early(name, args.seed)
        one: tuple[float, float, float] | None = None  # deals/s, s.e., wall: one worker
        for n in args.workers:
            for where in ("dask", "local"):
                if where == "dask":
                    found, wall = on_dask(n, lambda ex, n=n, v=v: look(ex, v, n, t, args.seed))
                else:
                    with ProcessPoolExecutor(n) as pool:
                        pool.submit(abs, 0).result()  # started before the clock
                        found, wall = look(pool, v, n, t, args.seed)
                rate, se = found.deals / wall, spread(found)
                print(f"| {name} | {where} | {n} | {found.deals} | {rate:.0f} | {se:.4f} "
                      f"| {wall:.1f} |")
                if where == "dask" and n == 1:
                    one = (rate, se, wall)
        if one is not None:
            rate, se, wall = one
            for n in args.scale:
                print(f"| {name} | model | {n} | {n * rate * wall:.0f} | {n * rate:.0f} "
                      f"| {se / math.sqrt(n):.4f} | {wall:.1f} |")
    trip = on_dask(1, lambda ex: round_trip(ex, args.tasks))
    print(f"\nthe scheduler's round trip for an empty task: {trip * 1000:.1f} ms")


if __name__ == "__main__":
    main()
