"""The line of play: one chain with two open ends, doubles crosswise in it.

A :class:`Line` remembers each tile in the order it was played, which end it
joined and how it lies, so that it can say what the documents' diagrams say:
which tiles, which connections (the tile already in the line first), and the
legal continuation points.  The description comes out as structured parts
(:class:`Description`); :mod:`engine.notation.diagram` renders it in a language.

>>> line = Line()
>>> line.place(Tile.parse("1-4"), None); line.place(Tile.parse("1-1"), "left")
>>> line.ends
(1, 4)
>>> from engine.notation.diagram import describe
>>> describe(line.description())
'Tiles: [1|4], [1|1]. Connections: [1|4] (lower end) – [1|1] (line A). Legal continuation points: [1|1] (line B, 1); [1|4] (higher end, 4).'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from .moves import End
from .tiles import OTHER, TILES, Tile
from .values import by_fields

Side = Literal["higher", "lower", "A", "B", "left", "right"]


class LineError(ValueError):
    """A tile does not join the line where it was asked to."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile as it lies: ``left``/``right`` are the halves facing each way."""

    tile: Tile
    end: End | None  # None: the opening tile (or a tile of a given layout)
    left: int
    right: int
    left_side: Side
    right_side: Side

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class SidePart:
    """A tile's side in a description; ``tile`` is None for the hidden part of
    a line whose history is not shown (then ``side`` is ``left`` or ``right``)."""

    tile: Tile | None
    side: Side
    value: int | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Description:
    """The diagram notation of RULES.md §1 as parts, ready for any language."""

    tiles: tuple[Tile, ...]
    connections: tuple[tuple[SidePart, SidePart], ...]
    points: tuple[SidePart, ...]
    hidden: bool = False  # the line has tiles whose history is not shown

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


_PLACEMENTS: Final[dict[int, Placement]] = {}
_END_CODE: Final[dict[End | None, int]] = {None: 0, "left": 1, "right": 2}


def _placement(tile: Tile, left: int, right: int, end: End | None) -> Placement:
    """Placements are values: each distinct one is made once and shared."""
    key = ((tile.index * 7 + left) * 7 + right) * 3 + _END_CODE[end]
    p = _PLACEMENTS.get(key)
    if p is None:
        ls, rs = _sides(tile, left, right, end)
        p = _PLACEMENTS[key] = Placement(tile, end, left, right, ls, rs)
    return p


def _sides(tile: Tile, left: int, right: int, joined: End | None) -> tuple[Side, Side]:
    if tile.is_double:
        # Line A is the side joined first; an opening double's A faces left.
        return ("B", "A") if joined == "left" else ("A", "B")
    return ("higher" if left > right else "lower", "higher" if right > left else "lower")


# ``_JOIN_LEFT[index * 7 + v]``: the placement of a tile joined to a left end
# showing ``v`` (None where it does not match); likewise on the right.
_JOIN_LEFT: Final[tuple[Placement | None, ...]] = tuple(
    _placement(t, OTHER[t.index * 7 + v], v, "left") if t.has(v) else None
    for t in TILES for v in range(7)
)
_JOIN_RIGHT: Final[tuple[Placement | None, ...]] = tuple(
    _placement(t, v, OTHER[t.index * 7 + v], "right") if t.has(v) else None
    for t in TILES for v in range(7)
)


