"""The judge on a Dask cluster (ui/cluster.py, ui/futures.py, ui/thinking.py): without a
scheduler nothing connects; with real ``dask scheduler`` and ``dask worker`` processes (two
workers of one thread, tests/ui/dask_support.py) a tutor's look is split over the workers and
equals its parts added up, a review is worked out there, kept once and equal to one worked
out here, a worker killed mid-review loses nothing, and a scheduler that goes away leaves the
local pools to answer, with a word in the log and no error; Play's page with a scheduler
nobody answers at tutors and reviews as without one."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from dask_support import Cluster, dask_cluster
from test_ui_thinking import finished as done

from engine.game.rules import Ruleset, block
from engine.game.state import State
from engine.game.view import view
from engine.search.appraise import appraise, as_precise, combine, look_precision, review_time
from ui import cluster, progress, review_parts, thinking
from ui.futures import relayed
from ui.widgets.round_review import work


def test_without_a_scheduler_nothing_connects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOMINO_DASK_SCHEDULER", raising=False)
    assert cluster.place() is None


def test_a_job_the_place_lost_is_asked_again_and_a_jobs_own_failure_is_not() -> None:
    again: list[int] = []

    def local() -> Future[object]:
        again.append(1)
        return done("here")

    assert relayed(done("there"), local, cluster.lost).result() == "there" and not again
    assert relayed(done(error=OSError("scheduler gone")), local, cluster.lost).result() == "here"
    called_off: Future[object] = Future()
    called_off.cancel()
    assert relayed(called_off, local, cluster.lost).result() == "here"
    assert len(again) == 2
    with pytest.raises(ValueError, match="bad view"):
        relayed(done(error=ValueError("bad view")), local, cluster.lost).result()
    assert len(again) == 2  # the job's own error: not asked again
    waiting: Future[object] = Future()
    outcome = relayed(waiting, local, cluster.lost)
    outcome.cancel()
    assert waiting.cancelled() and len(again) == 2  # called off: called off there too


def test_an_unreachable_scheduler_leaves_the_local_pools_and_says_so(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    nobody = dask_address_of_nobody()
    monkeypatch.setenv("DOMINO_DASK_SCHEDULER", nobody)
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    monkeypatch.setenv("DOMINO_THINK", "inline")  # the local answer, at once
    try:
        with caplog.at_level(logging.WARNING, logger="ui.cluster"):
            assert cluster.place() is None
            assert cluster.place() is None  # not tried again at once, nor said again
        said = [r.getMessage() for r in caplog.records]
        assert len(said) == 1 and nobody in said[0] and "local pools" in said[0]
        state = deal_after(4)
        assert thinking.tutor(view(state, state.mover or 0), 5).result().deals > 0
    finally:
        cluster.close()


def dask_address_of_nobody() -> str:
    from pg_support import free_port

    return f"tcp://127.0.0.1:{free_port()}"


def deal_after(moves: int, seed: int = 4, rules: Ruleset | None = None) -> State:
    """A deal some random moves in (two-player Block by default: its deals listed, an
    appraisal there ends on its precision, not on the clock, whatever the machine)."""
    rng = random.Random(seed)
    state = State.deal(rules or block(2), rng)
    for _ in range(moves):
        state.push_unchecked(rng.choice(state.legal_moves()))
    return state


def played_round(seed: int) -> tuple[State, State]:
    """A two-player Block round played out at random: its start and its end."""
    start = State.deal(block(2), random.Random(seed))
    end, rng = start.copy(), random.Random(seed + 1)
    while not end.over:
        end.push_unchecked(rng.choice(end.legal_moves()))
    return start, end


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with dask_cluster(tmp_path_factory.mktemp("dask")) as c:
        yield c


def on(c: Cluster, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's thinking given ``c``'s scheduler, with budgets no job here reaches (the
    tests' own are a few tenths of a second): each appraisal ends on its precision, so that
    the same seed gives the same deals on any machine."""
    monkeypatch.setenv("DOMINO_DASK_SCHEDULER", c.address)
    monkeypatch.delenv("DOMINO_THINK", raising=False)
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 120.0)
    monkeypatch.setattr(thinking, "JUDGE_BUDGET", 120.0)


RUN = thinking._run  # the local pools' (inline in kept_here)


def never_here(*_: Any) -> Future[Any]:
    raise AssertionError("a job ran in the local pools")


