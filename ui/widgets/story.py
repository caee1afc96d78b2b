"""A scenario and a round told in words, for every page that replays or deals one.

Titles, notes and seat names in the page's language; the examples' order and groups;
one applied move narrated (:func:`narrate`); a finished round's result with each hand
(:func:`settlement_view`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.game.settlement import settle
from engine.game.state import Record, State
from engine.game.tiles import Tile
from engine.teaching.scenario import Scenario

from .. import i18n
from ..i18n import end_name, join_list, scenario_text, seat_name, settlement_text, t

#: The groups of the list, in order, with the catalog key of each heading.
GROUPS: tuple[tuple[str, str], ...] = (
    ("diagrams", "examples.group_diagrams"),
    ("endings", "examples.group_endings"),
    ("block", "examples.group_block"),
    ("gaple", "examples.group_gaple"),
    ("trips", "examples.group_trips"),
    ("other", "examples.group_other"),
)
_ORDER = {name: i for i, (name, _) in enumerate(GROUPS)}



# -- texts ---------------------------------------------------------------------------


def seat_names(s: Scenario) -> tuple[str, ...]:
    """A scenario's seat names in the page's language (other names as written)."""
    return i18n.seat_names(s.seats)


def title(s: Scenario) -> str:
    return scenario_text(s.id, "title", s.title)


def notes(s: Scenario) -> str:
    return scenario_text(s.id, "notes", s.notes.strip())


def move_note(s: Scenario, n: int) -> str:
    """The documented note of move ``n`` (from 1); "" when it has none."""
    if not 1 <= n <= len(s.move_notes):
        return ""
    return scenario_text(s.id, f"note_{n}", s.move_notes[n - 1])


def narrate(record: Record, seats: Sequence[str] | None, *, show_hidden: bool = True) -> str:
    """One applied move in words: "Black plays [2|2] on the right end."

    ``show_hidden`` False keeps a draw's tile and a dead tile face down."""
    name = seat_name(record.player, seats)
    move = record.move
    if move.kind == "play":
        if not record.ends or move.end is None:
            return t("examples.did_open", name=name, tile=move.tile)
        return t("examples.did_play", name=name, tile=move.tile, end=end_name(move.end))
    if move.kind == "pass":
        return t("examples.did_pass", name=name)
    if move.kind == "draw":
        if show_hidden and record.drawn is not None:
            return t("examples.did_draw_tile", name=name, tile=record.drawn)
        return t("examples.did_draw", name=name)
    if show_hidden:
        return t("examples.did_discard", name=name, tile=move.tile)
    return t("examples.did_discard_hidden", name=name)


def turned_up(state: State) -> Tile | None:
    """Gaple with tiles left in the middle: the one turned face up to start the line (on
    the table before any move), else None."""
    if not state.rules.middle_up:
        return None
    tiles = state.line.tiles()
    plays = sum(1 for rec in state.history if rec.move.kind == "play")
    return tiles[0] if len(tiles) == plays + 1 else None


@dataclass(frozen=True, slots=True)
class SettlementView:
    """A finished round in words: the result with its arithmetic, then each hand."""

    text: str
    holdings: tuple[str, ...]
    winners: tuple[int, ...]


def settlement_view(state: State, seats: Sequence[str] | None) -> SettlementView:
    result = settle(state)
    lines = []
    for h in result.holdings:
        name = seat_name(h.seat, seats)
        if not h.tiles:
            lines.append(t("examples.holds_nothing", name=name))
            continue
        hand = join_list(h.hand)
        if h.dead:
            dead = join_list(h.dead)
            key = "examples.holds_with_dead" if hand else "examples.holds_only_dead"
            lines.append(t(key, name=name, hand=hand, dead=dead, sum=h.sum_text(),
                           count=len(h.dead)))
        else:
            lines.append(t("examples.holds", name=name, hand=hand, sum=h.sum_text()))
    return SettlementView(settlement_text(result, seats), tuple(lines), result.winners)


# -- the list ------------------------------------------------------------------------


def group_of(sid: str) -> str:
    """Where an example comes from, by its id."""
    if re.match(r"d\d", sid):
        return "diagrams"
    if re.match(r"e\d", sid) or sid.startswith("demo-"):
        return "endings"
    for prefix, name in (("block-", "block"), ("gaple-", "gaple"), ("trip-", "trips")):
        if sid.startswith(prefix):
            return name
    return "other"


def _natural(text: str) -> tuple[object, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def sort_key(sid: str) -> tuple[object, ...]:
    return (_ORDER[group_of(sid)], 1 if sid.startswith("demo-") else 0, _natural(sid))


def ordered(scenarios: Mapping[str, Scenario]) -> list[Scenario]:
    """Every scenario in the list's order."""
    return [scenarios[sid] for sid in sorted(scenarios, key=sort_key)]


def grouped(scenarios: Mapping[str, Scenario]) -> list[tuple[str, list[Scenario]]]:
    """``(group, scenarios)`` for every group that has any, in order."""
    out: dict[str, list[Scenario]] = {}
    for s in ordered(scenarios):
        out.setdefault(group_of(s.id), []).append(s)
    return [(name, out[name]) for name, _ in GROUPS if name in out]


def group_title(name: str) -> str:
    return t(dict(GROUPS).get(name, "examples.group_other"))
