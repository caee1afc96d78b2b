"""The puzzle bank: decisions from computer rounds whose answer is clear, kept as scenario files.

``python -m engine puzzles --rules all --count N --seed S --out scenarios/puzzles/`` plays
seeded rounds of a table (or of every table, :data:`TABLES`) with computer players of the
simple levels (``counting``, ``heaviest``, now and then ``random``, drawn per seat from the
round's seed) and stops at each decision with more than one distinct move that can be
verified cheaply: a position whose deals of the hidden tiles (:class:`engine.search.deals.DealSpace`)
are few enough to solve every one, and cheaply (:func:`cost`, at most :data:`WORK_BUDGET`),
so that ``engine check`` verifies the whole bank in seconds.  There the mover's moves are appraised exactly from its
view, and the decision is kept when its answer is clear (:func:`engine.teaching.puzzle.qualifies`):
the first such decision of a round, one a round.  Each is written as a scenario file: the
round from its deal up to the decision (so the view carries every pass and dead tile the
seat saw), with ``[expect]`` and the ``[puzzle]`` table (:mod:`engine.teaching.puzzle`).

The starting rating of a puzzle (:func:`starting_rating`) says how hard it looks: the
``heaviest`` level's move is the answer (1200), the ``counting`` level's is (1400), neither
(1650), and 50 more for every distinct move past two (at most 150).  The site then moves each
puzzle's rating with every attempt.

With ``--theme T``, only puzzles of that theme; with ``--principle P``, only decisions where
the Strategy course's principle ``P`` decides (:func:`engine.teaching.principles.decides_at`),
at any decision of a round (not only its first clear one), for a lesson's position and its
practice (``tools/strategy_course.py``).

Everything is drawn from the seed: the same command writes the same files.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..game.moves import Move, canonical, distinct
from ..game.rules import Ruleset, block, duel, gaple
from ..game.state import State
from ..game.view import SeatView, view
from ..notation.code_write import rules_code
from ..players.bots import make_bot
from ..search.appraise import ALWAYS_EXACT
from ..search.deals import DealSpace
from ..search.sampler import world
from ..search.solve import solve
from .principles import PRINCIPLES, Principle, decides_at, game_of
from .puzzle import Puzzle, exact_appraisal, figures, qualifies, themes_of, to_toml
from .scenario import dumps
from .themes import THEMES

#: Every table the bank covers, by its code's rules field (:func:`engine.notation.code_write.rules_code`).
TABLES: Final[dict[str, Ruleset]] = {rules_code(r): r for r in (
    block(2), block(3), block(4), gaple(4, 6), gaple(4, 7), gaple(5), duel(), duel(draw=True))}
#: The most work an exact appraisal of a puzzle may take (:func:`cost`): the search nodes of
#: solving every deal, and for each deal :data:`DEAL_WORK` more (listing it, setting it up,
#: adding it up take about as long as that many nodes).  About 20 ms, compiled, here.
WORK_BUDGET: Final = 25_000
DEAL_WORK: Final = 25
#: The levels that play the rounds, drawn per seat (``counting`` twice as often).
LEVELS: Final = ("counting", "counting", "heaviest", "random")
#: Rounds tried per puzzle asked for before giving up on a table.
ROUNDS_PER_PUZZLE: Final = 400


@dataclass(frozen=True)
class Found:
    """A puzzle found: its id, the round's start and moves up to the decision, the puzzle."""

    id: str
    start: State
    moves: tuple[Move, ...]
    puzzle: Puzzle
    note: str

    def text(self) -> str:
        """The scenario file."""
        body = dumps(self.id, self.start, self.moves)
        head, _, rest = body.partition("\n")
        return (f"# {self.note}\n{head}\n" + rest + "\n[expect]\nstatus = \"playing\"\n"
                f"to_move = {self.puzzle.seat}\n\n" + to_toml(self.puzzle))


def cost(v: SeatView, budget: int = WORK_BUDGET) -> int | None:
    """The work of an exact appraisal of ``v``: :data:`DEAL_WORK` for each deal the view
    allows, plus the search nodes of solving them all; None past ``budget``."""
    space = DealSpace(v)
    work = DEAL_WORK * space.count
    if not space.count or space.count > ALWAYS_EXACT or work > budget:
        return None
    for deal, _ in space.every():
        left = budget - work
        # The exact search has a third of max_nodes: past what is left, the deal is too dear.
        solution = solve(world(v, deal), seconds=600.0, max_nodes=3 * (left + 1), line=False)
        work += solution.nodes
        if work > budget or not solution.exact:
            return None
    return work


def starting_rating(v: SeatView, best: tuple[Move, ...], moves: int) -> int:
    """How hard a decision looks (see the module)."""
    def picks(level: str) -> bool:
        move = make_bot(level).decide(v, random.Random(0)).move
        return canonical(move, v.ends) in best

    base = 1200 if picks("heaviest") else 1400 if picks("counting") else 1650
    return base + min(150, 50 * max(0, moves - 2))


