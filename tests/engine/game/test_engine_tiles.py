"""The double-six set, tile values and the tile notation (RULES.md §1)."""

from __future__ import annotations

import itertools

import pytest

from engine.game.tiles import (
    ALL_MASK,
    FITS,
    TILES,
    Tile,
    TileError,
    iter_mask,
    mask_of,
    mask_value,
    tiles_of,
)


def test_the_set_has_28_tiles_every_pair_from_blank_blank_to_six_six_once() -> None:
    pairs = {(a, b) for a in range(7) for b in range(a, 7)}
    assert len(TILES) == 28
    assert {(t.low, t.high) for t in TILES} == pairs
    assert TILES[0] == Tile.of(0, 0) and TILES[-1] == Tile.of(6, 6)
    assert [t.index for t in TILES] == list(range(28))


@pytest.mark.parametrize(("tile", "value"), [("6-6", 12), ("0-0", 0), ("0-1", 1), ("1-1", 2),
                                             ("2-5", 7)])
def test_a_tiles_value_is_both_halves_added(tile: str, value: int) -> None:
    assert Tile.parse(tile).value == value


def test_the_whole_set_is_worth_168_pips() -> None:
    assert sum(t.value for t in TILES) == 168 == mask_value(ALL_MASK)


def test_halves_in_either_order_name_the_same_tile() -> None:
    for a, b in itertools.product(range(7), repeat=2):
        assert Tile.of(a, b) is Tile.of(b, a)
        assert Tile.of(a, b).low == min(a, b) and Tile.of(a, b).high == max(a, b)
    assert Tile.parse("4-1") is Tile.parse("1-4") is Tile.parse("[4|1]") is Tile.parse("[1|4]")


def test_the_notation_prints_back_what_it_reads() -> None:
    for tile in TILES:
        assert Tile.parse(str(tile)) is tile
        assert Tile.parse(tile.bracket()) is tile
    tile = Tile.parse("4-1")
    assert (str(tile), tile.bracket(), repr(tile)) == ("1-4", "[1|4]", "Tile(1, 4)")
    assert Tile.parse("[2|5]") is Tile.of(2, 5)


@pytest.mark.parametrize("text", ["7-1", "1-7", "[1|7]", "1-", "14", "", "a-b", "1|4", "[1-4]",
                                  "1-4-5", "-1-4", "1--4"])
def test_anything_but_a_double_six_tile_is_refused(text: str) -> None:
    with pytest.raises(TileError):
        Tile.parse(text)


def test_a_refused_tile_says_how_to_write_one() -> None:
    with pytest.raises(TileError, match="write it as a-b"):
        Tile.parse("one-four")
    with pytest.raises(TileError, match="0 to 6"):
        Tile.of(7, 1)
    with pytest.raises(TileError):
        Tile.of(-1, 2)
    with pytest.raises(TileError):
        Tile.parse(14)  # type: ignore[arg-type]


def test_doubles() -> None:
    doubles = [t for t in TILES if t.is_double]
    assert [str(t) for t in doubles] == [f"{v}-{v}" for v in range(7)]


def test_a_half_matched_leaves_the_other_half_free() -> None:
    tile = Tile.parse("3-6")
    assert tile.has(3) and tile.has(6) and not tile.has(0)
    assert tile.other(3) == 6 and tile.other(6) == 3
    assert Tile.parse("2-2").other(2) == 2  # a double keeps the value
    with pytest.raises(TileError):
        tile.other(4)


def test_blank_matches_only_blank() -> None:
    blanks = [t for t in TILES if t.has(0)]
    assert [str(t) for t in blanks] == ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    assert tiles_of(FITS[0]) == tuple(blanks)
    for value in range(1, 7):
        assert not Tile.parse("0-0").has(value)
        assert Tile.parse("0-0") not in tiles_of(FITS[value])


def test_each_value_is_shown_by_seven_tiles() -> None:
    for value in range(7):
        fitting = tiles_of(FITS[value])
        assert len(fitting) == 7
        assert all(t.has(value) for t in fitting)


def test_sets_of_tiles_as_masks_round_trip() -> None:
    hand = [Tile.parse(x) for x in ("6-6", "0-0", "2-3", "1-4")]
    mask = mask_of(hand)
    assert tiles_of(mask) == tuple(sorted(hand, key=lambda t: t.index))
    assert tuple(iter_mask(mask)) == tiles_of(mask)
    assert mask_value(mask) == 12 + 0 + 5 + 5
    assert tiles_of(0) == () and mask_value(0) == 0
    assert tiles_of(ALL_MASK) == TILES
    for tile in TILES:
        assert tile.bit == 1 << tile.index == mask_of([tile])


def test_tiles_are_frozen_values() -> None:
    tile = Tile.parse("2-3")
    with pytest.raises(AttributeError):
        tile.low = 5  # type: ignore[misc]
    assert {Tile.parse("3-2"), tile} == {tile}
    assert sorted([Tile.parse("2-3"), Tile.parse("0-6"), Tile.parse("1-1")]) == [
        Tile.parse("0-6"), Tile.parse("1-1"), Tile.parse("2-3")]
