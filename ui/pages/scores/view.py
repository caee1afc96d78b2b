"""The score keeper's drawing: the setup, the sheet, the round being entered, the result.

Drawing only; what a click means is in :mod:`ui.pages.scores.logic`.  Made for a phone at the
table (390 px wide): one column, buttons at least 44 px high, one tile grid at a time."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.game.match import BlockMatch, GapleMatch, Match
from engine.game.rules import FAMILIES, Ruleset, options_of
from engine.game.settlement import Settlement
from engine.notation.sheet import Sheet, Start

from ...i18n import holding_sum, join_list, settlement_text, t, table_seat_names
from ...widgets import feedback, match_sheet, tile_grid
from ...widgets.deal_setup import BLOCK_PLAYERS, GAPLE_DEALS, family_name, rules_label
from ...widgets.share import href, share
from ...widgets.svg import esc, plain
from . import form as scores_form
from . import logic as scores
from .form import W_FIRST, W_NAME
from .logic import (
    BLOCKED,
    CONFIRM_NEW,
    CONFIRM_UNDO,
    FORM,
    TILES_MODE,
    TOTAL_MODE,
    W_ENDING,
    W_MODE,
    W_SEAT,
    W_TOTAL,
)
from .words import NAME_MAX, TYPED_MAX

CSS = """
.st-key-scores-page button, .st-key-scores-page [data-baseweb="input"] { min-height: 2.9rem; }
.st-key-scores-page [data-testid="stRadio"] label { padding: 0.45rem 0.2rem; min-height: 2.75rem; }
.st-key-scores-result { background: #f3f7f4; border: 1px solid var(--ok-border);
    border-radius: 10px; padding: 0.6rem 1rem 0.2rem; }
