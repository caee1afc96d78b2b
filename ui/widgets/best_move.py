""""Best move here", on request: the solver's verdict for the position on the table, every
hand open (Worked examples and Try it; Play's review asks for its verdicts itself).

A page keeps one :class:`Ask` in its session state, under its own key: the position asked
about and the solver's answer, computed by :func:`ui.thinking.judge` (in a worker process on
a live server, never in the server's own thread).  An ask belongs to its position: when the
table shows another one, :func:`current` drops it, so the verdict goes away with a move,
an undo or a new deal.

- :func:`button` asks (a callback; the position it was drawn for is the one asked about);
- :func:`panel` draws the answer (:mod:`ui.widgets.verdict`), or, while it is awaited, a
  line that looks again every :data:`TICK` seconds and runs the page again once the answer
  has come (so the board highlights the best move too: :func:`best`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from engine.game.moves import Move
from engine.game.state import State
from engine.search.solve import Solution

from .. import thinking
from ..i18n import t
from . import verdict

TICK = 0.3  # seconds between looks while the answer is awaited (a live server only)


def signature(state: State) -> tuple[object, ...]:
    """What makes two positions the same one (to tell when the table shows another)."""
    layout = tuple((p.tile, p.left, p.right) for p in state.line.layout())
    return (state.rules, tuple(state.hand_masks), tuple(state.dead_masks), layout,
            state.line.ends, state.to_move, state.passes, state.stock_count, state.stock,
            state.status, tuple(state.moves))


@dataclass
class Ask:
    """One request: the position asked about and the solver's answer for it."""

    signature: tuple[object, ...]
    position: State
    answer: thinking.Answer[Solution]


def askable(state: State) -> bool:
    """Whether someone is to move (a finished round has no best move)."""
    return not state.over and state.mover is not None


def ask(key: str, state: State) -> None:
    """Ask the solver about ``state`` (a callback; ``state`` is the position drawn)."""
    if askable(state):
        st.session_state[key] = Ask(signature(state), state.copy(),
                                    thinking.Answer(thinking.judge(state)))


def current(key: str, state: State, *, poll: bool = False) -> Ask | None:
    """The page's ask, when it is about ``state`` (one about another position is dropped);
    ``poll``: take the answer if it has come."""
    found = st.session_state.get(key)
    if not isinstance(found, Ask):
        return None
    if found.signature != signature(state):
        del st.session_state[key]
        return None
    if poll:
        found.answer.poll()
    return found


def best(key: str, state: State) -> Move | None:
    """The best move for ``state`` once the answer is in (for the board's ``highlight``),
    named as the verdict names it (a tile on either of two equal ends: the end one click
    lays it on).

    A run looks for the answer here, once, so that the board and :func:`panel` agree: call
    it before drawing the panel."""
    found = current(key, state, poll=True)
    solution = found.answer.value if found is not None else None
    return state.canonical(solution.best[0]) if solution is not None and solution.best else None


def button(key: str, state: State, *, hidden: bool = False) -> None:
    """The "Best move here" button (disabled once asked about this position, and where
    nobody is to move); ``hidden``: the table hides hands (the help says the answer sees
    them)."""
    helps = t("verdict.best_here_help") + (" " + t("verdict.sees_hidden") if hidden else "")
    st.button(t("verdict.best_here"), key=f"{key}.ask", icon=":material/search:", help=helps,
              on_click=ask, args=(key, state.copy()),
              disabled=not askable(state) or current(key, state) is not None)


def panel(key: str, state: State, seats: Sequence[str] | None, *,
          hidden: bool = False) -> None:
    """The answer for ``state`` if it was asked for: the verdict, every legal move's outcome,
    labelled as worked out with every hand open (and an estimate when the search ran out
    of time).  ``hidden``: the table hides hands, so say that the answer looks at them."""
    found = current(key, state)
    if found is None:
        return
    if found.answer.waiting:
        _awaiting(key)
        return
    with st.container(key=f"{key}-panel"):
        if hidden:
            st.caption(t("verdict.sees_hidden"))
        solution = found.answer.value
        if solution is None:
            st.info(t("verdict.failed"))
            return
        verdict.show(verdict.verdict(found.position, solution, seats), key=key)


@st.fragment(run_every=TICK)
def _awaiting(key: str) -> None:
    """"Working it out …" until the answer comes; then the page runs again to show it."""
    found = st.session_state.get(key)
    if not isinstance(found, Ask) or not found.answer.waiting or found.answer.poll():
        st.rerun()  # answered (or dropped): the whole page draws the verdict and highlight
    st.caption(t("verdict.working"))
