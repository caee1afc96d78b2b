"""The Progress page: the learner's figures over time, as charts (Vega-Lite through Altair,
which Streamlit ships), each with its words for screen readers.

The page is a list of :class:`Section` s.  A section loads its rows with one progress query
(through :mod:`ui.session`, which never raises), turns them into charts (pure functions of
the rows, tested on their own) and says in a sentence what they show.  A section with no rows
says what to do to get some.

Sections: Play's accuracy and mean loss per reviewed round, by family (``round_history``);
the counting drill's scores with the best marked (``drill_runs``); the puzzles:
:data:`PUZZLE_RATING` (the puzzle rating after each rated puzzle, ``rating_history``) and
:data:`THEMES` (missed puzzles by theme, the themes where the learner loses most,
``theme_misses``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import altair as alt

from engine.game.rules import FAMILIES
from engine.search.appraise import BANDS

from ... import glicko2, session
from ...i18n import join_list, t
from ...progress import DrillRun, RoundPoint
from ...widgets.appraisal import amount, figure, number
from ...widgets.deal_setup import family_name

PLAY_PAGE = "pages/play.py"
DRILL_PAGE = "pages/drill.py"
PUZZLES_PAGE = "pages/puzzles.py"
#: How many rows a section's table of figures shows (the latest).
TABLE_ROWS = 20
CHART_HEIGHT = 260
LOSS_HEIGHT = 190


def when(stamp: float) -> str:
    """A time as a date, for tooltips and tables."""
    return time.strftime("%Y-%m-%d", time.localtime(stamp))


# -- the puzzles' figures ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The puzzle rating after one puzzle."""

    played: float
    rating: float


@dataclass(frozen=True, slots=True)
class ThemeLoss:
    """One theme of the learner's mistakes: its name (worded), how many mistakes, what they
    cost in all (the review's loss)."""

    theme: str
    mistakes: int
    loss: float


def puzzle_ratings() -> list[RatingPoint]:
    """The learner's puzzle rating after each rated puzzle, oldest first."""
    return [RatingPoint(played, rating) for played, rating in session.rating_history()]


def theme_losses() -> list[ThemeLoss]:
    """The learner's missed puzzles by theme (worded), with what they cost in all, in the
    families' mistake bands (a miss as costly as a mistake counts 1)."""
    return [ThemeLoss(t(f"puzzles.theme.{theme}"), count, loss)
            for theme, count, loss in session.theme_misses()]


# -- rows for the charts ----------------------------------------------------------------------


def play_rows(points: Sequence[RoundPoint]) -> list[dict[str, Any]]:
    return [{"round": n, "family": family_name(p.family), "accuracy": round(p.accuracy, 1),
             "loss": round(p.mean_loss, 2), "decisions": p.decisions, "date": when(p.played)}
            for n, p in enumerate(points, start=1)]


def drill_rows(runs: Sequence[DrillRun]) -> list[dict[str, Any]]:
    best = max((r.per_minute for r in runs), default=0.0)
    return [{"run": n, "score": r.per_minute, "right": r.right, "answered": r.answered,
             "seconds": round(r.seconds), "date": when(r.played),
             "best": 0 < best == r.per_minute}
            for n, r in enumerate(runs, start=1)]


def rating_rows(points: Sequence[RatingPoint]) -> list[dict[str, Any]]:
    return [{"puzzle": n, "rating": round(p.rating), "date": when(p.played)}
            for n, p in enumerate(points, start=1)]


def theme_rows(rows: Sequence[ThemeLoss]) -> list[dict[str, Any]]:
    ordered = sorted(rows, key=lambda r: -r.loss)
    return [{"theme": r.theme, "mistakes": r.mistakes, "cost": round(r.loss, 2)}
            for r in ordered]


# -- charts -------------------------------------------------------------------------------------

#: What st.altair_chart draws.
Chart = alt.Chart | alt.LayerChart | alt.FacetChart


@dataclass(frozen=True)
class Drawn:
    """A chart, its accessible name (``st.altair_chart``'s ``alt``), and a heading over it
    (none: the section's own)."""

    chart: Chart
    alt: str
    heading: str = ""


def _data(rows: list[dict[str, Any]]) -> alt.Data:
    """Rows inline in the chart's spec (Streamlit sends them to the browser as a table)."""
    return alt.Data(values=rows)  # type: ignore[no-untyped-call]


#: Each family's colour, the same in every chart.
COLOURS = {"block": "#1f6f5c", "gaple": "#c98a00", "duel": "#3b6fb6"}


def _family_colour(family: str) -> str:
    return COLOURS.get(family, "#5b6168")


