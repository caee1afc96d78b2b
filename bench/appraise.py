"""Benchmark the appraisal on seeded positions of each family, the solver beside it.

    .venv/bin/python bench/appraise.py [--deals 4] [--seed 1] [--seconds 3] [--precision P]
                                       [--family NAME ...] [--search native python] [--each]
    .venv/bin/python bench/appraise.py --first-look 2 [--tutor 1.5] [--parts 2]
                                       [--search native python] ...
    .venv/bin/python bench/appraise.py --agree 45 [--looks 1 4 13] [--parts 2] [--head 0.4]
                                       [--ahead 0.5]
                                       [--compare]
                                       [--seconds 3] [--deals 2]
                                       [--no-review] [--dask tcp://HOST:8786] ...

For each family, ``--deals`` seeded deals are played by the ``counting`` bot in every
seat; every decision of seat 0 that is not forced (more than one distinct move) is
appraised from seat 0's view with the budget (3 s, the default) and, with ``--precision``,
that standard error as the point to stop at (the family's own by default).  Per family:
how many positions, the appraisal's median, 90th-percentile and worst wall time and its
median, 90th-percentile and mean CPU time (on a busy machine the wall time is mostly
waiting; ``--each``: each position's CPU time too), how many answers were exact, how many
were exact or had every standard error under 0.1 (the family's scale), how many reached the
precision (by the rule that stops an appraisal early: exact, every standard error under it,
or under a coarser one with every grade settled), the median of the largest standard error
among the answers that were not exact, and of the largest standard error of a loss (the
paired difference from the best move, what a grade rests on), the median deals averaged
and allowed, and, side
by side in the same process, the solver's median time on the true deal of each position
(every hand known).  One subprocess per family, in turn; with ``--search native python``,
one per family and search, the native core as built then ``DOMINO_SEARCH=python``, on the same
positions one after the other (the review's time by family: ``--seconds`` the review's budget,
``--precision`` its precision; docs/judge.md).  ``--first-look K``: instead, the tutor's first
look (``--tutor`` seconds in ``--parts`` parts, one after another, as :func:`one_look`) at
seat 0's first ``K`` decisions of each round: the deals it rests on (mean, median, fewest),
how many were exact, its CPU time and the deals solved a CPU second.  A benchmark, not a test:
figures depend on the machine and its load (README, Benchmarks).

**Agreement** (``--agree LONG``): the same positions, each appraised three times, as the
review does it (``--seconds`` times ``engine.search.appraise.review_time``, stopping at the
review's precision, ``engine.search.appraise.review_precision``), as the tutor does (looks of
``--tutor`` seconds, each worked out in ``--parts`` parts, one after another here as on as
many cores side by side in Play, going on from the looks before and added up with them;
judged after each of ``--looks`` looks, labelled by the seconds since the learner's turn
began (``--head``: the first look begun that much before, and ``--ahead`` that much more
for each computer move shown after the first since seat 0's last move: Play works the computer's
moves out ahead and begins the look once the last is known, ``play_tutor.ahead``; at Strong,
0.4 s of thought a move against a pause of 0.9 s, ``--ahead 0.5``); ``--compare``: also as before, one part and looks of 1.5, 4.5 and 13.5 s each on its
own; ``--no-review``: the tutor alone) and a long one (``LONG`` seconds, the reference, never stopped early),
each with its own seed (``--reference RUN.err``: the long appraisals an earlier ``--detail``
run of the same family, seed and deals recorded, not solved again).  Every distinct
legal move's grade is compared in four classes, as a learner acts on them: no fault
(forced, best or good), inaccuracy, mistake, blunder (the tutor's grade: the one its
decision rests on, a doubtful move's, ``play_tutor_judge.Look.doubtful``, on the looks more it
waits for, ``play_tutor_judge.waits``).  Per family and budget: the moves compared, the
share whose class agrees with the long appraisal's, how many are two or more classes apart;
and for the tutor, its **false alarms** (a stop on a move the long appraisal finds no fault
in: mistake or worse at the stop's 99% confidence, ``ui.pages.play.tutor_judge.stops``),
its **missed blunders** (the long appraisal's blunder the tutor lets through) and how many
moves, had the learner made them, would have **waited** for a look more or several (a
doubtful move's: judged that much later than the budget says; those looks are its own, at
it and the best move so far, ``play_tutor_judge.focus``; ``--detail`` gives each
move's looks waited last, what each of the looks at every move in turn said of it, and for
each budget the looks it waited for (``held …``), so that another rule can be judged on the
same looks).  ``--dask ADDRESS``: each look's parts sent to the Dask cluster at that address
side by side instead, as Play sends them (``ui.thinking.shared`` on ``ui.cluster.place``), so
that they solve at once on its workers within the look's budget (``--parts`` of them: start
as many one-thread workers, ``deploy/judges.sh``); the reference and the rest stay here.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import rules_of  # bench/games.py, beside this script

from ui.pages.play.tutor_judge import CLASSES  # the classes a grade falls in (see the module)

FAMILIES = ("duel", "duel-draw", "block-2", "block-3", "block-4", "gaple-4x6", "gaple-5")

#: The Dask scheduler a tutor's look is sent to (``--dask``; "" for none: here, one part
#: after another).
DASK = ""


def positions(name: str, deals: int, seed: int, first: int | None = None) -> list[object]:
    """Seat 0's non-forced decisions in ``deals`` seeded rounds of the counting bot (the
    first ``first`` of each round, if given)."""
    from engine.game.state import State
    from engine.game.view import view
    from engine.players.bots import make_bot
    from engine.search.appraise import distinct_moves

    rules = rules_of(name)
    bot = make_bot("counting")
    found: list[object] = []
    for d in range(deals):
        rng = random.Random(f"{seed}:{name}:{d}")
        state = State.deal(rules, rng)
        taken = 0
        while not state.over and (first is None or taken < first):
            v = view(state, state.to_move)
            if state.to_move == 0 and distinct_moves(v) > 1:
                found.append(state.copy())
                taken += 1
            state.push(bot.decide(v, rng).move)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def reached(found: object, precision: float | None) -> bool:
    """Whether an appraisal is as sure as ``precision`` asks (the family's
    :data:`engine.search.appraise.PRECISION` when None), by the rule that stops one early
    (:func:`engine.search.appraise.precise_at`)."""
    from engine.search.appraise import PRECISION, Appraisal, precise_at

    assert isinstance(found, Appraisal)
    return precise_at(found, PRECISION[found.family] if precision is None else precision)


def child(name: str, deals: int, seed: int, seconds: float,
          precision: float | None) -> dict[str, object]:
    from engine import COMPILED
    from engine.game.state import State
    from engine.game.view import view
    from engine.search.appraise import appraise
    from engine.search.solve import NATIVE, solve

    wall, cpu, solver, spread, used, allowed = [], [], [], [], [], []
    losses: list[float] = []
    exact = precise = sure = 0
    states = positions(name, deals, seed)
    for i, state in enumerate(states):
        assert isinstance(state, State)
        v = view(state, 0)
        started, started_cpu = time.perf_counter(), time.process_time()
        a = appraise(v, random.Random(f"{seed}:{i}"), seconds=seconds, precision=precision)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        worst = max(max(m.stderr, m.loss_stderr) for m in a.moves)
        exact += a.exact
        precise += a.exact or worst < 0.1
        sure += reached(a, precision)
        if not a.exact:
            spread.append(worst)
            losses.append(max(m.loss_stderr for m in a.moves))
        used.append(a.deals)
        allowed.append(a.consistent)
        solver.append(solve(state, seconds=10.0, line=False).seconds)
    return {
        "family": name, "compiled": COMPILED, "native": NATIVE, "positions": len(states),
        "median_s": round(statistics.median(wall), 3),
        "mean_cpu_s": round(statistics.mean(cpu), 3), "reached": sure,
        "cpu_each": [round(c, 1) for c in cpu],
        "p90_s": round(percentile(wall, 0.9), 3),
        "worst_s": round(max(wall), 3),
        "median_cpu_s": round(statistics.median(cpu), 3),
        "p90_cpu_s": round(percentile(cpu, 0.9), 3),
        "exact": exact, "precise": precise,
        "median_stderr": round(statistics.median(spread), 3) if spread else None,
        "median_loss_stderr": round(statistics.median(losses), 3) if losses else None,
        "median_deals": round(statistics.median(used)),
        "median_allowed": round(statistics.median(allowed)),
        "solver_median_ms": round(statistics.median(solver) * 1000, 2),
    }


def first_look_child(name: str, deals: int, seed: int, first: int, budget: float,
                     parts: int) -> dict[str, object]:
    """The tutor's first look (``budget`` seconds in ``parts`` parts, one after another here,
    :func:`one_look`) at the first ``first`` decisions of seat 0 in each of ``deals`` seeded
    rounds: the deals it rests on and its CPU time (``--first-look``)."""
    from engine.game.state import State
    from engine.game.view import view
    from engine.search.appraise import Appraisal
    from engine.search.solve import NATIVE

    used: list[int] = []
    cpu: list[float] = []
    exact = 0
    states = positions(name, deals, seed, first)
    for i, state in enumerate(states):
        assert isinstance(state, State)
        started = time.process_time()
        look = one_look(view(state, 0), budget, parts, f"{seed}:{i}:tutor", None)
        cpu.append(time.process_time() - started)
        assert isinstance(look, Appraisal)
        used.append(look.deals)
        exact += look.exact
    return {"family": name, "native": NATIVE, "positions": len(states),
            "mean_deals": round(statistics.mean(used)), "median_deals": round(statistics.median(used)),
            "fewest": min(used), "exact": exact, "mean_cpu_s": round(statistics.mean(cpu), 2),
            "deals_per_cpu_s": round(sum(used) / sum(cpu))}


def searches(which: list[str] | None) -> list[tuple[str, dict[str, str]]]:
    """Each search asked for (``--search``), with the environment its child runs in: the
    native core as built, or ``DOMINO_SEARCH=python``; the build's own when none is."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "DOMINO_SEARCH"}
    if not which:
        return [("", dict(os.environ))]
    return [(w, env if w == "native" else {**env, "DOMINO_SEARCH": "python"}) for w in which]


