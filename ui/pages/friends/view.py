"""Play with friends, drawn: which view the address opens, and a seat's view of the table.

A seat's view draws the table from that seat only (``board(seat=…, reveal="mover")``: the
other hands face down, nothing of their tiles, the stock's order or a dead pile's faces in
what the page sends; every hand open, and the round's code offered, only once the round is
over).  :func:`_watch`, a fragment run every second, asks the store for the table's version
(one small query) and runs the whole page again only when it changed, so the others' moves
appear within about a second; it says the seat is here (``seen``, every few seconds), and
while a computer seat is to move it moves the table on
(:func:`ui.pages.friends.table.advance`)."""

from __future__ import annotations

import time
from functools import partial

import streamlit as st

from engine.players.bots import Decision

from ... import progress, session, thinking
from ...i18n import move_text, t
from ...nav import page_link
from ...widgets import feedback, match_sheet, story
from ...widgets.board import board
from ...widgets.deal_setup import rules_label
from ...widgets.knowledge import knowledge
from ...widgets.live import Focus, live
from ...widgets.reasons import reason_text
from ...widgets.round_review import view as round_review_view
from ...widgets.share import share_position
from ...widgets.svg import esc, plain
from . import host_view, logic, setup
from . import table as friends_table
from . import words as friends_words
from .logic import Game

PRESENCE = "friends.presence"  # who was here and who away when the host's view was drawn
CSS = """
.st-key-friends-result { background: #f3f7f4; border: 1px solid var(--ok-border);
    border-radius: 10px; padding: 0.6rem 1rem 0.2rem; }
[class*="st-key-friends-fb-"] { padding: 0.5rem 1rem 0.05rem; }
"""


@st.fragment(run_every=1.0)
def _watch(table_id: str, seat: int | None, drawn: int, host: bool = False) -> None:
    """Every second: the seat is here (:func:`~ui.pages.friends.table.heartbeat`); the table
    moved on (or, for the host, someone came or went): the whole page again."""
    if seat is not None:
        friends_table.heartbeat(table_id, seat)
    if friends_table.due():
        friends_table.advance(table_id)
    if friends_table.current_version(table_id) != drawn or host and _presence(table_id) != \
            st.session_state.get(PRESENCE):
        st.rerun(scope="app")


def _presence(table_id: str) -> tuple[tuple[int, bool, bool], ...]:
    """Who is here and who is away (for the host's view)."""
    record = friends_table.read(table_id)
    now = time.time()
    return () if record is None else tuple(
        (s.seat, logic.present(s, now), logic.absent(s, now)) for s in record.seats)


def _said(table_id: str, prefix: str) -> None:
    shown = feedback.now(friends_table.said(table_id))
    if shown is not None:
        with st.container(key=feedback.key(prefix, shown.kind)):
            st.markdown(plain(shown.text))


def _seat_gate(record: progress.TableRecord, seat: int, token: str) -> bool:
    """Whether this browser sits at ``seat``; if not, the name form, or why it cannot."""
    found = next((s for s in record.seats if s.seat == seat), None)
    if found is not None and found.taken and found.learner == session.learner_id():
        return True
    if record.ended is not None:
        session.notice(t("friends.seat_ended"), "warning")
        return False
    if found is not None and found.taken:
        st.warning(plain(t("friends.seat_other", name=friends_words.as_text(found.name or ""))))
        return False
    with st.form("friends-name"):
        st.text_input(t("friends.name"), key=setup.W_NAME, max_chars=progress.NAME_MAX)
        st.form_submit_button(t("friends.sit"), type="primary", on_click=setup.on_sit,
                              args=(record.table_id, token), key="friends.sit")
    _said(record.table_id, "friends-name")
    return False


def _hint_lines(game: Game, me: int, md: tuple[str, ...]) -> None:
    if not game.setting.learning or game.state.over:
        return
    waiting, found = friends_table.hint(game)
    yours = game.state.mover == me
    st.button(t("play.hint"), key="friends.hint", icon=":material/lightbulb:",
              on_click=friends_table.on_hint, args=(game.table_id, me, game.record.version),
              disabled=not yours or waiting, help=t("play.hint_help"))
    if waiting:
        st.caption(t("play.hint_thinking"))
    elif isinstance(found, Decision) and yours:
        with st.container(key=feedback.key("friends-hint", "hint")):
            st.markdown(f"**{t('play.hint_title')}** {plain(move_text(found.move))}")
            for reason in found.reasons:
                st.markdown(f"- {plain(reason_text(reason, md))}")


def _below(game: Game, me: int, md: tuple[str, ...]) -> None:
    """Under the table: a refused move, the hint, what the seat may know, the result."""
    state = game.state
    _said(game.table_id, "friends")
    _hint_lines(game, me, md)
    if not state.over:
        st.markdown(plain(knowledge(state, me, md)))
        return
    result = story.settlement_view(state, md)
    with st.container(key="friends-result"):
        st.markdown(f"**{t('try.result')}** {plain(result.text)}")
        st.markdown("\n".join(f"- {plain(line)}" for line in result.holdings))
    _review(game, me)
    if not game.match.over:
        games = game.setting.rules.plays_games
        with st.container(key="friends-actions"):
            st.button(t("play.next_game") if games else t("play.next_round"),
                      key="friends.next", type="primary", on_click=friends_table.on_next_round,
                      args=(game.table_id, game.record.version))