def _colours(points: Sequence[RoundPoint]) -> alt.Scale:
    families = list(dict.fromkeys(p.family for p in points))
    return alt.Scale(domain=[family_name(f) for f in families],
                     range=[_family_colour(f) for f in families])


def _whole() -> alt.Axis:
    """An axis of whole numbers (rounds, runs, puzzles): 1, 2, 3."""
    return alt.Axis(tickMinStep=1, format="d")


def _tooltip(*fields: tuple[str, str, str]) -> list[alt.Tooltip]:
    return [alt.Tooltip(f"{name}:{kind}", title=title) for name, kind, title in fields]


def accuracy_chart(points: Sequence[RoundPoint]) -> alt.Chart:
    """Accuracy (0–100) per reviewed round, a line per family."""
    family = t("charts.family")
    chart: alt.Chart = alt.Chart(_data(play_rows(points))).mark_line(point=True).encode(
        x=alt.X("round:Q", title=t("charts.round"), axis=_whole()),
        y=alt.Y("accuracy:Q", title=t("charts.accuracy"), scale=alt.Scale(domain=[0, 100]),
                axis=alt.Axis(format="d")),
        color=alt.Color("family:N", title=family, scale=_colours(points)),
        tooltip=_tooltip(("date", "N", t("charts.date")), ("family", "N", family),
                         ("accuracy", "Q", t("charts.accuracy")),
                         ("loss", "Q", t("charts.loss"))),
    ).properties(height=CHART_HEIGHT)
    return chart


def loss_chart(points: Sequence[RoundPoint], family: str) -> alt.Chart:
    """Mean loss per reviewed round of one family (each family has its own scale: Block's
    points, Gaple's places, the two-player game's wins), on the same rounds as the accuracy."""
    rows = [r for r, p in zip(play_rows(points), points, strict=True) if p.family == family]
    chart: alt.Chart = alt.Chart(_data(rows)).mark_line(point=True).encode(
        x=alt.X("round:Q", title=t("charts.round"), axis=_whole(),
                scale=alt.Scale(domain=[1, max(2, len(points))])),
        y=alt.Y("loss:Q", title=t("charts.loss"), axis=alt.Axis(format=".2~f")),
        color=alt.value(_family_colour(family)),
        tooltip=_tooltip(("date", "N", t("charts.date")), ("loss", "Q", t("charts.loss"))),
    ).properties(height=LOSS_HEIGHT)
    return chart


def loss_charts(points: Sequence[RoundPoint]) -> list[Drawn]:
    """:func:`loss_chart` for each family played, with its words and heading."""
    return [Drawn(loss_chart(points, family), t("charts.loss_alt", family=family_name(family)),
                  t("charts.loss_of", family=family_name(family)))
            for family in dict.fromkeys(p.family for p in points)]


def drill_chart(runs: Sequence[DrillRun]) -> alt.LayerChart:
    """Right answers a minute per run; the best run marked and labelled."""
    data = _data(drill_rows(runs))
    score = t("charts.drill_score")
    base = alt.Chart(data).encode(
        x=alt.X("run:Q", title=t("charts.run"), axis=_whole()),
        y=alt.Y("score:Q", title=score, scale=alt.Scale(zero=True),
                axis=alt.Axis(format=".1~f")))
    line = base.mark_line(point=True).encode(
        tooltip=_tooltip(("date", "N", t("charts.date")), ("score", "Q", score),
                         ("right", "Q", t("charts.right")),
                         ("answered", "Q", t("charts.answered"))))
    best = base.transform_filter(alt.datum.best).mark_point(
        shape="diamond", size=160, filled=True, color="#c98a00")
    label = base.transform_filter(alt.datum.best).mark_text(
        dy=-14, color="#8a5e00", fontWeight="bold").encode(
        text=alt.value(t("charts.best_mark")))
    return alt.LayerChart(layer=[line, best, label], height=CHART_HEIGHT)


def rating_chart(points: Sequence[RatingPoint]) -> alt.Chart:
    """The puzzle rating after each puzzle."""
    rating = t("charts.rating")
    chart: alt.Chart = alt.Chart(_data(rating_rows(points))).mark_line(point=True).encode(
        x=alt.X("puzzle:Q", title=t("charts.puzzle"), axis=_whole()),
        y=alt.Y("rating:Q", title=rating, scale=alt.Scale(zero=False), axis=alt.Axis(format="d")),
        tooltip=_tooltip(("date", "N", t("charts.date")), ("rating", "Q", rating)),
    ).properties(height=CHART_HEIGHT)
    return chart


