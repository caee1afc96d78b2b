"""Every engine value pickles and copies (engine/game/values.py): in the compiled build a
frozen class cannot be filled in field by field, so each says how it is rebuilt."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.game.line import Line
from engine.game.moves import Move
from engine.game.rules import block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State
from engine.game.tiles import TILES
from engine.game.view import SeatView, view
from engine.players.bench import play_random, run


def comparable(value: Any) -> Any:
    """A value as something ``==`` compares by content (State and Line compare by identity)."""
    if isinstance(value, State):
        return (value.rules, value.hand_masks, value.dead_masks, value.history, comparable(value.line),
                value.stock, value.stock_count, value.status, value.mover, value.legal_moves())
    if isinstance(value, Line):
        return (tuple(value.placements), value.ends, value.hidden_ends)
    if isinstance(value, SeatView):
        return tuple(comparable(getattr(value, name)) for name in value.__dataclass_fields__)
    return value


def finished_gaple() -> State:
    return play_random(gaple(4), random.Random(3))


VALUES: dict[str, Callable[[], object]] = {
    "tile": lambda: TILES[9],
    "move": lambda: Move.parse("play 1-2 left"),
    "opening written high-low": lambda: Move.parse("play 6-3"),
    "ruleset": lambda: gaple(4, blank_double_25=True),
    "state in play": lambda: State.deal(duel(True), random.Random(8)),
    "finished state": finished_gaple,
    "line": lambda: finished_gaple().line,
    "description": lambda: finished_gaple().line.description(),
    "settlement": lambda: settle(finished_gaple()),
    "seat view": lambda: view(finished_gaple(), 1),
    "history": lambda: finished_gaple().history,
    "refusal": lambda: State.setup(block(2), [["1-2"], ["3-4"]], ends=(6, 2)).why_illegal(
        Move.parse("pass")),
}
COPIES: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
}


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", VALUES)
def test_every_value_survives_copying_and_pickling(name: str, how: str) -> None:
    value = VALUES[name]()
    again = COPIES[how](value)
    assert comparable(again) == comparable(value)


def test_a_tile_comes_back_as_the_tile_itself() -> None:
    assert pickle.loads(pickle.dumps(TILES[5])) is TILES[5]
    assert copy.deepcopy(TILES[27]) is TILES[27]


def test_a_copied_state_plays_on_as_the_original_does() -> None:
    state = State.deal(block(3), random.Random(4))
    for _ in range(4):
        state.push(state.legal_moves()[0])
    again = pickle.loads(pickle.dumps(state))
    while not state.over:
        move = state.legal_moves()[-1]
        state.push(move)
        again.push(move)
    assert comparable(again) == comparable(state)
    assert settle(again) == settle(state)


def test_the_benchmark_runs_over_two_processes() -> None:
    """Its workers receive the ruleset pickled."""
    result = run("gaple", players=4, games=40, seed=2, workers=2)
    assert result["games"] == 40 and result["workers"] == 2
