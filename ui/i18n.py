"""Every string the site shows: ``t(key, **params)`` over TOML catalogs.

``locales/en.toml`` is the reference catalog; ``locales/<lang>.toml`` files
for the other languages hold the same keys (any missing key falls back to
English, and a key missing even there shows as the key itself, so a gap is
visible but never fatal).  Keys are dotted paths of the TOML tables:
``t("nav.learn")``, ``t("learn.step_of", n=2, total=5)``.

The page's language comes from ``st.query_params["lang"]``; an unknown value
falls back to English with a notice (:func:`language_notice`).  Helpers turn
the engine's coded values into words: :func:`refusal_text` (a
:class:`engine.state.Refusal`), :func:`settlement_text` (a
:class:`engine.settlement.Settlement`), :func:`describe` (a line's
description, via :mod:`engine.notation`), and :func:`lesson_text` (lesson
texts by key ``lesson.<lesson_id>.<step_id>.<field>``, else the file's own).
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import streamlit as st

from engine.line import Description
from engine.moves import Move
from engine.notation import LANGUAGES as NOTATION_LANGUAGES
from engine.notation import describe as _describe
from engine.settlement import Holding, Settlement
from engine.state import Refusal
from engine.tiles import Tile

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DEFAULT = "en"
#: The site's languages, each named in its own script (the selector's labels).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "uk": "Українська",
    "ru": "Русский",
    "ar": "العربية",
    "ko": "한국어",
}
RTL = frozenset({"ar"})

#: Refusal codes the engine can give (engine/state.py) — each has a
#: ``refusal.<code>`` entry in the catalog (tests keep the two in step).
REFUSAL_CODES = (
    "round_over", "not_in_hand", "must_open_double", "must_open", "ambiguous_end", "no_match",
    "wrong_end", "must_play", "no_drawing", "stock_empty", "must_draw", "must_discard",
    "no_discard", "stock_unknown",
)
#: Settlement explanation codes (engine/settlement.py): ``settlement.<code>``.
SETTLEMENT_CODES = (
    "playing", "block_domino", "block_sole_lowest", "block_tied_lowest", "duel_domino",
    "duel_lower", "duel_equal", "gaple_out", "gaple_lowest", "gaple_tie_tile", "gaple_tie_half",
)


# -- catalogs ---------------------------------------------------------------


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


def catalog(lang: str) -> Mapping[str, str]:
    """The flat ``key -> template`` catalog of ``lang`` (empty when absent).

    Read once per file version (the modification time is part of the cache
    key, so an edited catalog is picked up without a restart)."""
    if lang not in LANGUAGES:
        return MappingProxyType({})
    path = LOCALES_DIR / f"{lang}.toml"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return MappingProxyType({})
    return _load(str(path), mtime)


# -- the current language ---------------------------------------------------


def requested_lang() -> str:
    """The ``lang`` query parameter as given (may be unknown or empty)."""
    try:
        return str(st.query_params.get("lang", DEFAULT) or DEFAULT)
    except Exception:  # noqa: BLE001  (outside a Streamlit run, or no query params)
        return DEFAULT


def current_lang() -> str:
    """The page's language: the ``lang`` query parameter if the site knows it,
    otherwise English."""
    lang = requested_lang()
    return lang if lang in LANGUAGES else DEFAULT


def clip(text: str, limit: int) -> str:
    """A value typed into the address, as a notice quotes it: at most ``limit`` characters,
    ending with "…" where it was cut."""
    text = str(text)
    return text if len(text) <= limit else text[:max(0, limit - 1)].rstrip() + "…"


def language_notice() -> str | None:
    """A notice to show when the requested language is unknown or has no
    catalog yet (then the page is in English); None when all is well."""
    lang = requested_lang()
    if lang not in LANGUAGES:
        return t("lang.unknown", lang=clip(lang, 20))
    if lang != DEFAULT and not catalog(lang):
        return t("lang.untranslated", language=LANGUAGES[lang])
    return None


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the page's) is written right to left."""
    return (lang or current_lang()) in RTL


