"""ui/pages/quiz/logic.py and widgets/seats.py without a page: texts, sums, links, the set's summary, the address."""

from __future__ import annotations

from pathlib import Path

import pytest
from text_support import assert_no_sentence_repeats

from engine.game.settlement import settle
from engine.teaching.lessons import load_all
from engine.teaching.quiz import check, question
from engine.teaching.scenario import load
from ui import i18n
from ui.pages.quiz import logic as ui_quiz
from ui.pages.quiz import view as quiz_view
from ui.pages.quiz.logic import LESSON_FOR, TOPIC_KEYS, Result, parse_params, revisits, score
from ui.widgets import seats as seats_widget

ROOT = Path(__file__).resolve().parents[2]
EN = i18n.catalog("en")


def test_every_settlement_code_has_a_topic_and_a_lesson_step() -> None:
    codes = set(i18n.SETTLEMENT_CODES) - {"playing"}
    assert codes <= set(TOPIC_KEYS) and codes <= set(LESSON_FOR)
    for key in TOPIC_KEYS.values():
        assert key in EN, key
    for key in ui_quiz.LEVEL_NAME_KEYS.values():
        assert key in EN, key
    for names in [*i18n.TABLE_SEATS.values(), i18n.DUEL_SEATS]:
        for name in names:  # every seat name has its catalog key
            assert i18n.SEAT_KEYS[name] in EN, name


def test_the_lesson_steps_to_revisit_exist_and_teach_the_rule() -> None:
    _scenarios, lessons = load_all(ROOT / "scenarios")
    steps = {(lesson.id, s.id): s for lesson in lessons for s in lesson.steps}
    for code, target in LESSON_FOR.items():
        assert target in steps, (code, target)
    # the step's own position is settled by the rule it stands for
    for code in ("block_domino", "block_sole_lowest", "block_tied_lowest", "duel_lower",
                 "duel_equal", "duel_domino", "gaple_tie_tile", "gaple_tie_half"):
        step = steps[LESSON_FOR[code]]
        assert step.task.kind == "winner"
        assert step.settlement().explanation.code == code, code


def test_revisits_list_missed_topics_most_missed_first() -> None:
    results = [Result(1, 1, "block_sole_lowest", False), Result(1, 2, "duel_equal", True),
               Result(2, 3, "gaple_tie_half", False), Result(2, 4, "block_sole_lowest", False),
               Result(3, 5, "duel_equal", True)]
    todo = revisits(results)
    assert [(r.topic, r.missed) for r in todo] == [("block_sole_lowest", 2), ("gaple_tie_half", 1)]
    assert (todo[0].lesson, todo[0].step) == ("settling-block", "sole-lowest")
    assert (todo[1].lesson, todo[1].step) == ("gaple-dead-tiles", "tie-lower-half")
    assert score(results) == (2, 5)
    assert revisits([Result(1, 1, "duel_lower", True)]) == []


@pytest.mark.parametrize(("level", "seed", "want"), [
    ("2", "17", (2, 17, False)),
    (None, None, (None, None, False)),
    ("3", None, (3, None, False)),
    ("x", "5", (None, 5, True)),
    ("4", "5", (None, 5, True)),
    ("1", "-3", (1, None, True)),
    ("1", "1e9", (1, None, True)),
    ("1", str(2**40), (1, None, True)),
])
def test_the_address_is_read_safely(level: str | None, seed: str | None,
                                    want: tuple[object, ...]) -> None:
    assert parse_params(level, seed) == want


def test_seat_sums_show_each_tile_and_dead_tiles() -> None:
    s = settle(load(ROOT / "scenarios" / "gaple-emptied-by-discard.toml").replay())
    lines = seats_widget.sums_lines(s, ["North", "East", "South", "West"])
    assert lines[0] == "North: no tiles left, dead [5|6] [6|6] → dead 11 + dead 12 = 23"
    assert lines[1] == "East: [0|1] [0|2] → 1 + 2 = 3"
    assert lines[3] == "West: [4|4] → 8"


