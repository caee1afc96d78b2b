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
import re
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
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # live_site: the server and browser the tests use

from live_site import CHROMIUM, CHROMIUM_ARGS, ServerDidNotStart, chromium_found, streamlit_server
from playwright.sync_api import Browser, Page, expect, sync_playwright

from engine.game.rules import block
from engine.game.state import State
from ui.pages.play.logic import new_table
from ui.pages.try_it.logic import new_deal
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


# -- Play: the computer's reply, one session and eight at once ---------------------------------

PLAY_RULES = block(2)
PLAY_URL = "/play?rules=block&players=2&level=strong&seed={seed}"
PLAY_TARGET_MEDIAN_MS, PLAY_TARGET_P95_MS = 1000.0, 3000.0
PLAY_METHOD = ("in-page: performance.now() just before dispatching the click that sends the "
               "learner's move (a tile, a marked end or Pass), MutationObserver until the move "
               "log counts the computer's answer and the live region announces it, then the "
               "next animation frame")

# A learner in the page, playing as fast as ``think`` allows: at their turn (the hand's
# tiles enabled) a tile that fits an open end (read from the live region), else Pass; after
# a round, "Next round".  Each reply is timed as Clicker's clicks are.  At every turn it
# also checks that the page shows this session's own state: its seed in the header, its
# learner id in the address, round 1's hand as dealt, and later hands within the tiles the
# round began with.
AUTOPLAY_JS = """
(cfg) => {
  const S = window.__play = {samples: [], problems: [], rounds: 1, turns: 0, stop: false,
                             matchOver: false, retried: 0};
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const main = () => document.querySelector('[data-testid="stMain"]');
  let host = null;
  const board = () => {
    if (host && host.isConnected && host.shadowRoot) return host.shadowRoot;
    host = null;
    for (const el of document.querySelectorAll('*')) {
      if (el.shadowRoot && el.shadowRoot.querySelector('.db')) { host = el; break; }
    }
    return host ? host.shadowRoot : null;
  };
  const count = () => {
    const m = (main() || {textContent: ''}).textContent.match(/Moves so far \\((\\d+)\\)/);
    return m ? +m[1] : null;
  };
  const over = () => (main() || {textContent: ''}).textContent.includes('Result:');
  const ends = () => {
    const live = document.getElementById('live-play');
    const m = live && live.textContent.match(/Open ends: (\\d) and (\\d)\\./);
    return m ? [m[1], m[2]] : null;
  };
  const problem = (what) => { if (S.problems.length < 20) S.problems.push(what); };
  let roundHand = null;
  let lastHand = null;
  function own(names) {
    const header = (main() || {textContent: ''}).textContent.match(/Deal number \\(seed\\): (\\d+)\\./);
    if (!header || header[1] !== String(cfg.seed)) problem('deal number ' + (header && header[1]));
    if (!location.search.includes('learner=' + cfg.learner)) problem('address ' + location.search);
    if (!location.search.includes('seed=' + cfg.seed)) problem('address ' + location.search);
    if (roundHand === null) {
      roundHand = names.slice();
      if (S.rounds === 1 && names.slice().sort().join() !== cfg.dealt.slice().sort().join())
        problem('round 1 hand ' + names.join());
    } else if (!names.every((x) => roundHand.includes(x))) problem('hand ' + names.join());
  }
  const refused = () => (main() || {textContent: ''}).textContent.includes('Not allowed.');
  function answered(n, t0) {
    return new Promise((resolve) => {
      let done = false;
      const met = () => (count() >= n + 2 || over() || refused());
      const finish = (ok) => {
        if (done) return; done = true; obs.disconnect();
        if (ok && refused()) {
          const fb = document.querySelector('[class*="st-key-play-fb-no"]');
          problem('refused at move ' + (n + 1) + ': ' + (fb ? fb.textContent : '?'));
          ok = false;
        }
        requestAnimationFrame(() => resolve(ok ? performance.now() - t0 : null));
      };
      const obs = new MutationObserver(() => { if (met()) finish(true); });
      obs.observe(document, {subtree: true, childList: true, characterData: true});
      if (met()) finish(true);
      setTimeout(() => finish(false), 30000);
    });
  }
  async function loop() {
    while (!S.stop) {
      const root = board();
      const n = count();
      if (!root || n === null) { await sleep(50); continue; }
      if (over()) {
        const next = document.querySelector('.st-key-play-next button');
        if (document.querySelector('.st-key-play-again button')) { S.matchOver = true; return; }
        if (!next) { await sleep(50); continue; }
        await sleep(cfg.think);
        next.click();
        const asked = performance.now();
        while (over() && !S.stop && performance.now() - asked < 5000) await sleep(50);
        if (over()) { S.retried += 1; continue; }  // the click was not taken: again
        S.rounds += 1; roundHand = null;
        continue;
      }
      const tiles = Array.from(root.querySelectorAll('.hand button.tile'));
      // the board drawn since the last move (each drawing is new elements), and ours to move
      if (!tiles.length || tiles[0].disabled || root.querySelector('.hand') === lastHand) {
        await sleep(20); continue;
      }
      own(tiles.map((b) => b.getAttribute('data-tile')));
      const e = ends();
      if (n > 0 && !e) { await sleep(20); continue; }
      await sleep(cfg.think);
      const pick = n === 0 ? tiles[0]
        : tiles.find((b) => b.getAttribute('data-tile').split('-').some((v) => e.includes(v)));
      lastHand = root.querySelector('.hand');
      let t0 = performance.now();
      if (pick) {
        pick.click();
        const fit = root.querySelector('.v-wide .fit');
        if (fit) {
          t0 = performance.now();
          fit.dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true}));
        }
      } else {
        root.querySelector('.controls button[data-control="pass"]').click();
      }
      S.turns += 1;
      const ms = await answered(n, t0);
      if (ms === null) problem('no answer to move ' + (n + 1));
      else if (count() >= n + 2) S.samples.push(ms);  // the round may end on the learner's move
      while (!S.stop && count() === n + 1 && !over()) await sleep(20);
    }
  }
  loop().catch((err) => problem('error ' + err));
  return true;
}
"""


