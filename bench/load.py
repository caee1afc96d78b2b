"""Many learners at once: click latency and throughput for N simulated learners, with one
replica of the site and with two behind nginx.

Each learner is its own headless Chromium page with its own browser context (its own
cookies, so its own Streamlit session, replica and learner id), all in one Chromium.
Even-numbered learners go round the Learn cycle of bench/ui_latency.py (a refused tile,
"Try again", the right tile, "Do this step again"); odd-numbered ones play a seeded Try it
round move by move and undo it.

A configuration runs in three phases:

1. **Opening**, not counted: the pages are opened one after the other, each only once the
   one before is ready (its text shown, its script run finished, and its own warm-up
   clicks done: one Learn cycle, or Try it up to the first pass and back, since a page's
   first clicks are slower), while the open pages wait idle — so opening 40 pages is 40
   single page loads, not 40 at once fighting for the CPU with learners already clicking.
2. **Warm-up** (``--warmup`` seconds, default 10): every learner clicks; nothing counted.
3. **Measurement** (``--seconds``, default 20): every learner clicks as fast as the site
   answers (the next click once the rerun finished); a click counts if it ends inside the
   window.  A click's time is measured in the page as in bench/ui_latency.py: click → the
   expected text painted.  The CPU seconds used in the window are read from /proc: the
   site's (replicas, PostgreSQL, nginx), the simulated learners' (Chromium, Playwright),
   and the whole machine's (the rest is other work sharing it).

Per page, what the learners do not need is cut: images and fonts are not fetched, motion is
reduced, Chromium's background throttling is off (every page is a foreground page).

Progress is in a throwaway PostgreSQL cluster (tests/ui/progress/pg_support.py) for every configuration,
so the two are compared on the same store.  Prints one JSON line per (replicas, learners),
with the load average before and after, and a Markdown table at the end.  Not a test:
nothing is asserted.

    python bench/load.py [--seconds 20] [--warmup 10] [--learners 10 20 40] [--replicas 1 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
for _support in ("browser", "deploy", "ui/progress"):  # live_site, serving_support, pg_support
    sys.path.insert(0, str(ROOT / "tests" / _support))
sys.path.insert(0, str(ROOT / "bench"))

from live_site import CHROMIUM, CHROMIUM_ARGS, chromium_found
from pg_support import cluster
from playwright.async_api import Browser, BrowserContext, Page, Route, async_playwright
from serving_support import nginx, replicas
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

from ui.pages.try_it.logic import new_deal

TIMEOUT = 60_000  # ms, for one click's answer
OPEN_TIMEOUT = 120.0  # seconds for one page to open and be ready
LOAD_ARGS = [
    *CHROMIUM_ARGS,
    # Every page is a foreground page: no timer or renderer throttling of the others.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--disable-extensions",
    "--mute-audio",
]
# Not fetched: what the clicks do not need (the icon font, pictures).
BLOCKED = re.compile(r"\.(woff2?|ttf|otf|png|jpe?g|gif|webp|svg|ico)(\?.*)?$")

# The click as MEASURE_JS times it, then, still in the page, the wait until the rerun has
# finished: one round trip to the page per click.
CLICK_JS = f"""
async (el, args) => {{
  const result = await ({MEASURE_JS})(el, args);
  const idle = () => document.querySelector('{IDLE}') !== null;
  if (!idle()) {{
    await new Promise((resolve) => {{
      const obs = new MutationObserver(() => {{ if (idle()) {{ obs.disconnect(); resolve(); }} }});
      obs.observe(document, {{subtree: true, attributes: true, childList: true}});
      setTimeout(() => {{ obs.disconnect(); resolve(); }}, args[2]);
    }});
  }}
  return result;
}}
"""


class Window:
    """The measurement window, shared by every learner: clicks ending inside it count."""

    def __init__(self) -> None:
        self.start = float("inf")
        self.stop = float("inf")

    def counts(self, at: float) -> bool:
        return self.start <= at <= self.stop

    def over(self, at: float) -> bool:
        return at > self.stop


class Learner:
    def __init__(self, page: Page, window: Window, samples: list[float]) -> None:
        self.page, self.window, self.samples = page, window, samples
        self.errors = 0

    async def click(self, selector: str, want: str, *, gone: bool = False) -> None:
        if self.window.over(time.monotonic()):
            raise TimeoutError  # the run is over
        handle = await self.page.locator(selector).element_handle(timeout=TIMEOUT)
        result: dict[str, Any] = await handle.evaluate(CLICK_JS, [want, gone, TIMEOUT])
        if not result.get("ok"):
            self.errors += 1
        elif self.window.counts(time.monotonic()):
            self.samples.append(float(result["paint"]))


async def open_learn(page: Page, base: str) -> None:
    await page.goto(base + LEARN_URL, timeout=OPEN_TIMEOUT * 1000)
    await page.get_by_text("Play [1|1] where it fits.").wait_for(timeout=OPEN_TIMEOUT * 1000)
    await page.locator(IDLE).wait_for(state="attached", timeout=OPEN_TIMEOUT * 1000)


async def learn(who: Learner, cycles: float = float("inf")) -> None:
    done = 0
    while done < cycles:
        await who.click(tile("3-5"), NO_MATCH)
        await who.click(button("Try again"), NO_MATCH, gone=True)
        await who.click(tile("1-1"), RIGHT)
        await who.click(button("Do this step again"), RIGHT, gone=True)
        done += 1


TRY_URL = f"/try_it?rules=block&players={TRY_RULES.players}&seed={TRY_SEED}"


def warm_up_moves(moves: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The start of the round up to its first pass: every kind of click Try it times."""
    kinds = {m[0] if len(m) != 3 else "end" for m in moves}
    for n in range(1, len(moves) + 1):
        if {m[0] if len(m) != 3 else "end" for m in moves[:n]} == kinds:
            return moves[:n]
    return moves


