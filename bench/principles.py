"""Every strategy principle's figure, measured again from its seeds (engine/teaching/principles.py).

    .venv/bin/python bench/principles.py [--deals 2000] [--seeds 1 2 3] [--jobs 2]
                                         [--only KEY ...] [--game NAME ...]
                                         [--out scenarios/lessons/strategy/evidence.json]
    .venv/bin/python bench/principles.py ... --check 4 5       (measure, and check)
    .venv/bin/python bench/principles.py --check 4 5 --check-only
    .venv/bin/python bench/principles.py --rewrite | --table

For each principle and each game it applies to, the player who follows it in one seat
against players who differ from it in that principle alone, over ``--deals`` duplicate
deals from each of ``--seeds``, pooled (``engine.teaching.principles.measure``); ``--jobs`` runs at
a time.  The figures are written to ``--out`` (JSON: the command's settings and one entry
per principle and game, with the score, its standard error, the course-wide interval and
the verdict), the data file the Strategy course reads; the same seeds and deals give the
same figures.  Runs ``--only`` some principles or ``--game`` some games on request (the
rest of an existing file is kept).

``--check`` plays every figure of the file again from other seeds (as many deals from each
as the file's), pooled, says which verdicts changed and how many, and records that in the
file (``check``): a verdict that flips with the seed is not one to show (``--check-only``:
the file's figures checked, none measured anew).  ``--rewrite`` measures nothing: each
interval and verdict, and the check's count, again from the file's scores by the engine's
rule (after the rule changes).  ``--table`` prints the file's figures as the README's
Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script

OUT = ROOT / "scenarios" / "lessons" / "strategy" / "evidence.json"


def one(key: str, game: str, deals: int, seeds: tuple[int, ...]) -> dict[str, object]:
    from engine.teaching.principles import measure, principle, row_of

    return row_of(measure(principle(key), game, rules_of(game), deals, seeds))


def _signed(x: float, places: int) -> str:
    value = round(x, places)
    return f"{0:.{places}f}" if value == 0 else f"{value:+.{places}f}".replace("-", "\u2212")


def table(rows: list[dict[str, object]]) -> str:
    """The figures as a Markdown table: a row per principle, a column per game."""
    from games import LABELS

    from engine.teaching.principles import GAMES, PRINCIPLES, digits, evidence_of

    cells = {(str(r["principle"]), str(r["game"])): evidence_of(r) for r in rows}
    head = "| principle | " + " | ".join(LABELS[g] for g in GAMES) + " |"
    lines = [head, "|---" * (len(GAMES) + 1) + "|"]
    for p in PRINCIPLES:
        out = []
        for g in GAMES:
            e = cells.get((p.key, g))
            if e is None:
                out.append("")
                continue
            places = digits(e.family)
            out.append(f"{_signed(e.score, places)} ({_signed(e.low, places)} … "
                       f"{_signed(e.high, places)}) {e.verdict}")
        lines.append(f"| {p.key} | " + " | ".join(out) + " |")
    return "\n".join(lines)


def _run(runs: list[tuple[str, str, tuple[int, ...]]], deals: int,
         jobs: int) -> dict[tuple[str, str, tuple[int, ...]], dict[str, object]]:
    """Each (principle, game, seeds) of ``runs`` measured, ``jobs`` at a time: its row."""
    found: dict[tuple[str, str, tuple[int, ...]], dict[str, object]] = {}
    # The longest first (Gaple's five hands, then more players), so none is left alone at the end.
    runs = sorted(runs, key=lambda r: (-rules_of(r[1]).players * rules_of(r[1]).hand_size))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(one, key, game, deals, seeds): (key, game, seeds)
                   for key, game, seeds in runs}
        for future in as_completed(futures):
            found[futures[future]] = row = future.result()
            print(json.dumps(row), flush=True)
    return found


def check(rows: list[dict[str, object]], again: dict[tuple[str, str], dict[str, object]],
          seeds: tuple[int, ...]) -> dict[str, object]:
    """The file's figures (``rows``) against the same figures measured ``again`` from other
    ``seeds``: the verdicts that changed, as the file records them."""
    changed = [(str(r["principle"]), str(r["game"]), r["verdict"],
                again[(str(r["principle"]), str(r["game"]))]["verdict"]) for r in rows
               if again[(str(r["principle"]), str(r["game"]))]["verdict"] != r["verdict"]]
    for key, game, was, now in changed:
        print(f"changed: {key} in {game}: {was} -> {now}")
    print(f"{len(changed)} of {len(rows)} verdicts changed with seeds "
          f"{', '.join(map(str, seeds))}")
    return {"seeds": list(seeds), "changed": len(changed), "of": len(rows),
            "figures": [again[(str(r["principle"]), str(r["game"]))] for r in rows]}


def main() -> None:
    from engine.teaching.principles import PRINCIPLES, SEEDS, evidence_of, row_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals from each seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=list(SEEDS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--game", nargs="*", default=None)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", type=int, nargs="+", default=None, metavar="SEED",
                        help="play every figure again from these seeds too, and count the "
                             "verdicts that change")
    parser.add_argument("--check-only", action="store_true",
                        help="with --check: measure nothing new, check the file's figures")
    parser.add_argument("--rewrite", action="store_true",
                        help="measure nothing: every interval, verdict and the check's count "
                             "again from the file's scores, by the engine's rule")
    parser.add_argument("--table", action="store_true", help="print --out as a table")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(args.out.read_text())["figures"]))
        return
    figures: dict[tuple[str, str], dict[str, object]] = {}
    before: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    for row in before.get("figures", []):
        figures[(row["principle"], row["game"])] = row
    seeds, others = tuple(args.seeds), tuple(args.check or ())
    if set(seeds) & set(others):
        parser.error("--check: seeds other than the figures' own")
    runs = [] if args.check_only or args.rewrite else \
        [(p.key, g, seeds) for p in PRINCIPLES for g in p.games
         if (not args.only or p.key in args.only) and (not args.game or g in args.game)]
    wanted = {(p.key, g) for p in PRINCIPLES for g in p.games}  # a principle since dropped goes
    if args.check_only:  # the file's own figures, from their deals and seeds
        kept = [r for key, r in figures.items() if key in wanted]
        if not kept or len({(r["deals"], tuple(r["seeds"])) for r in kept}) != 1:
            parser.error("--check-only: a file whose figures share their deals and seeds")
        args.deals = int(kept[0]["deals"])
        if set(others) & set(kept[0]["seeds"]):
            parser.error("--check: seeds other than the figures' own")
    found = _run(runs + [(key, game, others) for key, game in sorted(wanted) if others],
                 args.deals, args.jobs)
    figures.update({(key, game): row for (key, game, s), row in found.items() if s == seeds
                    and not args.check_only})
    order = {p.key: i for i, p in enumerate(PRINCIPLES)}
    rows = sorted((r for key, r in figures.items() if key in wanted),
                  key=lambda r: (order[str(r["principle"])], str(r["game"])))
    # Every interval and verdict from its score and standard error, by the engine's rule.
    rows = [row_of(evidence_of(r)) for r in rows]
    data: dict[str, object] = {"command": "bench/principles.py",
                               "scale": "the arena's (engine/players/arena.py)", "figures": rows}
    if others:  # a check is of the figures it was run against: measured again, none is kept
        data["check"] = check(rows, {(key, game): row for (key, game, s), row in found.items()
                                     if s == others}, others)
    elif args.rewrite and "check" in before:
        data["check"] = check(rows, {(str(r["principle"]), str(r["game"])): row_of(evidence_of(r))
                                     for r in before["check"]["figures"]},
                              tuple(before["check"]["seeds"]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
