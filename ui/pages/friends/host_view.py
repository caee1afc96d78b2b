"""Play with friends, drawn for the one who sets a table: the set-up form, and the host's
view of a table (its links, who is here and who is expected, "Start", giving an absent
person's seat to the computer and back).  What a click means is in
:mod:`ui.pages.friends.setup` and :mod:`ui.pages.friends.table`."""

from __future__ import annotations

import time

import streamlit as st

from engine.game.match import BlockMatch, GapleMatch
from engine.game.rules import FAMILIES, options_of
from engine.players.bots import LEVELS

from ... import progress
from ...i18n import t
from ...widgets import feedback, match_sheet
from ...widgets.deal_setup import BLOCK_PLAYERS, GAPLE_DEALS, family_name, rules_label, seat_names
from ...widgets.share import share
from ...widgets.svg import esc, plain
from . import logic, setup
from . import table as friends_table
from . import words as friends_words


def _gaple_deal_label(key: str) -> str:
    players, hand = GAPLE_DEALS[key]
    return t("try.deal_n", players=players, hand=hand)


def _goal_label(rules_target: int | None, games: bool, goal: int) -> str:
    if rules_target is not None:
        return t("scores.goal_points", target=goal, count=goal)
    return t("scores.goal_games" if games else "scores.goal_rounds", count=goal)


def setup_form() -> None:
    """The form that sets a table: rules, match length, each seat, learning or match table."""
    rules = setup.form_rules()
    setup.widget_defaults(rules)
    rules = setup.form_rules()
    with st.container(key="friends-setup"):
        st.radio(t("try.family"), list(FAMILIES), key="friends.family", horizontal=True,
                 format_func=family_name)
        takes = options_of(str(st.session_state.get("friends.family")))
        with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
            if takes == {"players"}:
                st.radio(t("try.players"), BLOCK_PLAYERS, key="friends.players",
                         horizontal=True, width="content")
            elif "hand_size" in takes:
                st.radio(t("try.gaple_deal"), list(GAPLE_DEALS), key="friends.gaple_deal",
                         horizontal=True, width="content", format_func=_gaple_deal_label)
                st.toggle(t("try.dead_toggle"), key="friends.dead_tiles", help=t("try.dead_help"))
                st.toggle(t("try.blank25_toggle"), key="friends.blank25",
                          help=t("try.blank25_help"))
            else:
                st.toggle(t("try.draw_toggle"), key="friends.draw", help=t("try.draw_help"))
        rules = setup.form_rules()
        setup.widget_defaults(rules)
        st.selectbox(t("friends.goal"), logic.goal_choices(rules), key=setup.goal_key(rules),
                     format_func=lambda goal: _goal_label(rules.target, rules.plays_games, goal))
        st.markdown(f"**{t('friends.seats')}**")
        for seat, place in enumerate(seat_names(rules)):
            with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
                st.radio(place, ("person", "computer"), key=setup.kind_key(seat),
                         horizontal=True, width="content",
                         format_func=lambda kind: t(f"friends.kind_{kind}"))
                if st.session_state.get(setup.kind_key(seat)) == "computer":
                    st.radio(t("friends.level"), list(LEVELS), key=setup.level_key(seat),
                             horizontal=True, width="content",
                             format_func=friends_words.level_name)
        st.radio(t("friends.table_kind"), ("learning", "match"), key=setup.W_LEARNING,
                 format_func=lambda kind: t(f"friends.table_{kind}"),
                 help=t("friends.table_kind_help"))
        st.button(t("friends.create"), key="friends.create", type="primary",
                  on_click=setup.on_create)
    said = feedback.now(st.session_state.get(setup.SETUP_SAID))
    if said is not None:
        with st.container(key=feedback.key("friends-setup", said.kind)):
            st.markdown(plain(said.text))


