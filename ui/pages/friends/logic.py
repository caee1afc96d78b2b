"""Play with friends: a table's setting, its match rebuilt from the store, and every rule
question asked of the engine (no Streamlit here).

- A table's :class:`Setting` (rules, seed, match length, learning or match table) is kept in
  the store as the table's params (:func:`setting_params`, read back by :func:`setting_of`:
  the rules as an address names them, :func:`ui.widgets.deal_setup.parse_params`).
- :func:`rebuild` makes the table's :class:`Game` from its :class:`ui.progress.TableRecord`
  (each round's deal, a position code, and its moves, round code tokens): the match dealt
  again from the table's seed round by round, so that its dealing goes on where it was, each
  round laid out from its kept deal and played through its kept moves (the engine reads the
  round code), every finished round recorded in the match.  Every session at the table
  rebuilds the same game from the same record.
- :func:`person_move` checks a person's move (their turn, and the engine's refusal) and
  gives its token; :func:`computer_token` the token of a computer seat's move, worked out on
  that seat's view only, with a seed of the table's seed, the round and the ply, so every
  session works out the same move.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.game.match import Match, match_for
from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.state import State
from engine.game.view import view
from engine.notation.code import CodeError, Position, Round, parse_round
from engine.notation.code_write import move_token
from engine.notation.sheet import default_goal
from engine.players.bots import LEVELS, make_bot

from ... import progress
from ...i18n import t
from ...widgets.deal_setup import PARAM_KEYS, deal_params, parse_params
from ...widgets.feedback import Said, checked, worded

PAGE = "pages/friends.py"
BOARD = "friends-board"
#: Seconds a computer move stays on show before the next one (``DOMINO_PLAY_PAUSE``, as Play).
PAUSE = max(0.0, float(os.environ.get("DOMINO_PLAY_PAUSE", "0.9") or 0))
#: The session that made a table's last change works the computer's move out; another does
#: once the table has been quiet this many seconds more (that page went away).
GRACE = 3.0
#: A person's page tells the store it is open every this many seconds ...
BEAT = 4.0
#: ... and the person is here when it was heard from within this many seconds ...
PRESENT = 10.0
#: ... and the host may give their seat to the computer after this many seconds without news.
ABSENT = 30.0
DEFAULT_LEVEL = "heaviest"
#: The lengths a table may agree on: Block's target in points, else the rounds (games).
POINTS = (31, 61, 100, 151)
ROUNDS = (1, 3, 5, 7)


@dataclass(frozen=True, slots=True)
class Setting:
    """What the one who set the table chose: the rules, the match's seed and length, and
    whether it is a learning table (hints and "Show which tiles fit") or a match table."""

    rules: Ruleset
    seed: int
    goal: int
    learning: bool


def goal_choices(rules: Ruleset) -> tuple[int, ...]:
    """The match lengths offered: Block's target in points (its own among them), else the
    rounds (games) of a run."""
    if rules.target is not None:
        return tuple(sorted({*POINTS, rules.target}))
    return ROUNDS


def setting_params(setting: Setting) -> dict[str, str]:
    """The table's params as the store keeps them."""
    return {**deal_params(setting.rules, setting.seed), "goal": str(setting.goal),
            "learning": "1" if setting.learning else "0"}


def setting_of(params: Mapping[str, Any]) -> Setting | None:
    """The setting a table's params keep (None when they cannot be read: nothing is shown
    rather than another game)."""
    text = {str(k): str(v) for k, v in params.items()}
    parsed = parse_params({k: v for k, v in text.items() if k in PARAM_KEYS})
    raw_goal = text.get("goal", "")
    goal = int(raw_goal) if raw_goal.isascii() and raw_goal.isdigit() and len(raw_goal) < 5 \
        else 0
    if parsed.problems or parsed.seed is None or goal < 1:
        return None
    return Setting(parsed.rules, parsed.seed, goal, text.get("learning") == "1")


def default_setting(rules: Ruleset, seed: int, learning: bool = True) -> Setting:
    return Setting(rules, seed, default_goal(rules), learning)


def new_match(setting: Setting) -> Match:
    return match_for(setting.rules, random.Random(setting.seed), setting.goal)


def first_deal(setting: Setting) -> str:
    """Round 1's deal (a position code), as the match deals it from the table's seed."""
    return Position.from_state(new_match(setting).deal()).text()


# -- the game, rebuilt from the store ----------------------------------------------------------


