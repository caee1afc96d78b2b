"""Write the Strategy course's positions (scenarios/lessons/strategy/course.toml) from the puzzle bank.

    .venv/bin/python tools/strategy_course.py

For each principle (engine/teaching/principles.py), in the course's order: the **position**, a bank
puzzle where the principle decides (followed blindly it plays the best move, and the player
without it another), the **counter-example**, one where following it blindly is not the best
move, and up to :data:`PRACTICE` more puzzles where it decides, for practice; each the
lowest-rated such puzzle of a game the principle is measured in, those no earlier lesson
uses first.  A principle with no puzzle where it decides has no position (the lesson says
so).  tests/test_strategy_course.py checks the file against the bank.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.teaching.lessons import load_tree
from engine.teaching.principles import PRINCIPLES, decides, game_of, misleads

PRACTICE = 5
OUT = ROOT / "scenarios" / "lessons" / "strategy" / "course.toml"


def main() -> None:
    found, _, _ = load_tree(ROOT / "scenarios" / "puzzles")
    bank = sorted((s for s in found.values() if s.puzzle is not None),
                  key=lambda s: (s.puzzle.rating if s.puzzle else 0, s.id))
    used: set[str] = set()
    out = ["# Written by tools/strategy_course.py from the puzzle bank: do not edit by hand.", ""]
    for p in PRINCIPLES:
        mine = [s for s in bank if game_of(s.id) in p.games]
        good = [s.id for s in mine if decides(p, s)]
        bad = [s.id for s in mine if misleads(p, s)]
        good.sort(key=lambda sid: sid in used)  # stable: the lowest rated unused first
        bad.sort(key=lambda sid: sid in used)
        out.append("[[lessons]]")
        out.append(f'principle = "{p.key}"')
        if good:
            out.append(f'position = "{good[0]}"')
        if bad:
            out.append(f'counter = "{bad[0]}"')
        practice = good[1:1 + PRACTICE]
        out.append("practice = [" + ", ".join(f'"{sid}"' for sid in practice) + "]")
        out.append("")
        used.update(good[:1] + bad[:1] + practice)
    OUT.write_text("\n".join(out))


if __name__ == "__main__":
    main()
