"""A countdown that ticks in the browser: a timed exercise without a rerun a second.

:func:`countdown` draws the time left (``m:ss``) and counts it down in the page's own
script; the server is asked for one run only when it reaches zero (``on_done`` runs first, in
a callback: the page checks its own clock there, which is the one that counts, and draws the
countdown again with what is left if the browser was early).  Each drawing starts again from
the ``seconds`` the server gives, so the display never drifts from the server's clock by more
than one run's delay.

It also looks after the keyboard: when ``turn`` changes (the first question, a new one, a
wrong answer's Next) and the focus went with the button that had it (Start, or answers of
another kind), it moves the focus to the first button in ``focus_first`` (the new answers),
so a keyboard user goes on without tabbing back from the top.  Ten
seconds before the end it says so once, politely, to screen readers.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

_CSS = """
.cd { display: inline-flex; align-items: baseline; gap: 0.45rem; font-size: 1.05rem; }
.cd .time { font-variant-numeric: tabular-nums; font-weight: 700; font-size: 1.5rem;
    color: #1f6f5c; min-width: 3.2ch; direction: ltr; unicode-bidi: isolate; }
.cd.low .time { color: #b3401a; }
.cd .sr { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; }
"""

_JS = r"""
function fmt(s) {
  const w = Math.max(0, Math.ceil(s - 0.001));
  return Math.floor(w / 60) + ":" + String(w % 60).padStart(2, "0");
}
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  if (!data) return;
  const host = parentElement;
  let box = host.querySelector(".cd");
  if (!box) {
    box = document.createElement("div");
    box.className = "cd";
    const label = document.createElement("span"); label.className = "label";
    const time = document.createElement("span"); time.className = "time";
    time.setAttribute("role", "timer");
    const said = document.createElement("span"); said.className = "sr";
    said.setAttribute("aria-live", "polite");
    box.append(label, time, said);
    host.appendChild(box);
  }
  if (box.stop) box.stop();
  const [label, time, said] = box.children;
  label.textContent = data.label || "";
  time.setAttribute("aria-label", data.label || "");
  const end = performance.now() + Math.max(0, data.seconds) * 1000;
  let timer = null;
  let fired = false;
  function tick() {
    const left = (end - performance.now()) / 1000;
    time.textContent = fmt(left);
    box.classList.toggle("low", left <= 10);
    if (left <= 10 && left > 0 && !box.warned && data.warning) {
      box.warned = true;
      said.textContent = data.warning;
    }
    if (left <= 0) {
      if (!fired) { fired = true; setTriggerValue("done", data.turn + ":" + Date.now()); }
      return;
    }
    timer = setTimeout(tick, Math.min(250, left * 1000 + 15));
  }
  if (box.turn !== data.turn) {
    box.turn = data.turn;
    if (data.seconds > 10) box.warned = false;
    if (data.focus_first) {
      // The button that had the focus as the new step came (Start, an answer) is on its way
      // out, but may still be in the page for a moment: the focus moves on from it, or from
      // nowhere, to the first new answer; focus the learner put elsewhere stays.
      const had = document.activeElement;
      let tries = 0;
      const focus = () => {
        const active = document.activeElement;
        const moving = !active || active === document.body || active === had
          || !active.isConnected;
        const first = document.querySelector(data.focus_first + " button:not([disabled])");
        if (!moving) return;
        if (first && first !== active) { first.focus(); return; }
        if (++tries < 40) setTimeout(focus, 25);
      };
      setTimeout(focus, 0);
    }
  }
  tick();
  box.stop = () => { if (timer) clearTimeout(timer); };
  return () => box.stop();
}
"""

_COMPONENT = st.components.v2.component("countdown", css=_CSS, js=_JS)


def countdown(seconds: float, *, key: str, label: str, on_done: Callable[[], None],
              turn: str = "", warning: str = "", focus_first: str = "") -> None:
    """Draw ``seconds`` counting down under ``label``; ``on_done`` when it reaches zero.

    ``turn`` names the current step (a new one may move the focus, see the module);
    ``focus_first`` is a CSS selector (``.st-key-drill-answers``);
    ``warning`` is said once to screen readers ten seconds before the end."""
    _COMPONENT(key=key, data={"seconds": round(max(0.0, seconds), 3), "label": label,
                              "turn": turn, "warning": warning, "focus_first": focus_first},
               on_done_change=on_done, height="content")
