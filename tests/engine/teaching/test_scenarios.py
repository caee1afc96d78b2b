"""Every scenario file replays through the referee and agrees with its ``[expect]``;
the worked examples of the source documents come out as the documents say."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.game.moves import Move
from engine.game.settlement import settle
from engine.notation.diagram import describe
from engine.teaching.puzzle import verify
from engine.teaching.referee import check, report
from engine.teaching.scenario import Scenario, find, load

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "scenarios"
ALL_FILES = find([SCENARIOS])
PUZZLES = SCENARIOS / "puzzles"
#: The worked examples and the lessons' positions (the puzzles are the engine's, below).
FILES = [p for p in ALL_FILES if PUZZLES not in p.parents]
PUZZLE_FILES = [p for p in ALL_FILES if PUZZLES in p.parents]
SEEDS = ROOT.parent / "shared" / "seeds"


def scenario(sid: str) -> Scenario:
    return load(SCENARIOS / f"{sid}.toml")


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 30
    assert len(PUZZLE_FILES) >= 300


@pytest.mark.parametrize("path", ALL_FILES, ids=[p.stem for p in ALL_FILES])
def test_scenario_replays_as_expected(path: Path) -> None:
    s = load(path)
    assert s.id == path.stem
    assert s.expect, "every scenario states its expected outcome"
    assert check(s) == []
    assert (s.puzzle is not None) == (PUZZLES in path.parents), "puzzles live in puzzles/"
    if s.puzzle is not None:  # its answer holds: the appraisal worked out again, exactly
        assert verify(s.replay(), s.puzzle) == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_is_documented(path: Path) -> None:
    s = load(path)
    assert s.source in {"000", "001", "002", "003", "004"}
    assert s.title and s.title != s.id
    assert s.notes.strip()
    assert len(s.seats) == s.rules.players
    assert len(s.move_notes) == len(s.moves)
    assert all(note.strip() for note in s.move_notes), "a note on every move"


@pytest.mark.parametrize("path", ALL_FILES, ids=[p.stem for p in ALL_FILES])
def test_the_28_tiles_add_up(path: Path) -> None:
    state = load(path).initial()
    held = sum(len(state.hand(i)) + len(state.dead_tiles(i)) for i in range(state.players))
    assert state.line.hidden_ends is None, "every scenario draws its whole line"
    assert held + len(state.line.tiles()) + state.stock_count == 28


# -- the two-player endings of document 003 ------------------------------------------------


def test_e1_black_wins_three_against_eight() -> None:
    s = scenario("e1-one-tile-loss")
    assert s.seats == ("White", "Black")
    state = s.replay()
    result = settle(state)
    assert state.status == "blocked"
    assert list(state.line.ends) == [6, 2]
    assert result.totals == (8, 3)
    assert result.winners == (1,)
    assert not result.draw
    assert state.stock_count == 14  # the unused stock counts for nobody


def test_e2_nine_against_nine_is_a_draw() -> None:
    state = scenario("e2-equal-totals-draw").replay()
    result = settle(state)
    assert state.status == "blocked"
    assert result.totals == (9, 9)
    assert result.winners == ()
    assert result.draw
    assert len(state.hand(0)) == 2 and len(state.hand(1)) == 1  # fewer tiles is no advantage


def test_e3_white_goes_out_at_once() -> None:
    state = scenario("e3-empty-hand-wins").replay()
    result = settle(state)
    assert state.status == "domino"
    assert result.winners == (0,)
    assert [str(t) for t in state.hand(1)] == ["0-0"]
    assert result.totals == (0, 0)  # a zero hand is not an empty hand


def test_e3_black_had_a_choice() -> None:
    s = scenario("e3-empty-hand-wins")
    states = list(s.states())
    before_black = states[1]
    assert {m.text() for m in before_black.legal_moves()} == {"play 0-0 right", "play 0-2 right"}
    other = scenario("e3-other-choice").replay()
    assert other.status == "domino"
    assert settle(other).winners == (1,)


def test_e1_to_e3_start_from_the_documents_positions() -> None:
    e1 = scenario("e1-one-tile-loss").initial()
    assert list(e1.line.ends) == [6, 3] and e1.stock_count == 14 and e1.to_move == 0
    e2 = list(scenario("e2-equal-totals-draw").states())[1]  # after Black's [4|4]
    assert list(e2.line.ends) == [4, 5] and e2.to_move == 0
    e3 = scenario("e3-empty-hand-wins").initial()
    assert list(e3.line.ends) == [1, 0] and e3.to_move == 0


def test_demo_double_leaves_one_open() -> None:
    states = list(scenario("demo-reading-ends").states())
    assert [list(s.line.ends) for s in states[1:]] == [[4, 4], [4, 1], [4, 1]]


# -- the layout diagrams D1–D7 (documents 000, 002, 004) -----------------------------------

DIAGRAMS = {
    "d1-one-four": {
        "en": "Tiles: [1|4]. Connections: none. Legal continuation points: [1|4] (higher end, 4); [1|4] (lower end, 1).",
        "uk": "Плитки: [1|4]. З’єднання: немає. Дозволені місця продовження: [1|4] (більший кінець, 4); [1|4] (менший кінець, 1).",
        "ar": "القطع: [1|4]. التوصيلات: لا شيء. مواضع التوصيل القانونية: [1|4] (طرف القيمة الكبرى, 4); [1|4] (طرف القيمة الصغرى, 1).",
        "ko": "타일: [1|4]. 연결: 없음. 가능한 연장 연결 지점: [1|4] (높은 끝, 4); [1|4] (낮은 끝, 1).",
        "id": "Kartu: [1|4]. Sambungan: tidak ada. Titik sambung yang sah: [1|4] (ujung angka besar, 4); [1|4] (ujung angka kecil, 1).",
        "es": "Fichas: [1|4]. Conexiones: ninguna. Puntos de continuación válidos: [1|4] (extremo mayor, 4); [1|4] (extremo menor, 1).",
    },
    "d2-double-one": {
        "en": "Tiles: [1|4], [1|1]. Connections: [1|4] (lower end) – [1|1] (line A). Legal continuation points: [1|1] (line B, 1); [1|4] (higher end, 4).",
        "uk": "Плитки: [1|4], [1|1]. З’єднання: [1|4] (менший кінець) – [1|1] (лінія A). Дозволені місця продовження: [1|1] (лінія B, 1); [1|4] (більший кінець, 4).",
        "ar": "القطع: [1|4], [1|1]. التوصيلات: [1|4] (طرف القيمة الصغرى) – [1|1] (الخط A). مواضع التوصيل القانونية: [1|1] (الخط B, 1); [1|4] (طرف القيمة الكبرى, 4).",
        "ko": "타일: [1|4], [1|1]. 연결: [1|4] (낮은 끝) – [1|1] (직선 A). 가능한 연장 연결 지점: [1|1] (직선 B, 1); [1|4] (높은 끝, 4).",
        "id": "Kartu: [1|4], [1|1]. Sambungan: [1|4] (ujung angka kecil) – [1|1] (garis A). Titik sambung yang sah: [1|1] (garis B, 1); [1|4] (ujung angka besar, 4).",
        "es": "Fichas: [1|4], [1|1]. Conexiones: [1|4] (extremo menor) – [1|1] (línea A). Puntos de continuación válidos: [1|1] (línea B, 1); [1|4] (extremo mayor, 4).",
    },
    "d3-double-six": {
        "en": "Tiles: [3|6], [6|6]. Connections: [3|6] (higher end) – [6|6] (line A). Legal continuation points: [3|6] (lower end, 3); [6|6] (line B, 6).",
        "uk": "Плитки: [3|6], [6|6]. З’єднання: [3|6] (більший кінець) – [6|6] (лінія A). Дозволені місця продовження: [3|6] (менший кінець, 3); [6|6] (лінія B, 6).",
        "ar": "القطع: [3|6], [6|6]. التوصيلات: [3|6] (طرف القيمة الكبرى) – [6|6] (الخط A). مواضع التوصيل القانونية: [3|6] (طرف القيمة الصغرى, 3); [6|6] (الخط B, 6).",
        "ko": "타일: [3|6], [6|6]. 연결: [3|6] (높은 끝) – [6|6] (직선 A). 가능한 연장 연결 지점: [3|6] (낮은 끝, 3); [6|6] (직선 B, 6).",
        "id": "Kartu: [3|6], [6|6]. Sambungan: [3|6] (ujung angka besar) – [6|6] (garis A). Titik sambung yang sah: [3|6] (ujung angka kecil, 3); [6|6] (garis B, 6).",
        "es": "Fichas: [3|6], [6|6]. Conexiones: [3|6] (extremo mayor) – [6|6] (línea A). Puntos de continuación válidos: [3|6] (extremo menor, 3); [6|6] (línea B, 6).",
    },
    "d4-double-blank": {
        "en": "Tiles: [0|0]. Connections: none. Legal continuation points: [0|0] (line A, 0); [0|0] (line B, 0).",
        "uk": "Плитки: [0|0]. З’єднання: немає. Дозволені місця продовження: [0|0] (лінія A, 0); [0|0] (лінія B, 0).",
        "ar": "القطع: [0|0]. التوصيلات: لا شيء. مواضع التوصيل القانونية: [0|0] (الخط A, 0); [0|0] (الخط B, 0).",
        "ko": "타일: [0|0]. 연결: 없음. 가능한 연장 연결 지점: [0|0] (직선 A, 0); [0|0] (직선 B, 0).",
        "id": "Kartu: [0|0]. Sambungan: tidak ada. Titik sambung yang sah: [0|0] (garis A, 0); [0|0] (garis B, 0).",
        "es": "Fichas: [0|0]. Conexiones: ninguna. Puntos de continuación válidos: [0|0] (línea A, 0); [0|0] (línea B, 0).",
    },
    "d5-double-four": {
        "en": "Tiles: [1|4], [1|1], [4|4]. Connections: [1|4] (lower end) – [1|1] (line A); [1|4] (higher end) – [4|4] (line A). Legal continuation points: [1|1] (line B, 1); [4|4] (line B, 4).",
        "uk": "Плитки: [1|4], [1|1], [4|4]. З’єднання: [1|4] (менший кінець) – [1|1] (лінія A); [1|4] (більший кінець) – [4|4] (лінія A). Дозволені місця продовження: [1|1] (лінія B, 1); [4|4] (лінія B, 4).",
        "ar": "القطع: [1|4], [1|1], [4|4]. التوصيلات: [1|4] (طرف القيمة الصغرى) – [1|1] (الخط A); [1|4] (طرف القيمة الكبرى) – [4|4] (الخط A). مواضع التوصيل القانونية: [1|1] (الخط B, 1); [4|4] (الخط B, 4).",
        "ko": "타일: [1|4], [1|1], [4|4]. 연결: [1|4] (낮은 끝) – [1|1] (직선 A); [1|4] (높은 끝) – [4|4] (직선 A). 가능한 연장 연결 지점: [1|1] (직선 B, 1); [4|4] (직선 B, 4).",
        "id": "Kartu: [1|4], [1|1], [4|4]. Sambungan: [1|4] (ujung angka kecil) – [1|1] (garis A); [1|4] (ujung angka besar) – [4|4] (garis A). Titik sambung yang sah: [1|1] (garis B, 1); [4|4] (garis B, 4).",
        "es": "Fichas: [1|4], [1|1], [4|4]. Conexiones: [1|4] (extremo menor) – [1|1] (línea A); [1|4] (extremo mayor) – [4|4] (línea A). Puntos de continuación válidos: [1|1] (línea B, 1); [4|4] (línea B, 4).",
    },
    "d6-three-four": {
        "en": "Tiles: [1|4], [1|1], [4|4], [3|4]. Connections: [1|4] (lower end) – [1|1] (line A); [1|4] (higher end) – [4|4] (line A); [4|4] (line B) – [3|4] (higher end). Legal continuation points: [1|1] (line B, 1); [3|4] (lower end, 3).",
        "uk": "Плитки: [1|4], [1|1], [4|4], [3|4]. З’єднання: [1|4] (менший кінець) – [1|1] (лінія A); [1|4] (більший кінець) – [4|4] (лінія A); [4|4] (лінія B) – [3|4] (більший кінець). Дозволені місця продовження: [1|1] (лінія B, 1); [3|4] (менший кінець, 3).",
        "ar": "القطع: [1|4], [1|1], [4|4], [3|4]. التوصيلات: [1|4] (طرف القيمة الصغرى) – [1|1] (الخط A); [1|4] (طرف القيمة الكبرى) – [4|4] (الخط A); [4|4] (الخط B) – [3|4] (طرف القيمة الكبرى). مواضع التوصيل القانونية: [1|1] (الخط B, 1); [3|4] (طرف القيمة الصغرى, 3).",
        "ko": "타일: [1|4], [1|1], [4|4], [3|4]. 연결: [1|4] (낮은 끝) – [1|1] (직선 A); [1|4] (높은 끝) – [4|4] (직선 A); [4|4] (직선 B) – [3|4] (높은 끝). 가능한 연장 연결 지점: [1|1] (직선 B, 1); [3|4] (낮은 끝, 3).",
        "id": "Kartu: [1|4], [1|1], [4|4], [3|4]. Sambungan: [1|4] (ujung angka kecil) – [1|1] (garis A); [1|4] (ujung angka besar) – [4|4] (garis A); [4|4] (garis B) – [3|4] (ujung angka besar). Titik sambung yang sah: [1|1] (garis B, 1); [3|4] (ujung angka kecil, 3).",
        "es": "Fichas: [1|4], [1|1], [4|4], [3|4]. Conexiones: [1|4] (extremo menor) – [1|1] (línea A); [1|4] (extremo mayor) – [4|4] (línea A); [4|4] (línea B) – [3|4] (extremo mayor). Puntos de continuación válidos: [1|1] (línea B, 1); [3|4] (extremo menor, 3).",
    },
    "d7-double-two": {
        "en": "Tiles: [2|2]. Connections: none. Legal continuation points: [2|2] (line A, 2); [2|2] (line B, 2).",
        "uk": "Плитки: [2|2]. З’єднання: немає. Дозволені місця продовження: [2|2] (лінія A, 2); [2|2] (лінія B, 2).",
        "ar": "القطع: [2|2]. التوصيلات: لا شيء. مواضع التوصيل القانونية: [2|2] (الخط A, 2); [2|2] (الخط B, 2).",
        "ko": "타일: [2|2]. 연결: 없음. 가능한 연장 연결 지점: [2|2] (직선 A, 2); [2|2] (직선 B, 2).",
        "id": "Kartu: [2|2]. Sambungan: tidak ada. Titik sambung yang sah: [2|2] (garis A, 2); [2|2] (garis B, 2).",
        "es": "Fichas: [2|2]. Conexiones: ninguna. Puntos de continuación válidos: [2|2] (línea A, 2); [2|2] (línea B, 2).",
    },
}
OPEN_VALUES = {
    "d1-one-four": [1, 4], "d2-double-one": [1, 4], "d3-double-six": [3, 6],
    "d4-double-blank": [0, 0], "d5-double-four": [1, 4], "d6-three-four": [1, 3],
    "d7-double-two": [2, 2],
}
#: Indonesian and Spanish: no document in them; the engine's words (locales/glossary-*.md).
DOCUMENT_LANGS = ("uk", "ar", "ko")
DIAGRAM_CASES = [(sid, lang) for sid in DIAGRAMS for lang in ("en", *DOCUMENT_LANGS, "id", "es")]


@pytest.mark.parametrize(("sid", "lang"), DIAGRAM_CASES)
def test_diagram_description_is_the_documents(sid: str, lang: str) -> None:
    s = scenario(sid)
    state = s.replay()
    assert describe(state.line.description(), lang) == DIAGRAMS[sid][lang]
    assert state.line.hidden_ends is None and s.initial().line.empty  # replayed from an empty line


@pytest.mark.parametrize("sid", list(DIAGRAMS))
def test_diagram_files_expect_the_documents_texts(sid: str) -> None:
    s = scenario(sid)
    assert s.expect["description"] == DIAGRAMS[sid]["en"]
    assert dict(s.expect["descriptions"]) == {k: v for k, v in DIAGRAMS[sid].items()
                                              if k in DOCUMENT_LANGS}
    assert list(s.replay().line.ends) == OPEN_VALUES[sid]


# The documents lie beside the repository (../shared/seeds), as they do in CI, where this
# test must run: it is skipped only on a machine without them and without CI set.
@pytest.mark.skipif(not SEEDS.is_dir() and not os.environ.get("CI"),
                    reason="source documents not present")
@pytest.mark.parametrize(("doc", "lang", "marker"),
                         [("000", "uk", "Плитки: "), ("002", "ar", "القطع: "),
                          ("004", "ko", "타일: ")])
def test_diagram_texts_are_copied_word_for_word(doc: str, lang: str, marker: str) -> None:
    text = next(SEEDS.glob(f"{doc}_*.txt")).read_text(encoding="utf-8")
    found = [line[line.index(marker):] for line in text.splitlines() if marker in line]
    assert found == [DIAGRAMS[sid][lang] for sid in DIAGRAMS]


def test_d2_follows_d1_and_d6_follows_d5() -> None:
    d1, d2 = scenario("d1-one-four"), scenario("d2-double-one")
    assert d2.moves[:1] == d1.moves
    d5, d6 = scenario("d5-double-four"), scenario("d6-three-four")
    assert d6.moves[:3] == d5.moves
    assert [m.text() for m in d6.moves] == ["play 1-4", "play 1-1 left", "play 4-4 right",
                                           "play 3-4 right"]


# -- Block settlement (documents 000, 002, 004) ---------------------------------------------


@pytest.mark.parametrize(("sid", "totals", "winners", "points", "arithmetic"), [
    ("block-domino-blank-double", (0, 0, 8), (0,), (8, 0, 0), "0 + 8 = 8"),
    ("block-domino-five-and-five", (0, 5, 5), (0,), (10, 0, 0), "5 + 5 = 10"),
    ("block-blocked-sole-lowest", (3, 7, 8), (0,), (12, 0, 0), "7 + 8 − 3 = 12"),
    ("block-blocked-tied-lowest", (3, 3, 8), (), (0, 0, 0), "3 = 3"),
    ("block-blocked-two-players", (3, 8), (0,), (5, 0), "8 − 3 = 5"),
    ("block-four-players-domino", (4, 13, 1, 0), (3,), (0, 0, 0, 18), "4 + 13 + 1 = 18"),
])
def test_block_settlement_examples(sid: str, totals: tuple[int, ...], winners: tuple[int, ...],
                                   points: tuple[int, ...], arithmetic: str) -> None:
    result = settle(scenario(sid).replay())
    assert result.totals == totals
    assert result.winners == winners
    assert result.points == points
    assert result.explanation.arithmetic == arithmetic


def test_blank_double_does_not_tie_with_an_empty_hand() -> None:
    state = scenario("block-domino-blank-double").replay()
    assert state.status == "domino"
    assert [str(t) for t in state.hand(1)] == ["0-0"]
    assert settle(state).winners == (0,)


def test_three_players_need_three_passes() -> None:
    states = list(scenario("trip-three-players-three-passes").states())
    assert states[2].status == "playing"  # two passes: South may still play
    assert states[3].moves[-1].kind == "play"
    assert states[5].status == "playing"
    assert states[6].status == "blocked"


# -- Gaple (document 001) --------------------------------------------------------------------


@pytest.mark.parametrize(("sid", "status", "winners", "code"), [
    ("gaple-emptied-by-discard", "emptied", (1,), "gaple_lowest"),
    ("gaple-tie-smallest-tile", "blocked", (0,), "gaple_tie_tile"),
    ("gaple-tie-lower-half", "blocked", (1,), "gaple_tie_half"),
    ("gaple-blank-double-25", "blocked", (0,), "gaple_lowest"),
])
def test_gaple_endings(sid: str, status: str, winners: tuple[int, ...], code: str) -> None:
    state = scenario(sid).replay()
    result = settle(state)
    assert state.status == status
    assert result.winners == winners
    assert result.explanation.code == code


def test_gaple_tie_lower_half_is_one_two_against_blank_three() -> None:
    result = settle(scenario("gaple-tie-lower-half").replay())
    assert result.explanation.params["tile"] == "[0|3]"
    assert [str(t) for t in result.holdings[0].hand] == ["1-2"]


def test_gaple_dead_tile_still_counts() -> None:
    state = scenario("gaple-dead-discard").replay()
    assert [str(t) for t in state.dead_tiles(2)] == ["6-6"]
    assert settle(state).totals[2] == 37


def test_gaple_blank_double_counts_25_only_in_the_variant() -> None:
    s = scenario("gaple-blank-double-25")
    assert s.rules.blank_double_25
    assert settle(s.replay()).totals[1] == 27


def test_gaple_blank_double_opening_is_forced() -> None:
    start = scenario("gaple-blank-double-opening").initial()
    assert [m.text() for m in start.legal_moves()] == ["play 0-0"]
    assert start.why_illegal(Move.parse("play 1-2")).code == "must_open"


def test_gaple_double_opening_passes_to_the_next_player() -> None:
    states = list(scenario("gaple-double-opening-passes").states())
    assert [m.text() for m in states[0].legal_moves()] == ["pass"]
    assert states[1].to_move == 2
    assert {m.text() for m in states[1].legal_moves()} == {"play 0-0", "play 6-6"}


def test_gaple_middle_tile_starts_the_line() -> None:
    start = scenario("gaple-middle-tile-start").initial()
    assert [str(t) for t in start.line.tiles()] == ["2-5"]
    assert start.stock_count == 3


def test_gaple_pass_variant_passes() -> None:
    s = scenario("gaple-pass-variant")
    assert not s.rules.dead_tiles
    assert [m.move.kind for m in s.replay().history] == ["play", "pass", "pass", "play", "pass"]


# -- the points a learner trips on -------------------------------------------------------------


def test_must_play_refuses_the_pass() -> None:
    state = list(scenario("trip-must-play").states())[1]
    refusal = state.why_illegal(Move.parse("pass"))
    assert refusal is not None and refusal.code == "must_play"
    assert str(refusal.params["tile"]) == "2-5" and refusal.params["value"] == 5


def test_blank_matches_only_blank() -> None:
    state = scenario("trip-blank-matches-blank").initial()
    assert [m.text() for m in state.legal_moves()] == ["play 0-0 left"]
    refusal = state.why_illegal(Move.parse("play 0-0 right"))
    assert refusal is not None and refusal.code == "wrong_end"


def test_a_double_keeps_the_value() -> None:
    states = list(scenario("trip-double-keeps-value").states())
    assert list(states[0].line.ends) == list(states[1].line.ends) == [5, 2]


def test_a_play_breaks_the_run_of_passes() -> None:
    states = list(scenario("trip-pass-breaks-nothing").states())
    assert states[1].status == "playing" and states[1].passes == 1
    assert states[2].passes == 0
    assert states[-1].status == "blocked"


def test_draw_until_playable() -> None:
    states = list(scenario("trip-draw-until-playable").states())
    assert [s.legal_moves() for s in states[:4]] == [(Move.parse("draw"),)] * 4
    assert [m.text() for m in states[4].legal_moves()] == ["play 2-5 left"]
    assert states[4].stock_count == 10


def test_no_pass_while_the_stock_has_tiles() -> None:
    state = scenario("trip-no-pass-while-stock").replay()
    assert [m.to_dict() for m in state.legal_moves()] == [{"draw": True}]
    refusal = state.why_illegal(Move.parse("pass"))
    assert refusal is not None and refusal.code == "must_draw"


# -- the referee on the command line ------------------------------------------------------------


def test_referee_reports_e1() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "replay",
                          str(SCENARIOS / "e1-one-tile-loss.toml")],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    got = json.loads(out.stdout)
    assert got == report(scenario("e1-one-tile-loss").replay(), "e1-one-tile-loss")
    assert got["status"] == "blocked" and got["totals"] == [8, 3] and got["winners"] == [1]
    assert got["to_move"] is None and got["legal"] == []


def test_referee_speaks_ukrainian() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "replay",
                          str(SCENARIOS / "d2-double-one.toml"), "--lang", "uk"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(out.stdout)["description"] == DIAGRAMS["d2-double-one"]["uk"]
