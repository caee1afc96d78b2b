"""Dominoes drawn as SVG: tiles with real pips, the line with its markers, hands.

Pure functions of their arguments (no Streamlit), so the output is the same
string every time — easy to assert on in tests and safe to cache.  Every
string that reaches the markup goes through :func:`esc`.

- :func:`tile_svg` — one tile, upright or lying, face up or face down;
- :func:`line_svg` — the line of play left to right, bending into snake rows
  to fit ``max_width``, doubles crosswise, a marker at each open end;
- :func:`hand_svg` — a row of tiles (a hand, face up or face down).

Every standalone SVG has ``role="img"`` and an ``aria-label``; the line's
label is its RULES.md description (pass it in, already in the page's
language: ``ui.i18n.describe(line.description())``).

Geometry: ``H`` is the side of one half; a tile lying in the line is
``2H × H``, a double lies crosswise (``H × 2H``).  Rows run left to right,
then right to left, and so on, joined by a bend drawn on the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal

from engine.game.line import Line, Placement
from engine.game.tiles import Tile

H = 40  # side of one half, in SVG units (pixels at natural size)
GAP = 3  # between neighbours in the line
PAD = 14  # around the drawing
ROW_GAP = 22  # between snake rows (the bend runs here)
BEND = 16  # how far a bend reaches beyond the rows
MARKER_R = 16

IVORY = "#fffdf4"
IVORY_EDGE = "#2b2b2b"
PIP = "#1b1b1b"
BACK = "#24584b"
BACK_EDGE = "#163a31"
FELT = "#2f6b55"
FELT_EDGE = "#245544"
MARK = "#fff6d8"
MARK_FIT = "#f4c44e"

#: Pip centres in a unit square, for an upright half (a tile standing on end).
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)),
}

Orientation = Literal["h", "v"]


def esc(text: object) -> str:
    """Escape for HTML/SVG text and attribute values (quotes included)."""
    return escape(str(text), quote=True)


def plain(text: str) -> str:
    """Plain text for ``st.markdown`` and a widget's markdown label: a tile's brackets kept
    as written ("[2|5]"), not read as the start of a link."""
    return text.replace("[", "\\[").replace("]", "\\]")


def _n(x: float) -> str:
    """A coordinate, short and deterministic: ``12``, ``12.5``."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _attrs(attrs: Mapping[str, object] | None) -> str:
    if not attrs:
        return ""
    return "".join(f' {esc(k)}="{esc(v)}"' for k, v in attrs.items() if v is not None)


def pips(value: int, x: float, y: float, size: float, orient: Orientation = "v") -> str:
    """The pips of one half whose square's top-left corner is ``(x, y)``.

    ``orient="h"`` turns the layout a quarter (a lying tile), so a six shows
    two rows of three across the tile rather than two columns.
    """
    if value not in PIP_LAYOUT:
        raise ValueError(f"a half shows 0 to 6 pips, not {value!r}")
    r = size * 0.095
    out = []
    for px, py in PIP_LAYOUT[value]:
        if orient == "h":
            px, py = py, px
        out.append(f'<circle class="pip" cx="{_n(x + px * size)}" cy="{_n(y + py * size)}" '
                   f'r="{_n(r)}"/>')
    return "".join(out)


