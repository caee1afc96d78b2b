"""The Progress page (AppTest): the learner's figures as Altair charts with their words, or,
with nothing recorded yet, what to do to get some.  The charts for the puzzles (hooks) are
checked on their own, with made-up rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from apptest_support import open_page, texts
from streamlit.testing.v1 import AppTest

from ui import progress
from ui.pages import progress as page

pytestmark = pytest.mark.usefixtures("data_dir")


def charts(at: AppTest) -> list[Any]:
    return [e for e in at.main.get("vega_lite_chart")]


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
    assert page_links(at) == ["Play a round", "Start a counting drill"]
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


def test_the_puzzle_hooks_have_their_charts_ready_but_are_not_drawn_yet() -> None:
    assert page.PUZZLE_RATING not in page.sections() and page.THEMES not in page.sections()
    assert page.puzzle_ratings() == [] and page.theme_losses() == []
    points = [page.RatingPoint(1.0, 1500.0), page.RatingPoint(2.0, 1532.4),
              page.RatingPoint(3.0, 1510.0)]
    spec = page.rating_chart(points).to_dict()
    assert [v["rating"] for v in spec["data"]["values"]] == [1500, 1532, 1510]
    assert page.rating_summary(points) == (
        "Puzzles: 3 · rating 1500 at first, 1510 now, 1532 at best.")
    themes = [page.ThemeLoss("Blocking", 3, 4.5), page.ThemeLoss("Counting", 5, 9.0)]
    spec = page.themes_chart(themes).to_dict()
    assert [v["theme"] for v in spec["data"]["values"]] == ["Counting", "Blocking"]
    assert page.themes_summary(themes) == "Where you lose most: Counting, Blocking."