#: The tutor before its looks were shared out and added up: one part, a first look of
#: 1.5 s, then 4.5 s and 13.5 s, each on its own (judged when each is back: 1.5, 6, 19.5 s).
BEFORE: tuple[float, ...] = (1.5, 4.5, 13.5)


def tutor_looks(v: object, budget: float, looks: int, parts: int,
                key: str, head: float = 0.0) -> list[object]:
    """The tutor's judgement of ``v`` after each of its first ``looks`` looks, in turn (the
    first look begun ``head`` seconds before the learner's turn, as Play begins it once the
    computer's moves up to the turn are known, ``play_tutor.ahead``): each
    look of ``budget`` seconds worked out in ``parts``
    parts (one after another here: as many cores side by side in Play,
    ``ui.thinking.shared``) going on from the looks before, and its deals added up with
    theirs, as ``ui.pages.play.tutor`` does (each look stopping, as Play's, once as precise as
    ``engine.search.appraise.look_precision`` asks; and no look further once exact or as precise as
    the review: ``engine.search.appraise.as_precise``)."""
    from engine.search.appraise import Appraisal, added_up, as_precise

    judged: list[object] = []
    known: Appraisal | None = None
    for k in range(looks):
        look: Appraisal | None = None
        if known is None or not as_precise(v, known):  # type: ignore[arg-type]  # as Play:
            # no further once sure
            look = one_look(v, budget + (head if k == 0 else 0), parts, key,  # type: ignore[assignment]
                            known.evidence if known is not None else None)
        if look is not None:
            known = look if known is None else added_up(v, known, look)  # type: ignore[arg-type]
        judged.append(known)
    return judged


