"""Play with friends' logic (no page): a table's setting kept in the store's params and read
back, and the table's game rebuilt from the store's record (its deals and moves) exactly as
it was played, every finished round in the match, whoever rebuilds it."""

from __future__ import annotations

import random

import pytest

from engine.game.match import BlockMatch, DuelSeries, Match
from engine.game.moves import Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.view import view
from engine.notation.code import Position
from engine.players.bots import make_bot
from ui import progress
from ui.pages.friends import logic

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.mark.parametrize("rules", [block(2), block(4), gaple(5), gaple(4, hand_size=7),
                                   duel(draw=True)], ids=lambda r: r.family)
def test_a_setting_reads_back_from_the_params_it_keeps(rules: Ruleset) -> None:
    for learning in (True, False):
        setting = logic.Setting(rules, 4321, logic.goal_choices(rules)[0], learning)
        assert logic.setting_of(logic.setting_params(setting)) == setting


def test_a_match_length_is_the_familys_own_unit() -> None:
    assert 100 in logic.goal_choices(block(2)) and 61 in logic.goal_choices(block(3))
    assert logic.goal_choices(gaple(4)) == logic.goal_choices(duel()) == logic.ROUNDS
    assert isinstance(logic.new_match(logic.Setting(block(2), 1, 31, True)), BlockMatch)
    assert logic.new_match(logic.Setting(gaple(4), 1, 3, True)).over is False
    series = logic.new_match(logic.Setting(duel(), 1, 3, True))
    assert isinstance(series, DuelSeries) and series.rounds_agreed == 3


@pytest.mark.parametrize("params", [{}, {"rules": "block", "seed": "x", "goal": "5"},
                                    {"rules": "block", "seed": "5", "goal": "0"},
                                    {"rules": "nope", "seed": "5", "goal": "5"},
                                    {"rules": "block", "seed": "5", "goal": "9" * 40}])
def test_params_that_cannot_be_read_give_no_setting(params: dict[str, str]) -> None:
    assert logic.setting_of(params) is None


def _played(setting: logic.Setting, rounds: int) -> tuple[list[str], list[list[str]], Match]:
    """A match played by the heaviest bot at every seat: each round's deal and tokens."""
    match = logic.new_match(setting)
    deals: list[str] = []
    moves: list[list[str]] = []
    state = match.deal()
    bot = make_bot("heaviest")
    for number in range(rounds):
        if number:
            state = match.deal()
        deals.append(Position.from_state(state).text())
        tokens: list[str] = []
        while not state.over:
            move: Move = state.resolve(bot.decide(view(state, state.mover or 0),
                                                  random.Random(0)).move)
            tokens.append(logic.token_after(state, move))
            state.push(move)
        moves.append(tokens)
        match.record(state)
        if match.over:
            break
    return deals, moves, match


def _record(setting: logic.Setting, deals: list[str],
            moves: list[list[str]]) -> progress.TableRecord:
    seats = tuple(progress.SeatRecord(seat, "computer", "heaviest", None, None, None, None,
                                      False) for seat in range(setting.rules.players))
    return progress.TableRecord("t", logic.setting_params(setting), 0.0, 1.0, 1, 1.0, None,
                                None, seats, tuple(deals), tuple(tuple(m) for m in moves), ())


@pytest.mark.parametrize("rules", [block(3), gaple(4), duel()], ids=lambda r: r.family)
def test_a_table_rebuilds_from_its_record_as_played(rules: Ruleset) -> None:
    setting = logic.Setting(rules, 77, 3 if rules.target is None else 61, True)
    deals, moves, match = _played(setting, 2)
    game = logic.rebuild(_record(setting, deals, moves))
    assert game is not None
    assert game.round_no == len(deals) and game.state.over
    assert game.match.rounds == match.rounds
    # the next round dealt from the record is the match's own next deal
    assert logic.next_deal(game) == Position.from_state(match.deal()).text()
    # half a round on: whose turn, the round not yet in the match
    half = [*moves[:-1], moves[-1][:3]]
    game = logic.rebuild(_record(setting, deals, half))
    assert game is not None and not game.state.over and game.ply == 3
    assert len(game.match.rounds) == len(deals) - 1
    assert logic.next_deal(game) is None


def test_a_record_that_cannot_be_read_rebuilds_nothing() -> None:
    setting = logic.Setting(block(2), 5, 100, True)
    deals, moves, _ = _played(setting, 1)
    assert logic.rebuild(_record(setting, [], [])) is None  # not started
    assert logic.rebuild(_record(setting, ["b2/zz"], [[]])) is None
    assert logic.rebuild(_record(setting, deals, [["R66", "R66"]])) is None
    other = logic.Setting(block(3), 5, 61, True)
    assert logic.rebuild(_record(other, deals, moves)) is None  # another game's deal
