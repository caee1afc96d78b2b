"""Play: rounds and matches against the computer, with hints and a review of every move.

Logic first, drawing after (``pages/play.py`` only calls :func:`ui.pages.play.view.draw`).

- The address: the rules as on Try it (``?rules=gaple&players=5&dead=0``, read by
  :mod:`ui.widgets.deal_setup`), ``level=`` (one of :data:`engine.players.bots.LEVELS`, or the name
  the page shows, ``medium``: :func:`ui.pages.play.setup.level_named`), ``seat=``
  (which seat the learner takes, 1 … players) and ``seed=``; a bad value falls back with a
  notice.
- A :class:`Table` (session key ``play.table``) holds the match (:func:`engine.game.match.match_for`),
  the round being played, the learner's seat (drawn at the bottom), the computer's move being
  worked out (a future from :mod:`ui.thinking`), the hint, and the review of a finished round.
- :func:`advance` is the table's clock.  When a computer seat is to move it asks for that
  seat's move (the bot sees only its seat's view) and plays the answer once it has come and
  the previous computer move has been on show for :data:`PAUSE` seconds: one move a call, so
  a person can follow; with no pause (the tests) it plays on to the learner's turn.  The
  computer's moves are worked out ahead, each as soon as the one before it is known, up to
  the learner's turn (:func:`_ask_computer`, :attr:`Table.ahead`): the workers are then free
  while the last ones are on show, and the tutor looks at the learner's coming position
  meanwhile (:func:`ui.pages.play.tutor.ahead`).
- Every move, the learner's or the computer's, goes through :func:`_push`, and the move that
  ends a round records it there and then (:func:`finish_round`: the match, the learner's
  progress, once) and asks for its review (:mod:`ui.widgets.round_review.work`: each choice the
  learner had, judged by what they could see and with every hand open, in the background
  worker).  So a round is recorded whichever path ended it and whenever the page runs next,
  and the match's rounds, totals, round number and opener always agree with the rounds
  played (:func:`next_round` deals only after the record).
- The match is kept in the learner's store as it is played (:mod:`ui.pages.play.resume`):
  each deal as it is dealt (:func:`keep_deal`), each move as :func:`_push` makes it and each
  hint taken, once a ply; a new session finds it there.  A practice replay is never kept.
- A review fills in while the learner looks or plays on: the table keeps every review not
  yet summed up (``filing``, the one on show and any a "Next round" left behind) and
  :func:`advance` takes their answers as they come, keeping each round's figures in the
  learner's record once its last answer is in (:func:`ui.widgets.round_review.work.poll`).
"""

from __future__ import annotations

import os
import random
import secrets
import time
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial

from engine.game.match import Match, match_for
from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.state import State
from engine.game.view import view
from engine.notation.code import Position
from engine.notation.code_write import move_token
from engine.players.bots import Decision, make_bot

from ... import progress, session, thinking
from ...i18n import t
from ...widgets.deal_setup import deal_params, seat_names
from ...widgets.feedback import Said, checked, worded
from ...widgets.round_review import work as play_review
from ...widgets.round_review.work import ReviewItem, RoundReview
from .tutor_state import Tutor

PAGE = "pages/play.py"
TABLE = "play.table"
BOARD = "play-board"
#: Seconds a computer move stays on show before the next one (``DOMINO_PLAY_PAUSE``).
PAUSE = max(0.0, float(os.environ.get("DOMINO_PLAY_PAUSE", "0.9") or 0))
#: How often the table looks for the computer's answer while it waits (seconds).
TICK = 0.25
#: The address's own keys (the rules' keys are deal_setup's).
PARAM_KEYS = ("rules", "players", "hand", "dead", "blank25", "draw", "seed", "level", "seat")
DEFAULT_LEVEL = "heaviest"
#: The learner's seat at each table size: South where there is one.
_LEARNER = {2: 1, 3: 2, 4: 2, 5: 2}


