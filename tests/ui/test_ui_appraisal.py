"""ui/widgets/appraisal.py: an appraisal in words, in each family's scale and each language."""

from __future__ import annotations

import random

import pytest

from engine.game.moves import Move
from engine.game.rules import duel
from engine.game.state import State
from engine.game.view import view
from engine.notation.code import parse_position
from engine.search.appraise import appraise
from ui import i18n
from ui.i18n import LRI, PDI
from ui.widgets import appraisal


@pytest.fixture
def lang(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> str:
    code = str(getattr(request, "param", "en"))
    monkeypatch.setattr(i18n.language, "current_lang", lambda: code)
    return code


@pytest.mark.parametrize(("lang", "signed", "minus", "whole"), [
    ("en", "+1.9", "\u22124.0", "2,310"),
    ("uk", "+1,9", "\u22124,0", "2\u00a0310"),
    ("ru", "+1,9", "\u22124,0", "2\u00a0310"),
    ("ko", "+1.9", "\u22124.0", "2,310"),
    ("id", "+1,9", "\u22124,0", "2.310"),
    ("es", "+1,9", "\u22124,0", "2310"),  # CLDR: a four-digit number keeps no separator
    ("ar", f"{LRI}+1.9{PDI}", f"{LRI}\u22124.0{PDI}", "2,310"),
], indirect=["lang"])
def test_numbers_are_written_as_the_language_writes_them(
        lang: str, signed: str, minus: str, whole: str) -> None:
    assert appraisal.number(1.94, 1, signed=True) == signed
    assert appraisal.number(-4, 1) == minus
    assert appraisal.number(0.0, 1, signed=True) in ("0.0", "0,0")  # no sign on nothing
    assert appraisal.count(2310) == whole


@pytest.mark.parametrize(("lang", "whole"), [("es", "12.310"), ("id", "12.310"),
                                             ("en", "12,310")], indirect=["lang"])
def test_five_digits_are_grouped_in_spanish_too(lang: str, whole: str) -> None:
    assert appraisal.count(12310) == whole
    assert appraisal.count(999) == "999"


@pytest.mark.parametrize(("lang", "half"), [("en", "12.5"), ("uk", "12,5"), ("ru", "12,5"),
                                            ("ar", "12.5"), ("ko", "12.5"), ("id", "12,5"),
                                            ("es", "12,5")], indirect=["lang"])
def test_a_rate_keeps_its_decimal_only_where_it_has_one(lang: str, half: str) -> None:
    # The Progress page's and the drill's figures: 12.5 a minute, 80% accuracy.
    assert appraisal.figure(12.46) == half
    assert appraisal.figure(80.0) == "80"
    assert appraisal.figure(0.04) == "0"


@pytest.mark.usefixtures("lang")
def test_each_family_has_its_scale_in_words() -> None:
    assert appraisal.cost("block", 3.2) == "costs 3.2 points on average"
    assert appraisal.cost("gaple", 0.4) == "costs 0.40 of a place on average"
    assert appraisal.cost("duel", 0.25) == "costs 0.25 of a game on average"
    assert appraisal.score("block", 1.94, 2) == "+1.9 points on average"
    # Gaple's score is (N + 1) / 2 minus the place: +0.7 with four players is place 1.8.
    assert appraisal.score("gaple", 0.7, 4) == "place 1.80 on average"
    assert appraisal.score("duel", -0.4, 2) == "\u22120.40 a game on average"


@pytest.mark.usefixtures("lang")
def test_a_class_is_read_out_with_what_it_costs_and_its_sign_is_not() -> None:
    assert appraisal.said("mistake", "block", 3.2) == "mistake, costs 3.2 points on average"
    assert appraisal.said("best", "block", 0.0) == "best"
    badge = appraisal.badge("blunder")
    assert '<span class="sign" aria-hidden="true" dir="ltr">??</span>blunder' in badge
    assert 'class="grade grade-blunder"' in badge
    assert "sign" not in appraisal.badge("good")  # good has no sign
    html = appraisal.graded("inaccuracy", "gaple", 0.2)
    assert html.endswith("inaccuracy</span>, costs 0.20 of a place on average")


@pytest.mark.parametrize("lang", ["uk"], indirect=True)
def test_the_words_follow_the_page_language(lang: str) -> None:
    assert appraisal.said("mistake", "block", 3.2) == "помилка, у середньому мінус 3,2 бала"
    assert appraisal.score("gaple", 0.7, 4) == "у середньому місце 1,80"


@pytest.mark.usefixtures("lang")
def test_every_move_once_best_first_and_how_it_was_found() -> None:
    # The duel, both ends showing 4: [2|4] on the left and on the right are one move.
    v = parse_position("d2/2444.*2/4*4/*14/0").view(0)
    a = appraise(v, random.Random(1), seconds=5)
    assert a.exact and len(a.moves) == 4  # the engine lists both ends of each tile
    html = appraisal.moves_html(a, 2, v.ends, played=Move.parse("play 2-4 left"))
    assert html.count("<li>") == 2  # [2|4] (one move on either end) and [4|4]
    assert "on the left end" not in html and html.count("(your move)") == 1
    assert appraisal.provenance(a) == (
        f"Exact: worked out over every way the tiles you could not see might lie "
        f"({appraisal.count(a.deals)}).")
    state = State.deal(duel(False), random.Random(3))
    assert state.mover is not None
    rough = appraise(view(state, state.mover), random.Random(2), seconds=1.0, limit=0)
    assert not rough.exact and rough.sure
    assert appraisal.provenance(rough).startswith(
        f"An estimate from {appraisal.count(rough.deals)} of the ")
    assert appraisal.provenance(rough).endswith(" of a game.")
    # With no time, two deals: the margin is given, and why no move is called a fault.
    thin = appraise(view(state, state.mover), random.Random(2), seconds=1e-6, limit=0)
    assert thin.deals == 2 and not thin.sure
    assert appraisal.provenance(thin).startswith("An estimate from 2 of the ")
    assert appraisal.provenance(thin).endswith(
        "it takes at least 30), so none is graded worse than good.")


@pytest.mark.parametrize("lang", ["en", "uk"], indirect=True)
def test_a_studied_seats_move_is_the_move_played_not_yours(lang: str) -> None:
    """Analysis appraises any seat's decision: the move made there is "played", and the
    tiles unseen are the mover's, not the learner's."""
    v = parse_position("d2/2444.*2/4*4/*14/0").view(0)
    a = appraise(v, random.Random(1), seconds=5)
    played = Move.parse("play 4-4 left")
    html = appraisal.moves_html(a, 2, v.ends, played=played, yours=False)
    mine = i18n.t_in(lang, "appraisal.yours", move="")
    theirs = i18n.t_in(lang, "appraisal.played", move="")
    assert mine not in html and html.count(theirs) == 1
    (marked,) = [li for li in html.split("<li>") if theirs in li]
    assert "[4|4]" in marked
    assert appraisal.moves_html(a, 2, v.ends, played=played).count(mine) == 1
    assert appraisal.provenance(a, yours=False) == i18n.t_in(
        lang, "appraisal.exact_mover", deals=appraisal.count(a.deals))
    assert appraisal.provenance(a, yours=False) != appraisal.provenance(a)
