"""What a seat knows of the hidden tiles (engine/game/knowledge.py) and the deals its view allows
(engine/search/deals.py), against a brute force written here apart from both: every placement of
the unseen tiles, each counted by the histories that replay the round's public moves
legally, found by stepping the round back from the end (a pass, a draw or a dead discard
needs a hand with nothing for the ends of that moment; a dead tile and a drawn tile are
whichever the placement allows).

- **Sound**: every deal the space lists or draws has such a history.
- **Complete**: the true deal is always among them.
- **Counted right**: on small positions, the space's count of histories and each deal's
  share equal the brute force's, in every family.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from deal_support import histories, placements, possible
from engine_helpers import RULESETS, deal, max_moves

from engine.game.knowledge import DOUBLES
from engine.game.rules import Ruleset, duel, gaple
from engine.game.state import State
from engine.game.tiles import FITS, TILES
from engine.game.view import view
from engine.search.deals import DealSpace, Sample, unseen_mask


def truth(state: State, seat: int) -> Sample:
    """The deal as it is."""
    stock = tuple(state.stock) if state.rules.draw_mode and state.stock is not None else ()
    return Sample(tuple(state.hand_masks), tuple(state.dead_masks), stock)


def key(sample: Sample, ordered: bool) -> tuple[object, ...]:
    return (sample.hands, sample.dead, sample.stock if ordered else ())


def positions(rules: Ruleset, seed: int, every: int = 3) -> Iterator[tuple[State, int]]:
    """Positions of a random round (every few moves), each with a seat to view it from."""
    rng = random.Random(seed)
    state = deal(rules, rng, later_round=seed % 2 == 1)
    for ply in range(max_moves(rules)):
        if state.over:
            break
        if ply % every == 0:
            yield state.copy(), rng.randrange(rules.players)
        state.push(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_drawn_deal_replays_and_the_true_deal_is_allowed(name: str) -> None:
    rules = RULESETS[name]
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        for state, seat in positions(rules, seed):
            space = DealSpace(view(state, seat))
            assert space.count > 0
            assert space.weight(truth(state, seat)) > 0, "the true deal is left out"
            for _ in range(3):
                drawn = space.draw(rng)
                assert possible(state, seat, drawn), "a deal that cannot have happened"
                checked += 1
    assert checked > 60


def tries(state: State, seat: int) -> int:
    """How many placements :func:`placements` tries for a view."""
    left = unseen_mask(view(state, seat)).bit_count()
    ways = 1
    for p in range(state.players):
        if p != seat:
            for mask in (state.hand_masks[p], state.dead_masks[p]):
                ways *= math.comb(left, mask.bit_count())
                left -= mask.bit_count()
    return ways * (math.perm(left, state.stock_count) if state.rules.draw_mode else 1)


def small_positions(rules: Ruleset, limit: int, seeds: range) -> Iterator[tuple[State, int]]:
    """Positions of random rounds with few placements of the unseen tiles to try."""
    for seed in seeds:
        for state, seat in positions(rules, seed, every=1):
            if not state.over and tries(state, seat) <= limit:
                yield state, seat


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_count_and_each_deals_share_equal_the_brute_force(name: str) -> None:
    rules = RULESETS[name]
    tried = 0
    limit = 600 if rules.draw_mode else 3000
    for state, seat in itertools.islice(small_positions(rules, limit, range(60)), 0, None, 3):
        space = DealSpace(view(state, seat))
        ordered = space.ordered
        brute = Counter[tuple[object, ...]]()
        for sample in placements(state, seat):
            found = histories(state, seat, sample)
            if found:
                brute[key(sample, ordered)] += found
        listed = Counter[tuple[object, ...]]()
        for sample, ways in space.every():
            listed[key(sample, ordered)] += ways
        factor = space.histories // space.count
        assert {k: w * factor for k, w in listed.items()} == dict(brute)
        assert space.histories == sum(brute.values())
        # The shuffled listing the appraisal and the strong bot take deals from in turn:
        # every deal, as often as its share, count in all.
        shuffled = space.listing(random.Random(tried))
        assert len(shuffled) == space.count
        assert Counter(key(sample, ordered) for sample in shuffled) == listed
        tried += 1
        if tried == 4:
            break
    assert tried >= 2


def test_a_dead_tile_thrown_earlier_cannot_show_a_value_its_thrower_lacked_later() -> None:
    """Gaple: West throws one tile dead at ends 2 and 5, then another at 1 and 5: the
    first cannot show 2 or 5, the second none of 1, 2, 5; the hand none of them."""
    rules = gaple(4)
    rng = random.Random(3)
    for _ in range(400):
        state = deal(rules, rng)
        for _ in range(30):
            if state.over:
                break
            state.push(rng.choice(state.legal_moves()))
        v = view(state, 0)
        for p in range(1, 4):
            f = v.facts[p]
            dead = [part for part in f.parts if part.dead]
            thrown = [r for r in state.history if r.player == p and r.move.kind == "discard"]
            if len(thrown) < 2 or len({r.ends for r in thrown}) < 2:
                continue
            first = thrown[0].ends
            assert any(part.banned == FITS[first[0]] | FITS[first[1]] for part in dead)
            assert f.hand_banned & (FITS[first[0]] | FITS[first[1]]) == \
                FITS[first[0]] | FITS[first[1]]
            return
    pytest.fail("no round had a seat throw twice at different ends")


def test_a_pass_on_an_empty_line_shows_no_double_and_the_opener_holds_the_blank_double() -> None:
    later = State.setup(gaple(4, 7), [["1-2", "3-4"], ["0-1", "5-5"], ["2-3", "4-4"],
                                      ["0-0", "6-6"]], stock=0, to_move=0, opening="double")
    later.push(later.legal_moves()[0])  # seat 0 holds no double: it passes
    v = view(later, 1)
    assert v.facts[0].lacks_double and not v.facts[2].lacks_double
    space = DealSpace(v)
    # Seat 1 sees 2 of the 28 tiles; 6 of the 26 it does not see are doubles.  Seat 0's two
    # tiles come from the 20 others, then seats 2 and 3 take two each of what is left.
    assert space.count == math.comb(20, 2) * math.comb(24, 2) * math.comb(22, 2)
    rng = random.Random(3)
    assert all(not space.draw(rng).hands[0] & DOUBLES for _ in range(200))
    first = State.setup(gaple(4, 7), [["0-0", "6-6"], ["0-1", "5-5"], ["2-3", "4-4"],
                                      ["1-2", "3-4"]], stock=0, to_move=0, opening="0-0")
    space = DealSpace(view(first, 1))
    # Seat 0 holds [0|0] and one of the 25 other unseen tiles.
    assert space.count == 25 * math.comb(24, 2) * math.comb(22, 2)
    assert all(space.draw(rng).hands[0] & TILES[0].bit for _ in range(200))


def test_a_draw_then_a_play_is_the_drawn_tile_and_older_tiles_keep_their_facts() -> None:
    """Draw mode: after a draw at open ends and then a play, the older tiles still lack
    those ends, and only the drawn tile could have been played."""
    rules = duel(draw=True)
    rng = random.Random(11)
    for _ in range(300):
        state = deal(rules, rng)
        while not state.over and len(state.moves) < 40:
            state.push(rng.choice(state.legal_moves()))
            recs = state.history
            if len(recs) >= 2 and recs[-2].move.kind == "draw" and \
                    recs[-1].move.kind == "play" and recs[-1].player == 1 and \
                    recs[-2].player == 1:
                f = view(state, 0).facts[1]
                tile = recs[-1].move.tile
                assert tile is not None
                # It can only have come from the newest generation: no choice is listed,
                # and that generation, one tile, is empty now.
                assert not [a for t, a in f.placed if t == tile]
                hand = [part for part in f.parts if not part.dead]
                assert hand[-1].size == 0
                stuck = recs[-2].ends
                assert stuck
                assert hand[0].banned & (FITS[stuck[0]] | FITS[stuck[1]]) == \
                    FITS[stuck[0]] | FITS[stuck[1]]
                return
    pytest.fail("no round had a draw followed by a play")
