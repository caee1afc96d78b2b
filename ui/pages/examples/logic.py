"""Worked examples (UX.md §6 "What if?"): replay a scenario move by move, branch off.

Logic first, drawing after (the page, ``pages/examples.py``, only calls
:func:`draw`).

- The list: every scenario grouped by where it comes from (:func:`grouped`):
  the documents' diagrams D1–D7, the two-player endings E1–E3 and the demo,
  Block settlements, Gaple, trip-ups.
- A replay is a :class:`Replay` value kept in session state (``ex.replay``):
  the example, the step on the documented line (moves shown), and — once the
  learner has pressed "Try another move" — their own ``branch`` of moves from
  that step.  Every change is a pure function of a :class:`Replay` and the
  :class:`~engine.teaching.scenario.Scenario` (:func:`play`, :func:`undo`,
  :func:`leave`, :func:`goto`): the engine decides every move.
- The link: ``?example=<id>&move=<n>``; an unknown example or move falls back
  with a notice (:func:`locate`).

Scenario texts are English data; a catalog may translate them by key:
``scenario.<id>.title``, ``scenario.<id>.notes``, ``scenario.<id>.note_<n>``
(the note of move ``n``, from 1) — see :func:`ui.i18n.scenario_text`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

import streamlit as st

from engine.game.moves import Move
from engine.game.state import State
from engine.teaching.scenario import Scenario

from ...content import Content, content
from ...i18n import clip, refusal_text, t
from ...widgets.feedback import Said, worded
from ...widgets.story import (
    ordered,
    title,
)

PAGE = "pages/examples.py"
TRY_PAGE = "pages/try_it.py"
REPLAY = "ex.replay"
BOARD = "ex-board"
BEST = "ex-best"  # the "Best move here" ask (ui.widgets.best_move)

# -- the replay: pure functions ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replay:
    """Where the learner is in an example.

    ``step`` moves of the documented line are shown; while ``trying``, the
    board takes the learner's moves and ``branch`` holds those that left the
    documented line at ``step`` (the fork)."""

    example: str
    step: int = 0
    trying: bool = False
    branch: tuple[Move, ...] = ()
    feedback: Said | None = None

    @property
    def branched(self) -> bool:
        return bool(self.branch)


def documented(s: Scenario, step: int) -> State:
    """The position after the first ``step`` documented moves."""
    state = s.initial()
    for move in s.moves[:max(0, min(step, len(s.moves)))]:
        state.push(move)
    return state


def position(s: Scenario, r: Replay) -> State:
    """The position the learner sees: the documented line to the fork, then the branch."""
    state = documented(s, r.step)
    for move in r.branch:
        state.push(move)
    return state


def _same(state: State, a: Move, b: Move) -> bool:
    """Two moves that come to the same here (the engine's one name for each: a tile on
    either of two equal ends is one move)."""
    return state.canonical(state.resolve(a)) == state.canonical(state.resolve(b))


def goto(s: Scenario, r: Replay, step: int) -> Replay:
    """Replay from a step of the documented line (leaving any branch)."""
    return Replay(s.id, max(0, min(step, len(s.moves))))


def start_trying(s: Scenario, r: Replay) -> Replay:
    """"Try another move": the board now takes the learner's moves."""
    if position(s, r).over:
        return replace(r, feedback=worded("hint", partial(t, "examples.over_no_try")))
    return replace(r, trying=True, feedback=None)


def play(s: Scenario, r: Replay, move: Move) -> Replay:
    """The learner's move on the board.

    Refused: the rule it breaks, the position unchanged.  The documented move
    itself (before any branch): the replay steps on along the documented
    line.  Any other legal move starts (or extends) the learner's line."""
    if not r.trying:
        return r
    state = position(s, r)
    resolved = state.resolve(move)
    refusal = state.why_illegal(resolved)
    if refusal is not None:
        return replace(r, feedback=worded("no", partial(refusal_text, refusal)))
    made = state.push(resolved)
    if not r.branch and r.step < len(s.moves) and _same(documented(s, r.step), made,
                                                          s.moves[r.step]):
        return replace(r, step=r.step + 1, feedback=worded("ok", partial(t, "examples.as_documented")))
    return replace(r, branch=(*r.branch, made), feedback=None)


