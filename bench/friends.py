"""Play with friends: many tables at once on one replica, and how soon a move reaches the
other seat.

N tables of two-player Block are set in the store (SQLite in a temporary folder, or the
PostgreSQL database ``--database-url`` names), each with two people seated and started as
the page does (``progress.create_table``, ``take_seat``, ``start``).  Each seat is a thread
doing what its page does: every ``--poll`` seconds it asks for the table's version
(``progress.table_version``, as the page's fragment does) and, when the version changed,
reads the table and rebuilds its game (``progress.read_table``, ``logic.rebuild``: the
page's rerun).  When it is the seat's turn it waits a think time drawn between ``--think``'s
two bounds, like a person, then plays a random legal move through the page's logic
(``logic.person_move``) and writes it with the version check (``progress.play``), reading
the table again after it as the page's rerun does; a round over, a seat deals the next
(``logic.next_deal``, ``progress.deal``: the first writer wins).  The polls start at random
moments within the first second, as pages opened at different times.

For every move, the time from its write (the store's commit returned) to the moment the
other seat's poll saw the new version; per configuration, the median, p95 and the share seen
within a second, the store's transactions and statements a second (counted around
``ui.progress``'s connections), and the process's CPU share (one replica's Python process
does all of this work).  Prints one JSON line per configuration and a Markdown table at the
end.  Not a test: nothing is asserted.

    .venv/bin/python bench/friends.py [--tables 1 5 20 50] [--seconds 40] [--think 1.5 4]
                                      [--poll 1.0] [--database-url postgresql://...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest.mock import patch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import streamlit.logger

from engine.game.rules import block
from ui import progress
from ui.pages.friends import logic
from ui.progress import _table_records, _tables
from ui.progress._connect import connect

GOAL = 151  # Block's longest match: no table ends within a run


class Counted:
    """The store's use, counted around every connection ``ui.progress``'s tables open."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.transactions = 0
        self.statements = 0

    @contextmanager
    def connect(self, data_dir: str | Path | None = None) -> Iterator[Any]:
        with connect(data_dir) as conn:
            yield _Statements(conn, self)
        with self.lock:
            self.transactions += 1

    def snapshot(self) -> tuple[int, int]:
        with self.lock:
            return self.transactions, self.statements


