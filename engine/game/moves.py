"""Moves: a play, a pass, a draw from the stock, a dead discard.

Moves are small frozen values with a notation that round-trips through the
scenario format (``{"play": "2-3", "end": "right"}``) and a short text form:

>>> Move.parse("play 2-3 right"), Move.parse("pass").text()
(Move(kind='play', tile=Tile(2, 3), end='right'), 'pass')

Where both open ends show the same value, a tile laid on the left and the same tile
laid on the right make mirror images of one position: one move under two names.
:func:`canonical` gives each move its one name (the play on the right, the end a tile
takes when it is played without one) and :func:`distinct` keeps one move of each pair:

>>> [m.text() for m in distinct([Move.parse("play 1-3 left"), Move.parse("play 1-3 right")], (1, 1))]
['play 1-3 right']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .reading import quoted
from .tiles import TILES, Tile, parse_halves
from .values import by_fields

Kind = Literal["play", "pass", "draw", "discard"]
End = Literal["left", "right"]
ENDS: Final[tuple[End, End]] = ("left", "right")


class MoveError(ValueError):
    """A move could not be read."""


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """A move.  ``flipped`` matters only for the first tile of an empty line,
    which lies as written: ``play 6-3`` (flipped) shows 6 on the left.  It is
    not part of the move's identity: on a line, ``play 6-3 left`` is ``play 3-6 left``."""

    kind: Kind
    tile: Tile | None = None
    end: End | None = None
    flipped: bool = field(default=False, compare=False)

    @staticmethod
    def play(tile: Tile | str, end: End | None = None, *, flipped: bool | None = None) -> Move:
        """A play; a tile given as text keeps its written order for an opening."""
        if isinstance(tile, str):
            a, b = parse_halves(tile)
            t = Tile.of(a, b)
            if flipped is None:
                flipped = a > b
        else:  # the set's own tile (one built as Tile(a, b) has no place in the set)
            t = tile if tile.index >= 0 else Tile.of(tile.low, tile.high)
        if flipped:
            return Move("play", t, end, True)
        return _PLAYS[t.index][_END_SLOT[end]]

    @property
    def unflipped(self) -> Move:
        """The same move with the tile written low-high."""
        if not self.flipped or self.tile is None:
            return self
        return Move.play(self.tile, self.end, flipped=False)

    @staticmethod
    def discard(tile: Tile | str) -> Move:
        t = Tile.parse(tile) if isinstance(tile, str) else tile
        return _DISCARDS[t.index if t.index >= 0 else Tile.of(t.low, t.high).index]

    @staticmethod
    def from_dict(data: dict[str, object]) -> Move:
        """Read the scenario/referee form, e.g. ``{"play": "2-3", "end": "right"}``."""
        keys = set(data)
        if "play" in keys:
            if keys - {"play", "end"}:
                raise MoveError(f"unknown key {quoted(min(keys - {'play', 'end'}))} beside play")
            end = data.get("end")
            if end is not None and end not in ENDS:
                raise MoveError(f"end must be \"left\" or \"right\", not {quoted(end)}")
            tile = data["play"]
            if not isinstance(tile, str):
                raise MoveError(f"play must name a tile such as \"2-3\", not {quoted(tile)}")
            return Move.play(tile, end)  # type: ignore[arg-type,unused-ignore]
        if keys == {"discard"}:
            tile = data["discard"]
            if not isinstance(tile, str):
                raise MoveError(f"discard must name a tile such as \"4-4\", not {quoted(tile)}")
            return Move.discard(tile)
        for kind in ("pass", "draw"):
            if keys == {kind}:
                if data[kind] is not True:
                    raise MoveError(f"{kind} must be true")
                return PASS if kind == "pass" else DRAW
        raise MoveError(f"a move is play, pass, draw or discard, not {sorted(keys)}")

    def to_dict(self) -> dict[str, object]:
        if self.kind == "play":
            assert self.tile is not None
            d: dict[str, object] = {"play": self._written()}
            if self.end is not None:
                d["end"] = self.end
            return d
        if self.kind == "discard":
            return {"discard": str(self.tile)}
        return {self.kind: True}

    @staticmethod
    def parse(text: str) -> Move:
        """Read the short form: ``play 2-3 right``, ``pass``, ``draw``, ``discard 4-4``."""
        words = text.split()
        if words in (["pass"], ["draw"]):
            return PASS if words[0] == "pass" else DRAW
        if len(words) == 2 and words[0] == "discard":
            return Move.discard(words[1])
        if len(words) in (2, 3) and words[0] == "play":
            end = words[2] if len(words) == 3 else None
            if end is not None and end not in ENDS:
                raise MoveError(f"end must be left or right, not {quoted(end)}")
            return Move.play(words[1], end)
        raise MoveError(f"{quoted(text)} is not a move")

    def text(self) -> str:
        """The short form, as used in error messages: ``play 0-5 right``."""
        if self.kind == "play":
            return f"play {self._written()}" + (f" {self.end}" if self.end else "")
        if self.kind == "discard":
            return f"discard {self.tile}"
        return self.kind

    def _written(self) -> str:
        assert self.tile is not None
        if self.flipped and self.end is None:
            return f"{self.tile.high}-{self.tile.low}"
        return str(self.tile)

    def __str__(self) -> str:
        return self.text()

    # Written out rather than generated (``flipped`` is not compared): compiled, plain C.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return self.kind == other.kind and self.tile == other.tile and self.end == other.end

    def __hash__(self) -> int:
        return hash((self.kind, self.tile, self.end))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


_END_SLOT: Final[dict[End | None, int]] = {None: 0, "left": 1, "right": 2}
_PLAYS: Final[tuple[tuple[Move, Move, Move], ...]] = tuple(
    (Move("play", t, None), Move("play", t, "left"), Move("play", t, "right")) for t in TILES
)
_DISCARDS: Final[tuple[Move, ...]] = tuple(Move("discard", t) for t in TILES)
PASS: Final = Move("pass")
DRAW: Final = Move("draw")


def canonical(move: Move, ends: tuple[int, int] | tuple[()]) -> Move:
    """``move``'s one name on a line whose open values are ``ends`` (``()`` when empty).

    Where both ends show the same value, a play on the left is the mirror image of the
    same tile's play on the right: both are named as the play on the right, which is also
    the end :meth:`engine.game.state.State.resolve` gives a tile played without an end.  Any
    other move is its own name."""
    if move.kind == "play" and move.end == "left" and len(ends) == 2 and ends[0] == ends[1]:
        tile = move.tile
        assert tile is not None
        return _PLAYS[tile.index][2]
    return move


def distinct(moves: Iterable[Move], ends: tuple[int, int] | tuple[()]) -> tuple[Move, ...]:
    """``moves`` with one move of each mirror pair, by its :func:`canonical` name, in the
    order of their first appearance."""
    seen: set[Move] = set()
    out: list[Move] = []
    for move in moves:
        name = canonical(move, ends)
        if name not in seen:
            seen.add(name)
            out.append(name)
    return tuple(out)
