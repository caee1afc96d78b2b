"""Moves: a play at an end, a pass, a draw from the stock, a dead discard, and the
two forms they are written in (the scenario form and the short text form)."""

from __future__ import annotations

import pytest

from engine.game.moves import DRAW, PASS, Move, MoveError
from engine.game.tiles import TILES, Tile, TileError

FORMS = [
    ({"play": "2-3", "end": "right"}, "play 2-3 right"),
    ({"play": "1-4", "end": "left"}, "play 1-4 left"),
    ({"play": "0-0"}, "play 0-0"),
    ({"pass": True}, "pass"),
    ({"draw": True}, "draw"),
    ({"discard": "4-4"}, "discard 4-4"),
]


@pytest.mark.parametrize(("data", "text"), FORMS)
def test_both_forms_round_trip(data: dict[str, object], text: str) -> None:
    move = Move.from_dict(data)
    assert move == Move.parse(text)
    assert move.to_dict() == data
    assert move.text() == text == str(move)
    assert Move.from_dict(move.to_dict()) == move
    assert Move.parse(move.text()) == move


def test_every_tile_round_trips_in_every_kind_of_move() -> None:
    for tile in TILES:
        for move in (Move.play(tile), Move.play(tile, "left"), Move.play(tile, "right"),
                     Move.discard(tile)):
            assert Move.from_dict(move.to_dict()) == move
            assert Move.parse(move.text()) == move


def test_a_played_tile_is_named_low_high_whichever_way_it_is_written() -> None:
    move = Move.from_dict({"play": "4-1", "end": "left"})
    assert move.tile is Tile.parse("1-4")
    assert move.to_dict() == {"play": "1-4", "end": "left"}
    assert Move.play("6-3") == Move.play(Tile.of(3, 6))


def test_moves_are_values() -> None:
    assert Move.parse("pass") == PASS and Move.parse("draw") == DRAW
    assert PASS.kind == "pass" and PASS.tile is None and PASS.end is None
    assert Move.play("2-3", "left") != Move.play("2-3", "right") != Move.play("2-3")
    assert Move.discard("2-3") != Move.play("2-3")
    assert len({Move.play("2-3", "left"), Move.parse("play 3-2 left")}) == 1
    with pytest.raises(AttributeError):
        PASS.kind = "draw"  # type: ignore[misc]


@pytest.mark.parametrize("data", [
    {},
    {"pass": False},
    {"draw": "yes"},
    {"pass": True, "draw": True},
    {"play": "2-3", "end": "middle"},
    {"play": "2-3", "colour": "red"},
    {"play": 23},
    {"discard": ["4-4"]},
    {"discard": "4-4", "end": "left"},
    {"jump": True},
])
def test_a_malformed_move_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(MoveError):
        Move.from_dict(data)


@pytest.mark.parametrize("text", ["", "play", "play 2-3 up", "discard", "pass now", "skip",
                                  "draw 2-3", "play 2-3 left right"])
def test_a_malformed_short_form_is_refused(text: str) -> None:
    with pytest.raises(MoveError):
        Move.parse(text)


def test_a_move_naming_no_tile_is_refused_as_a_tile_error() -> None:
    with pytest.raises(TileError):
        Move.parse("play 2-9 left")
    with pytest.raises(TileError):
        Move.from_dict({"discard": "x"})


def test_errors_say_what_a_move_looks_like() -> None:
    with pytest.raises(MoveError, match="play, pass, draw or discard"):
        Move.from_dict({"jump": True})
    with pytest.raises(MoveError, match='"left" or "right"'):
        Move.from_dict({"play": "2-3", "end": "up"})


def test_a_tile_built_by_hand_still_names_its_own_move() -> None:
    """``Tile(0, 2)`` built directly has no place in the set (index -1); a move made from it
    is the move of the set's [0|2], never another tile's."""
    from engine.game.tiles import Tile

    loose = Tile(0, 2)
    assert Move.play(loose, "right") == Move.play(Tile.of(0, 2), "right")
    assert Move.play(loose).tile is Tile.of(0, 2)
    assert Move.discard(loose) == Move.discard(Tile.of(0, 2))
