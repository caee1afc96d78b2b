"""The page's language: which one the address asks for, which the site speaks, its direction."""

from __future__ import annotations

import streamlit as st

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


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the page's) is written right to left."""
    return (lang or current_lang()) in RTL


def clip(text: str, limit: int) -> str:
    """A value typed into the address, as a notice quotes it: at most ``limit`` characters,
    ending with "…" where it was cut."""
    text = str(text)
    return text if len(text) <= limit else text[:max(0, limit - 1)].rstrip() + "…"
