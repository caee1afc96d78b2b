"""The Rules page (AppTest): every family, the engine's diagrams and settlements, decisions."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from apptest_support import open_page, texts
from streamlit.testing.v1 import AppTest

from engine.game.rules import FAMILIES
from engine.game.settlement import settle
from engine.notation.diagram import describe
from engine.teaching.scenario import load
from ui import i18n
from ui.pages.rules import view as rules_page

ROOT = Path(__file__).resolve().parents[3]
EN = i18n.catalog("en")
DECISION = "Our decision (the document is silent)"


def open_rules(**params: str) -> AppTest:
    return open_page("pages/rules.py", **params)


def captions(at: AppTest) -> list[str]:
    """The text descriptions under the diagrams."""
    out = []
    for m in at.markdown:
        for found in re.findall(r'<p class="caption-desc">(.*?)</p>', m.value):
            out.append(html.unescape(found))
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_renders_every_topic(data_dir: Path, family: str) -> None:
    at = open_rules(family=family)
    assert at.title[0].value == "Rules"
    assert at.segmented_control(key="rules.family").value == family
    headings = [h.value for h in at.subheader]
    assert headings == [EN[rules_page.TOPIC_KEYS[t]] for t in rules_page.TOPICS]
    anchors = [h.proto.anchor for h in at.subheader]
    assert anchors == [f"{family}-{t}" for t in rules_page.TOPICS]
    body = texts(at)
    for topic in rules_page.TOPICS:  # every topic's text, whole
        first = EN[rules_page.TEXT_KEYS[family][topic]].strip().splitlines()[0]
        assert first[:40] in body, (family, topic)
        assert f'href="#{family}-{topic}"' in body  # the contents link to it
    assert at.query_params["family"] == family


def test_the_diagrams_captions_are_the_engines_descriptions(data_dir: Path) -> None:
    at = open_rules(family="block")
    shown = captions(at)
    expected = []
    for topic in ("line", "doubles"):
        for sid, _ in rules_page.DIAGRAMS[topic]:
            line = load(ROOT / "scenarios" / f"{sid}.toml").replay().line
            expected.append(describe(line.description(), "en"))
    assert len(expected) == 7
    for text in expected:
        assert text in shown
    # D5 as RULES.md and the documents write it
    assert ("Tiles: [1|4], [1|1], [4|4]. Connections: [1|4] (lower end) – [1|1] (line A); "
            "[1|4] (higher end) – [4|4] (line A). Legal continuation points: [1|1] (line B, 1); "
            "[4|4] (line B, 4).") in shown
    body = texts(at)
    assert body.count('class="marker') >= 14  # two markers on every diagram


def test_decisions_are_marked_where_they_matter(data_dir: Path) -> None:
    at = open_rules(family="gaple")
    body = texts(at)
    keys = [k for ks in rules_page.DECISIONS.values() for k in ks]
    assert len(keys) == 6
    assert body.count(DECISION) == len(keys)
    for key in keys:
        assert EN[key] in body
    assert DECISION not in texts(open_rules(family="block"))  # Block's rules are the document's


def test_worked_examples_are_settled_by_the_engine(data_dir: Path) -> None:
    for family, examples in rules_page.EXAMPLES.items():
        at = open_rules(family=family)
        body = html.unescape(texts(at))
        for sid, _ in examples:
            s = load(ROOT / "scenarios" / f"{sid}.toml")
            settlement = settle(s.replay())
            seats = rules_page.seat_words(s.seats, len(settlement.holdings))
            assert i18n.settlement_text(settlement, seats) in body, sid
    body = html.unescape(texts(open_rules(family="block")))
    assert "7 + 8 − 3 = 12" in body and "nobody scores" in body


def test_each_topic_links_to_the_lesson_that_practises_it(data_dir: Path) -> None:
    at = open_rules(family="duel")
    links = [(link.proto.label, link.proto.query_string) for link in at.get("page_link")]
    practise = [(label, qs) for label, qs in links if label.startswith("Practise it:")]
    assert len(practise) == sum(1 for (f, _t) in rules_page.LESSONS if f == "duel")
    assert any("lesson=two-player-game" in qs and "step=draw" in qs for _, qs in practise)
    assert any("lesson=worked-endings" in qs for _, qs in practise)


def test_an_unknown_family_falls_back_to_block_with_a_notice(data_dir: Path) -> None:
    at = open_rules(family="poker")
    assert any("no rule family “poker”" in i.value for i in at.info)
    assert at.segmented_control(key="rules.family").value == "block"
    assert at.query_params["family"] == "block"


def test_choosing_a_family_puts_it_in_the_address(data_dir: Path) -> None:
    at = open_rules()
    at.segmented_control(key="rules.family").set_value("gaple").run()
    assert not at.exception
    assert at.query_params["family"] == "gaple"
    assert "Gaple for four or five players" in texts(at)


#: How each family's source reads, in words a reader knows (the tester: "documents 000, 002
#: and 004" named internal file numbers); each language names the same source.
SOURCES = {"block": ("Pagat", "pagat.com"), "gaple": (), "duel": ()}


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "ar", "ko", "id", "es"])
@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_names_its_source_as_a_reader_knows_it(data_dir: Path, family: str,
                                                           lang: str) -> None:
    at = open_rules(family=family, lang=lang)
    source = i18n.t_in(lang, rules_page.SOURCE_KEYS[family])
    assert source != rules_page.SOURCE_KEYS[family] and f"*{source}*" in texts(at)
    words = re.sub(r"<[^>]*>", " ", texts(at))  # what the page says (not its drawings' code)
    assert not re.search(r"(?<![0-9|\[#])00[0-4](?![0-9|\]])", words)
    assert all(name in source for name in SOURCES[family])
    if lang == "en":
        assert {"block": "Pagat's rules for Block (John McLeod, pagat.com)",
                "gaple": "a Russian description of the game",
                "duel": "a Ukrainian guide to it"}[family] in source


def test_every_rules_key_exists() -> None:
    keys = [*rules_page.TOPIC_KEYS.values(), *rules_page.FAMILY_KEYS.values(),
            *rules_page.SOURCE_KEYS.values()]
    keys += [k for family in rules_page.TEXT_KEYS.values() for k in family.values()]
    keys += [k for ks in rules_page.DECISIONS.values() for k in ks]
    keys += [k for items in rules_page.DIAGRAMS.values() for _, k in items]
    keys += [k for items in rules_page.EXAMPLES.values() for _, k in items]
    for key in keys:
        assert key in EN, key


def test_every_decision_of_rules_md_is_on_the_page() -> None:
    """RULES.md's Decisions (Gaple §3): five bullets, all stated (one split in two)."""
    wanted = ["empty hand is not a zero hand", "full circuit", "turn order",
              "running penalty points", "hand plus their dead tiles", "[0|0] = 25"]
    texts_ = " ".join(EN[k] for ks in rules_page.DECISIONS.values() for k in ks)
    for words in wanted:
        assert words in texts_, words
