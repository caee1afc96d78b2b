"""The score keeper's players as the setup form (ui/pages/scores/logic.py) takes them: the names
typed, and who starts the first round.

The starter's choices are named by the names typed; a browser sends back the label it
showed, which a name typed since no longer matches, so the choice is also kept apart
(:data:`FIRST_KEPT`) and set again before the radio is drawn.  A label sent back is read as
the choice it named when shown (:data:`SHOWN`): a browser that sends an old label with a
name typed quickly after a click (the label changed meanwhile) keeps its choice."""

from __future__ import annotations

import streamlit as st

from engine.game.rules import Ruleset

from .words import clean_name

W_NAME = "scores.name"  # + ".<seat>": a name typed
W_FIRST = "scores.first"
FIRST_KEPT = "scores.first_kept"
#: Each label the starter's radio has shown, and the choice it named (the latest).
SHOWN = "scores.first_shown"
#: Who starts the first round, when the table decides it (by lot, or [0|0]).
BY_LOT = "lot"


def first_options(rules: Ruleset) -> list[str]:
    """Each seat (its index), then "by lot"."""
    return [str(i) for i in range(rules.players)] + [BY_LOT]


def first_choice(rules: Ruleset) -> str:
    """The starter chosen: the radio's value, else the one kept, else the first seat."""
    found = [c for v in map(st.session_state.get, (W_FIRST, FIRST_KEPT))
             if (c := _choice(rules, v)) is not None]
    return found[0] if found else "0"


def _choice(rules: Ruleset, value: object) -> str | None:
    """The choice ``value`` names: itself, or the one a label the radio showed named."""
    options = first_options(rules)
    if value in options:
        return str(value)
    shown = st.session_state.get(SHOWN)
    named = shown.get(value) if isinstance(shown, dict) and isinstance(value, str) else None
    return named if named in options else None


def shown(labels: dict[str, str]) -> None:
    """The radio shows ``labels`` (label: choice) in this run."""
    kept = st.session_state.get(SHOWN)
    st.session_state[SHOWN] = {**(kept if isinstance(kept, dict) else {}), **labels}


def on_first(rules: Ruleset) -> None:
    """The starter chosen: kept apart from the radio (a label that names no choice, never)."""
    choice = _choice(rules, st.session_state.get(W_FIRST))
    if choice is not None:
        st.session_state[FIRST_KEPT] = choice


def raw_names(players: int) -> list[str]:
    return [str(st.session_state.get(f"{W_NAME}.{i}") or "") for i in range(players)]


def typed_names(players: int) -> tuple[str, ...]:
    """The names typed, as the sheet keeps them (:func:`clean_name`; a callback's: the
    boxes are set to show them so)."""
    names = tuple(map(clean_name, raw_names(players)))
    for i, name in enumerate(names):
        st.session_state[f"{W_NAME}.{i}"] = name
    return names
