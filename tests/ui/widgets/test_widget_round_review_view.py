"""A round's review drawn (ui/widgets/round_review/view.py): the compact review any page can
show (its figures, each decision with its class and cost, "working it out…" while the answers
come, no replay), and the report's short verdict on the hand and the play, which Play's full
review says too.

The review's jobs answer at once (``DOMINO_THINK=inline``, the ``data_dir`` fixture) or are
held back by the test (test_ui_play_rounds' ``Workers``) to watch the review fill in.
"""

from __future__ import annotations

import random
import re

import pytest
from apptest_support import texts
from streamlit.testing.v1 import AppTest
from test_ui_play_rounds import Workers

from engine.game.match import match_for
from engine.game.moves import Move
from engine.game.rules import Ruleset, block, duel
from engine.game.state import State
from engine.game.tiles import Tile
from engine.search.appraise import BANDS, DecisionReport, summarise
from ui.i18n import t_in
from ui.widgets.round_review import view, work
from ui.widgets.round_review.work import RoundReview

pytestmark = pytest.mark.usefixtures("data_dir")

GRADE = re.compile(r'<span class="grade grade-(\w+)">')
KEY = "friends-review"


def finished_round(rules: Ruleset, seed: int) -> tuple[State, State]:
    """A round dealt from ``seed`` and played to its end, each move drawn at random."""
    start = match_for(rules, random.Random(seed)).deal()
    end, rng = start.copy(), random.Random(seed)
    while not end.over:
        end.push(rng.choice(end.distinct_moves()))
    return start, end


def reviewed(rules: Ruleset | None = None, seed: int = 3) -> RoundReview:
    """Seat 0's review of a round (two-player Block unless ``rules``; nobody's: kept in no
    record); it has decisions."""
    start, end = finished_round(rules or block(2), seed)
    review = work.review_round(start, end, 0, f"round-{seed}", seed, 1)
    assert len(review.items) >= 2
    return review


def script() -> None:
    import streamlit as st

    from ui.widgets.round_review import view

    view.draw(st.session_state.get("review"), key="friends-review",
              games=bool(st.session_state.get("games")))


def drawn(review: RoundReview | None, games: bool = False, lang: str = "en") -> AppTest:
    at = AppTest.from_function(script, default_timeout=30)
    at.session_state["review"] = review
    at.session_state["games"] = games
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


