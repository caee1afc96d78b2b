"""The hint's words (ui/pages/play/hints.py): the engine's reasons in the page's language, seats by
name, moves as a sentence names them, numbers in the family's unit with the language's decimal
sign; the tutor's cost and its hint from an appraisal."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from apptest_support import open_page, texts
from test_ui_play_tutor import made_appraisal

from engine.game.moves import PASS, Move
from engine.game.rules import block, gaple
from engine.game.state import State
from engine.game.tiles import Tile
from engine.game.view import view
from engine.players.bots import REASON_CODES, Reason, hint, opening_reasons
from engine.search.appraise import Appraisal, MoveAppraisal
from engine.search.paired import t_value
from engine.teaching.scenario import load
from ui import i18n
from ui.i18n import lookup
from ui.pages.play import hints as play_hints
from ui.widgets.reasons import reason_text

SEATS = ("North", "East", "South", "West")


@pytest.fixture
def lang(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Pretend the page is in another language: ``lang[0] = "uk"``."""
    chosen = ["en"]
    monkeypatch.setattr(i18n.language, "current_lang", lambda: chosen[0])
    return chosen


def said(code: str, names: tuple[str, ...] = SEATS, **params: object) -> str:
    return reason_text(Reason(code, params), names)


def test_every_reason_code_has_its_words() -> None:
    for code in REASON_CODES:
        assert lookup(f"reason.{code}", "en") or lookup(f"reason.{code}.other", "en"), code


def test_a_blocking_move_names_the_seat_and_the_number(lang: list[str]) -> None:
    assert said("opponents_lack", seats=(0,), value=5) == \
        "It leaves a 5 open, and North could not play on a 5 before: they hold none."
    assert said("opponents_lack", seats=(0, 1), value=3).startswith(
        "It leaves a 3 open, and North and East could not play on a 3 before")
    lang[0] = "uk"  # one opponent, or several: the words agree
    names = ("Північ", "Схід", "Південь")
    one = said("opponents_lack", names, seats=(0,), value=5)
    two = said("opponents_lack", names, seats=(0, 1), value=5)
    assert "в суперника (Північ)" in one and "в суперників (Північ і Схід)" in two


def test_the_strong_bots_blocking_hint_in_words() -> None:
    """E3 after White's pass (White has shown no 1 and no 0): the hint for Black plays
    [0|0] on the 0, and says White could not play on a 0."""
    state = load("scenarios/e3-empty-hand-wins.toml").initial()
    state.push(PASS)
    d = hint(view(state, 1), random.Random(7))
    words = [reason_text(r, ("White", "Black")) for r in d.reasons]
    assert "It leaves a 0 open, and White could not play on a 0 before: they hold none." \
        in words
    # Eight deals fit what Black has seen: every one is solved, and the hint says so.
    assert words[0] == "It wins whatever the hidden tiles are (checked on 8 possible deals)."
    assert words[-1] == ("Worked out on every possible deal of the tiles you cannot see (8), "
                         "each played out to the end.")


def test_a_tie_says_equally_good_naming_both_moves(lang: list[str]) -> None:
    moves = (Move.parse("play 5-5 left"), Move.parse("play 2-5 left"))
    assert said("equally_good", moves=moves) == (
        "[5|5] on the left end and [2|5] on the left end are equally good: the deals "
        "cannot tell them apart.")
    lang[0] = "ru"
    assert said("equally_good", moves=moves).startswith(
        "[5|5] на левый конец и [2|5] на левый конец — одинаково хорошие ходы")


def test_the_numbers_are_in_the_familys_unit_with_the_languages_decimal_sign(
        lang: list[str]) -> None:
    assert said("average_ahead", points=3.25) == \
        "On average it leaves you 3.2 points a round ahead of an opponent."
    assert said("average_place", place=1.8, players=4) == \
        "On average it finishes you in place 1.8 of 4."
    assert said("next_places", move=Move.parse("play 2-5 right"), places=0.45) == \
        "The next best, [2|5] on the right end, finishes you 0.5 places lower."
    assert said("average_chance", chance=70) == \
        "Your chance of winning with it: 70% (a draw counts as half a win)."
    assert said("goes_out", tile="6-6") == "It plays your last tile, [6|6]: you go out."
    lang[0] = "uk"
    assert "місце 1,8 з 4" in said("average_place", place=1.8, players=4)
    assert "3,2 бала" in said("average_ahead", points=3.25)


