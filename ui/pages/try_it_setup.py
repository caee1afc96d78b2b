"""Try it's setup: the rules and deal a page address or the setup widgets describe.

Address parameters (:data:`PARAM_KEYS`) become a :class:`Parsed` (rules, seed, match, and a
notice for anything that could not be read); a ruleset goes back into parameters for a
shareable link.  No Streamlit here."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from engine.rules import FAMILIES, RulesError, Ruleset, block, duel, gaple

from .. import i18n
from ..i18n import clip, t

#: The URL parameters this page reads and writes.
PARAM_KEYS = ("rules", "players", "hand", "dead", "blank25", "draw", "seed", "match", "scenario")
SEED_MAX = 999_999_999
BLOCK_PLAYERS = (2, 3, 4)
#: Gaple's deals: players × tiles each.
GAPLE_DEALS: dict[str, tuple[int, int]] = {"4x6": (4, 6), "4x7": (4, 7), "5x5": (5, 5)}
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


# -- choosing the rules ------------------------------------------------------------------


def random_seed() -> int:
    """A fresh seed, short enough to read out and share."""
    return 1 + secrets.randbelow(99_999)


def rules_params(rules: Ruleset) -> dict[str, str]:
    """The URL parameters that name ``rules`` (the shortest form)."""
    if rules.family == "block":
        return {"rules": "block", "players": str(rules.players)}
    if rules.family == "duel":
        return {"rules": "duel", **({"draw": "1"} if rules.draw_mode else {})}
    out = {"rules": "gaple", "players": str(rules.players)}
    if rules.players == 4:
        out["hand"] = str(rules.hand_size)
    if not rules.dead_tiles:
        out["dead"] = "0"
    if rules.blank_double_25:
        out["blank25"] = "1"
    return out


def deal_params(rules: Ruleset, seed: int, match: bool = False) -> dict[str, str]:
    out = {**rules_params(rules), "seed": str(seed)}
    if match and rules.family == "block":
        out["match"] = "1"
    return out


@dataclass(frozen=True)
class Parsed:
    """What the URL asks for, with every bad value replaced and named in ``problems``."""

    rules: Ruleset
    seed: int | None
    match: bool
    problems: tuple[str, ...] = ()


def _flag(params: Mapping[str, str], name: str, label: str, default: bool,
          problems: list[str]) -> bool:
    raw = params.get(name)
    if raw is None:
        return default
    if raw.strip().lower() in _TRUE:
        return True
    if raw.strip().lower() in _FALSE:
        return False
    problems.append(t("try.bad_flag", value=clip(raw, 20), name=label,
                      default=t("try.yes") if default else t("try.no")))
    return default


def _int(raw: str | None) -> int | None:
    if raw is None:
        return None
    text = raw.strip()
    return int(text) if text.isdigit() and len(text) <= 10 else None


def family_name(family: str) -> str:
    return {"block": t("try.family_block"), "gaple": t("try.family_gaple"),
            "duel": t("try.family_duel")}.get(family, family)


def parse_params(params: Mapping[str, str]) -> Parsed:
    """The rules, seed and match mode the URL asks for (never raises)."""
    problems: list[str] = []
    family = params.get("rules", "block")
    if family not in FAMILIES:
        problems.append(t("try.bad_rules", value=clip(family, 20)))
        family = "block"
    raw_players = params.get("players")
    players = _int(raw_players)
    rules: Ruleset
    if family == "block":
        if raw_players is not None and players not in BLOCK_PLAYERS:
            problems.append(t("try.bad_players", value=clip(raw_players, 20),
                              family=family_name(family), players=2))
            players = 2
        rules = block(players or 2)
    elif family == "duel":
        if raw_players is not None and players != 2:
            problems.append(t("try.bad_players", value=clip(raw_players, 20),
                              family=family_name(family), players=2))
        rules = duel(_flag(params, "draw", t("try.param_draw"), False, problems))
    else:
        if raw_players is not None and players not in (4, 5):
            problems.append(t("try.bad_players", value=clip(raw_players, 20),
                              family=family_name(family), players=4))
            players = 4
        players = players or 4
        raw_hand = params.get("hand")
        hand = _int(raw_hand)
        allowed = (6, 7) if players == 4 else (5,)
        if raw_hand is not None and hand not in allowed:
            problems.append(t("try.bad_hand", value=clip(raw_hand, 20), players=players,
                              hand=allowed[0]))
            hand = None
        dead = _flag(params, "dead", t("try.param_dead"), True, problems)
        blank = _flag(params, "blank25", t("try.param_blank25"), False, problems)
        try:
            rules = gaple(players, hand, dead, blank)
        except RulesError:  # pragma: no cover - the checks above keep to the presets
            rules = gaple()
    raw_seed = params.get("seed")
    seed = _int(raw_seed)
    if raw_seed is not None and (seed is None or seed > SEED_MAX):
        problems.append(t("try.bad_seed", value=clip(raw_seed, 20), max=SEED_MAX))
        seed = None
    match = _flag(params, "match", t("try.param_match"), False, problems) \
        if family == "block" else False
    return Parsed(rules, seed, match, tuple(problems))


def seat_names(rules: Ruleset) -> tuple[str, ...]:
    """Names for the seats, in turn order: the same as the quiz's
    (:func:`ui.i18n.table_seat_names`)."""
    return i18n.table_seat_names(rules.family, rules.players)


def rules_label(rules: Ruleset) -> str:
    """"Block · 3 players", "Gaple · 4 × 6 · dead tiles", "Two players · drawing"."""
    parts = [family_name(rules.family)]
    if rules.family == "block":
        parts.append(t("try.players_n", count=rules.players))
    elif rules.family == "gaple":
        parts.append(t("try.deal_n", players=rules.players, hand=rules.hand_size))
        parts.append(t("try.dead_on") if rules.dead_tiles else t("try.dead_off"))
        if rules.blank_double_25:
            parts.append(t("try.blank25_on"))
    else:
        parts.append(t("try.draw_on") if rules.draw_mode else t("try.draw_off"))
    return " · ".join(parts)