class Line:
    """A line of play.  ``Line()`` is empty; ``Line(hidden_ends=(6, 3))`` is a
    line whose earlier tiles are not shown, only its two open values."""

    __slots__ = ("hidden_ends", "left", "placements", "right")

    def __init__(self, hidden_ends: tuple[int, int] | None = None) -> None:
        self.hidden_ends = hidden_ends
        self.left, self.right = hidden_ends if hidden_ends is not None else (-1, -1)
        self.placements: list[Placement] = []

    @classmethod
    def from_layout(cls, tiles: Sequence[tuple[int, int]]) -> Line:
        """A line given as it lies, left to right, each tile as ``(left, right)``.

        The play order is taken as left to right (each tile joined on the right).
        """
        line = cls()
        for i, (a, b) in enumerate(tiles):
            tile = Tile.of(a, b)
            if i == 0:
                line.place_as(tile, a, b, None)
            elif a != line.right:
                raise LineError(
                    f"{tile.bracket()} written {a}-{b} does not join {line.right}, "
                    f"the right half of its left neighbour"
                )
            else:
                line.place_as(tile, a, b, "right")
        return line

    @property
    def empty(self) -> bool:
        return self.left < 0

    @property
    def ends(self) -> tuple[int, int] | tuple[()]:
        return () if self.left < 0 else (self.left, self.right)

    def fits(self, tile: Tile, end: End) -> bool:
        return tile.has(self.left if end == "left" else self.right)

    def place(self, tile: Tile, end: End | None) -> None:
        """Join ``tile`` at ``end`` (None on an empty line: it lies low-high)."""
        if self.left < 0:
            self.place_as(tile, tile.low, tile.high, None)
            return
        if end == "left":
            p = _JOIN_LEFT[tile.index * 7 + self.left]
            if p is None:
                raise LineError(f"{tile.bracket()} does not match the left end, {self.left}")
            self.left = p.left
        elif end == "right":
            p = _JOIN_RIGHT[tile.index * 7 + self.right]
            if p is None:
                raise LineError(f"{tile.bracket()} does not match the right end, {self.right}")
            self.right = p.right
        else:
            raise LineError("say which end")
        self.placements.append(p)

    def place_as(self, tile: Tile, left: int, right: int, end: End | None) -> None:
        """Lay ``tile`` with halves ``left``/``right`` facing those ways."""
        self.placements.append(_placement(tile, left, right, end))
        if end is None:
            self.left, self.right = left, right
        elif end == "left":
            self.left = left
        else:
            self.right = right

    def unplace(self) -> Placement:
        """Take back the last tile placed."""
        p = self.placements.pop()
        if p.end == "left":
            self.left = self._edge("left")
        elif p.end == "right":
            self.right = self._edge("right")
        elif not self.placements:
            self.left, self.right = self.hidden_ends if self.hidden_ends else (-1, -1)
        return p

    def unplace_to(self, left: int, right: int) -> None:
        """Take back the last tile placed, given the ends it was placed on (the fast
        path of :meth:`unplace` for a caller that kept them: no search for the edge)."""
        self.placements.pop()
        self.left, self.right = left, right

    def _edge(self, end: End) -> int:
        for p in reversed(self.placements):
            if p.end == end or p.end is None:
                return p.left if end == "left" else p.right
        assert self.hidden_ends is not None
        return self.hidden_ends[0 if end == "left" else 1]

    def copy(self) -> Line:
        other = Line(self.hidden_ends)
        other.left, other.right = self.left, self.right
        other.placements = list(self.placements)
        return other

    def layout(self) -> list[Placement]:
        """The tiles as they lie, left to right (hidden tiles not included)."""
        left: list[Placement] = []
        right: list[Placement] = []
        for p in self.placements:
            (left if p.end == "left" else right).append(p)
        return left[::-1] + right

    def tiles(self) -> tuple[Tile, ...]:
        return tuple(p.tile for p in self.placements)

    def description(self) -> Description:
        """Tiles in play order, connections, and the two continuation points."""
        hidden = self.hidden_ends is not None
        edge: dict[str, SidePart] = {}
        if hidden:
            edge["left"] = SidePart(None, "left")
            edge["right"] = SidePart(None, "right")
        connections: list[tuple[SidePart, SidePart]] = []
        for p in self.placements:
            if p.end is None and not hidden:
                edge["left"] = SidePart(p.tile, p.left_side)
                edge["right"] = SidePart(p.tile, p.right_side)
                continue
            end = p.end or "right"
            if end == "left":
                connections.append((edge["left"], SidePart(p.tile, p.right_side)))
                edge["left"] = SidePart(p.tile, p.left_side)
            else:
                connections.append((edge["right"], SidePart(p.tile, p.left_side)))
                edge["right"] = SidePart(p.tile, p.right_side)
        points: tuple[SidePart, ...] = ()
        if edge:
            lp, rp = edge["left"], edge["right"]
            points = (SidePart(lp.tile, lp.side, self.left), SidePart(rp.tile, rp.side, self.right))
            if len(self.placements) == 1 and not hidden and points[0].side == "lower":
                points = points[::-1]  # a lone tile: higher end first, as the documents write it
        return Description(self.tiles(), tuple(connections), points, hidden)