def test_a_count_of_deals_has_the_languages_thousands_separator(lang: list[str]) -> None:
    """The tutor's stop and the hint say how many deals their figures come from: 55,078,
    not 55078 (a space in Ukrainian, a point in Spanish); a small count as it is."""
    state = State.setup(block(3), [["5-5", "2-5"], ["0-0"], ["1-1"]], ends=(5, 1))
    found = made_appraisal(view(state, 0), lambda m: 0.0, stderr=0.2, deals=55_078)
    assert play_hints.deals_text(found) == \
        "Worked out on 55,078 possible deals of the tiles you cannot see, each played out " \
        "to the end."
    assert "(checked on 2,310 possible deals)" in said("wins_for_certain", samples=2_310)
    assert "(checked on 840 possible deals)" in said("wins_for_certain", samples=840)
    lang[0] = "uk"
    assert "(55\u00a0078)" in play_hints.deals_text(found)  # a space that never breaks
    lang[0] = "es"
    assert "55.078" in play_hints.deals_text(found)


def test_gaples_hint_speaks_of_places() -> None:
    g = State.setup(gaple(), [["1-1", "2-4", "0-2"], ["5-0"], ["1-4"], ["3-4"]], ends=(1, 2),
                    stock=["0-0", "0-1", "6-6", "3-3"])
    d = hint(view(g, 0), random.Random(1))
    words = " ".join(reason_text(r, SEATS) for r in d.reasons)
    assert "On average it finishes you in place " in words and " of 4." in words
    assert "points" not in words and "a round ahead" not in words


def test_the_tutors_cost_is_in_the_familys_unit() -> None:
    assert play_hints.cost("block", 3.21) == \
        "On average it costs you about 3.2 points a round against the best move."
    assert play_hints.cost("gaple", 0.62) == \
        "On average it finishes you about 0.6 places lower than the best move."
    # the duel: the chance of winning is (1 + mean) / 2, so a loss of 0.4 is 20 in 100
    assert play_hints.cost("duel", 0.4) == \
        "It lowers your chance of winning by about 20 in 100 against the best move."


def test_the_tutors_cost_shows_an_estimates_margin(lang: list[str]) -> None:
    """An estimate's cost carries its margin, in the family's unit; none shows where it
    rounds to nothing at the figure's precision (an exact answer has none)."""
    assert play_hints.cost("gaple", 0.91, 0.52) == \
        "On average it finishes you about 0.9 \u00b1 0.5 places lower than the best move."
    assert play_hints.cost("block", 21.8, 9.04) == \
        "On average it costs you about 21.8 \u00b1 9.0 points a round against the best move."
    assert play_hints.cost("duel", 0.4, 0.1) == \
        "It lowers your chance of winning by about 20 \u00b1 5 in 100 against the best move."
    assert play_hints.cost("block", 3.21, 0.04) == play_hints.cost("block", 3.21)
    assert play_hints.cost("duel", 0.4, 0.009) == play_hints.cost("duel", 0.4)
    lang[0] = "uk"  # the language's decimal sign
    assert "\u043d\u0430 0,9 \u00b1 0,5 \u043c\u0456\u0441\u0446\u044f" in play_hints.cost("gaple", 0.91, 0.52)
    lang[0] = "ar"  # kept left to right as one run in a right-to-left page
    assert i18n.ltr_run("0.9 \u00b1 0.5") in play_hints.cost("gaple", 0.91, 0.52)


