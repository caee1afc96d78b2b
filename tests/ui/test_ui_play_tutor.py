"""Play's tutor mode (ui/pages/play/tutor.py, without Streamlit): the table stops before a move
the appraisal grades a mistake or worse, with the worker pool held back as the page meets it.

The appraisal is a hand-made one in most tests (each move's loss chosen by the test, so the
grades do not depend on the machine's speed); one test runs the engine's own appraisal on a
position where the move is a blunder by a wide margin.  The computer's moves and hints go
through the held-back pool of tests/ui/test_ui_play_rounds.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pytest
from test_ui_play_rounds import FAMILIES, Workers

from engine.game.moves import Move, canonical
from engine.game.rules import Ruleset, block, duel
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.search.appraise import (
    MIN_VERDICT,
    Appraisal,
    Evidence,
    MoveAppraisal,
    _graded,
    _Tally,
    appraise,
    as_precise,
    grade,
    t_value,
)
from ui import thinking
from ui.pages.play import hints as play_hints
from ui.pages.play import logic as play
from ui.pages.play import tutor as play_tutor
from ui.pages.play import tutor_judge as play_tutor_judge
from ui.pages.play import tutor_view as play_tutor_view
from ui.pages.play.logic import Table
from ui.pages.play.tutor_judge import Look
from ui.widgets import feedback

pytestmark = pytest.mark.usefixtures("no_progress")


@pytest.fixture
def no_progress(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool, int, str]]:
    """The rounds the table records (the learner's progress is not written)."""
    rounds: list[tuple[str, bool, int, str]] = []
    monkeypatch.setattr(play.session, "record_round",
                        lambda family, won, hints, round_id: rounds.append(
                            (family, won, hints, round_id)))
    monkeypatch.setattr(play.session, "record_match", lambda family, won: None)
    monkeypatch.setattr(play, "PAUSE", 0.0)
    monkeypatch.setattr(play, "seat_labels", lambda rules, learner: tuple(
        f"seat {i}" for i in range(rules.players)))
    return rounds


def made_appraisal(v: SeatView, losses: Callable[[Move], float], stderr: float = 0.0,
                   deals: int = 100) -> Appraisal:
    """An appraisal of every legal move of ``v`` with the loss ``losses(move)``: exact, or
    with ``stderr`` an estimate from ``deals`` deals (each loss's standard error that)."""
    assert v.rules is not None
    family = v.rules.family
    forced = len({m if m.tile is None else (m.tile, m.end) for m in v.legal}) == 1
    err = stderr if stderr else 0.0

    def item(m: Move) -> MoveAppraisal:
        loss = losses(m)
        margin = t_value(deals - 1) * err if loss else 0.0
        return MoveAppraisal(m, -loss, err, loss, err if loss else 0.0,
                             grade(family, loss, margin, forced), margin)

    items = sorted((item(m) for m in v.legal), key=lambda i: i.loss)
    best = tuple(i.move for i in items if i.loss == items[0].loss)
    return Appraisal(v.seat, family, not stderr, deals, 100 if not stderr else 10_000, 0.01,
                     tuple(items), best)


@dataclass
class Tutoring:
    """The held-back pool, and the tutor's appraisal made by hand: ``bad`` are the moves
    (by tile) it grades a mistake (``loss`` in the family's unit, a blunder's by default)."""

    workers: Workers
    bad: set[str]
    loss: float = 100.0
    asked: int = 0
    stderr: float = 0.0  # an estimate's (from 30 deals), or 0: exact

    def appraise(self, v: SeatView, seed: int, after: object = None) -> Future[Appraisal]:
        self.asked += 1
        return self.workers.submit(made_appraisal, v, lambda m: self.loss if m.tile is not None
                                   and str(m.tile) in self.bad else 0.0, self.stderr, 30)


@pytest.fixture
def tutoring(monkeypatch: pytest.MonkeyPatch) -> Tutoring:
    held = Workers()
    monkeypatch.setattr(thinking, "submit", held.submit)
    monkeypatch.setattr(thinking, "BOT_BUDGET", 0.005)
    monkeypatch.setattr(thinking, "HINT_BUDGET", 0.005)
    tutor = Tutoring(held, set())
    monkeypatch.setattr(thinking, "tutor", tutor.appraise)
    return tutor


def learners_turn(rules: Ruleset, seed: int, workers: Workers, choice: bool = True) -> Table:
    """A table at the learner's first turn (with more than one distinct move, if ``choice``)."""
    for s in range(seed, seed + 200):
        tb = play.new_table(rules, "heaviest", s)
        while not tb.learner_to_move and not tb.state.over:
            workers.release()
            play.advance(tb)
        if tb.learner_to_move and (len(tb.state.distinct_moves()) > 1) == choice:
            return tb
    raise AssertionError("no such table")


def two_moves(tb: Table) -> tuple[Move, Move]:
    first, second = tb.state.distinct_moves()[:2]
    return first, second


def snapshot(tb: Table) -> tuple[Any, ...]:
    return (tuple(r.move for r in tb.state.history), tb.state.mover, frozenset(tb.hints),
            len(tb.match.rounds))


def test_a_move_is_held_until_the_appraisal_comes_then_played(tutoring: Tutoring) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    assert tutoring.asked == 1  # asked as the turn began (the tutor was switched on here)
    good, _ = two_moves(tb)
    before = snapshot(tb)
    assert not play_tutor.learner_move(tb, good)  # not played yet: the appraisal is out
    assert play_tutor.looking(tb) and play_tutor.holds(tb) and snapshot(tb) == before
    play_tutor.advance(tb)  # nothing back yet: still held, never dropped
    assert play_tutor.looking(tb) and snapshot(tb) == before
    tutoring.workers.release()
    play_tutor.advance(tb)
    assert tb.state.history[len(before[0])].move == good  # played as soon as it was judged
    assert not play_tutor.holds(tb)


def test_a_mistake_is_stopped_and_think_again_changes_nothing(tutoring: Tutoring) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    good, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    tb.tutor.asked = None  # type: ignore[union-attr]  (asked again with the bad tile known)
    play_tutor.ask(tb)
    tutoring.workers.release()
    before = snapshot(tb)
    assert not play_tutor.learner_move(tb, bad)
    stop = play_tutor.current_stop(tb)
    assert stop is not None and stop.move == bad and stop.item.grade == "blunder"
    assert snapshot(tb) == before and play_tutor.holds(tb) and tb.learner_to_move
    play_tutor.advance(tb)  # the clock does not play a stopped move
    assert snapshot(tb) == before and play_tutor.current_stop(tb) is stop
    play_tutor.think_again(tb)
    assert snapshot(tb) == before and not play_tutor.holds(tb)
    assert play_tutor.learner_move(tb, good)  # a good move goes at once
    assert tb.state.history[len(before[0])].move == good


def bad_move_looked_at(tutoring: Tutoring, loss: float, stderr: float) -> tuple[Table, Move]:
    """A table at the learner's turn, the tutor on and its look in: one move (``bad``) with
    a loss of ``loss`` points, its standard error ``stderr`` (from 30 deals)."""
    tb = learners_turn(block(2), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    _, bad = two_moves(tb)
    tutoring.bad, tutoring.loss, tutoring.stderr = {str(bad.tile)}, loss, stderr
    tb.tutor.asked = None  # type: ignore[union-attr]  (asked again with the bad tile known)
    play_tutor.ask(tb)
    tutoring.workers.release()
    play_tutor.collect(tb)
    return tb, bad


def looks_waited_for(tutoring: Tutoring, tb: Table, before: tuple[Any, ...]) -> int:
    """How many looks more the held move waits for, each let in as asked; meanwhile nothing
    is played and nothing stopped."""
    waits = 0
    while play_tutor.looking(tb):
        assert snapshot(tb) == before and play_tutor.current_stop(tb) is None  # held
        waits += 1
        tutoring.workers.release()
        play_tutor.advance(tb)
    return waits


@pytest.mark.parametrize(("loss", "first", "then", "stopped"),
                         [(3.6, 0.15, None, True), (3.6, 0.25, 0.25, False),
                          (3.6, 0.25, 0.1, True), (3.6, 0.6, 0.1, True),
                          (3.6, 0.6, 0.6, False), (2.9, 0.6, None, False)])
def test_a_stop_asks_for_the_loss_at_99_percent_and_a_doubtful_move_waits_for_more_looks(
        tutoring: Tutoring, loss: float, first: float, then: float | None,
        stopped: bool) -> None:
    """A loss of ``loss`` points from 30 deals, with a standard error of ``first``.  3.6 with
    0.15 is a mistake at 99% (3.6 - 2.756 x 0.15 = 3.19 clears the mistake band, 3): stopped
    at once.  With 0.25 it is a mistake at 95% (3.6 - 2.045 x 0.25 = 3.09) but not at 99%
    (2.91); with 0.6 not even at 95% (2.37: an inaccuracy), but the estimate itself is a
    mistake: doubtful either way, so the move is held for another look, and judged on it
    (``then``): 0.1, stopped after that one look; still unsure, held for another, up to
    ``DOUBT_LOOKS`` looks, and then played without a word (not sure enough to interrupt, and
    never held longer).  A loss of 2.9, an inaccuracy as estimated, is played at once however
    wide its margin."""
    tb, bad = bad_move_looked_at(tutoring, loss, first)
    found, _ = play_tutor.appraisal(tb)
    assert found is not None
    assert found.of(bad).grade == grade("block", loss, t_value(29) * first)  # graded at 95%
    assert Look.of(found, found.of(bad)).doubtful is (then is not None)
    before, asked = snapshot(tb), tutoring.asked
    waits = 0
    if then is not None:
        tutoring.stderr = then  # what the next looks find
        assert not play_tutor.learner_move(tb, bad)
        while play_tutor.looking(tb):
            assert snapshot(tb) == before  # held, not stopped yet
            waits += 1
            assert tutoring.asked == asked + waits  # another look, going on from the last
            tutoring.workers.release()
            play_tutor.advance(tb)
    else:
        assert play_tutor.learner_move(tb, bad) is not stopped  # judged at once
    # a look when the next settles it; the most a move waits for when none does
    assert waits == (0 if then is None else 1 if stopped else play_tutor_judge.DOUBT_LOOKS)
    assert (play_tutor.current_stop(tb) is not None) is stopped
    assert (snapshot(tb) == before) is stopped
    if not stopped:
        assert tb.state.history[len(before[0])].move == bad


@pytest.mark.parametrize(("then", "waited", "said"),
                         [(0.1, 1, "blunder"), (0.25, play_tutor_judge.DOUBT_LOOKS, "mistake")])
def test_a_stop_waits_for_the_looks_that_settle_the_fault_it_names(
        tutoring: Tutoring, then: float, waited: int, said: str) -> None:
    """A loss of 4.8 points from 30 deals with a standard error of 0.25 is a mistake even at
    99% (4.8 - 2.756 x 0.25 = 4.11 clears the mistake band, 3), so the move is stopped; but
    the estimate is a blunder (the band starts at 4.5) and the grade at 95% a mistake (4.29):
    the stop waits for another look to name the fault.  With 0.1 the grade is a blunder
    (4.60): stopped as one after that look; still unsettled, stopped as a mistake after
    ``DOUBT_LOOKS`` looks, never held longer."""
    tb, bad = bad_move_looked_at(tutoring, 4.8, 0.25)
    found, _ = play_tutor.appraisal(tb)
    assert found is not None and play_tutor_judge.stops(found, found.of(bad))
    assert found.of(bad).grade == "mistake" and Look.of(found, found.of(bad)).doubtful
    before, asked = snapshot(tb), tutoring.asked
    tutoring.stderr = then  # what the next looks find
    assert not play_tutor.learner_move(tb, bad)
    waits = looks_waited_for(tutoring, tb, before)
    assert tutoring.asked == asked + waits  # each a look more, going on from the last
    stop = play_tutor.current_stop(tb)
    assert waits == waited and stop is not None and stop.item.grade == said
    assert snapshot(tb) == before


@pytest.mark.parametrize(("then", "waited"), [(0.6, play_tutor_judge.DOUBT_LOOKS), (0.01, 1)])
def test_a_suspected_move_is_not_let_through_on_one_looks_swing(
        tutoring: Tutoring, then: float, waited: int) -> None:
    """A loss of 3.6 points with a standard error of 0.6 is doubtful: held.  The next look
    finds 2.9, an inaccuracy as estimated; with 0.6 its interval at 99% still reaches the
    mistake band (4.55), so the move goes on waiting, up to ``DOUBT_LOOKS`` looks, then is
    played, said to be unsettled (:func:`test_a_held_move_its_looks_cannot_settle_is_played_not_sure`);
    with 0.01 that look decides it (2.93): played after it, without a word."""
    tb, bad = bad_move_looked_at(tutoring, 3.6, 0.6)
    before = snapshot(tb)
    tutoring.loss, tutoring.stderr = 2.9, then  # what the next looks find
    assert not play_tutor.learner_move(tb, bad)
    waits = looks_waited_for(tutoring, tb, before)
    assert waits == waited and play_tutor.current_stop(tb) is None
    assert tb.state.history[len(before[0])].move == bad
    assert (tb.feedback is not None) is (waited == play_tutor_judge.DOUBT_LOOKS)


def test_a_held_move_its_looks_cannot_settle_is_played_not_sure(tutoring: Tutoring) -> None:
    """A doubtful move (3.6 points lost, standard error 0.6, from 30 deals) waits for its
    looks; they find 2.9 with 0.6: not a stop, but its 95% interval reaches 4.13, the mistake
    band (3).  Once its looks are spent the move is played, and the tutor says so: "not sure:
    it may cost up to 4.1 points", under the table and in the live region, once.  A move
    judged at once, never held, with the same figures, is played without a word."""
    tb, bad = bad_move_looked_at(tutoring, 3.6, 0.6)
    before = snapshot(tb)
    tutoring.loss, tutoring.stderr = 2.9, 0.6
    assert not play_tutor.learner_move(tb, bad)
    assert looks_waited_for(tutoring, tb, before) == play_tutor_judge.DOUBT_LOOKS
    assert tb.state.history[len(before[0])].move == bad and play_tutor.current_stop(tb) is None
    said = feedback.now(tb.feedback)
    assert said is not None and said.kind == "hint"
    named = play_hints.move_named(bad)
    assert said.text.startswith(f"Not sure: {named} may cost you up to 4.1 points a round "
                                "against the best move. The deals worked out while your move "
                                "waited could not settle it, so it was played.")
    assert any(x.startswith("tutor unsure of") for x in tb.log)
    words, shown_id, _, _ = play_tutor_view.live_words(tb, "", "said", None)
    assert words == said.text and shown_id.endswith(f".unsure.{len(before[0]) + 1}")
    # the same figures on the first look: not doubtful, never held, played without a word
    tb, bad = bad_move_looked_at(tutoring, 2.9, 0.6)
    assert play_tutor.learner_move(tb, bad) and tb.feedback is None
    assert play_tutor.unsure_note(tb) is None


def test_a_doubtful_move_waits_while_it_stays_doubtful_and_no_more_than_doubt_looks() -> None:
    """The rule the tutor and the agreement bench share (``play_tutor_judge.waits``): a
    doubtful move (a mistake as estimated, short of one at 99%, or a blunder as estimated
    graded a mistake) waits for another look until it has waited for ``DOUBT_LOOKS``; so does
    a fault as estimated whose grade could be two classes from the truth; a move sure at 99%
    with its grade the estimate's band, or one no worse than an inaccuracy as estimated with
    its interval within a class of its grade, never waits."""
    state = State.deal(block(2), random.Random(3))
    v = view(state, state.to_move)
    moves = v.legal
    assert len({m.tile for m in moves}) > 1
    doubtful = made_appraisal(v, lambda m: 3.6 if m == moves[1] else 0.0, 0.25, 30)
    sure = made_appraisal(v, lambda m: 3.6 if m == moves[1] else 0.0, 0.1, 30)
    slight = made_appraisal(v, lambda m: 2.9 if m == moves[1] else 0.0, 0.6, 30)
    assert [play_tutor_judge.waits(v, doubtful, doubtful.of(moves[1]), k)
            for k in range(play_tutor_judge.DOUBT_LOOKS + 2)] == \
        [True] * play_tutor_judge.DOUBT_LOOKS + [False, False]
    assert not play_tutor_judge.waits(v, sure, sure.of(moves[1]), 0)
    assert play_tutor_judge.stops(sure, sure.of(moves[1]))
    assert not play_tutor_judge.waits(v, slight, slight.of(moves[1]), 0)
    assert not play_tutor_judge.waits(v, doubtful, doubtful.of(moves[0]), 0)  # the best move
    # stopped, but named a mistake where the estimate is a blunder: waits to settle it
    severe = made_appraisal(v, lambda m: 4.8 if m == moves[1] else 0.0, 0.25, 30)
    settled = made_appraisal(v, lambda m: 4.8 if m == moves[1] else 0.0, 0.1, 30)
    assert play_tutor_judge.stops(severe, severe.of(moves[1]))
    assert severe.of(moves[1]).grade == "mistake"
    most = play_tutor_judge.DOUBT_LOOKS
    assert [play_tutor_judge.waits(v, severe, severe.of(moves[1]), k)
            for k in range(most + 1)] == [True] * most + [False]
    assert settled.of(moves[1]).grade == "blunder"
    assert not play_tutor_judge.waits(v, settled, settled.of(moves[1]), 0)
    # an inaccuracy as estimated waits only if it waited already, while its loss plus its
    # 99% margin (2.9 + 2.756 x 0.6 = 4.55) still reaches the mistake band
    assert Look.of(slight, slight.of(moves[1])).undecided
    assert play_tutor_judge.waits(v, slight, slight.of(moves[1]), 1)
    narrow = made_appraisal(v, lambda m: 2.9 if m == moves[1] else 0.0, 0.01, 30)
    assert not Look.of(narrow, narrow.of(moves[1])).undecided
    assert not play_tutor_judge.waits(v, narrow, narrow.of(moves[1]), 1)
    assert not Look.of(sure, sure.of(moves[1])).undecided  # stopped: decided
    # a fault as estimated whose grade could be two classes from the truth: 2.9 with a
    # standard error of 1.0 is graded good (2.9 - 2.045 x 1.0 = 0.86), its interval reaching
    # the blunder band (4.94): it waits, as it would not with the grade an inaccuracy
    wide = made_appraisal(v, lambda m: 2.9 if m == moves[1] else 0.0, 1.0, 30)
    assert wide.of(moves[1]).grade == "good"
    assert not Look.of(wide, wide.of(moves[1])).doubtful
    assert Look.of(wide, wide.of(moves[1])).wide
    assert play_tutor_judge.waits(v, wide, wide.of(moves[1]), 0)
    assert not Look.of(slight, slight.of(moves[1])).wide  # 1.67 to 4.13
    calm = made_appraisal(v, lambda m: 1.2 if m == moves[1] else 0.0, 1.5, 30)
    assert not play_tutor_judge.waits(v, calm, calm.of(moves[1]), 0)  # no fault as estimated
    # as sure as the review would be: no wait, the review would say the same
    precise = made_appraisal(v, lambda m: 4.52 if m == moves[1] else 0.0, 0.05, 30)
    assert as_precise(v, precise) and Look.of(precise, precise.of(moves[1])).doubtful
    assert not play_tutor_judge.waits(v, precise, precise.of(moves[1]), 0)


def test_play_it_anyway_plays_the_move_and_the_round_records_it_as_the_learners(
        tutoring: Tutoring, no_progress: list[tuple[str, bool, int, str]]) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)
    _, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    ply = len(tb.state.history)
    assert not play_tutor.learner_move(tb, bad)
    play_tutor.play_anyway(tb)
    assert tb.state.history[ply].move == bad and tb.state.history[ply].player == tb.learner
    assert tb.tutor is not None and tb.tutor.overruled == [ply]
    assert not tb.hints  # a stop is not a hint
    rng = random.Random(1)
    while not tb.state.over:  # the rest of the round, the tutor on (a stop played anyway)
        tutoring.workers.release()
        play_tutor.advance(tb)
        if play_tutor.current_stop(tb) is not None:
            play_tutor.play_anyway(tb)
        elif tb.learner_to_move and not play_tutor.looking(tb):
            play_tutor.learner_move(tb, rng.choice(tb.state.legal_moves()))
    assert len(no_progress) == 1 and tb.finished
    (item,) = [i for i in tb.review if i.number == ply + 1]
    assert item.played == bad  # reviewed as the learner's own choice


def test_the_stops_hint_shows_the_best_move_and_counts_as_a_hint(tutoring: Tutoring) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)
    _, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    play_tutor.learner_move(tb, bad)
    assert play_tutor.best_move(tb) is None  # kept hidden until asked
    play_tutor.show_hint(tb)
    best = play_tutor.best_move(tb)
    assert best is not None and best != bad and tb.state.why_illegal(best) is None
    assert tb.hints == {len(tb.state.history)}
    play_tutor.show_hint(tb)
    assert tb.hints == {len(tb.state.history)}  # once