def learner_seat(rules: Ruleset) -> int:
    return 0 if rules.seat_style == "duel" else _LEARNER.get(rules.players, 0)


def seat_labels(rules: Ruleset, learner: int) -> tuple[str, ...]:
    """The table's seat names in the page's language, the learner's marked "(you)"."""
    names = list(seat_names(rules))
    names[learner] = t("play.you", name=names[learner])
    return tuple(names)


# -- the table ---------------------------------------------------------------------------


@dataclass
class Pending:
    """An answer being worked out for the position after ``ply`` moves."""

    future: Future[Decision]
    ply: int


@dataclass
class Table:
    """One learner's game against the computer (kept in session state)."""

    rules: Ruleset
    level: str
    seed: int
    learner: int
    seats: tuple[str, ...]
    match: Match
    state: State
    start: State  # the round as dealt (the review replays from it)
    params: dict[str, str]
    finished: bool = False  # this round is over and handled: recorded and reviewed (or a
    # practice round, which is never recorded)
    computer: Pending | None = None  # the computer's next move being worked out ...
    ahead: list[Move] = field(default_factory=list)  # ... after these, worked out, not shown
    shown_at: float = 0.0  # when the last computer move was played (time.monotonic)
    hint: Decision | None = None
    hint_for: int = -1  # the ply the hint is for
    hint_pending: Pending | None = None
    hints: set[int] = field(default_factory=set)  # plies where the learner took a hint
    feedback: Said | None = None
    say_move: bool = False  # the live region says the last move (the computer's) ...
    say_result: bool = False  # ... and the round's end (see play_words.announcement)
    review: list[ReviewItem] = field(default_factory=list)  # the round on show's choices
    reviewed: RoundReview | None = None  # ... and their review, with its report once summed up
    filing: list[RoundReview] = field(default_factory=list)  # reviews not yet summed up
    practice: State | None = None  # the real round's end while a review position is replayed
    practice_from: int = 0
    replays: int = 0  # replays begun from the review (each one's announcements are new)
    log: list[str] = field(default_factory=list)  # what happened, for tests
    tutor: Tutor | None = None  # tutor mode (ui.pages.play.tutor); None when it is off
    uid: str = field(default_factory=lambda: secrets.token_urlsafe(9))  # this table, anywhere
    owner: str = ""  # the learner whose store keeps the match as it is played ("": none)
    stale: bool = False  # the store holds another move at a ply: played on elsewhere

    @property
    def round_id(self) -> str:
        """The round's key in the learner's record (recorded once under it)."""
        return f"{self.uid}:{self.round_no}"

    @property
    def round_no(self) -> int:
        """The number of the round on the table (the recorded rounds and, until it is
        recorded, the one being played): worked out from the match, so never out of step."""
        recorded = self.finished or self.practice is not None
        return len(self.match.rounds) + (0 if recorded else 1)

    @property
    def learner_to_move(self) -> bool:
        return not self.state.over and self.state.mover == self.learner

    @property
    def waiting(self) -> bool:
        """The table is waiting for an answer (the computer's move, a hint, a review's)."""
        computer = not self.state.over and self.state.mover != self.learner
        return computer or self.hint_pending is not None or any(
            review.waiting for review in self.filing)


def new_table(rules: Ruleset, level: str, seed: int, learner: int | None = None) -> Table:
    """A new match: its first round dealt from ``seed``."""
    match = match_for(rules, random.Random(seed))
    state = match.deal()
    seat = learner_seat(rules) if learner is None else learner
    params = {**deal_params(rules, seed), "level": level}
    if learner is not None and learner != learner_seat(rules):
        params["seat"] = str(learner + 1)
    return Table(rules, level, seed, seat, seat_labels(rules, seat), match, state, state.copy(),
                 params)


def _bot_seed(table: Table, ply: int) -> int:
    return (table.seed * 1_000_003 + table.round_no * 10_007 + ply) & 0x7FFF_FFFF


