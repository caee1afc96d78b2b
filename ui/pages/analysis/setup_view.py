"""The Analysis page's editor, drawn: the game, the hands, the line, whose turn, and the
button that hands the position to the engine.

Drawing only; what a click means is in :mod:`ui.pages.analysis.setup`.  The editor is drawn
only while it is open, so every widget gets the draft's value back before it is drawn
(:func:`ui.widgets.tile_grid.remember`)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.game.rules import FAMILIES, options_of
from engine.game.tiles import TILES

from ...i18n import describe, join_list, t
from ...widgets import feedback, tile_grid
from ...widgets.deal_setup import BLOCK_PLAYERS, GAPLE_DEALS, family_name
from ...widgets.svg import esc, line_svg, plain
from . import setup
from .setup import (
    ALL,
    FORM,
    ONE,
    OPENINGS,
    W_COUNT,
    W_DEADCOUNT,
    W_HANDS,
    W_LACKS,
    W_OPENING,
    W_PASSES,
    W_PLACE,
    W_STOCK,
    W_TURN,
    W_VIEW,
    Draft,
)


def _deal_label(key: str) -> str:
    players, hand = GAPLE_DEALS[key]
    return t("try.deal_n", players=players, hand=hand)


def _rules(d: Draft) -> None:
    for key, value in setup.form_values(d).items():
        tile_grid.remember(key, value)
    st.radio(t("try.family"), list(FAMILIES), key=FORM["family"], horizontal=True,
             format_func=family_name, on_change=setup.on_rules)
    takes = options_of(d.rules.family)
    if takes == {"players"}:
        st.radio(t("try.players"), BLOCK_PLAYERS, key=FORM["players"], horizontal=True,
                 on_change=setup.on_rules)
    elif "hand_size" in takes:
        st.radio(t("try.gaple_deal"), list(GAPLE_DEALS), key=FORM["gaple_deal"],
                 horizontal=True, format_func=_deal_label, on_change=setup.on_rules)
        st.toggle(t("try.dead_toggle"), key=FORM["dead_tiles"], on_change=setup.on_rules)
        st.toggle(t("try.blank25_toggle"), key=FORM["blank25"], on_change=setup.on_rules)
    else:
        st.toggle(t("try.draw_toggle"), key=FORM["draw"], on_change=setup.on_rules)


def _hands(d: Draft, names: Sequence[str]) -> None:
    tile_grid.remember(W_HANDS, ALL if d.view is None else ONE)
    st.radio(t("analysis.hands"), [ALL, ONE], key=W_HANDS, horizontal=True,
             format_func=lambda v: t(f"analysis.hands_{v}"), on_change=setup.on_hands)
    if d.view is not None:
        tile_grid.remember(W_VIEW, d.view)
        st.radio(t("analysis.whose_view"), list(range(d.rules.players)), key=W_VIEW,
                 horizontal=True, format_func=lambda s: names[s],
                 on_change=setup.set_from, args=(W_VIEW, "view"))


def _places(d: Draft, names: Sequence[str]) -> list[str]:
    places = []
    for seat in range(d.rules.players):
        if setup.shown(d, seat):
            places.append(f"hand.{seat}")
            if d.rules.has_dead_tiles:
                places.append(f"dead.{seat}")
    if d.rules.draw_mode and d.view is None:
        places.append("stock")  # its order: the solver draws from it
    if not d.line and d.hidden_ends is None:
        return [*places, "line.right"]  # the first tile: no end to choose yet
    return [*places, "line.left", "line.right"]


def _place_label(place: str, names: Sequence[str], d: Draft) -> str:
    kind, _, rest = place.partition(".")
    if kind == "stock":
        return t("analysis.place_stock")
    if kind == "line":
        if not d.line and d.hidden_ends is None:
            return t("analysis.place_first")
        return t("analysis.place_left" if rest == "left" else "analysis.place_right")
    key = "analysis.place_hand" if kind == "hand" else "analysis.place_dead"
    return t(key, name=names[int(rest)])


def _tiles(d: Draft, names: Sequence[str]) -> None:
    places = _places(d, names)
    if d.place not in places:
        d.place = places[0]
    st.session_state[W_PLACE] = d.place
    st.segmented_control(t("analysis.put_in"), places, key=W_PLACE, required=True,
                         format_func=lambda p: _place_label(p, names, d),
                         on_change=setup.set_from, args=(W_PLACE, "place"))
    taken = {i: why for i, why in setup.where(d).items() if i not in setup.chosen(d)}
    tile_grid.grid("analysis-setup", setup.chosen(d), taken, setup.on_tile)


def _line(d: Draft) -> None:
    line = setup.line_of(d)
    st.markdown(f"**{esc(t('analysis.line'))}**")
    if line.empty:
        st.caption(t("analysis.line_empty"))
    else:
        label = describe(line.description())
        st.markdown(f'<div class="dominoes-figure">{line_svg(line, label=label, max_width=520)}'
                    "</div>", unsafe_allow_html=True)
        st.caption(plain(label))
    with st.container(horizontal=True, gap="small"):
        if len(d.line) == 1 and d.hidden_ends is None and not TILES[d.line[0][0]].is_double:
            st.button(t("analysis.turn_first"), key="analysis.setup.flip",
                      on_click=setup.on_flip, icon=":material/swap_horiz:")
        if d.line or d.hidden_ends is not None:
            st.button(t("analysis.line_back"), key="analysis.setup.line_back",
                      on_click=setup.on_line_back, icon=":material/undo:")


def _summary(d: Draft, names: Sequence[str]) -> None:
    lines = []
    for seat in range(d.rules.players):
        if setup.shown(d, seat):
            hand = sorted(TILES[i] for i in d.hands[seat])
            text = t("analysis.seat_tiles", name=names[seat],
                     tiles=join_list(hand) if hand else t("analysis.no_tiles"),
                     count=len(hand))
            if d.dead[seat]:
                text += " " + t("analysis.seat_dead",
                                tiles=join_list(sorted(TILES[i] for i in d.dead[seat])))
            lines.append(text)
    if d.stock_tiles and d.view is None:
        lines.append(t("analysis.stock_tiles",
                       tiles=join_list(TILES[i] for i in d.stock_tiles)))
    if lines:
        st.markdown("\n".join(f"- {plain(x)}" for x in lines))
    for seat in range(d.rules.players):
        if setup.shown(d, seat):
            continue
        key = f"{W_COUNT}.{seat}"
        tile_grid.remember(key, d.counts[seat])
        st.number_input(t("analysis.count_of", name=names[seat]), min_value=0,
                        max_value=21, step=1, key=key, on_change=setup.on_count,
                        args=(seat,))
        if d.rules.has_dead_tiles:
            key = f"{W_DEADCOUNT}.{seat}"
            tile_grid.remember(key, d.dead_counts[seat])
            st.number_input(t("analysis.dead_count_of", name=names[seat]), min_value=0,
                            max_value=7, step=1, key=key, on_change=setup.on_count,
                            args=(seat, True))


def _more(d: Draft, names: Sequence[str]) -> None:
    with st.expander(t("analysis.more"), icon=":material/tune:"):
        tile_grid.remember(W_PASSES, d.passes)
        st.number_input(t("analysis.passes"), min_value=0, max_value=4, step=1, key=W_PASSES,
                        help=t("analysis.passes_help"), on_change=setup.set_from,
                        args=(W_PASSES, "passes"))
        if not d.line and d.hidden_ends is None:
            tile_grid.remember(W_OPENING, d.opening)
            st.radio(t("analysis.opening"), list(OPENINGS), key=W_OPENING, horizontal=True,
                     format_func=lambda o: t(f"analysis.opening_{o or 'any'}"),
                     on_change=setup.set_from, args=(W_OPENING, "opening"))
        if d.hidden_ends is not None:
            tile_grid.remember(W_STOCK, d.stock)
            st.number_input(t("analysis.stock"), min_value=0, max_value=27, step=1,
                            key=W_STOCK, on_change=setup.set_from, args=(W_STOCK, "stock"))
        st.caption(t("analysis.lacks_help"))
        for seat in range(d.rules.players):
            key = f"{W_LACKS}.{seat}"
            tile_grid.remember(key, list(d.lacks[seat]))
            st.multiselect(t("analysis.lacks", name=names[seat]), list(range(7)), key=key,
                           on_change=setup.on_lacks, args=(seat,))


def draw() -> None:
    """The editor."""
    d = setup.draft()
    names = setup.seats(d)
    with st.container(key="analysis-setup"):
        st.subheader(t("analysis.setup_title"), anchor=False)
        st.caption(t("analysis.setup_lead"))
        _rules(d)
        _hands(d, names)
        _tiles(d, names)
        _line(d)
        _summary(d, names)
        tile_grid.remember(W_TURN, d.to_move)
        st.radio(t("analysis.turn"), list(range(d.rules.players)), key=W_TURN,
                 horizontal=True, format_func=lambda s: names[s],
                 on_change=setup.set_from, args=(W_TURN, "to_move"))
        _more(d, names)
        fb = feedback.now(setup.said())
        if fb is not None:
            with st.container(key=feedback.key("analysis-setup", fb.kind)):
                st.markdown(plain(fb.text))
        with st.container(horizontal=True, gap="small"):
            st.button(t("analysis.study_this"), key="analysis.setup.study", type="primary",
                      on_click=setup.on_study, icon=":material/check:")
            st.button(t("analysis.clear"), key="analysis.setup.clear",
                      on_click=setup.on_clear, icon=":material/delete:")
