"""Click → updated page in a real browser, on Learn and on Try it.

Starts its own Streamlit server (a free loopback port, DOMINO_DATA_DIR in a temporary
folder), opens Debian's Chromium through Playwright and clicks, one click at a time:

- **Learn** (Matching ends, step 1): a refused tile ([3|5]: its refusal appears), "Try
  again" (the refusal goes), the right tile ([1|1]: "Right — …" appears), "Do this step
  again" (it goes) — over and over;
- **Try it** (a seeded two-player Block round): each move of the round on the table (the
  move log's count goes up), then "Undo" back to the start (it goes down) — over and over.
  A tile that fits two ends showing different values takes two clicks (tile, then marked
  end); only the second, which sends the move, is timed.

How it is timed: inside the page.  One ``evaluate`` reads ``performance.now()``, dispatches
the click on the element (a tile or marker in the board's shadow root, or a Streamlit
button), and a MutationObserver on the document checks after every DOM change whether the
expected new text is there (or the old one gone); the time is taken at the next animation
frame after that (the frame that paints it).  So the figure is click → new text painted,
with no Playwright round trip in it; the time the evaluate took as seen from Python is
printed beside it (``wall_*``).  Between clicks the script waits for the rerun to finish
(``data-test-script-state="notRunning"``), so clicks never overlap.  A first warm-up cycle
on each page is not counted.

Prints one JSON line per page (count, median, p95 — nearest rank — min, max, in ms) and
a summary line with the targets (median < 150 ms, p95 < 300 ms) and the machine's load.

    python bench/ui_latency.py [--clicks 40]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # live_site: the server and browser the tests use

from live_site import CHROMIUM, CHROMIUM_ARGS, ServerDidNotStart, chromium_found, streamlit_server
from playwright.sync_api import Page, expect, sync_playwright

from engine.rules import block
from engine.state import State
from ui.pages.try_it import new_deal
from ui.widgets.board import fallback_moves

IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
TARGET_MEDIAN_MS, TARGET_P95_MS = 150.0, 300.0
METHOD = ("in-page: performance.now() just before dispatching the click, MutationObserver "
          "until the expected text is in (or out of) the DOM, then the next animation frame")

LEARN_URL = "/learn?lesson=matching-ends&step=first-match"
NO_MATCH = "[3|5] shows 3 and 5; the open ends show 1 and 4: no match."
RIGHT = "Right — 1 matches 1."
TRY_RULES, TRY_SEED = block(2), 20250
LOG = "Moves so far ({n})"

# Timestamps of the page's websocket traffic, to split a click's time into its parts.
WS_SPY_JS = """
(() => {
  const spy = window.__wsSpy = {sent: [], recv: []};
  const Orig = window.WebSocket;
  const send = Orig.prototype.send;
  Orig.prototype.send = function (data) { spy.sent.push(performance.now());
                                          return send.call(this, data); };
  window.WebSocket = new Proxy(Orig, {construct(target, args) {
    const ws = new target(...args);
    ws.addEventListener("message", () => spy.recv.push(performance.now()));
    return ws;
  }});
})();
"""

# Resolves with {ok, dom, paint, send, reply} in ms after the click (send: the rerun request
# left; reply: the first message back from the server after it); `want` is a text that must appear
# (gone=false) or disappear (gone=true) in the main area's text.
MEASURE_JS = """
async (el, [want, gone, timeout]) => {
  const main = document.querySelector('[data-testid="stMain"]');
  const met = () => main.textContent.includes(want) !== gone;
  if (met()) return {ok: false, error: "already met before the click"};
  return await new Promise((resolve) => {
    let done = false;
    let t0 = 0;
    const obs = new MutationObserver(() => {
      if (done || !met()) return;
      done = true;
      const dom = performance.now() - t0;
      obs.disconnect();
      const spy = window.__wsSpy || {sent: [], recv: []};
      const sent = spy.sent.find((t) => t >= t0);
      const reply = sent === undefined ? undefined : spy.recv.find((t) => t >= sent);
      const carried = spy.recv.filter((t) => t >= t0 && t <= t0 + dom).pop();
      requestAnimationFrame(() => resolve({
        ok: true, dom, paint: performance.now() - t0,
        send: sent === undefined ? null : sent - t0,
        reply: reply === undefined ? null : reply - t0,
        carried: carried === undefined ? null : carried - t0}));
    });
    obs.observe(document, {subtree: true, childList: true, characterData: true,
                           attributes: true});
    setTimeout(() => { if (!done) { done = true; obs.disconnect();
                                    resolve({ok: false, error: "timeout"}); } }, timeout);
    t0 = performance.now();
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true,
                                               composed: true, view: window}));
  });
}
"""


@contextmanager
def server() -> Iterator[str]:
    """`streamlit run app.py` on a free port with a temporary data folder; yields its URL."""
    with tempfile.TemporaryDirectory(prefix="ui-latency-") as tmp, \
            streamlit_server(Path(tmp) / "data", Path(tmp) / "streamlit.log") as url:
        yield url


class Clicker:
    """Timed clicks on one page; keeps the samples."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.paint: list[float] = []
        self.dom: list[float] = []
        self.wall: list[float] = []
        self.actions: dict[str, list[float]] = {}
        self.parts: dict[str, list[float]] = {"send": [], "reply": [], "carried": [],
                                              "dom": []}
        self.counting = True

    def settle(self) -> None:
        expect(self.page.locator(IDLE)).to_be_attached(timeout=30_000)

    def click(self, action: str, selector: str, want: str, *, gone: bool = False) -> None:
        """Click ``selector`` (a CSS selector, or ``role=button[name="…"]``) and wait until
        ``want`` is in the main area's text (``gone``: until it is not)."""
        target = self.page.locator(selector)
        expect(target).to_be_enabled(timeout=30_000)
        handle = target.element_handle()
        start = time.perf_counter()
        result: dict[str, Any] = handle.evaluate(MEASURE_JS, [want, gone, 30_000])
        wall = (time.perf_counter() - start) * 1000
        if not result.get("ok"):
            raise SystemExit(f"click on {selector} waiting for {want!r} (gone={gone}): "
                             f"{result.get('error')}")
        if self.counting:
            self.paint.append(float(result["paint"]))
            self.dom.append(float(result["dom"]))
            self.wall.append(wall)
            self.actions.setdefault(action, []).append(float(result["paint"]))
            if None not in (result.get("send"), result.get("reply"), result.get("carried")):
                for part in self.parts:
                    self.parts[part].append(float(result[part]))
        self.settle()

    def repeat(self, cycle: Callable[[], None], clicks: int) -> None:
        """One warm-up ``cycle``, not counted; then cycles until ``clicks`` are timed."""
        self.counting = False
        cycle()
        self.counting = True
        while len(self.paint) < clicks:
            cycle()


