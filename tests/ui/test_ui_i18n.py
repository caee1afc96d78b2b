"""Translations: fallbacks, the engine's codes, and every key the pages use."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from engine.game.moves import Move
from engine.game.rules import block
from engine.game.settlement import MINUS, settle
from engine.game.state import State
from engine.game.tiles import Tile
from engine.teaching.lessons import TASK_KINDS
from ui import i18n

ROOT = Path(__file__).resolve().parents[2]
EN = i18n.catalog("en")


def test_english_catalog_loads_flat() -> None:
    assert EN["nav.learn"] == "Learn"
    assert "board.others_tiles.other" in EN
    # a valid TOML file, read straight
    tomllib.loads((ROOT / "locales" / "en.toml").read_text(encoding="utf-8"))


def test_params_are_filled_and_tiles_written_as_the_documents_do() -> None:
    from engine.game.tiles import Tile

    assert i18n.t("move.play", tile=Tile.parse("5-3")) == "Play [3|5]"
    assert i18n.t("learn.step_of", n=2, total=5) == "step 2 of 5"


def test_missing_params_and_keys_never_raise() -> None:
    assert i18n.t("learn.step_of", n=2) == "step 2 of {total}"
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.format_template("{broken", {}) == "{broken"
    assert i18n.format_template("{0}", {}) == "{0}"


def test_outside_a_run_the_language_is_english() -> None:
    assert i18n.current_lang() == "en"
    assert not i18n.is_rtl()


def test_right_to_left_languages(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert i18n.is_rtl("ar")
    assert not i18n.is_rtl("uk")
    assert "direction: rtl" in i18n.direction_css("ar")  # the Arabic catalog is there
    # Without an Arabic catalog the page stays in English, left to right.
    monkeypatch.setattr(i18n.catalogs, "LOCALES_DIR", tmp_path)
    assert i18n.direction_css("ar") == ""
    (tmp_path / "ar.toml").write_text('[nav]\nlearn = "تعلّم"\n', encoding="utf-8")
    assert "direction: rtl" in i18n.direction_css("ar")
    assert i18n.direction_css("en") == ""


def test_a_long_typed_value_is_clipped_with_an_ellipsis() -> None:
    assert i18n.clip("abc", 20) == "abc"
    assert i18n.clip("a" * 20, 20) == "a" * 20
    assert i18n.clip("a" * 21, 20) == "a" * 19 + "…"
    assert len(i18n.clip("x" * 500, 60)) == 60
    assert i18n.clip("word " * 10, 11) == "word word…"  # no space before the ellipsis


def test_languages_are_named_in_their_own_scripts() -> None:
    assert i18n.LANGUAGES == {"en": "English", "uk": "Українська", "ru": "Русский",
                              "ar": "العربية", "ko": "한국어", "id": "Bahasa Indonesia",
                              "es": "Español"}


def catalogs(monkeypatch: pytest.MonkeyPatch, folder: Path, **others: str) -> None:
    """Point the site at ``folder``: the real English catalog and ``others`` (lang=text)."""
    (folder / "en.toml").write_text((ROOT / "locales" / "en.toml").read_text("utf-8"),
                                    encoding="utf-8")
    for lang, text in others.items():
        (folder / f"{lang}.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n.catalogs, "LOCALES_DIR", folder)


def test_missing_keys_fall_back_to_english(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    catalogs(monkeypatch, tmp_path, uk='[nav]\nlearn = "Навчання"\n')
    assert i18n.t_in("uk", "nav.learn") == "Навчання"
    assert i18n.t_in("uk", "nav.quiz") == "Quiz"  # not translated yet: English
    assert i18n.t_in("ru", "nav.learn") == "Learn"  # no catalog at all: English
    assert i18n.t_in("xx", "nav.learn") == "Learn"  # unknown language: English
    assert i18n.catalog("xx") == {}


def test_a_broken_catalog_falls_back_to_english(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    catalogs(monkeypatch, tmp_path, ko="this is [not toml")
    assert i18n.t_in("ko", "nav.learn") == "Learn"


@pytest.mark.parametrize(("lang", "counts"), [
    ("en", {1: "one", 2: "other", 0: "other"}),
    ("uk", {1: "one", 21: "one", 3: "few", 12: "many", 5: "many", 11: "many"}),
    ("ru", {2: "few", 22: "few", 25: "many"}),
    ("ar", {0: "zero", 1: "one", 2: "two", 5: "few", 11: "many", 100: "other"}),
    ("ko", {1: "other", 7: "other"}),
    ("id", {0: "other", 1: "other", 7: "other"}),
    # CLDR 42+: a whole million is "many" ("1000000 de fichas"), 1 is "one", the rest other
    ("es", {1: "one", 0: "other", 2: "other", 21: "other", 1_000_000: "many",
            2_000_000: "many", 1_000_001: "other", 100_000: "other"}),
])
def test_plural_categories(lang: str, counts: dict[int, str]) -> None:
    for n, category in counts.items():
        assert i18n.plural_category(lang, n) == category, n


def test_plural_forms() -> None:
    assert i18n.t("board.others_tiles", name="East", count=1) == "East · 1 tile"
    assert i18n.t("board.others_tiles", name="East", count=3) == "East · 3 tiles"


def test_plural_forms_in_spanish_and_indonesian() -> None:
    assert i18n.t_in("es", "board.others_tiles", name="Este", count=1) == "Este · 1 ficha"
    assert i18n.t_in("es", "board.others_tiles", name="Este", count=3) == "Este · 3 fichas"
    assert i18n.t_in("es", "board.others_tiles", name="Este", count=1_000_000) == \
        "Este · 1000000 de fichas"
    assert i18n.t_in("id", "board.others_tiles", name="Timur", count=1) == "Timur · 1 kartu"
    assert i18n.t_in("id", "board.others_tiles", name="Timur", count=3) == "Timur · 3 kartu"


def test_description_goes_through_the_engines_notation() -> None:
    state = State.setup(block(), [["1-4"], ["1-1"]])
    state.push(Move.play("1-4"))
    desc = state.line.description()
    assert i18n.describe(desc) == ("Tiles: [1|4]. Connections: none. Legal continuation points: "
                                   "[1|4] (higher end, 4); [1|4] (lower end, 1).")
    assert i18n.describe(desc, "uk").startswith("Плитки: [1|4].")
    assert i18n.describe(desc, "xx").startswith("Tiles:")  # unknown: English


def test_refusals_read_in_the_learners_words() -> None:
    state = State.setup(block(), [["1-4", "0-0"], ["1-1", "3-5", "2-6"]])
    state.push(Move.play("1-4"))
    refusal = state.why_illegal(Move.play("3-5"))
    assert refusal is not None
    assert i18n.refusal_text(refusal) == \
        "[3|5] shows 3 and 5; the open ends show 1 and 4: no match."
    refusal = state.why_illegal(Move.parse("pass"))
    assert refusal is not None
    assert i18n.refusal_text(refusal) == "You hold [1|1], which fits the 1: you must play."


def test_unknown_refusal_codes_fall_back_to_the_engines_english() -> None:
    from engine.game.state import Refusal

    assert i18n.refusal_text(Refusal("brand_new", "something new", {})) == "Something new."


def engine_codes(path: str, pattern: str) -> set[str]:
    return set(re.findall(pattern, (ROOT / path).read_text(encoding="utf-8")))


def test_every_refusal_code_of_the_engine_has_words() -> None:
    codes = engine_codes("engine/game/state.py", r'Refusal\(\s*"([a-z_]+)"')
    assert codes, "no Refusal codes found in engine/game/state.py"
    assert codes <= set(i18n.REFUSAL_CODES)
    for code in i18n.REFUSAL_CODES:
        if code == "no_drawing":
            assert {"refusal.no_drawing_pass", "refusal.no_drawing_discard"} <= set(EN)
        else:
            assert f"refusal.{code}" in EN, code
    assert "refusal.must_play_open" in EN


def test_every_settlement_code_of_the_engine_has_words() -> None:
    """Every code the engine settles with (``Explanation("code", ...)``, or a code chosen
    between two: ``code = "a" if ... else "b"``) is known to the site and has its words."""
    source = (ROOT / "engine/game/settlement.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'Explanation\(\s*"([a-z_]+)"', source))
    for pair in re.findall(r'code = "([a-z_]+)" if .* else "([a-z_]+)"', source):
        codes.update(pair)
    assert codes == set(i18n.SETTLEMENT_CODES)
    for code in codes:
        assert f"settlement.{code}" in EN, code


def test_settlement_text_names_seats_and_shows_the_arithmetic() -> None:
    state = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(0, 0), passes=3)
    state.status = "blocked"
    text = i18n.settlement_text(settle(state), ["North", "East", "South"])
    assert text == ("Blocked: North holds the lowest total, 3, and scores the others' totals "
                    "minus their own: 7 + 8 − 3 = 12.")


def test_seat_names_come_from_one_catalog_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenarios' English seat names read in the page's language wherever they show."""
    uk = i18n.catalog("uk")
    assert i18n.seat_word("North", "uk") == uk["seat.north"] == "Північ"
    assert i18n.seat_word("South-west", "uk") == uk["seat.south_west"]
    assert i18n.seat_word("Black", "ko") == i18n.catalog("ko")["seat.black"]
    assert i18n.seat_word("Player 2", "ru") == "Игрок 2"
    assert i18n.seat_word("Alice", "uk") == "Alice"  # a name of its own stays
    assert i18n.seat_word("Північ", "uk") == "Північ"  # already translated: unchanged
    assert i18n.seat_name(1, ["White", "Black"], "uk") == "Чорні"
    assert i18n.seat_name(4, ["North"], "uk") == "Гравець 5"
    assert i18n.seat_names(["North", "East"], 3, "uk") == ("Північ", "Схід", "Гравець 3")
    assert i18n.seat_names(["North", "East"]) == ("North", "East")  # English as written
    for lang in ("en", "uk", "ru", "ar", "ko"):
        for name, key in i18n.SEAT_KEYS.items():
            assert key in i18n.catalog(lang), (lang, name)
    # the settlement's sentence names the seats as the board does
    monkeypatch.setattr(i18n.language, "current_lang", lambda: "uk")
    state = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(0, 0), passes=3)
    state.status = "blocked"
    text = i18n.settlement_text(settle(state), ["North", "East", "South"])
    assert text == ("Раунд заблоковано: Північ має найменшу суму, 3, і отримує суми інших "
                    "мінус власну: 7 + 8 − 3 = 12.")


