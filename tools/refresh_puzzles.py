"""Work each bank puzzle's figures out again after a change in what a seat knows, and
write them back (the scenario itself unchanged), or drop the puzzle where its answer is
no longer clear.  `python tools/refresh_puzzles.py scenarios/puzzles/*.toml`"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.game.view import view
from engine.teaching.puzzle import Puzzle, exact_appraisal, figures, qualifies, themes_of, to_toml
from engine.teaching.scenario import load


def refresh(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    head = text[:text.index("[puzzle]")]
    scenario = load(path)
    assert scenario.puzzle is not None
    state = scenario.replay()
    assert state.rules is not None and state.mover is not None
    v = view(state, state.mover)
    appraisal = exact_appraisal(v)
    now = figures(v, appraisal)
    if not appraisal.exact or not qualifies(state.rules.family, now):
        path.unlink()
        return "dropped"
    puzzle = Puzzle(state.mover, now, themes_of(v, now), scenario.puzzle.rating)
    new = head + to_toml(puzzle)
    if new == text:
        return "kept"
    path.write_text(new, encoding="utf-8")
    return "rewritten"


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, refresh(Path(name)), flush=True)