@dataclass
class Game:
    """A started table as it stands: its match (every finished round recorded), the round
    on the table as dealt (``start``) and now (``state``)."""

    record: progress.TableRecord
    setting: Setting
    match: Match
    start: State
    state: State

    @property
    def table_id(self) -> str:
        return self.record.table_id

    @property
    def round_no(self) -> int:
        return len(self.record.deals)

    @property
    def ply(self) -> int:
        return len(self.state.history)

    @property
    def seats(self) -> tuple[progress.SeatRecord, ...]:
        return self.record.seats

    def seat(self, number: int) -> progress.SeatRecord | None:
        return next((s for s in self.record.seats if s.seat == number), None)

    def round_id(self, seat: int) -> str:
        """A person's round in their record (kept once under it, whoever records it)."""
        return f"{self.table_id}:{self.round_no}:{seat}"


def rebuild(record: progress.TableRecord) -> Game | None:
    """The table's game from its record (see the module); None when the table has not
    started or its record cannot be read."""
    setting = setting_of(record.params)
    if setting is None or not record.deals:
        return None
    match = new_match(setting)
    start = state = match.deal()
    try:
        for number, deal in enumerate(record.deals, start=1):
            if number > 1:
                match.deal()  # the match's dealing goes on where it was ...
            moves = record.moves[number - 1] if number <= len(record.moves) else ()
            played = parse_round(f"{deal}/m{''.join(moves) or '-'}")  # ... the round is kept
            start, state = played.start.state(), played.final()
            if start.rules != setting.rules:
                return None
            if state.over and not match.over:
                match.record(state)
    except (CodeError, ValueError):
        return None
    return Game(record, setting, match, start, state)


def next_deal(game: Game) -> str | None:
    """The match's next round, dealt (a position code), once the round on the table is over
    and the match is not (the game's match deals it: rebuild before asking again)."""
    if not game.state.over or game.match.over:
        return None
    return Position.from_state(game.match.deal()).text()


def whole_round(game: Game) -> Round:
    """The round on the table, every hand and every move (only once it is over is it shown)."""
    return Round.from_state(game.state)


# -- moves ---------------------------------------------------------------------------------------


def token_after(state: State, move: Move) -> str:
    """A legal move's round code token."""
    after = state.copy()
    played = after.push(move)
    return move_token(played, after)


def person_move(game: Game, seat: int, move: Move) -> tuple[str | None, Said | None]:
    """A person's move at ``seat``: its token, or why it is refused (not their turn, or the
    engine's refusal in words); the position is not touched."""
    state = game.state
    record = game.seat(seat)
    if state.over or state.mover != seat or record is None or record.plays_computer:
        return None, worded("no", partial(t, "friends.not_your_turn"))
    resolved, refused = checked(state, move)
    if refused is not None:
        return None, refused
    return token_after(state, resolved), None


def computer_seat(game: Game) -> int | None:
    """The seat to move when the computer plays it (its own, or a person's given to it)."""
    mover = game.state.mover
    record = None if mover is None else game.seat(mover)
    return mover if record is not None and record.plays_computer else None


def level_of(game: Game, seat: int) -> str:
    record = game.seat(seat)
    level = record.level if record is not None else None
    return level if level in LEVELS else DEFAULT_LEVEL


def bot_seed(game: Game) -> int:
    """The computer's seed for the move at hand: the same in every session."""
    return (game.setting.seed * 1_000_003 + game.round_no * 10_007 + game.ply) & 0x7FFF_FFFF


def computer_token(game: Game, chosen: Move | None) -> str:
    """The token of the computer's move: ``chosen`` as the engine resolves it, or, when the
    worker failed or answered a move the engine refuses, the heaviest tile (never a stalled
    table)."""
    state = game.state
    seat = state.mover if state.mover is not None else 0
    if chosen is not None:
        move, refused = checked(state, chosen)
        if refused is None:
            return token_after(state, move)
    move = state.resolve(make_bot("heaviest").decide(view(state, seat), random.Random(0)).move)
    return token_after(state, move)


# -- the round's end ------------------------------------------------------------------------------


def won(game: Game, seat: int) -> bool:
    result = game.match.rounds[-1] if game.match.rounds else None
    return result is not None and not result.draw and result.winners == (seat,)


def people(game: Game) -> list[tuple[int, str]]:
    """The person seats with a learner (the browser that took them): (seat, learner)."""
    return [(s.seat, s.learner) for s in game.seats if s.kind == "person" and s.learner]


# -- who is here ------------------------------------------------------------------------------------


def present(seat: progress.SeatRecord, now: float) -> bool:
    return seat.seen is not None and now - seat.seen <= PRESENT


def absent(seat: progress.SeatRecord, now: float) -> bool:
    """A person who took the seat and has not been heard from for :data:`ABSENT` seconds."""
    heard = seat.seen if seat.seen is not None else seat.joined
    return seat.taken and heard is not None and now - heard > ABSENT