def markdowns(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def test_the_compact_review_gives_the_figures_and_each_decision_with_its_class_and_cost(
        ) -> None:
    review = reviewed()
    at = drawn(review)
    assert review.filed and review.report is not None  # taken and summed up as drawn
    report = review.report
    page, body = texts(at), markdowns(at)
    assert "Review of your moves" in page and "Your round in figures" in page
    assert report.accuracy is not None
    assert any(m.startswith(f"Accuracy {report.accuracy:.0f}%") and "points" in m
               for m in body)
    counts = next(m for m in body if 'class="grade-counts"' in m)
    assert len(GRADE.findall(counts)) == 5
    assert next(m for m in body if m.startswith("Your hand was worth")) == view.luck_text(
        report, 2)
    titles = [m for m in body if m.startswith("**Move ")]
    assert len(titles) == len(review.items)
    for item, title in zip(review.items, titles, strict=True):
        judged = item.judgement()
        assert judged is not None
        assert title.startswith(f"**Move {item.number} — ")
        assert GRADE.findall(title) == [judged.grade]
        if judged.grade != "best":
            assert "costs " in title and "points on average" in title
    # Compact: no replay, no layer with every hand shown, nothing awaited.
    assert not at.button and "With every hand shown" not in page
    assert "working it out…" not in page and not at.get("progress")


def test_the_compact_review_fills_in_while_the_answers_come(held: Workers) -> None:
    review = reviewed()
    n = len(review.items)
    at = drawn(review)
    (bar,) = at.get("progress")
    assert bar.proto.text == f"0 of {n} moves judged"
    # Each decision waits, and the small fragment that looks for the answers says so.
    assert texts(at).count("working it out…") == n + 1
    assert "Your round in figures" not in texts(at)
    held.release(first=1)  # the first decision's appraisal
    at.run()
    (bar,) = at.get("progress")
    assert bar.proto.text == f"1 of {n} moves judged"
    assert texts(at).count("working it out…") == n
    held.release()
    at.run()
    assert not at.get("progress") and "working it out…" not in texts(at)
    assert "Your round in figures" in texts(at) and review.filed


def test_a_failed_search_says_so_and_gives_no_figures(held: Workers) -> None:
    review = reviewed()
    held.release(first=2)
    held.fail()
    at = drawn(review)
    page = texts(at)
    assert "could not be judged: the search failed." in page
    assert "No figures this time: a search failed" in page
    assert "Your round in figures" not in page


def test_the_two_player_game_says_game_and_a_round_without_choices_says_so() -> None:
    at = drawn(reviewed(duel(False), 4), games=True)
    assert "Your game in figures" in texts(at)
    start, end = finished_round(block(2), 3)
    nothing = work.review_round(start, end, 0, "r", 3, 1)
    nothing.items.clear()  # (as a round where every turn had one legal move)
    assert texts(drawn(nothing)) == t_in("en", "play.review_none")
    assert texts(drawn(nothing, games=True)) == t_in("en", "play.review_none_game")
    assert texts(drawn(None)) == ""


@pytest.mark.parametrize("lang", ["uk", "ar"])
def test_the_compact_review_is_in_the_pages_language(lang: str) -> None:
    review = reviewed()
    page = texts(drawn(review, lang=lang))
    assert t_in(lang, "play.review") in page and t_in(lang, "review.report") in page
    for item in review.items:
        assert t_in(lang, f"appraisal.grade_{item.grade()}") in page
    for english in ("Your round in figures", "costs", "on average", "Accuracy"):
        assert english not in page, english


# -- the report's short verdict (Play's review says it too) ----------------------------------


def test_the_hand_verdict_follows_the_bands() -> None:
    """The report's short verdict: the hand from its worth against the blunder band, the
    play from the classes and the mean loss."""
    assert work.hand_strength("block", -BANDS["block"][2]) == "weak"
    assert work.hand_strength("block", 4.4) == "even"
    assert work.hand_strength("gaple", 0.5) == "strong"
    assert work.hand_strength("duel", -0.29) == "even"
    move = Move.parse("pass")

    def report(*graded: tuple[str, float]) -> str:
        decisions = [DecisionReport(k, move, g, loss, 0.0, (move,), 0.0, None)
                     for k, (g, loss) in enumerate(graded)]
        return work.play_quality(summarise(0, "block", decisions, 0.0, 0.0))

    assert report(("best", 0.0), ("good", 1.0)) == "well"
    assert report(("best", 0.0), ("good", 1.4), ("good", 1.4)) == "well"
    assert report(("best", 0.0), ("best", 0.0), ("inaccuracy", 2.0)) == "slips"
    assert report(("good", 1.6), ("good", 1.6)) == "slips"
    assert report(("best", 0.0), ("mistake", 3.5)) == "slips"
    assert report(("best", 0.0), ("best", 0.0), ("blunder", 5.0)) == "poorly"
    assert report(("mistake", 3.2), ("mistake", 3.4)) == "poorly"


@pytest.mark.parametrize(("worth", "result", "ending"), [
    (18.3, 32.0, "Mistakes this deal let you get away with."),  # above its worth: forgiven
    (18.3, 6.0, "A strong hand, not fully used."),  # won, but below its worth
    (18.3, -12.0, "A strong hand, thrown away."),  # lost
    (-6.0, -3.0, "Mistakes this deal let you get away with."),
    (-6.0, -14.0, "A weak hand, made weaker by mistakes."),
])
def test_the_hands_verdict_after_a_blunder_follows_what_the_deal_did(
        worth: float, result: float, ending: str) -> None:
    """A blunder makes the play "poor"; what is said of the hand follows the result against
    the hand's worth, never "thrown away" when the learner scored above it."""
    blunder = DecisionReport(0, Move.play(Tile.of(0, 1)), "blunder", 9.0, -9.0,
                             (Move.play(Tile.of(6, 6)),), 0.0, None)
    report = summarise(0, "block", [blunder], worth, result)
    assert view.luck_text(report, 3).endswith(ending)
