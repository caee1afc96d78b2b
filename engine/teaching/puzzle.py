"""A puzzle: a scenario's ``[puzzle]`` table, its answer's figures, and their verification.

A puzzle is a scenario file (a round from its deal, its moves up to the decision) whose
``[puzzle]`` table names the seat to move after the moves and what the appraisal
(:mod:`engine.search.appraise`) says of that seat's decision, from its view alone::

    [puzzle]
    seat = 1                      # the mover after the file's moves: the learner's seat
    best = [{play = "5-5", end = "left"}]            # the answer: every best move
    margin = 3.25                 # the best expected score minus the next move's
    certain = false               # the best move wins whatever the hidden tiles
    themes = ["block", "count"]   # engine/teaching/themes.py
    rating = 1500                 # the puzzle's starting rating (Glicko-2 scale)
    deals = 680                   # the deals of the hidden tiles the view allows
    moves = [                     # every distinct legal move, best first, with its
      {play = "5-5", end = "left", expected = 1.25},    # expected score (4 decimals)
      {play = "2-5", end = "right", expected = -1.75},
    ]

A puzzle stands only where its answer is clear (:func:`qualifies`): the best move's
expected score is ahead of the next move's by at least the family's mistake band
(:data:`engine.search.appraise.BANDS`: Block 3 points, Gaple 0.3 of a place, the duel 0.2), or the
best move wins whatever the hidden tiles (the duel +1, Gaple first place, on every deal) with
a margin of at least the family's first band.  :func:`verify` works the appraisal out again,
exactly (every deal the view allows, solved), and compares every figure: a puzzle whose
answer no longer holds is reported by ``python -m engine check`` like any other scenario.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..game.moves import Move, MoveError, distinct
from ..game.reading import cut, quoted
from ..game.rules import Ruleset
from ..game.state import State
from ..game.tiles import TileError
from ..game.view import SeatView, view
from ..search.appraise import BANDS, Appraisal, appraise
from ..search.scoring import outright
from .themes import THEMES, themes

KEYS: Final = {"seat", "best", "margin", "certain", "themes", "rating", "deals", "moves"}
#: A puzzle's rating lies within these (a Glicko-2 rating, 1500 for the unknown).
RATING_RANGE: Final = (400, 2800)
#: Figures are written with this many decimals and compared within :data:`TOLERANCE`.
DECIMALS: Final = 4
TOLERANCE: Final = 1.5 * 10.0 ** -DECIMALS
#: The verifying appraisal's budget: far above what an exact appraisal of a puzzle takes, so
#: that only a position too large to verify (never the clock on a busy machine) fails.
VERIFY_SECONDS: Final = 600.0


class PuzzleError(ValueError):
    """A malformed ``[puzzle]`` table: where (``puzzle.best[0]``) and what."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where, self.message = where, message


def margin_needed(family: str, certain: bool) -> float:
    """The least margin a puzzle of ``family`` needs: the mistake band, or the first band
    when the best move wins for certain."""
    inaccuracy, mistake, _ = BANDS[family]
    return inaccuracy if certain else mistake


@dataclass(frozen=True, slots=True)
class MoveFigure:
    """One distinct legal move and its expected score from the mover's view."""

    move: Move
    expected: float


@dataclass(frozen=True, slots=True)
class Figures:
    """What the appraisal says of a decision, move by move (see the module)."""

    moves: tuple[MoveFigure, ...]  # every distinct legal move, best first
    best: tuple[Move, ...]
    margin: float
    certain: bool
    deals: int


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A scenario's ``[puzzle]`` table (see the module)."""

    seat: int
    figures: Figures
    themes: tuple[str, ...]
    rating: int

    @property
    def best(self) -> tuple[Move, ...]:
        return self.figures.best

    @property
    def moves(self) -> tuple[MoveFigure, ...]:
        return self.figures.moves

    @property
    def margin(self) -> float:
        return self.figures.margin

    @property
    def certain(self) -> bool:
        return self.figures.certain

    def figure(self, move: Move) -> MoveFigure | None:
        """The figure of ``move`` (named as :func:`engine.game.moves.canonical` names it)."""
        return next((f for f in self.figures.moves if f.move == move), None)


