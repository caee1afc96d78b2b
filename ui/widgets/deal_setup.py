"""A table's setup (Try it and Play): the rules and deal a page address or the setup widgets describe.

Address parameters (:data:`PARAM_KEYS`) become a :class:`Parsed` (rules, seed, match, and a
notice for anything that could not be read); a ruleset goes back into parameters for a
shareable link.  No Streamlit here."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from engine.game.rules import OPTION_ALIASES, RulesError, Ruleset, options_of, ruleset_from_options

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
    """The URL parameters that name ``rules`` (the shortest form; the engine's
    :func:`~engine.game.rules.ruleset_from_options` reads them back)."""
    opts = rules.options()
    out: dict[str, str] = {"rules": rules.family}
    if "players" in opts:
        out["players"] = str(rules.players)
    if "hand_size" in opts and rules.players == 4:
        out["hand"] = str(rules.hand_size)
    if opts.get("dead_tiles") is False:
        out["dead"] = "0"
    if opts.get("blank_double_25"):
        out["blank25"] = "1"
    if opts.get("draw"):
        out["draw"] = "1"
    return out


def deal_params(rules: Ruleset, seed: int, match: bool = False) -> dict[str, str]:
    out = {**rules_params(rules), "seed": str(seed)}
    if match and rules.plays_matches:
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


#: The address's words for the yes-or-no options, for the problems it names.
_FLAG_LABELS = {"draw": "try.param_draw", "dead": "try.param_dead", "blank25": "try.param_blank25"}


def _rules_problem(e: RulesError, given: Mapping[str, str]) -> str:
    """A refused address option in the page's language (``given``: what was asked)."""
    raw = clip(str(e.value), 20)
    family = given.get("rules", "block")
    if e.option == "rules":
        return t("try.bad_rules", value=raw)
    if e.option == "players":
        default = ruleset_from_options({"rules": family}).players
        return t("try.bad_players", value=raw, family=family_name(family), players=default)
    if e.option == "hand":
        players = _int(given.get("players")) or 4
        return t("try.bad_hand", value=raw, players=players, hand=6 if players == 4 else 5)
    option = str(e.option)
    flag = ruleset_from_options({"rules": family}).options().get(OPTION_ALIASES.get(option,
                                                                                    option))
    return t("try.bad_flag", value=raw, name=t(_FLAG_LABELS.get(option, option)),
             default=t("try.yes") if flag else t("try.no"))


def parse_params(params: Mapping[str, str]) -> Parsed:
    """The rules, seed and match mode the URL asks for (never raises): the engine reads
    the rules (:func:`~engine.game.rules.ruleset_from_options`); each refused option is named
    in ``problems`` and left at its default."""
    problems: list[str] = []
    family = params.get("rules", "block")
    given = {"rules": family} if "rules" in params else {}
    # An unknown family falls back to Block: its options are still read (and checked).
    takes = options_of(family) or options_of("block")
    given.update({k: v for k, v in params.items() if OPTION_ALIASES.get(k, k) in takes})
    while True:
        try:
            rules = ruleset_from_options(given)
            break
        except RulesError as e:
            problems.append(_rules_problem(e, given))
            if e.option == "players":  # the hand size was asked for that count of players
                given.pop("hand", None)
            given.pop(str(e.option), None)
    raw_seed = params.get("seed")
    seed = _int(raw_seed)
    if raw_seed is not None and (seed is None or seed > SEED_MAX):
        problems.append(t("try.bad_seed", value=clip(raw_seed, 20), max=SEED_MAX))
        seed = None
    match = _flag(params, "match", t("try.param_match"), False, problems) \
        if rules.plays_matches else False
    return Parsed(rules, seed, match, tuple(problems))


def seat_names(rules: Ruleset) -> tuple[str, ...]:
    """Names for the seats, in turn order: the same as the quiz's
    (:func:`ui.i18n.table_seat_names`)."""
    return i18n.table_seat_names(rules)


