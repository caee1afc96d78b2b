"""Many learners at once: click latency and throughput for N simulated learners, with one
replica of the site and with two behind nginx.

Each learner is its own headless Chromium page (its own browser context, so its own
Streamlit session and learner id) in one Chromium.  Even-numbered learners go round the
Learn cycle of bench/ui_latency.py (a refused tile, "Try again", the right tile, "Do this
step again"); odd-numbered ones play a seeded Try it round move by move and undo it.  Every
learner clicks as fast as the site answers (the next click once the rerun finished), for a
fixed time after all pages are open.  A click's time is measured in the page as in
bench/ui_latency.py: click → the expected text painted.

Progress is in a throwaway PostgreSQL cluster (tests/pg_support.py) for every configuration,
so the two are compared on the same store.  Prints one JSON line per (replicas, learners)
and a Markdown table at the end.  Not a test: nothing is asserted.

    python bench/load.py [--seconds 30] [--learners 10 20 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from live_site import CHROMIUM, CHROMIUM_ARGS, chromium_found
from pg_support import cluster
from playwright.async_api import Page, async_playwright
from serving_support import nginx, replicas
from ui.try_it import new_deal
from ui_latency import (
    IDLE,
    LEARN_URL,
    LOG,
    MEASURE_JS,
    NO_MATCH,
    RIGHT,
    TRY_RULES,
    TRY_SEED,
    button,
    p95,
    round_moves,
    tile,
)

TIMEOUT = 60_000  # ms


class Learner:
    def __init__(self, page: Page, stop_at: list[float], samples: list[float]) -> None:
        self.page, self.stop_at, self.samples = page, stop_at, samples
        self.errors = 0

    async def click(self, selector: str, want: str, *, gone: bool = False) -> None:
        if time.monotonic() > self.stop_at[0]:
            raise TimeoutError  # the run is over
        target = self.page.locator(selector)
        await target.wait_for(state="visible", timeout=TIMEOUT)
        handle = await target.element_handle(timeout=TIMEOUT)
        result: dict[str, Any] = await handle.evaluate(MEASURE_JS, [want, gone, TIMEOUT])
        if result.get("ok"):
            if time.monotonic() <= self.stop_at[0]:
                self.samples.append(float(result["paint"]))
        else:
            self.errors += 1
        await self.page.locator(IDLE).wait_for(state="attached", timeout=TIMEOUT)


async def learn(who: Learner, base: str, ready: asyncio.Event) -> None:
    page = who.page
    await page.goto(base + LEARN_URL, timeout=TIMEOUT)
    await page.get_by_text("Play [1|1] where it fits.").wait_for(timeout=TIMEOUT)
    await page.locator(IDLE).wait_for(state="attached", timeout=TIMEOUT)
    ready.set()
    while True:
        await who.click(tile("3-5"), NO_MATCH)
        await who.click(button("Try again"), NO_MATCH, gone=True)
        await who.click(tile("1-1"), RIGHT)
        await who.click(button("Do this step again"), RIGHT, gone=True)


async def try_it(who: Learner, base: str, ready: asyncio.Event) -> None:
    page = who.page
    moves = round_moves(new_deal(TRY_RULES, TRY_SEED).state)
    await page.goto(f"{base}/try_it?rules=block&players={TRY_RULES.players}&seed={TRY_SEED}",
                    timeout=TIMEOUT)
    await page.get_by_text(LOG.format(n=0)).wait_for(timeout=TIMEOUT)
    await page.locator(IDLE).wait_for(state="attached", timeout=TIMEOUT)
    ready.set()
    while True:
        for n, move in enumerate(moves, start=1):
            want = LOG.format(n=n)
            if move[0] == "pass":
                await who.click('.controls button[data-control="pass"]', want)
            elif len(move) == 2:
                await who.click(tile(move[1]), want)
            else:
                await page.locator(tile(move[1])).click()
                await who.click(f'.v-wide [data-end="{move[2]}"]', want)
        for n in range(len(moves) - 1, -1, -1):
            await who.click(button("Undo"), LOG.format(n=n))


async def run(base: str, learners: int, seconds: float) -> dict[str, Any]:
    samples: list[float] = []
    stop_at = [float("inf")]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            tasks, events, people = [], [], []
            for i in range(learners):
                context = await browser.new_context(viewport={"width": 1280, "height": 900})
                who = Learner(await context.new_page(), stop_at, samples)
                ready = asyncio.Event()
                people.append(who)
                events.append(ready)
                tasks.append(asyncio.create_task((learn if i % 2 == 0 else try_it)(
                    who, base, ready)))
            opened = time.monotonic()
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), 300)
            open_s = time.monotonic() - opened
            samples.clear()
            start = time.monotonic()
            stop_at[0] = start + seconds
            done = await asyncio.gather(*tasks, return_exceptions=True)
            failed = [d for d in done if not isinstance(d, TimeoutError)]
        finally:
            await browser.close()
    return {"learners": learners, "clicks": len(samples),
            "median_ms": round(statistics.median(samples), 1) if samples else None,
            "p95_ms": round(p95(samples), 1) if samples else None,
            "clicks_per_s": round(len(samples) / seconds, 1),
            "seconds": seconds, "pages_open_s": round(open_s, 1),
            "failed_learners": len(failed), "missed_clicks": sum(p.errors for p in people),
            "first_failure": repr(failed[0])[:200] if failed else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="clicking time per configuration (default 30)")
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--replicas", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    if not chromium_found():
        raise SystemExit(f"Chromium not found at {CHROMIUM} (run `make chromium`)")
    rows = []
    with cluster() as url, tempfile.TemporaryDirectory(prefix="load-") as tmp:
        for n_replicas in args.replicas:
            folder = Path(tmp) / f"r{n_replicas}"
            with replicas(n_replicas, folder, url) as running:
                if n_replicas == 1:
                    rows += measure(running[0].url, n_replicas, args)
                else:
                    with nginx(folder / "nginx", [r.port for r in running]) as proxy:
                        rows += measure(proxy, n_replicas, args)
    print("\n| replicas | learners | clicks/s | median ms | p95 ms |")
    print("|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['replicas']} | {r['learners']} | {r['clicks_per_s']} | {r['median_ms']} "
              f"| {r['p95_ms']} |")
    print(f"\n{os.cpu_count()} CPUs; load average (1 min) at the end: "
          f"{os.getloadavg()[0]:.2f}")
    return 0


def measure(base: str, n_replicas: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    for learners in args.learners:
        try:
            row = {"replicas": n_replicas, **asyncio.run(run(base, learners, args.seconds))}
        except (TimeoutError, OSError, RuntimeError) as e:  # e.g. pages that never opened
            row = {"replicas": n_replicas, "learners": learners, "clicks_per_s": None,
                   "median_ms": None, "p95_ms": None, "error": repr(e)[:200]}
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


if __name__ == "__main__":
    sys.exit(main())