def try_moves() -> list[tuple[str, ...]]:
    """The Try it round's clicks (outside `streamlit run`, without its bare-mode warnings)."""
    logging.disable(logging.WARNING)
    try:
        return round_moves(new_deal(TRY_RULES, TRY_SEED).state)
    finally:
        logging.disable(logging.NOTSET)


async def open_try_it(page: Page, base: str) -> None:
    await page.goto(base + TRY_URL, timeout=OPEN_TIMEOUT * 1000)
    await page.get_by_text(LOG.format(n=0)).wait_for(timeout=OPEN_TIMEOUT * 1000)
    await page.locator(IDLE).wait_for(state="attached", timeout=OPEN_TIMEOUT * 1000)


async def try_it(who: Learner, moves: list[tuple[str, ...]],
                 cycles: float = float("inf")) -> None:
    """Play ``moves`` and undo them, ``cycles`` times."""
    done = 0
    while done < cycles:
        done += 1
        for n, move in enumerate(moves, start=1):
            want = LOG.format(n=n)
            if move[0] == "pass":
                await who.click('.controls button[data-control="pass"]', want)
            elif len(move) == 2:
                await who.click(tile(move[1]), want)
            else:  # choose the tile (not timed: nothing is sent), then the marked end
                await who.page.locator(tile(move[1])).click(timeout=TIMEOUT)
                await who.click(f'.v-wide [data-end="{move[2]}"]', want)
        for n in range(len(moves) - 1, -1, -1):
            await who.click(button("Undo"), LOG.format(n=n))


async def _blocked(route: Route) -> None:
    await route.abort()


async def new_learner_page(browser: Browser) -> tuple[BrowserContext, Page]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900},
                                        reduced_motion="reduce", service_workers="block")
    await context.route(BLOCKED, _blocked)
    return context, await context.new_page()


