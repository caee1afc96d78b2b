"""Play's table records every round that ends, once, whatever ended it and whenever the
computer's answers arrive (ui/pages/play/logic.py, without Streamlit).

The page calls the table's logic from two places: a control's callback (the learner's move,
"Next round", a hint, a replay) and a run of the table (:func:`play.advance`, the clock, in a
fragment that may be the last run for a while).  These tests drive that logic the same way,
with the computer's answers held back and released at chosen or random moments, and check the
match after every step: a round that is over on the table is recorded (match and progress,
exactly once), and the match's rows, totals, round number and opener agree with the rounds
actually played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from engine_helpers import as_coded

from engine.game.match import BlockMatch, DuelSeries, GapleMatch
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State
from engine.game.view import view
from engine.notation.code import parse_position
from engine.players.bots import LEVELS, seat_score
from engine.search.appraise import accuracy
from ui import thinking
from ui.pages.play import logic as play
from ui.pages.play.logic import Table
from ui.progress import DecisionRecord, RoundFigures
from ui.widgets import match_sheet
from ui.widgets.round_review import work as play_review
from ui.widgets.round_review.work import RoundReview

FAMILIES: dict[str, Ruleset] = {
    "block-2": block(2), "block-3": block(3), "block-4": block(4),
    "gaple-4x6": gaple(4), "gaple-4x7": gaple(4, hand_size=7),
    "gaple-5-pass": gaple(5, dead_tiles=False), "duel": duel(False), "duel-draw": duel(True),
}


@dataclass
class Workers:
    """The worker pool held back: each job waits until the test releases it."""

    jobs: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = field(
        default_factory=list)

    def submit(self, job: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((future, job, args))
        return future

    def release(self, rng: random.Random | None = None, first: int | None = None) -> None:
        """Finish every waiting job (or, with ``rng``, a random share of them; with
        ``first``, the first so many, in the order they were asked for)."""
        keep = []
        for k, (future, job, args) in enumerate(self.jobs):
            if rng is not None and rng.random() < 0.5 or first is not None and k >= first:
                keep.append((future, job, args))
                continue
            try:
                future.set_result(job(*args))
            except Exception as e:  # noqa: BLE001  (the table shows a failed answer)
                future.set_exception(e)
        self.jobs = keep

    def fail(self) -> None:
        """Fail every waiting job, as a worker that died."""
        for future, _, _ in self.jobs:
            future.set_exception(RuntimeError("worker died"))
        self.jobs = []


@dataclass
class Recorded:
    rounds: list[tuple[str, bool, str]] = field(default_factory=list)
    matches: list[tuple[str, bool]] = field(default_factory=list)
    reviews: list[tuple[str, RoundFigures, list[DecisionRecord]]] = field(default_factory=list)


def short_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "BOT_BUDGET", 0.005)
    monkeypatch.setattr(thinking, "HINT_BUDGET", 0.005)
    monkeypatch.setattr(thinking, "JUDGE_BUDGET", 0.01)
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 0.01)


@pytest.fixture
def workers(monkeypatch: pytest.MonkeyPatch) -> Workers:
    """Every job held back, the computer's and the review's alike."""
    held = Workers()
    monkeypatch.setattr(thinking, "submit", held.submit)
    monkeypatch.setattr(thinking, "submit_later", held.submit)
    short_budgets(monkeypatch)
    return held


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Recorded:
    """What the table wrote to the learner's progress."""
    out = Recorded()
    monkeypatch.setattr(play.session, "record_round",
                        lambda family, won, hints, round_id: out.rounds.append(
                            (family, won, round_id)))
    monkeypatch.setattr(play.session, "record_match",
                        lambda family, won: out.matches.append((family, won)))
    monkeypatch.setattr(play_review, "_keep", lambda review, figures: out.reviews.append(
        (review.round_id, figures, list(review.records))) if figures is not None else None)
    return out


@pytest.fixture(autouse=True)
def plain_seat_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "seat_labels", lambda rules, learner: tuple(
        f"seat {i}" for i in range(rules.players)))


