"""Pickling and copying the engine's frozen values.

The compiled build (engine/_build.py) turns each frozen dataclass into a native
class whose default pickling fills a bare instance attribute by attribute —
which a frozen class refuses.  Each such class therefore says how to rebuild
it, :func:`by_fields`: its class called with its fields, the way it was made.
This module stays plain Python in both builds.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_fields(value: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` for a frozen dataclass: its class called with its field values."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value))
