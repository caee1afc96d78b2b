"""The site served for a real browser: `streamlit run app.py` on a free loopback port, and
Debian's Chromium to drive it.

Shared by tests/conftest.py (the browser tests' live server), tests/browser/test_browser_learn.py
(a second server on the UI test fixtures) and bench/ui_latency.py (which puts tests/ on
sys.path for it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

START_TIMEOUT = 60.0  # seconds for the server to answer its health check


class ServerDidNotStart(RuntimeError):
    """The server exited or was not healthy in time; the message ends with its log."""


def chromium_found() -> bool:
    return os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
            return bool(resp.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return False


@contextmanager
def streamlit_server(data_dir: Path, log_path: Path, *, scenarios_dir: Path | None = None,
                     timeout: float = START_TIMEOUT,
                     env: dict[str, str] | None = None,
                     port: int | None = None) -> Iterator[str]:
    """Run `streamlit run app.py` on a free loopback port (or ``port``: a server started
    again where a page left open reconnects) with DOMINO_DATA_DIR=``data_dir``
    (and DOMINO_SCENARIOS_DIR=``scenarios_dir``, if given; and ``env``), its output in
    ``log_path``; yield its URL once it is healthy, and stop it on leaving.  Raises
    ServerDidNotStart."""
    extra = env or {}
    port = free_port() if port is None else port
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DOMINO_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"}
    env.pop("DOMINO_THINK", None)  # the real thing: the computer thinks in worker processes
    if scenarios_dir is not None:
        env["DOMINO_SCENARIOS_DIR"] = str(scenarios_dir)
    env.update(extra)
    cmd = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "app.py",
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
    ]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + timeout
            while not healthy(url):
                if proc.poll() is not None:
                    raise ServerDidNotStart(
                        f"Streamlit exited with code {proc.returncode} before becoming healthy."
                        f"\n--- server log ---\n{log_path.read_text(errors='replace')}")
                if time.monotonic() > deadline:
                    raise ServerDidNotStart(
                        f"Streamlit not healthy at {url} after {timeout:.0f} s."
                        f"\n--- server log ---\n{log_path.read_text(errors='replace')}")
                time.sleep(0.1)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