def tile(name: str) -> str:
    return f'button.tile[data-tile="{name}"]'


def button(name: str) -> str:
    return f'role=button[name="{name}"s]'


def bench_learn(page: Page, base: str, clicks: int) -> Clicker:
    c = Clicker(page)
    page.goto(base + LEARN_URL)
    expect(page.get_by_text("Play [1|1] where it fits.")).to_be_visible(timeout=30_000)
    c.settle()

    def cycle() -> None:
        c.click("refused tile", tile("3-5"), NO_MATCH)
        c.click("Try again", button("Try again"), NO_MATCH, gone=True)
        c.click("right tile", tile("1-1"), RIGHT)
        c.click("Do this step again", button("Do this step again"), RIGHT, gone=True)

    c.repeat(cycle, clicks)
    return c


def round_moves(state: State) -> list[tuple[str, ...]]:
    """The clicks of a whole round, one tuple per move: the engine's first legal move each
    time, preferring one-click tiles ("tile", "1-4"), else ("tile", "1-4", "left"), or
    ("pass",)."""
    out: list[tuple[str, ...]] = []
    while not state.over:
        options = []
        for suffix, move in fallback_moves(state):
            resolved = state.resolve(move)
            if state.why_illegal(resolved) is None:
                parts = suffix.split(".")
                options.append((len(parts), parts, resolved))
        # one-click plays first, then two-click plays, then pass
        options.sort(key=lambda o: (o[1][0] != "play", o[0]))
        _, parts, resolved = options[0]
        out.append(("pass",) if parts[0] == "pass" else ("tile", *parts[1:]))
        state.push(resolved)
    return out


