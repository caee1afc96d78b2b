"""How well a loss's interval holds on few deals: the appraisal's rows, resampled.

    .venv/bin/python bench/coverage.py collect --family gaple-5 --seed 4 --deals 4 \\
        --first 3 --seconds 60 --out rows.json
    .venv/bin/python bench/coverage.py judge rows.json [--sizes 30 40 60 100] [--trials 4000]

``collect``: seat 0's first ``--first`` non-forced decisions in each of ``--deals`` seeded
rounds of the counting bot (the rounds of ``bench/appraise.py``), each solved exactly on
deals drawn at random for ``--seconds`` or up to ``--most`` deals; every deal's row of scores
(one per legal move, times the family's scale) is kept.  ``judge``: the rows of each position
(up to :data:`ROWS`) stand for its population, their mean for its truth; ``--trials``
samples of each size are drawn from them without replacement and graded as the appraisal
grades them: each move's loss against the sample's best move, less Student's t times its
standard error (:data:`RULES`: at 95%, the grade's; 98.75%; 99%, the tutor's stop; and
95% with no verdict below 60 or 100 deals).  Per size and rule: how often that lower bound
lies above the move's true loss (a 95% interval allows 2.5% on that side, a 99% one 0.5%),
the **wrong stops** (a sample calls a move a mistake or worse whose true loss is below the
inaccuracy band), and the share of true mistakes and blunders it stops.  Positions whose
deals are few enough to be solved all (an exact answer) are left out.  A benchmark, not a
test (README, "How far a margin holds").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from appraise import positions  # bench/appraise.py, beside this script


def collect(name: str, deals: int, seed: int, first: int, seconds: float,
            most: int) -> list[dict[str, object]]:
    """Every position's rows: the deals the view allows and, one row per deal solved
    exactly (drawn at random, as the appraisal draws them), each move's score times the
    family's scale, until ``seconds`` or ``most`` rows (``engine.search.appraise.deal_rows``)."""
    from engine.game.state import State
    from engine.game.view import view
    from engine.search.appraise import deal_rows

    found: list[dict[str, object]] = []
    for i, state in enumerate(positions(name, deals, seed, first)):
        assert isinstance(state, State)
        v = view(state, 0)
        assert v.rules is not None
        got = deal_rows(v, random.Random(f"coverage:{seed}:{i}"), seconds=seconds, most=most)
        found.append({"family": v.rules.family, "players": len(v.hand_counts),
                      "scale": got.scale, "position": i,
                      "moves": [str(m) for m in v.legal], "population": got.population,
                      "rows": [list(row) for row in got.rows]})
        print(f"{name} position {i}: {len(got.rows)} deals", file=sys.stderr)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--family", default="gaple-5")
    c.add_argument("--seed", type=int, default=4)
    c.add_argument("--deals", type=int, default=4)
    c.add_argument("--first", type=int, default=3)
    c.add_argument("--seconds", type=float, default=60.0)
    c.add_argument("--most", type=int, default=5000)
    c.add_argument("--out", required=True)
    j = sub.add_parser("judge")
    j.add_argument("rows", nargs="+")
    j.add_argument("--sizes", type=int, nargs="+", default=[30, 40, 60, 100])
    j.add_argument("--trials", type=int, default=4000)
    args = parser.parse_args()
    if args.command == "collect":
        data = collect(args.family, args.deals, args.seed, args.first, args.seconds,
                       args.most)
        Path(args.out).write_text(json.dumps(data))
    else:
        judge(args.rows, args.sizes, args.trials)


#: The most rows of a position taken as its population.
ROWS = 20_000
#: The rules compared: how a sample's margin is worked out from its deals.
RULES = ("t95", "t975", "t99", "n60", "n100")


def _quantile(z: float, df: int) -> float:
    """Student's t at the normal quantile ``z`` for ``df`` degrees of freedom (the
    Cornish–Fisher expansion; good to two decimals from 10)."""
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def _bounds(rule: str, diffs: object, loss: object, n: int) -> object:
    """Each move's lower bound of the loss by ``rule`` (numpy arrays: ``diffs`` trials ×
    deals × moves, the paired differences top − move in the family's unit)."""
    import numpy as np

    from engine.search.paired import t_value

    sd = np.asarray(diffs).std(axis=1, ddof=1)
    se = sd / np.sqrt(n)
    if rule in ("t95", "n60", "n100"):
        bound = loss - t_value(n - 1) * se
        least = {"t95": 30, "n60": 60, "n100": 100}[rule]
        return bound if n >= least else np.minimum(bound, 0.0)
    if rule == "t99":  # the tutor's stop (engine.search.appraise.STOP_CONFIDENCE)
        return loss - t_value(n - 1, 0.99) * se
    if rule == "t975":
        return loss - _quantile(2.2414, n - 1) * se
    raise ValueError(f"no rule {rule}")


def judge(files: list[str], sizes: list[int], trials: int) -> None:
    """Resample each position's rows (see the module) and print the rules side by side."""
    import numpy as np

    from engine.search.appraise import ALWAYS_EXACT, BANDS

    def classes(family: str, loss: object) -> object:
        """The class (0 no fault, 1 inaccuracy, 2 mistake, 3 blunder) of each loss."""
        return np.searchsorted(np.asarray(BANDS[family]), np.asarray(loss), side="right")

    data = [p for f in files for p in json.loads(Path(f).read_text())]
    rng = np.random.default_rng(1)
    print("| deals | rule | lower bound above the truth | wrong stops (mistake+ where the truth"
          " is no fault) | stops (mistake+) where the truth is a mistake+ | positions with a"
          " wrong stop |")
    print("|---|---|---|---|---|---|")
    for n in sizes:
        counts = {rule: [0, 0, 0, 0, 0, 0, 0] for rule in RULES}
        for p in data:
            rows = np.asarray(p["rows"][:ROWS], dtype=float) / p["scale"]
            if p["population"] <= ALWAYS_EXACT or len(rows) < 3 * n:
                continue  # exact, or too few rows to stand for the population
            family = p["family"]
            mean = rows.mean(axis=0)
            width = len(rows)
            picks = np.argsort(rng.random((trials, width)), axis=1)[:, :n]
            sample = rows[picks]  # trials × n × moves
            top = sample.sum(axis=1).argmax(axis=1)  # the first best, as the appraisal
            best = sample[np.arange(trials), :, top]  # trials × n
            diffs = best[:, :, None] - sample
            loss = diffs.mean(axis=1)
            truth = mean.max() - mean  # each move's loss over all the rows
            true_class = classes(family, truth)
            for rule in RULES:
                bound = np.asarray(_bounds(rule, diffs, loss, n))
                moved = loss > 0
                said = np.where(moved, classes(family, np.maximum(bound, 0.0)), 0)
                wrong = (said >= 2) & (true_class[None, :] == 0)
                c = counts[rule]
                c[0] += int(((bound > truth[None, :]) & moved).sum())
                c[1] += int(moved.sum())
                c[2] += int(wrong.sum())
                c[3] += trials * int((true_class == 0).sum())
                c[4] += int(((said >= 2) & (true_class[None, :] >= 2)).sum())
                c[5] += trials * int((true_class >= 2).sum())
                c[6] += bool(wrong.any())
        for rule in RULES:
            miss, bounds, wrong, clean, hits, faults, where = counts[rule]
            print(f"| {n} | {rule} | {miss / max(bounds, 1):.2%} of {bounds} | "
                  f"{wrong / max(clean, 1):.3%} of {clean} | {hits / max(faults, 1):.1%} of "
                  f"{faults} | {where} |")


if __name__ == "__main__":
    main()
