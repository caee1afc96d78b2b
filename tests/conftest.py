"""The fixtures tests in several folders share: the site's data folder, Debian's Chromium
for Playwright, a live server, a PostgreSQL cluster.  A folder's own fixtures are in its own
conftest.py (tests/ui/progress/: the store on both databases).  The tests' folders mirror the
code (tests/engine/<layer>/, tests/ui/, tests/ui/pages/, tests/browser/ …); the support
modules beside the tests that use them are importable from every folder (pyproject.toml's
``pythonpath``).

`data_dir` points the site (DOMINO_DATA_DIR) at the run's data folder, with the site's own
scenarios; `fixture_scenarios` adds the UI test fixtures' scenarios and lessons instead
(DOMINO_SCENARIOS_DIR=tests/data/ui/scenarios).  The AppTest helpers are in
tests/ui/apptest_support.py.

Browser tests use pytest-playwright's `page` fixture (each test gets a new browser context, so
a new Streamlit session) against `live_server` (started by live_site.py). They are marked
`browser` automatically. Where the env var CI is set they never skip: a missing browser or a
server that will not start fails the run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest_support import FIXTURE_SCENARIOS
from live_site import CHROMIUM, CHROMIUM_ARGS, chromium_found, streamlit_server

IN_CI = bool(os.environ.get("CI"))
# Play shows each computer move for a moment; no pause in tests (AppTest and the live server).
os.environ["DOMINO_PLAY_PAUSE"] = "0"
# ... and short budgets for the review's solver and appraisals (a verdict or an appraisal cut
# short is labelled an estimate).
os.environ["DOMINO_JUDGE_SECONDS"] = "0.3"
os.environ["DOMINO_APPRAISE_SECONDS"] = "0.2"


def _skip_or_fail(reason: str) -> None:
    """Skip locally; in CI a browser test must run, so fail loudly instead."""
    if IN_CI:
        pytest.fail(f"{reason} (CI is set: browser tests must not be skipped)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def site_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page tests' data folder: one per test run (per worker), as the site has one."""
    return tmp_path_factory.mktemp("site-data")


@pytest.fixture
def data_dir(monkeypatch: pytest.MonkeyPatch, site_data: Path) -> Path:
    """The site keeps its data (the progress database) in :func:`site_data` and reads its
    own scenarios and lessons (scenarios/: DOMINO_SCENARIOS_DIR unset).  Every test's
    learner is a new one, so tests never see each other's progress; the database is made
    once instead of once a test."""
    monkeypatch.setenv("DOMINO_DATA_DIR", str(site_data))
    monkeypatch.delenv("DOMINO_SCENARIOS_DIR", raising=False)
    monkeypatch.delenv("DOMINO_DATABASE_URL", raising=False)
    monkeypatch.setenv("DOMINO_THINK", "inline")  # AppTest: the computer thinks in-process
    return site_data


@pytest.fixture
def fixture_scenarios(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """As `data_dir`, but the site reads the UI test fixtures' scenarios and lessons."""
    monkeypatch.setenv("DOMINO_SCENARIOS_DIR", str(FIXTURE_SCENARIOS))
    return FIXTURE_SCENARIOS


BROWSER_FIXTURES = {"page", "context", "browser", "live_server", "base_url"}


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml): a worker per core where the browser tests are left out
    (``-m "not browser"``, as ``make test`` runs them first); otherwise none, so the browser
    tests share one live server and have the machine to themselves."""
    if "not browser" in (config.getoption("markexpr") or ""):
        return os.cpu_count() or 1
    return 0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives a browser or the live server as `browser`."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not chromium_found():
        _skip_or_fail(f"Chromium not found at {CHROMIUM} (run `make chromium`)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def live_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's DOMINO_DATA_DIR (its progress database is in there)."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, live_data_dir: Path) -> Iterator[str]:
    """Start `streamlit run app.py` on a free loopback port; yield its URL."""
    log_path = tmp_path_factory.mktemp("server") / "streamlit.log"
    with streamlit_server(live_data_dir, log_path) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """pytest-playwright resolves `page.goto("/")` against this."""
    return live_server


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the whole run (tests/ui/progress/pg_support.py)."""
    from pg_support import cluster

    from ui.progress import _postgres
    with cluster() as url:
        yield url
        _postgres.close_all()
