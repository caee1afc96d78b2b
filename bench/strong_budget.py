"""Strong against a variant of itself, over duplicate deals of the two-player games.

    .venv/bin/python bench/strong_budget.py [--rival capped] [--game block-2 ...] [--deals 600]
                                            [--seed 3 ...]

``--rival capped`` (the default): Strong as the hint runs it (64 deals solved, then more
while its choice is not clear, within its work: ``engine.players.bots.SOLVED_WORK``; every possible
deal alike) against Strong that stops at 64 deals.  ``--rival alike``: Strong as the
computer player (``make_bot("strong")``: its deals weighed by what the other's plays
suggest, ``engine.search.inference.OPPONENTS``) against Strong that takes every possible deal
alike.  One arena a game and seed, side by side (``engine.players.arena.play_arena``: each deal
played from both seats); prints the first bot's score with its 95% interval and each side's
mean time a move.  A measurement, not a test.
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


def one(rival: str, game: str, deals: int, seed: int) -> dict[str, object]:
    from engine.players.arena import play_arena
    from engine.players.bots import SOLVED_FIRST, StrongBot, make_bot

    if rival == "capped":
        bots = [StrongBot(0.5), StrongBot(0.5, max_samples=SOLVED_FIRST)]
        names = ["strong", "strong-64"]
    else:
        bots = [make_bot("strong"), StrongBot(0.5)]
        names = ["strong", "strong-alike"]
    result = play_arena(rules_of(game), bots, deals, seed, names)
    return {"game": game, "seed": seed, **result}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rival", choices=("capped", "alike"), default="capped")
    parser.add_argument("--game", nargs="*", default=["block-2", "duel"])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, nargs="*", default=[3])
    args = parser.parse_args()
    runs = [(game, seed) for game in args.game for seed in args.seed]
    with ProcessPoolExecutor(max_workers=len(runs)) as pool:
        for row in pool.map(one, [args.rival] * len(runs), [g for g, _ in runs],
                            [args.deals] * len(runs), [s for _, s in runs]):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
