"""A tile is spelt with two ASCII digits 0-6: nothing else parses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.game.tiles import Tile, TileError

SPELLINGS = {f"{a}-{b}" for a in range(7) for b in range(7)} | {
    f"[{a}|{b}]" for a in range(7) for b in range(7)}


@given(st.text(max_size=7))
def test_only_the_ascii_spellings_parse(text: str) -> None:
    if text in SPELLINGS:
        tile = Tile.parse(text)
        assert {tile.low, tile.high} == {int(text[1]), int(text[3])} if text[0] == "[" else \
            {tile.low, tile.high} == {int(text[0]), int(text[2])}
    else:
        with pytest.raises(TileError):
            Tile.parse(text)


@pytest.mark.parametrize("text", ["４-４", "٣-٤", " 4 - 4 ", "4-4 ", "7-1", "1--2"])
def test_lookalikes_are_refused(text: str) -> None:
    with pytest.raises(TileError):
        Tile.parse(text)
