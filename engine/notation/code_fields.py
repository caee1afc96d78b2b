"""Reading a code, the first step: its fields, and the pips, tiles and parts in them.

:func:`split_round` cuts a code at ``/`` into named :class:`Field` s (the five a position
has, then the tagged ones, and a round's moves); a :class:`Reader` reads pips, tiles and
``.``-separated parts from them and remembers every tile named so far.  Whatever does not
fit is a :class:`CodeError` at the character where it goes wrong.  :mod:`engine.notation.code_read`
reads the fields into a position or a round.  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..game.reading import non_ascii, quoted
from ..game.tiles import Tile
from .code_write import Held

PIPS: Final = "0123456"
#: The tagged fields after the turn, in the order they are written.
TAGS: Final = {"d": "dead", "n": "lacks", "k": "known", "m": "moves"}


class CodeError(ValueError):
    """Text that is not a position or round code: the ``field`` at fault (``rules``,
    ``hands``, ``line``, ``stock``, ``turn``, ``dead``, ``lacks``, ``known``, ``moves``, or ``move N
    (…)``), the ``offset`` in the text where it goes wrong (0-based; the message counts from
    1) and what is wrong (``message``).

    ``reason`` names what is wrong for a page to word it (``params``: its values, seats as
    indices, tiles as :class:`Tile`): ``syntax`` (the text does not follow the grammar: the
    field and the character say where), ``rules`` (no such game), ``tile_twice``
    (``tile``), ``line_join`` (``tile``, ``end``, ``value``: the tile does not match that
    end), ``show_hands`` (neither every hand nor exactly one is shown), ``hand_size``
    (``seat``, ``count``, ``size``: more tiles than dealt), ``empty_hand`` (``seat``: a hand
    empty while playing), ``out_not_empty`` (``seat``), ``no_dead`` (dead tiles where the
    rules have none), ``stock_hidden`` (``seat``), ``counts`` (``needed``, ``left``),
    ``passes`` (``passes``, ``low``, ``high``), ``opening_line``, ``opening_holder``
    (``tile``, ``seat``), ``round_start`` (a round starts from a position being played with
    every hand shown and nothing known of what the seats lack), ``kind`` (``want``:
    ``position`` or ``round``, the other was given), ``move`` (``number``, ``refusal``: the
    engine's :class:`~engine.game.state.Refusal`), ``deal`` (:func:`~engine.notation.code.check_deal`),
    ``not_ascii`` (``char``: a code is ASCII only, so any other character is refused where
    it stands, a digit of another script too) and ``lacks_held`` (``seat``, ``value``,
    ``tile``: a seat said to lack a value holds a tile with it), ``facts`` (``seat``: what the
    ``k`` field knows of a seat disagrees with its counts, its tiles shown or the ``n``
    field).  A ``syntax`` error says what is wrong at its character (``what``):
    ``not_pip`` and ``not_move`` (``char``), ``half_tile`` (a tile of one pip),
    ``empty_part``, ``part_count`` (``count`` parts for ``players``); in the rules,
    ``not_game``, ``no_players``, ``size_gaple``, ``not_option`` (``char``); in the line,
    ``empty_line``, ``not_end`` (``char``: not L or R); in the turn, ``no_seat`` and
    ``no_such_seat`` (``number``; ``high``, the last seat), ``passes_count``,
    ``opening_tile``, ``not_turn`` (``char``); ``pip_twice`` (``value``); in the ``k``
    field, ``part_size`` and ``no_part`` (``tag``), ``not_known`` (``char``); ``star_count``
    (``*`` without a count), ``dead_shown`` (``seat``: a shown hand's dead tiles given as a
    count); the fields themselves: ``empty_code``, ``missing``, ``not_field``,
    ``field_twice``, ``moves_last``, ``no_moves`` (``m`` and nothing after it)."""

    def __init__(self, field: str, offset: int, message: str, reason: str = "syntax",
                 **params: object) -> None:
        super().__init__(f"{field}, character {offset + 1}: {message}")
        self.field, self.offset, self.message = field, offset, message
        self.reason = reason
        self.params: dict[str, object] = params


def many(count: int, noun: str) -> str:
    """``1 hand``, ``3 hands``: a count and its noun, for the messages."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


@dataclass(frozen=True, slots=True)
class Field:
    """One ``/``-separated field of a code: its ``name`` (``rules`` … ``turn``, ``dead``,
    ``lacks``, ``moves``, or ``field`` for an unknown tag) and where it starts."""

    name: str
    text: str
    at: int  # where it starts in the whole code

    def error(self, index: int, message: str, reason: str = "syntax",
              **params: object) -> CodeError:
        return CodeError(self.name, self.at + index, message, reason, **params)


class Reader:
    """One code being read: its fields, and every tile named so far (a tile twice is an
    error at its second place)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.claimed: dict[Tile, str] = {}

    def claim(self, tile: Tile, field: Field, index: int) -> None:
        if tile in self.claimed:
            raise field.error(index, f"{tile.low}{tile.high} is named twice (also in the "
                                      f"{self.claimed[tile]})", "tile_twice", tile=tile)
        self.claimed[tile] = field.name

    def pip(self, field: Field, index: int) -> int:
        s = field.text
        if index >= len(s):
            raise field.error(len(s), "ends in the middle of a tile: a tile is two pips, "
                                      "such as 14", what="half_tile")
        c = s[index]
        if c not in PIPS:
            raise field.error(index, f"{quoted(c)} is not a pip: pips are 0 to 6",
                              what="not_pip", char=c)
        return PIPS.index(c)

    def tile(self, field: Field, index: int) -> tuple[int, int]:
        """The two pips at ``index``, as written."""
        return self.pip(field, index), self.pip(field, index + 1)

    def tiles(self, field: Field, start: int, end: int, *, keep_order: bool = False
              ) -> tuple[Tile, ...]:
        if (end - start) % 2:
            raise field.error(end - 1, "a tile is two pips, such as 14 for [1|4]; one is "
                                       "left over", what="half_tile")
        out = []
        for i in range(start, end, 2):
            tile = Tile.of(*self.tile(field, i))
            self.claim(tile, field, i)
            out.append(tile)
        return tuple(out) if keep_order else tuple(sorted(out))

    def held(self, field: Field, start: int, end: int, *, keep_order: bool = False) -> Held:
        """A part: tiles, ``-`` (none) or ``*N`` (N not shown)."""
        part = field.text[start:end]
        if part == "":
            raise field.error(start, "a part is empty: write - for none", what="empty_part")
        if part == "-":
            return ()
        if part[0] == "*":
            digits = part[1:]
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 2):
                raise field.error(start + 1, f"{quoted(part)}: * is followed by a count, such as *5",
                                  what="star_count")
            return int(digits)
        return self.tiles(field, start, end, keep_order=keep_order)

    def parts(self, field: Field, start: int = 0) -> list[tuple[int, int]]:
        """The spans of the ``.``-separated parts of a field from ``start``."""
        spans = []
        i = start
        s = field.text
        while True:
            j = s.find(".", i)
            if j < 0:
                spans.append((i, len(s)))
                return spans
            spans.append((i, j))
            i = j + 1


def not_ascii(field: Field, index: int) -> CodeError:
    """The error for a character that is not ASCII, at ``index`` in ``field``."""
    c = field.text[index]
    return field.error(index, f"{quoted(c)} is not part of a code: a code is written in "
                              "ASCII (pips 0 to 6, the letters and signs of its grammar)",
                       "not_ascii", char=c)


def split_fields(code: str) -> list[Field]:
    """The code cut at ``/``, each part named by its place or its tag."""
    names = ("rules", "hands", "line", "stock", "turn")
    fields: list[Field] = []
    at = 0
    for k, part in enumerate(code.split("/")):
        if k < len(names):
            name = names[k]
        else:
            name = TAGS.get(part[:1], "field")
        fields.append(Field(name, part, at))
        at += len(part) + 1
    return fields


def split_round(reader: Reader) -> tuple[list[Field], Field | None]:
    """The position's fields (five, then ``d`` and ``n`` at most once each) and the round's
    moves (``m``, last), if any."""
    code = reader.code
    if code == "":
        raise CodeError("rules", 0, "the code is empty", what="empty_code")
    fields = split_fields(code)
    at = non_ascii(code)
    if at >= 0:
        f = next(f for f in reversed(fields) if f.at <= at)
        raise not_ascii(f, at - f.at)
    if len(fields) < 5:
        names = ("rules", "hands", "line", "stock", "turn")
        raise CodeError(names[len(fields)], len(code),
                        f"missing: a position has five fields, {'/'.join(names)}, "
                        "separated by /", what="missing")
    moves: Field | None = None
    seen: set[str] = set()
    for k, f in enumerate(fields[5:], start=5):
        if f.name == "field":
            raise f.error(0, f"{quoted(f.text[:1])} is not a field: after the turn come d "
                             "(dead tiles), n (values seats lack), k (what else is known of "
                             "their tiles) and m (a round's moves)", what="not_field")
        if f.name in seen:
            raise f.error(0, f"the {f.name} field is given twice", what="field_twice")
        seen.add(f.name)
        if f.name == "moves":
            if k != len(fields) - 1:
                raise fields[k + 1].error(0, "the moves (m) come last", what="moves_last")
            moves = f
    return [f for f in fields if f.name != "moves"], moves
