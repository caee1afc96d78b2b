"""ui/thinking.py: the computer's thinking in worker processes (and inline for AppTests)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from engine.game.rules import block, duel
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.search.appraise import Appraisal, appraise, combine, look_precision
from ui import thinking


def deal() -> State:
    return State.deal(block(2), random.Random(4))


def test_inline_answers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_THINK", "inline")
    state = deal()
    mover = state.mover
    assert mover is not None
    decision = thinking.decide("heaviest", view(state, mover), 1)
    assert decision.done()
    assert decision.result().move in state.legal_moves()
    verdict = thinking.judge(state)
    assert verdict.done() and verdict.result().exact


def test_a_failed_job_is_the_futures_exception_not_a_raise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_THINK", "inline")
    future = thinking.decide("no-such-level", view(deal(), 0), 1)
    assert isinstance(future.exception(), ValueError)


def test_worker_processes_answer_with_the_engines_own_functions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOMINO_THINK", raising=False)
    state = State.deal(duel(False), random.Random(9))
    mover = state.mover
    assert mover is not None
    bot = thinking.decide("strong", view(state, mover), 3)
    hint = thinking.advise(view(state, mover), 3)
    verdict = thinking.judge(state)
    assert bot.result(timeout=60).move in state.legal_moves()
    assert hint.result(timeout=60).reasons
    solution = verdict.result(timeout=60)
    assert {mv.move for mv in solution.moves} == set(state.legal_moves())
    assert state.history == ()  # the position was copied, never changed
    thinking.pool().shutdown()
    thinking.pool.clear()  # type: ignore[attr-defined]


def test_a_new_worker_never_runs_the_page_script(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """In a Streamlit server ``__main__`` is the page being run; a worker started with
    ``spawn`` would run it again.  It must not."""
    monkeypatch.delenv("DOMINO_THINK", raising=False)
    marker = tmp_path / "ran"
    script = tmp_path / "page.py"
    script.write_text(f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8")
    page = types.ModuleType("__main__")
    page.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", page)
    thinking.pool.clear()  # a fresh pool: its workers start now
    state = deal()
    solution = thinking.judge(state).result(timeout=60)
    assert solution.moves
    assert not marker.exists()
    assert sys.modules["__main__"] is page  # put back
    thinking.pool().shutdown()
    thinking.pool.clear()


def test_an_answer_is_waited_for_then_taken_once_and_a_failure_says_so() -> None:
    from concurrent.futures import Future

    pending: Future[int] = Future()
    answer = thinking.Answer(pending)
    assert answer.waiting and not answer.poll() and answer.value is None
    pending.set_result(7)
    assert answer.waiting  # finished, not taken yet
    assert answer.poll() and (answer.value, answer.failed, answer.waiting) == (7, False, False)
    assert not answer.poll()  # taken once
    broken: Future[int] = Future()
    broken.set_exception(RuntimeError("worker died"))
    failed = thinking.Answer(broken)
    assert failed.poll() and (failed.value, failed.failed) == (None, True)


def test_the_reviews_jobs_answer_inline_with_the_engines_appraisal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_THINK", "inline")
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 0.5)
    state = State.deal(duel(False), random.Random(9))
    mover = state.mover
    assert mover is not None
    appraisal = thinking.appraise_later(view(state, mover), 5)
    assert appraisal.done()
    assert {m.move for m in appraisal.result().moves} == set(state.legal_moves())
    hand = thinking.worth_later(view(state, 1 - mover), 5).result()
    assert -1.0 <= hand.expected <= 1.0
    assert thinking.judge_later(state).result().moves


def test_the_review_has_its_own_worker_at_the_lowest_priority(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool beside the interactive one, a worker per core, at niceness 19: a review takes
    what the computer players leave over."""
    monkeypatch.delenv("DOMINO_THINK", raising=False)
    thinking.background.clear()  # type: ignore[attr-defined]
    try:
        worker = thinking.background()
        assert worker is not thinking.pool()
        assert worker._max_workers == thinking.REVIEW_WORKERS == thinking.WORKERS  # type: ignore[attr-defined]
        # os.nice(0) in the worker reads its niceness (the initializer raised it by 19).
        assert thinking.submit_later(os.nice, 0).result(timeout=60) == min(19, os.nice(0) + 19)
        state = State.deal(duel(False), random.Random(9))
        mover = state.mover
        assert mover is not None
        appraisal = thinking.appraise_later(view(state, mover), 5).result(timeout=60)
        assert {m.move for m in appraisal.moves} == set(state.legal_moves())
    finally:
        thinking.background().shutdown()
        thinking.background.clear()  # type: ignore[attr-defined]
        thinking.pool().shutdown()
        thinking.pool.clear()  # type: ignore[attr-defined]


