"""The line of play and its diagram description (RULES.md §1).

D1–D7 are the seven worked diagrams of documents 000, 002 and 004, replayed from
an empty line.  English is RULES.md's wording; Ukrainian, Arabic and Korean are
the documents' own, word for word.
"""

from __future__ import annotations

import pytest
from engine_helpers import t

from engine.game.line import Line, LineError, SidePart
from engine.game.moves import ENDS
from engine.notation.diagram import LANGUAGES, WORDS, LanguageError, describe

# Each diagram as plays from an empty line: (tile, the open value it joins).
DIAGRAMS: dict[str, list[tuple[str, int | None]]] = {
    "D1": [("1-4", None)],
    "D2": [("1-4", None), ("1-1", 1)],
    "D3": [("3-6", None), ("6-6", 6)],
    "D4": [("0-0", None)],
    "D5": [("1-4", None), ("1-1", 1), ("4-4", 4)],
    "D6": [("1-4", None), ("1-1", 1), ("4-4", 4), ("3-4", 4)],
    "D7": [("2-2", None)],
}

OPEN_VALUES = {"D1": {1, 4}, "D2": {1, 4}, "D3": {3, 6}, "D4": {0}, "D5": {1, 4}, "D6": {1, 3},
               "D7": {2}}

EN = {
    "D1": "Tiles: [1|4]. Connections: none. Legal continuation points: [1|4] (higher end, 4); "
          "[1|4] (lower end, 1).",
    "D2": "Tiles: [1|4], [1|1]. Connections: [1|4] (lower end) – [1|1] (line A). "
          "Legal continuation points: [1|1] (line B, 1); [1|4] (higher end, 4).",
    "D3": "Tiles: [3|6], [6|6]. Connections: [3|6] (higher end) – [6|6] (line A). "
          "Legal continuation points: [3|6] (lower end, 3); [6|6] (line B, 6).",
    "D4": "Tiles: [0|0]. Connections: none. Legal continuation points: [0|0] (line A, 0); "
          "[0|0] (line B, 0).",
    "D5": "Tiles: [1|4], [1|1], [4|4]. Connections: [1|4] (lower end) – [1|1] (line A); "
          "[1|4] (higher end) – [4|4] (line A). "
          "Legal continuation points: [1|1] (line B, 1); [4|4] (line B, 4).",
    "D6": "Tiles: [1|4], [1|1], [4|4], [3|4]. Connections: [1|4] (lower end) – [1|1] (line A); "
          "[1|4] (higher end) – [4|4] (line A); [4|4] (line B) – [3|4] (higher end). "
          "Legal continuation points: [1|1] (line B, 1); [3|4] (lower end, 3).",
    "D7": "Tiles: [2|2]. Connections: none. Legal continuation points: [2|2] (line A, 2); "
          "[2|2] (line B, 2).",
}

UK = {
    "D1": "Плитки: [1|4]. З’єднання: немає. Дозволені місця продовження: [1|4] (більший кінець, "
          "4); [1|4] (менший кінець, 1).",
    "D2": "Плитки: [1|4], [1|1]. З’єднання: [1|4] (менший кінець) – [1|1] (лінія A). Дозволені "
          "місця продовження: [1|1] (лінія B, 1); [1|4] (більший кінець, 4).",
    "D3": "Плитки: [3|6], [6|6]. З’єднання: [3|6] (більший кінець) – [6|6] (лінія A). Дозволені "
          "місця продовження: [3|6] (менший кінець, 3); [6|6] (лінія B, 6).",
    "D4": "Плитки: [0|0]. З’єднання: немає. Дозволені місця продовження: [0|0] (лінія A, 0); "
          "[0|0] (лінія B, 0).",
    "D5": "Плитки: [1|4], [1|1], [4|4]. З’єднання: [1|4] (менший кінець) – [1|1] (лінія A); "
          "[1|4] (більший кінець) – [4|4] (лінія A). Дозволені місця продовження: [1|1] "
          "(лінія B, 1); [4|4] (лінія B, 4).",
    "D6": "Плитки: [1|4], [1|1], [4|4], [3|4]. З’єднання: [1|4] (менший кінець) – [1|1] "
          "(лінія A); [1|4] (більший кінець) – [4|4] (лінія A); [4|4] (лінія B) – [3|4] "
          "(більший кінець). Дозволені місця продовження: [1|1] (лінія B, 1); [3|4] (менший "
          "кінець, 3).",
    "D7": "Плитки: [2|2]. З’єднання: немає. Дозволені місця продовження: [2|2] (лінія A, 2); "
          "[2|2] (лінія B, 2).",
}

