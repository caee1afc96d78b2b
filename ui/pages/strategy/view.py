"""The Strategy page's drawing: the course (every principle, its measured verdict, its
stars) and one lesson (the idea, the evidence table, the position, the counter-example,
practice).  The logic is :mod:`ui.pages.strategy.logic`."""

from __future__ import annotations

import streamlit as st

from engine.game.view import view
from engine.search.appraise import BANDS
from engine.teaching.principles import FIGURES, MISS, Evidence, digits, practical
from engine.teaching.principles import Lesson as StrategyLesson
from engine.teaching.scenario import Scenario

from ...content import Course, Puzzles
from ...i18n import t, table_seat_names
from ...nav import page_link
from ...page import stars_html
from ...widgets import puzzle_words as words
from ...widgets.appraisal import count, number
from ...widgets.svg import esc
from . import logic

PUZZLES = "pages/puzzles.py"


def title(key: str) -> str:
    return t(f"strategy.principle.{key}.title")


def _summary(found: list[Evidence]) -> str:
    pays, costs = logic.tally(found)
    games = len(found)
    if pays and costs:
        return t("strategy.summary_mixed", pays=pays, costs=costs, games=games)
    if pays:
        return t("strategy.summary_pays", pays=pays, games=games)
    if costs:
        return t("strategy.summary_costs", costs=costs, games=games)
    return t("strategy.summary_even", games=games)


def course_view(course: Course, notice: str | None) -> None:
    st.title(t("strategy.title"))
    if notice:
        st.info(notice)
    st.markdown(f'<p class="lead">{esc(t("strategy.lead"))}</p>', unsafe_allow_html=True)
    if course.problems:
        for problem in course.problems:
            st.warning(t("strategy.problems", problem=problem))
        return
    have = logic.earned(course)
    target = logic.next_open(course, have)
    with st.container(key="cta-strategy", width="content"):
        if target is not None:
            page_link(logic.PAGE, t("strategy.go_on", title=title(target.principle)),
                      principle=target.principle)
        else:
            st.success(t("strategy.all_done"))
    st.caption(t("strategy.star_note"))
    for n, lesson in enumerate(course.lessons, start=1):
        key = lesson.principle
        with st.container(border=True, key=f"card-strategy-{key}"):
            st.markdown(f"#### {n}. {esc(title(key))}")
            st.markdown(esc(_summary(logic.figures(course, key))))
            with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
                with st.container(key=f"cta-strategy-{key}", width="content"):
                    page_link(logic.PAGE, t("strategy.review") if have.get(key, 0) >= 3
                              else t("strategy.open"), principle=key)
                st.markdown(f'{stars_html(have.get(key, 0))} <span class="muted">'
                            f'{esc(t("strategy.stars_of", stars=have.get(key, 0)))}</span>',
                            unsafe_allow_html=True, width="content")


def _evidence_table(found: list[Evidence]) -> None:
    head = "".join(f"<th>{esc(t(f'strategy.col_{c}'))}</th>"
                   for c in ("game", "figure", "interval", "verdict", "deals"))
    rows = []
    for e in found:
        places = digits(e.family)  # enough to show the practical size's tenth: 0.004, not 0.00
        rows.append(
            f"<tr><td>{esc(t(f'strategy.game.{e.game}'))}</td>"
            f"<td>{esc(number(e.score, places, signed=True))}</td>"
            f"<td>{esc(t('strategy.interval', low=number(e.low, places, signed=True), high=number(e.high, places, signed=True)))}</td>"
            f"<td>{esc(t(f'strategy.verdict.{e.verdict}'))}</td>"
            f"<td>{esc(count(e.deals * len(e.seeds)))}</td></tr>")  # 2,000; 2.000; 2 000; 2000
    st.markdown(f'<table class="strategy-evidence"><thead><tr>{head}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table>', unsafe_allow_html=True)