def test_a_forced_move_is_never_stopped_nor_appraised(tutoring: Tutoring) -> None:
    tb = learners_turn(block(3), 9, tutoring.workers, choice=False)
    (move,) = tb.state.distinct_moves()
    tutoring.bad = {str(m.tile) for m in tb.state.legal_moves() if m.tile is not None}
    play_tutor.switch(tb, True)
    ply = len(tb.state.history)
    assert play_tutor.learner_move(tb, move) or tb.state.over
    assert tb.state.history[ply].move == tb.state.canonical(move) or \
        tb.state.history[ply].move == move
    assert tutoring.asked == 0


def test_the_tutor_off_never_stops(tutoring: Tutoring) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)
    _, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    ply = len(tb.state.history)
    assert tb.tutor is None
    assert play_tutor.learner_move(tb, bad)
    assert tb.state.history[ply].move == bad and tutoring.asked == 0


def test_a_refused_move_is_refused_as_without_the_tutor(tutoring: Tutoring) -> None:
    for seed in range(1, 50):
        tb = learners_turn(block(2), seed, tutoring.workers)
        wrong = [Move.play(t) for t in tb.state.hand(tb.learner)
                 if tb.state.why_illegal(tb.state.resolve(Move.play(t))) is not None]
        if wrong and not tb.state.line.empty:
            break
    play_tutor.switch(tb, True)
    before = snapshot(tb)
    assert not play_tutor.learner_move(tb, wrong[0])
    assert snapshot(tb) == before and not play_tutor.holds(tb) and tb.feedback is not None


