// What a page says to a screen reader as it happens (ui/widgets/live.py).
//
// One live region for the page's life: a visually hidden role="status" node attached to
// document.body, outside the part of the page Streamlit redraws, found again by its id on
// every drawing.  A screen reader reads a region's changes, not a region that arrives
// already filled, so the region stays and only what it holds changes.  Each announcement
// has an id; a new id replaces the region's child with a new one (an addition, read even
// when the words are the same as the last), the same id leaves it alone (a redrawing of
// the page never says a thing twice).  The words also show here, in the page, not live.
//
// ``data.focus``: once per id, put the focus on the first element matching its selector
// (described by ``data.focus.describe``'s element), if the focus was lost (on the page's
// body, or inside a component that redrew under it) or was inside ``data.focus.within``.
const HIDDEN = {
  position: "absolute", width: "1px", height: "1px", margin: "-1px", padding: "0",
  overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap", border: "0",
};
const FOCUS_FRAMES = 120; // how long to look for the element to focus (frames, ~2 s)

function region(id, fresh) {
  let node = document.getElementById(id);
  if (!node) {
    node = document.createElement("div");
    node.id = id;
    node.className = "site-live";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    node.setAttribute("aria-atomic", "true");
    Object.assign(node.style, HIDDEN);
    document.body.appendChild(node);
    fresh.created = true;
  }
  return node;
}

function say(node, text) {
  node.replaceChildren();
  if (text) {
    const words = document.createElement("div");
    words.textContent = text;
    node.appendChild(words);
  }
}

function lost(within) {
  const ae = document.activeElement;
  if (!ae || ae === document.body || ae === document.documentElement) return true;
  if (ae.shadowRoot && !ae.shadowRoot.activeElement) return true; // redrawn under the focus
  if (ae.disabled) return true;
  return !!(within && ae.closest && ae.closest(within));
}

// The first element matching ``selector`` that is drawn (Streamlit draws a button with a help
// tooltip twice, one copy only measured and never shown; and a rerun may draw it anew).
function shown(selector) {
  return Array.from(document.querySelectorAll(selector)).find(
    (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden") || null;
}

function gone(placed) {
  const ae = document.activeElement;
  return !placed.isConnected || !ae || ae === document.body || ae === document.documentElement;
}

function focusOnce(want, key) {
  const done = (window.__liveFocused = window.__liveFocused || {});
  if (!want || !want.id || done[key] === want.id) return null;
  let frames = 0;
  let handle = 0;
  const describe = (target) => {
    if (!want.describe) return;
    const about = document.querySelector(want.describe);
    if (about) {
      if (!about.id) about.id = key + "-described";
      target.setAttribute("aria-describedby", about.id);
    }
  };
  // Once placed, the focus is kept there a moment (its own frames, whatever the component
  // does meanwhile), in case the page draws the element anew just after and the focus falls
  // to the page's body; as soon as the learner moves it elsewhere, it is left alone.
  const keep = (placed, left) => {
    if (gone(placed)) {
      const again = shown(want.selector);
      if (again) { describe(again); again.focus(); placed = again; }
    } else if (document.activeElement !== placed && !placed.contains(document.activeElement)) {
      return;
    }
    if (left > 0) requestAnimationFrame(() => keep(placed, left - 1));
  };
  const look = () => {
    handle = 0;
    const target = shown(want.selector);
    if (!target) {
      if (++frames < FOCUS_FRAMES) handle = requestAnimationFrame(look);
      return;
    }
    done[key] = want.id;
    describe(target);
    if (!lost(want.within)) return;
    target.focus();
    requestAnimationFrame(() => keep(target, FOCUS_FRAMES));
  };
  look();
  return () => { if (handle) cancelAnimationFrame(handle); };
}

export default function (component) {
  const { data, parentElement } = component;
  if (!data) return;
  const fresh = { created: false };
  const node = region("live-" + data.key, fresh);
  let shown = parentElement.querySelector(".live-shown");
  if (!shown) {
    shown = document.createElement("div");
    shown.className = "live-shown";
    parentElement.appendChild(shown);
  }
  shown.textContent = (data.shown == null ? data.text : data.shown) || "";
  if (node.dataset.said !== data.id) {
    node.dataset.said = data.id;
    // A region created just now is filled a moment later, so that it is read.
    if (!fresh.created) say(node, data.text);
    else setTimeout(() => { if (node.dataset.said === data.id) say(node, data.text); }, 100);
  }
  const stop = focusOnce(data.focus, data.key);
  // Streamlit calls this only when the page no longer draws the component (another page):
  // the region goes quiet, and empty, but stays for when the page comes back.
  return () => {
    if (stop) stop();
    say(node, "");
  };
}
