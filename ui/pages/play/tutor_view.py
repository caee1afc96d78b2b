"""Play's tutor stop, drawn (logic in :mod:`ui.pages.play.tutor`, words in
:mod:`ui.pages.play.hints`).

Under the table: "The tutor is looking at your move…" while a move waits for the appraisal;
the stop (what the move is, what it costs on average, what the numbers come from) with its
three buttons, "Think again" first (Escape presses it too), "Hint", "Play it anyway"; after
"Hint", the tutor's choice and why.  The board is disabled while the tutor holds a move, so
that "Think again" hands the focus back to the hand (the board's own keeping of the focus).
The stop is said in the page's live region and the focus goes to its first button
(:func:`live_words`); so is a held move let through unsettled ("Not sure: …", drawn as the
table's feedback)."""

from __future__ import annotations

import streamlit as st

from engine.game.view import view

from ...i18n import move_named, t
from ...widgets import feedback
from ...widgets.board import button_selector, pressed
from ...widgets.keys import press_keys
from ...widgets.live import Focus
from ...widgets.reasons import reason_text
from ...widgets.svg import plain
from . import hints as play_hints
from . import tutor as play_tutor
from .logic import BOARD, Table
from .setup import on_table

#: The stop's container (its colours: a hint's) and its buttons.
STOP = feedback.key("play-tutor", "hint")
FIRST = f".st-key-{STOP} button"
AGAIN = ".st-key-play-tutor-again button"
#: What the stop says (the focused button is described by it).
WORDS = "play-tutor-words"



def looking_text() -> str:
    return t("tutor.looking")


def board_note(table: Table) -> str | None:
    """The status line under the table while the tutor holds a move (else None)."""
    if play_tutor.looking(table):
        return looking_text()
    if play_tutor.current_stop(table) is not None:
        return t("tutor.stopped")
    return None


def live_words(table: Table, text: str, said: str, focus: Focus | None,
               shown: str | None = None) -> tuple[str, str, Focus | None, str | None]:
    """What the live region says (:func:`ui.widgets.live.live`'s arguments): the stop (once
    per stop, and again with its hint), with the focus on its first button; "looking at your
    move" while a move is held; else the table's own announcement ``text``, which stays
    shown at the top of the table meanwhile (the stop's words are drawn under it; ``shown``:
    what shows there instead of ``text``, if anything)."""
    stop = play_tutor.current_stop(table)
    base = f"{table.uid}.tutor"
    if stop is not None:
        shown_id = f"{base}.{stop.number}" + (".hint" if stop.hint else "")
        words = " ".join(_hint_lines(table)) if stop.hint \
            else play_hints.stop_text(stop.item, stop.appraisal)
        return words, shown_id, Focus(shown_id, FIRST, describe=f".st-key-{WORDS}",
                                      within=f".st-key-{BOARD}-board"), shown or text
    if play_tutor.looking(table):
        return (looking_text(), f"{base}.looking.{len(table.state.history)}", None,
                shown or text)
    unsure = play_tutor.unsure_note(table)
    if unsure is not None:  # said once, while the table is where the move left it
        return (play_hints.unsure_text(unsure[1], unsure[2]),
                f"{base}.unsure.{len(table.state.history)}", focus, shown or text)
    return text, said, _back_to_button(table) or focus, shown


def _back_to_button(table: Table) -> Focus | None:
    """After "Think again" on a move sent with a plain button ("Move with buttons instead"),
    the focus back on that button, as the hand's own tile gets it back (else None)."""
    tutor, button = table.tutor, pressed(BOARD)
    again = tutor.again if tutor is not None else None
    if again is None or button is None or again[0] != play_tutor.position(table):
        return None
    # (once it is drawn pressable again; from the stop's button, or the page's body)
    return Focus(f"{table.uid}.tutor.{again[1]}.again",
                 button_selector(button) + ":not(:disabled)", within=f".st-key-{STOP}")


def _hint_lines(table: Table) -> list[str]:
    stop = play_tutor.current_stop(table)
    assert stop is not None
    best, reasons = play_hints.tutor_reasons(view(table.state, table.learner), stop.hinted,
                                             stop.move)
    return [t("tutor.hint_title", move=move_named(best)),
            *(reason_text(r, table.seats) for r in reasons
              if not r.code.startswith("deals_"))]  # the stop says where its numbers come from


def draw(table: Table) -> None:
    """Under the table: the tutor's look or its stop (nothing when neither)."""
    if play_tutor.looking(table):
        st.caption(looking_text())
        return
    stop = play_tutor.current_stop(table)
    if stop is None:
        return
    with st.container(key=STOP):
        head, *rest = play_hints.stop_lines(stop.item, stop.appraisal)
        with st.container(key=WORDS):
            st.markdown(f"**{plain(head)}** " + plain(" ".join(rest)))
            if stop.hint:
                title, *reasons = _hint_lines(table)
                st.markdown(f"**{plain(title)}**\n\n" + "\n".join(f"- {plain(r)}" for r in reasons))
            else:
                st.markdown(plain(t("tutor.ask")))
        with st.container(horizontal=True, gap="small"):
            st.button(t("tutor.again"), key="play-tutor-again", type="primary",
                      help=t("tutor.again_help"), on_click=on_table,
                      args=(play_tutor.think_again,))
            if not stop.hint:
                st.button(t("tutor.hint"), key="play-tutor-hint", icon=":material/lightbulb:",
                          help=t("tutor.hint_help"), on_click=on_table,
                          args=(play_tutor.show_hint,))
            st.button(t("tutor.anyway"), key="play-tutor-anyway", help=t("tutor.anyway_help"),
                      on_click=on_table, args=(play_tutor.play_anyway,))
        press_keys("play-tutor", {"Escape": AGAIN})