[class*="st-key-scores-fb-"] { padding: 0.5rem 1rem 0.05rem; }
.scores-sheet { border-collapse: collapse; margin: 0.3rem 0 0.6rem; font-size: 1.05rem; }
.scores-sheet th, .scores-sheet td { padding: 4px 10px; text-align: center; }
.scores-sheet thead th { font-weight: 600; }
.scores-sheet tfoot td, .scores-sheet tfoot th { font-weight: 700; border-top: 2px solid #9fb5aa; }
.st-key-scores-opener p { font-size: 1.05rem; }
"""



def _goal_text(sheet: Sheet) -> str:
    if sheet.rules.plays_matches:
        return t("scores.goal_points", target=sheet.goal, count=sheet.goal)
    return t("scores.goal_games" if sheet.rules.plays_games else "scores.goal_rounds",
             count=sheet.goal)


def _in_games(rules: Ruleset) -> bool:
    return rules.plays_games


# -- the setup ---------------------------------------------------------------------------------


def _setup(sheet: Sheet | None) -> None:
    scores.form_defaults(sheet)
    with st.container(key="scores-setup", border=True):
        st.subheader(t("scores.setup"), anchor=False)
        st.radio(t("try.family"), list(FAMILIES), key=FORM["family"], horizontal=True,
                 format_func=family_name)
        takes = options_of(str(st.session_state.get(FORM["family"])))
        if takes == {"players"}:
            st.radio(t("try.players"), BLOCK_PLAYERS, key=FORM["players"], horizontal=True)
        elif "hand_size" in takes:
            st.radio(t("try.gaple_deal"), list(GAPLE_DEALS), key=FORM["gaple_deal"],
                     horizontal=True, format_func=_deal_label)
            st.toggle(t("try.dead_toggle"), key=FORM["dead_tiles"], help=t("try.dead_help"))
            st.toggle(t("try.blank25_toggle"), key=FORM["blank25"], help=t("try.blank25_help"))
        else:
            st.toggle(t("try.draw_toggle"), key=FORM["draw"], help=t("try.draw_help"))
        rules = scores.form_rules()
        st.markdown(f"**{esc(t('scores.names'))}**")
        st.caption(t("scores.names_help"))
        for i in range(rules.players):
            st.text_input(t("scores.name_of", n=i + 1), key=f"{W_NAME}.{i}",
                          placeholder=table_seat_names(rules)[i], max_chars=NAME_MAX)
        _goal_input(rules)
        _first_input(rules)
        _said()
        st.button(t("scores.start"), key="scores.start", type="primary",
                  on_click=scores.on_start, width="stretch")
        if sheet is not None:
            st.button(t("scores.keep"), key="scores.keep", on_click=scores.on_new,
                      args=(False,), width="stretch")


def _deal_label(key: str) -> str:
    players, hand = GAPLE_DEALS[key]
    return t("try.deal_n", players=players, hand=hand)


def _goal_input(rules: Ruleset) -> None:
    """The goal, typed (a text field: the page reads the digits and says what is wrong in
    its own language, where a number field would round "12.5" and speak English)."""
    key = scores.goal_key(rules)
    st.session_state.setdefault(key, str(Sheet.new(rules).goal))
    if rules.plays_matches:
        label, help_ = t("scores.target"), t("scores.target_help")
    else:
        label = t("scores.games") if _in_games(rules) else t("scores.rounds")
        help_ = t("play.duel_series_note") if _in_games(rules) \
            else t("play.gaple_interpretation")
    st.text_input(label, key=key, help=help_, max_chars=TYPED_MAX,
                  on_change=scores.on_typed_goal)


def _first_input(rules: Ruleset) -> None:
    if rules.blank_double_opens:
        st.caption(t("scores.first_blank_double"))
        st.session_state[W_FIRST] = scores_form.BY_LOT
        return
    options = scores_form.first_options(rules)
    # Set every time: the browser keeps the label it showed, which a name typed since may
    # have changed, and shows the choice again only when told the value.
    st.session_state[W_FIRST] = scores_form.first_choice(rules)
    names = scores.form_names(rules)

    def label(v: str) -> str:
        return t("scores.first_lot") if v == scores_form.BY_LOT else names[int(v)]

    scores_form.shown({label(v): v for v in options})
    st.radio(t("scores.first"), options, key=W_FIRST, horizontal=True,
             on_change=scores_form.on_first, args=(rules,), format_func=label)


# -- the sheet ---------------------------------------------------------------------------------


def _table(sheet: Sheet, match: Match, names: Sequence[str]) -> None:
    games = _in_games(sheet.rules)
    st.markdown(f"**{esc(rules_label(sheet.rules))}** "
                f'<span class="muted">· {esc(_goal_text(sheet))}</span>',
                unsafe_allow_html=True)
    if isinstance(match, GapleMatch):
        st.caption(t("play.gaple_interpretation"))
    elif not isinstance(match, BlockMatch):
        st.caption(t("play.duel_series_note"))
    if not match.rounds:
        st.caption(t("scores.empty"))
        return
    st.markdown(match_sheet.sheet_html(
        match, names, label=t("scores.sheet_label"),
        round_word=t("play.game") if games else t("play.round"),
        total_word=t("scores.draws_total", count=match.draws)
        if not isinstance(match, (BlockMatch, GapleMatch)) and match.draws
        else t("play.total"), css_class="scores-sheet"), unsafe_allow_html=True)
    if match.over:
        if match.winners:
            name = names[match.winners[0]]
            st.success(t("play.series_won", name=name) if games else
                       t("scores.gaple_won", name=name) if isinstance(match, GapleMatch)
                       else t("play.match_won", name=name))
        else:
            st.info(t("play.series_drawn") if games else t("play.match_drawn"))


def _start_text(start: Start, names: Sequence[str]) -> str:
    """Who starts the round, and why (the engine's :class:`~engine.notation.sheet.Start`)."""
    if start.reason == "blank_double":
        return t("scores.start_blank_double")
    if start.seat is None:  # by lot, or on from the seat the lot chose
        return t(f"scores.start_{start.reason}_unnamed") if start.reason in (
            "clockwise", "alternate") else t("scores.start_lot")
    name = names[start.seat]
    if start.opening == "double":
        return t("scores.start_double", name=name)
    return t(f"scores.start_{start.reason}", name=name)


def _result(sheet: Sheet, settlement: Settlement, names: Sequence[str]) -> None:
    games = _in_games(sheet.rules)
    number = len(sheet.entries)
    with st.container(key="scores-result"):
        st.markdown(f"**{esc(t('scores.game_n' if games else 'scores.round_n', n=number))}** "
                    + plain(settlement_text(settlement, names)))
        lines = []
        left = sheet.entries[-1].left
        for h in settlement.holdings:
            if left[h.seat] == ():  # nothing reported: went out, or the loser not counted
                continue
            tiles = join_list(h.tiles) if h.tiles else t("scores.counted")
            lines.append(t("quiz.seat_sum", name=names[h.seat], tiles=tiles,
                           sum=holding_sum(h)))
        if lines:
            st.markdown("\n".join(f"- {plain(x)}" for x in lines))


# -- the round being entered ------------------------------------------------------------------


def _ending(rules: Ruleset, names: Sequence[str], number: int) -> None:
    options = [BLOCKED] + [str(i) for i in range(rules.players)]
    st.radio(t("scores.how_ended"), options, key=W_ENDING, index=None,
             format_func=lambda v: t("scores.blocked") if v == BLOCKED
             else t("scores.went_out", name=names[int(v)]), on_change=scores.on_ending)


def _grid(seat: int, names: Sequence[str]) -> None:
    """The tiles: the seat's own marked, a tile clicked for another seat not offered."""
    taken = {i: t("scores.tile_taken", name=names[s])
             for i, s in scores.held_elsewhere(seat).items()}
    tile_grid.grid(f"scores-tile-{seat}", set(scores.seat_draft(seat).tiles), taken,
                   scores.on_tile, (seat,))


def _seat_entry(rules: Ruleset, names: Sequence[str], wanted: tuple[int, ...],
                out: int | None) -> None:
    totals = scores.running_totals(rules)
    if st.session_state.get(W_SEAT) not in wanted:
        st.session_state[W_SEAT] = wanted[0]

    def label(s: int) -> str:
        total = totals[s]
        shown = "—" if total is None else str(total)
        return t("scores.seat_total_dead" if s == out else "scores.seat_total",
                 name=names[s], total=shown)

    st.segmented_control(t("scores.whose"), list(wanted), key=W_SEAT, format_func=label,
                         required=True, width="stretch")
    seat = st.session_state.get(W_SEAT)
    if not isinstance(seat, int):
        return
    if seat == out:
        st.caption(t("scores.dead_of_out", name=names[seat]))
    kept = scores.seat_draft(seat)
    tile_grid.remember(f"{W_MODE}.{seat}", kept.mode)
    st.segmented_control(t("scores.count_by"), [TILES_MODE, TOTAL_MODE],
                         key=f"{W_MODE}.{seat}", required=True,
                         format_func=lambda m: t(f"scores.by_{m}"),
                         on_change=scores.on_mode, args=(seat,))
    if kept.mode == TOTAL_MODE:
        tile_grid.remember(f"{W_TOTAL}.{seat}", kept.typed)
        st.text_input(t("scores.total_of", name=names[seat]), key=f"{W_TOTAL}.{seat}",
                      placeholder=t("scores.total_placeholder"),
                      max_chars=TYPED_MAX, on_change=scores.on_total, args=(seat,))
    else:
        _grid(seat, names)
    st.button(t("scores.clear", name=names[seat]), key=f"scores.clear.{seat}",
              on_click=scores.on_clear, args=(seat,))


def _entry(sheet: Sheet, names: Sequence[str], start: Start) -> None:
    rules = sheet.rules
    games = _in_games(rules)
    number = len(sheet.entries) + 1
    st.subheader(t("scores.game_n" if games else "scores.round_n", n=number), anchor=False)
    with st.container(key="scores-opener"):
        st.markdown(plain(_start_text(start, names)))
    _ending(rules, names, number)
    out = scores.ending()
    wanted = scores.seats_to_enter(rules)
    if out != "" and not wanted:
        st.caption(t("scores.nothing_to_count"))
    elif wanted:
        st.markdown(f"**{esc(t('scores.what_left'))}**")
        assert not isinstance(out, str)
        _seat_entry(rules, names, wanted, out)
    _said()
    st.button(t("scores.settle_game" if games else "scores.settle"), key="scores.settle",
              type="primary", on_click=scores.on_settle, width="stretch")


def _said() -> None:
    """What the last click says back (a refusal stays until the next change)."""
    fb = feedback.now(scores.said())
    if fb is not None:
        with st.container(key=feedback.key("scores", fb.kind)):
            st.markdown(plain(fb.text))


# -- the page --------------------------------------------------------------------------------


def _actions(sheet: Sheet) -> None:
    names = scores.names_for(sheet.rules)
    games = _in_games(sheet.rules)
    if sheet.entries and st.session_state.get(CONFIRM_UNDO):
        with st.container(key="scores-confirm-undo", border=True):
            st.markdown(plain(t("scores.undo_confirm_game" if games else "scores.undo_confirm",
                                n=len(sheet.entries))))
            st.button(t("scores.undo_yes"), key="scores.undo_yes", type="primary",
                      on_click=scores.on_undo, icon=":material/undo:")
            st.button(t("scores.undo_no"), key="scores.undo_no", on_click=scores.on_undo_ask,
                      args=(False,))
    elif sheet.entries:
        st.button(t("scores.undo_game" if games else "scores.undo"), key="scores.undo",
                  on_click=scores.on_undo_ask, args=(True,), icon=":material/undo:")
    st.markdown(f"**{esc(t('scores.share_title'))}**")
    st.caption(t("scores.share_help"))
    share("scores", href("scores", scores.address_of(sheet)), label=t("scores.share"))
    given = st.session_state.get(scores.NAMES) or ()
    with st.expander(t("scores.names"), icon=":material/badge:"):
        for i in range(sheet.rules.players):
            st.session_state.setdefault(f"{W_NAME}.{i}", given[i] if i < len(given) else "")
            st.text_input(t("scores.name_of", n=i + 1), key=f"{W_NAME}.{i}",
                          placeholder=names[i], max_chars=NAME_MAX,
                          on_change=scores.on_names)
    st.button(t("scores.new"), key="scores.new", on_click=scores.on_new, args=(True,),
              icon=":material/add:")


def draw() -> None:
    st.html(f"<style>{CSS}</style>")
    sheet = scores.current()
    st.title(t("scores.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("scores.lead"))}</p>', unsafe_allow_html=True)
    with st.container(key="scores-page"):
        if sheet is None or st.session_state.get(CONFIRM_NEW):
            if sheet is not None:
                st.info(t("scores.new_note"))
            _setup(sheet)
            return
        names = scores.names_for(sheet.rules)
        match = sheet.match()
        _table(sheet, match, names)
        settlements = match.rounds
        if settlements:
            _result(sheet, settlements[-1], names)
        start = sheet.next_start(match)
        if not match.over:
            _entry(sheet, names, start)
        _actions(sheet)
