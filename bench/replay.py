"""Judge an agreement run's looks again, by the tutor's rules or the rules before them.

    .venv/bin/python bench/replay.py RUN.err [RUN.err ...] [--rules now|before] [--tutor 1.5]

``RUN.err`` is what ``bench/appraise.py --agree ... --detail`` writes to its standard error:
one line a move, with the reference's grade and what each of the tutor's looks in turn said
of the move (``looks``: ``play_tutor_judge.Look``'s facts).  For each budget the run judged
(``tutor now S``: after ``S / --tutor`` looks), the move is judged again as the run judged it,
a held move waiting for looks while the rules say so, on the looks it waited for in the run
(``held …``: its own, at it and the best move, where the run recorded them; else the next of
the looks at every move) (``--rules now``:
``play_tutor_judge.Look.waits``; ``before``: the rules before b2d5d03, a move waiting while
its estimated loss is a mistake or worse and it is not stopped), and compared with the
reference as the run compares it: per file and in all, the moves, the share that agree, how
many are two classes or more apart, the false alarms, the blunders let through, the moves held
for a look more, and how many judgements differ from the run's own (none, by the rules the run
was made with).  No deal is solved: a rule is judged on the same looks, not on another run's
draws.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from appraise import CLASSES, look_of  # bench/appraise.py, beside this script

from engine.search.appraise import grade
from ui.pages.play.tutor_judge import DOUBT_LOOKS, STOPS, Look

Rule = Callable[[Look, int], bool]


def now(look: Look, waited: int) -> bool:
    """The tutor's rules as they are (``play_tutor_judge``)."""
    return look.waits(waited)


def before(look: Look, waited: int) -> bool:
    """The rules before b2d5d03: a move waits while its estimated loss is a mistake or worse
    and it is not stopped, up to ``DOUBT_LOOKS`` looks."""
    return waited < DOUBT_LOOKS and grade(look.family, look.loss) in STOPS and not look.stopped


RULES: dict[str, Rule] = {"now": now, "before": before}


def judged(family: str, looks: list[list[object]], first: int, rule: Rule,
           held: list[list[object]] | None = None) -> tuple[list[object], int]:
    """The look a move made after ``first`` looks is judged on, and the looks it waited for:
    after the ``first``-th look at every move, the looks ``held`` for it where the run
    recorded any, else the looks at every move that came next."""
    if held:
        looks, first = [looks[first - 1], *held], 1
    at, waited = first - 1, 0
    while at + 1 < len(looks) and looks[at + 1] and rule(look_of(family, looks[at]), waited):
        at, waited = at + 1, waited + 1
    return looks[at], waited


def tally(lines: list[dict[str, object]], budget: str, looks_in: int, rule: Rule,
          family: str | None) -> list[int]:
    """Moves, agree, 2+ apart, false alarms, missed blunders, blunders, waited, judged
    otherwise than the run."""
    out = [0] * 8
    for line in lines:
        fam = str(line.get("family") or family)
        look, waited = judged(fam, line["looks"], looks_in, rule,  # type: ignore[arg-type]
                              line.get(f"held {budget}"))  # type: ignore[arg-type]
        truth = str(line["long"][0])  # type: ignore[index]
        gap = abs(CLASSES[str(look[0])] - CLASSES[truth])
        stopped = bool(look[5])
        run: list[object] | None = line.get(budget)  # type: ignore[assignment]
        otherwise = run is not None and (run[:4] != look[:4] or run[4] != waited)
        for i, add in enumerate((True, gap == 0, gap >= 2, stopped and CLASSES[truth] == 0,
                                 truth == "blunder" and not stopped, truth == "blunder",
                                 waited > 0, otherwise)):
            out[i] += add
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="bench/appraise.py --detail output")
    parser.add_argument("--rules", choices=sorted(RULES), default="now")
    parser.add_argument("--tutor", type=float, default=1.5,
                        help="the budget of each of the tutor's looks in the runs")
    parser.add_argument("--family", choices=("block", "gaple", "duel"),
                        help="the family of runs whose lines do not name it")
    args = parser.parse_args()
    rule = RULES[args.rules]
    print(f"{'run':<28} {'judged as':>14} {'moves':>6} {'agree':>6} {'2 apart':>8} "
          f"{'false alarms':>13} {'missed':>10} {'waited':>7} {'otherwise':>10}")
    totals: dict[str, list[int]] = {}
    for run in args.runs:
        lines = [json.loads(x) for x in run.read_text().splitlines() if x.startswith("{")]
        if not lines:
            continue
        budgets = sorted((k for k in lines[0] if k.startswith("tutor now ")),
                         key=lambda k: float(k.split()[-1]))
        for budget in budgets:
            looks_in = round(float(budget.split()[-1]) / args.tutor)
            t = tally(lines, budget, looks_in, rule, args.family)
            total = totals.setdefault(budget, [0] * 8)
            totals[budget] = [a + b for a, b in zip(total, t, strict=True)]
            _row(run.name, budget, t)
    if len(args.runs) > 1:
        for budget, t in totals.items():
            _row("all", budget, t)


def _row(name: str, budget: str, t: list[int]) -> None:
    print(f"{name:<28} {budget:>14} {t[0]:>6} {100 * t[1] / t[0]:>5.0f}% {t[2]:>8} {t[3]:>13} "
          f"{f'{t[4]} of {t[5]}':>10} {t[6]:>7} {t[7]:>10}")


if __name__ == "__main__":
    main()
