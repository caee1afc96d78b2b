"""Every page in every language of the site, in a real browser: no English left.

A walk over every page (and a few deeper states: a lesson step, a worked example part-way,
the Gaple rules, a Gaple table) in each language but English.  What the browser shows — the
main area's and the sidebar's text, and the labels a screen reader reads (aria-label, title,
the board's own in its shadow root) — holds no English sentence of the catalog where the
language's catalog says it otherwise, nor a line that is a whole English label (a button's
"Check").  The document names the page's language (``<html lang>``).
"""

from __future__ import annotations

import re
import string
import tomllib
from functools import cache
from pathlib import Path

import pytest
from browser_support import WAIT, settle
from playwright.sync_api import Page, expect

from ui.i18n import LANGUAGES, catalogs

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]

#: Every page, and a few states deeper in (query strings without the language).
WALK = [
    "/",
    "/learn",
    "/learn?lesson=matching-ends&step=first-match",
    "/examples",
    "/examples?example=e1-one-tile-loss&move=2",
    "/try_it",
    "/try_it?rules=gaple&players=4",
    "/play",
    "/puzzles",
    "/strategy",
    "/strategy?principle=next_lacks",
    "/analysis",
    "/scores",
    "/quiz",
    "/drill",
    "/progress",
    "/rules",
    "/rules?family=gaple",
    "/rules?family=duel",
]

#: Streamlit's own English that the site puts on a page it draws (its words are the site's
#: to set, as "Skip to main content" is): none may show in another language.
STREAMLIT_ENGLISH = ("Skip to main content", "Choose an option", "No results")
#: Streamlit's own labels of its own controls (the selectbox's list button, the sidebar's
#: fold), which no page of the site words: not looked for here.
STREAMLIT_OWN = frozenset({"Open", "Collapse sidebar", "Expand sidebar"})


@cache
def flat(lang: str) -> dict[str, str]:
    data = tomllib.loads((ROOT / "locales" / f"{lang}.toml").read_text(encoding="utf-8"))
    return catalogs._flatten(data)


def pieces(template: str) -> list[str]:
    """The fixed text of a template, between its {placeholders}."""
    return [literal for literal, _, _, _ in string.Formatter().parse(template) if literal]


def plain(text: str) -> str:
    """Markdown's marks and the tiles' brackets as the page does not show them."""
    return re.sub(r"\*+|`|_(?=\w)|(?<=\w)_", "", text)


@cache
def english_leftovers(lang: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """English sentences (fixed runs of three words or more) and whole English labels
    whose key the language's catalog words differently, or lacks (then English shows)."""
    english, own = flat("en"), flat(lang)
    own_text = " ".join(own.values())
    sentences: set[str] = set()
    labels: set[str] = set()
    for key, text in english.items():
        base, _, form = key.rpartition(".")
        if key not in own and f"{base}.other" in own and form in ("one", "two", "zero"):
            continue  # a plural form the language does not have (Indonesian's one)
        if own.get(key) == text:
            continue  # the same in both (a name, "{move}: {score}"): nothing to tell
        for piece in pieces(plain(text)):
            for run in re.split(r"[\n:;.!?()“”«»—–·]+", piece):
                run = run.strip(" ,'’")
                if len(re.findall(r"[A-Za-z]{2,}", run)) >= 3 and run not in own_text:
                    sentences.add(run)
        whole = plain(text).strip()
        if "{" not in whole and re.fullmatch(r"[A-Za-z][A-Za-z ’'-]{3,}", whole) \
                and whole not in own_text:
            labels.add(whole)
    return tuple(sorted(sentences, key=len, reverse=True)), frozenset(labels)


def shown(page: Page) -> str:
    """What the page shows and says: the main area's and sidebar's text, and every label
    read aloud (CSS locators pierce the board's shadow root)."""
    texts = [page.get_by_test_id("stMain").inner_text(),
             page.get_by_test_id("stSidebar").inner_text()]
    for attribute in ("aria-label", "title"):
        texts += page.locator(f"[data-testid='stMain'] [{attribute}], "
                              f"[data-testid='stSidebar'] [{attribute}]").evaluate_all(
            f"els => els.map(e => e.getAttribute('{attribute}'))")
    return "\n".join(t for t in texts if t)


def english_in(text: str, lang: str) -> list[str]:
    sentences, labels = english_leftovers(lang)
    found = [s for s in sentences if s in text]
    found += sorted({line.strip() for line in text.splitlines()
                     if line.strip() in labels - STREAMLIT_OWN})
    found += [s for s in STREAMLIT_ENGLISH if s in text]
    return found


def test_the_leftover_check_finds_english() -> None:
    """The check itself: an English sentence and a whole English label are found; the
    language's own words, the tiles and a name both catalogs share are not."""
    text = "Lecciones\nThe round is over.\nCheck\n[1|4] Gaple"
    assert "The round is over" in english_in(text, "es")
    assert "Check" in english_in(text, "es")
    assert english_in("Lecciones\nLa mano ha terminado.\nComprobar\n[1|4] Gaple", "es") == []
    assert english_in("Kartu Anda\nGiliran Utara.\n[0|0] Gaple", "id") == []


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_speaks_the_language_with_no_english_left(page: Page, lang: str) -> None:
    problems: dict[str, list[str]] = {}
    for address in WALK:
        joiner = "&" if "?" in address else "?"
        page.goto(f"{address}{joiner}lang={lang}")
        settle(page)
        expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT)
        expect(page.get_by_test_id("stMain").get_by_role("heading").first).to_be_visible(
            timeout=WAIT)
        expect(page.get_by_test_id("stException")).to_have_count(0)
        found = english_in(shown(page), lang)
        if found:
            problems[address] = found
    assert not problems, problems
