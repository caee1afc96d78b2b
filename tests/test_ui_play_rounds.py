"""Play's table records every round that ends, once, whatever ended it and whenever the
computer's answers arrive (ui/pages/play.py, without Streamlit).

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
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest

from engine.bots import LEVELS
from engine.match import BlockMatch, DuelSeries, GapleMatch
from engine.rules import Ruleset, block, duel, gaple
from engine.settlement import settle
from engine.solve import solve
from engine.state import State
from ui import thinking
from ui.pages import play
from ui.pages.play import Table
from ui.widgets import match_sheet

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

    def release(self, rng: random.Random | None = None) -> None:
        """Finish every waiting job (or, with ``rng``, a random share of them)."""
        keep = []
        for future, job, args in self.jobs:
            if rng is not None and rng.random() < 0.5:
                keep.append((future, job, args))
                continue
            try:
                future.set_result(job(*args))
            except Exception as e:  # noqa: BLE001  (the table shows a failed answer)
                future.set_exception(e)
        self.jobs = keep


@dataclass
class Recorded:
    rounds: list[tuple[str, bool, str]] = field(default_factory=list)
    matches: list[tuple[str, bool]] = field(default_factory=list)


@pytest.fixture
def workers(monkeypatch: pytest.MonkeyPatch) -> Workers:
    held = Workers()
    monkeypatch.setattr(thinking, "submit", held.submit)
    monkeypatch.setattr(thinking, "BOT_BUDGET", 0.005)
    monkeypatch.setattr(thinking, "HINT_BUDGET", 0.005)
    monkeypatch.setattr(thinking, "judge", lambda state, seconds=0.01: held.submit(
        partial(solve, seconds=0.01), state.copy()))
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

    def __post_init__(self) -> None:
        self.starts.append(self.table.start.copy())

    def check(self, recorded: Recorded) -> None:
        tb = self.table
        if tb.practice is None and tb.state.over:
            # Over on the table means recorded: there is no run in which it is not.
            assert tb.finished, "a finished round is shown but not recorded"
            if len(self.ended) < len(self.starts):
                self.ended.append(tb.state.copy())
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
    return len(watch.ended)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("family", FAMILIES)
def test_every_round_is_recorded_once_whenever_the_computer_answers(
        family: str, level: str, workers: Workers, recorded: Recorded,
        monkeypatch: pytest.MonkeyPatch) -> None:
    rounds = stress(FAMILIES[family], level, 7, 4 if level != "strong" else 2, recorded,
                    workers, monkeypatch)
    assert rounds >= 1
