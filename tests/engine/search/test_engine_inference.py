"""A computer player's model of how the others choose (engine/search/inference.py), against the
odds worked out here by replaying the round with each deal's hands."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest
from engine_helpers import RULESETS, deal, play

from engine.game.rules import Ruleset, block
from engine.game.state import State
from engine.game.tiles import ALL_MASK, FITS, TILES, Tile
from engine.game.view import view
from engine.players.bots import StrongBot, make_bot
from engine.search.deals import DealSpace, Sample
from engine.search.inference import OPPONENTS, ChoiceModel, likelihood, weighs


def plays_with_hands(state: State, seat: int, sample: Sample
                     ) -> Iterator[tuple[Tile, int, int]]:
    """Each other player's play of the round: the tile, the player's hand then (its hand in
    the sample with every tile it played from then on, and its dead tiles where every one
    was thrown after the play) and the tiles that fitted.  A play with some of the player's
    dead tiles thrown before it and some after is left out (which were in hand then, the
    sample does not tell)."""
    history = state.history
    for k, record in enumerate(history):
        if record.player == seat or record.move.kind != "play" or record.move.tile is None:
            continue
        thrown = [j > k for j, r in enumerate(history)
                  if r.player == record.player and r.move.kind == "discard"]
        if any(thrown) and not all(thrown):
            continue
        hand = sample.hands[record.player] | (sample.dead[record.player] if any(thrown) else 0)
        for later in history[k:]:
            if later.player == record.player and later.move.kind == "play" \
                    and later.move.tile is not None:
                hand |= later.move.tile.bit
        if record.ends:
            fitting = FITS[record.ends[0]] | FITS[record.ends[1]]
        elif isinstance(record.opening, Tile):
            fitting = record.opening.bit
        elif record.opening == "double":
            fitting = sum(t.bit for t in TILES if t.is_double)
        else:
            fitting = ALL_MASK
        yield record.move.tile, hand, fitting


def replayed_odds(state: State, seat: int, sample: Sample, model: ChoiceModel) -> float:
    """How likely every other player's plays were under ``model``, had they held the
    sample's tiles: the round's records stepped through."""
    odds = model.odds()
    p = 1.0
    for tile, hand, fitting in plays_with_hands(state, seat, sample):
        p *= odds[tile.index] / sum(odds[t.index] for t in TILES if hand & fitting & t.bit)
    return p


def rounds(rules: Ruleset, seeds: range, plies: int) -> list[tuple[State, int]]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = deal(rules, rng)
        for _ in range(plies):
            if state.over:
                break
            state.push(rng.choice(state.legal_moves()))
        if not state.over:
            out.append((state, state.to_move))
    return out


@pytest.mark.parametrize(("name", "plies"), [("block-2", 9), ("block-3", 9), ("duel", 9),
                                             ("gaple-4x6", 18), ("gaple-5", 16)])
def test_a_deals_weight_is_the_replayed_odds_up_to_one_factor(name: str, plies: int) -> None:
    """Gaple's dead tiles too: a play with every dead tile of its player thrown after it
    counts them in the hand (the later rounds here throw some)."""
    rules = RULESETS[name]
    model = ChoiceModel(0.3, 1.5)
    checked = 0
    for state, seat in rounds(rules, range(8), plies):
        v = view(state, seat)
        weigh = likelihood(v, model)
        space = DealSpace(v)
        ratios = []
        for sample in (space.draw(random.Random(k)) for k in range(12)):
            direct = replayed_odds(state, seat, sample, model)
            if weigh is None:  # nothing hidden could have been laid instead
                ratios.append(direct)
            else:
                ratios.append(direct / weigh(sample))
        assert max(ratios) == pytest.approx(min(ratios), rel=1e-9)
        checked += weigh is not None
    assert checked >= 4


def test_a_tile_not_laid_when_it_fitted_makes_deals_holding_it_less_likely() -> None:
    # Seat 1 opened with [6|6] on a free opening, where any tile fitted: a deal where it
    # still holds [0|0] (a double, which players lay early) weighs less than the likeliest
    # deal where it does not.
    state = State.setup(block(2), [["0-1", "0-2", "1-2"], ["6-6", "5-5", "4-4"]], ends=None,
                        stock=14, to_move=1)
    play(state, "play 6-6")
    v = view(state, 0)
    weigh = likelihood(v, ChoiceModel(0.25, 2.5))
    assert weigh is not None
    space = DealSpace(v)
    deals = [deal for deal, _ in space.every()]
    light = TILES[next(t.index for t in TILES if (t.low, t.high) == (0, 0))].bit
    with_light = [weigh(d) for d in deals if d.hands[1] & light]
    without = [weigh(d) for d in deals if not d.hands[1] & light]
    assert with_light and without
    assert max(with_light) < max(without)


def test_dead_tiles_are_counted_where_their_throws_tell_when_they_were_held() -> None:
    """Seat 1 is stuck and throws after its play: its dead tiles were in its hand at that
    play; once it has thrown before a play too, that play says nothing the deal tells."""
    seen = {0: 0, 1: 0, -1: 0}
    for state, _ in rounds(RULESETS["gaple-5"], range(40), 16):
        for p, facts in enumerate(view(state, 0).facts):
            discards = [j for j, r in enumerate(state.history)
                        if r.player == p and r.move.kind == "discard"]
            plays = [j for j, r in enumerate(state.history)
                     if r.player == p and r.move.kind == "play"]
            expected = [0 if not [d for d in discards if d > j] else
                        1 if all(d > j for d in discards) else -1 for j in plays]
            assert [c[3] for c in facts.choices] == expected
            for flag in expected:
                seen[flag] += 1
    assert all(seen.values()), seen  # each case met


def test_the_level_weighs_the_two_player_games_alone_and_the_hint_never() -> None:
    rules = RULESETS["gaple-4x6"]
    for state, seat in rounds(rules, range(3), 8):
        assert not weighs(view(state, seat))  # measured with two players only
    for name, weighed in (("block-2", True), ("duel", True), ("block-3", False)):
        state, seat = rounds(RULESETS[name], range(1), 4)[0]
        assert weighs(view(state, seat)) is weighed
    assert make_bot("strong").model == OPPONENTS  # type: ignore[attr-defined]
    assert StrongBot().model is None  # the hint: every possible deal alike


def test_every_fitting_tile_alike_leaves_only_the_counts() -> None:
    # With no preference, a deal's weight depends only on how many tiles fitted: two
    # deals with as many hidden fitting tiles in the same hand weigh the same.
    for state, seat in rounds(block(2), range(6), 8):
        v = view(state, seat)
        weigh = likelihood(v, ChoiceModel(0.0, 0.0))
        if weigh is None:
            continue
        for sample in (DealSpace(v).draw(random.Random(k)) for k in range(6)):
            direct = replayed_odds(state, seat, sample, ChoiceModel(0.0, 0.0))
            assert math.isclose(direct, math.prod(
                1 / n for n in _option_counts(state, seat, sample)))
            assert weigh(sample) > 0


def _option_counts(state: State, seat: int, sample: Sample) -> list[int]:
    return [sum(1 for t in TILES if hand & fitting & t.bit)
            for _, hand, fitting in plays_with_hands(state, seat, sample)]



def test_the_strong_bot_draws_deals_by_their_weight() -> None:
    # Deals where seat 1 holds [0|0] weigh a tenth of the others: drawn by weight, they
    # come far less often than among deals drawn alike.
    from engine.players.bots import _weighed_draw

    state = State.setup(block(2), [["0-1", "0-2", "1-2"], ["6-6", "5-5", "4-4"]], ends=None,
                        stock=14, to_move=1)
    play(state, "play 6-6")
    space = DealSpace(view(state, 0))
    blank = next(t.bit for t in TILES if (t.low, t.high) == (0, 0))

    def weigh(sample: Sample) -> float:
        return 0.1 if sample.hands[1] & blank else 1.0

    rng = random.Random(2)
    alike = sum(bool(space.draw(rng).hands[1] & blank) for _ in range(3000)) / 3000
    weighed = sum(bool(_weighed_draw(space, rng, weigh).hands[1] & blank)
                  for _ in range(3000)) / 3000
    assert alike == pytest.approx(2 / 24, abs=0.02)  # 2 of the 24 unseen tiles are its
    assert weighed < alike / 4


def test_strong_weighs_other_tables_only_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The level reads the others' plays with two players; ``everywhere`` (a variant the
    levels' benchmark measures) at every table, Gaple's included."""
    from engine.players import bots

    asked: list[int] = []

    def counted(v: object, model: ChoiceModel) -> None:
        asked.append(1)

    monkeypatch.setattr(bots, "likelihood", counted)
    views = [view(state, seat) for state, seat in rounds(RULESETS["gaple-5"], range(20), 8)]
    v = next(v for v in views if len({m.tile for m in v.legal}) > 1)  # a choice to make
    StrongBot(0.2, max_samples=4, model=OPPONENTS).decide(v, random.Random(1))
    assert not asked
    StrongBot(0.2, max_samples=4, model=OPPONENTS, everywhere=True).decide(v, random.Random(1))
    assert asked