def open_table(page: Page, base: str, seed: int) -> dict[str, Any]:
    """Open a strong two-player Block table and start the in-page learner on it."""
    page.goto(base + PLAY_URL.format(seed=seed))
    expect(page.locator("#live-play")).to_be_attached(timeout=60_000)
    expect(page.locator(IDLE)).to_be_attached(timeout=60_000)
    learner = re.search(r"[?&]learner=([A-Za-z0-9_-]+)", page.url)
    assert learner, page.url
    table = new_table(PLAY_RULES, "strong", seed)
    dealt = [str(x) for x in table.state.hand(table.learner)]
    return {"seed": seed, "learner": learner.group(1), "dealt": dealt}


def play_sessions(browser: Browser, base: str, seeds: list[int], *, replies: int,
                  seconds: float, think: float) -> list[dict[str, Any]]:
    """``len(seeds)`` sessions (each its own browser context) playing at once until each has
    ``replies`` timed answers (after a first, warm-up one) or ``seconds`` have passed; each
    session's samples and problems."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in seeds]
    try:
        pages = [c.new_page() for c in contexts]
        configs = [open_table(p, base, s) for p, s in zip(pages, seeds, strict=True)]
        for p, cfg in zip(pages, configs, strict=True):
            p.evaluate(AUTOPLAY_JS, {**cfg, "think": int(think * 1000)})
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            pages[0].wait_for_timeout(1000)
            states = [p.evaluate("() => ({n: window.__play.samples.length,"
                                 " over: window.__play.matchOver})") for p in pages]
            if all(s["n"] > replies or s["over"] for s in states):
                break
        out = []
        for p, cfg in zip(pages, configs, strict=True):
            got = p.evaluate("() => { window.__play.stop = true; return window.__play; }")
            out.append({"seed": cfg["seed"], "samples": [float(x) for x in got["samples"][1:]],
                        "problems": got["problems"], "rounds": got["rounds"],
                        "retried": got["retried"],
                        "turns": got["turns"]})
        return out
    finally:
        for c in contexts:
            c.close()


def play_figures(name: str, sessions: list[dict[str, Any]], think: float) -> dict[str, Any]:
    every = [x for s in sessions for x in s["samples"]]
    if not every:
        raise SystemExit(f"{name}: no reply was timed ({sessions})")
    return {
        "page": name,
        "sessions": len(sessions),
        "think_s": think,
        "replies": len(every),
        "median_ms": round(statistics.median(every), 1),
        "p95_ms": round(p95(every), 1),
        "min_ms": round(min(every), 1),
        "max_ms": round(max(every), 1),
        "per_session_median_ms": [round(statistics.median(s["samples"]), 1)
                                  if s["samples"] else None for s in sessions],
        "rounds": sum(s["rounds"] for s in sessions),
        "next_round_clicks_retried": sum(s["retried"] for s in sessions),
        "problems": [p for s in sessions for p in s["problems"]],
        "method": PLAY_METHOD,
    }


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
    parser.add_argument("--pages", nargs="+", default=["learn", "try_it", "play"],
                        choices=["learn", "try_it", "play"], help="what to measure")
    parser.add_argument("--sessions", type=int, default=8,
                        help="Play sessions at once in the load run (default 8)")
    parser.add_argument("--seconds", type=float, default=150.0,
                        help="at most this long for each Play run (default 150)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each Play learner waits before a move (default 0)")
    args = parser.parse_args()
    clicks = max(30, args.clicks)
    if not chromium_found():
        raise SystemExit(f"Chromium not found at {CHROMIUM} (run `make chromium`)")
    results = []
    play_rows: list[dict[str, Any]] = []
    load_before = round(os.getloadavg()[0], 2)
    with server() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name, run in (("learn", bench_learn), ("try_it", bench_try_it)):
                if name not in args.pages:
                    continue
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.add_init_script(WS_SPY_JS)
                try:
                    row = figures(name, run(context.new_page(), base, clicks))
                finally:
                    context.close()
                results.append(row)
                print(json.dumps(row, ensure_ascii=False), flush=True)
            if "play" in args.pages:
                one = play_sessions(browser, base, [7], replies=clicks, seconds=args.seconds,
                                    think=args.think)
                play_rows.append(play_figures("play_one", one, args.think))
                print(json.dumps(play_rows[-1], ensure_ascii=False), flush=True)
                load_mid = round(os.getloadavg()[0], 2)
                many = play_sessions(browser, base, [101 + i for i in range(args.sessions)],
                                     replies=max(10, clicks // args.sessions),
                                     seconds=args.seconds, think=args.think)
                play_rows.append(play_figures(f"play_{args.sessions}_at_once", many,
                                              args.think))
                play_rows[-1]["load_average_1m_before"] = load_mid
                print(json.dumps(play_rows[-1], ensure_ascii=False), flush=True)
        finally:
            browser.close()
    every = results
    ok = all(r["median_ms"] < TARGET_MEDIAN_MS and r["p95_ms"] < TARGET_P95_MS for r in every)
    play_ok = None
    if play_rows:
        alone, at_once = play_rows
        play_ok = (alone["median_ms"] < PLAY_TARGET_MEDIAN_MS
                   and at_once["p95_ms"] < PLAY_TARGET_P95_MS
                   and not alone["problems"] and not at_once["problems"])
    summary = {
        "summary": True,
        "pages": {r["page"]: {"clicks": r["clicks"], "median_ms": r["median_ms"],
                              "p95_ms": r["p95_ms"]} for r in every},
        "targets": {"median_ms": TARGET_MEDIAN_MS, "p95_ms": TARGET_P95_MS},
        "meets_targets": ok,
        "play": {r["page"]: {"replies": r["replies"], "median_ms": r["median_ms"],
                             "p95_ms": r["p95_ms"], "problems": len(r["problems"])}
                 for r in play_rows},
        "play_targets": {"one_session_median_ms": PLAY_TARGET_MEDIAN_MS,
                         "many_sessions_p95_ms": PLAY_TARGET_P95_MS},
        "play_meets_targets": play_ok,
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
