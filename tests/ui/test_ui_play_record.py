"""The learner's record in words (Play's header, ui/pages/play/words.py, and the sidebar's Play
line, ui/nav.py): each count of rounds, games, matches and series in its plural form, in every
language."""

from __future__ import annotations

import pytest

from ui import i18n
from ui.i18n import plural_category, t_in
from ui.pages.play import words as play_words
from ui.progress import GameRecord

LANGS = ("en", "uk", "ru", "ar", "ko", "id", "es")


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The page in each language in turn."""
    code: str = request.param
    monkeypatch.setattr(i18n.language, "current_lang", lambda: code)
    return code


def test_english_says_one_round_and_two_rounds() -> None:
    assert t_in("en", "nav.progress_play", won=1, count=1) == "Play: 1 of 1 round won"
    assert t_in("en", "nav.progress_play", won=1, count=2) == "Play: 1 of 2 rounds won"


def test_english_records_say_one_and_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n.language, "current_lang", lambda: "en")
    one = GameRecord(rounds=1, rounds_won=1, matches=1, matches_won=0)
    two = GameRecord(rounds=2, rounds_won=1, matches=2, matches_won=1)
    assert play_words.record_text("Block", one, games=False) == (
        "Your record in Block: 1 of 1 round won · 0 of 1 match won.")
    assert play_words.record_text("Block", two, games=False) == (
        "Your record in Block: 1 of 2 rounds won · 1 of 2 matches won.")
    assert play_words.record_text("Two-player game", one, games=True) == (
        "Your record in Two-player game: 1 of 1 game won · 0 of 1 series won.")
    assert play_words.record_text("Two-player game", two, games=True) == (
        "Your record in Two-player game: 1 of 2 games won · 1 of 2 series won.")
    no_match = GameRecord(rounds=1, rounds_won=0)
    assert play_words.record_text("Gaple", no_match, games=False) == (
        "Your record in Gaple: 0 of 1 round won.")  # no "0 of 0 matches" before one ends


@pytest.mark.parametrize("rounds", [1, 2, 3, 5, 11, 21, 100])
def test_every_language_writes_each_count_in_its_form(lang: str, rounds: int) -> None:
    """Each key is a table of plural forms in every language: the form for the count is the
    one drawn (its own text where the language writes one for it), whole, with the numbers."""
    record = GameRecord(rounds=rounds, rounds_won=1, matches=rounds, matches_won=1)
    for games in (False, True):
        text = play_words.record_text("Block", record, games)
        assert "{" not in text and "play." not in text, text
        for key in ("play.tally_games", "play.tally_series") if games else (
                "play.tally_rounds", "play.tally_matches"):
            form = i18n.lookup(f"{key}.{plural_category(lang, rounds)}", lang)
            assert form is not None, (key, lang, rounds)
            assert t_in(lang, key, won=1, count=rounds) in text
    sidebar = t_in(lang, "nav.progress_play", won=1, count=rounds)
    assert "{" not in sidebar and "nav." not in sidebar and "1" in sidebar, sidebar
    assert i18n.lookup(f"nav.progress_play.{plural_category(lang, rounds)}", lang) is not None


@pytest.mark.parametrize("lang_code", ["uk", "ru", "ar"])
def test_the_slavic_and_arabic_counts_of_one_and_two_differ(lang_code: str) -> None:
    """Where the language's noun changes after 1 and 2, the two sidebar lines differ by more
    than the number."""
    one = t_in(lang_code, "nav.progress_play", won=1, count=1)
    two = t_in(lang_code, "nav.progress_play", won=1, count=2)
    assert one.replace("1", "") != two.replace("2", "").replace("1", "")


def test_a_run_or_series_of_one_reads_in_the_singular() -> None:
    """A table with friends may agree a run of one round: the match's title says so."""
    assert t_in("en", "play.match_gaple", count=1, round=1) == "A run of 1 round · round 1"
    assert t_in("en", "play.match_gaple", count=4, round=2) == "A run of 4 rounds · round 2"
    assert t_in("en", "play.match_duel", count=1, round=1) == "A series of 1 game · game 1"
    assert t_in("en", "play.match_duel", count=3, round=1) == "A series of 3 games · game 1"


@pytest.mark.parametrize("key", ["play.match_gaple", "play.match_duel"])
def test_a_run_s_title_has_a_form_for_every_count(key: str) -> None:
    for code in LANGS:
        for n in (1, 2, 3, 5, 11, 21, 100):
            said = t_in(code, key, count=n, round=1)
            assert said and "{" not in said and key not in said, (code, n, said)