def one_look(v: object, seconds: float, parts: int, key: str, after: object) -> object:
    """One of the tutor's looks at ``v`` within ``seconds``, worked out in ``parts`` parts (one
    after another here; on the Dask cluster :data:`DASK`, side by side), going on from
    ``after`` (the looks before's evidence): None when no part had a deal left."""
    from engine.game.view import SeatView
    from engine.search.appraise import Appraisal, AppraisalError, added_up, appraise, look_precision

    assert isinstance(v, SeatView)
    if DASK:
        return dask_look(v, seconds, parts, key, after)
    look: Appraisal | None = None
    for i in range(parts):
        try:
            part = appraise(v, random.Random(key), seconds=seconds, part=(i, parts),
                            after=after, precision=look_precision(v))  # type: ignore[arg-type]
        except AppraisalError:  # no deal left in this part
            continue
        look = part if look is None else added_up(v, look, part)
    return look


def dask_look(v: object, seconds: float, parts: int, key: str, after: object) -> object:
    """:func:`one_look` with its ``parts`` sent side by side to the Dask cluster at
    :data:`DASK`, through Play's own code (``ui.thinking.shared``, ``ui.cluster``): the same
    parts, seeds and sums as here, each solving on a worker for the whole budget at once.  A
    part the cluster loses runs again in a process here, as in Play, said in the log (on
    standard error)."""
    import os

    from engine.search.appraise import AppraisalError
    from ui import cluster, thinking

    os.environ["DOMINO_DASK_SCHEDULER"] = DASK
    where = cluster.place()
    if where is None:
        raise SystemExit(f"no Dask cluster to be had at {DASK} (its reason in the log above)")
    # (a key, as one_look's random.Random(key): the seed of every part)
    future = thinking.shared(_here, parts, v, key, seconds, after, where)  # type: ignore[arg-type]
    try:
        return future.result()
    except AppraisalError:  # no part had a deal left
        return None