def test_every_task_kind_has_a_default_prompt() -> None:
    for kind in TASK_KINDS:
        assert f"task.{kind}" in EN, kind


def test_lesson_texts_fall_back_to_the_file() -> None:
    assert i18n.lesson_text("matching-ends", "one-tile", "text", "From the file.") == \
        "From the file."


def used_keys() -> dict[str, list[str]]:
    """Every literal key passed to t()/t_in() in app.py, pages/ and ui/."""
    files = [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")),
             *sorted((ROOT / "ui").rglob("*.py"))]
    keys: dict[str, list[str]] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            args = node.args
            if name == "t_in":
                args = args[1:]
            elif name not in ("t", "setup", "page_link_key"):
                continue
            if name == "setup":
                args = args[1:]
            for arg in args[:1]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    keys.setdefault(arg.value, []).append(path.name)
    # keys named in tables of (page, key) / (family, name, line)
    for path in (ROOT / "ui" / "nav.py", ROOT / "ui" / "pages" / "home" / "view.py"):
        for key in re.findall(r'"((?:nav|home)\.[a-z_]+)"', path.read_text(encoding="utf-8")):
            keys.setdefault(key, []).append(path.name)
    return keys


def test_every_key_the_site_uses_is_in_the_english_catalog() -> None:
    keys = used_keys()
    assert len(keys) > 60, "the scan found too few keys: is it still finding t() calls?"
    missing = {k: v for k, v in keys.items() if k not in EN and f"{k}.other" not in EN}
    assert not missing, f"keys used but not in locales/en.toml: {missing}"


