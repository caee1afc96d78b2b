"""Rule families as data: a frozen :class:`Ruleset` and its named presets.

The three families of the source documents differ in a handful of settings,
not in code: how many tiles each player gets, what a stuck player does, how
the round opens and how it is settled.

>>> block(3).hand_size, gaple().stuck, duel(draw=True).stuck
(5, 'discard', 'draw')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from .reading import quoted
from .tiles import FITS, TILES, VALUES
from .values import by_fields

Family = Literal["block", "gaple", "duel"]
Stuck = Literal["pass", "draw", "discard"]
SeatStyle = Literal["duel", "table"]
#: What a round's result is counted in, the unit of an appraisal's numbers (see
#: :func:`result_unit`): points (Block), a place (Gaple), a chance of winning (the duel).
ResultUnit = Literal["points", "place", "chance"]
FAMILIES: Final[tuple[Family, ...]] = ("block", "gaple", "duel")

#: What [0|0] counts in Gaple's blank-double variant when its holder has no other
#: tile with a blank half (RULES.md §3); its face value, 0, otherwise.
BLANK_DOUBLE_25: Final = 25


class RulesError(ValueError):
    """A ruleset was asked for with options its family does not have.

    ``option`` names the option at fault (``"rules"`` for the family itself, None
    when no single option is), ``value`` is what was given for it, so a caller can
    word the problem in its own language or drop the option and ask again."""

    def __init__(self, message: str, option: str | None = None, value: object = None) -> None:
        super().__init__(message)
        self.option = option
        self.value = value


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
        """A stuck player draws from the stock until able to play (the duel's draw mode)."""
        return self.stuck == "draw"

    @property
    def dead_tiles(self) -> bool:
        """A stuck player discards a dead tile face down (Gaple); same as :attr:`has_dead_tiles`."""
        return self.stuck == "discard"

    # Named questions the site asks instead of comparing family names.

    @property
    def has_dead_tiles(self) -> bool:
        """Whether dead tiles exist in this game (Gaple with dead tiles)."""
        return self.stuck == "discard"

    @property
    def scores_points(self) -> bool:
        """Whether a round scores points (Block): the settlement then asks how many."""
        return self.family == "block"

    @property
    def asks_points(self) -> bool:
        """Whether a "who won" question also asks the points (the same as
        :attr:`scores_points`: only a round that scores points has points to ask)."""
        return self.scores_points

    @property
    def plays_matches(self) -> bool:
        """Whether rounds add up to a match played to :attr:`target` (Block)."""
        return self.family == "block"

    @property
    def has_stock(self) -> bool:
        """Whether the undealt tiles form a stock players may see (the duel's 14 tiles,
        drawn from in draw mode).  Gaple's undealt tiles are the middle, not a stock."""
        return self.family == "duel"

    @property
    def equal_totals_draw(self) -> bool:
        """Whether a blocked round with equal totals is a draw (the duel); in Block a
        tied lowest total means nobody scores, in Gaple the smallest tile decides."""
        return self.family == "duel"

    @property
    def settles_lowest_wins(self) -> bool:
        """Whether the round goes to the lowest total with no points scored (Gaple
        and the duel); Block's winner scores points instead."""
        return self.family != "block"

    @property
    def ties_broken_by_smallest_tile(self) -> bool:
        """Whether tied lowest totals go to the smallest single tile, then its lower
        half (Gaple)."""
        return self.family == "gaple"

    @property
    def result_unit(self) -> ResultUnit:
        """What a round's result is counted in (:func:`result_unit`)."""
        return result_unit(self.family)

    @property
    def plays_games(self) -> bool:
        """Whether each deal is a game settled on its own and the games make a series (the
        duel): the words are then "game" and "series" where others say "round" and
        "match"."""
        return self.family == "duel"

    @property
    def blank_double_opens(self) -> bool:
        """Whether the first round is opened by whoever holds [0|0], with that tile (Gaple
        with every tile dealt): nobody is chosen and no lot is drawn."""
        return self.family == "gaple" and not self.middle_up

    @property
    def seat_style(self) -> SeatStyle:
        """How seats are named: ``duel`` (two opponents across the table) or
        ``table`` (compass seats round a table)."""
        return "duel" if self.family == "duel" else "table"

    def counts_blank_double_25(self, tiles_mask: int) -> bool:
        """Whether [0|0] counts :data:`BLANK_DOUBLE_25` in a holding (a mask of the
        hand and dead tiles): the variant is on, the holding has [0|0] and no other
        tile with a blank half."""
        return self.blank_double_25 and blank_double_counts_25(tiles_mask)

    def tile_value(self, tile_index: int, tiles_mask: int) -> int:
        """What the tile ``tile_index`` counts when held among ``tiles_mask`` (hand
        plus dead tiles): its pips, or :data:`BLANK_DOUBLE_25` for a lone [0|0]
        under the blank-double variant."""
        if tile_index == 0 and self.counts_blank_double_25(tiles_mask):
            return BLANK_DOUBLE_25
        return VALUES[tile_index]

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


#: [0|0]'s bit and the other six tiles with a blank half ([0|1] … [0|6]).
_BLANK_DOUBLE_BIT: Final = TILES[0].bit
_OTHER_BLANKS: Final = FITS[0] & ~_BLANK_DOUBLE_BIT


_UNITS: Final[dict[str, ResultUnit]] = {"block": "points", "gaple": "place", "duel": "chance"}


def result_unit(family: str) -> ResultUnit:
    """What a family's round result is counted in, on :func:`engine.search.scoring.seat_score`'s
    scale: ``points`` (Block: the mover's points minus the others' mean), ``place`` (Gaple:
    the higher the better, place = (players + 1) / 2 − score), ``chance`` (the duel: +1 a
    win, 0 a draw, −1 a loss; the chance of winning, a draw counted as half, is
    (1 + score) / 2).  An appraisal, a review or a hint names its numbers by this."""
    unit = _UNITS.get(family)
    if unit is None:
        raise RulesError(f'rules must be "block", "gaple" or "duel", not {family!r}', "rules",
                         family)
    return unit


def blank_double_counts_25(tiles_mask: int) -> bool:
    """Whether a holding (mask of tiles) has [0|0] and no other tile with a blank
    half, the case where the blank-double variant counts it :data:`BLANK_DOUBLE_25`."""
    return bool(tiles_mask & _BLANK_DOUBLE_BIT) and not tiles_mask & _OTHER_BLANKS


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
#: The page's address parameters' shorter names for the same options.
OPTION_ALIASES: Final[dict[str, str]] = {
    "hand": "hand_size",
    "dead": "dead_tiles",
    "blank25": "blank_double_25",
}
_FAMILY_OPTIONS: Final[dict[str, frozenset[str]]] = {
    "block": frozenset({"players"}),
    "gaple": frozenset({"players", "dead_tiles", "blank_double_25", "hand_size"}),
    "duel": frozenset({"players", "draw"}),
}
_TRUE: Final = frozenset({"1", "true", "yes", "on"})
_FALSE: Final = frozenset({"0", "false", "no", "off"})


def _option_value(key: str, value: object, name: str, text: bool) -> int | bool:
    """Option ``key``'s value (given as ``name``): typed already (from TOML), or,
    where ``text`` allows it, read from the text of an address or the command line."""
    expected = _OPTION_TYPES[key]
    key = name
    if isinstance(value, str) and text:
        word = value.strip().lower()
        if expected is bool:
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
            raise RulesError(f"option {quoted(key)} must be yes or no, not {quoted(value)}", key, value)
        if word.isascii() and word.isdigit() and len(word) <= 3:
            return int(word)
        raise RulesError(f"option {quoted(key)} must be a whole number, not {quoted(value)}", key, value)
    if type(value) is not expected:
        kind = "true or false" if expected is bool else "a whole number"
        raise RulesError(f"option {quoted(key)} must be {kind}, not {quoted(value)}", key, value)
    assert isinstance(value, int)  # bool is an int too
    return value


def options_of(family: str) -> frozenset[str]:
    """The options a family takes (their full names; :data:`OPTION_ALIASES` gives the
    address's shorter ones); empty for an unknown family."""
    return _FAMILY_OPTIONS.get(family, frozenset())


def ruleset_from_options(options: Mapping[str, object], *, text: bool = True) -> Ruleset:
    """The one way from options to a :class:`Ruleset`.

    ``options`` maps names to values, as a scenario's ``rules`` and ``[options]``,
    the command line or the page's address give them: ``rules`` (the family,
    default ``block``), ``players``, ``hand_size`` (or ``hand``), ``draw``,
    ``dead_tiles`` (or ``dead``), ``blank_double_25`` (or ``blank25``).  Values
    may be typed (``3``, ``True``) or, unless ``text`` is false (a scenario file's
    TOML, where ``draw = "yes"`` is a mistake), text (``"3"``, ``"yes"``, ``"0"``).
    Unknown families and options, options of another family, bad values and
    combinations no preset has raise :class:`RulesError`, whose ``option``
    names the option at fault.

    >>> ruleset_from_options({"rules": "gaple", "hand": "7", "dead": "no"}).name
    'gaple-4x7-pass'
    """
    family = options.get("rules", "block")
    if family not in _FAMILY_OPTIONS:
        raise RulesError(f'rules must be "block", "gaple" or "duel", not {quoted(family)}',
                         "rules", family)
    opts: dict[str, int | bool] = {}
    for raw_key, raw_value in options.items():
        if raw_key == "rules":
            continue
        key = OPTION_ALIASES.get(raw_key, raw_key)
        if key not in _OPTION_TYPES:
            raise RulesError(f"unknown option {quoted(raw_key)}", raw_key, raw_value)
        if key not in _FAMILY_OPTIONS[str(family)]:
            raise RulesError(f"option {quoted(raw_key)} does not apply to {family}", raw_key,
                             raw_value)
        opts[key] = _option_value(key, raw_value, raw_key, text)
    try:
        if family == "block":
            return block(int(opts.get("players", 2)))
        if family == "duel":
            if opts.get("players", 2) != 2:
                raise RulesError(f"duel is for 2 players, not {opts['players']}")
            return duel(bool(opts.get("draw", False)))
        players = int(opts.get("players", 4))
        if players not in (4, 5):
            raise RulesError(f"gaple is for 4 or 5 players, not {players}")
        hand = opts.get("hand_size")
        rules = gaple(players, None if hand is None else int(hand),
                      bool(opts.get("dead_tiles", True)), bool(opts.get("blank_double_25", False)))
    except RulesError as e:
        # Name the option at fault: the count of players, else the hand size.
        option = "hand_size" if "deals" in str(e) else "players"
        raw = next((k for k in options if OPTION_ALIASES.get(k, k) == option), option)
        raise RulesError(str(e), raw, options.get(raw)) from None
    return rules


def preset(family: str, options: Mapping[str, object] | None = None) -> Ruleset:
    """The ruleset a scenario's ``rules`` and ``[options]`` name
    (:func:`ruleset_from_options` with the family apart; the values typed, as TOML
    writes them)."""
    if options is not None and "rules" in options:
        raise RulesError("unknown option 'rules'", "rules", options["rules"])
    return ruleset_from_options({**(options or {}), "rules": family}, text=False)
