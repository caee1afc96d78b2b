"""Every strategy principle's figure, measured again from a seed (engine/teaching/principles.py).

    .venv/bin/python bench/principles.py [--deals 2000] [--seed 1] [--jobs 2]
                                         [--only KEY ...] [--game NAME ...]
                                         [--out scenarios/lessons/strategy/evidence.json]

For each principle and each game it applies to, the player who follows it in one seat
against players who differ from it in that principle alone, over ``--deals`` duplicate
deals (``engine.teaching.principles.measure``); ``--jobs`` runs at a time.  The figures are
written to ``--out`` (JSON: the command's settings and one entry per principle and game,
with the score, its 95% interval and the verdict), the data file the Strategy course
reads; the same seed and deals give the same figures.  Runs ``--only`` some principles
or ``--game`` some games on request (the rest of an existing file is kept).  ``--table``
prints the file's figures as the README's Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script

OUT = ROOT / "scenarios" / "lessons" / "strategy" / "evidence.json"


def one(key: str, game: str, deals: int, seed: int) -> dict[str, object]:
    from engine.teaching.principles import measure, principle

    e = measure(principle(key), game, rules_of(game), deals, seed)
    return {"principle": e.principle, "game": e.game, "deals": e.deals, "seed": e.seed,
            "score": round(e.score, 3), "low": round(e.low, 3), "high": round(e.high, 3),
            "verdict": e.verdict}


def _signed(x: object) -> str:
    value = round(float(str(x)), 2)
    return "0.00" if value == 0 else f"{value:+.2f}".replace("-", "\u2212")


def table(rows: list[dict[str, object]]) -> str:
    """The figures as a Markdown table: a row per principle, a column per game."""
    from games import LABELS

    from engine.teaching.principles import GAMES, PRINCIPLES

    cells = {(r["principle"], r["game"]): r for r in rows}
    head = "| principle | " + " | ".join(LABELS[g] for g in GAMES) + " |"
    lines = [head, "|---" * (len(GAMES) + 1) + "|"]
    for p in PRINCIPLES:
        out = []
        for g in GAMES:
            r = cells.get((p.key, g))
            out.append("" if r is None else f"{_signed(r['score'])} ({_signed(r['low'])} … "
                                                f"{_signed(r['high'])})")
        lines.append(f"| {p.key} | " + " | ".join(out) + " |")
    return "\n".join(lines)


def main() -> None:
    from engine.teaching.principles import PRINCIPLES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--game", nargs="*", default=None)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--table", action="store_true", help="print --out as a table")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(args.out.read_text())["figures"]))
        return
    runs = [(p.key, g) for p in PRINCIPLES for g in p.games
            if (not args.only or p.key in args.only) and (not args.game or g in args.game)]
    figures: dict[tuple[str, str], dict[str, object]] = {}
    if args.out.exists():
        for row in json.loads(args.out.read_text())["figures"]:
            figures[(row["principle"], row["game"])] = row
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one, key, game, args.deals, args.seed) for key, game in runs]
        for future in as_completed(futures):
            row = future.result()
            figures[(str(row["principle"]), str(row["game"]))] = row
            print(json.dumps(row), flush=True)
    order = {p.key: i for i, p in enumerate(PRINCIPLES)}
    wanted = {(p.key, g) for p in PRINCIPLES for g in p.games}  # a principle since dropped goes
    rows = sorted((r for key, r in figures.items() if key in wanted),
                  key=lambda r: (order[str(r["principle"])], str(r["game"])))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "command": "bench/principles.py", "scale": "the arena's (engine/players/arena.py)",
        "figures": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
