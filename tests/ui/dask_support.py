"""A real Dask cluster on this machine for a test: ``dask scheduler`` and ``dask worker``
processes on loopback ports picked free (one thread each, no nanny, no dashboard), started
by the test and stopped by it, whatever happens."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pg_support import free_port

ROOT = Path(__file__).resolve().parents[2]
DASK = str(Path(sys.executable).parent / "dask")


@dataclass
class Cluster:
    """The scheduler's address and the processes: the scheduler's and each worker's, by
    name."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def client(self) -> Any:
        """A client of the test's own, to watch the cluster (closed by the caller)."""
        from distributed import Client

        return Client(self.address, timeout=30, set_as_default=False)

    def kill(self, name: str) -> None:
        """End a worker hard, as a machine that went away."""
        self.workers[name].kill()
        self.workers[name].wait()


def _started(args: list[str], folder: Path, log: str) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "DOMINO_THINK"}
    env.update(DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED="False",  # as deploy/judges.sh
               DASK_DISTRIBUTED__SCHEDULER__WORKER_SATURATION="1.0")
    with open(folder / log, "wb") as out:
        return subprocess.Popen([DASK, *args], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


@contextmanager
def dask_cluster(folder: Path, workers: int = 2) -> Iterator[Cluster]:
    """A scheduler and ``workers`` one-thread workers, ready (every worker joined); every
    process ended on leaving."""
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    cluster = Cluster(address, _started(
        ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        folder, "scheduler.log"))
    try:
        for k in range(workers):
            name = f"w{k}"
            cluster.workers[name] = _started(
                ["worker", address, "--name", name, "--nthreads", "1", "--no-nanny",
                 "--no-dashboard", "--host", "127.0.0.1", "--death-timeout", "60",
                 "--local-directory", str(folder / name)], folder, f"{name}.log")
        watcher = cluster.client()
        try:
            watcher.wait_for_workers(workers, timeout=120)
        finally:
            watcher.close()
        yield cluster
    finally:
        for process in [*cluster.workers.values(), cluster.scheduler]:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
