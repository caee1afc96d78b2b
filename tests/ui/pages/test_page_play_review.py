"""Play's review (AppTest): each decision judged by what the learner could see and, below, with
every hand shown; the round's report above; the figures kept once; the record line and the
sidebar; in every family and in every language.

The review's jobs run in the background worker on the site; here they answer at once
(``DOMINO_THINK=inline``) or are held back by the test (``thinking.submit_later`` replaced by
test_ui_play_rounds' ``Workers``) to watch the review fill in.
"""

from __future__ import annotations

import dataclasses
import random
import re
import threading
import weakref
from collections.abc import Iterator

import apptest_support
import pytest
from apptest_support import click, open_page, play_table, texts
from streamlit.testing.v1 import AppTest
from test_page_play import FAMILIES
from test_page_play_resume import come_back
from test_ui_play_rounds import Workers

from engine.game.state import State
from engine.search.appraise import appraise
from ui import progress, thinking
from ui.i18n import t_in
from ui.widgets.round_review import work as play_review

pytestmark = pytest.mark.usefixtures("data_dir")

GRADE = re.compile(r'<span class="grade grade-(\w+)">')


def play_round(at: AppTest) -> None:
    moves = 0
    while not play_table(at).state.over:
        tb = play_table(at)
        assert tb.learner_to_move, "the computer did not move on its turn"
        click(at, apptest_support.legal_button(tb.state, "play-board"))
        moves += 1
        assert moves < 120


def container_keys(at: AppTest) -> set[str]:
    """The keys of the page's containers (a block's id ends with its key)."""
    found: set[str] = set()

    def walk(node: object) -> None:
        ident = str(getattr(getattr(node, "proto", None), "id", "") or "")
        if type(node).__name__ == "Block" and ident.startswith("$$ID-"):
            found.add(ident.split("-", 2)[-1])
        for child in (getattr(node, "children", None) or {}).values():
            walk(child)

    walk(at.main)
    return found


def markdowns(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Workers]:
    """The review's background worker held back by the test (the computer answers at once)."""
    workers = Workers()
    monkeypatch.setattr(thinking, "submit_later", workers.submit)
    yield workers


# -- the layers, in every family ------------------------------------------------------------


@pytest.mark.parametrize("params", FAMILIES, ids=lambda p: "-".join(p.values()))
def test_the_review_judges_each_decision_by_what_the_learner_could_see(
        params: dict[str, str]) -> None:
    at = open_page("pages/play.py", **params, seed="11", level="counting")
    play_round(at)
    tb = play_table(at)
    review = tb.reviewed
    assert review is not None and review.items and review.filed and not review.waiting
    report = review.report
    assert report is not None and report.accuracy is not None
    page = texts(at)
    family, unit = review.family, {"block": "points", "gaple": "of a place",
                                   "duel": "of a game"}[review.family]
    # The report above the review: accuracy, mean loss, counts by class, luck and a verdict.
    body = markdowns(at)
    accuracy = f"Accuracy {report.accuracy:.0f}%"
    assert any(m.startswith(accuracy) and unit in m for m in body), body
    counts = next(m for m in body if 'class="grade-counts"' in m)
    assert re.findall(r"grade-(\w+)\">(?:<span[^>]*>[^<]*</span>)?\w+</span> (\d+)", counts) \
        == [(g, str(n)) for g, n in report.counts if g != "forced"]
    luck = next(m for m in body if m.startswith("Your hand was worth"))
    assert luck.endswith(("played well.", "a few slips.", "by mistakes.", "thrown away.",
                          "not fully used.", "get away with."))
    report_at = page.index("Your round in figures" if family != "duel" else "Your game in figures")
    assert report_at < page.index("Move ")
    # Each decision: its class (a badge, and what a screen reader reads: "mistake, costs
    # 3.2 points on average"), the move and the best with their worth, every move on request,
    # how the figures were found; then the second layer, with every hand shown.
    for i, item in enumerate(review.items):
        a, judged = item.appraisal.value, item.judgement()
        assert a is not None and judged is not None
        title = next(m for m in body if m.startswith(f"**Move {item.number} — "))
        assert GRADE.findall(title) == [judged.grade]
        if judged.grade not in ("best", "forced"):
            assert f"{judged.grade}</span>, costs " in title and f"{unit} on average" in title
            assert any(m.startswith("Best: ") for m in body)
        expander = at.expander(key=f"review-moves-{item.number}")
        assert expander.label.startswith("Every move, as you could see it")
        listing = expander.markdown[0].value
        assert "(your move)" in listing and len(GRADE.findall(listing)) >= 2
        assert ("Exact: worked out over every way" in page) or ("An estimate from" in page)
    labels = [m for m in body if m.startswith("**With every hand shown**")]
    assert len(labels) == len(review.items)
    assert "Best with every hand open" in page
    assert len([b for b in at.button if b.key and b.key.startswith("play.replay.")]) \
        == len(review.items)