def tile_group(a: int, b: int, x: float, y: float, orient: Orientation, *, size: int = H,
               face_down: bool = False, cls: str = "tile",
               attrs: Mapping[str, object] | None = None) -> str:
    """A ``<g>`` drawing one tile at ``(x, y)`` (its top-left corner).

    ``a`` is the half drawn first: the left half of a lying tile (``"h"``), the
    top half of an upright one (``"v"``).
    """
    w, h = (2 * size, size) if orient == "h" else (size, 2 * size)
    rx = size * 0.16
    body = (f'<rect x="{_n(x + 0.5)}" y="{_n(y + 0.5)}" width="{_n(w - 1)}" height="{_n(h - 1)}" '
            f'rx="{_n(rx)}"')
    if face_down:
        inner = (f'{body} fill="{BACK}" stroke="{BACK_EDGE}" stroke-width="1.2"/>'
                 f'<rect x="{_n(x + size * 0.18)}" y="{_n(y + size * 0.18)}" '
                 f'width="{_n(w - size * 0.36)}" height="{_n(h - size * 0.36)}" rx="{_n(rx * 0.6)}" '
                 f'fill="none" stroke="#8fb9a8" stroke-width="1" stroke-dasharray="2 3"/>')
        return f'<g class="{esc(cls)} face-down"{_attrs(attrs)}>{inner}</g>'
    shadow = (f'<rect x="{_n(x + 0.5)}" y="{_n(y + 2)}" width="{_n(w - 1)}" height="{_n(h - 1)}" '
              f'rx="{_n(rx)}" fill="#000" opacity="0.22"/>')
    parts = [shadow, f'{body} fill="{IVORY}" stroke="{IVORY_EDGE}" stroke-width="1.3"/>']
    inset = size * 0.2
    if orient == "h":
        parts.append(f'<line x1="{_n(x + size)}" y1="{_n(y + inset)}" x2="{_n(x + size)}" '
                     f'y2="{_n(y + size - inset)}" stroke="{IVORY_EDGE}" stroke-width="1.2"/>')
        parts.append(pips(a, x, y, size, "h"))
        parts.append(pips(b, x + size, y, size, "h"))
    else:
        parts.append(f'<line x1="{_n(x + inset)}" y1="{_n(y + size)}" x2="{_n(x + size - inset)}" '
                     f'y2="{_n(y + size)}" stroke="{IVORY_EDGE}" stroke-width="1.2"/>')
        parts.append(pips(a, x, y, size, "v"))
        parts.append(pips(b, x, y + size, size, "v"))
    return f'<g class="{esc(cls)}"{_attrs(attrs)} fill="{PIP}">{"".join(parts)}</g>'


def tile_svg(tile: Tile | tuple[int, int], *, orient: Orientation = "v", size: int = H,
             face_down: bool = False, label: str | None = None,
             attrs: Mapping[str, object] | None = None) -> str:
    """One tile as a standalone SVG.  ``label`` is its spoken name (default
    ``[low|high]``, or "face-down tile")."""
    a, b = (tile.low, tile.high) if isinstance(tile, Tile) else tile
    w, h = (2 * size, size) if orient == "h" else (size, 2 * size)
    if label is None:
        label = "face-down tile" if face_down else Tile.of(a, b).bracket()
    g = tile_group(a, b, 0, 0, orient, size=size, face_down=face_down)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="domino" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="{esc(label)}"{_attrs(attrs)}>'
            f'{g}</svg>')


def hand_svg(tiles: Sequence[Tile], *, face_down: bool = False, size: int = 24,
             label: str = "", gap: int = 5) -> str:
    """A row of upright tiles, e.g. an opponent's hand (face down)."""
    n = len(tiles)
    w = max(1, n * size + max(0, n - 1) * gap)
    h = 2 * size
    groups = [tile_group(t.low, t.high, i * (size + gap), 0, "v", size=size, face_down=face_down)
              for i, t in enumerate(tiles)]
    if not label:
        label = (f"{n} face-down tiles" if face_down
                 else ", ".join(t.bracket() for t in tiles) or "no tiles")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="hand" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="{esc(label)}">{"".join(groups)}</svg>')


# -- the line ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Item:
    kind: Literal["tile", "hidden", "marker"]
    width: float  # along the row
    placement: Placement | None = None
    end: str | None = None  # a marker's end, "left" / "right" / "any"
    text: str = ""  # a hidden stub's text, e.g. "6 … 3"


@dataclass(frozen=True, slots=True)
class LineGeometry:
    """Where the line's drawing put things (for sizing a container)."""

    width: int
    height: int
    rows: int


def _items(line: Line, markers: bool) -> list[_Item]:
    placements = line.layout()
    n_left = sum(1 for p in line.placements if p.end == "left")
    items: list[_Item] = []
    if markers and not line.empty:
        items.append(_Item("marker", 2 * MARKER_R, end="left"))
    for i, p in enumerate(placements):
        if line.hidden_ends is not None and i == n_left:
            items.append(_hidden(line))
        items.append(_Item("tile", H if p.tile.is_double else 2 * H, placement=p))
    if line.hidden_ends is not None and n_left == len(placements):
        items.append(_hidden(line))
    if markers:
        items.append(_Item("marker", 2 * MARKER_R, end="any" if line.empty else "right"))
    return items


def _hidden(line: Line) -> _Item:
    assert line.hidden_ends is not None
    left, right = line.hidden_ends
    return _Item("hidden", 3 * H, text=f"{left} … {right}")


def _height(item: _Item) -> float:
    if item.kind == "marker":
        return 2 * MARKER_R + 6
    if item.kind == "tile" and item.placement is not None and item.placement.tile.is_double:
        return 2 * H
    return H + 8


