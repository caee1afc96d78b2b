"""deploy/judges.sh: a scheduler and its workers beside the replicas, and workers that join a
scheduler on another machine (here, a second call with SCHEDULER set: a club's added
machine); ``stop`` ends everything each call started."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from dask_support import ROOT
from pg_support import free_port
from test_ui_thinking import gone


def judges(run: Path, *args: str, **env: str) -> None:
    subprocess.run(["sh", str(ROOT / "deploy" / "judges.sh"), *args], check=True,
                   env={**os.environ, "RUN": str(run), **env}, timeout=60,
                   stdout=subprocess.DEVNULL)


def threads(address: str, want: int) -> int:
    """The threads the scheduler at ``address`` has once ``want`` workers joined."""
    from distributed import Client

    client = Client(address, timeout=30, set_as_default=False)
    try:
        client.wait_for_workers(want, timeout=120)
        return int(sum(client.nthreads().values()))
    finally:
        client.close()


def test_a_scheduler_with_its_workers_and_a_machine_of_workers_added(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    pids: list[int] = []
    try:
        judges(here, "1", PORT=str(port))
        judges(there, "1", SCHEDULER=address)
        pids = [int((folder / name).read_text()) for folder, name in [
            (here, "dask-scheduler.pid"), (here, "dask-workers.pid"),
            (there, "dask-workers.pid")]]
        assert threads(address, 2) == 2  # a worker of one thread from each
    finally:
        judges(there, "stop")
        judges(here, "stop")
    assert gone(pids) and not list(here.glob("*.pid")) and not list(there.glob("*.pid"))
