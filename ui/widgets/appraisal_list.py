"""An appraisal in words: each legal move's expected result from the mover's seat, and its
class (best, good, inaccuracy, mistake, blunder; forced where there was no choice).

The numbers and classes are the engine's (:mod:`engine.appraise`: every deal of the tiles
the mover cannot see, each played on perfectly); this module words them.  A move and its
mirror image (a tile on either of two equal ends) are one move, named as one click lays it.
The Analysis page draws with it; Play's review may too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from engine.appraise import Appraisal, MoveAppraisal
from engine.moves import Move, canonical

from ..i18n import ltr_run, move_text, t
from . import feedback
from .svg import esc

#: Each class's colour, and a mark that does not rely on colour alone.
CSS = """
.appraisal-list { list-style: none; padding: 0; margin: 0.3rem 0 0.4rem; }
.appraisal-list li { display: flex; flex-wrap: wrap; gap: 0.2rem 0.6rem; align-items: baseline;
    padding: 0.3rem 0.2rem; border-bottom: 1px solid #e4e0d4; }
.appraisal-list .move { flex: 1 1 12rem; }
.appraisal-list .value { font-variant-numeric: tabular-nums; white-space: nowrap; }
.appraisal-list .grade { font-size: 0.85rem; padding: 0 0.45rem; border-radius: 6px;
    white-space: nowrap; border: 1px solid transparent; }
.appraisal-list .played .move { font-weight: 700; }
.grade-best, .grade-forced { background: var(--ok-bg); border-color: var(--ok-border); }
.grade-good { background: #eef3f6; border-color: #c9d7e0; }
.grade-inaccuracy { background: var(--hint-bg); border-color: var(--hint-border); }
.grade-mistake, .grade-blunder { background: var(--no-bg); border-color: var(--no-border); }
.grade-blunder { font-weight: 700; }
"""


@dataclass(frozen=True)
class Line:
    """One move of an appraisal, in words."""

    move: Move
    text: str  # "Play [2|3] on the right end"
    value: str  # "+3.27" (± the standard error where the deals were sampled)
    grade: str  # the class's code
    grade_text: str
    played: bool


def signed(x: float) -> str:
    """+3.27, −0.54 (the minus sign, not a hyphen), 0.00."""
    if abs(x) < 0.005:
        return "0.00"
    return ("+" if x > 0 else "\u2212") + f"{abs(x):.2f}"


def lines(appraisal: Appraisal, ends: tuple[int, int] | tuple[()],
          played: Move | None = None) -> list[Line]:
    """Each distinct move, best first (a mirror pair once, as one click lays it)."""
    out: list[Line] = []
    seen: set[Move] = set()
    mine = canonical(played, ends) if played is not None else None
    for item in appraisal.moves:
        name = canonical(item.move, ends)
        if name in seen:
            continue
        seen.add(name)
        out.append(Line(name, move_text(name), _value(item, appraisal.exact), item.grade,
                        t(f"appraisal_list.grade.{item.grade}"), name == mine))
    return out


def _value(item: MoveAppraisal, exact: bool) -> str:
    text = signed(item.expected)
    if not exact and item.stderr >= 0.005:
        text += f" ± {item.stderr:.2f}"
    return ltr_run(text)


def scale(family: str, players: int) -> str:
    """What the expected result counts, for the family."""
    if family == "gaple":
        return t("appraisal_list.scale_gaple", best=signed((players - 1) / 2))
    return t(f"appraisal_list.scale_{family}")


def show(appraisal: Appraisal, ends: tuple[int, int] | tuple[()], seats: Sequence[str],
         players: int, *, key: str, played: Move | None = None) -> None:
    """Draw the appraisal: every move with its expected result and class, the move played
    (if any) marked, then where the numbers come from."""
    st.html(f"<style>{CSS}</style>")
    rows = lines(appraisal, ends, played)
    items = []
    for row in rows:
        mark = f' <span class="played-mark">{esc(t("appraisal_list.played"))}</span>' \
            if row.played else ""
        items.append(f'<li class="{"played" if row.played else ""}">'
                     f'<span class="move">{esc(row.text)}{mark}</span>'
                     f'<span class="value">{esc(row.value)}</span>'
                     f'<span class="grade grade-{row.grade}">{esc(row.grade_text)}</span></li>')
    mine = next((row for row in rows if row.played), None)
    kind = "ok" if mine is None or mine.grade in ("best", "forced", "good") else "hint"
    with st.container(key=feedback.key(key, kind)):
        st.markdown(f"**{_md(t('appraisal_list.title', name=seats[appraisal.seat]))}**")
        if mine is not None:
            st.markdown(_md(t("appraisal_list.verdict", move=mine.text, grade=mine.grade_text)))
        st.markdown(f'<ul class="appraisal-list">{"".join(items)}</ul>',
                    unsafe_allow_html=True)
        how = t("appraisal_list.exact", count=appraisal.deals) if appraisal.exact else \
            t("appraisal_list.sampled", count=appraisal.deals, total=appraisal.consistent)
        st.caption(f"{scale(appraisal.family, players)} {how}")


def _md(text: str) -> str:
    """Plain text for markdown: tiles' brackets kept as written."""
    return text.replace("[", "\\[").replace("]", "\\]")