def _rows(items: list[_Item], capacity: float) -> list[list[_Item]]:
    """Fill rows up to ``capacity``; an end's marker never starts a row alone: the
    tile before it goes down with it (a lone marker would look like a missing tile)."""
    rows: list[list[_Item]] = [[]]
    used = 0.0
    for item in items:
        need = item.width + (GAP if rows[-1] else 0)
        if rows[-1] and used + need > capacity:
            row = rows[-1]
            carried = [row.pop()] if item.kind == "marker" and any(
                i.kind != "marker" for i in row[:-1]) else []
            rows.append(carried)
            used = sum(i.width + GAP for i in carried)
            need = item.width
        rows[-1].append(item)
        used += need
    return rows


def line_geometry(line: Line, *, max_width: int = 720, markers: bool = True) -> LineGeometry:
    """The size :func:`line_svg` will draw the line at."""
    return _layout(line, max_width, markers)[0]


def _layout(line: Line, max_width: int, markers: bool
            ) -> tuple[LineGeometry, list[tuple[_Item, float, float, bool]], list[str]]:
    """Place every item: ``(item, x, y_centre, reversed_row)``, plus bend paths."""
    capacity = max(2 * H + 2 * MARKER_R + 2 * GAP, max_width - 2 * PAD - 2 * BEND)
    rows = _rows(_items(line, markers), capacity)
    widths = [sum(i.width for i in row) + GAP * max(0, len(row) - 1) for row in rows]
    inner = max(widths) if len(rows) > 1 else widths[0]
    left_x = PAD + (BEND if len(rows) > 1 else 0)
    right_x = left_x + inner
    heights = [max((_height(i) for i in row), default=H + 8) for row in rows]  # empty: no markers
    centres: list[float] = []
    y: float = PAD
    for h in heights:
        centres.append(y + h / 2)
        y += h + ROW_GAP
    placed: list[tuple[_Item, float, float, bool]] = []
    bends: list[str] = []
    ends: list[tuple[float, float]] = []  # each row's (start x, end x) in chain order
    for r, row in enumerate(rows):
        cy = centres[r]
        rev = r % 2 == 1
        x = right_x if rev else left_x
        start = x
        for item in row:
            if rev:
                x -= item.width
                placed.append((item, x, cy, True))
                x -= GAP
            else:
                placed.append((item, x, cy, False))
                x += item.width + GAP
        end = x + GAP if rev else x - GAP
        ends.append((start, end))
    for r in range(len(rows) - 1):
        y0, y1 = centres[r], centres[r + 1]
        x0 = ends[r][1]
        x1 = ends[r + 1][0]
        k = min(12.0, (y1 - y0) / 2)
        if r % 2 == 0:  # turning on the right
            edge = right_x + BEND - 4
            bends.append(f"M{_n(x0)} {_n(y0)} H{_n(edge - k)} Q{_n(edge)} {_n(y0)} {_n(edge)} "
                         f"{_n(y0 + k)} V{_n(y1 - k)} Q{_n(edge)} {_n(y1)} {_n(edge - k)} "
                         f"{_n(y1)} H{_n(x1)}")
        else:  # turning on the left
            edge = left_x - BEND + 4
            bends.append(f"M{_n(x0)} {_n(y0)} H{_n(edge + k)} Q{_n(edge)} {_n(y0)} {_n(edge)} "
                         f"{_n(y0 + k)} V{_n(y1 - k)} Q{_n(edge)} {_n(y1)} {_n(edge + k)} "
                         f"{_n(y1)} H{_n(x1)}")
    width = int(right_x + (BEND if len(rows) > 1 else 0) + PAD)
    height = int(PAD * 2 + sum(heights) + (len(rows) - 1) * ROW_GAP)
    return LineGeometry(width, height, len(rows)), placed, bends


