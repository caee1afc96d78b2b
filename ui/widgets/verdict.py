"""The solver's verdict in words: the best move from a position with every hand open, and
what each other move would have led to (Play's review; "Best move here" on Worked examples
and Try it).

What a value means for a seat is the engine's answer (:func:`engine.search.solve.outcome`); this
module only words it.  A verdict is always labelled as seen with every hand open, and as an
estimate when the search ran out of its budget."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import streamlit as st

from engine.game.moves import Move
from engine.game.state import State
from engine.search.appraise import seat_result
from engine.search.solve import MoveValue, Solution, outcome

from ..i18n import move_named, move_text, or_list, seat_name, t
from . import feedback
from .appraisal import amount


def outcome_text(state: State, value: int | tuple[int, ...], seat: int,
                 seats: Sequence[str] | None) -> str:
    """"South wins 12 points", "a draw", "East wins (South finishes 3rd)"."""
    o = outcome(state, value, seat)
    if o.result == "draw":
        return t("verdict.draw") if o.points is None else t("verdict.nobody_scores")
    who = seat_name(o.scorer if o.scorer is not None else seat, seats)
    if o.place is not None:  # Gaple: the winner, and the seat's own place when it lost
        if o.result == "win":
            return t("verdict.wins", name=who)
        return t("verdict.wins_place", name=who, seat=seat_name(seat, seats), place=o.place)
    if o.points is not None:
        return t("verdict.wins_points", name=who, count=o.points)
    return t("verdict.wins", name=who)


@dataclass(frozen=True)
class Verdict:
    """A position's verdict in words."""

    best: str  # "Best: play [0|0] on the right — Black wins."
    played: str | None  # "Your move, [0|2] on the right: White wins." (None: it was best)
    others: tuple[str, ...]  # every other legal move and where it leads
    exact: bool
    was_best: bool


def _line(state: State, mv: MoveValue, seat: int, seats: Sequence[str] | None) -> str:
    return t("verdict.move_leads", move=move_text(mv.move),
             outcome=outcome_text(state, mv.value, seat, seats))


def distinct_values(position: State, solution: Solution) -> dict[Move, MoveValue]:
    """Each move the solver valued, once: where both open ends show the same value, a tile
    on the left and on the right are one move (:meth:`State.distinct_moves`), named as one
    click plays it and given the better of the two values (with three or more players the
    search may value the two differently: ties among the others' choices go another way);
    best first, as the solver lists them."""
    values: dict[Move, MoveValue] = {}
    for mv in solution.moves:  # best first: the first of a pair has the better value
        name = position.canonical(mv.move)
        if name not in values:
            values[name] = replace(mv, move=name)
    return values


def verdict(position: State, solution: Solution, seats: Sequence[str] | None,
            played: Move | None = None) -> Verdict:
    """``solution`` (the solver's answer for ``position``) in words, for the seat to move;
    ``played``: the move that was made there.  Each move is named once (a tile on either
    of two equal ends is one move: :func:`distinct_values`)."""
    seat = position.mover if position.mover is not None else 0
    values = distinct_values(position, solution)
    best_names = dict.fromkeys(position.canonical(m) for m in solution.best)
    best_moves = [values[m] for m in best_names if m in values]
    top = best_moves[0] if best_moves else next(iter(values.values()))
    # Moves as good for the mover may still lead elsewhere for the others (Gaple: who
    # wins when the mover comes second): each outcome is named with its own moves.
    by_outcome: dict[str, list[str]] = {}
    for m in best_moves or [top]:
        by_outcome.setdefault(outcome_text(position, m.value, seat, seats),
                              []).append(move_text(m.move))
    results = {m.move: seat_result(m.value, seat, position.rules.family, position.players)
               for m in best_moves or [top]}
    if len(by_outcome) == 1:
        [(outcome_words, names)] = by_outcome.items()
        best = t("verdict.best", moves=or_list(names), outcome=outcome_words)
    elif len(set(results.values())) > 1:
        # As good for the mover's own points, not on the review's scale (Block: who scores
        # the others' pips): each move with what it leaves the mover on that scale.
        best = "\n".join([t("verdict.best_differ")] + [
            "- " + t("verdict.move_leads_scaled", move=move_text(m.move),
                     outcome=outcome_text(position, m.value, seat, seats),
                     amount=amount(position.rules.family, results[m.move]))
            for m in best_moves or [top]])
    else:
        best = "\n".join([t("verdict.best_each")] + [
            "- " + t("verdict.move_leads", move=or_list(names), outcome=words)
            for words, names in by_outcome.items()])
    mine = values.get(position.canonical(played)) if played is not None else None
    was_best = mine is not None and mine.score >= top.score
    played_text = None
    if mine is not None and not was_best:
        played_text = t("verdict.played", move=move_named(mine.move),
                        outcome=outcome_text(position, mine.value, seat, seats))
    others = tuple(_line(position, mv, seat, seats) for mv in values.values())
    return Verdict(best, played_text, others, solution.exact, was_best)


def labels(exact: bool) -> str:
    """The verdict's provenance: every hand open; an estimate when the budget ran out."""
    return t("verdict.open_hands") + ("" if exact else " " + t("verdict.estimate"))


def show(v: Verdict, *, key: str, all_moves: bool = True) -> None:
    """Draw a verdict: the best move, the move played, every legal move's outcome."""
    kind = "ok" if v.was_best else "hint"
    with st.container(key=feedback.key(key, kind)):
        st.markdown(v.best)
        if v.played:
            st.markdown(v.played)
        elif v.was_best:
            st.markdown(t("verdict.was_best"))
        st.caption(labels(v.exact))
        if all_moves and len(v.others) > 1:
            st.markdown("\n".join(f"- {line}" for line in v.others))