def _here() -> object:
    """The processes a part the cluster lost runs again in (``ui.thinking.pool``'s kind)."""
    if not _HERE:
        from ui import thinking

        _HERE.append(thinking._spawned(thinking.WORKERS))
    return _HERE[0]


_HERE: list[object] = []


def held_move(v: object, found: object, move: object, every: list[object], budget: float,
              parts: int, key: str) -> tuple[object, object, list[tuple[object, object]]]:
    """The looks ``move`` waits for when made on ``found`` (an appraisal of the learner's view
    ``v``), as Play's tutor takes them (``play_tutor._look_again``): while the tutor's rules
    say it waits (``play_tutor_judge.waits``), one look more at the view narrowed to the move
    and the best move so far (``play_tutor_judge.focus``), going on from the looks
    before and added up with them; where nothing could be narrowed, the next of the looks at
    every move (``every``: those after ``found``).  The view and the appraisal the move is
    judged on, and each look it waited for, with its view, in turn."""
    from engine.search.appraise import added_up
    from ui.pages.play.tutor_judge import focus, waits

    at, a = v, found
    seen: list[tuple[object, object]] = []
    while waits(at, a, a.of(move), len(seen)):  # type: ignore[arg-type, attr-defined]
        at, a = focus(at, a, move)  # type: ignore[arg-type]
        if at is v:  # nothing left out: the looks at every move go on
            if len(seen) >= len(every):
                break
            a = every[len(seen)]
        else:
            look = one_look(at, budget, parts, key, a.evidence)  # type: ignore[attr-defined]
            if look is not None:
                a = added_up(at, a, look)  # type: ignore[arg-type]
        seen.append((at, a))
    return at, a, seen


def tutor_before(v: object, key: str) -> dict[float, object]:
    """The tutor as it was (:data:`BEFORE`)."""
    from engine.search.appraise import appraise

    return {sum(BEFORE[:k + 1]): appraise(v, random.Random(f"{key}:{k}"),  # type: ignore[arg-type]
                                          seconds=b) for k, b in enumerate(BEFORE)}


def _said(item: object, deals: int) -> list[object]:
    """A move's grade, loss and margin, and the deals behind them (``--detail``)."""
    return [item.grade, round(item.loss, 3), round(item.margin, 3), deals]  # type: ignore[attr-defined]


def _looked(v: object, found: object, move: object) -> list[object]:
    """What one of the tutor's looks, added up with the looks before, says of ``move``
    (``--detail``, ``looks``): as :func:`_said`, then the rest of what the tutor's rules read
    of it (``play_tutor_judge.Look``: the margin at the stop's confidence, whether the tutor
    would stop it, whether the look is as sure as the review), so that ``bench/replay.py``
    can judge the run's looks again, by these rules or another, without solving a deal."""
    from ui.pages.play.tutor_judge import Look

    if found is None:  # no deal in the look (every part empty)
        return []
    item = found.of(move)  # type: ignore[attr-defined]
    look = Look.of(found, item, v)  # type: ignore[arg-type]
    return [*_said(item, found.deals), round(look.margin99, 3),  # type: ignore[attr-defined]
            look.stopped, look.precise]