def _round(x: float) -> float:
    return round(x, DECIMALS) + 0.0  # no -0.0


def figures(v: SeatView, appraisal: Appraisal) -> Figures:
    """The decision's figures from an appraisal of ``v``: each distinct move (a mirror pair
    once) with its expected score, rounded."""
    assert v.rules is not None
    names = distinct(v.legal, v.ends)
    moves = sorted((MoveFigure(m, _round(appraisal.of(m).expected)) for m in names),
                   key=lambda f: -f.expected)
    top = moves[0].expected
    best = tuple(f.move for f in moves if f.expected == top)
    rest = [f.expected for f in moves if f.expected != top]
    margin = _round(top - rest[0]) if rest else 0.0
    win = outright(v.rules.family, v.rules.players)  # winning for certain
    certain = win is not None and abs(top - win) < TOLERANCE and bool(rest)
    return Figures(tuple(moves), best, margin, certain, appraisal.deals)


def qualifies(family: str, f: Figures) -> bool:
    """Whether a decision makes a puzzle: more than one distinct move, and a clear answer,
    one that clears the margin it needs with room (a margin at the threshold itself is
    one rounding away from no clear answer)."""
    return len(f.moves) > 1 and f.margin > margin_needed(family, f.certain) + TOLERANCE


def exact_appraisal(v: SeatView) -> Appraisal:
    """Every deal ``v`` allows, solved: the appraisal a puzzle stands on."""
    return appraise(v, random.Random(0), seconds=VERIFY_SECONDS, precision=0)


def themes_of(v: SeatView, f: Figures) -> tuple[str, ...]:
    best = set(f.best)
    return themes(v, f.best, [m.move for m in f.moves if m.move not in best])


# -- reading and writing ---------------------------------------------------------

def _number(raw: Mapping[str, Any], key: str) -> float:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PuzzleError(f"puzzle.{key}", "missing or not a number")
    return float(value)


