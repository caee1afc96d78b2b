"""Play's match kept in the learner's store as it is played, and taken up again.

The store (:mod:`ui.progress._matches`) keeps the match when it starts (its address: rules,
seed, level, seat; :func:`keep`), each round's deal when it is dealt and each move when it
is made (``ui.pages.play.logic``: ``keep_deal`` and ``_push``, once a ply).  A session that has no
table yet (a reload, a closed and reopened tab, another device through the learner's link,
a restarted server, another replica) finds the learner's latest match there
(:func:`resume`) and rebuilds it exactly (:func:`rebuild`): the match dealt again from its
seed, round by round, so that its dealing goes on where it was, but each round laid out from
its kept deal and played through its kept moves (never dealt again as a new one); every
finished round recorded in the match, so the sheet is the sheet; the round in progress at its
position, whoever is to move.  The page then says so, "Resume" the default and "Abandon this
match" one click away (:func:`draw_banner`).

A session's first table also takes up the learner's reviews that are still pending
(:func:`take_pending`): one this process is working out (a reload) is followed as it is; one
whose process has not been heard of for :data:`ui.widgets.round_review.work.LEASE` seconds
(a restart, a stopped replica) is claimed and asked for again
(:func:`ui.widgets.round_review.pending.take`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from engine.game.moves import Move

from ... import progress, session
from ...i18n import move_named, t
from ...widgets import kept_match
from ...widgets.round_review import pending as pending_review
from ...widgets.round_review import work as play_review
from . import logic as play
from . import tutor as play_tutor
from . import words as play_words
from .logic import Table

RESUMED = "play.resumed"  # (match id, round, ply) where the page said the match was taken up
PENDING_TAKEN = "play.pending_taken"  # when this session last looked for pending reviews
HELD_NOTE = "play.resumed_held"  # (where, move text): the tutor held that move when left
HELD_KEPT = "play.held_kept"  # (match id, the held move as the store has it, or None)


def keep(table: Table) -> None:
    """Keep a new table's match and its first deal in the learner's store (once)."""
    if table.owner:
        return
    table.owner = session.learner_id()
    session.store(progress.open_match, False, table.uid, table.params)
    keep_tutor(table)
    play.keep_deal(table)


def keep_tutor(table: Table) -> None:
    """Keep with the match whether its tutor is on (the learner's choice for it)."""
    if table.owner:
        session.store(progress.keep_tutor, None, table.uid, table.tutor is not None)


def tutor_kept(table: Table) -> bool | None:
    """Whether the tutor was on for this kept match (None: not known)."""
    kept = session.store(progress.kept_tutor, None, table.uid)
    return None if kept is None else kept.on


def keep_held(table: Table) -> None:
    """Keep the move the tutor holds back (looking, or stopped), or that it holds none, in
    the store when that changed: a new session says it was not played."""
    if not table.owner or table.practice is not None:
        return
    tutor, move = table.tutor, None
    if tutor is not None and tutor.held is not None and play_tutor.looking(table):
        move = tutor.held[1]
    elif (stop := play_tutor.current_stop(table)) is not None:
        move = stop.move
    held = None if move is None else (table.round_no, len(table.state.history), move.text())
    if st.session_state.get(HELD_KEPT, (table.uid, None)) != (table.uid, held):
        st.session_state[HELD_KEPT] = (table.uid, held)
        session.store(progress.keep_held, None, table.uid, held)


def rebuild(saved: progress.SavedMatch, owner: str) -> Table | None:
    """The table of a kept match, as it was (None when the store's record cannot be read:
    then a new match is dealt rather than a wrong one shown; :func:`kept_match.replay`)."""
    kept = kept_match.replay(saved)
    if kept is None:
        return None
    table = play.new_table(kept.rules, kept.level, kept.seed, kept.seat)
    table.uid, table.owner, table.params = saved.match_id, owner, dict(saved.params)
    table.match, table.start, table.state = kept.match, kept.start, kept.state
    table.finished, table.hints = kept.state.over, set(kept.hints)
    return table


def resume(url: dict[str, str]) -> Table | None:
    """The learner's latest match, rebuilt, when the address asks for nothing else (or for
    this very match) and it was not abandoned; an address with no game of its own takes up
    only a match not over yet."""
    learner = session.learner_id()
    saved = session.store(progress.latest_match, None)
    if saved is None or saved.abandoned or (url and url != saved.params):
        return None
    table = rebuild(saved, learner)
    if table is None or (not url and table.match.over):
        return None
    if not saved.rounds:  # kept as it started, its first deal not yet: dealt from its seed
        play.keep_deal(table)
    where = _where(table)
    kept = session.store(progress.kept_tutor, None, table.uid)
    held = False
    if kept is not None and kept.held is not None:
        st.session_state[HELD_KEPT] = (table.uid, kept.held)  # held no more: cleared next
        number, ply, move = kept.held
        if (number, ply) == (table.round_no, len(table.state.history)) and \
                table.learner_to_move and table.practice is None:
            st.session_state[HELD_NOTE] = (where, move)
            held = True
    # Said only where the learner has something of theirs to take up: a round played, a
    # move made or held; a match just dealt comes back without a word.
    if held or table.round_no > 1 or where[2] > 0:
        st.session_state[RESUMED] = where
    return table


def played_elsewhere(table: Table) -> Table | None:
    """The match as the store has it, when this session's table went another way (another
    tab or device played on from the same position): None when it cannot be read."""
    saved = session.store(progress.latest_match, None)
    if saved is None or saved.match_id != table.uid:
        return None
    return rebuild(saved, table.owner)


def _where(table: Table) -> tuple[str, int, int]:
    """The match, the round and how many moves the learner has made in it (the computer's
    moves since the page said so leave it said)."""
    mine = sum(1 for record in table.state.history if record.player == table.learner)
    return table.uid, table.round_no, mine


def take_pending(table: Table) -> None:
    """Take up the learner's reviews still pending (see the module): when the session's
    first table is made, and again once a claim could have lapsed since the last look."""
    last = st.session_state.get(PENDING_TAKEN)
    now = time.time()
    if not table.owner or isinstance(last, float) and now - last < play_review.LEASE:
        return
    st.session_state[PENDING_TAKEN] = now
    none: list[tuple[progress.PendingReview, str, float]] = []
    for pending, _claimer, _at in session.store(progress.pending_reviews, none):
        review = pending_review.take(table.owner, pending)
        if review is None:
            continue  # another process is working it out (or it could not be read)
        if review not in table.filing and not review.filed:
            table.filing.append(review)
        if table.finished and table.practice is None and review.round_id == table.round_id:
            table.review, table.reviewed = review.items, review
    if table.finished and table.practice is None and table.reviewed is None:
        # The round on show was reviewed and kept already (or is another process's to
        # keep): its review is drawn from the answers kept of it, and only those missing
        # are asked for again (the store keeps its figures once).
        review = play_review.review_round(table.start, table.state, table.learner,
                                          table.round_id, table.seed, table.round_no,
                                          table.owner)
        play_review.attend(review, table.owner)
        table.review, table.reviewed = review.items, review
        if not review.filed:
            table.filing.append(review)


# -- what the page says of it --------------------------------------------------------------


def resumed(table: Table) -> bool:
    """The page says the match was taken up: until the learner answers or plays on."""
    return st.session_state.get(RESUMED) == _where(table)


def on_resume() -> None:
    st.session_state.pop(RESUMED, None)


def abandon(table: Table) -> None:
    """The learner gives the match up: never offered again."""
    st.session_state.pop(RESUMED, None)
    session.store(progress.abandon_match, None, table.uid)


def draw_banner(table: Table, on_abandon: Callable[[], None]) -> None:
    """"Your match, where you left it", with "Resume" (the default) and "Abandon"."""
    if not resumed(table):
        return
    games = play_words.in_games(table)
    with st.container(key="play-resumed"):
        st.info(t("play.resumed_game" if games else "play.resumed", n=table.round_no))
        held = st.session_state.get(HELD_NOTE)
        if isinstance(held, tuple) and held[0] == _where(table):
            st.warning(t("play.resumed_held", move=move_named(Move.parse(held[1]))))
        with st.container(horizontal=True, gap="small"):
            st.button(t("play.resume"), key="play.resume", type="primary", on_click=on_resume)
            st.button(t("play.abandon_series" if games else "play.abandon"), key="play.abandon",
                      on_click=on_abandon)