@pytest.fixture
def leaves(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The cluster left and the local pools ended after the test."""
    yield
    cluster.close()
    for workers in (thinking.pool, thinking.background):
        workers().shutdown(cancel_futures=True)
        workers.clear()  # type: ignore[attr-defined]


def test_a_tutors_look_is_split_over_the_workers_and_equals_its_parts_added_up(
        two_workers: Cluster, monkeypatch: pytest.MonkeyPatch, leaves: None) -> None:
    on(two_workers, monkeypatch)
    monkeypatch.setattr(thinking, "_run", never_here)
    state = deal_after(4)
    v = view(state, state.mover or 0)
    where = cluster.place()
    assert where is not None and where.threads == 2
    look = thinking.tutor(v, 5, seconds=60).result(timeout=120)
    parts = [appraise(v, random.Random(5), seconds=60, part=(i, 2),
                      precision=look_precision(v)) for i in range(2)]
    both = combine(v, *parts)
    assert both is not None and both.deals == parts[0].deals + parts[1].deals
    assert (look.deals, look.moves, look.best) == (both.deals, both.moves, both.best)


def test_a_look_waits_for_no_review_every_worker_is_busy_with(
        two_workers: Cluster, monkeypatch: pytest.MonkeyPatch, leaves: None) -> None:
    """A job under way is never interrupted: with every worker on a review's job, a look is
    worked out here, in the local pool's parts, as without a cluster."""
    on(two_workers, monkeypatch)
    where = cluster.place()
    assert where is not None
    busy = [thinking.submit_later(time.sleep, 4) for _ in range(2)]
    watcher = two_workers.client()
    try:
        deadline = time.monotonic() + 60
        while sum(map(len, watcher.processing().values())) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        asked: list[object] = []

        def here(workers: object, job: Any, *args: Any) -> Future[Any]:
            asked.append(workers)
            return done(job(*args))

        monkeypatch.setattr(thinking, "_run", here)
        assert cluster.idle(where) == 0
        state = deal_after(4)
        assert thinking.tutor(view(state, state.mover or 0), 5, seconds=0.2).result().deals
        assert asked == [thinking.pool] * thinking.WORKERS
    finally:
        watcher.close()
        for job in busy:
            job.result(timeout=60)


def test_only_a_slow_decision_on_more_than_one_thread_is_split() -> None:
    two, four = deal_after(0), deal_after(0, rules=block(4))
    assert not review_parts.split(view(two, two.mover or 0), 2)  # half a second: whole
    assert review_parts.split(view(four, four.mover or 0), 2)
    assert not review_parts.split(view(four, four.mover or 0), 1)


def parts_asked(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each job sent on its way from now: whether it went to the cluster."""
    asked: list[bool] = []
    anywhere = thinking._anywhere

    def recorded(workers: Any, job: Any, *args: Any, where: Any,
                 priority: int = 0) -> Future[Any]:
        asked.append(where is not None)
        return anywhere(workers, job, *args, where=where, priority=priority)

    monkeypatch.setattr(thinking, "_anywhere", recorded)
    return asked


def test_a_slow_decision_of_a_review_is_worked_out_in_rounds_over_the_workers(
        two_workers: Cluster, monkeypatch: pytest.MonkeyPatch, leaves: None) -> None:
    on(two_workers, monkeypatch)
    monkeypatch.setattr(review_parts, "ROUND_SECONDS", 0.4)
    asked = parts_asked(monkeypatch)
    state = deal_after(0, rules=block(4))
    v = view(state, state.mover or 0)
    # 1.6 s for four-player Block, whichever search's budgets (review_time)
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 1.6 / review_time(v))
    found = thinking.appraise_later(v, 5).result(timeout=120)
    assert {m.move for m in found.moves} == set(state.legal_moves()) and not found.exact
    assert len(asked) >= 4 and len(asked) % 2 == 0 and all(asked)  # rounds of two parts
    assert found.evidence is not None and len(found.evidence.draws) == len(asked)  # all in


def test_a_slow_decision_precise_after_one_round_stops_there(
        two_workers: Cluster, monkeypatch: pytest.MonkeyPatch, leaves: None) -> None:
    on(two_workers, monkeypatch)
    asked = parts_asked(monkeypatch)
    state = deal_after(9, rules=block(3))  # later in a three-player round: fewer deals
    v = view(state, state.mover or 0)
    assert review_parts.split(v, 2)
    found = thinking.appraise_later(v, 5).result(timeout=120)
    assert as_precise(v, found) and asked == [True, True]


def reviewed(start: State, end: State, learner: str, round_id: str) -> work.RoundReview:
    """The learner's review of the round, asked for and attended to until it is filed."""
    review = work.review_round(start, end, 0, round_id, 7, 1)
    work.attend(review, learner)
    deadline = time.monotonic() + 300
    while not review.filed:
        assert time.monotonic() < deadline, "the review never finished"
        time.sleep(0.05)
    return review


def kept_here(start: State, end: State, monkeypatch: pytest.MonkeyPatch) -> work.RoundReview:
    """The same review worked out here, in this process, kept nowhere."""
    with monkeypatch.context() as m:
        m.setenv("DOMINO_THINK", "inline")
        m.setattr(thinking, "_run", RUN)
        here = work.review_round(start, end, 0, "here", 7, 1)
    here.poll()
    assert not here.waiting and not here.failed
    return here


def check_kept_once(review: work.RoundReview, here: work.RoundReview, learner: str,
                    folder: Path, keeps: list[str]) -> None:
    """Filed once, its figures and decisions in the store once, equal to ``here``'s."""
    assert keeps == [review.round_id]
    assert review.report is not None and (here_report := work.summed_up(here)) is not None
    assert work.figures(review.report) == work.figures(here_report)  # (seconds aside)
    stored = progress.decisions(learner, data_dir=folder)
    assert sorted((replace(d, round_id="", decided=0.0) for d in stored),
                  key=lambda d: d.number) == \
        work.decision_records(here)
    recent = progress.recent(learner, data_dir=folder)
    assert recent.rounds == 1 and recent.accuracy == review.report.accuracy


def learner_with_a_round(folder: Path, monkeypatch: pytest.MonkeyPatch
                         ) -> tuple[str, str, list[str]]:
    """A learner whose round is recorded in ``folder``; the round's id; the reviews kept
    (each call of the review's keeping, by round)."""
    monkeypatch.setenv("DOMINO_DATA_DIR", str(folder))
    learner = progress.new_learner_id()
    progress.register(learner, data_dir=folder)
    round_id = f"{learner}:1"
    progress.record_round(learner, "block", False, round_id=round_id, data_dir=folder)
    keeps: list[str] = []
    keep = work._keep

    def counted(review: work.RoundReview, found: progress.RoundFigures | None) -> None:
        keeps.append(review.round_id)
        keep(review, found)

    monkeypatch.setattr(work, "_keep", counted)
    return learner, round_id, keeps


def test_a_review_is_worked_out_on_the_cluster_kept_once_and_equal_to_one_worked_out_here(
        two_workers: Cluster, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        leaves: None) -> None:
    on(two_workers, monkeypatch)
    monkeypatch.setattr(thinking, "_run", never_here)
    start, end = played_round(11)
    learner, round_id, keeps = learner_with_a_round(tmp_path, monkeypatch)
    review = reviewed(start, end, learner, round_id)
    check_kept_once(review, kept_here(start, end, monkeypatch), learner, tmp_path, keeps)


def test_a_worker_killed_mid_review_loses_nothing(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, leaves: None) -> None:
    with dask_cluster(tmp_path / "dask") as c:
        on(c, monkeypatch)
        monkeypatch.setattr(thinking, "_run", never_here)
        # A finer precision than the review's, so that its appraisals keep the workers busy
        # for a while (each a few tenths of a second at the review's own), here and in
        # kept_here alike.
        monkeypatch.setattr(thinking, "review_precision", lambda _: 0.02)
        start, end = played_round(5)
        learner, round_id, keeps = learner_with_a_round(tmp_path, monkeypatch)
        watcher = c.client()
        try:
            review = work.review_round(start, end, 0, round_id, 7, 1)
            work.attend(review, learner)
            names = {a: w["name"] for a, w in watcher.scheduler_info()["workers"].items()}
            deadline = time.monotonic() + 60
            while not (busy := [names[a] for a, jobs in watcher.processing().items()
                                if jobs and a in names]):
                assert time.monotonic() < deadline and not review.filed
                time.sleep(0.01)
            c.kill(busy[0])  # with a job of the review on it
        finally:
            watcher.close()
        deadline = time.monotonic() + 300
        while not review.filed:
            assert time.monotonic() < deadline, "the review never finished"
            time.sleep(0.05)
        check_kept_once(review, kept_here(start, end, monkeypatch), learner, tmp_path, keeps)


def test_a_scheduler_that_goes_away_leaves_the_local_pools_to_answer(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture,
        leaves: None) -> None:
    with dask_cluster(tmp_path, workers=1) as c:
        on(c, monkeypatch)
        assert cluster.place() is not None
        with caplog.at_level(logging.WARNING, logger="ui.cluster"):
            on_its_way = thinking.submit_later(time.sleep, 3)  # a review's job, there
            time.sleep(0.5)
            c.scheduler.kill()
            c.scheduler.wait()
            assert on_its_way.result(timeout=120) is None  # run again here: no error
            state = deal_after(4)
            v = view(state, state.mover or 0)
            assert thinking.tutor(v, 5, seconds=0.5).result(timeout=120).deals > 0
            assert {m.move for m in thinking.appraise_later(v, 5).result(
                timeout=120).moves} == set(state.legal_moves())
        said = " ".join(r.getMessage() for r in caplog.records)
        assert "lost on the Dask cluster" in said and "local pool" in said


# -- Play's page with a scheduler nobody answers at -----------------------------------------


def played_with_the_tutor(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[int]]:
    """Play's page (AppTest) with the tutor on, a two-player Block round played to its end
    (each turn's first legal move; played anyway where the tutor stops it), its review opened;
    and the deals of each look the tutor took, in turn."""
    from apptest_support import click, legal_button, open_page, play_table

    looks: list[int] = []
    tutor = thinking.tutor

    def counted(*args: Any, **kwargs: Any) -> Future[Any]:
        future = tutor(*args, **kwargs)
        future.add_done_callback(lambda f: looks.append(f.result().deals))
        return future

    monkeypatch.setattr(thinking, "tutor", counted)
    at = open_page("pages/play.py", rules="block", players="2", seed="11", level="counting")
    at.toggle(key="play.tutor").set_value(True).run()
    moves = 0
    while not play_table(at).state.over:
        tb = play_table(at)
        assert tb.learner_to_move and not at.exception and not at.error
        if tb.tutor is not None and tb.tutor.stop is not None:
            click(at, "play-tutor-anyway")
        else:
            click(at, legal_button(tb.state, "play-board"))
        moves += 1
        assert moves < 60
    return at, looks


@pytest.mark.usefixtures("data_dir")
def test_plays_page_with_an_unreachable_scheduler_reviews_and_tutors_as_without_one(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The page's jobs are asked of the cluster first, as a server's are (the AppTests compute
    in-process, ``DOMINO_THINK=inline``, which otherwise never asks): with nobody at the
    scheduler's address they are worked out here, the page the same as without a scheduler
    (the same decisions reviewed, a look at each of the learner's choices), no error on it,
    and the log says so once."""
    from apptest_support import play_table

    asked: list[object] = []

    def place() -> cluster.Place | None:
        where = cluster.place()
        asked.append(where)
        return where

    monkeypatch.setattr(thinking, "_place", place)
    monkeypatch.setattr(thinking, "TUTOR_BUDGET", 0.2)
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    pages = []
    try:
        for scheduler in ("", dask_address_of_nobody()):
            monkeypatch.setenv("DOMINO_DASK_SCHEDULER", scheduler)
            asked.clear()
            with caplog.at_level(logging.WARNING, logger="ui.cluster"):
                caplog.clear()
                at, looks = played_with_the_tutor(monkeypatch)
                said = [r.getMessage() for r in caplog.records if r.name == "ui.cluster"]
            review = play_table(at).reviewed
            assert review is not None and review.filed and not review.waiting
            assert review.report is not None and review.report.accuracy is not None
            assert not at.exception and not at.error
            assert "Your round in figures" in " ".join(m.value for m in at.markdown)
            assert looks and all(looks)  # every look of the tutor had deals
            assert len(asked) >= len(looks) + len(review.items) and not any(asked)
            if scheduler:
                assert len(said) == 1 and scheduler in said[0] and "local pools" in said[0]
            else:
                assert said == []
            pages.append(([item.number for item in review.items], len(looks)))
        assert pages[0] == pages[1]
    finally:
        cluster.close()
