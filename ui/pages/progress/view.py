"""The Progress page's drawing: each section's charts with their words, or what to do to get
some.  Drawing only; the sections, their queries and charts are in :mod:`ui.pages.progress.logic`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from ...i18n import t
from ...nav import page_link
from ...widgets.svg import esc
from .logic import TABLE_ROWS, Section, sections

#: The table columns each section shows, in order (the rows' other keys are for the charts).
COLUMNS: dict[str, tuple[str, ...]] = {
    "play": ("round", "date", "family", "accuracy", "loss", "decisions"),
    "drill": ("run", "date", "score", "right", "answered", "seconds"),
    "puzzles": ("puzzle", "date", "rating"),
    "themes": ("theme", "mistakes", "cost"),
}

CSS = """
/* A chart keeps its own left-to-right layout on a right-to-left page (its texts still read
   in their language's direction), as the tables' drawings do. */
[data-testid="stVegaLiteChart"], .vega-embed { direction: ltr; }
[class*="st-key-progress-empty"] { background: #f6f4ee; border-radius: 10px;
    padding: 0.6rem 1rem 0.3rem; }
"""


def _table(section: Section, rows: Sequence[Any]) -> None:
    """The figures as a table (a chart's full text alternative), the latest rows."""
    columns = COLUMNS.get(section.key)
    table = section.table(rows)[-TABLE_ROWS:]
    if columns is not None:
        table = [{t(f"charts.col.{c}"): row[c] for c in columns if c in row} for row in table]
    with st.expander(t("charts.as_table"), key=f"progress-table-{section.key}"):
        st.table(table)


def _section(section: Section, rows: Sequence[Any]) -> None:
    st.subheader(t(section.title), anchor=False)
    if not rows:
        with st.container(key=f"progress-empty-{section.key}"):
            st.markdown(t(section.empty))
            page_link(section.link[0], t(section.link[1]))
        return
    st.markdown(section.summary(rows))
    for n, drawn in enumerate(section.charts(rows)):
        if drawn.heading:
            st.markdown(f"**{drawn.heading}**")
        st.altair_chart(drawn.chart, key=f"progress-chart-{section.key}-{n}", alt=drawn.alt)
    _table(section, rows)


def draw() -> None:
    """The whole page."""
    st.html(f"<style>{CSS}</style>")
    st.title(t("charts.title"))
    shown = [(s, s.load()) for s in sections()]
    if not any(rows for _, rows in shown):
        st.markdown(f'<p class="lead">{esc(t("charts.nothing_yet"))}</p>',
                    unsafe_allow_html=True)
        with st.container(key="progress-empty-all"):
            for section, _ in shown:
                st.markdown(t(section.empty))
                page_link(section.link[0], t(section.link[1]))
        return
    st.markdown(f'<p class="lead">{esc(t("charts.lead"))}</p>', unsafe_allow_html=True)
    for section, rows in shown:
        _section(section, rows)
