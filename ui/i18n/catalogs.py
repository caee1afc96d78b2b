"""The translation catalogs and ``t(key, **params)``.

``locales/en.toml`` is the reference catalog; ``locales/<lang>.toml`` files for the other
languages hold the same keys (any missing key falls back to English, and a key missing even
there shows as the key itself, so a gap is visible but never fatal).  Keys are dotted paths
of the TOML tables: ``t("nav.learn")``, ``t("learn.step_of", n=2, total=5)``; ``count=``
picks a plural form.  Also here: what depends on a language having a catalog (the notice
for one that has none, the right-to-left page styles)."""

from __future__ import annotations

import string
import time
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.game.tiles import Tile

from . import korean, language
from .bidi import isolate_ltr
from .language import DEFAULT, LANGUAGES, clip, is_rtl

LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, f"{path}."))
        else:
            out[path] = str(value)
    return out


@lru_cache(maxsize=16)
def _load(path: str, mtime: float) -> Mapping[str, str]:
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return MappingProxyType({})
    return MappingProxyType(_flatten(data))


#: How long a catalog is used before its file's modification time is looked at again:
#: a page looks up hundreds of keys per run, and one look at the file a second is enough.
RECHECK_SECONDS = 1.0
_checked: dict[tuple[Path, str], tuple[float, Mapping[str, str]]] = {}


def catalog(lang: str) -> Mapping[str, str]:
    """The flat ``key -> template`` catalog of ``lang`` (empty when absent).

    Read once per file version (the modification time is part of the cache
    key, so an edited catalog is picked up without a restart, within
    :data:`RECHECK_SECONDS`)."""
    if lang not in LANGUAGES:
        return MappingProxyType({})
    now = time.monotonic()
    where = (LOCALES_DIR, lang)
    checked = _checked.get(where)
    if checked is not None and now - checked[0] < RECHECK_SECONDS:
        return checked[1]
    path = LOCALES_DIR / f"{lang}.toml"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return MappingProxyType({})  # looked for again next time: it may be added
    found = _load(str(path), mtime)
    _checked[where] = (now, found)
    return found