class _Statements:
    def __init__(self, conn: Any, counted: Counted) -> None:
        self.conn, self.counted = conn, counted

    def execute(self, *args: Any) -> Any:
        with self.counted.lock:
            self.counted.statements += 1
        return self.conn.execute(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


@dataclass
class Run:
    """What every seat of one configuration shares."""

    where: str
    poll: float
    think: tuple[float, float]
    stop: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    written: dict[tuple[str, int], tuple[int, float]] = field(default_factory=dict)
    delays: list[float] = field(default_factory=list)
    moves: int = 0
    raced: int = 0
    errors: int = 0

    def wrote(self, table_id: str, version: int, seat: int, move: bool) -> None:
        with self.lock:
            self.written[(table_id, version)] = (seat if move else -1, time.monotonic())
            self.moves += move

    def saw(self, table_id: str, seat: int, versions: range, at: float) -> None:
        """The other seat's moves among ``versions`` are seen by ``seat`` at ``at``."""
        with self.lock:
            for version in versions:
                by, when = self.written.get((table_id, version), (-1, at))
                if by >= 0 and by != seat:
                    self.delays.append(at - when)


def set_table(number: int, seed: int, where: str) -> str:
    """A started two-player Block table, both seats taken as the page takes them."""
    setting = logic.Setting(block(2), seed, GOAL, False)
    made = progress.create_table(f"bench-{number}", logic.setting_params(setting),
                                 [progress.SeatPlan("person", "easy")] * 2, data_dir=where)
    assert made is not None
    for seat, token in made.seat_tokens.items():
        progress.take_seat(made.table_id, token, f"Seat {seat + 1}", f"learner-{number}-{seat}",
                           data_dir=where)
    progress.start(made.table_id, made.host_token, logic.first_deal(setting), fill=False,
                   data_dir=where)
    return made.table_id


def seat_loop(run: Run, table_id: str, seat: int, rng: random.Random) -> None:
    """One person's page at the table (see the module)."""
    seen, game, ready = 0, None, float("inf")
    next_poll = time.monotonic() + rng.random() * run.poll
    while True:
        wake = min(next_poll, ready)
        if wake > run.stop:
            return
        time.sleep(max(0.0, wake - time.monotonic()))
        try:
            if wake == next_poll:
                next_poll += run.poll
                version = progress.table_version(table_id, data_dir=run.where)
                if version is not None and version != seen:
                    run.saw(table_id, seat, range(seen + 1, version + 1), time.monotonic())
                    game, seen = _draw(run, table_id)
                    ready = _turn(run, game, seat, rng)
            else:
                ready = float("inf")
                if game is not None:
                    _move(run, game, seat, rng)
                    game, seen = _draw(run, table_id)
                    ready = _turn(run, game, seat, rng)
        except progress.ProgressError:
            run.errors += 1


def _draw(run: Run, table_id: str) -> tuple[logic.Game | None, int]:
    """The page's rerun: the table read and its game rebuilt."""
    record = progress.read_table(table_id, data_dir=run.where)
    return (None, 0) if record is None else (logic.rebuild(record), record.version)


def _turn(run: Run, game: logic.Game | None, seat: int, rng: random.Random) -> float:
    """When this seat acts next: after a think time when it is to move or the round is over
    (anyone deals the next), else never (until the table changes)."""
    if game is None or game.match.over or (not game.state.over and game.state.mover != seat):
        return float("inf")
    return time.monotonic() + rng.uniform(*run.think)


def _move(run: Run, game: logic.Game, seat: int, rng: random.Random) -> None:
    version = game.record.version
    if game.state.over:
        deal = logic.next_deal(game)
        if deal is not None and progress.deal(game.table_id, version, game.round_no + 1, deal,
                                              data_dir=run.where) is not None:
            run.wrote(game.table_id, version + 1, seat, False)
        return
    token, refused = logic.person_move(game, seat, rng.choice(game.state.legal_moves()))
    if token is None or refused is not None:
        return
    if progress.play(game.table_id, version, game.round_no, game.ply, seat, token,
                     data_dir=run.where) is None:
        run.raced += 1
    else:
        run.wrote(game.table_id, version + 1, seat, True)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def measure(tables: int, args: argparse.Namespace, counted: Counted) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="friends-bench-") as folder:
        where = args.database_url or folder
        ids = [set_table(n, args.seed + n, where) for n in range(tables)]
        run = Run(where, args.poll, (args.think[0], args.think[1]),
                  time.monotonic() + args.seconds)
        rng = random.Random(args.seed)
        threads = [threading.Thread(target=seat_loop, args=(run, table_id, seat,
                                                            random.Random(rng.random())))
                   for table_id in ids for seat in (0, 1)]
        load = os.getloadavg()[0]
        before, cpu, wall = counted.snapshot(), time.process_time(), time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after, cpu, wall = (counted.snapshot(), time.process_time() - cpu,
                            time.monotonic() - wall)
        for table_id in ids:
            progress.end_table(table_id, "closed", data_dir=where)
    delays = run.delays
    return {
        "tables": tables, "store": "postgresql" if args.database_url else "sqlite",
        "seconds": round(wall, 1), "moves": run.moves, "seen": len(delays),
        "median_ms": round(1000 * statistics.median(delays)) if delays else None,
        "p95_ms": round(1000 * p95(delays)) if delays else None,
        "max_ms": round(1000 * max(delays)) if delays else None,
        "within_1s": round(sum(d <= 1.0 for d in delays) / len(delays), 3) if delays else None,
        "transactions_per_s": round((after[0] - before[0]) / wall, 1),
        "statements_per_s": round((after[1] - before[1]) / wall, 1),
        "cpu_share": round(cpu / wall, 2), "raced": run.raced, "errors": run.errors,
        "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 5, 20, 50])
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--think", type=float, nargs=2, default=[1.5, 4.0])
    parser.add_argument("--poll", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    # The page's language is looked up outside a Streamlit session here: no warning a lookup.
    streamlit.logger.set_log_level("error")
    counted = Counted()
    rows = []
    with patch.object(_tables, "connect", counted.connect), \
            patch.object(_table_records, "connect", counted.connect):
        for tables in args.tables:
            row = measure(tables, args, counted)
            print(json.dumps(row), flush=True)
            rows.append(row)
    print("\n| tables | moves | median | p95 | seen within 1 s | store transactions/s "
          "| statements/s | CPU (one core = 1) |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['tables']} | {r['moves']} | {r['median_ms']} ms | {r['p95_ms']} ms "
              f"| {100 * (r['within_1s'] or 0):.1f}% | {r['transactions_per_s']} "
              f"| {r['statements_per_s']} | {r['cpu_share']} |")


if __name__ == "__main__":
    main()