AR = {
    "D1": "القطع: [1|4]. التوصيلات: لا شيء. مواضع التوصيل القانونية: [1|4] (طرف القيمة الكبرى, "
          "4); [1|4] (طرف القيمة الصغرى, 1).",
    "D2": "القطع: [1|4], [1|1]. التوصيلات: [1|4] (طرف القيمة الصغرى) – [1|1] (الخط A). مواضع "
          "التوصيل القانونية: [1|1] (الخط B, 1); [1|4] (طرف القيمة الكبرى, 4).",
    "D3": "القطع: [3|6], [6|6]. التوصيلات: [3|6] (طرف القيمة الكبرى) – [6|6] (الخط A). مواضع "
          "التوصيل القانونية: [3|6] (طرف القيمة الصغرى, 3); [6|6] (الخط B, 6).",
    "D4": "القطع: [0|0]. التوصيلات: لا شيء. مواضع التوصيل القانونية: [0|0] (الخط A, 0); [0|0] "
          "(الخط B, 0).",
    "D5": "القطع: [1|4], [1|1], [4|4]. التوصيلات: [1|4] (طرف القيمة الصغرى) – [1|1] (الخط A); "
          "[1|4] (طرف القيمة الكبرى) – [4|4] (الخط A). مواضع التوصيل القانونية: [1|1] (الخط B, "
          "1); [4|4] (الخط B, 4).",
    "D6": "القطع: [1|4], [1|1], [4|4], [3|4]. التوصيلات: [1|4] (طرف القيمة الصغرى) – [1|1] (الخط "
          "A); [1|4] (طرف القيمة الكبرى) – [4|4] (الخط A); [4|4] (الخط B) – [3|4] (طرف القيمة "
          "الكبرى). مواضع التوصيل القانونية: [1|1] (الخط B, 1); [3|4] (طرف القيمة الصغرى, 3).",
    "D7": "القطع: [2|2]. التوصيلات: لا شيء. مواضع التوصيل القانونية: [2|2] (الخط A, 2); [2|2] "
          "(الخط B, 2).",
}

KO = {
    "D1": "타일: [1|4]. 연결: 없음. 가능한 연장 연결 지점: [1|4] (높은 끝, 4); [1|4] (낮은 끝, 1).",
    "D2": "타일: [1|4], [1|1]. 연결: [1|4] (낮은 끝) – [1|1] (직선 A). 가능한 연장 연결 지점: "
          "[1|1] (직선 B, 1); [1|4] (높은 끝, 4).",
    "D3": "타일: [3|6], [6|6]. 연결: [3|6] (높은 끝) – [6|6] (직선 A). 가능한 연장 연결 지점: "
          "[3|6] (낮은 끝, 3); [6|6] (직선 B, 6).",
    "D4": "타일: [0|0]. 연결: 없음. 가능한 연장 연결 지점: [0|0] (직선 A, 0); [0|0] (직선 B, 0).",
    "D5": "타일: [1|4], [1|1], [4|4]. 연결: [1|4] (낮은 끝) – [1|1] (직선 A); [1|4] (높은 끝) – "
          "[4|4] (직선 A). 가능한 연장 연결 지점: [1|1] (직선 B, 1); [4|4] (직선 B, 4).",
    "D6": "타일: [1|4], [1|1], [4|4], [3|4]. 연결: [1|4] (낮은 끝) – [1|1] (직선 A); [1|4] (높은 "
          "끝) – [4|4] (직선 A); [4|4] (직선 B) – [3|4] (높은 끝). 가능한 연장 연결 지점: [1|1] "
          "(직선 B, 1); [3|4] (낮은 끝, 3).",
    "D7": "타일: [2|2]. 연결: 없음. 가능한 연장 연결 지점: [2|2] (직선 A, 2); [2|2] (직선 B, 2).",
}


