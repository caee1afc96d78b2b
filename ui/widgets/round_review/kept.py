"""A round's review (:mod:`.work`), kept answer by answer: each answer (a decision's
appraisal, its verdict with every hand open, what the hand was worth) is written to the
learner's store as it comes (:func:`keep`, JSON), and read back (:func:`kept`) when the review
is asked for again: a reload, a restarted server, another replica.  A kept review is then
drawn from its own answers, its figures those the store keeps, never worked out again (an
appraisal within a time budget rests on as many deals as the machine solved in it, so a
second one differs); a review still pending goes on from the decisions already judged.

A review kept before its answers were (schema 7) has only its judged decisions
(:class:`ui.progress.DecisionRecord`): an exact one gives its appraisal back whole
(:func:`judged`, :func:`appraisal_of`: every deal solved, so no error to keep, and the deals
those the view allows); an estimate's error and deals were not kept, so it is worked out
again, as the verdicts with every hand open are (the solver's, the same again).

The JSON holds what the review shows and sums up, to the last bit of each float (an
appraisal's evidence, which only the tutor goes on from, is left out)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from engine.game.moves import Move
from engine.game.view import SeatView
from engine.search.appraise import Appraisal, MoveAppraisal, Worth
from engine.search.deals import DealSpace
from engine.search.solve import MoveValue, Solution

from ... import progress, thinking

WORTH = "worth"


def part(kind: str, number: int) -> str:
    """The name a decision's answer is kept under: ``appraisal:7``, ``verdict:7``."""
    return f"{kind}:{number}"


def _value(value: Any) -> int | tuple[int, ...]:
    return int(value) if isinstance(value, int) else tuple(int(v) for v in value)


def appraisal_json(a: Appraisal) -> dict[str, Any]:
    return {"kind": "appraisal", "seat": a.seat, "family": a.family, "exact": a.exact,
            "deals": a.deals, "consistent": a.consistent, "seconds": a.seconds,
            "estimated": a.estimated, "best": [m.text() for m in a.best],
            "moves": [[m.move.text(), m.expected, m.stderr, m.loss, m.loss_stderr, m.grade,
                       m.margin] for m in a.moves]}


def appraisal_from(d: dict[str, Any]) -> Appraisal:
    return Appraisal(
        int(d["seat"]), str(d["family"]), bool(d["exact"]), int(d["deals"]),
        int(d["consistent"]), float(d["seconds"]),
        tuple(MoveAppraisal(Move.parse(m), float(e), float(se), float(loss), float(lse),
                            str(g), float(margin))
              for m, e, se, loss, lse, g, margin in d["moves"]),
        tuple(Move.parse(m) for m in d["best"]), int(d["estimated"]))


def solution_json(s: Solution) -> dict[str, Any]:
    return {"kind": "verdict", "to_move": s.to_move, "value": s.value,
            "best": [m.text() for m in s.best],
            "moves": [[mv.move.text(), mv.value, mv.score] for mv in s.moves],
            "line": [m.text() for m in s.line], "nodes": s.nodes, "seconds": s.seconds,
            "exact": s.exact}


def solution_from(d: dict[str, Any]) -> Solution:
    return Solution(None if d["to_move"] is None else int(d["to_move"]), _value(d["value"]),
                    tuple(Move.parse(m) for m in d["best"]),
                    tuple(MoveValue(Move.parse(m), _value(v), float(score))
                          for m, v, score in d["moves"]),
                    tuple(Move.parse(m) for m in d["line"]), int(d["nodes"]),
                    float(d["seconds"]), bool(d["exact"]))


def worth_json(w: Worth) -> dict[str, Any]:
    return {"kind": "worth", "expected": w.expected, "stderr": w.stderr, "exact": w.exact,
            "deals": w.deals}


def worth_from(d: dict[str, Any]) -> Worth:
    return Worth(float(d["expected"]), float(d["stderr"]), bool(d["exact"]), int(d["deals"]))


def to_json(answer: object) -> str | None:
    """An answer as the store keeps it (None: not an answer it keeps)."""
    if isinstance(answer, Appraisal):
        return json.dumps(appraisal_json(answer))
    if isinstance(answer, Solution):
        return json.dumps(solution_json(answer))
    if isinstance(answer, Worth):
        return json.dumps(worth_json(answer))
    return None