def direction_css(lang: str | None = None) -> str:
    """CSS that turns the page's text right to left for an RTL language (the
    drawings keep the line's left and right as the rules name them).

    Only once the language has a catalog: English fallback text set right to
    left would put its full stops at the wrong end."""
    lang = lang or current_lang()
    if not is_rtl(lang) or not catalog(lang):
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
        # Streamlit's own list indents are physical (the site's CSS uses logical properties,
        # margin-inline-start and the like, which follow the direction by themselves)
        "[data-testid='stMain'] .stMarkdown li, [data-testid='stSidebar'] .stMarkdown li "
        "{margin-left: 0; padding-left: 0; margin-right: 1.15em; padding-right: 0.3em; "
        "text-align: right;}\n"
    )


def apply_direction(lang: str | None = None) -> None:
    """Apply ``dir="rtl"`` styling to the page when the language needs it."""
    css = direction_css(lang)
    if css:
        st.markdown(f"<style>{css}</style>", unsafe_allow_html=True)


# -- left-to-right runs in right-to-left text ---------------------------------

#: Unicode's LEFT-TO-RIGHT, FIRST-STRONG and POP DIRECTIONAL ISOLATE (and RIGHT-TO-LEFT, only
#: read: a text may carry one).
LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"
_OPENERS = frozenset({LRI, "\u2067", FSI})
_TILE = r"\[\d\|\d\]"
_OPERAND = rf"(?:{_TILE}|\d+)"
_OPERATOR = r"[+\u2212×=<>]"  # the engine writes minus as U+2212
#: A sum or comparison ("7 + 8 − 3 = 12", "[0|0] = 25", "3 < 8"), else a lone tile ("[1|4]").
_LTR_RUN = re.compile(rf"{_OPERAND}(?:[ \u00a0]*{_OPERATOR}[ \u00a0]*{_OPERAND})+|{_TILE}")


