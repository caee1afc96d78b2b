"""Left-to-right runs in right-to-left text: tiles, sums and arrows that must not be mirrored.

In a right-to-left language every tile (``[1|4]``) and every sum (``3 + 4 = 7``) is wrapped
in a left-to-right isolate (U+2066 … U+2069), so the bidirectional algorithm leaves it as written."""

from __future__ import annotations

import re

from . import language

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
    if not text or not language.is_rtl(lang):
        return text
    return "".join(_LTR_RUN.sub(lambda m: f"{LRI}{m.group()}{PDI}", piece) if outside else piece
                   for outside, piece in _outside_isolates(text))


def ltr_run(text: str, lang: str | None = None) -> str:
    """A whole expression kept left to right as one piece in a right-to-left language — for
    a sum with words among its terms ("3 + dead 5 = 8"), which :func:`isolate_ltr` cannot
    tell from the sentence around it (put each worded term in :func:`own_run`); unchanged in
    other languages."""
    if not text or not language.is_rtl(lang):
        return text
    return f"{LRI}{text}{PDI}"


def own_run(text: str, lang: str | None = None) -> str:
    """A worded piece ("dead 5") set apart in its own direction (FSI … PDI) inside a
    :func:`ltr_run`: in Arabic, a number after an Arabic word would otherwise take the
    word's direction and turn the whole sum around it right to left."""
    if not text or not language.is_rtl(lang):
        return text
    return f"{FSI}{text}{PDI}"


def forward_arrow(lang: str | None = None) -> str:
    """The arrow for "go on" links: → in left-to-right languages, ← in right-to-left ones
    (the way the text reads)."""
    return "←" if language.is_rtl(lang) else "→"
