"""The referee's report (CONTRACT.md) and the checks of a scenario's ``[expect]``."""

from __future__ import annotations

from typing import Any

from ..game.settlement import settle
from ..game.state import State
from ..game.tiles import Tile
from ..notation.diagram import LANGUAGES, describe
from .scenario import Scenario


def report(state: State, scenario_id: str = "", lang: str = "en") -> dict[str, Any]:
    """The referee's JSON object for a state, with every contract field."""
    result = settle(state)
    return {
        "id": scenario_id,
        "status": state.status,
        "ends": list(state.line.ends),
        "to_move": state.mover,
        "hands": [[str(t) for t in state.hand(i)] for i in range(state.players)],
        "dead": [[str(t) for t in state.dead_tiles(i)] for i in range(state.players)],
        "stock": state.stock_count,
        "totals": list(result.totals),
        "winners": list(result.winners),
        "draw": result.draw,
        "points": list(result.points),
        "legal": [m.to_dict() for m in state.legal_moves()],
        "description": describe(state.line.description(), lang),
    }


def _tiles(value: Any) -> list[list[str]]:
    return [sorted(str(Tile.parse(t)) for t in hand) for hand in value]


def _moves(value: Any) -> list[str]:
    return sorted(repr(sorted(m.items())) for m in value)


def check(scenario: Scenario) -> list[str]:
    """Differences between the scenario's ``[expect]`` and its replay (empty: all agree)."""
    state = scenario.replay()
    got = report(state, scenario.id)
    problems: list[str] = []
    for key, want in scenario.expect.items():
        if key == "descriptions":
            if not isinstance(want, dict):
                problems.append("expect.descriptions: must be a table of language = text")
                continue
            for lang, text in want.items():
                if lang not in LANGUAGES:
                    problems.append(f"expect.descriptions.{lang}: no such language "
                                    f"({', '.join(LANGUAGES)})")
                    continue
                actual = describe(state.line.description(), lang)
                if actual != text:
                    problems.append(f"expect.descriptions.{lang}: expected {text!r}, got {actual!r}")
            continue
        have = got[key]
        want_n: object
        have_n: object
        if key in ("hands", "dead"):
            try:
                want_n, have_n = _tiles(want), _tiles(have)
            except (TypeError, ValueError):
                problems.append(f"expect.{key}: must be lists of tiles")
                continue
        elif key == "legal":
            try:
                want_n, have_n = _moves(want), _moves(have)
            except (TypeError, ValueError, AttributeError):
                problems.append("expect.legal: must be a list of moves, such as "
                                '{play = "2-2", end = "right"} or {pass = true}')
                continue
        else:
            want_n, have_n = want, have
        if want_n != have_n:
            problems.append(f"expect.{key}: expected {want!r}, got {have!r}")
    return problems
