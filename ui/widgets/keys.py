"""Keys that press a button: while :func:`press_keys` is drawn, a key pressed anywhere on the
page clicks the element a selector names (Play's tutor stop: Escape is "Think again").

A small ``st.components.v2`` component (``keys.js``) with no drawing of its own: one document
listener per ``key``, replaced when drawn again, removed when the page no longer draws it.
A key with a modifier (Alt, Control, Meta) or one a component already handled is left alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import streamlit as st

_JS = (Path(__file__).resolve().parent / "keys.js").read_text(encoding="utf-8")

_COMPONENT = st.components.v2.component("site_keys", js=_JS)


def press_keys(key: str, keys: Mapping[str, str]) -> None:
    """While drawn: pressing a key of ``keys`` (``KeyboardEvent.key``, such as ``"Escape"``)
    clicks the first element matching its CSS selector."""
    _COMPONENT(key=f"{key}-keys", data={"key": key, "keys": dict(keys)})
