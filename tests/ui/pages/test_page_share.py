"""Every table the site draws has "Copy a link to this position" (AppTest): the link opens the
Analysis page on the same position (or, for a finished round of Play, the whole round), in
the page's language, and a finished round can be downloaded as a round record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from apptest_support import click, legal_button, open_page
from streamlit.testing.v1 import AppTest

from engine.notation.code import Position, Round, parse
from ui.content import content, puzzles
from ui.i18n import t_in
from ui.pages.play.logic import Table
from ui.widgets import round_record

pytestmark = pytest.mark.usefixtures("data_dir")


def links(at: AppTest) -> list[dict[str, Any]]:
    """What each "Copy a link" component was given (its link and words)."""
    return [json.loads(c.proto.json) for c in at.get("bidi_component")
            if c.proto.component_name.endswith("site_share")]


def opened(link: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The page a link opens and its address parameters (one value each)."""
    parts = urlsplit(link["href"])
    return parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()}


def only_position(at: AppTest) -> Position:
    (link,) = links(at)
    page, params = opened(link)
    assert page == "analysis" and set(params) <= {"pos", "lang"}
    value = parse(params["pos"])
    assert isinstance(value, Position)
    return value


def test_a_learn_step_links_to_what_the_learner_sees() -> None:
    lesson = content().lessons[0]
    step = next(s for s in lesson.steps if not s.show_hands)
    at = open_page("pages/learn.py", lesson=lesson.id, step=step.id)
    assert only_position(at) == Position.from_state(step.state(), step.learner)


def test_a_worked_example_links_to_the_position_at_its_move() -> None:
    at = open_page("pages/examples.py", example="e1-one-tile-loss", move="2")
    scenario = content().scenarios["e1-one-tile-loss"]
    state = list(scenario.states())[2]
    assert only_position(at) == Position.from_state(state)


def test_try_it_links_to_its_table() -> None:
    at = open_page("pages/try_it.py", rules="block", players="3", seed="7")
    game = at.session_state["try.game"]
    shown = only_position(at)
    assert shown.text() in (Position.from_state(game.state).text(),
                            Position.from_state(game.state, game.state.mover).text())


def test_play_links_to_the_learners_view_then_to_the_whole_round() -> None:
    at = open_page("pages/play.py", rules="block", players="2", seed="11", level="random")
    tb = at.session_state["play.table"]
    assert isinstance(tb, Table)
    assert only_position(at) == Position.from_state(tb.state, tb.learner)
    while not tb.state.over:
        click(at, legal_button(tb.state, "play-board"))
        tb = at.session_state["play.table"]
    (link,) = links(at)
    page, params = opened(link)
    assert page == "analysis" and params["seat"] == str(tb.learner + 1)
    whole = parse(params["round"])
    assert isinstance(whole, Round) and whole == Round.from_state(tb.state)
    (download,) = at.get("download_button")
    assert download.proto.label == "Download this round"
    assert link["label"] == "Copy a link to this round"


@pytest.mark.parametrize("lang", ["uk", "ar"])
def test_a_link_carries_the_pages_language_and_no_words(lang: str) -> None:
    at = open_page("pages/examples.py", example="e1-one-tile-loss", move="1", lang=lang)
    (link,) = links(at)
    _, params = opened(link)
    assert params["lang"] == lang
    assert params["pos"].isascii()


def test_the_analysis_page_opens_a_round_record_written_by_play(tmp_path: Path) -> None:
    at = open_page("pages/play.py", rules="duel", seed="5", level="random")
    tb = at.session_state["play.table"]
    while not tb.state.over:
        click(at, legal_button(tb.state, "play-board"))
        tb = at.session_state["play.table"]
    written = round_record.text(Round.from_state(tb.state), "x", tb.learner)
    record = round_record.read(written.encode())
    assert record is not None and parse(record.code) == Round.from_state(tb.state)
    assert record.seat == tb.learner


def test_the_two_player_games_link_and_record_say_game_not_round() -> None:
    """The two-player game's series says "game" everywhere: its finished game's link and
    download too (each language has its own words for them)."""
    for other in ("uk", "ru", "ar", "ko"):
        for game, round_ in (("copy_game", "copy_round"), ("download_game", "download_round"),
                             ("download_help_game", "download_help")):
            assert t_in(other, f"share.{game}") not in (t_in("en", f"share.{game}"),
                                                        t_in(other, f"share.{round_}"))
    lang = "en"
    at = open_page("pages/play.py", rules="duel", seed="5", level="random")
    tb = at.session_state["play.table"]
    while not tb.state.over:
        click(at, legal_button(tb.state, "play-board"))
        tb = at.session_state["play.table"]
    (link,) = links(at)
    assert link["label"] == t_in(lang, "share.copy_game") != t_in(lang, "share.copy_round")
    (download,) = at.get("download_button")
    assert download.proto.label == t_in(lang, "share.download_game")
    assert download.proto.label != t_in(lang, "share.download_round")
    assert download.proto.help == t_in(lang, "share.download_help_game")


def test_a_puzzle_links_to_what_its_seat_sees() -> None:
    at = open_page("pages/puzzles.py")
    scenario = puzzles().puzzles[str(at.query_params["puzzle"])]
    assert scenario.puzzle is not None
    state = scenario.replay()
    shared = only_position(at)
    assert shared == Position.from_state(state, scenario.puzzle.seat)
    assert shared != Position.from_state(state)  # the others' tiles stay hidden


def test_a_puzzle_of_the_learners_own_links_to_all_its_seat_knows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One of the learner's own mistakes, due again: its link is the seat's-eye position as
    the review kept it, with what the others are known to lack (the code's ``n``), as a
    bank puzzle's and Play's links are."""
    from apptest_support import home
    from test_page_puzzles import DAY, keep_decision, learner

    clock_file = tmp_path / "clock"
    clock_file.write_text(str(DAY + 60), encoding="utf-8")
    monkeypatch.setenv("DOMINO_CLOCK_FILE", str(clock_file))
    bank = puzzles().puzzles
    s = next(b for b in bank.values() if b.puzzle is not None
             and any(Position.from_state(b.replay(), b.puzzle.seat).lacks))
    assert s.puzzle is not None
    at = home()
    keep_decision(learner(at), s, 0.0)
    at.switch_page("pages/puzzles.py").run()
    click(at, "puzzles.own_start")
    assert at.session_state["puzzles.current"].problem.kind == "own"
    shared = only_position(at)
    seen = Position.from_state(s.replay(), s.puzzle.seat)
    assert shared == seen and any(shared.lacks)
    assert "/n" in shared.text()


def test_analysis_links_to_a_seats_view_with_what_the_others_lack() -> None:
    code = "d2/*2.013336/6*3/*14/1/n25.-"
    at = open_page("pages/analysis.py", pos=code)
    shared = only_position(at)
    assert shared.text() == code and any(shared.lacks)


def test_play_links_carry_what_the_others_are_known_to_lack() -> None:
    """Through a round of Play, each link is the learner's view with what the others have
    shown they lack (the code's ``n``), once a pass has shown it."""
    at = open_page("pages/play.py", rules="block", players="2", seed="3", level="random")
    tb = at.session_state["play.table"]
    known = False
    while not tb.state.over:
        shared = only_position(at)
        assert shared == Position.from_state(tb.state, tb.learner)
        known = known or any(shared.lacks)
        click(at, legal_button(tb.state, "play-board"))
        tb = at.session_state["play.table"]
    assert known, "no pass in this round showed a lack: choose another seed"