#: No source document is in Indonesian or Spanish: the English structure, in the words of
#: locales/glossary-id.md and locales/glossary-es.md.
ID = {
    "D1": "Kartu: [1|4]. Sambungan: tidak ada. Titik sambung yang sah: [1|4] (ujung angka "
          "besar, 4); [1|4] (ujung angka kecil, 1).",
    "D2": "Kartu: [1|4], [1|1]. Sambungan: [1|4] (ujung angka kecil) – [1|1] (garis A). Titik "
          "sambung yang sah: [1|1] (garis B, 1); [1|4] (ujung angka besar, 4).",
    "D6": "Kartu: [1|4], [1|1], [4|4], [3|4]. Sambungan: [1|4] (ujung angka kecil) – [1|1] "
          "(garis A); [1|4] (ujung angka besar) – [4|4] (garis A); [4|4] (garis B) – [3|4] "
          "(ujung angka besar). Titik sambung yang sah: [1|1] (garis B, 1); [3|4] (ujung angka "
          "kecil, 3).",
    "D7": "Kartu: [2|2]. Sambungan: tidak ada. Titik sambung yang sah: [2|2] (garis A, 2); "
          "[2|2] (garis B, 2).",
}

ES = {
    "D1": "Fichas: [1|4]. Conexiones: ninguna. Puntos de continuación válidos: [1|4] (extremo "
          "mayor, 4); [1|4] (extremo menor, 1).",
    "D2": "Fichas: [1|4], [1|1]. Conexiones: [1|4] (extremo menor) – [1|1] (línea A). Puntos "
          "de continuación válidos: [1|1] (línea B, 1); [1|4] (extremo mayor, 4).",
    "D6": "Fichas: [1|4], [1|1], [4|4], [3|4]. Conexiones: [1|4] (extremo menor) – [1|1] "
          "(línea A); [1|4] (extremo mayor) – [4|4] (línea A); [4|4] (línea B) – [3|4] "
          "(extremo mayor). Puntos de continuación válidos: [1|1] (línea B, 1); [3|4] (extremo "
          "menor, 3).",
    "D7": "Fichas: [2|2]. Conexiones: ninguna. Puntos de continuación válidos: [2|2] (línea A, "
          "2); [2|2] (línea B, 2).",
}

def join(line: Line, tile: str, value: int | None) -> None:
    """Play ``tile`` on the end showing ``value`` (on an empty line: open with it)."""
    if value is None:
        line.place(t(tile), None)
    else:
        line.place(t(tile), "left" if line.left == value else "right")


def replay(diagram: str) -> Line:
    line = Line()
    for tile, value in DIAGRAMS[diagram]:
        join(line, tile, value)
    return line


@pytest.mark.parametrize("diagram", list(DIAGRAMS))
def test_the_seven_diagrams_in_english(diagram: str) -> None:
    line = replay(diagram)
    assert describe(line.description()) == EN[diagram]
    assert describe(line.description(), "en") == EN[diagram]
    assert set(line.ends) == OPEN_VALUES[diagram]


@pytest.mark.parametrize("diagram", list(DIAGRAMS))
@pytest.mark.parametrize(("lang", "texts"), [("uk", UK), ("ar", AR), ("ko", KO)],
                         ids=["uk", "ar", "ko"])
def test_the_seven_diagrams_in_the_documents_own_words(
        diagram: str, lang: str, texts: dict[str, str]) -> None:
    assert describe(replay(diagram).description(), lang) == texts[diagram]


@pytest.mark.parametrize(("lang", "texts"), [("id", ID), ("es", ES)], ids=["id", "es"])
def test_the_diagrams_in_indonesian_and_spanish(lang: str, texts: dict[str, str]) -> None:
    for diagram, text in texts.items():
        assert describe(replay(diagram).description(), lang) == text


def test_the_rules_quote_word_for_word() -> None:
    # RULES.md §1 quotes these two in full.
    assert EN["D2"] == ("Tiles: [1|4], [1|1]. Connections: [1|4] (lower end) – [1|1] (line A). "
                        "Legal continuation points: [1|1] (line B, 1); [1|4] (higher end, 4).")
    assert EN["D1"] == ("Tiles: [1|4]. Connections: none. Legal continuation points: [1|4] "
                        "(higher end, 4); [1|4] (lower end, 1).")


@pytest.mark.parametrize("diagram", list(DIAGRAMS))
def test_every_language_describes_the_same_parts(diagram: str) -> None:
    line = replay(diagram)
    english = {w for w in ("higher", "lower", "Tiles", "Connections", "none", "line")}
    numbers = [c for c in describe(line.description()) if c.isdigit()]
    for lang in LANGUAGES:
        text = describe(line.description(), lang)
        assert [c for c in text if c.isdigit()] == numbers, lang
        if lang != "en":
            assert not any(word in text for word in english), (lang, text)
    ru = describe(line.description(), "ru")
    assert ru.startswith("Костяшки: ") and "Соединения: " in ru