def themes_chart(rows: Sequence[ThemeLoss]) -> alt.Chart:
    """Mistakes by theme, the costliest first: where to improve."""
    theme, loss = t("charts.theme"), t("charts.theme_loss")
    chart: alt.Chart = alt.Chart(_data(theme_rows(rows))).mark_bar(color="#b3401a").encode(
        y=alt.Y("theme:N", title=theme, sort="-x"),
        x=alt.X("cost:Q", title=loss),
        tooltip=_tooltip(("theme", "N", theme), ("mistakes", "Q", t("charts.mistakes")),
                         ("cost", "Q", loss)),
    ).properties(height=alt.Step(26))
    return chart


# -- words (the charts' text alternatives) ------------------------------------------------------


def play_summary(points: Sequence[RoundPoint]) -> str:
    """The rounds' figures in a sentence per family: how many, the mean, the last."""
    parts = []
    for family in dict.fromkeys(p.family for p in points):
        own = [p for p in points if p.family == family]
        parts.append(t("charts.play_family", family=family_name(family), count=len(own),
                       accuracy=figure(sum(p.accuracy for p in own) / len(own)),
                       last=figure(own[-1].accuracy),
                       loss=number(sum(p.mean_loss for p in own) / len(own), 2)))
    return " ".join(parts)


def drill_summary(runs: Sequence[DrillRun]) -> str:
    best = max(runs, key=lambda r: r.per_minute)
    return t("charts.drill_summary", count=len(runs), best=figure(best.per_minute),
             date=when(best.played), last=figure(runs[-1].per_minute))


def rating_summary(points: Sequence[RatingPoint]) -> str:
    """How many puzzles, the rating at first (every learner starts at
    :data:`ui.glicko2.START`, before the first puzzle), now, and at best."""
    return t("charts.rating_summary", count=len(points), first=round(glicko2.START),
             last=round(points[-1].rating),
             best=round(max(glicko2.START, *(p.rating for p in points))))


def themes_summary(rows: Sequence[ThemeLoss]) -> str:
    """The costliest themes, and the cost's unit: mistakes (a miss that loses as much as
    the family's mistake band, engine.search.appraise.BANDS, counts 1)."""
    worst = theme_rows(rows)[:3]
    return " ".join((t("charts.themes_summary", themes=join_list(r["theme"] for r in worst)),
                     themes_unit()))


def themes_unit() -> str:
    """What the themes' cost is counted in, with each family's mistake band."""
    items = [t("charts.unit_item", amount=amount(f, BANDS[f][1]), family=family_name(f))
             for f in FAMILIES]
    return t("charts.themes_unit", items=join_list(items))


# -- the sections -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One part of the page: a title, its rows (one progress query), its charts with their
    accessible names, a sentence saying what they show, its rows as a table, and, with no
    rows yet, what to do (and the page where to do it)."""

    key: str
    title: str  # catalog keys, worded when drawn
    load: Callable[[], Sequence[Any]]
    charts: Callable[[Sequence[Any]], list[Drawn]]
    summary: Callable[[Sequence[Any]], str]
    table: Callable[[Sequence[Any]], list[dict[str, Any]]]
    empty: str
    link: tuple[str, str]


PLAY = Section(
    "play", "charts.play_title", session.round_history,
    lambda p: [Drawn(accuracy_chart(p), t("charts.accuracy_alt")), *loss_charts(p)],
    play_summary, play_rows, "charts.play_empty", (PLAY_PAGE, "charts.go_play"))
DRILL = Section(
    "drill", "charts.drill_title", session.drill_runs,
    lambda r: [Drawn(drill_chart(r), t("charts.drill_alt"))],
    drill_summary, drill_rows, "charts.drill_empty", (DRILL_PAGE, "charts.go_drill"))
PUZZLE_RATING = Section(
    "puzzles", "charts.rating_title", puzzle_ratings,
    lambda p: [Drawn(rating_chart(p), t("charts.rating_alt"))],
    rating_summary, rating_rows, "charts.rating_empty", (PUZZLES_PAGE, "charts.go_puzzles"))
THEMES = Section(
    "themes", "charts.themes_title", theme_losses,
    lambda r: [Drawn(themes_chart(r), t("charts.themes_alt"))],
    themes_summary, theme_rows, "charts.themes_empty", (PUZZLES_PAGE, "charts.go_puzzles"))
SECTIONS: tuple[Section, ...] = (PLAY, PUZZLE_RATING, THEMES, DRILL)


def sections() -> list[Section]:
    """The sections the page draws, in order."""
    return list(SECTIONS)
