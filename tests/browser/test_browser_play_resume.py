"""Play's match survives the browser and the server (issue 26), in a real browser.

A two-player Block match against Medium: round 1 played out, "Next round", a move of round 2;
then the page is reloaded, the tab closed and the site opened again in a new one, the server
process stopped and started again, and (tests/deploy/test_deploy.py's set-up: PostgreSQL, two
replicas, nginx) the replica that served it stopped.  Each time the page shows the same match:
the sheet, round 2 at the same move with the same hand, the learner to move, and says that the
match was kept, "Resume" the default and "Abandon this match" beside it.  A round whose review
the server was still working out when it stopped has its review, kept once.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from pathlib import Path

import pytest
from browser_support import WAIT, settle
from live_site import free_port, streamlit_server
from play_browser import (
    RESULT,
    hand,
    log_lines,
    play_to_the_end,
    take_turn,
    wait_for_review,
    wait_for_turn,
)
from playwright.sync_api import Browser, Page, expect
from serving_support import nginx, replicas, served_by

from ui import progress

pytestmark = pytest.mark.browser

ADDRESS = "/play?rules=block&players=2&level=counting&seed={seed}"
KEPT = re.compile(r"Your match was kept where you left it: round (\d+), as it stood\.")


def snapshot(page: Page) -> dict[str, object]:
    """What the learner sees of the match: the round's title, the sheet, the moves so far,
    their hand, whose turn."""
    settle(page)
    assert wait_for_turn(page), "the round is over"
    title = page.get_by_text(re.compile(r"^Match to \d+ points · round \d+$"))
    expect(title).to_be_visible(timeout=WAIT)
    sheet = page.locator("table.play-sheet")
    expect(sheet).to_be_visible(timeout=WAIT)
    return {"title": title.inner_text(), "sheet": sheet.inner_text(),
            "moves": log_lines(page), "hand": sorted(hand(page)),
            "yours": page.locator("button.tile:enabled").count() > 0}


def into_round_two(page: Page, address: str) -> dict[str, object]:
    page.goto(address)
    settle(page)
    play_to_the_end(page)
    expect(page.get_by_text(RESULT, exact=True)).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Next round").click()
    expect(page.get_by_text(RESULT, exact=True)).to_have_count(0, timeout=WAIT)
    settle(page)
    assert wait_for_turn(page)
    take_turn(page)
    shown = snapshot(page)
    assert shown["title"].endswith("round 2") and shown["yours"]  # type: ignore[union-attr]
    return shown


def kept_said(page: Page, round_no: int) -> None:
    """The page says the match was taken up, "Resume" its default."""
    said = page.get_by_text(KEPT)
    expect(said).to_be_visible(timeout=WAIT)
    found = KEPT.search(said.inner_text())
    assert found and int(found.group(1)) == round_no
    box = page.locator(".st-key-play-resumed")
    expect(box.locator('[data-testid="stBaseButton-primary"]')).to_have_text("Resume")
    expect(box.get_by_role("button", name="Abandon this match")).to_be_visible()


def test_a_reload_and_a_closed_tab_find_the_match_where_it_was(browser: Browser,
                                                                base_url: str) -> None:
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    try:
        before = into_round_two(page, ADDRESS.format(seed=31))
        page.reload()
        assert snapshot(page) == before
        kept_said(page, 2)
        page.locator(".st-key-play-resumed").get_by_role("button", name="Resume").click()
        expect(page.get_by_text(KEPT)).to_have_count(0, timeout=WAIT)
        assert snapshot(page) == before
        page.close()  # the tab closed; the browser remembers the learner (its cookie)
        again = context.new_page()
        again.goto("/play")
        assert snapshot(again) == before
        kept_said(again, 2)
        # Abandon: a new match, round 1, no sheet yet; not offered again.
        again.locator(".st-key-play-resumed").get_by_role(
            "button", name="Abandon this match").click()
        expect(again.get_by_text(KEPT)).to_have_count(0, timeout=WAIT)
        settle(again)
        expect(again.locator("table.play-sheet")).to_have_count(0, timeout=WAIT)
        again.reload()
        settle(again)
        expect(again.get_by_text(KEPT)).to_have_count(0)
    finally:
        context.close()


def _children(pid: int) -> list[tuple[int, int]]:
    """The processes whose parent is ``pid``, each with its niceness (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append((int(stat.parent.name), int(fields[16])))
    return found


def review_worker(url: str) -> int:
    """The review's worker process (niceness 19) of the server serving ``url``."""
    port = url.rsplit(":", 1)[1]
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in args and b"--server.port" in args and \
                args[args.index(b"--server.port") + 1] == port.encode():
            workers = [child for child, nice in _children(int(cmdline.parent.name))
                       if nice == 19]
            assert len(workers) == 1, workers
            return workers[0]
    raise AssertionError(f"no server on port {port}")


def test_a_restart_of_the_server_finds_the_match_and_finishes_the_review(
        browser: Browser, tmp_path: Path) -> None:
    data = tmp_path / "data"
    context = browser.new_context()
    page = context.new_page()
    worker = 0
    try:
        # One review worker, so that holding it holds the review.
        with streamlit_server(data, tmp_path / "first.log",
                              env={"DOMINO_REVIEW_WORKERS": "1"}) as url:
            before = into_round_two(page, url + ADDRESS.format(seed=33))
            link = page.url.removeprefix(url)
            learner = re.search(r"learner=([\w-]+)", link)
            assert learner is not None
            # The review's worker (started for round 1's review) is held: round 2's review
            # cannot be worked out before the server stops.
            worker = review_worker(url)
            os.kill(worker, signal.SIGSTOP)
            play_to_the_end(page)
            expect(page.get_by_text(RESULT, exact=True)).to_be_visible(timeout=WAIT)
            ended = page.url.removeprefix(url)
        with contextlib.suppress(ProcessLookupError):  # a worker ends with its server
            os.kill(worker, signal.SIGKILL)
        # Round 2's review is pending (and round 1's too, if the worker was held before it
        # had finished that one: the restart finishes both, below).
        [(_, claimer, _)] = [
            p for p in progress.pending_reviews(learner.group(1), data_dir=data)
            if p[0].round_id.endswith(":2")]
        assert not claimer  # the stopping server handed it back (ui.thinking.stop)
        # Started again (its claim on an unfinished review lapses at once here).
        with streamlit_server(data, tmp_path / "second.log",
                              env={"DOMINO_REVIEW_LEASE": "0"}) as url:
            page.goto(url + ended)
            settle(page)
            expect(page.get_by_text(RESULT, exact=True)).to_be_visible(timeout=WAIT)
            assert wait_for_review(page) >= 1  # the review, whole
            expect(page.get_by_text(re.compile(r"^Match to \d+ points · round 2$"))
                   ).to_be_visible()
            sheet = page.locator("table.play-sheet").inner_text()
            rows = str(before["sheet"]).splitlines()  # the heading, round 1, the totals
            assert rows[0] in sheet and rows[1] in sheet and sheet != before["sheet"]
    finally:
        context.close()
        if worker:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)
    lid = learner.group(1)
    kept = progress.decisions(lid, data_dir=data)
    rounds = {d.round_id for d in kept}
    assert len(rounds) == 2  # each round's review, once
    assert progress.recent(lid, data_dir=data).rounds == 2
    assert progress.pending_reviews(lid, data_dir=data) == []