@dataclass
class Watch:
    """The rounds a test saw end on the table, to check the match against."""

    table: Table
    ended: list[State] = field(default_factory=list)
    starts: list[State] = field(default_factory=list)
    reviews: list[RoundReview] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.starts.append(self.table.start.copy())

    def check(self, recorded: Recorded) -> None:
        tb = self.table
        if tb.practice is None and tb.state.over:
            # Over on the table means recorded: there is no run in which it is not.
            assert tb.finished, "a finished round is shown but not recorded"
            if len(self.ended) < len(self.starts):
                self.ended.append(tb.state.copy())
                assert tb.reviewed is not None and tb.reviewed.items == tb.review
                self.reviews.append(tb.reviewed)
        # A review's figures are kept once, for a round that was recorded, when it is filed.
        kept = [r[0] for r in recorded.reviews]
        assert len(set(kept)) == len(kept), kept
        assert set(kept) <= {r[2] for r in recorded.rounds}
        assert sorted(kept) == sorted(r.round_id for r in self.reviews if r.filed
                                      and r.report is not None and r.report.counted), kept
        assert all(r in tb.filing for r in self.reviews if not r.filed)
        match = tb.match
        assert len(match.rounds) == len(self.ended) == len(recorded.rounds)
        assert [r[2] for r in recorded.rounds] == [
            f"{tb.uid}:{n}" for n in range(1, len(recorded.rounds) + 1)]
        assert [r.points for r in match.rounds] == [settle(s).points for s in self.ended]
        assert [r.totals for r in match.rounds] == [settle(s).totals for s in self.ended]
        assert tb.round_no == len(self.starts)
        assert tb.round_no == len(match.rounds) + (
            0 if tb.finished or tb.practice is not None else 1)
        rows, totals = match_sheet.score_rows(match), match_sheet.score_totals(match)
        assert len(rows) == len(match.rounds)
        assert tuple(map(sum, zip(*rows, strict=True))) == totals if rows else not any(totals)
        assert len(recorded.matches) == int(match.over)
        self._openers()

    def _openers(self) -> None:
        match, starts = self.table.match, [s.mover for s in self.starts]
        for k in range(1, len(starts)):
            before = starts[k - 1]
            assert before is not None
            if isinstance(match, BlockMatch):
                assert starts[k] == (before + 1) % match.rules.players
            elif isinstance(match, DuelSeries):
                assert starts[k] == 1 - before
            else:
                assert isinstance(match, GapleMatch)
                assert (starts[k],) == match.rounds[k - 1].winners

    def dealt(self) -> None:
        if len(self.starts) == len(self.ended) and not self.table.match.over \
                and not self.table.state.history and self.table.start is not self.starts[-1]:
            self.starts.append(self.table.start.copy())


def learner_moves(tb: Table, rng: random.Random) -> Iterator[None]:
    while tb.learner_to_move:
        yield
        play.play_move(tb, rng.choice(tb.state.legal_moves()))


def test_a_round_ended_by_the_computers_reply_in_the_tables_run_is_recorded(
        monkeypatch: pytest.MonkeyPatch, workers: Workers, recorded: Recorded) -> None:
    """The learner's move (a callback), the computer's answer already back, then one run of
    the table (the fragment's) and no other: the round it ends is recorded in that run."""
    monkeypatch.setattr(play, "PAUSE", 0.9)  # the site's pause between computer moves
    endings = 0
    for seed in range(1, 30):
        tb = play.new_table(block(2), "heaviest", seed)
        watch, clock = Watch(tb), 1000.0
        while not tb.state.over:
            workers.release()
            clock += 5
            play.advance(tb, clock)
            if tb.learner_to_move:
                play.play_move(tb, tb.state.legal_moves()[0])  # the callback
                workers.release()  # the answer is back before the table's run
                clock += 0.01
                play.advance(tb, clock)  # the fragment's run: the last for a while
            watch.check(recorded)
        assert tb.finished and len(tb.match.rounds) == 1
        last = tb.state.last_record
        endings += last is not None and last.player != tb.learner
        recorded.rounds.clear()
        recorded.reviews.clear()
    assert endings >= 5  # enough rounds ended on the computer's reply to show the race


def test_next_round_records_a_round_ended_elsewhere_before_dealing(
        workers: Workers, recorded: Recorded) -> None:
    """A round ended by a path that did not record it (moves pushed on the state itself):
    "Next round" records it, once, before it deals the next."""
    tb = play.new_table(duel(False), "random", 5)
    rng = random.Random(1)
    while not tb.state.over:
        tb.state.push(rng.choice(tb.state.legal_moves()))
    assert not tb.finished and not tb.match.rounds
    play.next_round(tb)
    assert len(tb.match.rounds) == len(recorded.rounds) == 1
    assert tb.round_no == 2 and not tb.state.history and not tb.finished
    play.next_round(tb)  # the new round is not over: nothing is dealt or recorded
    assert len(tb.match.rounds) == len(recorded.rounds) == 1 and tb.round_no == 2


