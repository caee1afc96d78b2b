"""The computer's levels in order: each level against the one below it, in every game.

    .venv/bin/python bench/levels.py [--jobs 2] [--seed 1] [--scale 1.0] [--budget 0.5]
                                     [--only PAIR ...] [--game NAME ...] [--out FILE]
    .venv/bin/python bench/levels.py --table FILE
    .venv/bin/python bench/levels.py --only strong --game gaple-5 --variant solve-late --late 18 --out F
    .venv/bin/python bench/levels.py --paired FILE_A FILE_B

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

Each result also keeps the stronger level's result on every deal (``per_deal``), so that
``--paired A B`` can print, game by game, B's score less A's on the deals both ran, with
its 95% interval: two runs of the same seed play the same duplicate deals, so their
difference is measured deal by deal.  ``--variant`` replaces ``strong`` (three to five
players; with two it plays as Strong does) by a variant tried, not the level itself:
``solve-late`` plays each imagined deal out by the counting player's rules until
``--late`` tiles or fewer are left in the hands, then solves the rest exactly
(``engine.search.solve``: max^n, every hand open); ``best-reply`` plays on as the counting
player at every other seat but, from ``--late`` tiles or fewer, tries each of its own
moves (the best for it, every hand open: a best reply to counting players); ``sees-all``
is the ceiling, not a player: it is handed every hand and plays that deal's best reply
from the first move; ``reads`` weighs its imagined deals by what the others' plays say
of their hands (``engine.search.inference``, as Strong does with two players; ``--model
PER_PIP PER_DOUBLE`` sets the model, Strong's own by default).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import LABELS as GAMES  # bench/games.py, beside this script
from games import rules_of

from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.players.bots import Bot, Decision, StrongBot
from engine.search.scoring import Evaluator

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
        budget: float, variant: str | None = None, late: int = 18,
        model: tuple[float, float] | None = None) -> dict[str, object]:
    """One arena run: ``strong`` in one seat, ``weak`` in every other (``strong`` as
    ``variant`` says, if given, with three to five players), as ``engine.players.arena.run``
    plays it; with the stronger level's result on every deal."""
    from engine.players.arena import interval
    from engine.players.bots import make_bot

    rules = rules_of(game)
    names = [strong] + [weak] * (rules.players - 1)
    bots = [make_bot(name, budget=budget) for name in names]
    tried = variant if strong == "strong" and rules.players > 2 else None
    if tried == "solve-late":
        bots[0] = _Variant(budget, late, True)
    elif tried == "best-reply":
        bots[0] = _Variant(budget, late, False)
    elif tried == "reads":
        from engine.search.inference import OPPONENTS, ChoiceModel
        reading = OPPONENTS if model is None else ChoiceModel(*model)
        bots[0] = StrongBot(budget, model=reading, everywhere=True)
    start = time.perf_counter()
    per_deal, thinking, decisions = _deals(rules, bots, deals, seed, tried == "sees-all")
    stats = [interval(results) for results in per_deal]
    extra = {"variant": tried, "late": late, "model": model} if tried is not None else {}
    return {"game": game, **extra, "rules": rules.family, "players": rules.players,
            "deals": deals, "bots": names, "score": [round(m, 3) for m, _, _ in stats],
            "ci95": [[round(lo, 3), round(hi, 3)] for _, lo, hi in stats],
            "seconds": round(time.perf_counter() - start, 2),
            "ms_per_move": [round(1000 * t / max(1, k), 3) for t, k in zip(thinking, decisions)],
            "per_deal": [round(x, 4) for x in per_deal[0]]}


def _deals(rules: Ruleset, bots: list[Bot], deals: int, seed: int,
           sees_all: bool) -> tuple[list[list[float]], list[float], list[int]]:
    """``engine.players.arena.play_deals``'s games (the same deals, rotations, generators and
    scores); with ``sees_all``, the first bot is replaced by :func:`_sees_all`."""
    from engine.search.scoring import seat_score

    if not sees_all:
        from engine.players.arena import play_deals

        tally = play_deals(rules, bots, deals, seed)
        return tally.per_deal, tally.thinking, tally.decisions
    n = rules.players
    per_deal: list[list[float]] = [[] for _ in bots]
    thinking, decisions = [0.0] * n, [0] * n
    for d in range(deals):
        deal = State.deal(rules, random.Random(f"{seed}:{d}"))
        sums = [0.0] * n
        for r in range(n):
            owner = [(s - r) % n for s in range(n)]
            rng = random.Random(f"{seed}:{d}:{r}")
            state = deal.copy()
            while not state.over:
                seat = state.to_move
                if owner[seat] == 0:
                    decision = _sees_all(state)
                else:
                    decision = bots[owner[seat]].decide(view(state, seat), rng)
                thinking[owner[seat]] += decision.seconds
                decisions[owner[seat]] += 1
                state.push(decision.move)
            for seat in range(n):
                sums[owner[seat]] += seat_score(state, seat)
        for i in range(n):
            per_deal[i].append(sums[i] / n)
    return per_deal, thinking, decisions


def _left(state: State) -> int:
    """The tiles left in the hands."""
    return sum(hand.bit_count() for hand in state.hand_masks)


