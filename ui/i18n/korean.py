"""Korean particles chosen by the word before them.

A Korean particle has two forms, after a final consonant (받침) or after a vowel: 이/가,
을/를, 은/는, 과/와.  A catalog entry whose word before the particle is a parameter (a seat's
name, a tile, a number) cannot know which, and writes both: ``{name}이(가)``.  :func:`attach`
picks the form from the word as it is read aloud: a Hangul syllable by its final
consonant, a digit by its Korean name (0 영, 1 일, 3 삼, 6 육, 7 칠, 8 팔 end in a consonant;
2 이, 4 사, 5 오, 9 구 do not; a number ending in 0 is read 십, 백, 천, 만 or 영: always a
consonant), a tile ``[2|5]`` by its last pip, a Latin letter by its English name (l, m, n, r
end in a consonant).  Brackets, quotes and the marks of direction after the word are
looked through; where the word cannot be read (nothing before it), both forms stay.
"""

from __future__ import annotations

import re

#: Each written fallback: (the form after a final consonant, the form after a vowel).
PAIRS: dict[str, tuple[str, str]] = {
    "이(가)": ("이", "가"), "가(이)": ("이", "가"),
    "을(를)": ("을", "를"), "를(을)": ("을", "를"),
    "은(는)": ("은", "는"), "는(은)": ("은", "는"),
    "과(와)": ("과", "와"), "와(과)": ("과", "와"),
}
_FALLBACK = re.compile("|".join(re.escape(p) for p in PAIRS))
#: Each digit's name read aloud.
DIGITS = "영일이삼사오육칠팔구"
#: What may stand between a word and its particle: closing brackets, quotes, a tile's bar,
#: the marks of direction (ui/i18n/bidi.py), spaces of no width.
SKIP = set(")]}’”'\"»›\u2066\u2067\u2068\u2069\u200e\u200f\u200b")
#: Latin letters whose English names end in a consonant: el, em, en, ar.
LATIN_FINAL = set("lmnr")


def syllable_final(ch: str) -> bool | None:
    """Whether a Hangul syllable ends in a consonant (None: not a Hangul syllable)."""
    code = ord(ch) - 0xAC00
    if not 0 <= code < 11172:
        return None
    return code % 28 != 0


def ends_in_consonant(word: str) -> bool | None:
    """Whether ``word``, read aloud, ends in a consonant (None: it cannot be told)."""
    for ch in reversed(word):
        if ch in SKIP:
            continue
        final = syllable_final(ch)
        if final is not None:
            return final
        if "0" <= ch <= "9":
            return syllable_final(DIGITS[int(ch)])
        if ch.isascii() and ch.isalpha():
            return ch.lower() in LATIN_FINAL
        return None
    return None


def particle(word: str, fallback: str) -> str:
    """The form of ``fallback`` (``"이(가)"``) that follows ``word``; the fallback itself
    where the word cannot be read."""
    final = ends_in_consonant(word)
    if final is None:
        return fallback
    after_consonant, after_vowel = PAIRS[fallback]
    return after_consonant if final else after_vowel


def attach(text: str) -> str:
    """``text`` with every written fallback (``이(가)``, ``을(를)``, ``은(는)``, ``와(과)``
    and their reversed forms) replaced by the form its word takes."""
    out: list[str] = []
    last = 0
    for m in _FALLBACK.finditer(text):
        out.append(text[last:m.start()])
        out.append(particle("".join(out), m.group()))
        last = m.end()
    out.append(text[last:])
    return "".join(out)