def look_of(family: str, row: list[object]) -> object:
    """A look as :func:`_looked` records it, read back as the tutor's rules read it
    (``play_tutor_judge.Look``; ``bench/replay.py``)."""
    from ui.pages.play.tutor_judge import Look

    graded, loss, margin, _deals, margin99, stopped, precise = row
    return Look(family, str(graded), float(loss), float(margin99),  # type: ignore[arg-type]
                bool(stopped), bool(precise), float(margin))  # type: ignore[arg-type]


def recorded(path: Path) -> dict[tuple[int, int], list[tuple[str, list[object]]]]:
    """The reference of an earlier ``--detail`` run (``--reference``): for each position (its
    number and ply), each move's name and what the long appraisal said of it, in turn."""
    found: dict[tuple[int, int], list[tuple[str, list[object]]]] = {}
    for text in path.read_text().splitlines():
        if text.startswith("{"):
            line = json.loads(text)
            found.setdefault((line["position"], line["ply"]), []).append(
                (line["move"], line["long"]))
    return found


def agree_child(name: str, deals: int, seed: int, review: float | None, budget: float,
                looks: list[int], long: float, parts: int,
                compare: bool, detail: bool = False, head: float = 0.0,
                ahead: float = 0.0,
                reference: dict[tuple[int, int], list[tuple[str, list[object]]]] | None = None,
                ) -> dict[str, object]:
    from engine.game.moves import canonical
    from engine.game.state import State
    from engine.game.view import view
    from engine.search.appraise import appraise, review_precision, review_time
    from ui.pages.play.tutor import LOOKS
    from ui.pages.play.tutor_judge import DOUBT_LOOKS, stops

    budgets = [f"tutor now {budget * k:g}" for k in looks]
    if compare:
        budgets += [f"tutor before {sum(BEFORE[:k + 1]):g}" for k in range(len(BEFORE))]
    # moves, agree, two apart, waited (a doubtful move's looks more: judged that much later)
    tallies = {which: [0, 0, 0, 0] for which in ("review", *budgets)}
    false_alarms, missed = dict.fromkeys(budgets, 0), dict.fromkeys(budgets, 0)
    blunders = 0
    states = positions(name, deals, seed)
    for i, state in enumerate(states):
        assert isinstance(state, State)
        v = view(state, 0)
        if reference is None:
            ref = appraise(v, random.Random(f"{seed}:{i}:long"), seconds=long,
                           precision=0)  # the whole time: never stopped early
            named = {canonical(m.move, state.line.ends): m.move for m in ref.moves}
            longs = {move: _said(ref.of(move), ref.deals) for move in named.values()}
        else:  # the run recorded: its moves, in its order, by their names
            legal = {m.text(): m for m in v.legal}
            longs = {legal[text]: row for text, row in reference[(i, len(state.history))]}
        shown = 0  # the computer's moves since seat 0's last: shown one a pause apart
        while shown < len(state.history) and state.history[-1 - shown].player != 0:
            shown += 1
        # past the last judged, the looks a doubtful move waits for (as Play: LOOKS in all)
        every = tutor_looks(v, budget, min(max(looks) + DOUBT_LOOKS, LOOKS), parts,
                            f"{seed}:{i}:tutor", head + ahead * max(0, shown - 1))
        got = {f"tutor now {budget * k:g}": every[k - 1] for k in looks}
        after = {f"tutor now {budget * k:g}": every[k:k + DOUBT_LOOKS] for k in looks}
        if compare:
            got.update({f"tutor before {t:g}": a for t, a in
                        tutor_before(v, f"{seed}:{i}:tutor").items()})
        if review is not None:
            got["review"] = appraise(v, random.Random(f"{seed}:{i}:review"),
                                     seconds=review * review_time(v),
                                     precision=review_precision(v))
        for move, long_said in longs.items():
            truth = str(long_said[0])
            blunders += truth == "blunder"
            said: dict[str, list[object]] = {"long": long_said}
            for which, a in got.items():
                waited = 0
                if which in after:  # as Play: a doubtful move waits for looks of its own,
                    # judged on every deal so far
                    _, a, held = held_move(v, a, move, after[which], budget, parts,
                                           f"{seed}:{i}:tutor")
                    waited = len(held)
                    said[f"held {which}"] = [_looked(at, x, move) for at, x in held]
                item = a.of(move)  # type: ignore[attr-defined]
                said[which] = _said(item, a.deals)  # type: ignore[attr-defined]
                if which in budgets:
                    said[which].append(waited)
                t = tallies[which]
                t[0] += 1
                t[3] += waited > 0
                gap = abs(CLASSES[item.grade] - CLASSES[truth])
                t[1] += gap == 0
                t[2] += gap >= 2
                if which in budgets:
                    stopped = stops(a, item)  # type: ignore[arg-type]
                    false_alarms[which] += stopped and CLASSES[truth] == 0
                    missed[which] += truth == "blunder" and not stopped
            if detail:  # each as judged (a doubtful move's after the looks it waited for),
                # and what each of the tutor's looks in turn says of it
                print(json.dumps({"family": state.rules.family, "position": i,
                                  "ply": len(state.history), "move": move.text(), **said,
                                  "looks": [_looked(v, a, move) for a in every]}),
                      file=sys.stderr, flush=True)
    return {"family": name, "positions": len(states), "tallies": tallies,
            "false_alarms": false_alarms, "missed": missed, "blunders": blunders}


