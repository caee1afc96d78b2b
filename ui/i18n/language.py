"""The page's language: which one the address asks for, which the site speaks, its direction."""

from __future__ import annotations

from contextvars import ContextVar

import streamlit as st

DEFAULT = "en"


#: The site's languages, each named in its own script (the selector's labels).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "uk": "Українська",
    "ru": "Русский",
    "ar": "العربية",
    "ko": "한국어",
    "id": "Bahasa Indonesia",
    "es": "Español",
}


RTL = frozenset({"ar"})

#: CLDR's minimum grouping digits, where a language's is not 1: Spanish writes 2310 but
#: 12.310 (a four-digit number keeps no thousands separator).
MIN_GROUPING: dict[str, int] = {"es": 2}


#: The run's ``lang`` parameter, read once by :func:`pin` (a run looks its words up
#: hundreds of times, and reading the address each time is a good part of a click).
_pinned: ContextVar[str | None] = ContextVar("requested_lang", default=None)


def pin(lang: str | None) -> None:
    """Keep ``lang`` as the address's language for the rest of this run (``None``: read the
    address each time again).  ``ui.page.setup`` unpins first thing in every run and pins
    once the address is final; a fragment's rerun keeps its page run's language, which
    only a whole run (the language selector's) can change."""
    _pinned.set(lang)


def requested_lang() -> str:
    """The ``lang`` query parameter as given (may be unknown or empty)."""
    pinned = _pinned.get()
    if pinned is not None:
        return pinned
    try:
        return str(st.query_params.get("lang", DEFAULT) or DEFAULT)
    except Exception:  # noqa: BLE001  (outside a Streamlit run, or no query params)
        return DEFAULT


def current_lang() -> str:
    """The page's language: the ``lang`` query parameter if the site knows it,
    otherwise English."""
    lang = requested_lang()
    return lang if lang in LANGUAGES else DEFAULT


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the page's) is written right to left."""
    return (lang or current_lang()) in RTL


def clip(text: str, limit: int) -> str:
    """A value typed into the address, as a notice quotes it: at most ``limit`` characters,
    ending with "…" where it was cut."""
    text = str(text)
    return text if len(text) <= limit else text[:max(0, limit - 1)].rstrip() + "…"
