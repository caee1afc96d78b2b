"""Links to share: "Copy a link to this position" under every table the site draws, and
the same for a score sheet.

A position link opens the Analysis page with the position's code (``?pos=…``, or a whole
round, ``?round=…``) and the page's language (``lang=…``).  The code has no words in it, so
a link copied in one language opens in another: only ``lang`` says which, and whoever
opens it may change it.  The learner's id is left out: a link to a position is not a link
to someone's progress.

:func:`share` draws a small ``st.components.v2`` component: a button that copies the link
to the clipboard (and says so, in a status line a screen reader reads), and the link itself
in a read-only field (shown once the button is pressed), selected when focused, for copying
by hand where the clipboard is not allowed.  The link is made absolute in the browser, from the page's own address.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

import streamlit as st

from engine.game.state import State
from engine.notation.code import Position, Round

from ..i18n import DEFAULT, current_lang, t

#: The Analysis page's address, relative to the site's root.
ANALYSIS = "analysis"

_CSS = """
.share { display: flex; flex-wrap: wrap; align-items: center; gap: 0.35rem 0.6rem;
    margin: 0.15rem 0 0.35rem; font-family: inherit; }
.share button { font: inherit; font-size: 0.95rem; min-height: 2.75rem; padding: 0.35rem 0.9rem;
    border-radius: 0.5rem; border: 1px solid #9fb5aa; background: #fff; color: #1f4f43;
    cursor: pointer; }
.share button:hover { border-color: #1f6f5c; color: #1f6f5c; }
.share button:focus-visible, .share input:focus-visible { outline: 2px solid #1f6f5c;
    outline-offset: 2px; }
.share input { flex: 1 1 12rem; min-width: 0; font: inherit; font-size: 0.85rem;
    color: #3b4046; background: #f6f4ee; border: 1px solid #ddd8cb; border-radius: 0.4rem;
    padding: 0.35rem 0.5rem; direction: ltr; }
.share .said { font-size: 0.9rem; color: #1f6f5c; min-height: 1.2em; }
"""

_JS = r"""
function absolute(href, home) {
  const here = new URL(window.location.href);
  let base = here.origin + here.pathname;
  if (home) { if (!base.endsWith("/")) base += "/"; }
  else base = base.replace(/[^/]*$/, "");
  return new URL(href, base).toString();
}
export default function (component) {
  const { data, parentElement } = component;
  if (!data) return;
  let root = parentElement.querySelector(".share");
  if (!root) {
    root = document.createElement("div");
    root.className = "share";
    parentElement.appendChild(root);
  }
  const link = absolute(data.href, data.home);
  if (root.dataset.link === link && root.dataset.label === data.label) return;
  root.dataset.link = link;
  root.dataset.label = data.label;
  root.replaceChildren();
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.textContent = data.label;
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.value = link;
  field.className = "link";
  field.setAttribute("aria-label", data.field);
  field.hidden = true;  // shown once asked for: the button is the way in
  field.addEventListener("focus", () => field.select());
  const said = document.createElement("span");
  said.className = "said";
  // Read out when a copy is made (not a role="status": a page keeps one status region,
  // ui/widgets/live.py, for what happens at its table).
  said.setAttribute("aria-live", "polite");
  button.addEventListener("click", async () => {
    said.textContent = "";
    field.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      said.textContent = data.copied;
    } catch (e) {
      field.focus();
      field.select();
      said.textContent = data.manual;
    }
  });
  root.append(button, said, field);
}
"""

_COMPONENT = st.components.v2.component("site_share", css=_CSS, js=_JS)


def href(page: str, params: Mapping[str, str]) -> str:
    """A link to one of the site's pages (``page``: its address, ``analysis``; "" for
    Home), relative to the site's root, with ``params`` and the page's language."""
    query = dict(params)
    lang = current_lang()
    if lang != DEFAULT:
        query["lang"] = lang
    return f"{page}?{urlencode(query)}" if query else page


def share(key: str, link: str, *, label: str | None = None, home: bool = False) -> None:
    """Draw "Copy a link …" for ``link`` (relative to the site's root: :func:`href`);
    ``home``: the page drawing it is Home (its address is the site's root)."""
    _COMPONENT(key=f"share-{key}", height="content", data={
        "href": link, "home": home, "label": label or t("share.copy_position"),
        "copied": t("share.copied"), "manual": t("share.manual"), "field": t("share.field"),
    })


def share_position(key: str, value: Position | Round, *, game: bool = False,
                   **params: str) -> None:
    """"Copy a link to this position" (``?pos=``) or, for a round, to this round
    (``?round=``; ``game``: "this game", where a deal is a game of its own), on the Analysis
    page; ``params``: more of its address (``seat=``, 1 …)."""
    kind = "round" if isinstance(value, Round) else "pos"
    label = None if not isinstance(value, Round) else \
        t("share.copy_game") if game else t("share.copy_round")
    share(key, href(ANALYSIS, {kind: value.text(), **params}), label=label)


def share_state(key: str, state: State, seat: int | None = None) -> None:
    """"Copy a link to this position" for a table: every hand, or (``seat``) what that seat
    sees (the others' tiles as counts)."""
    share_position(key, Position.from_state(state, seat))
