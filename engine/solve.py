"""Perfect-information search (CONTRACT.md ``solve``): placeholder until built."""

from __future__ import annotations

from typing import Any

from .state import State


def solve(state: State) -> dict[str, Any]:
    raise ValueError("solve is not available yet")
