let counter = 0;
// How long a new drawing watches for the focus falling from an element of the last run (frames,
// about 2 s).
const KEEP_FRAMES = 120;
function nonce() {
  counter += 1;
  return Date.now().toString(36) + "-" + counter + "-" + Math.random().toString(36).slice(2, 8);
}
// "Go to my tiles" (data.hand_link): a link first in the page's Tab order, outside the part of
// the page Streamlit redraws (a child of <body>), shown only while it has the focus; it puts
// the focus on the hand's current tile (or, while the hand waits, on the hand itself).
const HAND_LINK = "site-hand-link";
const HAND_LINK_CSS = "#" + HAND_LINK + " { position: absolute; inset-inline-start: -10000px;" +
  " top: 0.5rem; z-index: 1000100; padding: 0.4rem 0.9rem; border-radius: 8px;" +
  " background: #1f6f5c; color: #fff; font: 600 1rem sans-serif; text-decoration: none; }" +
  " #" + HAND_LINK + ":focus { inset-inline-start: 0.5rem; outline: 3px solid #f4c44e; }";
function handLink(words, go) {
  let link = document.getElementById(HAND_LINK);
  if (!words) { if (link) link.remove(); return; }
  if (!document.getElementById(HAND_LINK + "-style")) {
    const style = document.createElement("style");
    style.id = HAND_LINK + "-style";
    style.textContent = HAND_LINK_CSS;
    document.head.appendChild(style);
  }
  if (!link) {
    link = document.createElement("a");
    link.id = HAND_LINK;
    link.href = "#";
    link.addEventListener("click", (ev) => { ev.preventDefault(); if (link.go) link.go(); });
  }
  if (document.body.firstChild !== link) document.body.insertBefore(link, document.body.firstChild);
  if (link.textContent !== words) link.textContent = words;
  link.go = go;
}
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  if (!data) return;
  const host = parentElement;
  const focusedId = host.activeElement ? host.activeElement.getAttribute("data-focus") : null;
  let root = host.querySelector(".db");
  if (!root) { root = el("div", "db"); host.appendChild(root); }
  // The root outlives a drawing: undo what the last one attached to it.
  if (root.undoDrawing) root.undoDrawing();
  root.replaceChildren();
  root.classList.toggle("static", !data.interactive && !(data.controls || []).length);
  // "Show which tiles fit": the tiles that fit are marked, the others dimmed (still clickable:
  // the page says why a tile is refused).
  root.classList.toggle("marking", !!data.mark_fits);
  // A seat of its own at the bottom: on a narrow board the others stay above the hand.
  root.classList.toggle("seated", !!data.seated);
  const T = data.text || {};
  let selected = null;
  // "Discard a tile" on: kept by the page across its runs where it asks to be told.
  let discarding = !!data.discarding;

  // Others (opponents): name, count, tiles face down or up.
  const others = el("div", "others");
  for (const o of data.others || []) {
    const row = el("div", "other" + (o.to_move ? " to-move" : ""));
    row.appendChild(el("span", "who", o.label));
    const pic = el("span", "pic"); pic.innerHTML = o.svg; row.appendChild(pic);
    if (o.dead) {
      row.appendChild(el("span", "dead-label", o.dead.label));
      const d = el("span", "pic"); d.innerHTML = o.dead.svg; row.appendChild(d);
    }
    others.appendChild(row);
  }
  if ((data.info || []).length) others.appendChild(el("span", "info", data.info.join(" · ")));
  root.appendChild(others);

  // The table.
  const felt = el("div", "felt");
  felt.setAttribute("role", "group");
  felt.setAttribute("aria-label", T.line || "");
  const wide = el("div", "v-wide"); wide.innerHTML = data.line.wide;
  const narrow = el("div", "v-narrow"); narrow.innerHTML = data.line.narrow;
  felt.append(wide, narrow);
  root.appendChild(felt);

  // The status answers the learner's own clicks and keys (choose an end …), live while the
  // hand is theirs; on a table that waits ("North is thinking…") it is plain text, so that it
  // never talks over what the page announces (Play's computer moves, ui/widgets/live.py).
  const status = el("div", "status");
  if (data.interactive) {
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
  } else {
    status.setAttribute("aria-live", "off");
  }
  root.appendChild(status);

  // The hand.
  const handWrap = el("div", "hand-wrap");
  const handLabel = el("div", "hand-label", data.hand.label);
  handLabel.id = "hand-label";
  // One Tab stop for the hand (WAI-ARIA's toolbar pattern): the arrow keys move between the
  // tiles (a roving tabindex), Enter or Space plays the one with the focus.
  const hand = el("div", "hand");
  hand.setAttribute("role", "toolbar");
  hand.setAttribute("aria-orientation", "horizontal");
  hand.setAttribute("aria-labelledby", "hand-label");
  hand.tabIndex = -1; // "Go to my tiles" lands here while no tile can be played
  handWrap.append(handLabel, hand);
  if (data.hand.dead) {
    const row = el("div", "dead-row");
    row.appendChild(el("span", "dead-label", data.hand.dead.label));
    const d = el("span", "pic"); d.innerHTML = data.hand.dead.svg; row.appendChild(d);
    handWrap.appendChild(row);
  }
  root.appendChild(handWrap);
  const controls = el("div", "controls");
  root.appendChild(controls);

  const markers = () => Array.from(root.querySelectorAll(".marker"));
  const tileButtons = [];

  function send(move) {
    const from = host.activeElement;
    window.__boardKeepFocus = from ? from.getAttribute("data-focus") : null;
    move.nonce = nonce();
    setTriggerValue("move", move);
    // The page answers with a rerun; a refused move leaves the data (and so this
    // drawing) as it was, so put the tile back now.
    selected = null;
    discarding = false;
    paint();
  }
  function paint() {
    const tile = selected ? data.hand.tiles.find((x) => x.tile === selected) : null;
    const fits = tile ? tile.ends : [];
    for (const m of markers()) {
      const end = m.getAttribute("data-end");
      const on = !!tile && (fits.includes(end) || (end === "any" && fits.length > 0));
      m.classList.toggle("fit", on);
      m.classList.toggle("dim", !!tile && !on);
      m.setAttribute("tabindex", on ? "0" : "-1");
    }
    for (const b of tileButtons) {
      const on = b.getAttribute("data-tile") === selected;
      b.classList.toggle("selected", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    }
    root.classList.toggle("discarding", discarding);  // any tile may go: none dimmed
    for (const c of controls.querySelectorAll("button[data-control=discard]")) {
      c.classList.toggle("active", discarding);
      c.setAttribute("aria-pressed", discarding ? "true" : "false");
    }
    if (!data.interactive) status.textContent = T.waiting || "";
    else if (discarding) status.textContent = T.pick_discard || "";
    else if (tile && !tile.one_click) status.textContent = (T.pick_end || "").replace("{tile}", tile.label);
    else status.textContent = T.pick_tile || "";
  }
  function setDiscarding(on) {
    discarding = on;
    selected = null;
    paint();
    if (data.report_discarding) {  // the page is told (it clears what it said before)
      window.__boardKeepFocus = "control-discard";
      setTriggerValue("move", { discarding: on, nonce: nonce() });
    }
  }
  function choose(tile) {
    if (!data.interactive) return;
    if (discarding) { discarding = false; send({ discard: tile.tile }); return; }
    if (selected === tile.tile) { selected = null; paint(); return; }
    selected = tile.tile;
    paint();
    if (tile.one_click) { send({ play: tile.tile }); return; }
    const first = markers().find((m) => m.classList.contains("fit") && m.offsetParent !== null);
    if (first) first.focus();
  }
  function chooseEnd(end) {
    if (!data.interactive) return;
    if (!selected) { status.textContent = T.end_first || ""; return; }
    const move = { play: selected };
    if (end === "left" || end === "right") move.end = end;
    send(move);
  }

  for (const tile of data.hand.tiles) {
    const b = el("button", "tile" + (tile.hint ? " hint" : "") +
      (data.mark_fits ? (tile.fits ? " fits" : " unfit") : ""));
    b.type = "button";
    b.setAttribute("data-tile", tile.tile);
    b.setAttribute("data-focus", "tile-" + tile.tile);
    b.setAttribute("aria-label", tile.label);
    b.innerHTML = tile.svg;
    b.disabled = !data.interactive;
    b.addEventListener("click", () => choose(tile));
    tileButtons.push(b);
    hand.appendChild(b);
  }
  for (const c of data.controls || []) {
    const b = el("button", c.hint ? "hint" : "", c.label);
    b.type = "button";
    b.setAttribute("data-control", c.id);
    b.setAttribute("data-focus", "control-" + c.id);
    b.disabled = !data.interactive;
    b.addEventListener("click", () => { selected = null; discarding = false; send({ [c.id]: true }); });
    controls.appendChild(b);
  }
  if (data.discard) {
    const b = el("button", "", T.discard);
    b.type = "button";
    b.setAttribute("data-control", "discard");
    b.setAttribute("data-focus", "control-discard");
    b.disabled = !data.interactive;
    b.addEventListener("click", () => setDiscarding(!discarding));
    controls.appendChild(b);
  }
  for (const m of markers()) {
    m.setAttribute("data-focus", "marker-" + m.getAttribute("data-end") +
      (m.closest(".v-narrow") ? "-n" : "-w"));
    m.addEventListener("click", () => chooseEnd(m.getAttribute("data-end")));
    m.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); chooseEnd(m.getAttribute("data-end")); }
    });
  }
  // The roving tabindex: one tile at a time is in the Tab order (the one last focused, kept
  // across drawings by its tile; else the chosen one; else the first).
  const enabledTiles = () => tileButtons.filter((b) => !b.disabled);
  function rove(to) {
    for (const b of tileButtons) b.tabIndex = b === to ? 0 : -1;
    if (to) window.__boardHandTile = to.getAttribute("data-tile");
  }
  const current = () => {
    const live = enabledTiles();
    const want = window.__boardHandTile;
    return live.find((b) => b.getAttribute("data-tile") === want) ||
      live.find((b) => b.getAttribute("data-tile") === selected) || live[0] || null;
  };
  for (const b of tileButtons) b.addEventListener("focus", () => rove(b));
  hand.addEventListener("keydown", (ev) => {
    const live = enabledTiles();
    const at = live.indexOf(ev.target);
    if (at < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const rtl = getComputedStyle(hand).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 };
    let to = null;
    if (ev.key in step) to = live[(at + step[ev.key] + live.length) % live.length];
    else if (ev.key === "Home") to = live[0];
    else if (ev.key === "End") to = live[live.length - 1];
    if (!to) return;
    ev.preventDefault();
    rove(to);
    to.focus();
  });
  rove(current());
  handLink(data.hand_link, () => {
    if (!root.isConnected) { handLink("", null); return; } // a board no longer drawn
    const to = current();
    if (to) { rove(to); to.focus(); } else hand.focus();
  });

  const onKey = (ev) => {
    if (ev.key === "Escape" && (selected || discarding)) {
      const back = selected; selected = null;
      if (discarding) setDiscarding(false); else paint();
      const b = tileButtons.find((x) => x.getAttribute("data-tile") === back);
      if (b) b.focus();
    }
  };
  root.addEventListener("keydown", onKey);

  // Wide or narrow drawing by the component's own width.
  const bp = data.line.breakpoint || 560;
  const fit = () => root.classList.toggle("narrow", root.clientWidth < bp);
  fit();
  let ro = null;
  if (typeof ResizeObserver !== "undefined") { ro = new ResizeObserver(fit); ro.observe(root); }

  paint();
  // The focus stays where it was.  A move sent from the hand leaves the table waiting on Play
  // (the hand drawn disabled, perhaps by a new instance of this component): the focus comes
  // back to the hand once it is the learner's turn again, unless it went elsewhere meanwhile.
  const kept = window.__boardKeepFocus || null;
  const ae = document.activeElement;
  const unfocused = !ae || ae === document.body || (ae.shadowRoot && !ae.shadowRoot.activeElement);
  const target = focusedId || (kept && data.interactive && unfocused ? kept : null);
  const backToHand = () => root.querySelector('[data-focus="' + kept + '"]:not(:disabled)') ||
    root.querySelector(".hand button.tile:not(:disabled)");
  if (target) {
    const again = root.querySelector('[data-focus="' + target + '"]') ||
      (kept && data.interactive ? backToHand() : null);
    if (again && !again.disabled) again.focus();
  } else if (kept && data.interactive) {
    // The focus is on an element of the last run (a button of the tutor's stop, say) that
    // Streamlit removes a moment later: if it then falls to the page's body, it comes back
    // to the hand; if the learner moves it elsewhere first, it is left alone.
    let frames = KEEP_FRAMES;
    const watch = () => {
      if (!root.isConnected) return;
      const now = document.activeElement;
      if (!now || now === document.body || now === document.documentElement) {
        const again = backToHand();
        if (again) again.focus();
        return;
      }
      if (now !== ae || --frames <= 0) return;
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }
  if (data.interactive) window.__boardKeepFocus = null;
  root.undoDrawing = () => {
    if (ro) ro.disconnect();
    root.removeEventListener("keydown", onKey);
    root.undoDrawing = null;
  };
  // Streamlit calls this when the page no longer draws the board: "Go to my tiles" goes with
  // it (unless a new drawing of the board is there a moment later).
  return () => {
    if (root.undoDrawing) root.undoDrawing();
    setTimeout(() => { if (!root.isConnected) handLink("", null); }, 0);
  };
}
