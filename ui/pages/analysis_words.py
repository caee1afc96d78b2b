"""What the Analysis page says back: why the engine refuses a position or round code, a
move, or a position set up in the editor, in the page's language.

The engine names the reason (:attr:`engine.code.CodeError.reason` and its params, or a
move's :class:`~engine.state.Refusal`); this module only words it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.code import CodeError, parse_rules
from engine.state import Refusal
from engine.tiles import Tile

from ..i18n import end_name, refusal_text, seat_name, t, table_seat_names

#: The reasons worded by their own entry (``analysis.why.<reason>``).
REASONS = ("rules", "tile_twice", "line_join", "show_hands", "hand_size", "empty_hand",
           "out_not_empty", "no_dead", "stock_hidden", "counts", "passes", "opening_line",
           "opening_holder", "round_start", "deal", "too_long")
#: The code's fields, as :class:`CodeError` names them (``analysis.field.<name>``).
FIELDS = ("rules", "hands", "line", "stock", "turn", "dead", "lacks", "moves")


def seats_for(code: str | None) -> tuple[str, ...] | None:
    """The seat names of the game a code names, if its rules can be read."""
    if not code:
        return None
    try:
        return table_seat_names(parse_rules("".join(code.split()).split("/")[0]))
    except CodeError:
        return None


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
    return t("analysis.why.syntax", field=t(f"analysis.field.{field}"), at=e.offset + 1)
