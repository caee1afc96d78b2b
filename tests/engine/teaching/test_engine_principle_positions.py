"""A lesson's positions (engine/teaching/principles.py: decides, misleads): a position where a principle
decides is one where its own consideration separates the moves (the player that weighs it alone
and the one that weighs nothing choose differently), its choice is the best and the player
without it chooses another; a counter-example holds the principle's object and, followed
blindly, the principle picks another tile, worse by at least an inaccuracy (issue 49)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.game.moves import canonical
from engine.game.tiles import TILES
from engine.players.bots import CountingBot
from engine.players.counting import Weights
from engine.search.appraise import BANDS
from engine.teaching.lessons import load_tree
from engine.teaching.principles import (
    PRINCIPLES,
    choice,
    decides,
    game_of,
    misleads,
    principle,
    puzzle_view,
    separates,
)

ROOT = Path(__file__).resolve().parents[3]


BANK = {sid: s for sid, s in load_tree(ROOT / "scenarios" / "puzzles")[0].items()
        if s.puzzle is not None}
#: The player that weighs nothing: every weight 0, the heavier tile on ties.
NOTHING = CountingBot(Weights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))


@pytest.mark.parametrize(("key", "puzzle_id"), [
    ("doubles_out", "puzzle-b4-1-0528"), ("keep_fitting", "puzzle-d2-1-0084"),
    ("variety", "puzzle-g4x6-1-0549"), ("next_lacks", "puzzle-g4x6-1-0024"),
    ("control", "puzzle-g4x7-1-0119")])
def test_a_position_where_the_heavier_tile_alone_picks_the_move_does_not_decide(
        key: str, puzzle_id: str) -> None:
    """The course's old positions: the player that weighs nothing picks the principle's
    move there, so they show "play the heavier tile", not the principle."""
    p, s = principle(key), BANK[puzzle_id]
    v = puzzle_view(s)
    blind = choice(p, "blind", s)
    assert blind in s.puzzle.figures.best  # it looked like a position where it decides
    assert canonical(NOTHING.decide(v, random.Random(0)).move, v.ends) == blind
    assert not separates(p, v)
    assert not decides(p, s)


def test_a_position_needs_the_principle_s_object() -> None:
    """Doubles out: no double to play; the next player lacks: nobody has shown a lack."""
    s = BANK["puzzle-b4-1-0528"]
    assert not any(m.tile is not None and m.tile.is_double for m in puzzle_view(s).legal)
    assert not decides(principle("doubles_out"), s)
    s = BANK["puzzle-g4x6-1-0024"]
    assert not any(puzzle_view(s).missing)
    assert not decides(principle("next_lacks"), s)


@pytest.mark.parametrize(("key", "puzzle_id"), [
    ("hold_blank", "puzzle-g4x6-1-0663"), ("heavy_first", "puzzle-g5x5-1-10384"),
    ("shed_pips", "puzzle-g5x5-1-4411")])
def test_a_counter_example_needs_the_object_and_another_tile(key: str, puzzle_id: str) -> None:
    """The course's old counter-examples: the mover holds no [0|0], or the principle picks the
    best tile and only the end differs (a tie-break)."""
    p, s = principle(key), BANK[puzzle_id]
    v = puzzle_view(s)
    blind = choice(p, "blind", s)
    assert blind not in s.puzzle.figures.best  # it looked like a counter-example
    if key == "hold_blank":
        assert TILES[0] not in v.hand
    else:
        assert blind.tile in {m.tile for m in s.puzzle.figures.best}
    assert not misleads(p, s)


def test_a_counter_example_s_blind_tile_is_worse_by_an_inaccuracy() -> None:
    """Every counter-example the bank offers: the blind tile's best play is at least the
    family's inaccuracy band below the best move."""
    for p in PRINCIPLES:
        for s in BANK.values():
            if game_of(s.id) in p.games and misleads(p, s):
                f = s.puzzle.figures
                tile = choice(p, "blind", s).tile
                assert tile not in {m.tile for m in f.best}, (p.key, s.id)
                worth = max(m.expected for m in f.moves if m.move.tile == tile)
                assert worth <= f.moves[0].expected - BANDS[s.rules.family][0] + 2e-4, s.id
