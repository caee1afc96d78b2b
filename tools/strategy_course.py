"""Write the Strategy course's positions (scenarios/lessons/strategy/course.toml) from the puzzle bank.

    .venv/bin/python tools/strategy_course.py

For each principle (engine/teaching/principles.py), in the course's order: the **position**, a bank
puzzle where the principle decides (:func:`engine.teaching.principles.decides_at`: its own
consideration separates the moves, its choice is the best, the player without it chooses
another), the **counter-example**, one where it misleads (:func:`engine.teaching.principles.misleads_at`:
the principle's object is there and, followed blindly, it picks another tile, worse by at
least an inaccuracy), those where its own consideration makes the choice first, and up to
:data:`PRACTICE` more puzzles where it decides, for practice; each the lowest-rated such
puzzle of a game the principle is measured in, those no other lesson uses first (the
principles with the fewest such puzzles choose their position and counter-example first).  A
principle with no such puzzle has no position or counter-example (the lesson says so).
tests/ui/pages/test_page_strategy.py checks the file against the bank.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.teaching.lessons import load_tree
from engine.teaching.principles import (
    PRINCIPLES,
    decides,
    game_of,
    misleads,
    puzzle_view,
    separates,
)

PRACTICE = 5
OUT = ROOT / "scenarios" / "lessons" / "strategy" / "course.toml"


def _first(ids: list[str], used: set[str]) -> str | None:
    """The first of ``ids`` no lesson uses yet, else the first (None when there is none)."""
    return next((sid for sid in ids if sid not in used), ids[0] if ids else None)


def main() -> None:
    found, _, _ = load_tree(ROOT / "scenarios" / "puzzles")
    bank = sorted((s for s in found.values() if s.puzzle is not None),
                  key=lambda s: (s.puzzle.rating if s.puzzle else 0, s.id))
    good: dict[str, list[str]] = {}
    bad: dict[str, list[str]] = {}
    for p in PRINCIPLES:
        mine = [s for s in bank if game_of(s.id) in p.games]
        good[p.key] = [s.id for s in mine if decides(p, s)]
        bad[p.key] = sorted((s.id for s in mine if misleads(p, s)),  # stable: by rating
                            key=lambda sid: not separates(p, puzzle_view(found[sid])))
    # The principles with the fewest such puzzles choose first: a puzzle that shows two
    # principles goes to the one that has no other.
    used: set[str] = set()
    position: dict[str, str | None] = {}
    counter: dict[str, str | None] = {}
    for chosen, ids in ((position, good), (counter, bad)):
        for p in sorted(PRINCIPLES, key=lambda p: len(ids[p.key])):
            chosen[p.key] = _first(ids[p.key], used)
            used.update([chosen[p.key]] if chosen[p.key] else [])
    out = ["# Written by tools/strategy_course.py from the puzzle bank: do not edit by hand.", ""]
    for p in PRINCIPLES:
        out.append("[[lessons]]")
        out.append(f'principle = "{p.key}"')
        if position[p.key]:
            out.append(f'position = "{position[p.key]}"')
        if counter[p.key]:
            out.append(f'counter = "{counter[p.key]}"')
        more = sorted((sid for sid in good[p.key] if sid != position[p.key]),
                      key=lambda sid: sid in used)  # stable: the lowest rated unused first
        practice = more[:PRACTICE]
        out.append("practice = [" + ", ".join(f'"{sid}"' for sid in practice) + "]")
        out.append("")
        used.update(practice)
    OUT.write_text("\n".join(out))


if __name__ == "__main__":
    main()
