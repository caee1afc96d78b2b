"""Checks on what the site says: each thing said once."""

from __future__ import annotations

import re

#: A sentence ends at . ! ? (or their Arabic and CJK forms) followed by a space or the end.
_SENTENCE_END = re.compile(r"(?<=[.!?。؟])\s+")
_MARKUP = re.compile(r"[*_`]|\u2066|\u2069")


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, markup and direction isolates left out."""
    plain = _MARKUP.sub("", text)
    return [s.strip() for s in _SENTENCE_END.split(plain) if s.strip()]


#: A worked sum: "5 + 5 = 10", "7 + 8 − 3 = 12", "9 = 9".
SUM = re.compile(r"\d+(?: [+−] \d+)* = \d+")


def assert_no_sentence_repeats(text: str) -> None:
    """No sentence is said twice, and no worked sum of two or more terms is written out twice."""
    said = sentences(text)
    repeated = sorted({s for s in said if said.count(s) > 1})
    assert not repeated, f"repeated: {repeated} in {text!r}"
    plain = _MARKUP.sub("", text)
    sums = [m for m in SUM.findall(plain) if "+" in m or "−" in m]
    twice = sorted({m for m in sums if sums.count(m) > 1})
    assert not twice, f"the sum {twice} is written twice in {text!r}"
