"""The peer benchmark's own pieces that need no OpenSpiel (bench/peer.py): the resampler
it gives OpenSpiel's IS-MCTS replays the public history and never reads the true hidden
hand, and the actions are named as OpenSpiel's Block names them."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine.game.rules import block
from engine.game.state import State
from engine.game.tiles import Tile, iter_mask, mask_of
from engine.game.view import view

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import peer


def played(seed: int) -> State:
    """A two-player Block round a random number of random moves in."""
    rng = random.Random(seed)
    state = State.deal(block(2), rng)
    for _ in range(rng.randrange(0, 12)):
        if state.over:
            break
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])
    return state


def test_actions_are_named_as_openspiel_names_them() -> None:
    # open_spiel/python/games/block_dominoes.py: f"p{player} tile:{tile} pip:{edge}", the
    # tile a tuple of float halves, low first, the edge a float or None.
    assert peer.action_text(1, Tile.parse("4-1"), 4) == "p1 tile:(1.0, 4.0) pip:4.0"
    assert peer.action_text(0, Tile.parse("6-6"), None) == "p0 tile:(6.0, 6.0) pip:None"


@pytest.mark.parametrize("seed", range(40))
def test_a_resampled_deal_replays_the_public_history(seed: int) -> None:
    state = played(seed)
    if state.over:
        return
    seat = state.to_move
    v = view(state, seat)
    other = 1 - seat
    for draw in range(5):
        hand, rest = peer.resample(v, random.Random(f"{seed}:{draw}"))
        assert len(hand) == state.hand_masks[other].bit_count()
        # every tile once: the seat's hand, the line, the other hand and the rest
        line = mask_of(state.line.tiles())
        parts = [state.hand_masks[seat], line, mask_of(hand), mask_of(rest)]
        assert sum((p).bit_count() for p in parts) == 28
        assert parts[0] | parts[1] | parts[2] | parts[3] == (1 << 28) - 1
        # the round replays from the start with the other hand resampled: each move legal,
        # each pass the only move the resampled hand allowed
        start = [0, 0]
        start[seat] = state.hand_masks[seat]
        start[other] = mask_of(hand)
        for record in state.history:
            if record.move.tile is not None:
                start[record.player] |= record.move.tile.bit
        first = state.history[0].player if state.history else seat
        replay = State.setup(block(2), [list(iter_mask(m)) for m in start], stock=14,
                             to_move=first)
        for record in state.history:
            assert record.move in replay.legal_moves(), (seed, record)
            replay.push(record.move)
        assert replay.to_move == seat and replay.line.ends == state.line.ends


@pytest.mark.parametrize("seed", range(20))
def test_the_resampler_never_reads_the_true_hidden_hand(seed: int) -> None:
    """Two rounds that the seat cannot tell apart (the same view, the other hand dealt
    differently) give the same draws from the same seed."""
    state = played(seed)
    if state.over:
        return
    seat = state.to_move
    v = view(state, seat)
    hand, _ = peer.resample(v, random.Random(99))
    # a second round: the same public history, with that resampled hand as the true one
    start = [0, 0]
    start[seat] = state.hand_masks[seat]
    start[1 - seat] = mask_of(hand)
    for record in state.history:
        if record.move.tile is not None:
            start[record.player] |= record.move.tile.bit
    first = state.history[0].player if state.history else seat
    twin = State.setup(block(2), [list(iter_mask(m)) for m in start], stock=14, to_move=first)
    for record in state.history:
        twin.push(record.move)
    other_view = view(twin, seat)
    assert replace(other_view, line=v.line) == v  # a Line has no ==: compared below
    assert other_view.line.tiles() == v.line.tiles()
    assert [peer.resample(v, random.Random(s)) for s in range(3)] == \
        [peer.resample(view(twin, seat), random.Random(s)) for s in range(3)]