def test_a_failed_appraisal_plays_the_held_move(tutoring: Tutoring,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)

    def broken(v: SeatView, seed: int, after: object = None) -> Future[Appraisal]:
        return tutoring.workers.submit(lambda: (_ for _ in ()).throw(RuntimeError("died")))

    monkeypatch.setattr(thinking, "tutor", broken)
    play_tutor.switch(tb, True)
    move, _ = two_moves(tb)
    ply = len(tb.state.history)
    assert not play_tutor.learner_move(tb, move)
    tutoring.workers.release()
    play_tutor.advance(tb)
    assert tb.state.history[ply].move == move  # never a stalled table


def test_turning_the_tutor_off_plays_a_held_move_and_a_later_click_replaces_it(
        tutoring: Tutoring) -> None:
    tb = learners_turn(block(2), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    first, second = two_moves(tb)
    ply = len(tb.state.history)
    play_tutor.learner_move(tb, first)
    play_tutor.learner_move(tb, second)  # the learner changed their mind meanwhile
    assert tb.tutor is not None and tb.tutor.held is not None and tb.tutor.held[1] == second
    play_tutor.switch(tb, False)
    assert tb.tutor is None and tb.state.history[ply].move == second


def test_a_stop_is_left_behind_by_a_new_round(tutoring: Tutoring) -> None:
    """A stop (or a held move) belongs to its position: once the round is over and the next
    dealt, nothing of it shows."""
    tb = learners_turn(duel(False), 5, tutoring.workers)
    _, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    play_tutor.learner_move(tb, bad)
    assert play_tutor.current_stop(tb) is not None
    while not tb.state.over:  # the round ended elsewhere (moves pushed on the state itself)
        tb.state.push(tb.state.legal_moves()[0])
    play.next_round(tb)
    assert play_tutor.current_stop(tb) is None and not play_tutor.holds(tb)


def tutor_actions(tb: Table, rng: random.Random, tutoring: Tutoring) -> Iterator[str]:
    """Random things a learner and the pool do to a table with the tutor on."""
    while True:
        action = rng.random()
        if action < 0.3:
            tutoring.workers.release(rng)
            yield "release"
        elif action < 0.5:
            play_tutor.advance(tb)
            yield "advance"
        elif action < 0.75 and tb.learner_to_move:
            play_tutor.learner_move(tb, rng.choice(tb.state.legal_moves()))
            yield "move"
        elif action < 0.85 and play_tutor.current_stop(tb) is not None:
            rng.choice([play_tutor.play_anyway, play_tutor.think_again,
                        play_tutor.show_hint])(tb)
            yield "answer"
        elif tb.state.over:
            play.next_round(tb)
            yield "next"
        else:
            yield "wait"


@pytest.mark.parametrize("family", ["block-2", "block-4", "gaple-4x6", "duel", "duel-draw"])
def test_with_the_tutor_every_round_ends_and_is_recorded_once(
        family: str, tutoring: Tutoring, no_progress: list[tuple[str, bool, int, str]]) -> None:
    rules = FAMILIES[family]
    tb = play.new_table(rules, "random", 7)
    play_tutor.switch(tb, True)
    rng = random.Random(family)
    tutoring.bad = {"0-0", "1-2", "3-4", "5-6", "2-5", "1-6", "0-4", "3-3"}
    played: list[State] = []
    steps = 0
    for _ in tutor_actions(tb, rng, tutoring):
        steps += 1
        if tb.state.over and (not played or played[-1] is not tb.state):
            played.append(tb.state)
            assert tb.finished  # over on the table means recorded
        assert len(no_progress) == len(tb.match.rounds) == len(played)
        if len(played) >= 3 or tb.match.over or steps > 4000:
            break
    assert len(played) >= 2, f"{len(played)} rounds in {steps} steps"


def test_the_engines_appraisal_stops_a_blunder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real appraisal (in-process): Block for two, seed 44, the learner opens; [1|6]
    loses about 17 points a round against [5|5] over the deals its view allows (a blunder
    by a wide margin whatever the number of deals the budget allows), [5|5] is the best."""
    monkeypatch.setenv("DOMINO_THINK", "inline")
    monkeypatch.setattr(thinking, "TUTOR_BUDGET", 1.0)
    tb = play.new_table(block(2), "heaviest", 44)
    play.advance(tb)
    assert tb.learner_to_move and not tb.state.history
    play_tutor.switch(tb, True)
    blunder = tb.state.resolve(Move.parse("play 1-6"))
    assert not play_tutor.learner_move(tb, blunder)
    stop = play_tutor.current_stop(tb)
    assert stop is not None and stop.item.grade == "blunder" and stop.item.loss > 8
    play_tutor.show_hint(tb)
    assert play_tutor.best_move(tb) == tb.state.resolve(Move.parse("play 5-5"))
    play_tutor.think_again(tb)
    assert play_tutor.learner_move(tb, tb.state.resolve(Move.parse("play 5-5")))


def thin_appraisal(v: SeatView, deals: int, bad: set[str], stderr: float) -> Appraisal:
    """An estimate from ``deals`` of the view's deals: a blunder's loss for the moves in
    ``bad`` (by tile) with the standard error ``stderr``; too few deals to be sure of it
    below MIN_VERDICT."""
    assert v.rules is not None
    family = v.rules.family
    sure = deals >= MIN_VERDICT
    margin = 2 * stderr

    def loss(m: Move) -> float:
        return 100.0 if m.tile is not None and str(m.tile) in bad else 0.0

    items = sorted((MoveAppraisal(m, -loss(m), stderr, loss(m), stderr,
                                  grade(family, loss(m), margin, False, sure), margin)
                    for m in v.legal), key=lambda i: i.loss)
    best = tuple(i.move for i in items if i.loss == 0.0)
    return Appraisal(v.seat, family, False, deals, 10**9, 1.0, tuple(items), best)


@pytest.fixture
def further(tutoring: Tutoring, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """A server's tutor (not inline): its first look rests on 5 deals, too few to stop a
    move; each further one, on 60, sure and precise.  What each further look went on from."""
    monkeypatch.setenv("DOMINO_THINK", "")
    went_on: list[object] = []

    def look(v: SeatView, seed: int, after: object = None) -> Future[Appraisal]:
        tutoring.asked += 1
        if tutoring.asked == 1:
            return tutoring.workers.submit(thin_appraisal, v, 5, tutoring.bad, 30.0)
        went_on.append(after)
        return tutoring.workers.submit(thin_appraisal, v, 60, tutoring.bad, 0.01)

    monkeypatch.setattr(thinking, "tutor", look)
    return went_on


def looking_further(tutoring: Tutoring) -> tuple[Table, Move]:
    """The learner's turn with the tutor on, a move ``tutoring`` grades a blunder, and the
    first look back (too thin: the tutor looks further)."""
    tb = learners_turn(block(2), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    _, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    tutoring.workers.release()
    play_tutor.advance(tb)
    return tb, bad


def test_while_the_learner_thinks_the_tutor_looks_further_and_then_stops_a_blunder(
        tutoring: Tutoring, further: list[object]) -> None:
    tb, bad = looking_further(tutoring)  # the first back, too thin: it looks again
    assert len(further) == 1 and play_tutor.thinking_on(tb) and not thinking.inline()
    tutoring.workers.release()
    play_tutor.advance(tb)  # sure now, and precise: no more
    assert len(further) == 1 and not play_tutor.thinking_on(tb)
    before = snapshot(tb)
    assert not play_tutor.learner_move(tb, bad)
    stop = play_tutor.current_stop(tb)
    assert stop is not None and stop.appraisal.deals == 60 and snapshot(tb) == before
    assert stop.item.grade == "blunder"


def test_a_move_made_while_the_tutor_looks_waits_for_that_look(
        tutoring: Tutoring, further: list[object]) -> None:
    tb, bad = looking_further(tutoring)
    assert play_tutor.thinking_on(tb)
    before = snapshot(tb)
    assert not play_tutor.learner_move(tb, bad)  # held: the look in hand is too thin
    assert play_tutor.looking(tb) and snapshot(tb) == before
    tutoring.workers.release()  # the look comes back, sure of the blunder: stopped
    play_tutor.advance(tb)
    stop = play_tutor.current_stop(tb)
    assert stop is not None and stop.item.grade == "blunder" and snapshot(tb) == before
    play_tutor.play_anyway(tb)
    assert tb.state.history[len(before[0])].move == bad


def test_a_look_at_a_position_left_behind_is_called_off(
        tutoring: Tutoring, further: list[object]) -> None:
    tb, _ = looking_further(tutoring)
    looked = tb.tutor.asked  # type: ignore[union-attr]
    tutoring.workers.jobs.pop(0)  # the further look, not yet begun (the pool's first job)
    tb.state.push(tb.state.legal_moves()[0])  # the position left behind (played elsewhere)
    play_tutor.advance(tb)
    assert looked is not None and looked[1].future is not None and looked[1].future.cancelled()
    assert play_tutor.current_stop(tb) is None


def test_the_tutor_looks_no_more_than_its_looks(tutoring: Tutoring,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_THINK", "")
    went_on: list[object] = []
    monkeypatch.setattr(thinking, "tutor", lambda v, seed, after=None: (
        went_on.append(after), tutoring.workers.submit(thin_appraisal, v, 10, set(), 30.0))[1])
    tb = learners_turn(block(2), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    for _ in range(2 * play_tutor.LOOKS):
        tutoring.workers.release()
        play_tutor.advance(tb)
    assert len(went_on) == play_tutor.LOOKS and went_on[0] is None
    assert not play_tutor.thinking_on(tb)


def test_the_tutor_looks_no_further_while_a_stop_is_shown(
        tutoring: Tutoring, further: list[object], monkeypatch: pytest.MonkeyPatch) -> None:
    # The first look, on 40 deals, is sure of the blunder but not precise.
    monkeypatch.setattr(thinking, "tutor", lambda v, seed, after=None: (
        further.append(after), tutoring.workers.submit(
            thin_appraisal, v, 40, tutoring.bad, 5.0))[1])
    tb = learners_turn(block(2), 3, tutoring.workers)
    _, bad = two_moves(tb)
    tutoring.bad = {str(bad.tile)}
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    assert not play_tutor.learner_move(tb, bad)  # stopped at once, on the first answer
    assert play_tutor.current_stop(tb) is not None
    play_tutor.advance(tb)
    assert len(further) == 1 and not play_tutor.thinking_on(tb)
    play_tutor.think_again(tb)
    play_tutor.advance(tb)  # thinking again: the tutor looks further meanwhile
    assert len(further) == 2 and play_tutor.thinking_on(tb)


def test_the_looks_deals_add_up_while_the_learner_thinks(
        tutoring: Tutoring, monkeypatch: pytest.MonkeyPatch) -> None:
    # The engine's appraisal (drawn deals, four-player Block's first turn): the first look
    # and the further one each draw their own deals, and the tutor judges on them all.
    monkeypatch.setenv("DOMINO_THINK", "")
    looks: list[Appraisal] = []

    def look(v: SeatView, seed: int, after: Evidence | None = None) -> Future[Appraisal]:
        def job() -> Appraisal:
            looks.append(appraise(v, random.Random(seed), seconds=0.2, limit=0, after=after))
            return looks[-1]
        return tutoring.workers.submit(job)

    monkeypatch.setattr(thinking, "tutor", look)
    tb = learners_turn(block(4), 3, tutoring.workers)
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    play_tutor.advance(tb)  # the first look is back: too thin, another is asked for
    assert len(looks) == 1 and play_tutor.thinking_on(tb)
    tutoring.workers.release()
    play_tutor.advance(tb)
    known, _ = play_tutor.appraisal(tb)
    assert len(looks) == 2 and known is not None
    assert known.deals == looks[0].deals + looks[1].deals
    assert known.evidence is not None and len(known.evidence.draws) == 2


@pytest.fixture
def paced(tutoring: Tutoring, monkeypatch: pytest.MonkeyPatch) -> list[
        tuple[SeatView, float | None]]:
    """The site's pause between the computer's moves, worker processes as on the site, and
    every look the tutor asks for (the view and its seconds), each finding no fault."""
    monkeypatch.setenv("DOMINO_THINK", "")
    monkeypatch.setattr(play, "PAUSE", 0.9)
    asked: list[tuple[SeatView, float | None]] = []

    def look(v: SeatView, seed: int, after: object = None,
             seconds: float | None = None) -> Future[Appraisal]:
        asked.append((v, seconds))
        return tutoring.workers.submit(made_appraisal, v, lambda m: 0.0)

    monkeypatch.setattr(thinking, "tutor", look)
    return asked


def test_the_first_look_begins_while_the_computers_last_move_waits_to_be_shown(
        tutoring: Tutoring, paced: list[tuple[SeatView, float | None]]) -> None:
    # Three players: the learner moves, the computer's first move is shown at once and its
    # second, which hands the turn back, is worked out while the first is on show.  The
    # tutor's look at the learner's next position begins then, and runs until a look's time
    # after that move is shown; when the turn comes, it is the look in hand.
    asked = paced
    for seed in range(1, 60):  # a table whose next turn, too, has a choice
        tb = learners_turn(block(3), seed, tutoring.workers)
        play_tutor.switch(tb, True)
        tutoring.workers.release()
        play_tutor.advance(tb, now=100.0)
        assert play_tutor.learner_move(tb, tb.state.distinct_moves()[0])  # judged: played
        tutoring.workers.release()  # the computer's first move: shown at once
        play_tutor.advance(tb, now=101.0)
        if tb.state.over or tb.state.mover == tb.learner:
            continue
        assert tb.shown_at == 101.0 and len(asked) == 1
        tutoring.workers.release()  # its second move: worked out, not yet shown
        play_tutor.advance(tb, now=101.3)
        if tb.learner_to_move or tb.state.over:
            continue
        coming = play.upcoming(tb)
        if coming.over or len(coming.distinct_moves()) < 2:
            assert len(asked) == 1  # no choice to come: no look
            continue
        break
    else:
        raise AssertionError("no such table")
    assert len(asked) == 2 and not tb.learner_to_move
    v, seconds = asked[1]
    assert v.to_move == tb.learner and v.line.tiles() == coming.line.tiles()
    assert seconds == pytest.approx(thinking.TUTOR_BUDGET + 0.6)  # 0.6 s left of the pause
    play_tutor.advance(tb, now=101.5)  # still on show: nothing more
    assert len(asked) == 2 and not tb.learner_to_move
    play_tutor.advance(tb, now=102.0)  # shown: the learner's turn, the look already asked
    assert tb.learner_to_move and len(asked) == 2
    assert play_tutor.appraisal(tb)[1]  # being worked out: a move now waits for it
    tutoring.workers.release()
    play_tutor.advance(tb, now=102.1)
    found, waiting = play_tutor.appraisal(tb)
    assert found is not None and not waiting and len(asked) == 2


def test_the_computers_moves_are_worked_out_ahead_and_the_look_begins_when_they_are_known(
        tutoring: Tutoring, paced: list[tuple[SeatView, float | None]]) -> None:
    # Four players: after the learner's move each computer seat's move is asked for as soon
    # as the one before it is known, while they are shown one a pause apart.  Once the last
    # is known the tutor looks at the learner's next position, for a look's time after the
    # two moves still to show have been shown; the moves shown are the ones worked out.
    asked = paced
    for seed in range(1, 80):
        tb = learners_turn(block(4), seed, tutoring.workers)
        play_tutor.switch(tb, True)
        tutoring.workers.release()
        play_tutor.advance(tb, now=100.0)
        asked.clear()
        ply = len(tb.state.history)
        assert play_tutor.learner_move(tb, tb.state.distinct_moves()[0])
        for _ in range(3):  # each answer in turn, the table's clock run at each
            assert len(tutoring.workers.jobs) == 1  # one move asked for at a time
            tutoring.workers.release()
            play_tutor.advance(tb, now=101.0)
        if tb.state.over or len(tb.state.history) != ply + 2:
            continue  # the round ended, or a move was not the computer's to make
        coming = play.upcoming(tb)
        if coming.over or coming.mover != tb.learner or len(coming.distinct_moves()) < 2:
            continue
        break
    else:
        raise AssertionError("no such table")
    # The first computer move shown at once, the other two worked out, not yet shown.
    assert len(tb.ahead) == 2 and tb.computer is None and tb.shown_at == 101.0
    assert [r.move for r in coming.history[ply + 1:]] == [tb.state.history[-1].move, *tb.ahead]
    assert len(asked) == 1 and not tb.learner_to_move
    v, seconds = asked[0]
    assert v.to_move == tb.learner and v.line.tiles() == coming.line.tiles()
    assert seconds == pytest.approx(thinking.TUTOR_BUDGET + 1.8)  # two pauses till shown
    play_tutor.advance(tb, now=101.95)  # the second shown ...
    assert len(tb.state.history) == ply + 3 and len(tb.ahead) == 1
    play_tutor.advance(tb, now=102.9)  # ... and the third: the learner's turn
    assert tb.learner_to_move and len(asked) == 1 and not tb.ahead
    assert [r.move for r in tb.state.history] == [r.move for r in coming.history]
    assert play_tutor.appraisal(tb)[1]  # the look in hand, being worked out



def rows_appraisal(v: SeatView, scores: Callable[[Move, int], int], deals: int,
                   draw: int) -> Appraisal:
    """An appraisal of ``v`` as the engine works one out from ``deals`` deals drawn at random
    (its own draws, ``draw``), ``scores(move, k)`` each move's score on the ``k``-th (Block
    for two: the mover's points, whole numbers): with the sums it is worked out from, so that
    looks add up and narrow as the engine's do."""
    tally = _Tally(1, 10**6, listed=False)
    for k in range(deals):
        tally.add([scores(m, k) for m in v.legal])
    tally.draws = frozenset({draw})
    return _graded(v, tally, 0.1)


def test_a_held_moves_looks_are_of_it_and_the_best_alone_and_the_hint_of_every_move(
        tutoring: Tutoring, monkeypatch: pytest.MonkeyPatch) -> None:
    """Block for two, three distinct moves: ``good`` scores 10 a deal, ``fair`` 9, ``bad``
    12 or 0 by turns on the first look's 30 deals: a loss of 4 points as estimated, a
    mistake, but not at 99% (its standard error 1.1): doubtful.  The move is held for a look
    of its own at it and ``good`` alone (``play_tutor_judge.focus``: the best so far), going
    on from the first look's deals; that look finds 4 a deal on 60 more, and on the 90
    deals of both the move is a blunder (5.3 points, less its margin at 95%, 4.6) and a
    mistake at 99%: stopped as a blunder, while the stop's hint is the appraisal of every
    move."""
    monkeypatch.setenv("DOMINO_THINK", "")
    asked: list[tuple[SeatView, Evidence | None]] = []
    tb = next(t for s in range(1, 40) if len((t := learners_turn(
        block(2), s, tutoring.workers)).state.distinct_moves()) >= 3)
    good, _, bad = tb.state.distinct_moves()[:3]  # the second, ``fair``: 9 a deal
    ends = tb.state.line.ends

    def score(move: Move, k: int, thin: bool) -> int:
        name = canonical(move, ends)
        if name == canonical(bad, ends):
            return (12 if k % 2 else 0) if thin else 4
        return 10 if name == canonical(good, ends) else 9

    def look(v: SeatView, seed: int, after: Evidence | None = None) -> Future[Appraisal]:
        asked.append((v, after))
        thin = len(asked) == 1
        return tutoring.workers.submit(rows_appraisal, v, lambda m, k: score(m, k, thin),
                                       30 if thin else 60, len(asked))

    monkeypatch.setattr(thinking, "tutor", look)
    play_tutor.switch(tb, True)
    tutoring.workers.release()
    play_tutor.collect(tb)  # the first look in, the learner's move made at once
    first, _ = play_tutor.appraisal(tb)
    assert first is not None and first.deals == 30
    item = first.of(bad)
    assert Look.of(first, item).doubtful and not play_tutor_judge.stops(first, item)
    before = snapshot(tb)
    assert not play_tutor.learner_move(tb, bad)
    assert play_tutor.looking(tb) and len(asked) == 2
    narrowed_view, went_on = asked[1]
    assert {canonical(m, ends) for m in narrowed_view.legal} == \
        {canonical(good, ends), canonical(bad, ends)}
    assert went_on is not None and went_on.deals == 30 and len(went_on.sums) == \
        len(narrowed_view.legal)  # the first look's deals, its sums for those moves alone
    tutoring.workers.release()
    play_tutor.advance(tb)
    stop = play_tutor.current_stop(tb)
    assert stop is not None and snapshot(tb) == before
    assert stop.appraisal.deals == 90 and stop.item.grade == "blunder"
    assert {m.move for m in stop.appraisal.moves} == set(narrowed_view.legal)
    assert stop.hinted.deals == 30 and {m.move for m in stop.hinted.moves} == \
        set(tb.state.legal_moves())
    play_tutor.show_hint(tb)
    assert play_tutor.best_move(tb) == tb.state.canonical(good)
    play_tutor.think_again(tb)
    known, _ = play_tutor.appraisal(tb)
    assert known is first  # the looks at every move, as they were