def _outside_isolates(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into (outside any isolate?, piece), isolates nested or not."""
    pieces: list[tuple[bool, str]] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in _OPENERS:
            if depth == 0 and i > start:
                pieces.append((True, text[start:i]))
                start = i
            depth += 1
        elif ch == PDI and depth:
            depth -= 1
            if depth == 0:
                pieces.append((False, text[start:i + 1]))
                start = i + 1
    if start < len(text):
        pieces.append((depth == 0, text[start:]))
    return pieces


def isolate_ltr(text: str, lang: str | None = None) -> str:
    """``text`` with each tile (``[1|4]``) and each sum (``7 + 8 − 3 = 12``) kept left to
    right: in a right-to-left language each is wrapped in LRI … PDI, which the browser lays
    out as one left-to-right piece (without them the bidi algorithm shows ``[4|1]`` and
    ``12 = 3 − 8 + 7``).  Other languages get ``text`` unchanged.

    Idempotent: what is already isolated (a translated text put into another) is left as it is."""
    if not text or not is_rtl(lang):
        return text
    return "".join(_LTR_RUN.sub(lambda m: f"{LRI}{m.group()}{PDI}", piece) if outside else piece
                   for outside, piece in _outside_isolates(text))


def ltr_run(text: str, lang: str | None = None) -> str:
    """A whole expression kept left to right as one piece in a right-to-left language — for
    a sum with words among its terms ("3 + dead 5 = 8"), which :func:`isolate_ltr` cannot
    tell from the sentence around it (put each worded term in :func:`own_run`); unchanged in
    other languages."""
    if not text or not is_rtl(lang):
        return text
    return f"{LRI}{text}{PDI}"


def own_run(text: str, lang: str | None = None) -> str:
    """A worded piece ("dead 5") set apart in its own direction (FSI … PDI) inside a
    :func:`ltr_run`: in Arabic, a number after an Arabic word would otherwise take the
    word's direction and turn the whole sum around it right to left."""
    if not text or not is_rtl(lang):
        return text
    return f"{FSI}{text}{PDI}"


def forward_arrow(lang: str | None = None) -> str:
    """The arrow for "go on" links: → in left-to-right languages, ← in right-to-left ones
    (the way the text reads)."""
    return "←" if is_rtl(lang) else "→"


# -- translating ------------------------------------------------------------


class _Params(dict[str, object]):
    """Format parameters that leave an unknown ``{name}`` as it is."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fmt(value: object) -> object:
    if isinstance(value, Tile):
        return value.bracket()
    if isinstance(value, (tuple, list)):
        return ", ".join(str(_fmt(v)) for v in value)
    return value


def format_template(template: str, params: Mapping[str, object]) -> str:
    """``str.format`` that never raises: unknown names stay, bad braces show raw."""
    try:
        return string.Formatter().vformat(template, (), _Params(
            {k: _fmt(v) for k, v in params.items()}))
    except (ValueError, IndexError, KeyError, AttributeError):
        return template


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
    if lang == "ko":
        return "other"
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
    return isolate_ltr(format_template(template, params), lang)


def t(key: str, /, **params: object) -> str:
    """The text for ``key`` in the page's language, with ``{params}`` filled in.

    Tiles format as ``[1|4]``; tuples as ``0, 2``.  Missing in the language:
    English; missing in English too: the key itself."""
    return t_in(current_lang(), key, **params)


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalog(lang)


# -- the engine's words -----------------------------------------------------


def describe(desc: Description, lang: str | None = None) -> str:
    """A line's RULES.md description in the page's language."""
    lang = lang or current_lang()
    return isolate_ltr(_describe(desc, lang if lang in NOTATION_LANGUAGES else DEFAULT), lang)


def tile_text(tile: Tile) -> str:
    return tile.bracket()


def end_name(end: str | None) -> str:
    """"left end" / "right end" in words."""
    return t(f"end.{end}") if end in ("left", "right") else ""


def move_text(move: Move) -> str:
    """A move in words: "Play [1|4] on the left end", "Pass"."""
    if move.kind == "play":
        if move.end:
            return t("move.play_end", tile=move.tile, end=end_name(move.end))
        return t("move.play", tile=move.tile)
    if move.kind == "discard":
        return t("move.discard", tile=move.tile)
    return t(f"move.{move.kind}")


def refusal_text(refusal: Refusal) -> str:
    """Why a move is illegal, in the learner's words.

    ``no_match`` reads "[3|5] shows 3 and 5; the open ends show 1 and 4: no
    match."  Unknown codes fall back to the engine's English message."""
    params: dict[str, object] = dict(refusal.params)
    tile = params.get("tile")
    if isinstance(tile, Tile):
        params["low"], params["high"] = tile.low, tile.high
    if "end" in params:
        params["end_name"] = end_name(str(params["end"]))
    code = refusal.code
    if code == "no_drawing":
        code = f"no_drawing_{params.get('stuck', 'pass')}"
    if code == "must_play" and params.get("value") is None:
        code = "must_play_open"
    key = f"refusal.{code}"
    if lookup(key, current_lang()) is None:
        return refusal.message[:1].upper() + refusal.message[1:] + "."
    return t(key, **params)


#: The seat names the scenario files (and the pages' own tables) use, in English, and their
#: key in the catalog's ``[seat]`` table; "Player <n>" is ``seat.player``.
SEAT_KEYS: dict[str, str] = {
    "North": "seat.north", "East": "seat.east", "South": "seat.south", "West": "seat.west",
    "South-east": "seat.south_east", "South-west": "seat.south_west",
    "White": "seat.white", "Black": "seat.black",
}
_PLAYER_N = re.compile(r"Player ([1-9][0-9]?)")


def seat_word(name: str, lang: str | None = None) -> str:
    """One seat's name in the page's language: a scenario's English name ("North",
    "White", "Player 2") through the catalog's ``[seat]`` table; any other name as it is
    (so a name already in the page's language stays)."""
    lang = lang or current_lang()
    key = SEAT_KEYS.get(name)
    if key is not None:
        return t_in(lang, key)
    player = _PLAYER_N.fullmatch(name)
    if player:
        return t_in(lang, "seat.player", n=int(player.group(1)))
    return name


def seat_name(seat: int, seats: Sequence[str] | None = None, lang: str | None = None) -> str:
    """Seat ``seat``'s name in the page's language: ``seats[seat]`` (a scenario's names, in
    English or already translated) through :func:`seat_word`, else "Player <seat + 1>"."""
    if seats and 0 <= seat < len(seats):
        return seat_word(seats[seat], lang)
    return t_in(lang or current_lang(), "seat.player", n=seat + 1)


def seat_names(names: Sequence[str], players: int | None = None,
               lang: str | None = None) -> tuple[str, ...]:
    """Every seat's name in the page's language (see :func:`seat_name`); with ``players``,
    seats the names leave out are "Player <n>"."""
    count = len(names) if players is None else players
    return tuple(seat_name(i, names, lang) for i in range(count))


#: The seats of a dealt table (Try it, Quiz), in English and clockwise, by player count:
#: compass points; the two-player game's are White and Black.  One table for every page
#: that deals, so a seat has the same name everywhere.
TABLE_SEATS: dict[int, tuple[str, ...]] = {
    2: ("North", "South"),
    3: ("North", "East", "South"),
    4: ("North", "East", "South", "West"),
    5: ("North", "East", "South-east", "South-west", "West"),
}
DUEL_SEATS = ("White", "Black")


def table_seat_names(family: str, players: int, lang: str | None = None) -> tuple[str, ...]:
    """The seats of a dealt table in the page's language (see :data:`TABLE_SEATS`)."""
    names = DUEL_SEATS if family == "duel" else TABLE_SEATS.get(players, ())
    return seat_names(names, players, lang)


def settlement_text(settlement: Settlement, seats: Sequence[str] | None = None) -> str:
    """The result and its arithmetic, e.g. "Blocked: Black holds the lowest
    total, 3, and scores the others' totals minus their own: 7 + 8 − 3 = 12." """
    e = settlement.explanation
    params: dict[str, object] = dict(e.params)
    if "winner" in params:
        params["winner"] = seat_name(int(params["winner"]), seats)  # type: ignore[call-overload]
    if "tied" in params:
        tied = params["tied"]
        names = [seat_name(int(s), seats) for s in tied]  # type: ignore[attr-defined]
        params["tied"] = t("list.and", first=", ".join(names[:-1]), last=names[-1]) \
            if len(names) > 1 else "".join(names)
    params["arithmetic"] = _named_arithmetic(settlement, seats) or e.arithmetic
    return t(f"settlement.{e.code}", **params)


def _named_arithmetic(settlement: Settlement, seats: Sequence[str] | None) -> str | None:
    """Gaple's worked figures with seat names instead of seat numbers
    ("North 3 + 5 = 8 · East 9"); None to keep the engine's own."""
    code = settlement.explanation.code
    holdings = settlement.holdings
    if code in ("gaple_out", "gaple_lowest"):
        return " · ".join(f"{seat_name(h.seat, seats)} {h.sum_text()}" for h in holdings)
    if code in ("gaple_tie_tile", "gaple_tie_half"):
        tied = settlement.explanation.params.get("tied", ())
        parts = []
        for seat in tied:  # type: ignore[attr-defined]
            tiles = holdings[int(seat)].tiles
            if tiles:
                smallest = min(tiles, key=lambda x: (x.value, x.low))
                parts.append(f"{seat_name(int(seat), seats)} {smallest.bracket()}")
        return " · ".join(parts) or None
    return None


def holding_sum(holding: Holding) -> str:
    """A seat's total as its sum, ``3 + 7 = 10``, dead tiles marked (``3 + dead 5 = 8``);
    just the total for one tile; kept left to right as a whole in right-to-left text."""
    n = len(holding.hand)
    hand, dead = holding.values[:n], holding.values[n:]
    if not holding.values:
        return t("quiz.sum_none")
    parts = [str(v) for v in hand] + [own_run(t("quiz.sum_dead", value=v)) for v in dead]
    if len(parts) == 1 and not dead:
        return str(holding.total)
    return ltr_run(" + ".join(parts) + f" = {holding.total}")


def lesson_text(lesson_id: str, step_id: str | None, field: str, default: str) -> str:
    """A lesson's text in the page's language.

    Looks up ``lesson.<lesson_id>.<step_id>.<field>`` (or
    ``lesson.<lesson_id>.<field>`` for the lesson's own title and summary) in
    the language's catalog, then in English, then uses ``default`` — the
    lesson file's own (English) text."""
    key = f"lesson.{lesson_id}.{step_id}.{field}" if step_id else f"lesson.{lesson_id}.{field}"
    return text_or(key, default)


def scenario_text(scenario_id: str, field: str, default: str) -> str:
    """A scenario's text in the page's language: ``scenario.<id>.<field>`` (``title``,
    ``notes``, ``note_<n>``) in the catalog, else the file's own English ``default``."""
    return text_or(f"scenario.{scenario_id}.{field}", default)


def text_or(key: str, default: str) -> str:
    """A whole text kept by key (no parameters): the page's language, else English, else
    ``default``; tiles and sums isolated as :func:`t` does."""
    lang = current_lang()
    template = lookup(key, lang)
    return isolate_ltr(template if template is not None else default, lang)
