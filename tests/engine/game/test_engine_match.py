"""Lots and matches: who starts, how the start moves on, targets and penalties
(RULES.md §2 and §3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from engine_helpers import play

from engine.game.match import (
    GAPLE_MATCH_NOTE,
    BlockMatch,
    DuelSeries,
    GapleMatch,
    Lot,
    draw_lots,
    match_for,
)
from engine.game.rules import block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State


class Dice(random.Random):
    """A generator whose die rolls are scripted."""

    def __init__(self, rolls: Sequence[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.rolls.pop(0)


def finish(state: State, rng: random.Random) -> State:
    """Play random legal moves to the end of the round."""
    while not state.over:
        state.push(rng.choice(state.legal_moves()))
    return state


def check_lot(lot: Lot, players: int) -> None:
    """Everyone rolls; the tied highest roll again, until one is highest alone."""
    assert set(lot.rounds[0]) == set(range(players))
    for before, after in zip(lot.rounds, lot.rounds[1:], strict=False):
        top = max(before.values())
        assert set(after) == {seat for seat, roll in before.items() if roll == top}
        assert len(after) > 1
    last = lot.rounds[-1]
    assert sorted(last.values()).count(max(last.values())) == 1
    assert lot.first == max(last, key=last.__getitem__)


# -- the lot -------------------------------------------------------------------------


def test_the_lot_is_repeated_among_tied_players_only() -> None:
    dice = Dice([6, 3, 6, 2,  # seats 0 and 2 tie on 6
                 4, 4,  # they tie again
                 1, 5])  # seat 2 wins
    lot = draw_lots(4, dice)
    assert lot.rounds == ({0: 6, 1: 3, 2: 6, 3: 2}, {0: 4, 2: 4}, {0: 1, 2: 5})
    assert lot.first == 2
    assert dice.rolls == []  # nobody else rolled


def test_a_lot_without_a_tie_takes_one_round() -> None:
    lot = draw_lots(3, Dice([2, 5, 1]))
    assert lot.rounds == ({0: 2, 1: 5, 2: 1},) and lot.first == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_lots_repeat_among_ties_until_one_player_is_highest(players: int) -> None:
    repeated = 0
    for seed in range(300):
        lot = draw_lots(players, random.Random(seed))
        check_lot(lot, players)
        assert draw_lots(players, random.Random(seed)) == lot  # the seed decides it
        repeated += len(lot.rounds) > 1
    assert repeated > 0


def test_the_lot_is_fair() -> None:
    firsts = Counter(draw_lots(4, random.Random(seed)).first for seed in range(4000))
    assert set(firsts) == {0, 1, 2, 3}
    assert all(850 < count < 1150 for count in firsts.values()), firsts


# -- Block matches ---------------------------------------------------------------------


def test_the_first_starter_is_drawn_by_lot_and_deals_start_with_the_starter() -> None:
    match = BlockMatch(block(3), random.Random(11))
    assert match.lot is not None and match.starter == match.lot.first
    state = match.deal()
    assert state.to_move == match.starter
    assert [len(state.hand(p)) for p in range(3)] == [5, 5, 5]
    assert match.scores == [0, 0, 0] and match.target == 61


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_moves_one_seat_clockwise_each_round_whoever_won(players: int) -> None:
    rng = random.Random(players)
    match = BlockMatch(block(players), rng)
    winners = set()
    for _ in range(12):
        match.scores = [0] * players  # keep the match going: only the rotation is under test
        starter = match.starter
        state = match.deal()
        assert state.to_move == starter
        result = match.record(finish(state, rng))
        winners.add(result.winners)
        assert match.starter == (starter + 1) % players
    assert len(winners) > 1  # rounds were won by different players (or tied)


def test_the_start_moves_on_even_after_a_tied_block() -> None:
    match = BlockMatch(block(3), random.Random(0), starter=1)
    tied = play(State.setup(block(3), [["1-2"], ["0-3"], ["2-6"]], ends=(5, 5)),
                "pass", "pass", "pass")
    result = match.record(tied)
    assert result.winners == () and result.points == (0, 0, 0)
    assert match.starter == 2 and match.scores == [0, 0, 0]
    match.record(play(State.setup(block(3), [["1-2"], ["0-3"], ["2-6"]], ends=(5, 5)),
                      "pass", "pass", "pass"))
    assert match.starter == 0


def _domino_by(seat: int, others: list[list[str]]) -> State:
    """A finished Block round: ``seat`` plays its last tile, [4|4]; the others hold
    ``others``, in seat order."""
    hands = list(others)
    hands.insert(seat, ["4-4"])
    s = State.setup(block(len(hands)), hands, ends=(4, 4), to_move=seat)
    s.push(s.legal_moves()[0])
    assert s.status == "domino"
    return s


def test_the_target_is_checked_after_the_round_and_the_excess_is_kept() -> None:
    match = BlockMatch(block(2), random.Random(0), scores=[95, 40], starter=0)
    assert not match.over and match.winners == ()
    result = match.record(_domino_by(0, [["6-6"]]))
    assert result.points == (12, 0)
    assert match.scores == [107, 40]  # the excess over 100 is kept
    assert match.over and match.winners == (0,) and not match.drawn


def test_two_players_play_to_100_reaching_it_is_enough() -> None:
    match = BlockMatch(block(2), random.Random(0), scores=[88, 0], starter=0)
    match.record(_domino_by(0, [["2-6"]]))
    assert match.scores == [96, 0] and not match.over
    match.record(_domino_by(1, [["0-1"]]))
    assert not match.over
    match.record(_domino_by(0, [["1-3"]]))
    assert match.scores == [100, 1] and match.over and match.winners == (0,)


@pytest.mark.parametrize(("start", "first", "second", "end"), [
    (57, [["0-1"], ["0-0"]], [["1-3"], ["0-0"]], 62),
    (55, [["0-1"], ["0-0"], ["0-2"]], [["1-3"], ["0-0"], ["0-1"]], 63),
], ids=["3 players", "4 players"])
def test_three_or_four_players_play_to_61(start: int, first: list[list[str]],
                                          second: list[list[str]], end: int) -> None:
    players = len(first) + 1
    match = BlockMatch(block(players), random.Random(0), scores=[start] + [0] * (players - 1),
                       starter=0)
    match.record(_domino_by(0, first))
    assert match.scores[0] == 58 and not match.over
    match.record(_domino_by(0, second))
    assert match.scores[0] == end and match.over and match.winners == (0,)


def test_a_tie_among_the_highest_scores_at_the_target_is_a_drawn_match() -> None:
    match = BlockMatch(block(3), random.Random(0), scores=[61, 64, 64], starter=0)
    assert match.over and match.drawn and match.winners == ()
    match = BlockMatch(block(3), random.Random(0), scores=[70, 64, 64], starter=0)
    assert match.over and not match.drawn and match.winners == (0,)
    match = BlockMatch(block(2), random.Random(0), scores=[100, 100], starter=0)
    assert match.drawn


def test_a_round_still_being_played_cannot_be_recorded() -> None:
    match = BlockMatch(block(2), random.Random(0))
    with pytest.raises(ValueError, match="still being played"):
        match.record(match.deal())
    assert match.scores == [0, 0] and match.rounds == []


def test_a_block_match_plays_block_rules() -> None:
    with pytest.raises(ValueError):
        BlockMatch(gaple(), random.Random(0))


def test_a_block_match_to_the_end() -> None:
    rng = random.Random(3)
    match = BlockMatch(block(2), rng)
    while not match.over:
        before = list(match.scores)
        result = match.record(finish(match.deal(), rng))
        assert [b + p for b, p in zip(before, result.points, strict=True)] == match.scores
        assert all(p >= 0 for p in result.points)
    assert max(match.scores) >= 100
    assert len(match.rounds) > 1


# -- Gaple matches (an interpretation) ---------------------------------------------------


def test_gaple_match_keeps_running_penalty_totals_and_says_it_is_an_interpretation() -> None:
    rng = random.Random(5)
    match = GapleMatch(gaple(4), rng, rounds_agreed=4)
    assert match.note == GAPLE_MATCH_NOTE and "Interpretation" in match.note
    totals = [0, 0, 0, 0]
    while not match.over:
        result = match.record(finish(match.deal(), rng))
        totals = [a + b for a, b in zip(totals, result.totals, strict=True)]
        assert match.penalties == totals
    assert len(match.rounds) == 4
    low = min(totals)
    expected = (totals.index(low),) if totals.count(low) == 1 else ()
    assert match.winners == expected


def test_gaple_the_previous_rounds_winner_starts_the_next() -> None:
    rng = random.Random(8)
    match = GapleMatch(gaple(4), rng, rounds_agreed=6)
    first = match.deal()
    assert len(first.line.tiles()) == 1  # a middle tile turned up
    result = match.record(finish(first, rng))
    for _ in range(5):
        state = match.deal()
        assert state.to_move == result.winners[0] == match.previous_winner
        assert state.opening is None
        result = match.record(finish(state, rng))


def test_gaple_all_dealt_first_the_blank_double_then_the_winner_opens_with_a_double() -> None:
    rng = random.Random(9)
    match = GapleMatch(gaple(4, 7), rng, rounds_agreed=5)
    first = match.deal()
    assert first.to_move == next(p for p in range(4) if "0-0" in map(str, first.hand(p)))
    result = match.record(finish(first, rng))
    for _ in range(4):
        state = match.deal()
        assert state.to_move == result.winners[0]
        assert state.opening == "double" and state.line.empty
        assert all(mv.tile is not None and mv.tile.is_double for mv in state.legal_moves()
                   if mv.kind == "play")
        result = match.record(finish(state, rng))
    assert match.over


def test_gaple_match_tied_lowest_penalties_name_no_winner() -> None:
    match = GapleMatch(gaple(4), random.Random(0), rounds_agreed=1, penalties=[5, 5, 9, 9])
    s = State.setup(gaple(dead_tiles=False), [["0-1"], ["1-1"], ["6-6"], ["5-6"]],
                    ends=(3, 3), passes=3)
    s.push(s.legal_moves()[0])
    result = match.record(s)
    assert settle(s).winners == (0,) == result.winners
    assert match.penalties == [6, 7, 21, 20]
    assert match.over and match.winners == (0,)
    tied = GapleMatch(gaple(4), random.Random(0), rounds_agreed=0, penalties=[3, 3, 9, 9])
    assert tied.over and tied.winners == ()


def test_a_gaple_match_plays_gaple_rules() -> None:
    with pytest.raises(ValueError):
        GapleMatch(block(4), random.Random(0))


def test_no_round_is_recorded_once_the_match_is_over() -> None:
    rng = random.Random(4)
    match = BlockMatch(block(2), rng, scores=[100, 20])
    assert match.over
    with pytest.raises(ValueError, match="the match is over"):
        match.record(finish(match.deal(), rng))


def test_a_duel_series_tallies_each_game_and_alternates_the_start() -> None:
    rng = random.Random(5)
    series = DuelSeries(duel(draw=False), rng, rounds_agreed=4)
    assert series.lot is not None and series.starter == series.lot.first
    starters, outcomes = [], []
    while not series.over:
        state = series.deal()
        starters.append(state.to_move)
        result = series.record(finish(state, rng))
        outcomes.append(None if result.draw else result.winners[0])
    assert starters == [starters[0], 1 - starters[0]] * 2
    assert series.wins == [outcomes.count(0), outcomes.count(1)]
    assert series.draws == outcomes.count(None)
    best = max(series.wins)
    assert series.winners == ((series.wins.index(best),) if series.wins.count(best) == 1 else ())
    with pytest.raises(ValueError, match="over"):
        series.record(finish(series.deal(), rng))


def test_a_duel_series_plays_the_two_player_game() -> None:
    with pytest.raises(ValueError, match="two-player"):
        DuelSeries(block(2), random.Random(1))


def test_each_family_has_its_match() -> None:
    rng = random.Random(2)
    assert isinstance(match_for(block(3), rng), BlockMatch)
    assert isinstance(match_for(gaple(5), rng), GapleMatch)
    assert isinstance(match_for(duel(draw=True), rng), DuelSeries)


def test_a_match_for_a_length_agreed_at_the_table() -> None:
    rng = random.Random(3)
    block_match = match_for(block(2), rng, goal=31)
    assert isinstance(block_match, BlockMatch) and block_match.target == 31
    gaple_run = match_for(gaple(4), rng, goal=2)
    assert isinstance(gaple_run, GapleMatch) and gaple_run.rounds_agreed == 2
    series = match_for(duel(), rng, goal=3)
    assert isinstance(series, DuelSeries) and series.rounds_agreed == 3
    for rules in (block(3), gaple(5), duel()):
        with pytest.raises(ValueError):
            match_for(rules, rng, goal=0)


def test_a_gaple_run_takes_no_round_past_its_agreed_rounds() -> None:
    rng = random.Random(6)
    run = GapleMatch(gaple(4), rng, rounds_agreed=1)
    run.record(finish(run.deal(), rng))
    assert run.over
    with pytest.raises(ValueError, match="the match is over"):
        run.record(finish(run.deal(), rng))
