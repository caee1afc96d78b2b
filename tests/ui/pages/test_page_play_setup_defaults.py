"""A setup's defaults cannot drift: the form's defaults are read-only, and a form synced with
a table puts the options its family lacks back to their defaults, so that a Gaple match made
from the form has dead tiles unless the learner turned them off (issue 26: a new Gaple match
once came out in the pass variant)."""

from __future__ import annotations

import pytest
from apptest_support import click, open_page, play_table
from streamlit.testing.v1 import AppTest

from engine.game.rules import Ruleset, block, duel, gaple
from ui.widgets.deal_setup import CHOICES, choices_of, form_state, rules_from_form, rules_in_form

pytestmark = pytest.mark.usefixtures("data_dir")


def test_the_defaults_are_read_only() -> None:
    with pytest.raises(TypeError):
        CHOICES["dead_tiles"] = False  # type: ignore[index]
    assert rules_from_form({**CHOICES, "family": "gaple"}).dead_tiles


@pytest.mark.parametrize("rules", [block(4), duel(), gaple(4, 6, dead_tiles=False)])
def test_a_form_synced_with_a_table_keeps_nothing_of_an_earlier_one(rules: Ruleset) -> None:
    shown = choices_of(rules)
    assert set(shown) == set(CHOICES)  # every option: none left as an earlier table had it
    assert rules_from_form(shown) == rules
    theirs = {"block": {"family", "players"}, "duel": {"family", "draw"},
              "gaple": {"family", "gaple_deal", "dead_tiles", "blank25"}}[rules.family]
    assert {k: v for k, v in shown.items() if k not in theirs} == {
        k: v for k, v in CHOICES.items() if k not in theirs}


def test_a_forms_widget_state_is_its_choices_under_the_pages_keys() -> None:
    rules = gaple(5, 5)
    assert form_state("play", rules) == {f"play.{k}": v for k, v in choices_of(rules).items()}
    assert form_state("try") == {f"try.{k}": v for k, v in CHOICES.items()}
    assert form_state("try", rules)["try.gaple_deal"] == "5x5"


@pytest.mark.parametrize("rules", [block(3), duel(draw=True), gaple(5, 5, dead_tiles=False)])
def test_a_form_read_under_a_pages_keys_gives_the_rules_it_shows(rules: Ruleset) -> None:
    state = {**form_state("scores", rules), "scores.goal": "100", "play.family": "duel"}
    assert rules_in_form(state, "scores") == rules
    assert rules_in_form(state, "play") == rules_from_form({"family": "duel"})  # not its own


def new_gaple_match(at: AppTest) -> None:
    at.radio(key="play.family").set_value("gaple").run()
    click(at, "play.new")


def test_after_a_pass_variant_table_a_new_gaple_match_has_dead_tiles() -> None:
    at = open_page("pages/play.py", rules="gaple", players="4", dead="0", seed="5")
    assert not play_table(at).rules.dead_tiles  # the address asked for the pass variant
    at.query_params.clear()
    at.query_params["learner"] = at.session_state["learner"]
    for key, value in {"rules": "block", "players": "4", "seed": "6"}.items():
        at.query_params[key] = value
    at.run()
    assert play_table(at).rules.family == "block"
    new_gaple_match(at)
    assert play_table(at).rules.dead_tiles  # "Dead tiles" never touched: on


def test_a_new_session_starts_from_the_defaults() -> None:
    first = open_page("pages/play.py", rules="gaple", players="4", dead="0", seed="5")
    assert not play_table(first).rules.dead_tiles
    second = open_page("pages/play.py")
    new_gaple_match(second)
    assert play_table(second).rules.dead_tiles


def test_back_from_another_page_the_setup_shows_the_game_played() -> None:
    """Streamlit forgets the setup's widgets on a page that does not draw them: back on Play,
    they show the table's rules and level, and "New match" deals that game, not the form's
    defaults (seen: Strong played, Easy shown)."""
    at = open_page("pages/play.py", rules="gaple", players="5", dead="0", level="strong",
                   seed="3")
    at.switch_page("pages/learn.py").run()
    assert "play.level" not in at.session_state
    at.switch_page("pages/play.py").run()
    assert not at.exception, at.exception
    assert at.radio(key="play.level").value == "strong"
    assert at.radio(key="play.family").value == "gaple"
    click(at, "play.new")
    table = play_table(at)
    assert (table.rules, table.level) == (gaple(5, dead_tiles=False), "strong")