async def run(base: str, learners: int, seconds: float, warmup: float,
              keys: list[str] | None = None, server_ports: tuple[int, ...] = ()
              ) -> dict[str, Any]:
    samples: list[float] = []
    window = Window()
    open_times: list[float] = []
    row: dict[str, Any] = {"learners": learners}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=LOAD_ARGS)
        try:
            people = []
            moves = try_moves()
            warm = warm_up_moves(moves)
            opened = time.monotonic()
            # One page at a time, each ready (and through its warm-up clicks: the first
            # clicks of a page are slower) before the next; the open ones wait idle.
            for i in range(learners):
                context, page = await new_learner_page(browser)
                if keys:  # its replica, chosen by its affinity cookie (see replica_keys)
                    await context.add_cookies([{"name": "domino_replica", "value": keys[i],
                                                "url": base}])
                t = time.monotonic()
                who = Learner(page, window, samples)
                try:
                    await (open_learn if i % 2 == 0 else open_try_it)(page, base)
                    open_times.append(time.monotonic() - t)
                    await (learn(who, 1) if i % 2 == 0 else try_it(who, warm, 1))
                except Exception as e:  # noqa: BLE001 - reported as a row, not a crash
                    row.update(opened=i, pages_open_s=round(time.monotonic() - opened, 1),
                               page_open_s=_spread(open_times),
                               load_1m=round(os.getloadavg()[0], 2),
                               error=f"page {i + 1} of {learners} did not open and warm up "
                                     f"in time: {repr(e)[:160]}")
                    return row
                people.append(who)
            row.update(opened=learners, pages_open_s=round(time.monotonic() - opened, 1),
                       page_open_s=_spread(open_times))
            go = time.monotonic()
            window.start, window.stop = go + warmup, go + warmup + seconds
            tasks = [asyncio.create_task(learn(who) if i % 2 == 0 else try_it(who, moves))
                     for i, who in enumerate(people)]
            await asyncio.sleep(max(0.0, window.start - time.monotonic()))
            load_before, cpu_before = os.getloadavg()[0], cpu_seconds(server_ports)
            await asyncio.sleep(max(0.0, window.stop - time.monotonic()))
            load_after, cpu_after = os.getloadavg()[0], cpu_seconds(server_ports)
            done = await asyncio.gather(*tasks, return_exceptions=True)
            failed = [d for d in done if not isinstance(d, TimeoutError)]
        finally:
            await browser.close()
    row.update(clicks=len(samples),
               median_ms=round(statistics.median(samples), 1) if samples else None,
               p95_ms=round(p95(samples), 1) if samples else None,
               clicks_per_s=round(len(samples) / seconds, 1),
               seconds=seconds, warmup_s=warmup,
               load_1m={"before": round(load_before, 2), "after": round(load_after, 2)},
               cpu_s={k: round(cpu_after[k] - cpu_before[k], 1) for k in cpu_after},
               failed_learners=len(failed), missed_clicks=sum(p.errors for p in people),
               first_failure=repr(failed[0])[:200] if failed else None)
    return row