class _Params(dict[str, object]):
    """Format parameters that leave an unknown ``{name}`` as it is."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fmt(value: object, sep: str = ", ") -> object:
    if isinstance(value, Tile):
        return value.bracket()
    if isinstance(value, (tuple, list)):
        return sep.join(str(_fmt(v, sep)) for v in value)
    return value


def format_template(template: str, params: Mapping[str, object], sep: str = ", ") -> str:
    """``str.format`` that never raises: unknown names stay, bad braces show raw.  A tuple
    or list parameter is joined with ``sep`` (the language's :func:`list_sep`)."""
    try:
        return string.Formatter().vformat(template, (), _Params(
            {k: _fmt(v, sep) for k, v in params.items()}))
    except (ValueError, IndexError, KeyError, AttributeError):
        return template


def list_sep(lang: str) -> str:
    """What separates the items of a list in ``lang`` (``list.sep``): ", ", and in Arabic
    "، " — a Latin comma beside Arabic words reads as a slip."""
    return lookup("list.sep", lang) or ", "


def lookup(key: str, lang: str) -> str | None:
    """The template for ``key`` in ``lang``, else in English, else None."""
    template = catalog(lang).get(key)
    if template is None and lang != DEFAULT:
        template = catalog(DEFAULT).get(key)
    return template


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of ``n``: one, two, few, many, zero or other."""
    n = abs(int(n))
    if lang in ("uk", "ru"):
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if lang == "ar":
        if n in (0, 1, 2):
            return ("zero", "one", "two")[n]
        if 3 <= n % 100 <= 10:
            return "few"
        return "many" if 11 <= n % 100 <= 99 else "other"
    if lang in ("ko", "id"):
        return "other"
    if lang == "es":  # CLDR 42+: "many" for a whole million ("1 000 000 de fichas")
        if n == 1:
            return "one"
        return "many" if n and n % 1_000_000 == 0 else "other"
    return "one" if n == 1 else "other"


def t_in(lang: str, key: str, /, **params: object) -> str:
    """:func:`t` in a given language.

    In a right-to-left language the tiles and sums of the result (from the parameters or
    the template) are isolated left to right (:func:`isolate_ltr`).  With a ``count`` parameter, a key whose entry is a table of plural forms
    (``[board.tiles] one = "{count} tile"``, ``other = "{count} tiles"``) picks
    the form for ``count`` in ``lang`` (then ``other``)."""
    template = lookup(key, lang)
    if template is None and "count" in params:
        count = params["count"]
        if isinstance(count, int):
            template = lookup(f"{key}.{plural_category(lang, count)}", lang)
            if template is None:
                template = lookup(f"{key}.other", lang)
    if template is None:
        return key
    text = format_template(template, params, list_sep(lang))
    if lang == "ko":  # 이(가), 을(를) …: the particle its word takes (ui/i18n/korean.py)
        text = korean.attach(text)
    return isolate_ltr(text, lang)


def t(key: str, /, **params: object) -> str:
    """The text for ``key`` in the page's language, with ``{params}`` filled in.

    Tiles format as ``[1|4]``; tuples as ``0, 2`` (with the language's :func:`list_sep`).  Missing in the language:
    English; missing in English too: the key itself."""
    return t_in(language.current_lang(), key, **params)


def text_or(key: str, default: str) -> str:
    """A whole text kept by key (no parameters): the page's language, else English, else
    ``default``; tiles and sums isolated as :func:`t` does."""
    lang = language.current_lang()
    template = lookup(key, lang)
    text = template if template is not None else default
    return isolate_ltr(korean.attach(text) if lang == "ko" else text, lang)


def language_notice() -> str | None:
    """A notice to show when the requested language is unknown or has no
    catalog yet (then the page is in English); None when all is well."""
    lang = language.requested_lang()
    if lang not in LANGUAGES:
        return t("lang.unknown", lang=clip(lang, 20))
    if lang != DEFAULT and not catalog(lang):
        return t("lang.untranslated", language=LANGUAGES[lang])
    return None


def page_dir(lang: str | None = None) -> str:
    """The page's direction, ``rtl`` or ``ltr`` (right to left only once the language has a
    catalog, as :func:`direction_css`)."""
    lang = lang or language.current_lang()
    return "rtl" if is_rtl(lang) and catalog(lang) else "ltr"


def direction_css(lang: str | None = None) -> str:
    """CSS that turns the page's text right to left for an RTL language (the
    drawings keep the line's left and right as the rules name them).

    Only once the language has a catalog: English fallback text set right to
    left would put its full stops at the wrong end."""
    if page_dir(lang) != "rtl":
        return ""
    # The whole main area and sidebar run right to left (so columns, rows of buttons and the
    # board's own labels, which inherit the direction into its shadow root, read from the
    # right); drawings stay left to right.
    return (
        "[data-testid='stMain'], [data-testid='stSidebar'] {direction: rtl;}\n"
        "[data-testid='stMain'] .stMarkdown, [data-testid='stMain'] h1, "
        "[data-testid='stMain'] h2, [data-testid='stMain'] h3, [data-testid='stSidebar'] "
        "{direction: rtl; text-align: right;}\n"
        ".dominoes-figure svg {direction: ltr;}\n"
        # <html dir="rtl"> (ui.page) puts the sidebar on the right; Streamlit hides a collapsed
        # one (no width) by moving it left, which here is across the page: keep it at the
        # right edge instead, with nothing of it showing
        "[data-testid='stSidebar'][data-collapsed='true'] "
        "{transform: none !important; overflow: hidden;}\n"
        "[data-testid='stSidebar'][data-collapsed='true'] * {visibility: hidden !important;}\n"
        # Streamlit's own list indents are physical (the site's CSS uses logical properties,
        # margin-inline-start and the like, which follow the direction by themselves)
        "[data-testid='stMain'] .stMarkdown li, [data-testid='stSidebar'] .stMarkdown li "
        "{margin-left: 0; padding-left: 0; margin-right: 1.15em; padding-right: 0.3em; "
        "text-align: right;}\n"
    )
