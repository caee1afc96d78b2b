"""An appraisal in words: each move's worth from what the mover could see, its class and what
it costs (engine/search/appraise.py); Play's review and tutor, and the Analysis page: a learner
sees the same classes, colours, signs, numbers and words wherever a move is appraised.

A class is shown as a badge, its colour from the feedback colours (``--ok-bg`` …) and its
sign (best ✓, inaccuracy ?!, mistake ?, blunder ??) hidden from screen readers, which read
the class's name and what the move costs instead: "mistake, costs 3.2 points on average".
Numbers are in each family's scale, in words a learner reads: Block in points (the mover's
minus the others' average), Gaple in places (1 is first), the two-player game in games
(a win +1, a draw 0, a loss −1).  An estimate says so, with its margin.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.game.moves import Move, canonical
from engine.game.rules import result_unit
from engine.search.appraise import MIN_VERDICT, Appraisal

from ..i18n import is_rtl, language, ltr_run, move_text, t
from .svg import esc

#: Each class's sign, beside its name (none for a forced or a good move).
SIGNS = {"forced": "", "best": "✓", "good": "", "inaccuracy": "?!", "mistake": "?",
         "blunder": "??"}
#: How many decimals figures are written with, by their unit (:func:`engine.game.rules.result_unit`).
PLACES = {"points": 1, "place": 2, "chance": 2}

CSS = """
.grade { display: inline-block; border: 1px solid; border-radius: 999px; padding: 0 0.6em;
    font-weight: 600; font-size: 0.88em; line-height: 1.5; white-space: nowrap;
    color: #1f2a24; }
.grade .sign { font-weight: 700; margin-inline-end: 0.3em; }
.grade-forced { background: #eef0f2; border-color: #d3d8dc; }
.grade-best { background: var(--ok-bg); border-color: var(--ok-border); }
.grade-good { background: #f1f7f3; border-color: var(--ok-border); border-style: dashed; }
.grade-inaccuracy { background: var(--hint-bg); border-color: var(--hint-border); }
.grade-mistake { background: var(--no-bg); border-color: var(--no-border); }
.grade-blunder { background: var(--no-border); border-color: #c98a72; }
.appraisal-moves { list-style: none; padding-inline-start: 0; margin: 0.2rem 0 0.4rem; }
.appraisal-moves li { margin: 0.25rem 0; }
.grade-counts { list-style: none; padding-inline-start: 0; display: flex; flex-wrap: wrap;
    gap: 0.3rem 1.1rem; margin: 0.2rem 0 0.5rem; }
.grade-counts li { margin: 0; }
"""


def number(value: float, places: int = 1, signed: bool = False) -> str:
    """``value`` as the page's language writes it: its decimal sign (a comma in Ukrainian
    and Russian), a real minus, a plus when ``signed``; kept left to right in a right-to-left
    page."""
    rounded = round(value, places)
    text = f"{abs(rounded):.{places}f}".replace(".", t("appraisal.decimal"))
    if rounded < 0:
        text = "\u2212" + text
    elif signed and rounded > 0:
        text = "+" + text
    return ltr_run(text) if is_rtl() and text[0] in "+\u2212" else text


def figure(value: float) -> str:
    """A rate or an average with its one decimal only where it has one (12.5, 12; 12,5 in
    Ukrainian and Russian), in the page's language."""
    return number(value, 1).removesuffix(t("appraisal.decimal") + "0")


def count(n: int) -> str:
    """A whole number with the language's thousands separator (2,310; 2 310; 2.310), none
    below the language's minimum grouping (Spanish: 2310, but 12.310)."""
    if abs(n) < 10 ** (2 + language.MIN_GROUPING.get(language.current_lang(), 1)):
        return str(n)
    return f"{n:,d}".replace(",", t("appraisal.thousands"))


def amount(family: str, value: float) -> str:
    """An amount in the family's scale: "3.2 points", "0.40 of a place", "0.25 of a game"."""
    unit = result_unit(family)
    return t(f"appraisal.amount_{unit}", value=number(value, PLACES[unit]))


def cost(family: str, loss: float, margin: float = 0.0) -> str:
    """What a move costs against the best: "costs 3.2 points on average", and with an
    estimate's margin (the half-width of the loss's 95% interval) where it shows at the
    figure's precision: "costs 4.3 points on average (± 1.2)"."""
    unit = result_unit(family)
    if round(margin, PLACES[unit]) > 0:
        return t("appraisal.costs_margin", amount=amount(family, loss),
                 margin=number(margin, PLACES[unit]))
    return t("appraisal.costs", amount=amount(family, loss))


def score(family: str, expected: float, players: int) -> str:
    """What a move is worth on average: "+1.9 points on average", "place 1.85 on average",
    "+0.40 a game on average"."""
    unit = result_unit(family)
    if unit == "place":
        return t("appraisal.score_place", place=number((players + 1) / 2 - expected,
                                                       PLACES[unit]))
    return t(f"appraisal.score_{unit}", value=number(expected, PLACES[unit], signed=True))


def grade_name(grade: str) -> str:
    return t(f"appraisal.grade_{grade}")


def said(grade: str, family: str, loss: float, margin: float = 0.0) -> str:
    """What a screen reader says of a move's class: "mistake, costs 3.2 points on average";
    a best or a forced move only its class."""
    if grade in ("best", "forced") or loss <= 0:
        return grade_name(grade)
    return t("appraisal.said", grade=grade_name(grade), cost=cost(family, loss, margin))


def badge(grade: str) -> str:
    """The class as a coloured badge (HTML): its sign, hidden from screen readers, and its
    name."""
    sign = SIGNS.get(grade, "")
    mark = f'<span class="sign" aria-hidden="true" dir="ltr">{esc(sign)}</span>' if sign else ""
    return f'<span class="grade grade-{esc(grade)}">{mark}{esc(grade_name(grade))}</span>'


def graded(grade: str, family: str, loss: float, margin: float = 0.0) -> str:
    """The badge and what the move costs, read as one: "mistake, costs 3.2 points on
    average", with the estimate's margin where it has one (HTML)."""
    if grade in ("best", "forced") or loss <= 0:
        return badge(grade)
    words = t("appraisal.after_badge", cost=cost(family, loss, margin))
    return f"{badge(grade)}{esc(words)}"


def provenance(a: Appraisal, yours: bool = True) -> str:
    """How the figures were found: over every deal of the hidden tiles the view allows, or
    an estimate from some of them, with its margin (two standard errors).  ``yours``: the
    tiles the learner could not see (Play); else the tiles the player to move cannot see
    (Analysis, any seat's decision)."""
    mover = "" if yours else "_mover"
    if a.exact:
        return t(f"appraisal.exact{mover}", count=a.deals, deals=count(a.deals))
    margin = 2 * max((m.stderr for m in a.moves), default=0.0)
    if round(margin, PLACES[result_unit(a.family)]) == 0:
        # Every deal solved gave each move the same result: no spread to measure a margin
        # by, and "off by about 0.00" would claim what the sample cannot show.
        said = t(f"appraisal.estimate_agree{mover}", deals=count(a.deals),
                 total=count(a.consistent))
    else:
        said = t(f"appraisal.estimate{mover}", deals=count(a.deals), total=count(a.consistent),
                 error=amount(a.family, margin))
    if not a.sure:  # then no move is graded worse than good, whatever its cost
        said += " " + t("appraisal.too_few", least=count(MIN_VERDICT))
    return said


Ends = tuple[int, int] | tuple[()]


def one_name(move: Move, ends: Ends) -> Move:
    """A move's one name: where both open ends show one value, a tile on the left and on the
    right are one move, named as one click lays it (:func:`engine.game.moves.canonical`)."""
    return canonical(move, ends) if ends else move


def moves_html(a: Appraisal, players: int, ends: Ends, played: Move | None = None,
               yours: bool = True) -> str:
    """Every distinct move of the appraisal, best first, with its class and worth (HTML list);
    ``played`` is marked as the move made: "(your move)", or "(played)" where ``yours`` is
    false (Analysis: any seat's move).  ``ends``: the position's open ends (a tile on either
    of two equal ends is one move, :func:`one_name`)."""
    seen: set[Move] = set()
    lines = []
    mine = one_name(played, ends) if played is not None else None
    for item in a.moves:
        name = one_name(item.move, ends)
        if name in seen:
            continue
        seen.add(name)
        words = t("appraisal.move_score", move=move_text(name),
                  score=score(a.family, item.expected, players))
        if name == mine:
            words = t("appraisal.yours" if yours else "appraisal.played", move=words)
        lines.append(f"<li>{esc(words)} · "
                     f"{graded(item.grade, a.family, item.loss, item.margin)}</li>")
    return f'<ul class="appraisal-moves">{"".join(lines)}</ul>'


def show_moves(a: Appraisal, players: int, ends: Ends, *, key: str,
               played: Move | None = None, label: str | None = None,
               expanded: bool = False) -> None:
    """Every move of the appraisal with its class, on request (an expander, keyboard
    operable)."""
    n = len({one_name(m.move, ends) for m in a.moves})
    with st.expander(label or t("appraisal.every_move", count=n), expanded=expanded, key=key):
        st.markdown(moves_html(a, players, ends, played), unsafe_allow_html=True)


def best_names(a: Appraisal, ends: Ends) -> Sequence[Move]:
    """The best moves, each once, as one click lays it."""
    out: list[Move] = []
    for m in a.best:
        name = one_name(m, ends)
        if name not in out:
            out.append(name)
    return out
