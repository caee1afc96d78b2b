"""The quiz's address: ``?quiz_level=&quiz_seed=`` names a question; reading it never raises."""

from __future__ import annotations

from engine.teaching.quiz import LEVELS, SEED_LIMIT

PARAM_LEVEL, PARAM_SEED = "quiz_level", "quiz_seed"


def _ascii_number(raw: str) -> int | None:
    """A number in the address: ASCII digits (and a sign), at most ten; else None."""
    text = raw.strip().removeprefix("-")
    return int(raw) if text.isascii() and text.isdigit() and len(text) <= 10 else None


def parse_params(raw_level: str | None, raw_seed: str | None
                 ) -> tuple[int | None, int | None, bool]:
    """``(level, seed, bad)`` from the address; a bad value gives None and ``bad``."""
    bad = False
    level: int | None = None
    seed: int | None = None
    if raw_level is not None:
        level = _ascii_number(raw_level)
        if level not in LEVELS:
            level, bad = None, True
    if raw_seed is not None:
        seed = _ascii_number(raw_seed)
        if seed is None or not 0 <= seed < SEED_LIMIT:
            seed, bad = None, True
    return level, seed, bad