def _proc_stats() -> dict[int, tuple[int, float, str]]:
    """Every process: its parent, its CPU seconds so far, its command line."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = (Path("/proc") / entry / "stat").read_text()
            cmd = (Path("/proc") / entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue  # gone meanwhile
        fields = stat.rpartition(")")[2].split()
        out[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick,
                           cmd.decode(errors="replace"))
    return out


def cpu_seconds(server_ports: tuple[int, ...]) -> dict[str, float]:
    """CPU seconds used so far: by the site (the replicas on ``server_ports``, PostgreSQL,
    nginx); by the simulated learners (this script, Playwright's driver, Chromium: every
    other process below this one); by the whole machine (from /proc/stat: the rest is other
    people's work)."""
    procs = _proc_stats()
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in procs.items():
        children.setdefault(ppid, []).append(pid)

    def below(roots: list[int]) -> set[int]:
        found, todo = set(), list(roots)
        while todo:
            pid = todo.pop()
            found.add(pid)
            todo += children.get(pid, [])
        return found

    mine = below([os.getpid()])
    # The site: its replicas (children of this script), PostgreSQL and nginx (daemons).
    marks = [f"--server.port {p} " for p in server_ports] + ["domino-pg-", "/nginx.conf"]
    site_pids = below([p for p, (_, _, cmd) in procs.items() if any(m in cmd for m in marks)])
    site = sum(procs[p][1] for p in site_pids)
    learners = sum(procs[p][1] for p in mine - site_pids)
    with open("/proc/stat") as f:
        jiffies = [int(x) for x in f.readline().split()[1:]]
    busy = (sum(jiffies) - jiffies[3] - jiffies[4]) / os.sysconf("SC_CLK_TCK")
    return {"site": site, "learners": learners, "machine": busy}


def _spread(values: list[float]) -> dict[str, float] | None:
    """Median and largest of ``values`` (seconds), rounded."""
    if not values:
        return None
    return {"median": round(statistics.median(values), 2), "max": round(max(values), 2)}


def replica_keys(proxy: str, access_log: Path, count: int) -> list[str]:
    """``count`` values of nginx's affinity cookie, taking the replicas in turn.

    nginx hashes a new browser's random key onto a replica, so a handful of learners can
    fall 8 to 2 on two replicas; a few hundred spread evenly.  To measure the even spread
    with 10–40 learners, each learner's key is chosen so that they alternate: a fresh key
    is tried with one request, and nginx's log says which replica answered it."""
    keys: dict[str, list[str]] = {}
    for _ in range(count * 20):
        key = secrets.token_hex(16)
        request = urllib.request.Request(f"{proxy}/_stcore/health",
                                         headers={"Cookie": f"domino_replica={key}"})
        with urllib.request.urlopen(request, timeout=10) as resp:
            resp.read()
        time.sleep(0.02)  # the log line is written once the request is done
        upstream = access_log.read_text().splitlines()[-1].rpartition("upstream=")[2].strip()
        keys.setdefault(upstream, []).append(key)
        ordered = sorted(keys.values(), key=len, reverse=True)
        if len(keys) > 1 and all(len(k) >= count for k in ordered[:2]):
            break
    per = [keys[u] for u in sorted(keys)]
    return [per[i % len(per)][i // len(per)] for i in range(count)]


def browsers_per_replica(access_log: Path) -> dict[str, int]:
    """How many page WebSockets (one per learner page) each replica served, from nginx's log."""
    counts: Counter[str] = Counter()
    if access_log.exists():
        for line in access_log.read_text().splitlines():
            if "/_stcore/stream" in line:
                counts[line.rpartition("upstream=")[2].split(",")[-1].strip()] += 1
    return dict(sorted(counts.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="counted clicking time per configuration (default 20)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="clicking by all learners before the count starts (default 10)")
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--replicas", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    if not chromium_found():
        raise SystemExit(f"Chromium not found at {CHROMIUM} (run `make chromium`)")
    rows = []
    print(json.dumps({"cpus": os.cpu_count(), "load_1m_5m_15m_at_start":
                      [round(x, 2) for x in os.getloadavg()]}), flush=True)
    with cluster() as url, tempfile.TemporaryDirectory(prefix="load-") as tmp:
        for n_replicas in args.replicas:
            folder = Path(tmp) / f"r{n_replicas}"
            with replicas(n_replicas, folder, url) as running:
                if n_replicas == 1:
                    rows += measure(running[0].url, n_replicas, args, None, (running[0].port,))
                else:
                    prefix = folder / "nginx"
                    with nginx(prefix, [r.port for r in running]) as proxy:
                        rows += measure(proxy, n_replicas, args, prefix / "access.log",
                                        tuple(r.port for r in running))
    print("\n| replicas | learners | clicks/s | median ms | p95 ms | site CPU ms/click "
          "| browsers CPU ms/click | other work's share of the CPU | load (1 min) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        if r.get("error"):
            print(f"| {r['replicas']} | {r['learners']} | — | — | — | — | — | — "
                  f"| {r['error']} |")
            continue
        load, cpu, clicks = r["load_1m"], r["cpu_s"], max(1, r["clicks"])
        others = max(0.0, cpu["machine"] - cpu["site"] - cpu["learners"])
        share = others / (r["seconds"] * (os.cpu_count() or 1))
        print(f"| {r['replicas']} | {r['learners']} | {r['clicks_per_s']} "
              f"| {r['median_ms']} | {r['p95_ms']} | {1000 * cpu['site'] / clicks:.0f} "
              f"| {1000 * cpu['learners'] / clicks:.0f} | {share:.0%} "
              f"| {load['before']} → {load['after']} |")
    print(f"\n{os.cpu_count()} CPUs; load average (1, 5, 15 min) at the end: "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


def measure(base: str, n_replicas: int, args: argparse.Namespace, access_log: Path | None,
            server_ports: tuple[int, ...]) -> list[dict[str, Any]]:
    rows = []
    for learners in args.learners:
        before = Counter(browsers_per_replica(access_log)) if access_log else Counter()
        try:
            keys = replica_keys(base, access_log, learners) if access_log else None
            result = asyncio.run(run(base, learners, args.seconds, args.warmup, keys,
                                     server_ports))
        except (TimeoutError, OSError, RuntimeError) as e:
            result = {"learners": learners, "error": repr(e)[:200]}
        row: dict[str, Any] = {"replicas": n_replicas, **result}
        if access_log:
            after = Counter(browsers_per_replica(access_log))
            row["pages_per_replica"] = dict(after - before)
        print(json.dumps(row, ensure_ascii=False), flush=True)
        rows.append(row)
    return rows


if __name__ == "__main__":
    sys.exit(main())
