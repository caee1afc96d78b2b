"""Tiles of the double-six set and their notation.

A tile is a frozen value with two halves, ``low <= high``.  The 28 tiles are
interned: ``Tile.parse("4-1") is Tile.parse("[1|4]")``.  Each tile also has an
``index`` (0..27) so that a set of tiles can be kept as a bit mask.

>>> t = Tile.parse("4-1")
>>> t, str(t), t.bracket(), t.value
(Tile(1, 4), '1-4', '[1|4]', 5)
>>> Tile.parse(t.bracket()) is t
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from .reading import quoted

MAX_PIP: Final = 6
PIPS: Final = range(MAX_PIP + 1)


class TileError(ValueError):
    """A tile could not be read."""


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One tile.  Create tiles with :meth:`of` or :meth:`parse`, never twice."""

    low: int
    high: int
    index: int = field(default=-1, compare=False, repr=False)
    bit: int = field(default=0, compare=False, repr=False)  # 1 << index: the tile as a mask

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b`` in either order."""
        if not (0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP):
            raise TileError(f"halves must be 0 to {MAX_PIP}, not {a} and {b}")
        return _BY_HALVES[a * 7 + b]

    @staticmethod
    def parse(text: object) -> Tile:
        """Read ``a-b`` or ``[a|b]`` (halves in either order); anything else is refused."""
        return Tile.of(*parse_halves(text))

    @property
    def value(self) -> int:
        """Both halves added: [6|6] is 12, [0|0] is 0."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, pip: int) -> bool:
        return pip == self.low or pip == self.high

    def other(self, pip: int) -> int:
        """The half left free when the half showing ``pip`` is matched."""
        if pip == self.low:
            return self.high
        if pip == self.high:
            return self.low
        raise TileError(f"{self.bracket()} has no {pip}")

    # Written out rather than generated: compiled, they are plain C (dict keys, ``in``).
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Tile):
            return NotImplemented
        return self.low == other.low and self.high == other.high

    def __hash__(self) -> int:
        return self.low * 7 + self.high

    # Ordered by the lower half, then the higher: [0|0], [0|1] … [0|6], [1|1] … [6|6].
    def __lt__(self, other: Tile) -> bool:
        return (self.low, self.high) < (other.low, other.high)

    def __le__(self, other: Tile) -> bool:
        return (self.low, self.high) <= (other.low, other.high)

    def __gt__(self, other: Tile) -> bool:
        return (self.low, self.high) > (other.low, other.high)

    def __ge__(self, other: Tile) -> bool:
        return (self.low, self.high) >= (other.low, other.high)

    def __reduce__(self) -> tuple[Any, tuple[int, int]]:
        # Pickled and copied as the interned tile itself (the compiled class could not
        # be filled in field by field: it is frozen).
        return Tile.of, (self.low, self.high)

    def bracket(self) -> str:
        """The documents' notation, ``[low|high]``."""
        return f"[{self.low}|{self.high}]"

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"


def parse_halves(text: object) -> tuple[int, int]:
    """The two halves of ``a-b`` or ``[a|b]`` in the order written."""
    m = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise TileError(f"{quoted(text)} is not a tile: write it as a-b, such as 2-5")
    return int(m.group(1) or m.group(3)), int(m.group(2) or m.group(4))


_PATTERN: Final = re.compile(r"([0-6])-([0-6])|\[([0-6])\|([0-6])\]", re.ASCII)

#: All 28 tiles, ordered by index: [0|0], [0|1], ... [0|6], [1|1], ... [6|6].
TILES: Final[tuple[Tile, ...]] = tuple(
    Tile(low, high, i, 1 << i)
    for i, (low, high) in enumerate([(a, b) for a in PIPS for b in PIPS if a <= b])
)
_BY_HALVES: Final[list[Tile]] = [TILES[0]] * 49
for _t in TILES:
    _BY_HALVES[_t.low * 7 + _t.high] = _t
    _BY_HALVES[_t.high * 7 + _t.low] = _t

ALL_MASK: Final = (1 << len(TILES)) - 1
#: ``FITS[v]``: the mask of tiles that show ``v`` on either half.
FITS: Final[tuple[int, ...]] = tuple(
    sum(t.bit for t in TILES if t.has(v)) for v in PIPS
)
#: ``OTHER[index * 7 + v]``: the free half after matching ``v`` (or -1).
OTHER: Final[tuple[int, ...]] = tuple(
    (t.other(v) if t.has(v) else -1) for t in TILES for v in PIPS
)
VALUES: Final[tuple[int, ...]] = tuple(t.value for t in TILES)


def mask_of(tiles: Iterable[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


# Sets of tiles are masks; reading one goes 7 bits at a time through tables.
_CHUNK_TILES: Final[tuple[tuple[tuple[Tile, ...], ...], ...]] = tuple(
    tuple(tuple(TILES[k * 7 + b] for b in range(7) if c >> b & 1) for c in range(128))
    for k in range(4)
)
_CHUNK_VALUES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(t.value for t in _CHUNK_TILES[k][c]) for c in range(128)) for k in range(4)
)


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles in a mask, in index order."""
    a, b, c, d = _CHUNK_TILES
    return a[mask & 127] + b[mask >> 7 & 127] + c[mask >> 14 & 127] + d[mask >> 21 & 127]


def iter_mask(mask: int) -> Iterator[Tile]:
    while mask:
        low = mask & -mask
        yield TILES[low.bit_length() - 1]
        mask ^= low


def mask_value(mask: int) -> int:
    """The total of the tiles in a mask."""
    a, b, c, d = _CHUNK_VALUES
    return a[mask & 127] + b[mask >> 7 & 127] + c[mask >> 14 & 127] + d[mask >> 21 & 127]