def line_svg(line: Line, *, label: str, max_width: int = 720, markers: bool = True,
             fits: Iterable[str] = (), marker_labels: Mapping[str, str] | None = None,
             interactive: bool = False, felt: bool = True, highlight_end: str | None = None,
             css_class: str = "line", scale: float = 1.0) -> str:
    """The line of play as one SVG.

    - ``label``: the text description (aria-label), e.g. from
      ``ui.i18n.describe(line.description())``;
    - ``max_width``: the line bends into snake rows to stay within it;
    - ``markers``: draw a marker at each open end (at the middle of an empty
      table: "any tile opens"), labelled with the value it accepts;
    - ``fits``: the ends ("left"/"right") to highlight, e.g. where the
      selected tile fits; ``highlight_end``: an end to ring (a hint);
    - ``marker_labels``: spoken names per end for interactive markers;
    - ``interactive``: markers become focusable buttons (``data-end``) for
      the board component;
    - ``scale``: draw bigger (or smaller) than natural size; ``max_width`` is
      the budget in natural units, so pass ``max_width / scale`` to keep the
      drawn width within a pixel budget.
    """
    geo, placed, bends = _layout(line, max_width, markers)
    fit = set(fits)
    out: list[str] = []
    if felt:
        out.append(f'<rect class="felt" x="0" y="0" width="{geo.width}" height="{geo.height}" '
                   f'rx="10" fill="{FELT}" stroke="{FELT_EDGE}" stroke-width="2"/>')
    for d in bends:
        out.append(f'<path class="bend" d="{d}" fill="none" stroke="#7fb59e" stroke-width="3" '
                   f'stroke-linecap="round" stroke-dasharray="1 7" opacity="0.9"/>')
    for item, x, cy, rev in placed:
        if item.kind == "tile":
            p = item.placement
            assert p is not None
            a, b = (p.right, p.left) if rev else (p.left, p.right)
            attrs = {"data-tile": str(p.tile)}
            if p.tile.is_double:
                out.append(tile_group(a, b, x, cy - H, "v", cls="tile double", attrs=attrs))
            else:
                out.append(tile_group(a, b, x, cy - H / 2, "h", attrs=attrs))
        elif item.kind == "hidden":
            out.append(f'<g class="hidden-part"><rect x="{_n(x + 0.5)}" y="{_n(cy - H / 2)}" '
                       f'width="{_n(item.width - 1)}" height="{H}" rx="{_n(H * 0.16)}" '
                       f'fill="none" stroke="{MARK}" stroke-width="1.5" stroke-dasharray="5 4"/>'
                       f'<text x="{_n(x + item.width / 2)}" y="{_n(cy)}" text-anchor="middle" '
                       f'dominant-baseline="central" font-size="{_n(H * 0.5)}" fill="{MARK}" '
                       f'font-family="sans-serif">{esc(item.text)}</text></g>')
        else:
            out.append(_marker(line, item, x, cy, fit, highlight_end, marker_labels, interactive))
    # With focusable markers inside, the drawing is a group (an img hides its children).
    role = "group" if interactive and markers else "img"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{esc(css_class)}" '
            f'width="{_n(geo.width * scale)}" height="{_n(geo.height * scale)}" '
            f'viewBox="0 0 {geo.width} {geo.height}" '
            f'role="{role}" aria-label="{esc(label)}" style="max-width:100%;height:auto">'
            f'{"".join(out)}</svg>')


def _marker(line: Line, item: _Item, x: float, cy: float, fit: set[str],
            highlight_end: str | None, labels: Mapping[str, str] | None,
            interactive: bool) -> str:
    end = item.end or "any"
    value = "" if end == "any" else str(line.left if end == "left" else line.right)
    cx = x + MARKER_R
    classes = ["marker", f"marker-{end}"]
    if end in fit or (end == "any" and fit):
        classes.append("fit")
    if highlight_end is not None and highlight_end == end:
        classes.append("hint")
    lit = "fit" in classes or "hint" in classes
    attrs: dict[str, object] = {"data-end": end, "data-value": value or None}
    if interactive:
        attrs.update({"role": "button", "tabindex": "-1",
                      "aria-label": (labels or {}).get(end, f"{end} end {value}".strip())})
    ring = ""
    if "hint" in classes:
        ring = (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(MARKER_R + 5)}" fill="none" '
                f'stroke="{MARK_FIT}" stroke-width="2.5" stroke-dasharray="4 3"/>')
    text = value if value else "+"
    return (f'<g class="{" ".join(classes)}"{_attrs(attrs)}>{ring}'
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{MARKER_R}" '
            f'fill="{MARK_FIT if lit else "none"}" stroke="{MARK_FIT if lit else MARK}" '
            f'stroke-width="2" stroke-dasharray="{"none" if lit else "4 3"}"/>'
            f'<text x="{_n(cx)}" y="{_n(cy)}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="15" font-weight="700" font-family="sans-serif" '
            f'fill="{"#1b1b1b" if lit else MARK}">{esc(text)}</text></g>')