def stress(rules: Ruleset, level: str, seed: int, rounds: int, recorded: Recorded,
           workers: Workers, monkeypatch: pytest.MonkeyPatch) -> int:
    """Play ``rounds`` rounds with random actions at random moments; check after each."""
    rng = random.Random(f"{rules.family}-{rules.players}-{level}-{seed}")
    monkeypatch.setattr(play, "PAUSE", rng.choice([0.0, 0.9]))
    tb = play.new_table(rules, level, seed)
    watch, clock, steps = Watch(tb), 1000.0, 0
    while len(watch.ended) < rounds and not tb.match.over and steps < 3000:
        steps += 1
        action = rng.random()
        if action < 0.35:
            workers.release(rng)
        elif action < 0.6:
            clock += rng.choice([0.05, 0.5, 1.0, 3.0])
            play.advance(tb, clock)
        elif action < 0.8 and tb.learner_to_move:
            play.play_move(tb, rng.choice(tb.state.legal_moves()))
        elif action < 0.83 and tb.learner_to_move:
            play.ask_hint(tb)
        elif action < 0.88 and tb.finished and tb.review and tb.practice is None:
            play.replay_from(tb, rng.choice(tb.review))
        elif action < 0.93 and tb.practice is not None:
            play.back_to_review(tb)
        elif tb.state.over:
            play.next_round(tb)
            watch.dealt()
        watch.check(recorded)
    assert len(watch.ended) >= min(rounds, 1), f"only {len(watch.ended)} rounds in {steps} steps"
    while workers.jobs:  # every answer comes in the end: every review is filed, once
        workers.release()
        clock += 5
        play.advance(tb, clock)
        watch.check(recorded)
    assert all(r.filed and not r.waiting for r in watch.reviews) and not tb.filing
    return len(watch.ended)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("family", FAMILIES)
def test_every_round_is_recorded_once_whenever_the_computer_answers(
        family: str, level: str, workers: Workers, recorded: Recorded,
        monkeypatch: pytest.MonkeyPatch) -> None:
    rounds = stress(FAMILIES[family], level, 7, 4 if level != "strong" else 2, recorded,
                    workers, monkeypatch)
    assert rounds >= 1


# -- the review: worked out in the background, filled in as it comes, kept once ------------------


@pytest.fixture
def split(monkeypatch: pytest.MonkeyPatch) -> tuple[Workers, Workers]:
    """The interactive pool and the review's background worker, each held back apart (and no
    pause between the computer's moves)."""
    interactive, background = Workers(), Workers()
    monkeypatch.setattr(play, "PAUSE", 0.0)
    monkeypatch.setattr(thinking, "submit", interactive.submit)
    monkeypatch.setattr(thinking, "submit_later", background.submit)
    short_budgets(monkeypatch)
    return interactive, background


def play_out(tb: Table, interactive: Workers, rng: random.Random | None = None) -> None:
    """The learner's first legal move (or a random one) each turn, the computer answering,
    until the round is over."""
    while not tb.state.over:
        interactive.release()
        play.advance(tb, 0.0)
        if tb.learner_to_move:
            legal = tb.state.legal_moves()
            play.play_move(tb, rng.choice(legal) if rng else legal[0])


def job_names(workers: Workers) -> list[str]:
    return [getattr(job, "func", job).__name__ for _, job, _ in workers.jobs]


def test_the_reviews_jobs_go_to_the_background_worker_only(
        split: tuple[Workers, Workers], recorded: Recorded) -> None:
    interactive, background = split
    tb = play.new_table(block(2), "strong", 12)
    play_out(tb, interactive)
    assert tb.review and not interactive.jobs
    review = tb.reviewed
    assert review is not None and review.items is tb.review
    # Each decision: its appraisal, then the solver's verdict, in the round's order; the hand's
    # worth last when the learner did not open the round with a choice.
    names = job_names(background)
    expected = ["appraise", "solve"] * len(review.items)
    assert names == expected + (["worth"] if review.worth is not None else [])
    assert (review.worth is None) == (review.items[0].number == 1)
    # The computer's moves and the hints never wait behind them.
    play.next_round(tb)
    play.advance(tb, 0.0)
    assert not tb.state.over and (tb.learner_to_move or interactive.jobs)
    assert all(name in ("play", "hint") for name in job_names(interactive))


