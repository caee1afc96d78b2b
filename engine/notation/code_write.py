"""Writing the fields of the position code and the round code (the grammar: :mod:`engine.notation.code`).

The text of each field from the engine's values: :func:`rules_code`, a seat's tiles
(:func:`held_text`), the line (:func:`line_text`), what a seat is known to lack
(:func:`facts_text`), a move's token (:func:`move_token`).  A whole
:class:`~engine.notation.code_model.Position` or :class:`~engine.notation.code_model.Round` is written from
these fields by :mod:`engine.notation.code_model` (their ``text()``), which this module knows nothing
of.  Standard library only.
"""

from __future__ import annotations

from typing import TypeAlias

from ..game.knowledge import DOUBLES, Facts, banned_by
from ..game.line import Placement
from ..game.moves import Move
from ..game.rules import Ruleset
from ..game.state import State
from ..game.tiles import FITS, Tile, tiles_of

#: A seat's tiles as a position shows them: the tiles, or how many there are unseen.
Held: TypeAlias = tuple[Tile, ...] | int


def tiles_text(tiles: tuple[Tile, ...]) -> str:
    return "".join(f"{t.low}{t.high}" for t in tiles) or "-"


def held_text(held: Held) -> str:
    return f"*{held}" if isinstance(held, int) else tiles_text(held)


def count(held: Held) -> int:
    """How many tiles a seat's part holds: its tiles, or the count shown instead."""
    return held if isinstance(held, int) else len(held)


def rules_code(rules: Ruleset) -> str:
    """The rules field: ``b3``, ``g4x7pz``, ``d2d``…"""
    if rules.family == "block":
        return f"b{rules.players}"
    if rules.family == "duel":
        return "d2d" if rules.draw_mode else "d2"
    return (f"g{rules.players}x{rules.hand_size}" + ("" if rules.dead_tiles else "p")
            + ("z" if rules.blank_double_25 else ""))


def line_text(hidden: tuple[int, int] | None, placements: tuple[Placement, ...]) -> str:
    if hidden is None and not placements:
        return "-"
    out = f"{hidden[0]}*{hidden[1]}" if hidden is not None else ""
    for p in placements:
        if p.end is not None:
            out += "L" if p.end == "left" else "R"
        out += f"{p.left}{p.right}"
    return out


def banned_text(banned: int) -> str:
    """Tiles a part cannot hold: the values all of whose tiles are banned, ``d`` if every
    double is, then ``t`` and each other banned tile."""
    values = [v for v in range(7) if banned & FITS[v] == FITS[v]]
    covered = banned_by(frozenset(values))
    out = "".join(map(str, values))
    if banned & DOUBLES == DOUBLES and DOUBLES & ~covered:
        out += "d"
        covered |= DOUBLES
    for tile in tiles_of(banned & ~covered):
        out += f"t{tile.low}{tile.high}"
    return out


def facts_text(facts: Facts) -> str:
    """One seat's part of the ``k`` field: each part of its hidden tiles (``h`` a hand
    part, ``x`` dead tiles thrown, ``y`` dead tiles of unknown facts; its size, then what it
    cannot hold), then each played tile with the hand parts it may have come from
    (``p34AB``: [3|4] from the first or the second part)."""
    out = ""
    for part in facts.parts:
        tag = "h" if not part.dead else ("x" if part.slots else "y")
        out += f"{tag}{part.size}{banned_text(part.banned)}"
    for tile, allowed in facts.placed:
        out += f"p{tile.low}{tile.high}" + "".join(
            chr(ord("A") + k) for k in range(allowed.bit_length()) if allowed >> k & 1)
    return out or "-"


def move_token(move: Move, after: State) -> str:
    """A move's token, written after it was applied (``after``: the state it made)."""
    if move.kind == "pass":
        return "p"
    if move.kind == "draw":
        return "d"
    tile = move.tile
    assert tile is not None
    if move.kind == "discard":
        return f"x{tile.low}{tile.high}"
    p = after.line.placements[-1]  # the tile as it now lies
    if p.end is None:
        return f"{p.left}{p.right}"
    return ("L" if p.end == "left" else "R") + f"{p.left}{p.right}"