def _puzzle_part(part: str, puzzle_id: str | None, text: str, solved: dict[str, bool]) -> None:
    """The lesson's position or counter-example: what it shows and its link to the Puzzles
    page (solved or not), or that the bank has none yet."""
    if puzzle_id is None:
        st.markdown(esc(t(f"strategy.{part}_none")))
        return
    st.markdown(esc(text))
    with st.container(key=f"strategy-{part}", width="content"):
        page_link(PUZZLES, f'{t("strategy.play_it")} ({_solved(puzzle_id, solved)})',
                  puzzle=puzzle_id)


def _solved(puzzle_id: str, solved: dict[str, bool]) -> str:
    return t("strategy.solved") if solved.get(puzzle_id) else t("strategy.not_solved")


def _counter(key: str, puzzle: Scenario) -> str:
    """What following the principle blindly picks in the counter-example, the engine's best,
    and what each is worth with the reason (as the Puzzles page compares two moves)."""
    assert puzzle.puzzle is not None
    move, worth, best, best_worth = logic.blind_move(key, puzzle)
    names = tuple(f.move for f in puzzle.puzzle.figures.moves)
    state = puzzle.replay()
    seat_view = view(state, puzzle.puzzle.seat)
    pick = t("strategy.counter_pick", move=words.move_name(move, names),
             best=words.move_name(best, names))
    return f"{pick} " + words.comparison(puzzle.rules, seat_view, (best, best_worth),
                                          (move, worth), names,
                                          table_seat_names(puzzle.rules))


def lesson_view(course: Course, bank: Puzzles, lesson: StrategyLesson, stars: int,
                solved: dict[str, bool]) -> None:
    key = lesson.principle
    page_link(logic.PAGE, t("strategy.back"))
    st.title(title(key))
    st.markdown(f'{stars_html(stars)} <span class="muted">'
                f'{esc(t("strategy.stars_of", stars=stars))}</span>', unsafe_allow_html=True)
    st.subheader(t("strategy.idea"), anchor=False)
    st.markdown(esc(t(f"strategy.principle.{key}.idea")))
    folk = logic.folk_record(key, bank)
    if folk is not None:
        wrong, right, puzzles = folk
        st.markdown(esc(t(f"strategy.principle.{key}.record", wrong=wrong, right=right,
                          puzzles=puzzles)
                        + (" " + t(f"strategy.principle.{key}.mostly_wrong")
                           if 2 * wrong > puzzles else "")))
    found = logic.figures(course, key)
    st.subheader(t("strategy.evidence"), anchor=False)
    st.markdown(esc(_summary(found)))
    _evidence_table(found)
    st.caption(t("strategy.evidence_how", level=number(100 * (1 - MISS), 2), figures=FIGURES))
    st.caption(t("strategy.evidence_units"))
    st.caption(t("strategy.evidence_rule", **{f: number(practical(f), digits(f)) for f in BANDS}))
    if found:
        st.caption(t("strategy.reproduce", seeds=" ".join(map(str, found[0].seeds)),
                     deals=found[0].deals))

    st.subheader(t("strategy.position"), anchor=False)
    _puzzle_part("position", lesson.position, t("strategy.position_text"), solved)
    st.subheader(t("strategy.counter"), anchor=False)
    puzzle = logic.bank_puzzle(bank, lesson.counter)
    _puzzle_part("counter", lesson.counter if puzzle else None,
                 _counter(key, puzzle) if puzzle else "", solved)

    st.subheader(t("strategy.practice"), anchor=False)
    if lesson.practice:
        st.markdown(esc(t("strategy.practice_text")))
        for n, puzzle_id in enumerate(lesson.practice, start=1):
            page_link(PUZZLES, t("strategy.practice_item", n=n, state=_solved(puzzle_id, solved)),
                      puzzle=puzzle_id)
    else:
        st.markdown(esc(t("strategy.practice_none")))

    keys = [lesson.principle for lesson in course.lessons]
    at = keys.index(key)
    with st.container(horizontal=True, gap="medium"):
        if at > 0:
            page_link(logic.PAGE, t("strategy.previous", title=title(keys[at - 1])),
                      principle=keys[at - 1])
        if at + 1 < len(keys):
            page_link(logic.PAGE, t("strategy.next", title=title(keys[at + 1])),
                      principle=keys[at + 1])
