"""Play's tutor mode (AppTest): the setting, the stop's words and buttons in each family and
language, its hint, "Think again" and "Play it anyway", and what the live region says.

The tutor's appraisal is made by hand here (tests/ui/test_ui_play_tutor.py's ``made_appraisal``:
every distinct move but the first loses ``LOSS[family]``), so the words do not depend on the
machine's speed; the engine's own appraisal is tested there and in the browser.
"""

from __future__ import annotations

from concurrent.futures import Future

import pytest
from apptest_support import board_data, board_move, button_keys, click, open_page, play_table, texts
from streamlit.testing.v1 import AppTest
from test_page_play import live_data
from test_page_play_resume import come_back
from test_ui_play_tutor import made_appraisal

from engine.game.moves import Move, canonical, distinct
from engine.game.view import SeatView
from engine.search.appraise import Appraisal
from ui import progress, thinking
from ui.i18n import t_in
from ui.pages.play.hints import move_named

pytestmark = pytest.mark.usefixtures("data_dir")

#: Each family's loss for every move but the best, and the grade and cost words it gives.
LOSS = {"block": 3.2, "gaple": 0.4, "duel": 0.5}
GRADE = {"block": "mistake", "gaple": "mistake", "duel": "blunder"}
COST = {"block": "On average it costs you about 3.2 points a round against the best move.",
        "gaple": "On average it finishes you about 0.4 places lower than the best move.",
        "duel": "It lowers your chance of winning by about 25 in 100 against the best move."}
FAMILIES = {"block": {"rules": "block", "players": "2"},
            "gaple": {"rules": "gaple", "players": "4"},
            "duel": {"rules": "duel"}}


