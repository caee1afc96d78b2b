"""Play with friends: what a session does at a table, through the store (:mod:`ui.progress`,
its tables: ``read_table``, ``play``, ``deal`` …), and the page's callbacks.

Every write goes through the store's version check: a move (:func:`on_move`) is written
for the version the page drew, so a move out of turn, a stale tab, two clicks at once or a
replayed request changes nothing (the page says "The table moved on: here it is now" and
draws the table as the store has it).  :func:`advance` is the table's clock, run by every
session that looks at the table: a computer seat to move is played (worked out on its view,
:func:`ui.thinking.decide`, with the same seed in every session; the first write wins, the
others find the table moved on), one move a :data:`~.logic.PAUSE` so that people can
follow; a finished round is recorded for every person seat with a learner (:func:`finish`:
once per round and seat, whichever session gets there first), and its review asked for in
this server process, pending in the learner's store in Play's format until it is kept
(:func:`ui.widgets.round_review.pending.start_review`: the person's own session shows it
filling in, and Play finishes it if this process goes away); the match's end ends the table.

Session keys (all ``friends.``): ``friends.said`` (the page's feedback, a :class:`Said`, with
the table it is for), ``friends.computer`` (the computer's move being worked out: table,
version, future), ``friends.finished`` (the rounds this session has recorded),
``friends.hint_asked`` and ``friends.hints`` (the hint asked for, and the plies where this
session took one), ``friends.due`` (a computer move still to be made: :func:`advance`),
``friends.reviews`` (the person's own reviews this session shows: :func:`reviews`),
``friends.beat`` (when this session last told the store its person is here),
``friends.wrote`` (the table and version this session's last write made: that session asks
for the computer's next move; another only once the table has been quiet for
:data:`~.logic.GRACE` seconds, its page gone).
"""

from __future__ import annotations

import time
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial

import streamlit as st

from engine.game.moves import Move
from engine.game.view import view
from engine.players.bots import Decision

from ... import progress, session, thinking
from ...i18n import t
from ...widgets.feedback import Said, worded
from ...widgets.round_review import pending as round_pending
from ...widgets.round_review import work
from ...widgets.round_review.work import RoundReview
from . import logic
from .logic import Game

SAID = "friends.said"
COMPUTER = "friends.computer"
FINISHED = "friends.finished"
HINT = "friends.hint_asked"
HINTS = "friends.hints"
WROTE = "friends.wrote"
DUE = "friends.due"
REVIEWS = "friends.reviews"
BEAT = "friends.beat"


@dataclass(frozen=True, slots=True)
class Asked:
    """A computer move (or a hint) being worked out for ``table`` at ``version``."""

    table: str
    version: int
    future: Future[Decision]


def read(table_id: str) -> progress.TableRecord | None:
    try:
        return progress.read_table(table_id)
    except progress.ProgressError:
        return None


def opens(table_id: str, token: str) -> int | str | None:
    """What a token opens at the table: a seat, "host", or nothing (also when the store
    cannot be asked)."""
    if not token:
        return None
    try:
        return progress.access(table_id, token)
    except progress.ProgressError:
        return None


def game_of(table_id: str) -> Game | None:
    record = read(table_id)
    return None if record is None else logic.rebuild(record)


def say(table_id: str, said: Said | None) -> None:
    st.session_state[SAID] = None if said is None else (table_id, said)


def said(table_id: str) -> Said | None:
    kept = st.session_state.get(SAID)
    return kept[1] if isinstance(kept, tuple) and kept[0] == table_id else None


def _moved_on(table_id: str) -> None:
    say(table_id, worded("no", partial(t, "friends.moved_on")))


# -- the table's clock ------------------------------------------------------------------