@pytest.mark.parametrize("diagram", list(DIAGRAMS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_points_the_description_stops_before_the_open_ends(diagram: str,
                                                                    lang: str) -> None:
    """For a question about the line: the tiles and connections as they lie, and nothing
    after them (the continuation points name the open values)."""
    desc = replay(diagram).description()
    full, laid = describe(desc, lang), describe(desc, lang, points=False)
    assert full.startswith(laid + " " + WORDS[lang].points + ": ")
    assert WORDS[lang].points not in laid and laid.endswith(".")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(LanguageError, match="en, uk, ru, ar, ko"):
        describe(replay("D1").description(), "fr")
    assert set(WORDS) == set(LANGUAGES)


def test_the_description_is_built_from_parts() -> None:
    desc = replay("D2").description()
    one_four, one_one = t("1-4"), t("1-1")
    assert desc.tiles == (one_four, one_one)
    assert desc.connections == ((SidePart(one_four, "lower"), SidePart(one_one, "A")),)
    assert set(desc.points) == {SidePart(one_one, "B", 1), SidePart(one_four, "higher", 4)}
    assert not desc.hidden


def test_a_double_joined_later_has_line_a_where_it_was_joined() -> None:
    # On the left end: its right side faces the line, so that is line A.
    line = replay("D2")
    left_double = line.placements[-1]
    assert (left_double.left_side, left_double.right_side) == ("B", "A")
    # On the right end: its left side faces the line.
    line.place(t("4-4"), "right")
    right_double = line.placements[-1]
    assert (right_double.left_side, right_double.right_side) == ("A", "B")
    # The connections name the side joined first.
    conns = line.description().connections
    assert conns[0][1] == SidePart(t("1-1"), "A") and conns[1][1] == SidePart(t("4-4"), "A")


def test_an_opening_double_faces_line_a_left_and_line_b_right() -> None:
    line = replay("D7")
    (opening,) = line.placements
    assert (opening.left_side, opening.right_side) == ("A", "B")
    line.place(t("2-5"), "left")
    line.place(t("2-6"), "right")
    assert [c[0] for c in line.description().connections] == [
        SidePart(t("2-2"), "A"), SidePart(t("2-2"), "B")]


def test_a_non_double_has_a_higher_and_a_lower_end_whichever_way_it_lies() -> None:
    line = Line(hidden_ends=(6, 3))
    line.place(t("3-5"), "right")  # lies 3-5: its 3 faces the line
    line.place(t("2-6"), "left")  # lies 2-6: its 6 faces the line
    assert line.ends == (2, 5)
    three_five, two_six = line.placements
    assert (three_five.left_side, three_five.right_side) == ("lower", "higher")
    assert (two_six.left_side, two_six.right_side) == ("lower", "higher")


def test_blank_matches_only_blank() -> None:
    line = replay("D4")
    for end in ENDS:
        with pytest.raises(LineError, match="does not match"):
            line.place(t("1-1"), end)
        with pytest.raises(LineError):
            line.place(t("5-6"), end)
    assert line.ends == (0, 0) and line.tiles() == (t("0-0"),)
    line.place(t("0-3"), "right")
    assert line.ends == (0, 3)
    line = Line(hidden_ends=(1, 2))
    with pytest.raises(LineError):
        line.place(t("0-0"), "left")  # [0|0] is no wild tile


@pytest.mark.parametrize("double", ["0-0", "2-2", "6-6"])
def test_a_double_keeps_the_end_value(double: str) -> None:
    value = t(double).low
    for end in ENDS:
        line = Line(hidden_ends=(value, value))
        line.place(t(double), end)
        assert line.ends == (value, value)


def test_reading_the_open_ends_the_demo_of_document_003() -> None:
    line = Line()
    line.place(t("4-4"), None)
    assert line.ends == (4, 4)
    line.place(t("1-4"), "right")
    assert line.ends == (4, 1)
    line.place(t("1-1"), "right")
    assert line.ends == (4, 1)  # the last double leaves 1 open


def test_a_tile_that_does_not_match_is_refused_and_the_line_stays_as_it_was() -> None:
    line = replay("D6")
    before = (line.ends, list(line.placements), describe(line.description()))
    with pytest.raises(LineError, match="right end, 3"):
        line.place(t("5-6"), "right")
    with pytest.raises(LineError, match="left end, 1"):
        line.place(t("3-3"), "left")
    with pytest.raises(LineError, match="say which end"):
        line.place(t("1-2"), None)
    assert (line.ends, list(line.placements), describe(line.description())) == before


def test_undo_restores_the_ends_and_the_description() -> None:
    line = Line()
    seen = [(line.ends, describe(line.description()))]
    for tile, value in DIAGRAMS["D6"] + [("1-5", 1), ("5-5", 5), ("3-3", 3), ("0-3", 3)]:
        join(line, tile, value)
        seen.append((line.ends, describe(line.description())))
    assert line.ends == (5, 0)
    while line.placements:
        seen.pop()
        line.unplace()
        assert (line.ends, describe(line.description())) == seen[-1]
    assert line.empty and line.ends == ()


def test_undo_on_a_line_whose_history_is_not_shown() -> None:
    line = Line(hidden_ends=(6, 3))
    line.place(t("3-3"), "right")
    line.place(t("2-6"), "left")
    line.place(t("1-3"), "right")
    assert line.ends == (2, 1)
    line.unplace()
    assert line.ends == (2, 3)
    line.unplace()
    assert line.ends == (6, 3)
    line.unplace()
    assert line.ends == (6, 3) and not line.empty


def test_tiles_are_listed_in_play_order_and_the_layout_left_to_right() -> None:
    line = replay("D6")
    line.place(t("1-5"), "left")
    assert [str(x) for x in line.tiles()] == ["1-4", "1-1", "4-4", "3-4", "1-5"]
    assert [(p.left, p.right) for p in line.layout()] == [
        (5, 1), (1, 1), (1, 4), (4, 4), (4, 3)]
    assert line.ends == (5, 3)


def test_a_description_does_not_depend_on_which_way_the_line_is_drawn() -> None:
    mirrored = Line()
    mirrored.place_as(t("1-4"), 4, 1, None)  # [1|4] drawn the other way round
    mirrored.place(t("1-1"), "right")
    straight = replay("D2")
    a, b = mirrored.description(), straight.description()
    assert (a.tiles, a.connections) == (b.tiles, b.connections)
    assert set(a.points) == set(b.points)  # the two points may come in either order


def test_a_line_given_as_it_lies() -> None:
    line = Line.from_layout([(6, 6), (6, 3), (3, 0)])
    assert line.ends == (6, 0)
    assert [(p.left, p.right) for p in line.layout()] == [(6, 6), (6, 3), (3, 0)]
    assert describe(line.description()) == (
        "Tiles: [6|6], [3|6], [0|3]. Connections: [6|6] (line B) – [3|6] (higher end); "
        "[3|6] (lower end) – [0|3] (higher end). "
        "Legal continuation points: [6|6] (line A, 6); [0|3] (lower end, 0).")
    with pytest.raises(LineError, match="does not join 3"):
        Line.from_layout([(6, 3), (6, 2)])


def test_a_line_whose_history_is_not_shown_describes_its_two_ends() -> None:
    line = Line(hidden_ends=(6, 3))
    assert line.ends == (6, 3) and not line.empty
    assert describe(line.description()) == (
        "Tiles: … (not shown). Connections: none. "
        "Legal continuation points: … (left end, 6); … (right end, 3).")
    line.place(t("2-3"), "right")
    assert describe(line.description()) == (
        "Tiles: [2|3], … (not shown). Connections: … (right end) – [2|3] (higher end). "
        "Legal continuation points: … (left end, 6); [2|3] (lower end, 2).")


def test_an_empty_line() -> None:
    line = Line()
    assert line.empty and line.ends == () and line.layout() == []
    assert describe(line.description()) == (
        "Tiles: none. Connections: none. Legal continuation points: none.")


def test_a_copy_goes_its_own_way() -> None:
    line = replay("D2")
    other = line.copy()
    other.place(t("4-4"), "right")
    assert line.tiles() == (t("1-4"), t("1-1")) and len(other.tiles()) == 3
    other.unplace()
    other.unplace()
    assert line.ends == (1, 4) and other.ends == (1, 4)
