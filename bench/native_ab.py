"""Two builds of the solver's native core side by side in one process, deal by deal in turn.

    .venv/bin/python bench/native_ab.py FAMILY DEALS A.so B.so

Each build is loaded from its file under the module's own name and given the tile tables;
``DEALS`` seeded deals of ``FAMILY`` (bench/games.py's names), one random first tile played
so the searches on numbers start at once, are each solved exactly by both builds' cores in
turn (the order alternating over two passes).  Prints each build's mean milliseconds of CPU
time a deal and nodes a CPU second, the ratio of their times (A over B) and whether they
visited the same nodes.  CPU time, not the clock's: on a machine shared with other work the
clock's ratio of two runs of the same build wandered from 0.5 to 2.9, the CPU time's by 1%.  For a change to ``engine/search/_native.c``: copy the built
``engine/search/_native.cpython-*.so`` aside before the change, build again, and compare.
Block with three or four players and Gaple only (the core's ``plain`` and ``gaple``).
A benchmark, not a test.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script

from engine.game.state import State
from engine.search import solve as solver


def load(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine.search._native", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    blank = solver.TILES[0].bit
    module.tables(solver.VALUES, solver.FITS, solver.OTHER, solver._SMALL, blank,
                  solver.FITS[0] & ~blank, solver.BLANK_DOUBLE_25)
    return module


def main() -> None:
    name, count, *paths = sys.argv[1:]
    builds = [load(p) for p in paths]
    rng = random.Random(11)
    states: list[State] = []
    while len(states) < int(count):
        state = State.deal(rules_of(name), rng)
        state.push(rng.choice(state.legal_moves()))
        if state.status == "playing":
            states.append(state)
    seconds = [0.0] * len(builds)
    nodes = [0] * len(builds)
    depth = solver._EXACT - 1
    for turn in range(2):
        for state in states:
            for build in builds if turn == 0 else builds[::-1]:
                j = builds.index(build)
                rules = state.rules
                core = build.Core(players=len(state.hand_masks), table_size=solver.TABLE_SIZE,
                                  stop=solver._Stop, stock=(), block_after=rules.block_after,
                                  pips=False, discard=rules.stuck == "discard",
                                  blank25=rules.blank_double_25,
                                  keyed_hands=bool(rules.dead_tiles))
                core.deadline, core.max_nodes = time.perf_counter() + 600, -1
                line = state.line
                start = time.process_time()
                if rules.family == "gaple":
                    core.gaple(state.hand_masks, state.dead_masks, line.left, line.right,
                               state.to_move, state.passes, depth, True)
                else:
                    core.plain(state.hand_masks, line.left, line.right, state.to_move,
                               state.passes, depth, True)
                seconds[j] += time.process_time() - start
                nodes[j] += core.nodes
    for j, path in enumerate(paths):
        print(f"{path}: {seconds[j] / len(states) / 2 * 1e3:.3f} ms a deal, "
              f"{nodes[j] / seconds[j] / 1e6:.1f} M nodes/s")
    print(f"ratio (A over B): {seconds[0] / seconds[1]:.3f};",
          "the same nodes" if len(set(nodes)) == 1 else f"the nodes differ: {nodes}")


if __name__ == "__main__":
    main()
