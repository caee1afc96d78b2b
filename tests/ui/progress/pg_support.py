"""A throwaway PostgreSQL cluster for tests (Debian's ``postgresql`` package).

``initdb`` refuses to run as root, so as root the cluster belongs to the
``postgres`` user; it listens on a Unix socket in its temporary folder only.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if found:
        return found[-1]
    path = shutil.which(name)
    if path is None:
        raise RuntimeError(f"{name} not found: install Debian's postgresql (make postgres)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.getuid() == 0 else args


@contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yields its ``postgresql://`` URL; stops and removes it."""
    folder = Path(tempfile.mkdtemp(prefix="domino-pg-"))
    if os.getuid() == 0:
        shutil.chown(folder, "postgres")
    port = free_port()
    db = folder / "db"
    subprocess.run(_as_owner([_bin("initdb"), "-D", str(db), "-A", "trust", "-U", "app"]),
                   check=True, capture_output=True)
    started = subprocess.run(
        _as_owner([_bin("pg_ctl"), "-D", str(db), "-w", "-l", str(folder / "log"), "-o",
                   f"-p {port} -k {folder} -c listen_addresses='' -c fsync=off", "start"]),
        capture_output=True, text=True, check=False)
    if started.returncode != 0:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {started.stderr}\n{log}")
    try:
        yield f"postgresql://app@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run(_as_owner([_bin("pg_ctl"), "-D", str(db), "-m", "fast", "stop"]),
                       capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)