def _review(game: Game, me: int) -> None:
    """The person's own review of the round, filling in; where another server process works
    it out, that Play finishes it."""
    learner = next((who for seat, who in logic.people(game) if seat == me), None)
    if learner is None:
        return
    review = friends_table.review_of(game, me, learner)
    if review is not None:
        round_review_view.draw(review, key="friends-review",
                               games=game.setting.rules.plays_games)
        return
    st.caption(t("friends.review_on_play"))
    page_link("pages/play.py", t("nav.play"))


def _given_notes(game: Game) -> None:
    """Everyone sees whose seat the computer plays for them, and the table's last event."""
    md = tuple(friends_words.as_text(x) for x in friends_words.names(
        game.record, friends_words.places(game.record)))
    for seat in game.seats:
        if seat.kind == "person" and seat.computer:
            st.info(plain(t("friends.event_given", name=md[seat.seat])))
    last = game.record.events[-1] if game.record.events else None
    said = "" if last is None or last.kind == "given" else friends_words.event_text(last, md)
    if said:
        st.caption(plain(said))


def _note(game: Game, yours: bool, labels: tuple[str, ...]) -> str | None:
    """The status line under the table: the round's end, or whom the table waits for (the
    board's own "your move" on the person's turn)."""
    state = game.state
    if state.over:
        return t("play.game_over") if game.setting.rules.plays_games else t("board.round_over")
    if yours or state.mover is None:
        return None
    return t("friends.waiting_for", name=labels[state.mover])


def _table(game: Game, me: int) -> None:
    state = game.state
    places = friends_words.places(game.record)
    labels = friends_words.seat_labels(game, me, places)
    md = tuple(friends_words.as_text(x) for x in labels)
    said = friends_words.announcement_id(game)
    # At the round's end the focus goes to "Next round", described by the result (as Play).
    live("friends", friends_words.announcement(game, labels, me), said,  # plain text
         Focus(f"{said}.end", ".st-key-friends-actions button",
               describe=".st-key-friends-result", within=f".st-key-{logic.BOARD}-board")
         if state.over and not game.match.over else None)
    _given_notes(game)
    mine = game.seat(me)
    yours = not state.over and state.mover == me and game.record.ended is None and (
        mine is not None and not mine.plays_computer)
    found = friends_table.hint(game)[1] if game.setting.learning else None
    board(state, key=logic.BOARD, seat=me, seats=labels,
          reveal="all" if state.over else "mover",
          on_move=partial(friends_table.on_move, game.table_id, me, game.record.version),
          disabled=not yours, controls=yours, note=_note(game, yours, labels), offer="legal",
          fits=game.setting.learning, hand_label=t("play.your_hand"), hand_link=True,
          highlight=found.move if yours and isinstance(found, Decision) else None,
          below=partial(_below, game, me, md))
    if state.over:
        share_position("friends-round", logic.whole_round(game),
                       game=game.setting.rules.plays_games, seat=str(me + 1))
    lines = [f"{n}. {story.narrate(rec, md, show_hidden=state.over)}"
             for n, rec in enumerate(state.history, start=1)]
    with st.expander(t("try.log", count=len(lines)), expanded=False):
        st.markdown("  \n".join(plain(x) for x in lines) if lines else t("try.log_empty"))
    host_view.sheet(game, labels)


def _seat_view(record: progress.TableRecord, seat: int, token: str) -> None:
    if not _seat_gate(record, seat, token):
        return
    table_id = record.table_id
    friends_table.heartbeat(table_id, seat)
    if friends_table.advance(table_id):
        record = friends_table.read(table_id) or record
    game = logic.rebuild(record)
    if record.ended is not None and (game is None or not game.match.over):
        session.notice(t("friends.seat_ended"), "warning")
    if game is None:
        labels = friends_words.seat_labels(record, seat, friends_words.places(record))
        st.info(plain(t("friends.waiting_start")))
        st.markdown("\n".join(f"- {plain(friends_words.as_text(x))}" for x in labels))
    else:
        _table(game, seat)
    if record.ended is None:
        _watch(table_id, seat, record.version)


def draw() -> None:
    st.html(f"<style>{CSS}{match_sheet.CSS}</style>")
    thinking.warm()
    st.title(t("friends.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("friends.lead"))}</p>', unsafe_allow_html=True)
    address = setup.read_address()
    for problem in address.problems:
        session.notice(problem, "warning")
    if address.role == "setup" or address.table is None:
        host_view.setup_form()
        return
    record = friends_table.read(address.table)
    if record is None:
        session.notice(t("friends.no_table"), "warning")
        return
    opens = friends_table.opens(record.table_id, address.token)
    if address.role == "host" and opens == "host":
        friends_table.advance(record.table_id)
        record = friends_table.read(record.table_id) or record
        st.session_state[PRESENCE] = _presence(record.table_id)
        host_view.host_view(record, address.token)
        if record.ended is None:
            _watch(record.table_id, None, record.version, host=True)
    elif address.role == "seat" and isinstance(opens, int):
        setting = logic.setting_of(record.params)
        if setting is not None:
            st.caption(plain(rules_label(setting.rules)))
        _seat_view(record, opens, address.token)
    else:
        session.notice(t("friends.bad_link"), "warning")