def test_a_hints_figures_show_their_margin(lang: list[str]) -> None:
    """A figure from sampled deals is said with its margin, in the family's unit, where the
    margin shows at the figure's precision; none where it rounds to nothing."""
    rival = Move.parse("play 2-5 right")
    assert said("average_ahead", points=7.31, margin=0.93) == \
        "On average it leaves you 7.3 \u00b1 0.9 points a round ahead of an opponent."
    assert said("average_ahead", points=7.31, margin=0.04) == said("average_ahead", points=7.31)
    assert said("next_points", move=rival, points=0.56, margin=0.32) == \
        "The next best, [2|5] on the right end, leaves you 0.6 \u00b1 0.3 points a round less."
    assert said("average_place", place=1.84, margin=0.11, players=4) == \
        "On average it finishes you in place 1.8 \u00b1 0.1 of 4."
    assert said("average_chance", chance=62, margin=5) == \
        "Your chance of winning with it: 62 \u00b1 5% (a draw counts as half a win)."
    assert said("next_chance", move=rival, chance=40, margin=0) == \
        "The next best, [2|5] on the right end: 40%."
    lang[0] = "uk"  # the language's decimal sign
    assert "7,3 \u00b1 0,9 \u0431\u0430\u043b\u0430" in said("average_ahead", points=7.31,
                                                            margin=0.93)
    lang[0] = "ar"  # kept left to right as one run in a right-to-left page
    assert i18n.ltr_run("7.3 \u00b1 0.9") in said("average_ahead", points=7.31, margin=0.93)


def test_the_tutors_hint_gives_the_appraisals_margins() -> None:
    """The tutor's better move: its mean with the half-width of its 95% interval
    (Student's t for the deals), the next best's shortfall with the loss's own margin."""
    state = State.setup(block(3), [["5-5", "2-5", "1-3"], ["0-0"], ["1-1"]], ends=(5, 1))
    v = view(state, 0)
    exact = made_appraisal(v, lambda m: {"5-5": 0.0, "2-5": 4.0, "1-3": 6.0}[str(m.tile)])
    found = Appraisal(exact.seat, exact.family, False, 40, 10_000, 0.5, tuple(
        replace(i, expected=2.0 - i.loss, stderr=0.5, loss_stderr=0.25,
                margin=t_value(39) * 0.25 if i.loss else 0.0) for i in exact.moves),
        exact.best)
    _, reasons = play_hints.tutor_reasons(v, found, Move.parse("play 1-3 right"))
    by_code = {r.code: r.params for r in reasons}
    assert by_code["average_ahead"] == {"points": 2.0, "margin": round(t_value(39) * 0.5, 2)}
    assert by_code["next_points"]["margin"] == round(t_value(39) * 0.25, 2)
    assert "2.0 \u00b1 1.0 points a round ahead" in reason_text(
        Reason("average_ahead", by_code["average_ahead"]), SEATS)


def test_the_tutors_hint_names_equally_good_moves_within_the_noise() -> None:
    state = State.setup(block(2), [["5-5", "2-5", "1-3", "6-6"], ["0-0"]], ends=(5, 1),
                        stock=14)
    v = view(state, 0)
    losses = {"5-5": 0.0, "2-5": 0.3, "1-3": 6.0, "6-6": 0.0}
    exact = made_appraisal(v, lambda m: losses[str(m.tile)])
    # [2|5]'s loss is within twice its standard error: as good as the best, as far as the
    # deals tell; [1|3] is the next best after them
    noisy = Appraisal(exact.seat, exact.family, False, 150, 10_000, 0.5, tuple(
        MoveAppraisal(i.move, i.expected, 0.2, i.loss, 0.2, i.grade) for i in exact.moves),
        exact.best)
    best, reasons = play_hints.tutor_reasons(v, noisy, Move.parse("play 1-3 right"))
    assert best == Move.parse("play 5-5 left")
    codes = [r.code for r in reasons]
    # level with an opponent as far as 150 deals tell, within ± 0.4 point: so said
    assert codes[-3:] == ["average_ahead", "equally_good", "deals_sampled"]
    assert reasons[-3].params == {"points": 0.0, "margin": 0.4}
    assert reasons[-2].params["moves"] == (best, Move.parse("play 2-5 left"))
    best, reasons = play_hints.tutor_reasons(v, exact, Move.parse("play 1-3 right"))
    assert [r.code for r in reasons][-2:] == ["next_points", "deals_all"]
    assert reasons[-2].params == {"move": Move.parse("play 2-5 left"), "points": 0.3}