def test_a_fault_is_marked_punished_or_got_away_with_in_this_deal() -> None:
    """Block for two against Strong, seed 13: among the learner's first-legal-move choices is
    an inaccuracy or worse (a blunder late in the round, graded on every deal the view
    allows); the all-hands layer says whether this deal punished it."""
    at = open_page("pages/play.py", rules="block", players="2", seed="13", level="strong")
    play_round(at)
    review = play_table(at).reviewed
    assert review is not None
    faults = [item for item in review.items if item.grade() in ("inaccuracy", "mistake",
                                                                   "blunder")]
    assert faults, [item.grade() for item in review.items]
    page = texts(at)
    marks = page.count("punished in this deal") + page.count("got away with it in this deal")
    assert marks == len(faults)
    for item in faults:
        solution = item.verdict.value
        assert solution is not None
        top = max(mv.score for mv in solution.moves)
        mine = max(mv.score for mv in solution.moves
                   if item.position.canonical(mv.move) == item.position.canonical(item.played))
        i = review.items.index(item)
        kind = "ok" if mine >= top else "no"  # got away with it / punished
        assert f"review-mark-{i}-fb-{kind}" in container_keys(at), (i, kind)


# -- progressive, and kept once -----------------------------------------------------------------


def test_the_review_fills_in_as_the_answers_come(held: Workers) -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    review = play_table(at).reviewed
    assert review is not None and review.waiting
    n = len(review.items)
    assert n >= 2
    (bar,) = at.get("progress")
    assert bar.proto.text == f"0 of {n} moves judged"
    assert texts(at).count("working it out…") == 2 * n  # each decision's two layers
    assert "Your round in figures" not in texts(at)
    held.release(first=1)  # the first decision's appraisal
    at.run()
    (bar,) = at.get("progress")
    assert bar.proto.text == f"1 of {n} moves judged"
    first = review.items[0]
    assert next(m for m in markdowns(at) if m.startswith(f"**Move {first.number} — "))
    assert texts(at).count("working it out…") == 2 * n - 1
    held.release()
    at.run()
    assert not at.get("progress") and "working it out…" not in texts(at)
    assert "Your round in figures" in texts(at)
    recent = progress.recent(at.session_state["learner"], "block")
    assert recent.rounds == 1 and review.report is not None
    assert recent.accuracy == pytest.approx(review.report.accuracy)