def upcoming(table: Table) -> State:
    """The position once the computer's moves worked out and not yet shown are played (the
    one on the table when there are none)."""
    if not table.ahead:
        return table.state
    state = table.state.copy()
    for move in table.ahead:
        state.push(move)
    return state


def _ask_computer(table: Table) -> None:
    """Work the computer's moves out ahead, up to the learner's turn: take each answer once
    it has come (into :attr:`Table.ahead`, to be shown one by one) and ask for the next, the
    seat seeing only its own view of the position the moves before it lead to."""
    state = upcoming(table)
    while not state.over and state.mover is not None and state.mover != table.learner:
        ply = len(state.history)
        pending = table.computer
        if pending is None or pending.ply != ply:
            table.computer = Pending(thinking.decide(table.level, view(state, state.mover),
                                                     _bot_seed(table, ply)), ply)
            return
        if not pending.future.done():
            return
        move = computer_move(state, pending)
        table.ahead.append(move)
        table.computer = None
        if state is table.state:  # the first move ahead: played on a copy from here
            state = state.copy()
        state.push(move)


def computer_move(state: State, pending: Pending) -> Move:
    """The answer for ``state``, as the engine resolves it; if the worker failed (or
    answered a move the engine refuses), the heaviest tile instead: never a stalled table."""
    decision, _ = thinking.take(pending.future)
    if decision is not None:
        move, refused = checked(state, decision.move)
        if refused is None:
            return move
    return state.resolve(make_bot("heaviest").decide(view(state, state.mover or 0),
                                                     random.Random(0)).move)


def advance(table: Table, now: float | None = None) -> bool:
    """Move the table on (see the module); True when something changed."""
    now = time.monotonic() if now is None else now
    changed = _poll_answers(table)
    while True:
        state = table.state
        if state.over:
            if not table.finished:
                finish_round(table)
                changed = True
            return changed
        if state.mover == table.learner:
            return changed
        _ask_computer(table)
        if not table.ahead or (PAUSE and now - table.shown_at < PAUSE):
            return changed
        _push(table, table.ahead.pop(0))
        table.say_move = True
        table.shown_at = now
        changed = True
        if PAUSE:
            _ask_computer(table)  # think on while this move is on show
            return changed


def _poll_answers(table: Table) -> bool:
    changed = False
    p = table.hint_pending
    if p is not None and p.future.done():
        table.hint_pending = None
        changed = True
        if p.ply == len(table.state.history) and table.learner_to_move:
            hint, failed = thinking.take(p.future)
            if hint is not None:  # named as the move one click plays (equal ends: one move)
                hint = replace(hint, move=table.state.canonical(hint.move))
            table.hint, table.hint_for = hint, p.ply
            if failed:
                table.feedback = worded("no", partial(t, "play.hint_failed"))
    return play_review.poll(table.filing, table.reviewed) or changed


# -- the learner's actions -----------------------------------------------------------------


def play_move(table: Table, move: Move) -> bool:
    """The learner's move: refused (the position unchanged, the reason given) or played,
    and the computer asked for its answer at once."""
    state = table.state
    if not table.learner_to_move:
        table.feedback = worded("no", partial(t, "play.not_your_turn"))
        return False
    resolved, refused = checked(state, move)
    if refused is not None:
        table.feedback = refused
        table.log.append(f"refused {resolved.text()}")
        return False
    table.feedback, table.hint, table.hint_pending = None, None, None
    table.shown_at = 0.0  # the computer answers as soon as it has thought
    table.say_move = False
    _push(table, resolved)
    _ask_computer(table)
    return True