def undo(s: Scenario, r: Replay) -> Replay:
    """Take back the learner's last move of their line."""
    if not r.branch:
        return replace(r, feedback=None)
    return replace(r, branch=r.branch[:-1], feedback=None)


def leave(s: Scenario, r: Replay) -> Replay:
    """Back to the documented line, at the move where the learner left it."""
    return Replay(s.id, r.step)


def same_start(a: Scenario, b: Scenario) -> bool:
    """Whether two scenarios start from the same position under the same rules."""
    if a.rules != b.rules:
        return False
    x, y = a.initial(), b.initial()
    return (x.hand_masks == y.hand_masks and x.dead_masks == y.dead_masks and x.to_move == y.to_move
            and x.stock_count == y.stock_count and x.passes == y.passes
            and [(p.tile, p.left, p.right) for p in x.line.layout()]
            == [(p.tile, p.left, p.right) for p in y.line.layout()]
            and x.line.ends == y.line.ends)


def documented_elsewhere(data: Content, s: Scenario, r: Replay) -> Scenario | None:
    """Another example that documents the learner's line (E3 → E3, the other choice)."""
    if not r.branch:
        return None
    line = (*s.moves[:r.step], *r.branch)
    for other in ordered(data.scenarios):
        if other.id == s.id or len(other.moves) < len(line):
            continue
        if tuple(other.moves[:len(line)]) == line and same_start(s, other):
            return other
    return None


# -- where the learner is (URL and session) ------------------------------------------------


def _set_params(example: str | None, step: int | None) -> None:
    for key, value in (("example", example), ("move", None if step is None else str(step))):
        if value is None:
            if key in st.query_params:
                del st.query_params[key]
        else:
            st.query_params[key] = value


def locate(data: Content) -> tuple[Scenario, int] | None:
    """The example and move in the URL (None: the list).

    An unknown example shows the list with a notice; a move that is not a
    number of this example starts its replay from the beginning, with a notice."""
    sid = st.query_params.get("example")
    if sid is None:
        if "move" in st.query_params:
            del st.query_params["move"]
        return None
    s = data.scenarios.get(sid)
    if s is None:
        st.info(t("examples.unknown_example", example=clip(sid, 60)))
        _set_params(None, None)
        return None
    raw = st.query_params.get("move")
    step = 0
    if raw is not None:
        text = raw.strip()
        if text.isascii() and text.isdigit() and len(text) <= 4 and int(text) <= len(s.moves):
            step = int(text)
        else:
            st.info(t("examples.unknown_move", move=clip(raw, 20), title=title(s),
                      count=len(s.moves)))
    _set_params(s.id, step)
    return s, step


def current(s: Scenario, step: int) -> Replay:
    """This session's replay of ``s`` at ``step`` (a fresh one when the
    learner came to another example or move by a link)."""
    r = st.session_state.get(REPLAY)
    if not isinstance(r, Replay) or r.example != s.id or r.step != step:
        r = Replay(s.id, step)
        st.session_state[REPLAY] = r
    return r


def _live(sid: str) -> tuple[Scenario, Replay] | None:
    s = content().scenarios.get(sid)
    r = st.session_state.get(REPLAY)
    if s is None or not isinstance(r, Replay) or r.example != sid:
        return None
    return s, r


def _store(r: Replay) -> None:
    st.session_state[REPLAY] = r
    _set_params(r.example, r.step)


def on_goto(sid: str, step: int) -> None:
    live = _live(sid)
    if live is not None:
        _store(goto(live[0], live[1], step))


def on_try(sid: str) -> None:
    live = _live(sid)
    if live is not None:
        _store(start_trying(*live))


def on_move(sid: str, move: Move) -> None:
    live = _live(sid)
    if live is not None:
        _store(play(*live, move))


def on_undo(sid: str) -> None:
    live = _live(sid)
    if live is not None:
        _store(undo(*live))


def on_leave(sid: str) -> None:
    live = _live(sid)
    if live is not None:
        _store(leave(*live))