def advance(table_id: str, now: float | None = None) -> bool:
    """Move the table on (see the module); True when this session wrote something.  Keeps
    in ``friends.due`` whether a computer move is still to be made (the page's watch then
    calls again)."""
    wrote = False
    st.session_state[DUE] = False
    for _ in range(400):  # a round has far fewer moves; never a loop without end
        record = read(table_id)
        game = None if record is None or record.ended is not None else logic.rebuild(record)
        if record is None or game is None:
            return wrote
        if game.state.over:
            finish(game)
            if game.match.over:
                _end(game)
            return wrote
        seat = logic.computer_seat(game)
        if seat is None:
            return wrote
        st.session_state[DUE] = True
        clock = time.time() if now is None else now
        if logic.PAUSE and clock - record.moved < logic.PAUSE:
            return wrote
        if st.session_state.get(WROTE) != (table_id, record.version) and \
                clock - record.moved < logic.PAUSE + logic.GRACE:
            return wrote  # the session that made the last change asks (others: if it went)
        asked = st.session_state.get(COMPUTER)
        if not isinstance(asked, Asked) or (asked.table, asked.version) != (
                table_id, record.version):
            asked = Asked(table_id, record.version, thinking.decide(
                logic.level_of(game, seat), view(game.state, seat), logic.bot_seed(game)))
            st.session_state[COMPUTER] = asked
        if not asked.future.done():
            return wrote
        decision, _ = thinking.take(asked.future)
        token = logic.computer_token(game, None if decision is None else decision.move)
        st.session_state.pop(COMPUTER, None)
        try:
            # (None: another session wrote it first: the table as it is)
            wrote = _wrote(table_id, progress.play(table_id, record.version, game.round_no,
                                                   game.ply, seat, token)) or wrote
        except progress.ProgressError:
            return wrote
        if logic.PAUSE:
            return wrote
    return wrote


def _wrote(table_id: str, version: int | None) -> bool:
    """Note the version this session's write made (None: nothing written); True if one."""
    if version is None:
        return False
    st.session_state[WROTE] = (table_id, version)
    return True


def due() -> bool:
    """A computer move was still to be made when the table was last moved on."""
    return bool(st.session_state.get(DUE))


def finish(game: Game) -> None:
    """The round is over: record it for every person seat with a learner, once per round and
    seat in the store (whichever session first gets here), and add its review to the
    learner's pending reviews in Play's format (nobody's claim: Play takes it up)."""
    done: set[tuple[str, int]] = st.session_state.setdefault(FINISHED, set())
    if (game.table_id, game.round_no) in done:
        return
    me = session.learner_id()
    family = game.setting.rules.family
    try:
        for seat, learner in logic.people(game):
            round_id = game.round_id(seat)
            hints = len(_hints(game)) if learner == me else 0
            before = progress.games(learner).get(family, progress.GameRecord()).rounds
            after = progress.record_round(learner, family, logic.won(game, seat), hints,
                                          round_id=round_id).rounds
            if after > before:  # recorded now (not before, its review perhaps kept since)
                review = round_pending.start_review(learner, round_id, game.start,
                                                    game.state, seat, game.setting.seed,
                                                    game.round_no)
                if learner == me:
                    reviews()[round_id] = review
    except progress.ProgressError:
        return
    done.add((game.table_id, game.round_no))


def reviews() -> dict[str, RoundReview]:
    """The reviews of this session's learner that it shows, by round id (a review is drawn
    from here once it is filed: it is then no longer pending)."""
    kept: dict[str, RoundReview] = st.session_state.setdefault(REVIEWS, {})
    return kept


def review_of(game: Game, seat: int, learner: str) -> RoundReview | None:
    """The review of the round on the table for the person at ``seat``: the one this session
    shows, the one this server process works out (taken up: :func:`~ui.widgets.
    round_review.pending.pick_up`), or, kept already, drawn from the answers kept of it;
    None while another process works it out."""
    round_id = game.round_id(seat)
    review = reviews().get(round_id) or round_pending.pick_up(learner, round_id)
    if review is None:
        try:
            pending = any(p.round_id == round_id for p, _, _ in progress.pending_reviews(learner))
        except progress.ProgressError:
            return None
        if pending:
            return None
        review = work.review_round(game.start, game.state, seat, round_id, game.setting.seed,
                                   game.round_no, learner)
    if review.seat != seat:
        return None
    reviews()[round_id] = review
    return review


def _end(game: Game) -> None:
    """The match is over: the table ends ('finished', once), and the one session that ends
    it counts the match for every person at it."""
    try:
        if not progress.end_table(game.table_id, "finished"):
            return
        winners = game.match.winners
        for seat, learner in logic.people(game):
            progress.record_match(learner, game.setting.rules.family, winners == (seat,))
    except progress.ProgressError:
        pass


# -- a person's actions (callbacks, run before the script) ------------------------------------


