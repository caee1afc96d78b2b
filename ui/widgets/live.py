"""What a page says to a screen reader as it happens: one live region for the page's life.

Streamlit draws ``st.html`` and markdown afresh on a rerun, so a live region drawn with them
arrives already filled, and screen readers often do not read that.  :func:`live` draws a
small ``st.components.v2`` component (``live.js``) that keeps one visually hidden
``role="status" aria-live="polite"`` node attached to the document's body, outside the part
of the page Streamlit redraws, and changes only what it holds.  Each announcement has an
``said`` id: a new id is read, even with the same words as the last ("North passes." twice
in a row are two moves); the same id is never read twice, however often the page reruns.
The words also show in the page where :func:`live` is called (``.live-shown``), not live.

``focus``: a :class:`Focus` moves the keyboard's focus once (per its ``id``) to an element,
when the focus was lost (a redrawn table took it away): the end of a round's "Next round".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

import streamlit as st

_HERE = Path(__file__).resolve().parent
_JS = (_HERE / "live.js").read_text(encoding="utf-8")
_CSS = ".live-shown { font-size: 0.95rem; min-height: 1.4em; color: #2d3b33; }"

_COMPONENT = st.components.v2.component("site_live", css=_CSS, js=_JS)


@dataclass(frozen=True, slots=True)
class Focus:
    """Where the focus goes, once per ``id``: the first element matching ``selector``,
    described for screen readers by the element matching ``describe`` (if any), when the
    focus was lost or inside an element matching ``within``."""

    id: str
    selector: str
    describe: str = ""
    within: str = ""


def live(key: str, text: str, said: str, focus: Focus | None = None,
         shown: str | None = None) -> None:
    """Say ``text`` (once per ``said``) in the page's live region ``key`` (a CSS-safe name,
    one per page), show it here (or ``shown``, where the page shows ``text`` elsewhere), and
    move the focus as ``focus`` asks."""
    data = {"key": key, "text": text, "id": said, "shown": shown,
            "focus": None if focus is None else asdict(focus)}
    _COMPONENT(key=f"{key}-live", data=data, height="content")