def test_a_review_fills_in_one_decision_at_a_time_and_is_kept_once(
        split: tuple[Workers, Workers], recorded: Recorded) -> None:
    interactive, background = split
    tb = play.new_table(block(2), "heaviest", 12)
    play_out(tb, interactive, random.Random(3))
    review = tb.reviewed
    assert review is not None and len(review.items) >= 2
    assert review.judged == 0 and review.waiting and tb.waiting
    seen = []
    while background.jobs:
        background.release(first=1)
        play.advance(tb, 0.0)
        seen.append(review.judged)
        assert review.report is None or not background.jobs
    # One more judged decision every two jobs (an appraisal, then its verdict).
    assert seen[:2 * len(review.items)] == [k // 2 + 1 for k in range(2 * len(review.items))]
    assert review.filed and review.report is not None and not tb.filing and not tb.waiting
    report = review.report
    assert report.counted == len(review.items)
    assert [d.ply + 1 for d in report.decisions if d.grade != "forced"] == [
        item.number for item in review.items]
    ((round_id, figures, decisions),) = recorded.reviews
    assert round_id == tb.round_id == recorded.rounds[0][2]
    assert figures.decisions == len(review.items) == len(decisions)
    assert figures.best + figures.good + figures.inaccuracies + figures.mistakes \
        + figures.blunders == figures.decisions
    assert figures.accuracy == pytest.approx(
        accuracy("block", [d.sure_loss for d in report.decisions if d.grade != "forced"]))
    assert figures.result == seat_score(tb.state, tb.learner)
    for item, kept in zip(review.items, decisions, strict=True):
        a = item.appraisal.value
        assert a is not None
        assert kept.number == item.number and kept.played == item.played.text()
        assert kept.played_expected == a.of(item.played).expected
        assert kept.best_expected == a.top and kept.grade == a.of(item.played).grade
        seen_by = parse_position(kept.seen)
        assert seen_by.seat == tb.learner
        mine, theirs = seen_by.view(), view(item.position, tb.learner)  # as the learner saw it
        assert mine.line.placements == theirs.line.placements
        assert replace(mine, line=theirs.line) == as_coded(theirs)  # the code: no choices
        assert parse_position(kept.position).state().hand_masks == item.position.hand_masks
    play.advance(tb, 0.0)
    play.next_round(tb)
    assert len(recorded.reviews) == 1  # never twice


def test_next_round_before_the_review_is_done_still_keeps_its_figures_once(
        split: tuple[Workers, Workers], recorded: Recorded) -> None:
    interactive, background = split
    tb = play.new_table(duel(False), "heaviest", 4)
    play_out(tb, interactive, random.Random(1))
    first = tb.reviewed
    assert first is not None and first.items
    first_id = tb.round_id
    background.release(first=1)  # one answer in, the rest still being worked out
    play.next_round(tb)
    assert tb.reviewed is None and tb.review == [] and tb.filing == [first]
    assert tb.waiting and not recorded.reviews
    # The learner plays on; the old review's answers come meanwhile, a few at a time.
    rng = random.Random(2)
    while not tb.state.over:
        interactive.release()
        background.release(first=len(background.jobs) // 2 if background.jobs else 0)
        play.advance(tb, 0.0)
        if tb.learner_to_move:
            play.play_move(tb, rng.choice(tb.state.legal_moves()))
    background.release()
    play.advance(tb, 0.0)
    background.release()
    play.advance(tb, 0.0)
    kept = [r[0] for r in recorded.reviews]
    assert kept.count(first_id) == 1 and first.filed
    assert len(kept) == len(set(kept)) == len([r for r in (first, tb.reviewed)
                                                if r is not None and r.items])


def test_a_failed_answer_leaves_the_rounds_figures_missing_never_wrong(
        split: tuple[Workers, Workers], recorded: Recorded) -> None:
    interactive, background = split
    tb = play.new_table(block(2), "heaviest", 12)
    play_out(tb, interactive, random.Random(3))
    review = tb.reviewed
    assert review is not None and len(review.items) >= 2
    background.release(first=2)
    background.fail()  # the worker died: every other answer is a failure
    play.advance(tb, 0.0)
    assert review.filed and review.failed and review.report is None
    assert not recorded.reviews and not tb.filing and not tb.waiting
    assert review.items[0].appraisal.value is not None  # what came is still shown
    assert review.items[1].appraisal.failed