def test_the_tutor_is_worked_out_in_every_worker_and_added_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Real worker processes: each works out its part within the budget; the answer holds
    # the deals of every part, added up (drawn deals: four-player Block's first move).
    monkeypatch.delenv("DOMINO_THINK", raising=False)
    monkeypatch.setattr(thinking, "TUTOR_BUDGET", 0.4)
    state = State.deal(block(4), random.Random(2))
    v = view(state, state.mover or 0)
    parts = [appraise(v, random.Random(5), seconds=0.4, part=(i, 2)) for i in range(2)]
    both = combine(v, *parts)
    assert both is not None and both.deals == parts[0].deals + parts[1].deals
    answer = thinking.shared(thinking.pool, 2, v, 5, 0.4).result(timeout=60)
    assert answer.evidence is not None and answer.evidence.draws and not answer.exact
    assert len(answer.evidence.draws) == 2  # the draws of two parts
    assert thinking.tutor(v, 5).result(timeout=60).deals > 0
    thinking.pool().shutdown()
    thinking.pool.clear()  # type: ignore[attr-defined]


def test_each_part_of_a_tutors_look_stops_where_the_engine_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []

    def recorded(v: SeatView, rng: random.Random, **options: Any) -> Appraisal:
        asked.append(options.get("precision"))
        return appraise(v, rng, **options)

    monkeypatch.setattr(thinking, "appraise", recorded)
    monkeypatch.setattr(thinking, "inline", lambda: False)
    monkeypatch.setattr(thinking, "_run", lambda workers, job, *args: finished(job(*args)))
    state = State.deal(duel(), random.Random(3))
    v = view(state, state.mover or 0)
    thinking.tutor(v, 5, seconds=0.2).result(timeout=60)
    assert asked == [look_precision(v)] * thinking.WORKERS


def finished(value: object = None, error: Exception | None = None) -> Future[object]:
    f: Future[object] = Future()
    if error is not None:
        f.set_exception(error)
    else:
        f.set_result(value)
    return f


def test_parts_joined_add_up_and_a_failed_part_is_left_out() -> None:
    def add(a: object, b: object) -> object:
        return f"{a}+{b}"

    assert thinking.joined([finished("a"), finished("b")], add).result() == "a+b"
    assert thinking.joined([finished("a"), finished(error=ValueError("x"))], add).result() == "a"
    both_failed = thinking.joined([finished(error=ValueError("x")),
                                   finished(error=ValueError("y"))], add)
    with pytest.raises(ValueError, match="x"):
        both_failed.result()
    waiting: list[Future[object]] = [Future(), Future()]
    outcome = thinking.joined(waiting, add)
    assert not outcome.done()
    waiting[0].set_result("a")
    assert not outcome.done()  # not before every part is back
    outcome.cancel()
    assert waiting[1].cancelled()  # called off: the part not begun is called off too


# -- the workers end with the server -------------------------------------------------------------

SERVER = '''
import json, os, signal, sys, time
sys.path.insert(0, {root!r})
from ui import thinking

def mark_and_sleep(folder):
    open(os.path.join(folder, str(os.getpid())), "w").close()
    time.sleep(600)  # a review's job, longer than any test

if __name__ == "__main__":
    # A server's stop (Streamlit's, on SIGTERM): Python exits as usual, running its exit hooks.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    workers = thinking._spawned(2, thinking.REVIEW_NICE)
    jobs = [workers.submit(mark_and_sleep, {folder!r}) for _ in range(2)]
    while len(os.listdir({folder!r})) < 2:
        time.sleep(0.05)
    from multiprocessing import resource_tracker
    print(json.dumps({{"workers": [int(p) for p in os.listdir({folder!r})],
                      "tracker": resource_tracker._resource_tracker._pid}}), flush=True)
    jobs[0].result()
'''


def alive(pid: int) -> bool:
    """The process runs (a zombie, ended and not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def gone(pids: list[int], within: float = 60.0) -> bool:
    """Whether every one of ``pids`` ends before ``within`` seconds (the jobs sleep 600)."""
    deadline = time.monotonic() + within
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@contextmanager
def server_with_a_review_running(tmp_path: Path) -> Iterator[
        tuple[subprocess.Popen[str], list[int]]]:
    """A real server process whose two review workers are each on a ten-minute job; yields it
    and the pids of its workers and of Python's resource tracker.  Whatever is left is ended."""
    folder = tmp_path / "working"
    folder.mkdir()
    script = tmp_path / "server.py"
    script.write_text(SERVER.format(root=str(Path(__file__).resolve().parents[2]),
                                    folder=str(folder)), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "DOMINO_THINK"}
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                              env=env)
    pids: list[int] = []
    try:
        assert server.stdout is not None
        started = json.loads(server.stdout.readline())
        pids = [*started["workers"], started["tracker"]]
        assert all(alive(p) for p in pids)
        yield server, pids
    finally:
        for pid in [server.pid, *pids]:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        server.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_server_leaves_no_worker_and_no_resource_tracker(tmp_path: Path) -> None:
    with server_with_a_review_running(tmp_path) as (server, pids):
        server.kill()  # a crash: no exit hook runs
        server.wait()
        assert gone(pids)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_stopped_server_ends_its_workers_at_once_not_after_their_jobs(tmp_path: Path) -> None:
    with server_with_a_review_running(tmp_path) as (server, pids):
        server.terminate()
        assert server.wait(timeout=60) == 0  # not the jobs' ten minutes
        assert gone(pids)
