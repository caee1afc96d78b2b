"""The command line: ``python -m engine replay|check|bench|solve|arena|code|appraise``.

- ``replay FILE [--lang LANG]``: the referee's JSON report (CONTRACT.md).
- ``check [PATHS…]``: load every scenario (and lesson) under the paths and
  check each file's ``[expect]``; one line per problem.
- ``bench --rules R …``: random playouts through the engine; one JSON line.
- ``solve FILE [--seconds S]``: best play from the file's final position, every hand
  known, within the budget.
- ``arena --rules R --bots A,B … --deals D --seed S``: computer players over
  duplicate deals; one JSON line (engine/players/arena.py).
- ``code FILE [--final] [--seat N] [--toml]``: the game as a code (engine/notation/code.py).
- ``appraise FILE [--seat N] [--seconds S] [--seed N]``: every legal move of the
  mover after the file's moves, appraised from the mover's view (engine/search/appraise.py).
- ``puzzles --rules TABLE|all --count N --seed S --out DIR [--theme T] [--principle P]``:
  the puzzle bank, decisions from computer rounds with a clear answer, as scenario files
  (engine/teaching/puzzles.py).

Where a command takes ``FILE`` (replay, solve, code, appraise), it also takes ``-`` (a
scenario or a code on standard input), ``--position CODE`` or ``--round CODE`` instead
(engine/source.py); an error then names the input by a short label (``position``,
``round``, ``stdin``).

Errors are one line on standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence

from . import source
from .game.reading import cut, one_line, quoted
from .notation.code import Position
from .notation.diagram import LANGUAGES


def _integer(text: str) -> int:
    """A whole number written in ASCII digits, perhaps with a minus sign (Python's int()
    would also read "1_0" and the digits of other scripts, as a code does not)."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number")
    return int(text)