def agreement(args: argparse.Namespace) -> None:
    print(f"{'family':<10} {'pos':>4} {'moves':>6} {'judged as':>18} {'agree':>6} "
          f"{'2 apart':>8} {'false alarms':>13} {'missed':>10} {'waited':>7}")
    for name in args.family or FAMILIES:
        out = subprocess.run(
            [sys.executable, __file__, "--child-agree", name, "--deals", str(args.deals),
             "--seed", str(args.seed), "--seconds", str(args.seconds),
             "--tutor", str(args.tutor), "--looks", *map(str, args.looks),
             "--agree", str(args.agree),
             "--parts", str(args.parts), "--head", str(args.head),
             "--ahead", str(args.ahead),
             *(["--no-review"] if args.no_review else []),
             *(["--compare"] if args.compare else []), *(["--detail"] if args.detail else []),
             *(["--reference", str(args.reference)] if args.reference else []),
             *(["--dask", args.dask] if args.dask else [])],
            stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT)
        r = json.loads(out.stdout)
        for which, t in r["tallies"].items():
            if not t[0]:
                continue
            alarms = r["false_alarms"].get(which, "-")
            missed = f"{r['missed'][which]} of {r['blunders']}" if which in r["missed"] else "-"
            waited = t[3] if which in r["missed"] else "-"
            print(f"{name:<10} {r['positions']:>4} {t[0]:>6} {which:>18} "
                  f"{100 * t[1] / t[0]:>5.0f}% {t[2]:>8} {alarms:>13} {missed:>10} {waited:>7}",
                  flush=True)


