"""The interactive table: the line, its marked ends, the hands; click to move.

:func:`board` draws a :class:`engine.game.state.State` with a
``st.components.v2`` component (inline HTML/CSS/JS, no build step).  The
learner clicks a tile in their hand, then a marked end; where the tile fits
only one end (or none) a single click sends it, and the engine decides
(:meth:`State.resolve`).  What it offers is the page's choice (``offer``,
:mod:`ui.widgets.board_moves`): Pass, Draw and Discard where the ruleset has them,
also when they would be refused, so the rules can say why (Learn); or only the legal
ones (Play, Try it).  With ``fits`` the tiles that fit are marked and the others
dimmed.  Everything is reachable by keyboard (Tab, Enter/Space, Escape to put a
tile back).

A chosen move comes back as a small JSON event — ``{"play": "1-1", "end":
"left", "nonce": "…"}``, ``{"pass": true, "nonce": "…"}`` — and is handed to
``on_move(move)`` in a callback, before the page's script runs, so the page
draws the position after the move in the same run.  Each nonce is handled
once.  The page checks the move with the engine; the board never changes the
state itself.

Below the table, :func:`fallback_buttons` offers the same moves as plain
``st.button`` widgets with stable keys (``<key>.play.1-4``,
``<key>.play.1-4.left``, ``<key>.pass``, ``<key>.draw``, ``<key>.discard.4-4``)
in a collapsed expander: for keyboard and screen-reader users who prefer
buttons, and for AppTest, which cannot click inside a component.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import streamlit as st

from engine.game.moves import Move, MoveError
from engine.game.state import State
from engine.game.tiles import Tile, TileError

from ..i18n import describe, end_name, join_list, move_text, seat_name, t
from . import svg
from .board_moves import Offer, controls_for, fallback_moves, one_click, tile_choices

__all__ = ["FOLD_TILES", "Highlight", "Offer", "board", "board_data", "button_selector",
           "caption_html", "controls_for", "fallback_buttons", "fallback_moves", "folds",
           "move_label", "pressed"]

move_label = move_text  # a button's words for a move

WIDE = 860  # the line's width budget on a wide screen (px): the table's full width
WIDE_SCALE = 1.2  # ... where it is drawn a little larger than natural size
NARROW = 330  # ... on a phone; the component picks by its own width
BREAKPOINT = 560
_SEEN = "_board.nonces"  # session key: the event nonces already handled, per board
_PRESSED = "_board.pressed"  # session key: the plain button that sent each board's last move

Reveal = Literal["mover", "all", "none"] | Collection[int]


@dataclass(frozen=True, slots=True)
class Highlight:
    """What "Show me" points at: a tile and an end, or a control."""

    tile: Tile | None = None
    end: str | None = None
    control: str | None = None

    @staticmethod
    def of(move: Move | None) -> Highlight | None:
        if move is None:
            return None
        if move.kind in ("play", "discard"):
            return Highlight(move.tile, move.end if move.kind == "play" else None)
        return Highlight(control=move.kind)

    def data(self) -> dict[str, Any]:
        return {"tile": str(self.tile) if self.tile else None, "end": self.end,
                "control": self.control}


# -- what the component is given ----------------------------------------------


def _reveal_set(state: State, reveal: Reveal, seat: int) -> set[int]:
    if reveal == "all":
        return set(range(state.players))
    if reveal == "none":
        return set()
    if reveal == "mover":
        return {seat}
    return set(reveal)


def board_data(state: State, *, seat: int | None = None, seats: Sequence[str] | None = None,
               reveal: Reveal = "mover", highlight: Highlight | None = None,
               disabled: bool = False, lang: str | None = None,
               hand_label: str | None = None, hide_ends: bool = False, offer: Offer = "all",
               fits: bool = False) -> dict[str, Any]:
    """The component's data: drawings (already escaped) and translated labels (with
    ``hide_ends``, nothing names the line's open ends: no markers, and a label with the
    tiles and connections only).

    ``offer``: which controls to draw (:func:`~ui.widgets.board_moves.controls_for`);
    ``fits``: mark the tiles that fit (every tile carries ``fits``, from the engine's
    legal moves) and dim the others while the learner is to move."""
    seated = seat is not None  # a seat of its own at the bottom: the others stay above it
    seat = state.mover if seat is None else seat
    if seat is None:  # a finished round: show the first seat's side
        seat = 0
    line = state.line
    label = describe(line.description(), lang, points=not hide_ends)
    marker_labels = {end: t("board.marker", end=end_name(end),
                            value=line.left if end == "left" else line.right)
                     for end in ("left", "right")} if not line.empty else {}
    marker_labels["any"] = t("board.marker_any")
    hint_end = highlight.end if highlight and highlight.tile else None
    if highlight and highlight.tile and line.empty:
        hint_end = "any"
    # A table only to look at has no "any tile opens" target in its middle.
    markers = not (disabled and line.empty) and not hide_ends
    geo_w = svg.line_geometry(line, max_width=int(WIDE / WIDE_SCALE), markers=markers)
    geo_n = svg.line_geometry(line, max_width=NARROW, markers=markers)
    common: dict[str, Any] = {"label": label, "marker_labels": marker_labels, "markers": markers,
                              "interactive": True, "felt": False, "highlight_end": hint_end}
    shown = _reveal_set(state, reveal, seat)
    choices = tile_choices(state, seat)
    interactive = not disabled and state.mover == seat
    marking = fits and interactive
    hand = []
    for tile in state.hand(seat):
        ends = choices.get(tile, [])
        hand.append({
            "tile": str(tile),
            "label": t("board.tile_fits" if ends else "board.tile_no_fit", tile=tile)
            if marking else t("board.tile", tile=tile),
            "svg": svg.tile_svg(tile, size=34, label=tile.bracket()),
            "ends": ends,
            "fits": bool(ends),
            "one_click": one_click(state, ends),
            "hint": bool(highlight and highlight.tile == tile),
        })
    def dead(who: int) -> dict[str, str] | None:
        tiles = state.dead_tiles(who)
        if not tiles:
            return None
        face_down = who not in shown and who != seat
        return {"label": t("board.dead", count=len(tiles)),
                "svg": svg.hand_svg(tiles, face_down=face_down, size=16 if face_down else 22,
                                    gap=4, label=t("board.dead_tiles", name=seat_name(who, seats),
                                                   count=len(tiles))
                                    if face_down else join_list(tiles))}

    others = []
    for other in range(state.players):
        if other == seat:
            continue
        tiles = state.hand(other)
        face_down = other not in shown
        name = seat_name(other, seats)
        others.append({
            "dead": dead(other),
            "label": t("board.others_tiles", name=name, count=len(tiles)),
            "svg": svg.hand_svg(tiles, face_down=face_down, size=16 if face_down else 22, gap=4,
                                label=t("board.face_down", name=name, count=len(tiles))
                                if face_down else join_list(tiles)
                                or t("board.no_tiles")),
            "to_move": state.mover == other,
        })
    controls = [{"id": c, "label": t(f"board.{c}"),
                 "hint": bool(highlight and highlight.control == c)}
                for c in controls_for(state, offer) if c != "discard"]
    info = []
    if state.stock_count and state.rules.draw_mode:  # a stock to draw from (else out of play)
        info.append(t("board.stock", count=state.stock_count))
    return {
        "line": {
            "wide": svg.line_svg(line, max_width=int(WIDE / WIDE_SCALE), scale=WIDE_SCALE,
                                 **common),
            "narrow": svg.line_svg(line, max_width=NARROW, **common),
            "height_wide": round(geo_w.height * WIDE_SCALE), "height_narrow": geo_n.height,
            "breakpoint": BREAKPOINT, "label": label,
        },
        "hand": {"label": hand_label or t("board.your_hand", name=seat_name(seat, seats)),
                 "tiles": hand, "to_move": state.mover == seat, "dead": dead(seat)},
        "others": others,
        "seated": seated,
        "controls": controls,
        "discard": "discard" in controls_for(state, offer),
        "mark_fits": marking,
        "info": info,
        "interactive": interactive,
        "highlight": highlight.data() if highlight else None,
        "text": {
            "pick_tile": t("board.pick_tile"),
            "pick_end": t("board.pick_end"),
            "pick_discard": t("board.pick_discard"),
            "end_first": t("board.end_first"),
            "discard": t("board.discard"),
            "cancel": t("board.cancel"),
            "waiting": t("board.waiting", name=seat_name(state.mover, seats))
            if state.mover is not None and state.mover != seat else t("board.round_over")
            if state.mover is None else "",
            "line": t("board.line"),
        },
    }


# -- the component ------------------------------------------------------------

_HERE = Path(__file__).resolve().parent
#: The component's styles and script, read once at import (they are package data).
_CSS = (_HERE / "board.css").read_text(encoding="utf-8")
_JS = (_HERE / "board.js").read_text(encoding="utf-8")

_COMPONENT = st.components.v2.component("dominoes_board", css=_CSS, js=_JS)


def _event_move(event: object) -> Move | None:
    """The move in a component event, or None if it is not one."""
    if not isinstance(event, dict):
        return None
    payload = {k: v for k, v in event.items() if k != "nonce"}
    try:
        return Move.from_dict(payload)
    except (MoveError, TileError, TypeError, AttributeError):
        return None


def _handle_event(key: str, on_move: Callable[[Move], None],
                  on_discarding: Callable[[bool], None] | None = None) -> None:
    """The component's callback: read the event, drop repeats, pass the move on (or, with
    ``on_discarding``, that "Discard a tile" was turned on or off)."""
    value = st.session_state.get(key)
    event = value.get("move") if isinstance(value, dict) else None
    if not isinstance(event, dict):
        return
    nonce = str(event.get("nonce", ""))
    seen: dict[str, str] = st.session_state.setdefault(_SEEN, {})
    if nonce and seen.get(key) == nonce:
        return
    seen[key] = nonce
    st.session_state.setdefault(_PRESSED, {}).pop(key, None)  # sent from the table itself
    if "discarding" in event:
        if on_discarding is not None:
            on_discarding(bool(event["discarding"]))
        return
    move = _event_move(event)
    if move is not None:
        on_move(move)


def board(state: State, *, key: str, on_move: Callable[[Move], None] | None = None,
          seat: int | None = None, seats: Sequence[str] | None = None,
          reveal: Reveal = "mover", highlight: Highlight | Move | None = None,
          disabled: bool = False, fallback: bool = True, caption: bool = True,
          note: str | None = None, controls: bool = True,
          below: Callable[[], None] | None = None, hand_label: str | None = None,
          fold_caption: bool | None = None, hide_ends: bool = False, offer: Offer = "all",
          fits: bool = False, discarding: bool = False,
          on_discarding: Callable[[bool], None] | None = None, hand_link: bool = False,
          held: bool = False) -> None:
    """Draw the table for ``state`` and let the learner move for ``seat``.

    - ``key``: a stable key, unique on the page (also prefixes the fallback
      buttons' keys);
    - ``on_move(move)``: called once per chosen move, in a callback, with the
      move as chosen (``Move.play(tile)`` without an end when one click was
      enough: resolve it with :meth:`State.resolve`, check it with
      :meth:`State.why_illegal`);
    - ``seat``: whose hand is at the bottom (default: the mover);
      ``seats``: names for the seats; ``reveal``: which other hands are
      face up ("mover" — only ``seat``'s —, "all", "none", or seat numbers);
    - ``highlight``: a move to point at ("Show me");
    - ``disabled``: draw without accepting moves;
    - ``fallback``: also offer :func:`fallback_buttons` (for AppTest and as
      a plain-button way to move);
    - ``caption``: write the line's description under the table (it is the
      drawing's screen-reader label too); ``fold_caption``: fold it away (default:
      when the line holds more than ``FOLD_TILES`` tiles, in every language alike);
    - ``note``: the status line under the table (default: whose move it is,
      or nothing on a disabled board);
    - ``controls``: show Pass / Draw / Discard (False: a board only to look at);
    - ``below``: draws something right under the table, before the caption
      and the fallback buttons (the page's feedback);
    - ``hand_label``: the words over the bottom hand (default "Your tiles
      (name)"; a replay names whose tiles they are instead);
    - ``hide_ends``: for a question about the line (a board only to look at): nothing
      names its open ends — no markers (each shows its value), and the description (the
      caption and the drawing's label) gives the tiles and connections only;
    - ``offer``: "all" (every tile has a button, Pass / Discard wherever the
      ruleset has them, so a refusal can teach) or "legal" (the buttons list the
      distinct legal moves, the controls appear only when legal):
      :mod:`ui.widgets.board_moves`;
    - ``fits``: mark the tiles that fit and dim the others (they can still be
      clicked: the engine says why one is refused);
    - ``on_discarding(on)``: told, in a callback, when the learner turns "Discard a tile"
      on or off (a page clears what it said of an earlier click: the table's next step is
      a tile to throw); ``discarding``: the table is drawn with it on (the page keeps it,
      as told, until a move).  Without ``on_discarding`` the table keeps it to itself.
    - ``hand_link``: "Go to my tiles", a link first in the page's Tab order (shown once
      it has the focus) that puts the focus on the hand: a page whose board is what the
      learner came for (Play).
    - ``held``: the page holds a move sent (Play's tutor): the plain buttons stay, disabled,
      open, for the focus to come back to (:func:`pressed`, :func:`button_selector`).

    The hand is one Tab stop (WAI-ARIA's toolbar pattern, a roving tabindex): the arrow keys
    move between its tiles (Home, End: the first, the last), Enter or Space plays one.
    """
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", key):
        raise ValueError(f"a board key is a CSS-safe name such as 'learn-board', not {key!r}")
    hl = Highlight.of(highlight) if isinstance(highlight, Move) else highlight
    data = board_data(state, seat=seat, seats=seats, reveal=reveal, highlight=hl,
                      disabled=disabled or on_move is None, hand_label=hand_label,
                      hide_ends=hide_ends and (disabled or on_move is None),
                      offer=offer, fits=fits)
    if note is not None or disabled or on_move is None:
        data["text"]["waiting"] = note or ""
    if not controls:
        data["controls"], data["discard"] = [], False
    data["discarding"] = discarding and data["interactive"] and data["discard"]
    data["report_discarding"] = on_discarding is not None
    callback = (lambda: _handle_event(key, on_move, on_discarding)) if on_move is not None \
        else (lambda: None)
    data["hand_link"] = t("board.to_hand") if hand_link else ""
    # Reserve about the drawn height before the component's script has run, so
    # that the page below does not shift when the table appears.
    base = 300 if controls and (data["controls"] or data["discard"] or data["interactive"]) \
        else 228
    wide, narrow = base + data["line"]["height_wide"], base + data["line"]["height_narrow"]
    st.html(f"<style>.st-key-{key}-board {{min-height: {wide}px}} "
            f"@media (max-width: {BREAKPOINT + 30}px) {{.st-key-{key}-board "
            f"{{min-height: {narrow}px}}}}</style>")
    with st.container(key=f"{key}-board", border=False):
        _COMPONENT(key=key, data=data, on_move_change=callback, height="content")
    if below is not None:
        below()
    if caption:
        fold = folds(state) if fold_caption is None else fold_caption
        st.markdown(caption_html(data["line"]["label"], fold=fold), unsafe_allow_html=True)
    if fallback and on_move is not None and (not disabled or held):
        fallback_buttons(state, key=key, on_move=on_move, seat=seat, offer=offer,
                         disabled=disabled)


#: A generated table description folds away when the line holds more tiles than this: the
#: same tables fold in every language (a length in characters would differ between them).
FOLD_TILES = 12


def folds(state: State) -> bool:
    """Whether a table's generated description is long enough to fold (by its tiles)."""
    return len(state.line.placements) > FOLD_TILES


def caption_html(text: str, *, fold: bool = False) -> str:
    """The description under a drawing, shown; with ``fold`` it folds away under "Text
    description of the table" (the drawing's own label still carries it for screen
    readers).  A step's or a diagram's description never folds: it is the point."""
    body = svg.esc(text)
    if not fold:
        return f'<p class="caption-desc">{body}</p>'
    return (f'<details class="caption-desc"><summary>{svg.esc(t("board.description"))}'
            f'</summary>{body}</details>')


def fallback_buttons(state: State, *, key: str, on_move: Callable[[Move], None],
                     seat: int | None = None, offer: Offer = "all",
                     disabled: bool = False) -> None:
    """The moves as plain buttons (:func:`fallback_moves`), in a collapsed expander below
    the table (``disabled``: drawn, not pressable)."""
    seat = state.mover if seat is None else seat
    if seat is None or state.mover != seat:
        return
    # Open or closed as the page keeps it (its state), whatever is drawn anew above it.
    with (st.expander(t("board.buttons"), expanded=False, key=f"{key}-buttons",
                      on_change="rerun"),
          st.container(horizontal=True, gap="small")):
        for suffix, move in fallback_moves(state, seat, offer):
            button = f"{key}.{suffix}"
            st.button(svg.plain(move_label(move)), key=button, on_click=_press,
                      args=(key, button, on_move, move), disabled=disabled)


def _press(key: str, button: str, on_move: Callable[[Move], None], move: Move) -> None:
    st.session_state.setdefault(_PRESSED, {})[key] = button
    on_move(move)


def pressed(key: str) -> str | None:
    """The plain button (its key) that sent board ``key``'s last move (None: the table)."""
    button = st.session_state.get(_PRESSED, {}).get(key)
    return button if isinstance(button, str) else None


def button_selector(button: str) -> str:
    """A CSS selector for the plain button keyed ``button`` (Streamlit's class for a key
    turns every other character than a letter, a digit, ``_`` and ``-`` into ``-``)."""
    return f".st-key-{re.sub(r'[^a-zA-Z0-9_-]', '-', button)} button"