def _late_scores(view: SeatView, late: int, solve_late: bool) -> Evaluator:
    """Each move's score on an imagined deal: every seat plays on as the counting player
    would (``engine.players.counting.counting_playouts``) until ``late`` tiles or fewer are
    left in the hands; then, with ``solve_late``, the rest is solved exactly (max^n, every
    hand open); else the mover tries each of its own moves from there and takes the best
    for it, the others still playing as the counting player (a best reply to them)."""
    from engine.game.tiles import FITS, mask_of
    from engine.players import counting
    from engine.search.deals import forbidden_mask
    from engine.search.scoring import against_others, seat_score
    from engine.search.solve import solve

    seen0 = mask_of(view.line.tiles())
    forbidden0 = [forbidden_mask(m) for m in view.missing]
    weights = counting._weights(view.rules)

    def step(walker: State, move: Move, seen: int, forbidden: list[int]) -> tuple[int, list[int]]:
        if move.tile is not None and move.kind == "play":
            seen |= move.tile.bit
        elif walker.line.left >= 0:  # a pass or a dead tile: nothing for the ends
            forbidden = list(forbidden)
            forbidden[walker.to_move] |= FITS[walker.line.left] | FITS[walker.line.right]
        walker.push_unchecked(move)
        return seen, forbidden

    def solved(state: State, seat: int) -> float | None:
        solution = solve(state, seconds=5.0, line=False)
        if not solution.exact:
            return None
        value = solution.value
        assert isinstance(value, tuple)
        if state.rules.family == "gaple":
            return (state.players + 1) / 2 - value[seat]
        return against_others(value, seat)

    def search(walker: State, mover: int, seen: int, forbidden: list[int]) -> float:
        while not walker.over:
            if solve_late and _left(walker) <= late:
                value = solved(walker, mover)
                if value is not None:
                    return value
            moves = walker.legal_moves()
            if len(moves) == 1:
                seen, forbidden = step(walker, moves[0], seen, forbidden)
            elif solve_late or walker.to_move != mover or _left(walker) > late:
                move = counting._counting_move(walker, moves, seen, forbidden, weights)
                seen, forbidden = step(walker, move, seen, forbidden)
            else:
                best = -math.inf
                for move in moves:
                    child = walker.copy()
                    best = max(best, search(child, mover, *step(child, move, seen, forbidden)))
                return best
        return seat_score(walker, mover)

    def evaluate(state: State, seconds: float) -> tuple[dict[Move, float], bool]:
        mover, scores = state.to_move, {}
        for first in state.legal_moves():
            walker = state.copy()
            scores[first] = search(walker, mover, *step(walker, first, seen0, forbidden0))
        return scores, False

    return evaluate


class _Variant(StrongBot):
    """Strong (its deals, 256 a move, and its choice among their mean scores) with each
    deal scored by :func:`_late_scores`."""

    def __init__(self, budget: float, late: int, solve_late: bool) -> None:
        from engine.search.inference import OPPONENTS

        super().__init__(budget, model=OPPONENTS)
        self.late, self.solve_late = late, solve_late

    def _evaluator(self, view: SeatView, choices: Sequence[Move]) -> tuple[Evaluator, Any]:
        from engine.players.bots import _Effort

        return _late_scores(view, self.late, self.solve_late), _Effort(256, 256)


def _sees_all(state: State) -> Decision:
    """The ceiling: the mover's best reply to counting players with every hand open, from
    its first move (:func:`_late_scores` on the real deal)."""
    start = time.perf_counter()
    moves = state.legal_moves()
    if len(moves) == 1:
        return Decision(moves[0], (), time.perf_counter() - start)
    scores, _ = _late_scores(view(state, state.to_move), 10_000, False)(state.copy(), 1.0)
    return Decision(max(moves, key=lambda m: scores[m]), (), time.perf_counter() - start)


def paired(first: Path, second: Path) -> str:
    """Game by game, the second run's score less the first's on the deals both played."""
    import statistics

    runs = [{r["game"]: r for r in map(json.loads, path.read_text().splitlines()) if r}
            for path in (first, second)]
    lines = []
    for game in GAMES:
        if game in runs[0] and game in runs[1]:
            a, b = runs[0][game]["per_deal"], runs[1][game]["per_deal"]
            diff = [y - x for x, y in zip(a, b)]
            mean = statistics.fmean(diff)
            half = 1.959963984540054 * statistics.stdev(diff) / math.sqrt(len(diff))
            lines.append(f"{game}: {mean:+.3f} ({mean - half:+.3f} … {mean + half:+.3f}), "
                         f"{len(diff)} deals")
    return "\n".join(lines)


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
    parser.add_argument("--variant", choices=("solve-late", "best-reply", "sees-all", "reads"),
                        help="a variant of strong tried in its place (three to five players)")
    parser.add_argument("--late", type=int, default=18,
                        help="the variant's tiles left in the hands from which it searches")
    parser.add_argument("--model", type=float, nargs=2, metavar=("PER_PIP", "PER_DOUBLE"),
                        help="reads: the model of the others' choices (default: Strong's)")
    parser.add_argument("--paired", type=Path, nargs=2, metavar="FILE",
                        help="the second saved run's score less the first's, deal by deal")
    args = parser.parse_args()
    if args.paired:
        print(paired(*args.paired))
        return
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
        futures = [pool.submit(one, game, a, b, deals, args.seed, args.budget, args.variant,
                               args.late, tuple(args.model) if args.model else None)
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
