"""What the Analysis page says back: why the engine refuses a position or round code, a
move, or a position set up in the editor, in the page's language.

The engine names the reason (:attr:`engine.notation.code.CodeError.reason` and its params, or a
move's :class:`~engine.game.state.Refusal`); this module only words it."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from engine.game.state import Refusal
from engine.game.tiles import Tile
from engine.notation.code import CodeError, Position, Round, parse_rules

from ...i18n import clip, end_name, refusal_text, seat_name, t, table_seat_names

#: The reasons worded by their own entry (``analysis.why.<reason>``).
REASONS = ("rules", "tile_twice", "line_join", "show_hands", "hand_size", "empty_hand",
           "out_not_empty", "no_dead", "stock_hidden", "counts", "passes", "opening_line",
           "opening_holder", "round_start", "deal", "not_ascii", "lacks_held", "too_long",
           "facts")
#: What a syntax error says is wrong at its character (``analysis.why.syntax_<what>``).
WHATS = ("not_pip", "not_move", "half_tile", "empty_part", "part_count", "not_game",
         "no_players", "size_gaple", "not_option", "empty_line", "not_end", "no_seat",
         "no_such_seat", "passes_count", "opening_tile", "not_turn", "pip_twice", "part_size",
         "no_part", "not_known", "star_count", "empty_code", "missing", "not_field",
         "field_twice", "moves_last", "no_moves", "dead_shown")
#: The code's fields, as :class:`CodeError` names them (``analysis.field.<name>``).
FIELDS = ("rules", "hands", "line", "stock", "turn", "dead", "lacks", "known", "moves")


def seats_for(code: str | None) -> tuple[str, ...] | None:
    """The seat names of the game a code names, if its rules can be read."""
    if not code:
        return None
    try:
        return table_seat_names(parse_rules("".join(code.split()).split("/")[0]))
    except CodeError:
        return None


def char_shown(c: str) -> str:
    """A character a code may not hold, as a notice names it: itself where it can be seen
    (not a mark that changes the text's direction, a space or a control), and its number
    (U+0663), which says what it is when it looks like a digit."""
    number = f"U+{ord(c):04X}"
    visible = c.isprintable() and not c.isspace() and unicodedata.category(c) != "Cf"
    return f"“{c}” {number}" if visible else number


def code_error(e: CodeError, seats: Sequence[str] | None = None) -> str:
    """Why a code (or a position set up) is refused, in words."""
    p = dict(e.params)
    tile = p.get("tile")
    if isinstance(tile, Tile):
        p["tile"] = tile.bracket()
    if isinstance(p.get("seat"), int):
        p["name"] = seat_name(int(p["seat"]), seats)  # type: ignore[call-overload]
    if "end" in p:
        p["end"] = end_name(str(p["end"]))
    if isinstance(p.get("char"), str):
        p["char"] = char_shown(str(p["char"]))
    reason = e.reason
    if reason == "move":
        refused = p.get("refusal")
        why = refusal_text(refused) if isinstance(refused, Refusal) else e.message
        return t("analysis.why.move", number=p.get("number", 0), why=why)
    if reason == "kind":
        return t("analysis.why.kind_round" if p.get("want") == "round"
                 else "analysis.why.kind_position")
    if reason in REASONS:
        return t(f"analysis.why.{reason}", **p, at=e.offset + 1)
    field = e.field if e.field in FIELDS else "code"
    what = p.pop("what", None)
    if what in WHATS:  # what is wrong at that character, where the engine says it
        return t(f"analysis.why.syntax_{what}", **p, field=t(f"analysis.field.{field}"),
                 at=e.offset + 1)
    return t("analysis.why.syntax", field=t(f"analysis.field.{field}"), at=e.offset + 1)


def link_notes(value: Position | Round, single: dict[str, str]) -> list[str]:
    """What the link's ``seat`` and ``step`` could not give, in words (one notice each): a
    seat the game does not have, a step that is no number, or past the round's end; and a
    position given beside the round, which is left out."""
    start = value.start if isinstance(value, Round) else value
    notes = []
    if "pos" in single and "round" in single:  # the round is opened (the page's choice)
        notes.append(t("analysis.pos_and_round"))
    seat = single.get("seat")
    if seat is not None and not (seat.strip().isdecimal() and len(seat) < 5
                                 and 1 <= int(seat) <= start.players):
        notes.append(t("analysis.bad_seat", seat=clip(seat, 12), count=start.players))
    step = single.get("step")
    if step is not None:
        moves = len(value.moves) if isinstance(value, Round) else 0
        if not isinstance(value, Round):
            notes.append(t("analysis.step_no_round", step=clip(step, 12)))
        elif not (step.strip().isdecimal() and len(step) < 5):
            notes.append(t("analysis.bad_step", step=clip(step, 12)))
        elif int(step) > moves:
            notes.append(t("analysis.step_past", step=int(step), count=moves))
    return notes