def rules_label(rules: Ruleset) -> str:
    """"Block · 3 players", "Gaple · 4 × 6 · dead tiles", "Two players · drawing"."""
    parts = [family_name(rules.family)]
    takes = rules.options()  # the label names the options the family takes
    if takes.keys() == {"players"}:
        parts.append(t("try.players_n", count=rules.players))
    elif "hand_size" in takes:
        parts.append(t("try.deal_n", players=rules.players, hand=rules.hand_size))
        parts.append(t("try.dead_on") if rules.dead_tiles else t("try.dead_off"))
        if rules.blank_double_25:
            parts.append(t("try.blank25_on"))
    else:
        parts.append(t("try.draw_on") if rules.draw_mode else t("try.draw_off"))
    return " · ".join(parts)


#: A setup form's rule widgets, by the suffix of their keys (``try.family``, ``play.draw``),
#: with the value each shows before a choice.
#: A setup form's defaults, read-only: a page that changed them would change every later
#: form's (and the options a family lacks are put back to them, :func:`choices_of`).
CHOICES: Mapping[str, object] = MappingProxyType({
    "family": "block", "players": 2, "gaple_deal": "4x6", "dead_tiles": True, "blank25": False,
    "draw": False})


def choices_of(rules: Ruleset) -> dict[str, object]:
    """What a setup form's rule widgets show for ``rules`` (the inverse of
    :func:`rules_from_form`): the options its family takes as ``rules`` has them, every
    other at its default, so that nothing of an earlier table's stays in the form unseen
    (a pass-variant Gaple table, then a Block one: "Dead tiles" is on again when the form
    turns to Gaple)."""
    out: dict[str, object] = {**CHOICES, "family": rules.family}
    takes = rules.options()
    if rules.plays_matches:
        out["players"] = rules.players
    elif "hand_size" in takes:
        out.update(gaple_deal=f"{rules.players}x{rules.hand_size}",
                   dead_tiles=rules.dead_tiles, blank25=rules.blank_double_25)
    else:
        out["draw"] = rules.draw_mode
    return out


def form_state(prefix: str, rules: Ruleset | None = None) -> dict[str, object]:
    """A setup form's rule widgets' values keyed by widget (``prefix.name``): what they show
    for ``rules`` (:func:`choices_of`), or the defaults (:data:`CHOICES`) with none."""
    values = choices_of(rules) if rules is not None else CHOICES
    return {f"{prefix}.{k}": v for k, v in values.items()}


class _Reads(Protocol):
    """What :func:`rules_in_form` reads a form from: a page's session state, or a dict."""

    def get(self, key: str, /) -> object: ...


def rules_in_form(state: _Reads, prefix: str) -> Ruleset:
    """The rules a setup form's widgets show, read from ``state`` (a page's session state) under
    the page's keys (``prefix.name``, as :func:`form_state` gives them)."""
    return rules_from_form({k: state.get(f"{prefix}.{k}") for k in CHOICES})


def rules_from_form(values: Mapping[str, object]) -> Ruleset:
    """The rules a setup form's widgets show (``values`` by the keys of :data:`CHOICES`)."""
    return rules_from_choices(values.get("family"), values.get("players"),
                              values.get("gaple_deal"), values.get("dead_tiles", True),
                              values.get("blank25"), values.get("draw"))


def rules_from_choices(family: object, players: object, deal: object, dead: object,
                       blank25: object, draw: object) -> Ruleset:
    """The rules a setup form's widgets show (the family's own options only; anything
    unreadable at its default)."""
    name = str(family or "block")
    takes = options_of(name) or options_of("block")
    gp, hand = GAPLE_DEALS.get(str(deal), (4, 6))
    chosen: dict[str, object] = {
        "players": gp if "hand_size" in takes else players if players in BLOCK_PLAYERS else 2,
        "hand_size": hand, "dead_tiles": True if dead is None else bool(dead),
        "blank_double_25": bool(blank25), "draw": bool(draw)}
    return ruleset_from_options({"rules": name if options_of(name) else "block",
                                 **{k: v for k, v in chosen.items() if k in takes}})