def test_next_round_before_the_review_is_done_keeps_its_figures_once(
        held: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    kept: list[str] = []
    keep = play_review._keep
    monkeypatch.setattr(play_review, "_keep", lambda review, figures: (
        kept.append(review.round_id), keep(review, figures)))
    at = open_page("pages/play.py", rules="duel", seed="8", level="heaviest")
    play_round(at)
    first = play_table(at).reviewed
    assert first is not None and first.items and first.waiting
    round_id = first.round_id
    click(at, "play.next")  # the learner plays on before the review is done
    assert play_table(at).reviewed is None and play_table(at).filing == [first]
    held.release(first=1)
    click(at, apptest_support.legal_button(play_table(at).state, "play-board"))
    assert not kept
    held.release()
    at.run()
    at.run()
    assert kept == [round_id] and first.filed
    learner = at.session_state["learner"]
    decided = progress.decisions(learner)
    assert [d.number for d in decided] == [item.number for item in first.items]
    assert {d.round_id for d in decided} == {round_id}
    assert progress.recent(learner, "duel").rounds == 1
    # The sidebar says it at once; the second game's record line waits for its own review.
    assert "Play: accuracy" in texts(at)


def test_a_new_match_keeps_the_figures_of_a_review_still_being_worked_out(
        held: Workers) -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    old = play_table(at).reviewed
    assert old is not None and old.waiting
    click(at, "play.new")
    assert play_table(at).filing == [old]
    held.release()
    at.run()
    kept = progress.decisions(at.session_state["learner"])
    assert kept and {d.round_id for d in kept} == {old.round_id}


def test_a_failed_search_says_so_and_keeps_no_figures(held: Workers) -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    held.release(first=2)
    held.fail()
    at.run()
    page = texts(at)
    assert "could not be judged: the search failed." in page
    assert "No figures this time: a search failed" in page
    assert "Your round in figures" not in page
    assert progress.recent(at.session_state["learner"]) == progress.Recent()


# -- kept: drawn again from the store, never worked out again --------------------------------


def shown_grades(at: AppTest) -> list[str]:
    return [g for m in markdowns(at) if m.startswith("**Move ") for g in GRADE.findall(m)]


def test_a_kept_review_is_drawn_from_the_store_after_a_reload(
        held: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    held.release()
    at.run()
    review = play_table(at).reviewed
    assert review is not None and review.filed and review.report is not None
    learner = at.session_state["learner"]
    before = shown_grades(at)
    assert before == [item.grade() for item in review.items]
    again_workers = Workers()  # a new server: any job asked again is seen here
    monkeypatch.setattr(thinking, "submit_later", again_workers.submit)
    play_review._in_flight().clear()
    again = come_back(at)
    assert again_workers.jobs == []  # nothing worked out again
    page = texts(again)
    assert "working it out…" not in page and "Your round in figures" in page
    assert shown_grades(again) == before
    shown = play_table(again).reviewed
    assert shown is not None and shown.report is not None
    assert [(d.number, d.grade, d.loss) for d in progress.decisions(learner)] == [
        (i.number, j.grade, j.loss) for i in shown.items if (j := i.judgement()) is not None]
    assert progress.recent(learner, "block").accuracy == shown.report.accuracy
    assert progress.recent(learner, "block").rounds == 1  # kept once


def test_a_review_kept_before_its_answers_were_draws_its_exact_decisions_from_the_store(
        held: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review kept before its answers were (schema 7) has its judged decisions and no
    answer: after a reload each exact decision's appraisal is the one kept, not worked out
    again; only the estimates' appraisals, the verdicts and the hand's worth are asked."""
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    held.release()
    at.run()
    review = play_table(at).reviewed
    assert review is not None and review.filed
    learner = at.session_state["learner"]
    with progress.connect() as conn:  # the store as a version before 7 left it
        conn.execute("DELETE FROM review_answers WHERE learner = ?", (learner,))
    exact = {d.number for d in progress.decisions(learner) if d.exact}
    assert exact and len(exact) < len(review.items)  # exact decisions, and estimates
    again_workers = Workers()
    monkeypatch.setattr(thinking, "submit_later", again_workers.submit)
    play_review._in_flight().clear()
    again = come_back(at)
    shown = play_table(again).reviewed
    assert shown is not None
    for item, was in zip(shown.items, review.items, strict=True):
        if item.number in exact:  # as it was worked out, but for the seconds it took
            got, kept = item.appraisal.value, was.appraisal.value
            assert got is not None and kept is not None and not item.appraisal.waiting
            assert dataclasses.replace(got, moves=()) == dataclasses.replace(
                kept, moves=(), evidence=None, seconds=0.0)  # but for the seconds it took
            assert [(m.move, m.expected, m.stderr, m.grade, m.margin) for m in got.moves] \
                == [(m.move, m.expected, m.stderr, m.grade, m.margin) for m in kept.moves]
            assert [m.loss for m in got.moves] == pytest.approx([m.loss for m in kept.moves])
            assert got.of(item.played).loss == kept.of(item.played).loss
        else:
            assert item.appraisal.waiting
    appraised = [args for _, job, args in again_workers.jobs
                 if getattr(job, "func", job) is appraise]
    assert len(appraised) == len(review.items) - len(exact)
    again_workers.release()
    again.run()
    grades = dict(zip([item.number for item in shown.items], shown_grades(again), strict=True))
    assert [grades[item.number] for item in review.items if item.number in exact] == [
        item.grade() for item in review.items if item.number in exact]  # as kept
    assert progress.recent(learner, "block").rounds == 1  # kept once


def asked_for(job: object, args: tuple[object, ...]) -> tuple[object, ...]:
    """A review's job as the test compares it: the engine's function, the position (its
    hand and legal moves, or the moves so far) and the random generator's state (its seed)."""
    return (getattr(job, "func", job), tuple(
        a.getstate() if isinstance(a, random.Random) else repr(a) if isinstance(a, State)
        else (getattr(a, "hand", None), getattr(a, "legal", None)) for a in args))


def test_a_pending_review_goes_on_from_the_decisions_already_judged(
        held: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    review = play_table(at).reviewed
    assert review is not None and len(review.items) >= 2
    asked = [(job, args) for _, job, args in held.jobs]
    assert len(asked) > 2
    held.release(first=2)  # the first decision, both layers; then the server stops
    learner, round_id = at.session_state["learner"], review.round_id
    play_review._in_flight().clear()
    assert progress.claim(learner, round_id, "a-process-now-gone", 0.0)
    monkeypatch.setattr(play_review, "LEASE", 0.0)
    again_workers = Workers()
    monkeypatch.setattr(thinking, "submit_later", again_workers.submit)
    again = come_back(at)
    # Only what was not judged is asked again, with the same seeds.
    assert [asked_for(job, args) for _, job, args in again_workers.jobs] == [
        asked_for(job, args) for job, args in asked[2:]]
    first = play_table(again).reviewed
    assert first is not None and first.items[0].judged and not first.items[1].judged
    was = review.items[0].appraisal.value
    assert was is not None  # kept whole, but for the evidence the tutor alone goes on from
    assert first.items[0].appraisal.value == dataclasses.replace(was, evidence=None)
    assert first.items[0].verdict.value == review.items[0].verdict.value
    again_workers.release()
    again.run()
    assert progress.pending_reviews(learner) == []
    assert progress.recent(learner, "block").rounds == 1


def test_a_server_that_stops_hands_its_review_back_for_the_next_to_finish(
        held: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    # The stop as thinking.stop runs it, on this test's own lists (no real pool to end).
    monkeypatch.setattr(thinking, "_STOPPING", threading.Event())
    monkeypatch.setattr(thinking, "_ON_STOP", [])
    monkeypatch.setattr(thinking, "_EXECUTORS", weakref.WeakSet())
    play_review._in_flight.clear()  # type: ignore[attr-defined]  # (st.cache_resource's)
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    play_round(at)
    review = play_table(at).reviewed
    assert review is not None and review.waiting
    learner, round_id = at.session_state["learner"], review.round_id
    held.release(first=2)  # the first decision judged
    thinking.stop()
    held.fail()  # the stop ended the workers: the jobs under way are cut short ...
    assert not review.filed  # ... which is no failure of the review: not given up
    [(pending, claimer, _)] = progress.pending_reviews(learner)
    assert pending.round_id == round_id and claimer == ""  # handed back, nobody's
    # The next process takes it at once (no lease to wait for) and goes on from it.
    assert progress.claim(learner, round_id, "the-next-server", play_review.LEASE)
    assert set(progress.review_answers(learner, round_id)) == {"appraisal:" + str(
        review.items[0].number), "verdict:" + str(review.items[0].number)}


# -- the record line, the sidebar, the languages ------------------------------------------------


def test_the_record_line_and_the_sidebar_give_the_accuracy_of_the_last_rounds() -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="heaviest")
    assert "Accuracy" not in texts(at)  # nothing reviewed yet
    play_round(at)
    learner = at.session_state["learner"]
    one = progress.recent(learner, "block")
    assert one.rounds == 1 and one.accuracy is not None
    captions = [c.value for c in at.caption]
    assert f"Accuracy {one.accuracy:.0f}% in your last reviewed round." in captions
    assert f"Play: accuracy {one.accuracy:.0f}% in your last reviewed round" in [
        c.value for c in at.sidebar.caption]
    click(at, "play.next")
    play_round(at)
    two = progress.recent(learner, "block")
    assert two.rounds == 2 and two.accuracy is not None
    assert f"Accuracy {two.accuracy:.0f}% over your last 2 rounds." in [
        c.value for c in at.caption]
    assert f"Play: accuracy {two.accuracy:.0f}% over your last 2 rounds" in [
        c.value for c in at.sidebar.caption]
    # Another family's record line counts its own rounds only; the two-player game says games.
    at = open_page("pages/play.py", rules="duel", seed="8", level="heaviest", learner=learner)
    assert not any(c.value.startswith("Accuracy") for c in at.caption)
    play_round(at)
    duel = progress.recent(learner, "duel")
    assert f"Accuracy {duel.accuracy:.0f}% in your last reviewed game." in [
        c.value for c in at.caption]
    assert progress.recent(learner).rounds == 3
    assert any(c.value.startswith("Play: accuracy") and "over your last 3 rounds" in c.value
               for c in at.sidebar.caption)


@pytest.mark.parametrize("lang", ["uk", "ru", "ar", "ko", "id", "es"])
def test_the_review_follows_a_change_of_language(lang: str) -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="12", level="strong")
    play_round(at)
    review = play_table(at).reviewed
    assert review is not None and review.report is not None
    at.query_params["lang"] = lang
    at.run()
    page = texts(at)
    assert t_in(lang, "review.report") in page
    assert t_in(lang, "review.all_hands") in page
    assert t_in(lang, "review.lead_block") in page
    for item in review.items:
        grade = item.grade()
        assert grade is not None
        assert t_in(lang, f"appraisal.grade_{grade}") in page
    for english in ("Your round in figures", "With every hand shown", "costs", "on average",
                    "Accuracy"):
        assert english not in page, english
    if lang in ("uk", "ru", "id", "es"):  # a decimal comma
        assert re.search(r"\d,\d", page)
    if lang == "ar":  # a signed figure is kept left to right
        assert "\u2066\u2212" in page or "\u2066+" in page
