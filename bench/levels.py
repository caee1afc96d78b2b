"""The computer's levels in order: each level against the one below it, in every game.

    .venv/bin/python bench/levels.py [--jobs 2] [--seed 1] [--scale 1.0] [--budget 0.5]
                                     [--only PAIR ...] [--game NAME ...] [--out FILE]
    .venv/bin/python bench/levels.py --table FILE

For every game (Block with 2, 3 and 4 players; Gaple 4 × 6, 4 × 7 and 5 × 5, and 4 × 6
passing instead of throwing dead tiles; the duel without and with drawing) and every pair
of neighbouring levels (``heaviest`` against ``random``, ``counting`` against ``heaviest``,
``strong`` against ``counting``), the arena (``engine.players.arena.run``, the same as
``python -m engine arena``) seats the stronger level once and the weaker in every other
seat, over duplicate deals with the bots rotated round the table.  The number of deals per
pair and game is set below (``DEALS``) so that the 95% interval is decisive; ``--scale``
multiplies it.  Runs go ``--jobs`` at a time, the longest first; each result is appended to
``--out`` (JSON lines) as it comes, and the table (Markdown, as in the README) is printed at
the end.  ``--table FILE`` prints the table of a saved run.  A measurement, not a test: it
takes about an hour of CPU time at the default scale.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import LABELS as GAMES  # bench/games.py, beside this script
from games import rules_of

#: The pairs of neighbouring levels, stronger first.
PAIRS: tuple[tuple[str, str], ...] = (
    ("heaviest", "random"), ("counting", "heaviest"), ("strong", "counting"))

#: Deals per (stronger level, game) at scale 1: the cheap levels get many; ``strong``
#: as many as its interval needs (it thinks 5–70 ms a move, the draw game's solves more).
DEALS: dict[str, dict[str, int]] = {
    "heaviest": dict.fromkeys(GAMES, 4000),
    "counting": dict.fromkeys(GAMES, 2000),
    "strong": {"block-2": 500, "block-3": 1500, "block-4": 1000, "gaple-4x6": 600,
               "gaple-4x7": 300, "gaple-5": 400, "gaple-4x6-pass": 300, "duel": 1000,
               "duel-draw": 400},
}

#: Rough CPU seconds a deal, to start the longest runs first.
COST: dict[str, float] = {"heaviest": 0.002, "counting": 0.003, "strong": 1.0}
STRONG_COST: dict[str, float] = {"block-2": 0.17, "block-3": 0.32, "block-4": 1.4,
                                 "gaple-4x6": 0.77, "gaple-4x7": 1.2, "gaple-5": 1.4,
                                 "gaple-4x6-pass": 0.63, "duel": 0.065, "duel-draw": 1.8}



def one(game: str, strong: str, weak: str, deals: int, seed: int,
        budget: float) -> dict[str, object]:
    """One arena run: ``strong`` in one seat, ``weak`` in every other."""
    from engine.players.arena import run

    rules = rules_of(game)
    result = run(rules, [strong] + [weak] * (rules.players - 1), deals, seed, budget)
    return {"game": game, **result}


def cell(result: dict[str, object]) -> str:
    score = result["score"]
    ci = result["ci95"]
    assert isinstance(score, list) and isinstance(ci, list)
    low, high = ci[0]
    mark = "" if low > 0 else " **not above zero**"
    return f"{score[0]:+.2f} ({low:+.2f} … {high:+.2f}), {result['deals']}{mark}"


def table(results: list[dict[str, object]]) -> str:
    """The Markdown table: a row per game, a column per pair."""
    found = {(r["game"], r["bots"][0]): r for r in results}  # type: ignore[index]
    head = "| game | " + " | ".join(f"{a} vs {b}" for a, b in PAIRS) + " |"
    lines = [head, "|---" * (len(PAIRS) + 1) + "|"]
    for game, label in GAMES.items():
        cells = [cell(found[(game, a)]) if (game, a) in found else "–" for a, _ in PAIRS]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--only", nargs="*", choices=[a for a, _ in PAIRS],
                        help="the stronger level of the pairs to run")
    parser.add_argument("--game", nargs="*", choices=list(GAMES))
    parser.add_argument("--out", type=Path, help="append each result here (JSON lines)")
    parser.add_argument("--table", type=Path, help="print the table of a saved run")
    args = parser.parse_args()
    if args.table:
        saved = [json.loads(line) for line in args.table.read_text().splitlines() if line]
        print(table(saved))
        return
    tasks = [(game, a, b, max(1, round(DEALS[a][game] * args.scale)))
             for a, b in PAIRS if not args.only or a in args.only
             for game in GAMES if not args.game or game in args.game]
    tasks.sort(key=lambda t: -t[3] * (STRONG_COST[t[0]] if t[1] == "strong" else COST[t[1]]))
    results: list[dict[str, object]] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one, game, a, b, deals, args.seed, args.budget)
                   for game, a, b, deals in tasks]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            print(f"{time.perf_counter() - start:7.0f} s  {result['game']:15} "
                  f"{cell(result)}", file=sys.stderr, flush=True)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(result) + "\n")
    print(table(results))


if __name__ == "__main__":
    main()