@pytest.mark.usefixtures("data_dir")
def test_the_hint_on_the_page_reads_in_words() -> None:
    """The strong bot's hint on Play: no code, no "6-6", the numbers with their unit."""
    at = open_page("pages/play.py", rules="block", players="2", seed="21", level="heaviest")
    at.button(key="play.hint").click().run()
    lines = [line for line in texts(at).splitlines() if line.startswith("- ")]
    assert lines and lines[-1].startswith("- Worked out on ")
    assert any("points a round" in line or "level with an opponent" in line for line in lines)
    assert not any("reason." in line or "-" in line[2:].split(" ")[0] for line in lines)


@pytest.mark.parametrize("code", ["opens_double", "sheds_heaviest", "keeps_both",
                                  "holds_most"])
def test_an_opening_hints_reasons_are_worded_in_every_language(lang: list[str],
                                                                code: str) -> None:
    """The first move's hint gives reasons in the game's terms (engine.players.reasons.opening_reasons),
    each worded in every language with its tile and numbers."""
    state = State.setup(block(2), [["6-6", "1-6", "2-6", "1-2", "0-5"], ["0-0"]], stock=14)
    v = view(state, 0)
    reasons = {r.code: r for m in state.distinct_moves() for r in opening_reasons(v, m)}
    assert code in reasons, sorted(reasons)
    seen: list[str] = []
    for lang[0] in ("en", "uk", "ru", "ar", "ko"):
        words = reason_text(reasons[code], SEATS)
        assert "{" not in words and words not in seen
        for value in reasons[code].params.values():
            shown = Tile.parse(value).bracket() if isinstance(value, str) else str(value)
            assert shown in words, (lang[0], words)
        seen.append(words)


def test_a_stop_whose_estimate_lies_past_its_grade_says_the_interval(lang: list[str]) -> None:
    """A stop names the class its loss's 95% interval supports and shows a figure in that
    class: 0.5 of a place lies in the blunder band (0.45 on), but the interval (0.4 to 0.6)
    starts in the mistake band, so the stop says "at least a mistake" and the interval's two
    ends, never "a mistake ... about 0.5 places lower".  Where the estimate lies in its
    grade's band, the stop names it with the estimate and its margin, as before."""
    state = State.deal(gaple(4), random.Random(5))
    v = view(state, state.to_move)
    moves = v.legal
    err = 0.1 / t_value(29)  # a margin of 0.1 at 95% over 30 deals
    found = made_appraisal(v, lambda m: 0.5 if m == moves[1] else 0.0, err, 30)
    item = found.of(moves[1])
    assert item.grade == "mistake" and round(item.margin, 6) == 0.1
    named = play_hints.move_named(moves[1])
    head, cost, _ = play_hints.stop_lines(item, found)
    assert head == f"Wait: {named} looks like at least a mistake, perhaps a blunder."
    assert cost == "On average it finishes you 0.40 to 0.60 places lower than the best move."
    lang[0] = "uk"  # the language's decimal sign
    assert "0,40–0,60" in play_hints.stop_lines(item, found)[1]
    lang[0] = "en"
    within = made_appraisal(v, lambda m: 0.4 if m == moves[1] else 0.0, err / 2, 30)
    head, cost, _ = play_hints.stop_lines(within.of(moves[1]), within)
    assert head == f"Wait: {named} looks like a mistake."
    assert cost == play_hints.cost("gaple", 0.4, 0.05)
    block_state = State.deal(block(2), random.Random(5))  # Block's points: one decimal
    dv = view(block_state, block_state.to_move)
    dm = dv.legal
    severe = made_appraisal(dv, lambda m: 4.8 if m == dm[1] else 0.0, 0.25, 30)
    lines = play_hints.stop_lines(severe.of(dm[1]), severe)
    assert lines[1] == "On average it costs you 4.3 to 5.3 points a round against the best move."


def test_a_hint_whose_move_differs_from_the_next_only_in_its_end_says_so(
        lang: list[str]) -> None:
    rival = Move.parse("play 0-4 right")
    assert said("other_end", rival=rival, left=4, right=4, rival_left=0, rival_right=0) == (
        "Only the end sets it apart from [0|4] on the right end: it leaves 4 and 4 open, "
        "where [0|4] on the right end would leave 0 and 0.")
    lang[0] = "es"
    assert "[0|4]" in said("other_end", rival=rival, left=4, right=4, rival_left=0,
                           rival_right=0)