def candidate(state: State, budget: int = WORK_BUDGET) -> Puzzle | None:
    """The puzzle the decision of ``state``'s mover makes, if it makes one."""
    seat = state.mover
    if seat is None:
        return None
    v = view(state, seat)
    if len(distinct(v.legal, v.ends)) < 2 or cost(v, budget) is None:
        return None
    assert v.rules is not None
    f = figures(v, exact_appraisal(v))
    if not qualifies(v.rules.family, f):
        return None
    return Puzzle(seat, f, themes_of(v, f), starting_rating(v, f.best, len(f.moves)))


def search(code: str, rules: Ruleset, count: int, seed: int, budget: int = WORK_BUDGET,
           theme: str | None = None,
           progress: Callable[[str], None] | None = None,
           principle: Principle | None = None) -> Iterator[Found]:
    """Up to ``count`` puzzles of ``rules`` from rounds of ``seed`` (see the module); with
    ``theme``, only puzzles of that theme; with ``principle``, only where it decides."""
    found = 0
    for d in range(count * ROUNDS_PER_PUZZLE):
        if found >= count:
            return
        rng = random.Random(f"{seed}:{code}:{d}")
        start = State.deal(rules, rng)
        bots = [make_bot(rng.choice(LEVELS)) for _ in range(rules.players)]
        state = start.copy()
        while not state.over:
            puzzle = candidate(state, budget)
            if puzzle is not None and (theme is None or theme in puzzle.themes) and (
                    principle is None
                    or decides_at(principle, view(state, puzzle.seat), puzzle.figures)):
                found += 1
                pid = f"puzzle-{code}-{seed}-{d:04d}"
                asked = (f" --theme {theme}" if theme else "") + (
                    f" --principle {principle.key}" if principle else "")
                note = (f"Made by python -m engine puzzles --rules {code}{asked} --seed {seed}: "
                        f"round {d}, the decision before move {len(state.moves) + 1}.")
                if progress:
                    progress(f"{pid}: {', '.join(puzzle.themes) or '-'} "
                             f"(margin {puzzle.margin}, rating {puzzle.rating})")
                yield Found(pid, start, tuple(state.moves), puzzle, note)
                break
            seat = state.to_move
            state.push(bots[seat].decide(view(state, seat), rng).move)


def write(out: Path, rules: str, count: int, seed: int, theme: str | None = None,
          progress: Callable[[str], None] | None = None,
          principle: str | None = None) -> list[Path]:
    """Write ``count`` puzzles of a table (``rules`` a key of :data:`TABLES`, or ``all``
    for ``count`` of each; with ``theme``, puzzles of that theme only; with ``principle``,
    a Strategy principle's key, those where it decides only) into ``out``; the files
    written.  Raises ValueError for an unknown table, theme or principle, a table whose game
    the principle is not measured in, and when the rounds tried did not give ``count``
    puzzles."""
    codes = list(TABLES) if rules == "all" else [rules]
    for code in codes:
        if code not in TABLES:
            raise ValueError(f"--rules {code}: write all, or one of {', '.join(TABLES)}")
    if theme is not None and theme not in THEMES:
        raise ValueError(f"--theme {theme}: one of {', '.join(THEMES)}")
    chosen = _principle(principle, codes)
    if count < 1:
        raise ValueError(f"--count must be at least 1, not {count}")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for code in codes:
        started = time.perf_counter()
        made = list(search(code, TABLES[code], count, seed, theme=theme, progress=progress,
                           principle=chosen))
        for item in made:
            path = out / f"{item.id}.toml"
            path.write_text(item.text(), encoding="utf-8")
            written.append(path)
        if progress:
            progress(f"{code}: {len(made)} puzzles in {time.perf_counter() - started:.1f} s")
        if len(made) < count:
            raise ValueError(f"{code}: only {len(made)} puzzles in {count * ROUNDS_PER_PUZZLE} "
                             f"rounds of seed {seed}")
    return written



def _principle(key: str | None, codes: list[str]) -> Principle | None:
    """The principle ``--principle`` names (None: none asked), measured in every table of
    ``codes``; a ValueError otherwise."""
    if key is None:
        return None
    found = next((p for p in PRINCIPLES if p.key == key), None)
    if found is None:
        raise ValueError(f"--principle {key}: one of {', '.join(p.key for p in PRINCIPLES)}")
    outside = [code for code in codes if game_of(f"puzzle-{code}") not in found.games]
    if outside:
        raise ValueError(f"--principle {key} is measured in {', '.join(found.games)}, "
                         f"not in {', '.join(outside)}")
    return found