def _push(table: Table, move: Move) -> None:
    """Play a legal ``move`` on the table; the move that ends the round records it at once
    (the one place a round ends, so none is left unrecorded)."""
    state = table.state
    mover = state.mover
    assert mover is not None
    played = state.push(move)
    table.log.append(f"{table.seats[mover]} {played.text()}")
    if table.owner and table.practice is None:  # kept as it is made (once a ply)
        table.stale = not session.store(progress.record_move, True, table.uid, table.round_no,
                                        len(state.history) - 1, move_token(played, state)) \
            or table.stale
    if state.over:
        finish_round(table)


def ask_hint(table: Table) -> None:
    """The strong bot's choice for the learner, with its reasons (recorded with the round)."""
    if not table.learner_to_move or table.hint_pending is not None:
        return
    ply = len(table.state.history)
    if table.hint is not None and table.hint_for == ply:
        return
    table.hints.add(ply)
    if table.owner and table.practice is None:
        session.store(progress.record_hint, None, table.uid, table.round_no, ply)
    table.hint_pending = Pending(thinking.advise(view(table.state, table.learner),
                                                 _bot_seed(table, ply) ^ 0x5A5A), ply)
    _poll_answers(table)


def finish_round(table: Table) -> None:
    """The round is over: record it (unless it is a replay from the review) and ask for the
    review's verdicts; once a round, however often it is called."""
    if table.finished or not table.state.over or table.stale:  # (stale: the store's match
        return  # went another way; the page takes it up instead, ui.pages.play.resume)
    table.finished = True
    table.computer = table.hint_pending = table.hint = None
    table.ahead.clear()
    if table.practice is not None:
        return
    result = table.match.record(table.state)
    table.say_result = True
    won = not result.draw and result.winners == (table.learner,)
    session.record_round(table.rules.family, won, len(table.hints), table.round_id)
    if table.match.over:
        session.record_match(table.rules.family, table.match.winners == (table.learner,))
    review = play_review.review_round(table.start, table.state, table.learner, table.round_id,
                                      table.seed, table.round_no)
    if table.owner:  # pending in the store until kept: finished even if the learner leaves
        session.store(progress.add_pending, False, table.round_id,
                      play_review.job(review, table.seed, table.round_no), play_review.CLAIMER)
        play_review.attend(review, table.owner)
    table.review, table.reviewed = review.items, review
    table.filing.append(review)
    play_review.poll(table.filing, review)  # answered at once (inline): kept at once


def _leave_position(table: Table) -> None:
    """The table goes to another position (a replay begun or left): nothing asked, nothing
    said of the one it leaves."""
    table.computer = table.hint_pending = table.hint = None
    table.ahead.clear()
    table.feedback, table.say_move, table.say_result = None, False, False


def replay_from(table: Table, item: ReviewItem) -> None:
    """Play on from a reviewed position (a practice: not recorded)."""
    if item not in table.review:  # from another table's review
        return
    if table.practice is None:
        table.practice = table.state
    table.state = item.position.copy()
    table.practice_from = item.number
    table.replays += 1
    table.finished = False
    _leave_position(table)
    table.log.append(f"replay from move {item.number}")


def back_to_review(table: Table) -> None:
    """Leave a replay, at any move: the round's own end again, and its review."""
    if table.practice is not None:
        table.state, table.practice = table.practice, None
        table.replays += 1
        table.finished = True
        _leave_position(table)


def next_round(table: Table) -> None:
    """Deal the match's next round (the match moved the start on when it recorded)."""
    if table.practice is not None:
        return
    finish_round(table)  # recorded already (by the move that ended it): never dealt past
    if not table.finished or table.match.over:
        return
    table.state = table.match.deal()
    table.start = table.state.copy()
    table.finished = False
    keep_deal(table)
    table.hints, table.review, table.reviewed = set(), [], None
    table.feedback, table.say_move, table.say_result, table.shown_at = None, False, False, 0.0


def keep_deal(table: Table) -> None:
    """Keep the round on the table as dealt (a position code), once: never dealt again."""
    if table.owner:
        session.store(progress.record_deal, False, table.uid, table.round_no,
                      Position.from_state(table.start).text())