def _positive(text: str) -> int:
    """A whole number of at least 1 (argparse reports anything else as bad input)."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text)} must be at least 1")
    return value


def _seconds(text: str) -> float:
    """A budget in seconds: a finite number above 0 (not ``inf`` or ``nan``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{quoted(text)} must be a number of seconds above 0")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line, whatever was typed: argparse quotes a value whole ("invalid choice").
        self.exit(2, f"{self.prog}: {one_line(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine",
                     description="The rules engine's referee, checker, benchmark and solver.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rp = sub.add_parser("replay", help="replay one scenario and print the outcome as JSON")
    source.add_arguments(rp)
    rp.add_argument("--lang", default="en", choices=LANGUAGES)
    cp = sub.add_parser("check", help="validate scenarios and lessons, check expectations")
    cp.add_argument("paths", nargs="*", default=["scenarios"])
    bp = sub.add_parser("bench", help="random playouts per second")
    bp.add_argument("--rules", choices=("block", "gaple", "duel"), default="block")
    bp.add_argument("--players", type=_integer, default=None)
    bp.add_argument("--hand-size", type=_integer, default=None)
    bp.add_argument("--draw", action="store_true", help="duel: draw mode")
    bp.add_argument("--games", type=_positive, default=20000)
    bp.add_argument("--seed", type=_integer, default=1)
    bp.add_argument("--workers", type=_positive, default=1,
                    help="processes playing games side by side (default 1)")
    sp = sub.add_parser("solve", help="best play from a scenario's final position")
    source.add_arguments(sp)
    sp.add_argument("--seconds", type=_seconds, default=10.0,
                    help="the search's budget in seconds (default 10)")
    ap = sub.add_parser("arena", help="computer players over duplicate deals "
                        "(engine/players/arena.py)")
    ap.add_argument("--rules", choices=("block", "gaple", "duel"), required=True)
    ap.add_argument("--players", type=_integer, default=None)
    ap.add_argument("--draw", action="store_true", help="duel: draw mode")
    ap.add_argument("--hand-size", type=_integer, default=None)
    ap.add_argument("--bots", required=True, help="one level per seat, e.g. strong,heaviest")
    ap.add_argument("--deals", type=_integer, default=100)
    ap.add_argument("--seed", type=_integer, default=1)
    ap.add_argument("--budget", type=_seconds, default=0.5, help="strong: seconds a move")
    op = sub.add_parser("code", help="a scenario, round or position as a code "
                        "(engine/notation/code.py)")
    source.add_arguments(op)
    op.add_argument("--final", action="store_true",
                    help="the position after the moves, not the round")
    op.add_argument("--seat", type=_integer, default=None,
                    help="the position after the moves as this seat sees it")
    op.add_argument("--toml", action="store_true", help="write it as a scenario file instead")
    op.add_argument("--id", default=None, help="--toml: the scenario's id (default: the "
                    "input's id)")
    pp = sub.add_parser("appraise", help="every legal move's worth from the mover's view "
                        "(engine/search/appraise.py)")
    source.add_arguments(pp)
    pp.add_argument("--seat", type=_integer, default=None,
                    help="the seat to appraise: must be the one to move (default: it)")
    pp.add_argument("--seconds", type=_seconds, default=3.0,
                    help="the appraisal's budget in seconds (default 3)")
    pp.add_argument("--seed", type=_integer, default=1,
                    help="the seed of the deals drawn at random (default 1)")
    zp = sub.add_parser("puzzles", help="write puzzles from computer rounds as scenario files "
                        "(engine/teaching/puzzles.py)")
    zp.add_argument("--rules", required=True,
                    help="a table (b2 b3 b4 g4x6 g4x7 g5x5 d2 d2d) or all (each of them)")
    zp.add_argument("--count", type=_positive, required=True, help="puzzles per table")
    zp.add_argument("--seed", type=_integer, default=1)
    zp.add_argument("--out", default="scenarios/puzzles", help="the folder to write into")
    zp.add_argument("--theme", default=None, help="only puzzles of this theme")
    zp.add_argument("--principle", default=None,
                    help="only where this Strategy principle decides (engine/teaching/principles.py)")
    zp.add_argument("--quiet", action="store_true", help="print only the files written")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(source.read(args), args.lang)
        if args.command == "check":
            return _check(args.paths)
        if args.command == "bench":
            return _bench(args)
        if args.command == "solve":
            return _solve(source.read(args), args.seconds)
        if args.command == "code":
            return _code(source.read(args), args)
        if args.command == "appraise":
            return _appraise(source.read(args), args.seat, args.seconds, args.seed)
        if args.command == "puzzles":
            return _puzzles(args)
        if args.command == "arena":
            from .players import arena
            print(json.dumps(arena.main(args.rules, args.players, args.draw, args.hand_size,
                                        args.bots, args.deals, args.seed, args.budget)))
            return 0
    except (ValueError, OSError) as e:
        print(cut(str(e), 1000), file=sys.stderr)  # one line, whatever it quotes
        return 2
    return 2


def _puzzles(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .teaching.puzzles import write

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    for path in write(Path(args.out), args.rules, args.count, args.seed, args.theme, say,
                      args.principle):
        print(path)
    return 0


def _replay(src: source.Source, lang: str) -> int:
    from .teaching.referee import report

    print(json.dumps(report(src.state(), src.id, lang), ensure_ascii=False))
    return 0


def _check(paths: list[str]) -> int:
    from .teaching.lessons import check_paths

    problems, count = check_paths(paths)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in {count} file(s)", file=sys.stderr)
        return 2
    print(f"{count} file(s) checked, all as expected")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from .players.bench import run

    print(json.dumps(run(args.rules, players=args.players, hand_size=args.hand_size,
                         draw=args.draw, games=args.games, seed=args.seed,
                         workers=args.workers)))
    return 0


def _solve(src: source.Source, seconds: float) -> int:
    from .search.solve import solve

    state = src.state()
    try:
        solution = solve(state, seconds=seconds)
    except ValueError as e:
        raise src.error(e) from None
    print(json.dumps(solution.to_json()))
    return 0


def _code(src: source.Source, args: argparse.Namespace) -> int:
    from .notation.code import Round
    from .teaching.scenario import dumps

    value: Round | Position
    if args.seat is not None:
        value = src.view_position(args.seat)
    elif args.final or src.round is None:
        value = src.position()
    else:
        value = src.round
    if not args.toml:
        print(value.text())
        return 0
    if args.seat is not None:
        raise src.error("--toml writes every hand: leave out --seat")
    try:
        if isinstance(value, Round):
            text = dumps(args.id or src.id, value.start.state(), value.moves)
        else:
            text = dumps(args.id or src.id, value.state())
    except ValueError as e:
        raise src.error(e) from None
    print(text, end="")
    return 0


def _appraise(src: source.Source, seat: int | None, seconds: float, seed: int) -> int:
    import random

    from .search.appraise import appraise

    position = src.position()
    mover = position.mover
    if mover is None:
        raise src.error(f"the round has ended ({position.status}): no move to appraise")
    if seat is not None and seat != mover:
        raise src.error(f"--seat {seat}: player {mover} is to move, not player {seat}")
    view = src.view(mover)
    try:
        appraisal = appraise(view, random.Random(seed), seconds=seconds)
    except ValueError as e:  # a view no deal fits (a seat's-eye position written by hand)
        raise src.error(e) from None
    print(json.dumps(appraisal.to_json()))
    return 0
