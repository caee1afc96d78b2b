"""Rule families as data: a frozen :class:`Ruleset` and its named presets.

The three families of the source documents differ in a handful of settings,
not in code: how many tiles each player gets, what a stuck player does, how
the round opens and how it is settled.

>>> block(3).hand_size, gaple().stuck, duel(draw=True).stuck
(5, 'discard', 'draw')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from .values import by_fields

Family = Literal["block", "gaple", "duel"]
Stuck = Literal["pass", "draw", "discard"]
FAMILIES: Final[tuple[Family, ...]] = ("block", "gaple", "duel")


class RulesError(ValueError):
    """A ruleset was asked for with options its family does not have."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything that tells one family (and variant) from another.

    - ``stuck``: what a player who cannot play does: ``pass`` (Block, duel
      without drawing, Gaple's pass variant), ``draw`` from the stock until
      able (duel draw mode), or ``discard`` a dead tile (Gaple).
    - ``middle_up``: Gaple with tiles left in the middle turns one face up to
      start the line.
    - ``blank_double_25``: Gaple's variant where [0|0] counts 25 when its
      holder has no other tile with a blank half.
    - ``target``: Block's match target (100 for two players, 61 otherwise).
    """

    family: Family
    players: int
    hand_size: int
    stuck: Stuck
    blank_double_25: bool = False

    @property
    def name(self) -> str:
        """A short readable name, e.g. ``block-3`` or ``duel-draw``."""
        if self.family == "duel":
            return "duel-draw" if self.stuck == "draw" else "duel"
        extra = ""
        if self.family == "gaple":
            extra += f"x{self.hand_size}" if self.players == 4 else ""
            extra += "-pass" if self.stuck == "pass" else ""
            extra += "-blank25" if self.blank_double_25 else ""
        return f"{self.family}-{self.players}{extra}"

    @property
    def undealt(self) -> int:
        """Tiles left outside the hands after the deal."""
        return 28 - self.players * self.hand_size

    @property
    def middle_up(self) -> bool:
        return self.family == "gaple" and self.undealt > 0

    @property
    def draw_mode(self) -> bool:
        return self.stuck == "draw"

    @property
    def dead_tiles(self) -> bool:
        return self.stuck == "discard"

    @property
    def block_after(self) -> int:
        """Consecutive turns without a play that end the round.

        Block: every player passes in turn.  Duel: two passes.  Gaple: a
        full circuit of discards or passes (RULES.md §3, decision).
        """
        return self.players

    @property
    def target(self) -> int | None:
        if self.family != "block":
            return None
        return 100 if self.players == 2 else 61

    def options(self) -> dict[str, object]:
        """The scenario ``[options]`` that select this ruleset."""
        if self.family == "block":
            return {"players": self.players}
        if self.family == "duel":
            return {"draw": self.draw_mode}
        return {
            "players": self.players,
            "hand_size": self.hand_size,
            "dead_tiles": self.dead_tiles,
            "blank_double_25": self.blank_double_25,
        }

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)


def block(players: int = 2) -> Ruleset:
    """Pagat's individual Block: 2 players × 7 tiles, 3 or 4 players × 5."""
    if players not in (2, 3, 4):
        raise RulesError(f"block is for 2, 3 or 4 players, not {players}")
    return Ruleset("block", players, 7 if players == 2 else 5, "pass")


def gaple(
    players: int = 4,
    hand_size: int | None = None,
    dead_tiles: bool = True,
    blank_double_25: bool = False,
) -> Ruleset:
    """Gaple: 4 × 6 (or 4 × 7) or 5 × 5; a stuck player discards a dead tile."""
    if players not in (4, 5):
        raise RulesError(f"gaple is for 4 or 5 players, not {players}")
    size = hand_size if hand_size is not None else (6 if players == 4 else 5)
    allowed = (6, 7) if players == 4 else (5,)
    if size not in allowed:
        raise RulesError(
            f"gaple with {players} players deals {' or '.join(map(str, allowed))} tiles, not {size}"
        )
    return Ruleset("gaple", players, size, "discard" if dead_tiles else "pass", blank_double_25)


def duel(draw: bool = False) -> Ruleset:
    """The two-player blocked game: 7 tiles each, 14 in the stock."""
    return Ruleset("duel", 2, 7, "draw" if draw else "pass")


_OPTION_TYPES: Final[dict[str, type]] = {
    "players": int,
    "draw": bool,
    "dead_tiles": bool,
    "blank_double_25": bool,
    "hand_size": int,
}
_FAMILY_OPTIONS: Final[dict[str, frozenset[str]]] = {
    "block": frozenset({"players"}),
    "gaple": frozenset({"players", "dead_tiles", "blank_double_25", "hand_size"}),
    "duel": frozenset({"players", "draw"}),
}


def preset(family: str, options: dict[str, object] | None = None) -> Ruleset:
    """The ruleset a scenario's ``rules`` and ``[options]`` name.

    Unknown families, unknown options and wrongly typed values are refused.
    """
    opts = dict(options or {})
    if family not in _FAMILY_OPTIONS:
        raise RulesError(f'rules must be "block", "gaple" or "duel", not {family!r}')
    for key, value in opts.items():
        if key not in _OPTION_TYPES:
            raise RulesError(f"unknown option {key!r}")
        if key not in _FAMILY_OPTIONS[family]:
            raise RulesError(f"option {key!r} does not apply to {family}")
        expected = _OPTION_TYPES[key]
        if type(value) is not expected:
            raise RulesError(f"option {key!r} must be {expected.__name__}, not {value!r}")
    if family == "block":
        return block(int(opts.get("players", 2)))  # type: ignore[call-overload]
    if family == "duel":
        if opts.get("players", 2) != 2:
            raise RulesError(f"duel is for 2 players, not {opts['players']}")
        return duel(bool(opts.get("draw", False)))
    return gaple(
        int(opts.get("players", 4)),  # type: ignore[call-overload]
        opts.get("hand_size"),  # type: ignore[arg-type]
        bool(opts.get("dead_tiles", True)),
        bool(opts.get("blank_double_25", False)),
    )
