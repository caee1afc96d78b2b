"""Strong as it is (64 deals solved, then more while its choice is not clear, within its
work: ``engine.bots.SOLVED_WORK``) against Strong that stops at 64 deals, over duplicate deals
of the two-player games.

    .venv/bin/python bench/strong_budget.py [--game block-2 ...] [--deals 600] [--seed 3]

One arena a game (``engine.arena.play_arena``: each deal played from both seats); prints the
score of Strong as it is with its 95% interval and each side's mean time a move.  A
measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script


def one(game: str, deals: int, seed: int) -> dict[str, object]:
    from engine.arena import play_arena
    from engine.bots import SOLVED_FIRST, StrongBot

    bots = [StrongBot(0.5), StrongBot(0.5, max_samples=SOLVED_FIRST)]
    result = play_arena(rules_of(game), bots, deals, seed, ["strong", "strong-64"])
    return {"game": game, **result}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="*", default=["block-2", "duel"])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    with ProcessPoolExecutor(max_workers=len(args.game)) as pool:
        for row in pool.map(one, args.game, [args.deals] * len(args.game),
                            [args.seed] * len(args.game)):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