def test_in_arabic_each_sum_reads_left_to_right_as_a_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sum with words among its terms ("dead 11 + dead 12 = 23") is one left-to-right
    isolate in Arabic, each worded term an isolate of its own inside (else the Arabic word
    would turn the numbers after it, and the whole sum, right to left); the tiles are
    isolated one by one."""
    monkeypatch.setattr(i18n.language, "current_lang", lambda: "ar")
    lri, fsi, pdi = "\u2066", "\u2068", "\u2069"
    s = settle(load(ROOT / "scenarios" / "gaple-emptied-by-discard.toml").replay())
    dead = i18n.t_in("ar", "quiz.sum_dead", value=11), i18n.t_in("ar", "quiz.sum_dead", value=12)
    assert seats_widget.seat_sum(s.holdings[0]) == \
        f"{lri}{fsi}{dead[0]}{pdi} + {fsi}{dead[1]}{pdi} = 23{pdi}"
    line = seats_widget.sums_lines(s, i18n.seat_names(["North", "East", "South", "West"]))[0]
    assert line.endswith(seats_widget.seat_sum(s.holdings[0]))  # not isolated again
    lines = seats_widget.sums_lines(s, i18n.seat_names(["North", "East", "South", "West"]))
    assert lines[1] == i18n.t_in("ar", "quiz.seat_sum", name="الشرق",
                                 tiles=f"{lri}[0|1]{pdi} {lri}[0|2]{pdi}", sum=f"{lri}1 + 2 = 3{pdi}")
    assert lines[1].count(lri) == 3


def test_the_feedback_gives_the_engines_arithmetic_once() -> None:
    seats = ["North", "East", "South"]
    for name, arithmetic in [
        ("block-blocked-sole-lowest", "7 + 8 − 3 = 12"),
        ("block-blocked-tied-lowest", "is shared by North and East"),
        ("block-domino-five-and-five", "5 + 5 = 10"),
    ]:
        state = load(ROOT / "scenarios" / f"{name}.toml").replay()
        q = ui_quiz.Question(1, 0, state, settle(state))
        for verdict in (check(q, q.winner, q.points), check(q, 2, 1)):
            fb = ui_quiz.answer_feedback(q, verdict, "South, 1 points", True, seats)
            whole = " ".join((fb.title, *fb.lines))
            assert whole.count(arithmetic) == 1, whole
            assert_no_sentence_repeats(whole)
    state = load(ROOT / "scenarios" / "e2-equal-totals-draw.toml").replay()
    q = ui_quiz.Question(1, 0, state, settle(state))
    assert ui_quiz.answer_text(q, None, None, ["White", "Black"]) == "a draw"
    assert ui_quiz.ending_text(q, ["White", "Black"]) == "Blocked: nobody can play"


def test_topics_single_out_the_blank_double_25() -> None:
    state = load(ROOT / "scenarios" / "gaple-blank-double-25.toml").replay()
    q = ui_quiz.Question(3, 0, state, settle(state))
    assert ui_quiz.topic(q) == "gaple_blank_25"
    assert LESSON_FOR["gaple_blank_25"] == ("gaple-dead-tiles", "variants")


def test_seat_names_and_rules_in_words() -> None:
    for level in (1, 2, 3):
        for seed in range(40):
            q = question(level, seed)
            names = ui_quiz.seat_names(q.state)
            assert len(names) == q.state.players == len(set(names))
            assert ui_quiz.rules_text(q)
            assert ui_quiz.ending_text(q, names)
    duel = next(question(1, s) for s in range(50) if question(1, s).rules.family == "duel")
    assert ui_quiz.seat_names(duel.state) == ("White", "Black")


def test_the_table_draws_every_hand_face_up_and_escapes_names() -> None:
    q = next(question(3, s) for s in range(200)
             if question(3, s).rules.family == "gaple" and any(question(3, s).state.dead_masks))
    html = quiz_view.table_html(q, ["<b>N</b>", "E", "S", "W", "X"][:q.state.players])
    assert "<b>N</b>" not in html and "&lt;b&gt;N&lt;/b&gt;" in html
    assert html.count('class="quiz-seat') == q.state.players
    assert "dead tile" in html
    for seat in range(q.state.players):
        for tile in q.state.hand(seat):
            assert tile.bracket() in html


@pytest.mark.parametrize(("lang", "gaple5", "block2"), [
    ("en", "Gaple · 5 players, 5 tiles each", "Block · 2 players"),
    ("uk", "Гапле · 5 гравців, у кожного 5 плиток", "Блок · 2 гравці"),
    ("ru", "Гапле · 5 игроков, у каждого по 5 костяшек", "Блок · 2 игрока"),
    ("ar", "غابلي · 5 لاعبين، مع كلٍّ منهم 5 قطع", "بلوك · لاعبان"),
    ("ko", "가플레 · 5인, 한 사람당 타일 5개", "블록 · 2인"),
    ("id", "Gaple · 5 pemain, masing-masing 5 kartu", "Blok · 2 pemain"),
    ("es", "Gaple · 5 jugadores, 5 fichas cada uno", "Bloqueo · 2 jugadores"),
])
def test_the_quiz_header_names_the_table_in_plain_words(
        monkeypatch: pytest.MonkeyPatch, lang: str, gaple5: str, block2: str) -> None:
    import random

    from engine.game.rules import Ruleset, block, gaple
    from engine.game.state import State

    monkeypatch.setattr(i18n.language, "current_lang", lambda: lang)

    def header(rules: Ruleset) -> str:
        state = State.deal(rules, random.Random(1))
        return ui_quiz.rules_text(ui_quiz.Question(2, 0, state, settle(state)))

    assert header(gaple(5)) == gaple5
    assert header(block(2)) == block2


def test_a_single_dead_tile_is_singular_in_the_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.game.rules import gaple
    from engine.game.state import State

    state = State.setup(gaple(), [["1-2"], ["3-4"], ["2-6"], ["4-4"]], ends=(0, 0),
                        dead=[["0-1"], ["5-6", "0-3"], [], []])
    state.status = "blocked"
    seats = ["North", "East", "South", "West"]
    monkeypatch.setattr(i18n.language, "current_lang", lambda: "uk")
    lines = seats_widget.sums_lines(settle(state), i18n.seat_names(seats))
    assert lines[0] == "Північ: [1|2], мертва [0|1] → 3 + мертва 1 = 4"
    assert lines[1] == "Схід: [3|4], мертві [0|3] [5|6] → 7 + мертва 3 + мертва 11 = 21"