def test_dynamic_keys_exist() -> None:
    for end in ("left", "right"):
        assert f"end.{end}" in EN
    for kind in ("pass", "draw"):
        assert f"move.{kind}" in EN
    for control in ("pass", "draw", "discard"):
        assert f"board.{control}" in EN


def test_gaple_figures_name_the_seats() -> None:
    from engine.game.rules import gaple

    state = State.setup(gaple(), [["1-2"], ["3-4"], ["2-6", "0-5"], ["4-4"]], ends=(0, 0),
                        dead=[["0-1"], [], [], []])
    state.status = "blocked"
    text = i18n.settlement_text(settle(state), ["North", "East", "South", "West"])
    assert text == ("North has the lowest total (hand plus dead tiles): North 3 + 1 = 4 · "
                    "East 7 · South 5 + 8 = 13 · West 8.")


def _gaple_out_with_dead() -> State:
    """East plays out holding one dead tile, [3|6]; North wins with the lowest total."""
    from engine.game.rules import gaple

    state = State.setup(gaple(), [["1-5"], ["2-3"], ["6-6"], ["4-5"]], ends=(3, 0),
                        dead=[[], ["3-6"], [], []], to_move=1)
    state.push(Move.play("2-3", "left"))
    assert state.status == "domino"
    return state


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ar", "ko"])
def test_gaple_going_out_with_dead_tiles_says_why_it_does_not_win(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from ui.widgets.story import settlement_view

    monkeypatch.setattr(i18n.language, "current_lang", lambda: lang)
    view = settlement_view(_gaple_out_with_dead(), ["North", "East", "South", "West"])
    out_sentence = i18n.t("settlement.out_by_play", name=i18n.seat_name(1, ["North", "East"]),
                          dead="[3|6]", count=1)
    assert view.text.startswith(out_sentence) and view.winners == (0,)
    east = view.holdings[1]
    # No dash standing for an empty hand, and one dead tile in the singular.
    assert "—" not in east and "[3|6]" in east
    assert east == i18n.t("examples.holds_only_dead", name=i18n.seat_name(1, ["North", "East"]),
                          dead="[3|6]", sum="9", count=1)
    if lang == "en":
        assert view.text.startswith("East played out, but their dead tile [3|6] still counts: "
                                    "going out wins outright only with no dead tiles")
        assert east == "East holds no tiles; dead tile [3|6]: 9"


# -- tiles and sums left to right in right-to-left text -----------------------------------------

LRI, PDI = "\u2066", "\u2069"
UNISOLATED_TILE = re.compile(r"\[\d\|\d\]")


def outside_isolates(text: str) -> str:
    """``text`` without its LRI … PDI runs (what the bidi algorithm lays out right to left)."""
    return re.sub(f"{LRI}[^{LRI}{PDI}]*{PDI}", "", text)


def test_arabic_isolates_each_tile_and_each_sum_left_to_right() -> None:
    text = "مع الشمال: [1|4], [0|0]؛ المجموع 5 + 25 = 30 · [0|0] = 25 · 3 < 8 · 7 + 8 − 3 = 12"
    assert i18n.isolate_ltr(text, "ar") == (
        f"مع الشمال: {LRI}[1|4]{PDI}, {LRI}[0|0]{PDI}؛ المجموع {LRI}5 + 25 = 30{PDI} · "
        f"{LRI}[0|0] = 25{PDI} · {LRI}3 < 8{PDI} · {LRI}7 + 8 − 3 = 12{PDI}")
    # once is enough: a translated text put into another keeps its runs as they are
    once = i18n.isolate_ltr(text, "ar")
    assert i18n.isolate_ltr(once, "ar") == once
    # nor is what an isolate of any kind already holds, nested or not
    fsi = "\u2068"
    nested = f"{LRI}{fsi}ميتة 5{PDI} + 3 = 8{PDI} و [1|4]"
    assert i18n.isolate_ltr(nested, "ar") == f"{LRI}{fsi}ميتة 5{PDI} + 3 = 8{PDI} و {LRI}[1|4]{PDI}"
    # lone numbers, lists and ranges are left to the bidi algorithm
    assert i18n.isolate_ltr("الخطوة 2 من 5، 2–4 لاعبين", "ar") == "الخطوة 2 من 5، 2–4 لاعبين"


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ko"])
def test_left_to_right_languages_are_left_as_they_are(lang: str) -> None:
    text = "[1|4] 7 + 8 − 3 = 12"
    assert i18n.isolate_ltr(text, lang) == text
    assert LRI not in i18n.t_in(lang, "move.play", tile=Tile.parse("1-4"))
    assert LRI not in i18n.t_in(lang, "home.picture")


def test_arabic_texts_isolate_tiles_from_parameters_and_templates() -> None:
    assert i18n.t_in("ar", "move.play", tile=Tile.parse("4-1")) == f"العب {LRI}[1|4]{PDI}"
    picture = i18n.t_in("ar", "home.picture")  # the catalog's own tiles
    assert UNISOLATED_TILE.findall(i18n.catalog("ar")["home.picture"])
    assert not UNISOLATED_TILE.findall(outside_isolates(picture))
    assert outside_isolates(picture).replace(LRI, "").replace(PDI, "") == \
        UNISOLATED_TILE.sub("", i18n.catalog("ar")["home.picture"])


def test_arabic_descriptions_isolate_tiles_but_the_engine_text_is_untouched() -> None:
    from engine.notation.diagram import describe as engine_describe

    state = State.setup(block(), [["1-4"], ["1-1"]])
    state.push(Move.play("1-4"))
    desc = state.line.description()
    arabic = i18n.describe(desc, "ar")
    assert f"{LRI}[1|4]{PDI}" in arabic
    assert not UNISOLATED_TILE.findall(outside_isolates(arabic))
    assert arabic.replace(LRI, "").replace(PDI, "") == engine_describe(desc, "ar")
    assert LRI not in engine_describe(desc, "ar")  # the referee's words stay as they are
    assert LRI not in i18n.describe(desc, "uk")


def test_arabic_settlement_and_lesson_texts_isolate_their_sums(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n.language, "current_lang", lambda: "ar")
    state = State.setup(block(3), [["1-2"], ["3-4"], ["2-6"]], ends=(0, 0), passes=3)
    state.status = "blocked"
    settlement = settle(state)
    text = i18n.settlement_text(settlement, ["North", "East", "South"])
    assert f"{LRI}7 + 8 {MINUS} 3 = 12{PDI}" in text and "الشمال" in text
    assert settlement.explanation.arithmetic == f"7 + 8 {MINUS} 3 = 12"  # the engine's own
    # put into another text, the run is not wrapped twice
    said = i18n.t("learn.winner_arithmetic", text=text)
    assert said.count(LRI) == said.count(PDI) == 1
    # a lesson's text, translated or the file's own
    lesson = i18n.lesson_text("no-such-lesson", "step", "success", "Right: 5 + 5 = 10, [5|5].")
    assert lesson == f"Right: {LRI}5 + 5 = 10{PDI}, {LRI}[5|5]{PDI}."
    note = i18n.scenario_text("block-blocked-sole-lowest", "notes", "")
    assert f"{LRI}7 + 8 − 3 = 12{PDI}" in note
    assert i18n.forward_arrow() == "←" and i18n.forward_arrow("en") == "→"


def test_the_sites_css_uses_logical_sides_so_right_to_left_needs_no_mirroring() -> None:
    """Accent bars, indents and alignments are written with logical properties
    (border-inline-start, margin-inline-end, text-align: start): they flip with the
    direction, and direction_css keeps only what Streamlit's own styles need."""
    physical = re.compile(r"\b(?:border|margin|padding)-(?:left|right)\b|text-align:\s*(?:left|right)")
    for path in sorted((ROOT / "ui").rglob("*")):
        if path.suffix not in (".py", ".css", ".js") or "i18n" in (path.stem, path.parent.name):
            continue
        found = physical.findall(path.read_text(encoding="utf-8"))
        assert not found, (path.name, found)
    css = i18n.direction_css("ar")
    for page_class in (".feedback", ".ex-label", ".quiz-seat", ".rules-example", ".st-key-ex-"):
        assert page_class not in css, page_class


def test_a_pinned_language_is_the_runs_until_unpinned() -> None:
    """ui.page.setup pins the address's language once a run; outside a run, unpinned, the
    address cannot be read and the language is English."""
    from ui.i18n import language

    try:
        language.pin("ar")
        assert language.requested_lang() == "ar" and language.current_lang() == "ar"
        language.pin("xx")  # pinned as asked; the site still speaks only what it knows
        assert language.requested_lang() == "xx" and language.current_lang() == "en"
    finally:
        language.pin(None)
    assert language.requested_lang() == "en"


# -- lists: the language's own separator ----------------------------------------------------------


def test_lists_are_joined_with_the_language_s_separator() -> None:
    """Tester: Arabic lists of tiles were joined with a Latin comma beside Arabic "،"."""
    tiles = (Tile(1, 4), Tile(2, 3), Tile(0, 6))
    assert i18n.list_sep("ar") == "، "
    assert {i18n.list_sep(lang) for lang in ("en", "uk", "ru", "ko")} == {", "}
    assert i18n.join_list(tiles, "en") == "[1|4], [2|3], [0|6]"
    assert i18n.join_list(tiles, "ar") == "[1|4]، [2|3]، [0|6]"  # t() isolates each tile
    assert i18n.and_list(["North", "East", "West"], "en") == "North, East and West"
    assert i18n.or_list([1, 3, 5], "ar") == "1، 3 أو 5"
    assert i18n.and_list(["North"], "ar") == "North" and i18n.or_list([], "ar") == ""
    # A tuple given to t() is joined the same way (the catalog's template is the language's).
    assert i18n.t_in("en", "try.knows_missing", values=(1, 3)).count("1, 3") == 1
    arabic = i18n.t_in("ar", "try.knows_missing", values=(1, 3))
    assert "1، 3" in arabic and "1, 3" not in arabic


def test_an_arabic_hand_reads_with_arabic_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the examples and the Rules page say each seat holds: "[0|1]، [1|1]"."""
    from engine.teaching.scenario import load
    from ui.widgets.story import settlement_view

    monkeypatch.setattr(i18n.language, "current_lang", lambda: "ar")
    scenario = load(ROOT / "scenarios" / "e1-one-tile-loss.toml")
    state = scenario.initial()
    for move in scenario.moves:
        state.push(move)
    lines = settlement_view(state, scenario.seats).holdings
    black = next(line for line in lines if "[0|1]" in line)
    assert f"[0|1]{PDI}، {LRI}[1|1]" in black and "," not in black


def test_no_list_is_joined_with_a_latin_comma_in_the_site_s_code() -> None:
    """Every list the site shows goes through the language's separator (``join_list``,
    ``and_list``, ``or_list``, or a tuple given to ``t``); svg's English fallback label
    (for a drawing nobody labelled) is the one exception."""
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "ui").rglob("*.py"))
             if path.name != "svg.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if re.search(r"""["'],\s["']\.join\(""", line)]
    assert not found, found


# -- Korean particles -------------------------------------------------------------------------


@pytest.mark.parametrize(("word", "fallback", "chosen"), [
    ("흑", "이(가)", "이"), ("백", "을(를)", "을"), ("북쪽", "은(는)", "은"), ("나", "은(는)", "는"),
    ("서쪽", "와(과)", "과"), ("동쪽이", "와(과)", "와"), ("플레이어 2", "이(가)", "가"),
    ("3", "을(를)", "을"), ("10", "은(는)", "은"), ("1670", "이(가)", "이"), ("4", "이(가)", "가"),
    ("[2|5]", "이(가)", "가"), ("[0|6]", "을(를)", "을"), ("‘9’", "을(를)", "를"),
    ("\u20661\u2069", "이(가)", "이"), ("L", "은(는)", "은"), ("A", "을(를)", "를"),
])
def test_a_korean_particle_follows_the_word_read_aloud(word: str, fallback: str,
                                                      chosen: str) -> None:
    from ui.i18n import korean
    assert korean.particle(word, fallback) == chosen
    assert korean.attach(f"{word}{fallback} 있습니다") == f"{word}{chosen} 있습니다"


def test_a_korean_particle_after_nothing_readable_keeps_both_forms() -> None:
    from ui.i18n import korean
    assert korean.attach("이(가) 없음") == "이(가) 없음"
    assert korean.attach("…이(가)") == "…이(가)"


def test_no_korean_entry_shows_a_particles_two_forms() -> None:
    """Every Korean entry that writes a particle's two forms, filled with seat names, numbers
    and tiles as the pages fill them: one form is chosen each time."""
    import string

    from ui.i18n import catalog, korean, t_in
    fallback = re.compile("|".join(re.escape(p) for p in korean.PAIRS))
    entries = [k for k, v in catalog("ko").items() if fallback.search(v)]
    assert len(entries) > 50
    for value in ("흑", "백", 2, 3, Tile(2, 5), Tile(0, 6), "플레이어 1"):
        for key in entries:
            fields = {f for _, f, _, _ in string.Formatter().parse(catalog("ko")[key]) if f}
            base, _, form = key.rpartition(".")
            params: dict[str, object] = {f: value for f in fields}
            if form in ("one", "few", "many", "other", "zero", "two"):
                key, params["count"] = base, 2
            shown = t_in("ko", key, **params)
            assert not fallback.search(shown), (key, value, shown)