_READERS: dict[str, Callable[[dict[str, Any]], Appraisal | Solution | Worth]] = {
    "appraisal": appraisal_from, "verdict": solution_from, "worth": worth_from}


def from_json(text: str) -> Appraisal | Solution | Worth | None:
    """A kept answer read back (None when it cannot be read: it is worked out again)."""
    try:
        d = json.loads(text)
        return _READERS[str(d["kind"])](d)
    except (ValueError, KeyError, TypeError, IndexError):  # (a MoveError is a ValueError)
        return None


def answers(items: list[tuple[int, thinking.Answer[Any], thinking.Answer[Any]]],
            worth: thinking.Answer[Any] | None) -> dict[str, thinking.Answer[Any]]:
    """A review's answers by the part each is kept under: ``items`` (number, appraisal,
    verdict) for each decision, and the hand's worth."""
    out: dict[str, thinking.Answer[Any]] = {}
    for number, appraisal, verdict in items:
        out[part("appraisal", number)] = appraisal
        out[part("verdict", number)] = verdict
    if worth is not None:
        out[WORTH] = worth
    return out


def keep(owner: str, round_id: str, where: str | None,
         found: dict[str, thinking.Answer[Any]], done: set[str]) -> None:
    """Write the answers of ``found`` taken and not in ``done`` yet (a failed one never),
    adding each to ``done``; a store that fails leaves them for the next answer's call."""
    for name, answer in found.items():
        if name in done or answer.waiting or answer.value is None:
            continue
        text = to_json(answer.value)
        if text is None:
            continue
        try:
            progress.keep_answer(owner, round_id, name, text, data_dir=where)
        except progress.ProgressError:
            return
        done.add(name)


def kept(owner: str, round_id: str, where: str | None = None) -> dict[str, Any]:
    """The answers kept of ``owner``'s review of ``round_id``, read back, by part ({} when
    there are none or the store cannot be read)."""
    if not owner:
        return {}
    try:
        found = progress.review_answers(owner, round_id, data_dir=where)
    except progress.ProgressError:
        return {}
    out = {}
    for name, text in found.items():
        answer = from_json(text)
        if answer is not None:
            out[name] = answer
    return out


def judged(owner: str, round_id: str, stored: dict[str, Any], where: str | None = None
           ) -> dict[int, progress.DecisionRecord]:
    """The exact decisions kept of ``owner``'s review of ``round_id``, by number, where no
    answer of it is (``stored``, :func:`kept`): a review kept before its answers were ({}
    otherwise, or when the store cannot be read)."""
    if not owner or stored:
        return {}
    try:
        found = progress.decisions(owner, round_id=round_id, data_dir=where)
    except progress.ProgressError:
        return {}
    return {d.number: d for d in found if d.exact}


def appraisal_of(record: progress.DecisionRecord, v: SeatView) -> Appraisal:
    """An exact decision's appraisal as it was worked out, from its record and the view it
    was made from: every move's expected score and grade, best first, and its loss against
    the best (the move played's as kept); no error (every deal solved), over every deal the
    view allows."""
    deals = DealSpace(v).count
    return Appraisal(
        v.seat, record.family, True, deals, deals, 0.0,
        tuple(MoveAppraisal(Move.parse(m), e, 0.0, record.loss if m == record.played
                            else record.best_expected - e, 0.0, g)
              for m, e, g in record.moves),
        tuple(Move.parse(m) for m in record.best))


def kept_or_asked(kept: dict[str, Any], name: str, kind: type, ask: Callable[[], Any]
           ) -> thinking.Answer[Any]:
    """The answer kept under ``name`` (when it is one of ``kind``), else ``ask()``'s job."""
    found = kept.get(name)
    return thinking.Answer(None, found) if isinstance(found, kind) else thinking.Answer(ask())


def hand_back(flying: dict[str, Any], claimer: str) -> None:
    """The server stops: each review of ``flying`` (the reviews being worked out, by
    learner and round) not kept yet is released in its owner's store
    (:func:`ui.progress.release`), for the next process to take at once and finish
    from the answers kept (a store that fails: then ``claimer``'s lease runs out)."""
    for review in list(flying.values()):
        if review.owner and not review.filed:
            with suppress(progress.ProgressError):
                progress.release(review.owner, review.round_id, claimer,
                                 data_dir=review.where or None)