def test_a_restart_in_the_middle_of_a_round_finds_its_position(browser: Browser,
                                                                 tmp_path: Path) -> None:
    data = tmp_path / "data"
    context = browser.new_context()
    page = context.new_page()
    try:
        with streamlit_server(data, tmp_path / "first.log") as url:
            before = into_round_two(page, url + ADDRESS.format(seed=35))
            link = page.url.removeprefix(url)
        with streamlit_server(data, tmp_path / "second.log") as url:
            page.goto(url + link)
            assert snapshot(page) == before
            kept_said(page, 2)
    finally:
        context.close()


def test_a_table_left_open_through_a_restart_takes_clicks_again(browser: Browser,
                                                                   tmp_path: Path) -> None:
    """The page stays open while the server stops and starts again on its port: the tab
    reconnects to a new session, which knows none of the page's fragments (the table is
    one).  The page runs again by itself (the match taken up, said so) and a click on the
    table plays, rather than a table on show that ignores every click."""
    data = tmp_path / "data"
    port = free_port()
    context = browser.new_context()
    page = context.new_page()
    try:
        with streamlit_server(data, tmp_path / "first.log", port=port) as url:
            page.goto(url + ADDRESS.format(seed=39))
            settle(page)
            assert wait_for_turn(page)
            take_turn(page)
            assert wait_for_turn(page)
            before = log_lines(page), sorted(hand(page))
        with streamlit_server(data, tmp_path / "second.log", port=port):
            expect(page.get_by_text(KEPT)).to_be_visible(timeout=3 * WAIT)  # no reload
            assert wait_for_turn(page)
            assert (log_lines(page), sorted(hand(page))) == before
            take_turn(page)  # the click on the table is taken: a move and its answer
            assert len(log_lines(page)) > len(before[0])
    finally:
        context.close()


def test_another_replica_behind_nginx_finds_the_match(postgres_url: str, browser: Browser,
                                                      tmp_path: Path) -> None:
    folder = tmp_path / "deploy"
    with replicas(2, folder, postgres_url) as running, \
            nginx(folder / "nginx", [r.port for r in running]) as url:
        context = browser.new_context(base_url=url)
        page = context.new_page()
        prefix = folder / "nginx"
        try:
            before_requests = len(served_by(prefix))
            before = into_round_two(page, ADDRESS.format(seed=37))
            link = page.url
            ports = served_by(prefix)[before_requests:]
            first = ports[-1]
            assert set(ports) == {first}  # one browser, one replica (the affinity cookie)
            [gone] = [r for r in running if r.port == first]
            gone.stop()
            page.goto(link)  # the other replica
            assert snapshot(page) == before
            kept_said(page, 2)
            [other] = [r for r in running if r.port != first]
            assert served_by(prefix)[-1] == other.port
        finally:
            context.close()