def _whole(raw: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PuzzleError(f"puzzle.{key}", f"must be a whole number from {low} to {high}")
    return value


def _move(raw: object, where: str, extra: Sequence[str] = ()) -> Move:
    if not isinstance(raw, dict):
        raise PuzzleError(where, "must be a move, such as {play = \"2-3\", end = \"right\"}")
    try:
        return Move.from_dict({k: v for k, v in raw.items() if k not in extra})
    except (MoveError, TileError) as e:
        raise PuzzleError(where, str(e)) from None


def parse(raw: object, rules: Ruleset) -> Puzzle:
    """Read a ``[puzzle]`` table (its types and its own consistency; :func:`verify` checks it
    against the position).  Raises :class:`PuzzleError`."""
    if not isinstance(raw, dict):
        raise PuzzleError("puzzle", "must be a table")
    extra = sorted(set(raw) - KEYS)
    if extra:
        raise PuzzleError(f"puzzle.{cut(extra[0])}", "unknown key")
    seat = _whole(raw, "seat", 0, rules.players - 1)
    raw_moves = raw.get("moves")
    if not isinstance(raw_moves, list) or len(raw_moves) < 2:
        raise PuzzleError("puzzle.moves", "must list every distinct legal move (two or more) "
                          "with its expected score")
    moves: list[MoveFigure] = []
    for i, item in enumerate(raw_moves):
        where = f"puzzle.moves[{i}]"
        move = _move(item, where, extra=("expected",))
        expected = item.get("expected")
        if isinstance(expected, bool) or not isinstance(expected, (int, float)):
            raise PuzzleError(f"{where}.expected", "missing or not a number")
        if any(f.move == move for f in moves):
            raise PuzzleError(where, f"{move.text()} is listed twice")
        moves.append(MoveFigure(move, float(expected)))
    raw_best = raw.get("best")
    if not isinstance(raw_best, list) or not raw_best:
        raise PuzzleError("puzzle.best", "must list the best move(s)")
    best = tuple(_move(m, f"puzzle.best[{i}]") for i, m in enumerate(raw_best))
    for i, move in enumerate(best):
        if all(f.move != move for f in moves):
            raise PuzzleError(f"puzzle.best[{i}]", f"{move.text()} is not in puzzle.moves")
    certain = raw.get("certain", False)
    if not isinstance(certain, bool):
        raise PuzzleError("puzzle.certain", "must be true or false")
    names = raw.get("themes", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise PuzzleError("puzzle.themes", "must be a list of theme names")
    for name in names:
        if name not in THEMES:
            raise PuzzleError("puzzle.themes", f"{quoted(name)} is not a theme ({', '.join(THEMES)})")
    margin = _number(raw, "margin")
    rating = _whole(raw, "rating", *RATING_RANGE)
    deals = _whole(raw, "deals", 1, 10 ** 9)
    return Puzzle(seat, Figures(tuple(moves), best, margin, certain, deals), tuple(names),
                  rating)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value)  # a string or a number, as TOML writes it too


def _move_toml(move: Move, expected: float | None = None) -> str:
    parts = [f"{k} = {_value(v)}" for k, v in move.to_dict().items()]
    if expected is not None:
        parts.append(f"expected = {_value(expected)}")
    return "{" + ", ".join(parts) + "}"


def to_toml(p: Puzzle) -> str:
    """The ``[puzzle]`` table as TOML (what :func:`parse` reads back)."""
    f = p.figures
    lines = ["[puzzle]", f"seat = {p.seat}",
             f"best = [{', '.join(_move_toml(m) for m in f.best)}]",
             f"margin = {_value(f.margin)}", f"certain = {'true' if f.certain else 'false'}",
             "themes = [" + ", ".join(f'"{t}"' for t in p.themes) + "]",
             f"rating = {p.rating}", f"deals = {f.deals}", "moves = ["]
    lines += [f"  {_move_toml(m.move, m.expected)}," for m in f.moves]
    lines.append("]")
    return "\n".join(lines) + "\n"


# -- verification ------------------------------------------------------------------

def verify(state: State, p: Puzzle) -> list[str]:
    """Work the puzzle's appraisal out again, exactly, from the position ``state`` (after the
    scenario's moves) and compare: one line per difference (none: the puzzle holds)."""
    if state.mover != p.seat:
        who = "nobody" if state.mover is None else f"player {state.mover}"
        return [f"puzzle.seat: {who} is to move here, not player {p.seat}"]
    v = view(state, p.seat)
    appraisal = exact_appraisal(v)
    if not appraisal.exact:
        return [(f"puzzle: the appraisal of {appraisal.consistent} deals is not exact: a "
                 "puzzle needs a position whose every deal can be solved")]
    now = figures(v, appraisal)
    problems: list[str] = []
    have = {f.move: f.expected for f in now.moves}
    want = {f.move: f.expected for f in p.moves}
    if set(have) != set(want):
        problems.append(f"puzzle.moves: the distinct legal moves are "
                        f"{', '.join(sorted(m.text() for m in have))}, not "
                        f"{', '.join(sorted(m.text() for m in want))}")
        return problems
    for move, expected in want.items():
        if abs(have[move] - expected) > TOLERANCE:
            problems.append(f"puzzle.moves: {move.text()} is expected to score "
                            f"{have[move]!r} on average, not {expected!r}")
    if set(now.best) != set(p.best):
        problems.append(f"puzzle.best: the best is now "
                        f"{', '.join(m.text() for m in now.best)}, not "
                        f"{', '.join(m.text() for m in p.best)}")
    if abs(now.margin - p.margin) > TOLERANCE:
        problems.append(f"puzzle.margin: {now.margin!r}, not {p.margin!r}")
    if now.certain != p.certain:
        problems.append(f"puzzle.certain: {str(now.certain).lower()}, not "
                        f"{str(p.certain).lower()}")
    assert state.rules is not None
    if not qualifies(state.rules.family, now):
        problems.append(f"puzzle.margin: {now.margin!r} is below the "
                        f"{margin_needed(state.rules.family, now.certain)!r} a puzzle needs: "
                        "the answer is no longer clear")
    if now.deals != p.figures.deals:
        problems.append(f"puzzle.deals: the view allows {now.deals}, not {p.figures.deals}")
    found = themes_of(v, now)
    if found != p.themes:
        problems.append(f"puzzle.themes: {list(found)!r}, not {list(p.themes)!r}")
    return problems