@pytest.fixture(autouse=True)
def first_move_best(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tutor's appraisal, by hand: the first distinct move is best, every other one
    loses its family's LOSS."""

    def appraise(v: SeatView, seed: int) -> Future[Appraisal]:
        assert v.rules is not None
        best = distinct(v.legal, v.ends)[0]
        loss = LOSS[v.rules.family]
        done: Future[Appraisal] = Future()
        done.set_result(made_appraisal(
            v, lambda m: 0.0 if canonical(m, v.ends) == canonical(best, v.ends) else loss))
        return done

    monkeypatch.setattr(thinking, "tutor", appraise)


def with_tutor(lang: str = "en", **params: str) -> AppTest:
    """Play with ``params`` and the tutor turned on in the setup (then the page in ``lang``)."""
    at = open_page("pages/play.py", **params, seed="7", level="heaviest")
    assert at.toggle(key="play.tutor").value is False  # off at first
    at.toggle(key="play.tutor").set_value(True).run()
    assert play_table(at).tutor is not None
    if lang != "en":
        at.query_params["lang"] = lang
        at.run()
    return at


def bad_move(at: AppTest) -> Move:
    """A move the hand-made appraisal grades a mistake (or a blunder)."""
    tb = play_table(at)
    assert tb.learner_to_move
    return tb.state.distinct_moves()[1]


@pytest.mark.parametrize("family", FAMILIES)
def test_the_stop_says_what_the_move_costs_in_the_familys_unit(family: str) -> None:
    at = with_tutor(**FAMILIES[family])
    tb = play_table(at)
    before = [r.move for r in tb.state.history]
    move = bad_move(at)
    board_move(at, move.to_dict())
    tb = play_table(at)
    assert [r.move for r in tb.state.history] == before  # not played
    page = texts(at)
    head = f"Wait: {move_named(move)} looks like a {GRADE[family]}."
    assert head in page and COST[family] in page
    assert "Worked out on every possible deal of the tiles you cannot see (100)" in page
    assert "Think again, ask for a hint, or play it anyway?" in page
    keys = button_keys(at)
    assert keys.index("play-tutor-again") < keys.index("play-tutor-hint") < keys.index(
        "play-tutor-anyway")
    labels = {b.key: b.label for b in at.button}
    assert (labels["play-tutor-again"], labels["play-tutor-hint"],
            labels["play-tutor-anyway"]) == ("Think again", "Hint", "Play it anyway")
    assert "play.hint" not in keys  # one Hint button: the stop's
    data = board_data(at)
    assert not data["interactive"] and data["text"]["waiting"] == \
        "The tutor has stopped your move: see below."
    # The live region says the stop and puts the focus on its first button.
    said = live_data(at)
    assert said["text"].startswith(head) and COST[family] in said["text"]
    assert said["focus"]["selector"] == ".st-key-play-tutor-fb-hint button"


def test_think_again_changes_nothing_and_play_it_anyway_plays_the_move() -> None:
    at = with_tutor(**FAMILIES["block"])
    tb = play_table(at)
    before = [r.move for r in tb.state.history]
    move = bad_move(at)
    board_move(at, move.to_dict())
    click(at, "play-tutor-again")
    tb = play_table(at)
    assert [r.move for r in tb.state.history] == before and tb.learner_to_move
    assert "play-tutor-again" not in button_keys(at) and "looks like a" not in texts(at)
    assert board_data(at)["interactive"]
    board_move(at, move.to_dict())  # the same move again: stopped again
    assert "play-tutor-anyway" in button_keys(at)
    click(at, "play-tutor-anyway")
    tb = play_table(at)
    assert tb.state.history[len(before)].move == move
    assert tb.tutor is not None and tb.tutor.overruled == [len(before)]


def test_the_stops_hint_names_the_best_move_with_its_reasons_and_lights_it() -> None:
    at = with_tutor(**FAMILIES["duel"])
    tb = play_table(at)
    best = tb.state.distinct_moves()[0]
    board_move(at, bad_move(at).to_dict())
    click(at, "play-tutor-hint")
    page = texts(at)
    assert f"The tutor's choice: {move_named(best)}" in page
    assert "Your chance of winning with it: 50% (a draw counts as half a win)." in page
    assert "The next best, " in page and ": 25%." in page
    assert "play-tutor-hint" not in button_keys(at)  # shown: the button goes
    assert page.count("Worked out on every possible deal") == 1  # said once, in the stop
    assert play_table(at).hints == {len(tb.state.history)}
    hinted = [h["tile"] for h in board_data(at)["hand"]["tiles"] if h["hint"]]
    assert hinted == [str(best.tile)]
    assert live_data(at)["text"].startswith(f"The tutor's choice: {move_named(best)}")


def test_a_good_move_is_played_at_once_and_the_tutor_can_be_turned_off() -> None:
    at = with_tutor(**FAMILIES["block"])
    tb = play_table(at)
    n = len(tb.state.history)
    board_move(at, tb.state.distinct_moves()[0].to_dict())
    tb = play_table(at)
    assert len(tb.state.history) > n and "looks like a" not in texts(at)
    at.toggle(key="play.tutor").set_value(False).run()
    assert play_table(at).tutor is None
    at.button(key="play.new").click().run()  # the learner's choice stands for a new match
    assert play_table(at).tutor is None and at.toggle(key="play.tutor").value is False


def in_lang(at: AppTest, lang: str) -> AppTest:
    """The page again in ``lang``.  (Only looked at then: AppTest sends a click only while
    the page is in its first language, formatting the setup's radios with its words.)"""
    at.query_params["lang"] = lang
    return at.run()


@pytest.mark.parametrize("lang", ["uk", "ru", "ar", "ko", "id", "es"])
def test_the_stop_in_every_language(lang: str) -> None:
    """The stop is worded when drawn: made in English, it reads in the page's language."""
    at = with_tutor(**FAMILIES["block"])
    board_move(at, bad_move(at).to_dict())
    page = texts(in_lang(at, lang))
    labels = {b.key: b.label for b in at.button}
    assert labels["play-tutor-again"] == t_in(lang, "tutor.again")
    assert labels["play-tutor-hint"] == t_in(lang, "tutor.hint")
    assert labels["play-tutor-anyway"] == t_in(lang, "tutor.anyway")
    assert t_in(lang, "tutor.ask") in page
    decimal = "3,2" if lang in ("uk", "ru", "id", "es") else "3.2"
    assert t_in(lang, "tutor.cost_points", loss=decimal) in page
    assert "Wait" not in page and "points a round" not in page
    assert t_in(lang, "tutor.cost_points", loss=decimal) in live_data(at)["text"]
    # ... and its hint
    at = with_tutor(**FAMILIES["block"])
    board_move(at, bad_move(at).to_dict())
    click(at, "play-tutor-hint")
    page = texts(in_lang(at, lang))
    assert t_in(lang, "reason.deals_all", samples=100) in page
    assert "The tutor's choice" not in page and "Worked out" not in page


def test_the_tutor_choice_stands_on_a_return_from_another_page() -> None:
    """Streamlit forgets a toggle's state on a page that does not draw it: back on Play, the
    learner's choice is drawn again."""
    at = open_page("pages/play.py", seed="7", level="heaviest")
    at.toggle(key="play.tutor").set_value(True).run()
    at.switch_page("pages/learn.py").run()
    assert "play.tutor" not in at.session_state
    at.switch_page("pages/play.py").run()
    assert at.toggle(key="play.tutor").value is True


def test_a_stopped_move_is_kept_while_held_and_said_when_the_match_comes_back() -> None:
    """Play's keep_held: the move the tutor stops is kept with the match (round, ply, move)
    while it is held, and no more once the learner thinks again or plays it; a new session
    of the match says it was not played."""
    at = with_tutor(**FAMILIES["block"])
    learner, tb = at.session_state["learner"], play_table(at)

    def held() -> tuple[int, int, str] | None:
        kept = progress.kept_tutor(learner, tb.uid)
        assert kept is not None and kept.on
        return kept.held

    assert held() is None  # nothing held yet
    move = bad_move(at)
    board_move(at, move.to_dict())
    ply = len(tb.state.history)
    assert held() == (tb.round_no, ply, move.text())
    click(at, "play-tutor-again")
    assert held() is None  # thought again: nothing held
    board_move(at, move.to_dict())
    assert held() == (tb.round_no, ply, move.text())
    again = come_back(at)
    assert len(play_table(again).state.history) == ply  # not played
    assert move.tile is not None
    assert f"The tutor was holding back your move, {move.tile.bracket()}" in " ".join(
        w.value for w in again.warning)
    click(at, "play-tutor-anyway")
    assert held() is None and play_table(at).state.history[ply].move == move  # played
