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
  :class:`~engine.scenario.Scenario` (:func:`play`, :func:`undo`,
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
from html import escape

import streamlit as st

from engine.moves import Move
from engine.scenario import Scenario
from engine.state import State

from ..content import Content, content
from ..i18n import clip, refusal_text, seat_name, t
from ..nav import page_link
from ..widgets import feedback
from ..widgets.board import board
from ..widgets.feedback import Feedback
from ..widgets.story import (
    group_of,
    group_title,
    grouped,
    move_note,
    narrate,
    notes,
    ordered,
    seat_names,
    settlement_view,
    title,
)
from ..widgets.svg import esc

PAGE = "pages/examples.py"
TRY_PAGE = "pages/try_it.py"
REPLAY = "ex.replay"
BOARD = "ex-board"

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
    feedback: Feedback | None = None

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
    """Two moves that come to the same here (a tile on either end of equal values)."""
    if a == b:
        return True
    return (a.kind == b.kind == "play" and a.tile == b.tile and not state.line.empty
            and state.line.left == state.line.right)


def goto(s: Scenario, r: Replay, step: int) -> Replay:
    """Replay from a step of the documented line (leaving any branch)."""
    return Replay(s.id, max(0, min(step, len(s.moves))))


def start_trying(s: Scenario, r: Replay) -> Replay:
    """"Try another move": the board now takes the learner's moves."""
    if position(s, r).over:
        return replace(r, feedback=Feedback("hint", t("examples.over_no_try")))
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
        return replace(r, feedback=Feedback("no", refusal_text(refusal)))
    made = state.push(resolved)
    if not r.branch and r.step < len(s.moves) and _same(documented(s, r.step), made,
                                                          s.moves[r.step]):
        return replace(r, step=r.step + 1, feedback=Feedback("ok", t("examples.as_documented")))
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
        if text.isdigit() and int(text) <= len(s.moves):
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


def on_list() -> None:
    _set_params(None, None)
    st.session_state.pop(REPLAY, None)


# -- drawing ---------------------------------------------------------------------------

VIEW_CSS = """
.ex-intro { color: #3b4046; line-height: 1.55; margin: 0 0 0.4rem; }
.st-key-ex-story, .st-key-ex-story-branch { background: #ffffff; border: 1px solid #e2ddcf;
    border-inline-start: 5px solid #1f6f5c; border-radius: 10px; padding: 0.6rem 1rem 0.15rem;
    min-height: 6.2rem; }
.st-key-ex-story-branch { border-inline-start-color: #c98a00; }
.ex-label { display: inline-block; font-size: 0.74rem; letter-spacing: 0.06em;
    text-transform: uppercase; font-weight: 700; color: #1f6f5c; margin-inline-end: 0.5rem; }
.ex-label.mine { color: #8a5d00; }
[class*="st-key-ex-fb-"] { margin-bottom: 0.5rem; }
.st-key-ex-moves button, .st-key-ex-mine button { justify-content: flex-start; text-align: start; }
.st-key-ex-moves [data-testid="stButton"] button p,
.st-key-ex-mine [data-testid="stButton"] button p { text-align: start; }
.ex-here { font-weight: 700; }
.ex-later { color: #8a8f96; }
"""


def _css() -> None:
    st.html(f"<style>{VIEW_CSS}</style>")


def draw(data: Content) -> None:
    """The page: the list, or one example's replay."""
    _css()
    place = locate(data)
    if place is None:
        example_list(data)
    else:
        replay_view(data, *place)


def example_list(data: Content) -> None:
    st.title(t("examples.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("examples.lead"))}</p>', unsafe_allow_html=True)
    if not data.scenarios:
        st.info(t("examples.none"))
        return
    for name, items in grouped(data.scenarios):
        st.subheader(group_title(name), anchor=False)
        with st.container(key=f"ex-group-{name}", gap="small"):
            for s in items:
                with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                    page_link(PAGE, title(s), example=s.id, move="0")
                    st.markdown(f'<span class="muted">'
                                f'{esc(t("examples.moves_count", count=len(s.moves)))}</span>',
                                unsafe_allow_html=True, width="content")


def _story(s: Scenario, r: Replay, state: State) -> None:
    """What is happening at this point, in words: the documented note of the move
    just made (or the learner's own move), and the result once the round is over."""
    seats = seat_names(s)
    total = len(s.moves)
    mover = seat_name(state.mover, seats) if state.mover is not None else None
    if r.trying:
        key, label, cls = "ex-story-branch", t("examples.your_line"), "ex-label mine"
        documented_step = r.feedback is not None and r.feedback.kind == "ok"
        head = narrate(state.history[-1], seats) if r.branch or documented_step else \
            t("examples.try_intro", n=r.step) if r.step else t("examples.try_intro_start")
        body = t("examples.try_next", name=mover) if mover else ""
    elif r.step == 0:
        key, label, cls = "ex-story", t("examples.start_label"), "ex-label"
        head = t("examples.start_mover", name=mover) if mover else t("examples.round_over")
        body = t("examples.start_hint") if total else t("examples.no_moves")
    else:
        key, label, cls = "ex-story", t("examples.step_of", n=r.step, total=total), "ex-label"
        head = move_note(s, r.step) or narrate(state.history[-1], seats)
        body = ""
    with st.container(key=key):
        st.markdown(f'<span class="{cls}">{esc(label)}</span>{escape(head, quote=False)}',
                    unsafe_allow_html=True)
        # A refused move is explained here, in view above the table, in place of the
        # line it replaces (so the table does not move down).
        if r.feedback is not None:
            _feedback(r)
        elif body:
            st.markdown(body)
        if state.over:
            view = settlement_view(state, seats)
            st.markdown(f"**{t('examples.result')}** {view.text}")
            st.markdown("\n".join(f"- {_md(line)}" for line in view.holdings))


def _feedback(r: Replay) -> None:
    fb = r.feedback
    if fb is None:
        return
    with st.container(key=feedback.key("ex", fb.kind)):
        title_ = t("examples.refused") if fb.kind == "no" else ""
        st.markdown(f"**{title_}** {fb.text}" if title_ else fb.text)


def _controls(s: Scenario, r: Replay, state: State) -> None:
    sid = s.id
    total = len(s.moves)
    with st.container(horizontal=True, gap="small", key="ex-controls"):
        if r.trying:
            st.button(t("examples.undo"), key="ex.undo", on_click=on_undo, args=(sid,),
                      disabled=not r.branch)
            st.button(t("examples.leave"), key="ex.leave", type="primary", on_click=on_leave,
                      args=(sid,))
            return
        st.button(t("examples.first"), key="ex.first", on_click=on_goto, args=(sid, 0),
                  disabled=r.step == 0)
        st.button(t("examples.back"), key="ex.back", on_click=on_goto, args=(sid, r.step - 1),
                  disabled=r.step == 0)
        st.button(t("examples.next"), key="ex.next", type="primary", on_click=on_goto,
                  args=(sid, r.step + 1), disabled=r.step >= total)
        st.button(t("examples.last"), key="ex.last", on_click=on_goto, args=(sid, total),
                  disabled=r.step >= total)
        st.button(t("examples.try"), key="ex.try", on_click=on_try, args=(sid,),
                  disabled=state.over, help=t("examples.try_help"))


def _move_list(data: Content, s: Scenario, r: Replay, state: State) -> None:
    """The documented line (click a move to jump there), and the learner's line beside it."""
    seats = seat_names(s)
    records = s.replay().history
    cols = st.columns(2, gap="medium") if r.branch else [st.container()]
    with cols[0]:
        st.markdown(f"**{t('examples.documented_line')}**")
        with st.container(key="ex-moves", gap=None):
            for n in range(len(s.moves) + 1):
                words = t("examples.start_label") if n == 0 else \
                    f"{n}. {narrate(records[n - 1], seats)}"
                here = n == r.step
                st.button(_md(words), key=f"ex.goto.{n}",
                          type="primary" if here else "tertiary", on_click=on_goto,
                          args=(s.id, n), help=None if here else t("examples.jump_help"))
    if r.branch:
        with cols[1]:
            st.markdown(f"**{t('examples.your_line')}**")
            played = state.history[len(state.history) - len(r.branch):]
            lines = [t("examples.fork", n=r.step)]
            lines += [f"{r.step + i}. {narrate(rec, seats)}"
                      for i, rec in enumerate(played, start=1)]
            with st.container(key="ex-mine"):
                st.markdown("  \n".join(_md(x) for x in lines))
            other = documented_elsewhere(data, s, r)
            if other is not None:
                st.caption(t("examples.also_documented"))
                page_link(PAGE, title(other), example=other.id,
                          move=str(r.step + len(r.branch)))


def _md(text: str) -> str:
    """Plain text for a markdown label: tiles' brackets kept as written."""
    return text.replace("[", "\\[").replace("]", "\\]")


def replay_view(data: Content, s: Scenario, step: int) -> None:
    r = current(s, step)
    state = position(s, r)
    total = len(s.moves)
    with st.container(horizontal=True, vertical_alignment="center"):
        page_link(PAGE, t("examples.all"))
        st.markdown(f'<span class="muted">{esc(group_title(group_of(s.id)))}</span>',
                    unsafe_allow_html=True)
    st.title(title(s), anchor=False)
    intro = notes(s)
    if intro:
        st.markdown(f'<p class="ex-intro">{esc(intro)}</p>', unsafe_allow_html=True)
    # The controls stay where they are from move to move; the words under them change.
    _controls(s, r, state)
    _story(s, r, state)
    moving = r.trying and not state.over
    shown = state.mover if state.mover is not None else 0
    seats = seat_names(s)
    board(state, key=BOARD, seats=seats, reveal="all",
          on_move=partial(on_move, s.id) if moving else None, disabled=not moving,
          controls=moving,
          note=None if moving else (t("board.round_over") if state.over else
                                    t("examples.watching", n=r.step, total=total)),
          hand_label=None if moving else (
              t("examples.hand", name=seat_name(shown, seats)) if state.over else
              t("examples.hand_to_move", name=seat_name(shown, seats))))
    _move_list(data, s, r, state)
    page_link(TRY_PAGE, t("examples.open_in_try"), scenario=s.id)
