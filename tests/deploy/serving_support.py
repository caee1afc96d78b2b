"""Replicas of the site behind nginx, for tests/deploy/test_deploy.py and bench/load.py."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from live_site import ROOT, free_port, healthy, streamlit_server

sys.path.insert(0, str(ROOT / "deploy"))
from render_nginx import render


def nginx_binary() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.isfile(found):
        raise RuntimeError("nginx not found: install Debian's nginx-light (make serving-packages)")
    return found


@contextmanager
def nginx(prefix: Path, ports: list[int]) -> Iterator[str]:
    """nginx on a free loopback port in front of ``ports``; yields its URL; stopped on leaving."""
    prefix.mkdir(parents=True, exist_ok=True)
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(render(f"127.0.0.1:{port}", prefix, [str(p) for p in ports]))
    subprocess.run([nginx_binary(), "-c", str(conf), "-p", str(prefix), "-g", "daemon on;"],
                   check=True, capture_output=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while not healthy(url):
            if time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not answer: {(prefix / 'error.log').read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        pid_file = prefix / "nginx.pid"
        if pid_file.exists():
            os.kill(int(pid_file.read_text().strip()), signal.SIGTERM)


class Replica:
    """One running replica: its URL, and stop() to end it early (as a crash would)."""

    def __init__(self, url: str, stack: ExitStack) -> None:
        self.url, self._stack = url, stack
        self.port = int(url.rsplit(":", 1)[1])

    def stop(self) -> None:
        self._stack.close()


@contextmanager
def replicas(n: int, folder: Path, database_url: str | None) -> Iterator[list[Replica]]:
    """``n`` Streamlit replicas sharing ``database_url`` (or each its own SQLite folder)."""
    saved = os.environ.get("DOMINO_DATABASE_URL")
    running: list[Replica] = []
    try:
        if database_url:
            os.environ["DOMINO_DATABASE_URL"] = database_url
        for i in range(n):
            data = folder / f"replica-{i}"
            data.mkdir(parents=True, exist_ok=True)
            stack = ExitStack()
            url = stack.enter_context(streamlit_server(data, folder / f"replica-{i}.log"))
            running.append(Replica(url, stack))
    except BaseException:
        for replica in running:
            replica.stop()
        raise
    finally:
        if saved is None:
            os.environ.pop("DOMINO_DATABASE_URL", None)
        else:
            os.environ["DOMINO_DATABASE_URL"] = saved
    try:
        yield running
    finally:
        for replica in running:
            replica.stop()


def served_by(prefix: Path) -> list[int]:
    """The replica port that answered each request nginx logged, in log order (a request
    passed on from a stopped replica counts for the one that answered)."""
    ports = []
    log = prefix / "access.log"
    for line in log.read_text().splitlines() if log.exists() else []:
        tried = line.rpartition("upstream=")[2].split(",")[-1].strip()
        if ":" in tried:
            ports.append(int(tried.rsplit(":", 1)[1]))
    return ports