def bench_try_it(page: Page, base: str, clicks: int) -> Clicker:
    c = Clicker(page)
    game = new_deal(TRY_RULES, TRY_SEED)
    moves = round_moves(game.state)
    page.goto(f"{base}/try_it?rules=block&players={TRY_RULES.players}&seed={TRY_SEED}")
    expect(page.get_by_text(LOG.format(n=0))).to_be_visible(timeout=30_000)
    c.settle()

    def cycle() -> None:
        for n, move in enumerate(moves, start=1):
            want = LOG.format(n=n)
            if move[0] == "pass":
                c.click("pass", '.controls button[data-control="pass"]', want)
            elif len(move) == 2:
                c.click("tile", tile(move[1]), want)
            else:  # choose the tile (not timed: nothing is sent), then the marked end
                page.locator(tile(move[1])).click()
                c.click("marked end", f'.v-wide [data-end="{move[2]}"]', want)
        for n in range(len(moves) - 1, -1, -1):
            c.click("Undo", button("Undo"), LOG.format(n=n))

    c.repeat(cycle, clicks)
    return c


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def parts(c: Clicker) -> dict[str, float] | None:
    """Medians of the click's parts, each from the click: the rerun request leaves; the
    server's first answer; the last message before the new text appeared (the one that
    carried it); the new text in the DOM."""
    if not c.parts["send"]:
        return None
    return {"click_to_request": round(statistics.median(c.parts["send"]), 1),
            "click_to_first_reply": round(statistics.median(c.parts["reply"]), 1),
            "click_to_message_with_text": round(statistics.median(c.parts["carried"]), 1),
            "click_to_text_in_dom": round(statistics.median(c.parts["dom"]), 1)}


def figures(name: str, c: Clicker) -> dict[str, Any]:
    return {
        "page": name,
        "clicks": len(c.paint),
        "median_ms": round(statistics.median(c.paint), 1),
        "p95_ms": round(p95(c.paint), 1),
        "min_ms": round(min(c.paint), 1),
        "max_ms": round(max(c.paint), 1),
        "dom_median_ms": round(statistics.median(c.dom), 1),
        "wall_median_ms": round(statistics.median(c.wall), 1),
        "wall_p95_ms": round(p95(c.wall), 1),
        "parts_median_ms": parts(c),
        "by_action": {k: {"clicks": len(v), "median_ms": round(statistics.median(v), 1)}
                      for k, v in c.actions.items()},
        "method": METHOD,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40,
                        help="timed clicks per page, at least (default 40; 30 is the minimum)")
    args = parser.parse_args()
    clicks = max(30, args.clicks)
    if not chromium_found():
        raise SystemExit(f"Chromium not found at {CHROMIUM} (run `make chromium`)")
    results = []
    load_before = round(os.getloadavg()[0], 2)
    with server() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name, run in (("learn", bench_learn), ("try_it", bench_try_it)):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.add_init_script(WS_SPY_JS)
                try:
                    row = figures(name, run(context.new_page(), base, clicks))
                finally:
                    context.close()
                results.append(row)
                print(json.dumps(row, ensure_ascii=False), flush=True)
        finally:
            browser.close()
    every = results
    ok = all(r["median_ms"] < TARGET_MEDIAN_MS and r["p95_ms"] < TARGET_P95_MS for r in every)
    summary = {
        "summary": True,
        "pages": {r["page"]: {"clicks": r["clicks"], "median_ms": r["median_ms"],
                              "p95_ms": r["p95_ms"]} for r in every},
        "targets": {"median_ms": TARGET_MEDIAN_MS, "p95_ms": TARGET_P95_MS},
        "meets_targets": ok,
        "method": METHOD,
        "cpus": os.cpu_count(),
        "load_average_1m": {"before": load_before, "after": round(os.getloadavg()[0], 2)},
    }
    print(json.dumps(summary, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ServerDidNotStart as exc:
        sys.exit(f"Streamlit did not start: {exc}")
