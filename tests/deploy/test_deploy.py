"""Two replicas of the site on one PostgreSQL, nginx in front: a learner's progress survives
the replica they were on.

Starts a throwaway PostgreSQL cluster, two Streamlit replicas with DOMINO_DATABASE_URL on it
and nginx (deploy/nginx.conf.template); a browser finishes a Learn step through nginx; the
replica that served it is stopped; the browser reloads its link, is served by the other
replica, and sees the step done with its stars.  Everything started is stopped.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import settle, tile
from live_site import streamlit_server
from playwright.sync_api import Browser, Page, expect
from serving_support import Replica, nginx, replicas, served_by

pytestmark = pytest.mark.browser

RIGHT = "Right — 1 matches 1. A double lies across the line and keeps its value"


@pytest.fixture(scope="module")
def farm(postgres_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[str, Path, list[Replica]]]:
    folder = tmp_path_factory.mktemp("deploy")
    with replicas(2, folder, postgres_url) as running, \
            nginx(folder / "nginx", [r.port for r in running]) as url:
        yield url, folder / "nginx", running


def test_progress_survives_the_replica_it_was_made_on(
        farm: tuple[str, Path, list[Replica]], browser: Browser) -> None:
    url, prefix, running = farm
    context = browser.new_context(base_url=url)
    page: Page = context.new_page()
    before = len(served_by(prefix))  # nginx's own health checks came with no cookie
    try:
        page.goto("/learn?lesson=matching-ends")
        settle(page)
        expect(page.get_by_role("heading", name="Match an open end")).to_be_visible(
            timeout=20_000)
        expect(tile(page, "1-1")).to_be_enabled(timeout=20_000)
        tile(page, "1-1").click()
        expect(page.get_by_text(RIGHT)).to_be_visible(timeout=20_000)
        expect(page.locator('[aria-label="3 of 3 stars"]')).to_be_visible()
        assert "learner=" in page.url
        link = page.url

        ports = served_by(prefix)[before:]
        assert ports, "nginx logged no request from the browser"
        first = ports[-1]
        assert set(ports) == {first}  # one browser, one replica (the affinity cookie)
        [gone] = [r for r in running if r.port == first]
        gone.stop()

        page.goto(link)  # reconnect: nginx passes the browser to the other replica
        settle(page)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_text(re.compile(r"1 of \d+ steps done · 3 ★"))).to_be_visible(
            timeout=30_000)
        expect(page.locator('[aria-current="step"]')).to_have_text("1 ✓")
        [other] = [r for r in running if r.port != first]
        assert served_by(prefix)[-1] == other.port  # the other replica answered
    finally:
        context.close()


def test_no_replica_answering_shows_the_sites_page_and_one_back_is_used_at_once(
        tmp_path: Path) -> None:
    """Every replica down: nginx answers with the site's own page (503, its words in every
    language, trying again by itself), never nginx's "502 Bad Gateway"; the first request
    once a replica is back up reaches it (no fail_timeout holding it out)."""
    with replicas(1, tmp_path, None) as [replica], \
            nginx(tmp_path / "nginx", [replica.port]) as url:
        assert fetch(url)[0] == 200
        replica.stop()
        for _ in range(3):  # failures counted against the replica, as a crash's would be
            status, body = fetch(url)
            assert status == 503, body
            assert "Bad Gateway" not in body and "nginx" not in body
            assert "The site is restarting" in body and "Сайт перезапускается" in body
            assert 'lang="ar" dir="rtl"' in body and 'http-equiv="refresh"' in body
        with streamlit_server(tmp_path / "again", tmp_path / "again.log", port=replica.port):
            assert fetch(url)[0] == 200  # the first request after it is back


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url + "/", timeout=30) as resp:
            return int(resp.status), resp.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return int(e.code), e.read().decode("utf-8")
