"""The games the benchmarks name, each as a ruleset: one table for bench/solve.py,
bench/appraise.py and bench/levels.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game.rules import Ruleset

#: Each game's name and its label in a table.
LABELS: dict[str, str] = {
    "block-2": "Block, 2 players",
    "block-3": "Block, 3 players",
    "block-4": "Block, 4 players",
    "gaple-4x6": "Gaple, 4 × 6",
    "gaple-4x7": "Gaple, 4 × 7",
    "gaple-5": "Gaple, 5 × 5",
    "gaple-4x6-pass": "Gaple, 4 × 6, passing (no dead tiles)",
    "duel": "duel",
    "duel-draw": "duel, draw mode",
}


def rules_of(name: str) -> Ruleset:
    """The ruleset of the game ``name`` (one of :data:`LABELS`)."""
    from engine.game.rules import block, duel, gaple

    return {
        "block-2": block(2), "block-3": block(3), "block-4": block(4),
        "gaple-4x6": gaple(4), "gaple-4x7": gaple(4, hand_size=7), "gaple-5": gaple(5),
        "gaple-4x6-pass": gaple(4, dead_tiles=False),
        "duel": duel(), "duel-draw": duel(draw=True),
    }[name]