def sheet(game: logic.Game, labels: tuple[str, ...]) -> None:
    """The match so far: its length, each round's figures and the totals, its winner."""
    m = game.match
    rows = match_sheet.score_rows(m)
    n = game.round_no
    if isinstance(m, BlockMatch):
        title = t("play.match_block", target=m.target, round=n)
    elif isinstance(m, GapleMatch):
        title = t("play.match_gaple", count=m.rounds_agreed, round=n)
    else:
        title = t("play.match_duel", count=m.rounds_agreed, round=n)
    st.markdown(f"**{esc(title)}**")
    if not rows:
        return
    games = game.setting.rules.plays_games
    st.markdown(match_sheet.sheet_html(m, labels, label=t("play.sheet"),
                                       round_word=t("play.game") if games else t("play.round"),
                                       total_word=t("play.total")), unsafe_allow_html=True)
    if m.over and m.winners:
        st.success(plain(t("play.series_won" if games else "play.match_won",
                           name=friends_words.as_text(labels[m.winners[0]]))))
    elif m.over:
        st.info(t("play.series_drawn" if games else "play.match_drawn"))


def _seat_row(record: progress.TableRecord, seat: progress.SeatRecord, label: str,
              host: str, now: float) -> None:
    """One seat in the host's view: who, whether they are here, their link, the controls."""
    table_id = record.table_id
    if seat.kind == "computer":
        st.markdown(plain(friends_words.as_text(label)))
        return
    state = t("friends.here") if logic.present(seat, now) else \
        t("friends.away") if seat.taken else t("friends.expected")
    if seat.computer:
        state = t("friends.given")
    st.markdown(f"{plain(friends_words.as_text(label))} · {plain(state)}")
    token = setup.links(record, host).get(seat.seat)
    with st.container(horizontal=True, gap="small"):
        if token is not None:
            share(f"friends-seat-{seat.seat}", setup.seat_link(table_id, token),
                  label=t("friends.copy_seat_link", n=seat.seat + 1))
            if not seat.taken and record.ended is None:
                st.link_button(t("friends.take_seat", n=seat.seat + 1),
                               setup.seat_link(table_id, token), type="tertiary",
                               key=f"friends.take.{seat.seat}")
        if record.started is not None and record.ended is None:
            if seat.computer:
                st.button(t("friends.give_back", name=friends_words.as_text(seat.name or "")),
                          key=f"friends.back.{seat.seat}", on_click=friends_table.on_give_back,
                          args=(table_id, host, seat.seat))
            elif logic.absent(seat, now):
                st.button(t("friends.give", name=friends_words.as_text(seat.name or "")),
                          key=f"friends.give.{seat.seat}", on_click=friends_table.on_give,
                          args=(table_id, host, seat.seat))


def host_view(record: progress.TableRecord, host: str) -> None:
    """The host's view of a table (the host sees no hand: they play, if they do, from their
    seat's link like everyone else)."""
    table_id = record.table_id
    setting = logic.setting_of(record.params)
    if setting is None:
        st.warning(t("friends.unreadable"))
        return
    now = time.time()
    st.markdown(f"**{plain(rules_label(setting.rules))}** · "
                + plain(t("friends.table_learning" if setting.learning else "friends.table_match")))
    with st.container(key="friends-host"):
        st.caption(t("friends.host_link_note"))
        share("friends-host", setup.host_link(table_id, host), label=t("friends.copy_host_link"))
        labels = friends_words.seat_labels(record, None, seat_names(setting.rules))
        for seat in record.seats:
            _seat_row(record, seat, labels[seat.seat], host, now)
    if record.ended is not None:
        st.info(t(f"friends.ended_{record.end_reason}" if record.end_reason in (
            "finished", "expired", "closed") else "friends.ended_closed"))
    elif record.started is None:
        _start(record, host)
    game = logic.rebuild(record)
    if game is not None:
        if record.ended is None:
            st.caption(t("friends.host_round", n=game.round_no))
        sheet(game, labels)
    if record.ended is None:
        st.button(t("friends.close"), key="friends.close", on_click=friends_table.on_close,
                  args=(table_id, host))


def _start(record: progress.TableRecord, host: str) -> None:
    """"Start" once every person has sat down, or at once with the computer in the empty
    seats."""
    everyone = all(s.taken for s in record.seats if s.kind == "person")
    with st.container(horizontal=True, gap="small", key="friends-start"):
        st.button(t("friends.start"), key="friends.start", type="primary",
                  disabled=not everyone, on_click=friends_table.on_start,
                  args=(record.table_id, host, False))
        if not everyone:
            st.button(t("friends.fill"), key="friends.fill",
                      on_click=friends_table.on_start, args=(record.table_id, host, True))
    shown = feedback.now(friends_table.said(record.table_id))
    if shown is not None:
        st.markdown(plain(shown.text))
