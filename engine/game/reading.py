"""What every reader of text in the engine keeps to: the codes, the sheet code and the
scenario files.

- :func:`quoted` (and :func:`cut`, :func:`one_line`): text an error message quotes, cut to a few dozen characters and "…" (a
  token a million characters long is not echoed whole);
- :func:`non_ascii`: where a code holds a character that is not ASCII (codes are ASCII only:
  a digit of another script, full-width or superscript, is refused where it stands, not
  read as a number);
- :func:`decode`: bytes read as UTF-8, strictly, whatever the machine's locale says, with a
  message that says where the first byte that is not UTF-8 stands.

Standard library only.
"""

from __future__ import annotations

import re
from typing import Final

#: The most characters of a value an error message quotes.
QUOTE_LIMIT: Final = 32


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut after ``limit`` characters, with "…" where it was cut, on one line (a
    character that does not print, a line break too, written as its escape: ``\\n``)."""
    short = _short(text, limit)
    if short.isprintable():
        return short
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in short)


def one_line(message: str, limit: int = 300) -> str:
    """A message of argparse's as one line of at most about ``limit`` characters: every
    value it quotes (``'…'``, as argparse does) cut to :data:`QUOTE_LIMIT`, what does not
    print escaped, the rest cut.  (Not for prose: an apostrophe would read as a quote.)"""
    message = re.sub(rf"'([^'\n]{{{QUOTE_LIMIT + 1},}})'", lambda m: quoted(m.group(1)),
                     message)
    return cut(message, limit)


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error message quotes it: the ``repr`` of a string cut after ``limit``
    characters (with "…" inside the quotes), anything else its ``repr`` cut the same way."""
    if isinstance(value, str):
        return repr(_short(value, limit))
    return cut(repr(value), limit)


def non_ascii(text: str) -> int:
    """The index of the first character of ``text`` that is not ASCII, or -1."""
    if text.isascii():
        return -1
    return next(i for i, c in enumerate(text) if not c.isascii())


class NotUtf8(ValueError):
    """Bytes that are not UTF-8 text: ``offset`` (0-based), ``line`` (1-based) and ``byte``
    (its value) of the first one that is not."""

    def __init__(self, offset: int, line: int, byte: int) -> None:
        super().__init__(f"not UTF-8 text: byte 0x{byte:02x} (line {line}, byte "
                         f"{offset + 1}) cannot be read; save it as UTF-8")
        self.offset, self.line, self.byte = offset, line, byte


def decode(data: bytes) -> str:
    """``data`` as UTF-8 text, strictly (:class:`NotUtf8` otherwise)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise NotUtf8(e.start, data.count(b"\n", 0, e.start) + 1, data[e.start]) from None
