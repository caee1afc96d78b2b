"""The 28 tiles as buttons, to put tiles somewhere by clicking: the score keeper (what a
player has left) and the Analysis page's editor (hands, dead tiles, the line).

Seven rows by the lower half ([0|0] … [0|6], then [1|1] … [1|6] …), each button at least
44 px square, so the grid fits a phone 390 px wide.  A tile already put somewhere else is
not offered (its help says where); the ones in the place being filled are marked.

Also :func:`remember`: a page that draws only one seat's widgets at a time keeps their
values itself (Streamlit forgets a widget's value when a run does not draw it) and gives
them back before drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine.game.tiles import TILES

CSS = """
[class*="-tilerow-"] { gap: 0.3rem !important; }
[class*="-tilerow-"] button { min-width: 2.9rem; min-height: 2.75rem; padding: 0.2rem 0.25rem; }
[class*="-tilerow-"] button p { font-size: 0.95rem; white-space: nowrap; }
"""


def grid(key: str, chosen: set[int], taken: Mapping[int, str],
         on_click: Callable[..., None], args: tuple[Any, ...] = ()) -> None:
    """The grid (``key``: a CSS-safe prefix; each button's key is ``<key>.<low><high>``):
    ``chosen`` the tile indices marked, ``taken`` the tiles offered nowhere else, each with
    the words saying where it is; a click calls ``on_click(*args, index)``."""
    st.html(f"<style>{CSS}</style>")
    with st.container(key=f"{key}-tiles"):
        for low in range(7):
            with st.container(horizontal=True, key=f"{key}-tilerow-{low}"):
                for tile in TILES:
                    if tile.low != low:
                        continue
                    i = tile.index
                    st.button(tile.bracket(), key=f"{key}.{tile.low}{tile.high}",
                              type="primary" if i in chosen else "secondary",
                              disabled=i in taken, on_click=on_click, args=(*args, i),
                              help=taken.get(i))


def remember(key: str, value: object) -> None:
    """Before drawing the widget ``key``: give it ``value``, the value the page keeps for
    it, unless Streamlit still has the widget's own."""
    if key not in st.session_state:
        st.session_state[key] = value
