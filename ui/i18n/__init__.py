"""Every string the site shows, in the page's language.

- :mod:`.catalogs`: the TOML catalogs and ``t(key, **params)`` / ``t_in(lang, key, ...)``;
- :mod:`.language`: which language the page is in (``?lang=``), right to left or not;
- :mod:`.bidi`: tiles and sums kept left to right inside right-to-left text;
- :mod:`.korean`: a Korean particle (이/가, 을/를, 은/는, 와/과) chosen by the word before it,
  wherever a catalog writes both forms (``{name}이(가)``): :func:`t` applies it;
- :mod:`.words`: the engine's coded values (refusals, settlements, moves, seats, lesson and
  scenario texts) in words.

Import from here (``from ui.i18n import t``); a test that pretends the page is in another
language patches ``ui.i18n.language.current_lang``, which every module reads through.
"""

from __future__ import annotations

from . import bidi, catalogs, korean, language, words
from .bidi import FSI, LRI, PDI, forward_arrow, isolate_ltr, ltr_run, own_run
from .catalogs import (
    catalog,
    direction_css,
    format_template,
    language_notice,
    list_sep,
    lookup,
    page_dir,
    plural_category,
    t,
    t_in,
    text_or,
)
from .language import DEFAULT, LANGUAGES, RTL, clip, current_lang, is_rtl, requested_lang
from .words import (
    DUEL_SEATS,
    REFUSAL_CODES,
    SEAT_KEYS,
    SETTLEMENT_CODES,
    TABLE_SEATS,
    and_list,
    describe,
    end_name,
    holding_sum,
    join_list,
    lesson_text,
    move_named,
    move_text,
    or_list,
    refusal_text,
    scenario_text,
    seat_name,
    seat_names,
    seat_word,
    settlement_text,
    table_seat_names,
)

__all__ = [
    "DEFAULT", "DUEL_SEATS", "FSI", "LANGUAGES", "LRI", "PDI", "REFUSAL_CODES", "RTL",
    "SEAT_KEYS", "SETTLEMENT_CODES", "TABLE_SEATS", "and_list", "bidi", "catalog", "catalogs",
    "clip", "current_lang", "describe", "direction_css", "end_name", "format_template",
    "forward_arrow", "holding_sum", "is_rtl", "isolate_ltr", "join_list", "korean", "language",
    "language_notice", "lesson_text", "list_sep", "lookup", "ltr_run", "move_named",
    "move_text", "or_list", "own_run", "page_dir", "plural_category", "refusal_text", "requested_lang",
    "scenario_text", "seat_name", "seat_names", "seat_word", "settlement_text", "t", "t_in",
    "table_seat_names", "text_or", "words",
]