def child_run(args: argparse.Namespace, flag: str, name: str, env: dict[str, str],
              *more: str) -> Any:
    """One family's run in a process of its own (``flag``: which), with the search ``env``
    picks: what it printed, read as JSON."""
    out = subprocess.run([sys.executable, __file__, flag, name, "--deals", str(args.deals),
                          "--seed", str(args.seed), *more],
                         capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--precision", type=float, default=None)
    parser.add_argument("--family", action="append", choices=FAMILIES)
    parser.add_argument("--agree", type=float, default=None, metavar="LONG",
                        help="compare grades against a LONG-second appraisal")
    parser.add_argument("--tutor", type=float, default=1.5,
                        help="the budget of each of the tutor's looks (ui.thinking.TUTOR_BUDGET)")
    parser.add_argument("--looks", type=int, nargs="+", default=[1, 13],
                        help="judge the tutor after these many looks (play_tutor.LOOKS at most)")
    parser.add_argument("--parts", type=int, default=2,
                        help="the parts a look is worked out in (Play: one per core)")
    parser.add_argument("--head", type=float, default=0.0,
                        help="the first look begins this many seconds before the turn "
                             "(Play: while the computer's last move is on show)")
    parser.add_argument("--ahead", type=float, default=0.0,
                        help="and this many seconds more for each computer move shown after "
                             "the first before the learner's turn (Play works them out ahead, "
                             "play_tutor.ahead: a pause less the computer's thought)")
    parser.add_argument("--detail", action="store_true",
                        help="each move's grades, losses and margins, a JSON line each on stderr")
    parser.add_argument("--compare", action="store_true",
                        help="also the tutor as before: one part, each look on its own")
    parser.add_argument("--no-review", action="store_true",
                        help="grade the tutor's budgets only")
    parser.add_argument("--reference", type=Path,
                        help="the long appraisals of an earlier --detail run of the same family, "
                             "seed and deals (its standard error), instead of solving them again")
    parser.add_argument("--dask", metavar="ADDRESS", default="",
                        help="send each tutor's look's parts to the Dask scheduler at ADDRESS "
                             "(tcp://HOST:8786), side by side on its workers, as Play does")
    parser.add_argument("--search", nargs="+", choices=("native", "python"),
                        help="run each family with these searches in turn, the same positions "
                             "(native: the core as built; python: DOMINO_SEARCH=python)")
    parser.add_argument("--each", action="store_true",
                        help="also each position's CPU time, in turn")
    parser.add_argument("--first-look", type=int, default=None, metavar="K",
                        help="the tutor's first look (--tutor s in --parts parts) at the first "
                             "K decisions of each round: the deals it rests on")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--child-look", help=argparse.SUPPRESS)
    parser.add_argument("--child-agree", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_agree:
        global DASK
        DASK = args.dask
        if DASK:
            import logging

            logging.basicConfig(stream=sys.stderr, format="%(name)s: %(message)s")
            logging.getLogger("ui.cluster").setLevel(logging.INFO)
        print(json.dumps(agree_child(args.child_agree, args.deals, args.seed,
                                     None if args.no_review else args.seconds,
                                     args.tutor, args.looks, args.agree, args.parts,
                                     args.compare, args.detail, args.head, args.ahead,
                                     recorded(args.reference) if args.reference else None)))
        if DASK:
            from ui import cluster

            cluster.close()
        return
    if args.agree is not None:
        agreement(args)
        return
    if args.child:
        print(json.dumps(child(args.child, args.deals, args.seed, args.seconds,
                               args.precision)))
        return
    if args.child_look:
        print(json.dumps(first_look_child(args.child_look, args.deals, args.seed,
                                          args.first_look, args.tutor, args.parts)))
        return
    if args.first_look is not None:
        print(f"{'family':<10} {'search':>6} {'pos':>4} {'mean deals':>10} {'median':>7} "
              f"{'fewest':>7} {'exact':>6} {'cpu s':>6} {'deals/cpu s':>11}")
        for name in args.family or FAMILIES:
            for which, env in searches(args.search):
                r = child_run(args, "--child-look", name, env, "--first-look",
                              str(args.first_look), "--tutor", str(args.tutor), "--parts",
                              str(args.parts))
                print(f"{name:<10} {'native' if r['native'] else 'python':>6} "
                      f"{r['positions']:>4} {r['mean_deals']:>10} {r['median_deals']:>7} "
                      f"{r['fewest']:>7} {r['exact']:>6} {r['mean_cpu_s']:>6} "
                      f"{r['deals_per_cpu_s']:>11}", flush=True)
        return
    print(f"{'family':<10} {'search':>6} {'pos':>4} {'median s':>9} {'p90 s':>6} {'worst s':>8} "
          f"{'cpu s':>6} {'cpu p90':>7} {'cpu mean':>8} {'exact':>6} {'<0.1':>5} "
          f"{'reached':>7} {'stderr':>7} {'loss se':>7} {'deals':>7} "
          f"{'allowed':>14} {'solver ms':>10}")
    for name in args.family or FAMILIES:
        for which, env in searches(args.search):
            r = child_run(args, "--child", name, env, "--seconds", str(args.seconds),
                          *(["--precision", str(args.precision)] if args.precision is not None
                            else []))
            print(f"{name:<10} {'native' if r['native'] else 'python':>6} {r['positions']:>4} "
                  f"{r['median_s']:>9} {r['p90_s']:>6} "
                  f"{r['worst_s']:>8} {r['median_cpu_s']:>6} {r['p90_cpu_s']:>7} "
                  f"{r['mean_cpu_s']:>8} {r['exact']:>6} {r['precise']:>5} {r['reached']:>7} "
                  f"{r['median_stderr'] if r['median_stderr'] is not None else '-':>7} "
                  f"{r['median_loss_stderr'] if r['median_loss_stderr'] is not None else '-':>7} "
                  f"{r['median_deals']:>7} {r['median_allowed']:>14} "
                  f"{r['solver_median_ms']:>10}", flush=True)
            if args.each:
                print(f"{'':<10} {'':>6} CPU s each: {' '.join(map(str, r['cpu_each']))}",
                      flush=True)


if __name__ == "__main__":
    main()
