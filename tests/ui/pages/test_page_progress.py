"""The Progress page (AppTest): the learner's figures as Altair charts with their words, or,
with nothing recorded yet, what to do to get some: Play's rounds, the puzzles' rating and
misses by theme, the counting drill."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from apptest_support import open_page, texts
from streamlit.testing.v1 import AppTest

from ui import progress
from ui.pages.progress import logic as page

pytestmark = pytest.mark.usefixtures("data_dir")


def charts(at: AppTest) -> list[Any]:
    return [e for e in at.main.get("vega_lite_chart")]


def misses_spec(chart: Any) -> str:
    """A chart's Vega-Lite spec (its axes' titles …), as sent."""
    return str(chart.proto.spec)


def rows_of(chart: Any) -> list[dict[str, Any]]:
    """The rows a chart was sent (Streamlit sends a chart's data apart, as Arrow tables)."""
    tables = [chart.proto.data.data] if chart.proto.data.data else []
    tables += [d.data.data for d in chart.proto.datasets]
    out: list[dict[str, Any]] = []
    for data in tables:
        out += pa.ipc.open_stream(data).read_all().to_pylist()
    return out


def page_links(at: AppTest) -> list[str]:
    return [link.proto.label for link in at.main.get("page_link")]


def figures(accuracy: float, loss: float) -> progress.RoundFigures:
    return progress.RoundFigures(decisions=8, best=5, good=1, inaccuracies=1, mistakes=1,
                                 blunders=0, mean_loss=loss, accuracy=accuracy, worth=0.0,
                                 result=2.0)


def test_with_nothing_recorded_the_page_says_what_to_do() -> None:
    at = open_page("pages/progress.py")
    assert at.title[0].value == "Progress"
    body = texts(at)
    assert "Nothing to chart yet" in body
    assert "once its review has judged your moves" in body
    assert "Run the counting drill" in body
    assert page_links(at) == ["Play a round", "Solve puzzles", "Solve puzzles",
                              "Start a counting drill"]
    assert not charts(at)


def test_the_charts_carry_the_learners_rounds_and_drill_runs(data_dir: Path) -> None:
    at = open_page("pages/progress.py")
    lid = str(at.query_params["learner"])
    for n, (family, accuracy, loss) in enumerate([("block", 60.0, 2.5), ("duel", 80.0, 0.25),
                                                 ("block", 90.0, 0.5)]):
        progress.record_round(lid, family, True, round_id=f"r{n}", data_dir=data_dir)
        progress.record_figures(lid, f"r{n}", figures(accuracy, loss), data_dir=data_dir)
    progress.record_round(lid, "gaple", False, round_id="unreviewed", data_dir=data_dir)
    for n, right in enumerate([7, 12, 9]):
        progress.record_drill_run(lid, f"d{n}", 60, right + 2, right, played=1000.0 + n,
                                  data_dir=data_dir)
    at.run()
    assert not at.exception
    drawn = charts(at)
    assert len(drawn) == 4  # accuracy; the loss in Block, in the two-player game; the drill
    accuracy, block_loss, duel_loss, runs = (rows_of(c) for c in drawn)
    assert [(r["round"], r["family"], r["accuracy"]) for r in accuracy] == [
        (1, "Block", 60.0), (2, "Two-player game", 80.0), (3, "Block", 90.0)]
    assert [(r["round"], r["loss"]) for r in block_loss] == [(1, 2.5), (3, 0.5)]
    assert [(r["round"], r["loss"]) for r in duel_loss] == [(2, 0.25)]
    assert [(r["run"], r["score"], r["best"]) for r in runs] == [
        (1, 7.0, False), (2, 12.0, True), (3, 9.0, False)]
    spec = json.loads(drawn[3].proto.spec)
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["line", "point", "text"]
    # Every chart has its words: an accessible name, a sentence, its figures as a table.
    assert [c.proto.alt for c in drawn] == [
        "Line chart: your accuracy in each reviewed round of Play, one line per family.",
        "Line chart: your mean loss per decision in each reviewed round, Block.",
        "Line chart: your mean loss per decision in each reviewed round, Two-player game.",
        ("Line chart: right answers a minute in each run of the counting drill, "
         "your best marked.")]
    body = texts(at)
    assert "Block: 2 reviewed rounds, accuracy 75% on average (the last one 90%)" in body
    assert "Two-player game: 1 reviewed round, accuracy 80% on average" in body
    assert "Runs: 3 · best: 12 right answers a minute" in body and "last: 9." in body
    tables = at.main.get("table")
    assert len(tables) == 2


def test_the_charts_speak_the_pages_language(data_dir: Path) -> None:
    at = open_page("pages/progress.py", lang="uk")
    lid = str(at.query_params["learner"])
    progress.record_drill_run(lid, "d", 60, 5, 5, data_dir=data_dir)
    at.run()
    (chart,) = charts(at)
    spec = json.loads(chart.proto.spec)
    assert spec["layer"][0]["encoding"]["y"]["title"] == "Правильних відповідей за хвилину"
    assert "Тренування підрахунку" in texts(at)


def test_the_puzzles_rating_and_misses_by_theme_are_charted(data_dir: Path) -> None:
    assert page.PUZZLE_RATING in page.sections() and page.THEMES in page.sections()
    at = open_page("pages/progress.py")
    lid = str(at.query_params["learner"])
    for n, (solved, themes, loss) in enumerate([(True, ("block",), 0.0),
                                                (False, ("block", "count"), 6.0),
                                                (False, ("count",), 3.0)]):
        progress.record_attempt(lid, progress.Attempt(f"a{n}", f"p{n}", "bank", "block",
                                                      themes, solved, "pass", loss),
                                1000.0 + n, data_dir=data_dir)
    history = progress.rating_history(lid, data_dir=data_dir)
    at.run()
    assert not at.exception
    drawn = charts(at)
    assert len(drawn) == 2
    ratings, misses = (rows_of(c) for c in drawn)
    assert [r["rating"] for r in ratings] == [round(r) for _, r in history]
    assert [(r["theme"], r["mistakes"], r["cost"]) for r in misses] == [
        ("Counting the tiles out of play", 2, 3.0), ("Blocking a number a player lacks", 1, 2.0)]
    body = texts(at)
    # The rating at first is the one every learner starts with, before the first puzzle
    # (here it moved up at once: the first puzzle was solved).
    assert round(history[0][1]) > 1500
    best = max(1500, *(round(r) for _, r in history))
    assert (f"Puzzles: 3 · rating 1500 at first, {round(history[-1][1])} now, {best} at best."
            in body)
    assert "Where you lose most: Counting the tiles out of play" in body
    # What the cost is counted in: mistakes, each family's band said.
    assert ("The cost is counted in mistakes: a miss that loses as much as a mistake (3.0 points "
            "in Block" in body)
    assert "What it cost in all, in mistakes" in misses_spec(drawn[1])


