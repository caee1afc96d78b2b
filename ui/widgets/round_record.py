"""A round record: a finished round as a small text file to keep, share and open again.

The file (``.domino``, plain UTF-8 text) holds comment lines starting with ``#`` (what the
round was; ``# seat: 2`` names the learner's seat, counted from 1) and the round's code on
one line (engine/notation/code.py; README, "Notation").  Play offers one under each finished round
(:func:`download`); the Analysis page opens it (:func:`read`) and steps through it.

    # Block · 2 players — round 1
    # seat: 2
    b2/00010203040506.11121314151622/-/*14/0/m…
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from engine.notation.code import Round

from ..i18n import t

SUFFIX = ".domino"
MIME = "text/plain"


@dataclass(frozen=True)
class Record:
    """A round record's contents: the code, and the learner's seat if it names one."""

    code: str
    seat: int | None


def read(data: bytes) -> Record | None:
    """A round record (or any text file whose first line that is not a comment is a code),
    or None when it is not text or holds no such line."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    seat: int | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            word, _, value = line[1:].partition(":")
            digits = value.strip()
            if word.strip().lower() == "seat" and digits.isascii() and digits.isdecimal() \
                    and len(digits) < 3:
                seat = int(digits) - 1
            continue
        if line:
            return Record(line, seat)
    return None


def text(value: Round, title: str, seat: int | None) -> str:
    """The file's text: a comment naming the round (``title``, one line), the learner's seat,
    the code."""
    lines = [f"# {' '.join(title.split())}"]
    if seat is not None:
        lines.append(f"# seat: {seat + 1}")
    lines.append(value.text())
    return "\n".join(lines) + "\n"


def download(key: str, value: Round, title: str, seat: int | None, name: str, *,
             game: bool = False) -> None:
    """"Download this round" (``name``: the file's name without its suffix); ``game``: "this
    game", where a deal is a game of its own (the two-player game's series)."""
    st.download_button(t("share.download_game") if game else t("share.download_round"),
                       text(value, title, seat), file_name=f"{name}{SUFFIX}", mime=MIME,
                       key=key, icon=":material/download:",
                       help=t("share.download_help_game") if game else t("share.download_help"))