def on_move(table_id: str, seat: int, version: int, move: Move) -> None:
    """The person at ``seat`` moves on the table drawn at ``version``: refused in words (the
    position unchanged), or written with the version check and the computer asked at once."""
    record = read(table_id)
    if record is None or record.version != version:
        _moved_on(table_id)
        return
    game = logic.rebuild(record)
    if game is None:
        _moved_on(table_id)
        return
    token, refused = logic.person_move(game, seat, move)
    if refused is not None or token is None:
        say(table_id, refused)
        return
    try:
        written = _wrote(table_id, progress.play(table_id, version, game.round_no, game.ply,
                                                 seat, token))
    except progress.ProgressError:
        written = False
    if not written:
        _moved_on(table_id)
        return
    say(table_id, None)
    st.session_state.pop(HINT, None)
    advance(table_id)


def on_next_round(table_id: str, version: int) -> None:
    """"Next round" (anyone at the table): dealt once, however many click it."""
    game = game_of(table_id)
    if game is None or game.record.version != version:
        return  # dealt already, or the table moved on: the page draws it as it is
    deal = logic.next_deal(game)
    if deal is None:
        return
    try:
        _wrote(table_id, progress.deal(table_id, version, game.round_no + 1, deal))
    except progress.ProgressError:
        pass
    say(table_id, None)
    advance(table_id)


def on_hint(table_id: str, seat: int, version: int) -> None:
    """A hint at a learning table (none at a match table): the strong bot's choice for the
    person's own view."""
    game = game_of(table_id)
    if game is None or not game.setting.learning or game.record.version != version \
            or game.state.over or game.state.mover != seat:
        return
    _hints(game).add(game.ply)
    st.session_state[HINT] = Asked(table_id, version, thinking.advise(
        view(game.state, seat), logic.bot_seed(game) ^ 0x5A5A))


def hint(game: Game) -> tuple[bool, Decision | None]:
    """The hint for the position on the table: (asked and still worked out, the answer)."""
    asked = st.session_state.get(HINT)
    if not isinstance(asked, Asked) or (asked.table, asked.version) != (
            game.table_id, game.record.version):
        return False, None
    if not asked.future.done():
        return True, None
    found, _ = thinking.take(asked.future)
    return False, found


def _hints(game: Game) -> set[int]:
    """The plies of the round on the table where this session took a hint."""
    kept: dict[tuple[str, int], set[int]] = st.session_state.setdefault(HINTS, {})
    return kept.setdefault((game.table_id, game.round_no), set())


# -- the host's actions --------------------------------------------------------------------------


def on_start(table_id: str, host: str, fill: bool) -> None:
    """"Start" (every person seat taken) or "Fill the empty seats with the computer"."""
    record = read(table_id)
    setting = None if record is None else logic.setting_of(record.params)
    if setting is None:
        return
    try:
        answer = progress.start(table_id, host, logic.first_deal(setting), fill=fill)
    except progress.ProgressError:
        return
    say(table_id, worded("no", partial(t, "friends.not_all_here"))
        if answer == "waiting" else None)
    if answer == "started":
        _wrote(table_id, current_version(table_id))
        advance(table_id)


def on_give(table_id: str, host: str, seat: int) -> None:
    try:
        if progress.give_to_computer(table_id, host, seat):
            _wrote(table_id, current_version(table_id))
    except progress.ProgressError:
        return
    advance(table_id)


def on_give_back(table_id: str, host: str, seat: int) -> None:
    try:
        progress.give_back(table_id, host, seat)
    except progress.ProgressError:
        pass


def on_close(table_id: str, host: str) -> None:
    """"Close the table" (the host's token checked): it ends for everyone, its record kept."""
    try:
        if progress.access(table_id, host) == "host":
            progress.end_table(table_id, "closed")
    except progress.ProgressError:
        pass


def heartbeat(table_id: str, seat: int, now: float | None = None) -> None:
    """The person at ``seat`` is here: told the store at most every :data:`~.logic.BEAT`
    seconds (presence needs no more; the page looks at the version every second)."""
    clock = time.time() if now is None else now
    if clock - float(st.session_state.get(BEAT, 0.0)) < logic.BEAT:
        return
    st.session_state[BEAT] = clock
    try:
        progress.seen(table_id, seat, now=clock)
    except progress.ProgressError:
        pass


def current_version(table_id: str) -> int | None:
    try:
        return progress.table_version(table_id)
    except progress.ProgressError:
        return None
