"""The strategy principles' evidence (engine/teaching/principles.py, bench/principles.py): each pair
of players differs in its principle and plays differently for it, a figure is reproduced
from its seeds, the verdict reads a figure against its family's practical size and an
interval that holds for the whole course, and the data file holds a figure for every
principle in every game, pooled from several seeds and checked against two others."""

from __future__ import annotations

import functools
import json
import random
import sys
from pathlib import Path
from statistics import NormalDist

import pytest

from engine.game.state import State
from engine.game.view import view
from engine.players.bots import CountingBot, HeaviestBot
from engine.search.appraise import BANDS
from engine.teaching.principles import (
    FIGURES,
    GAMES,
    PRINCIPLES,
    Evidence,
    Z,
    digits,
    evidence_of,
    measure,
    practical,
    principle,
    row_of,
)

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

from games import rules_of

EVIDENCE = ROOT / "scenarios" / "lessons" / "strategy" / "evidence.json"


@functools.cache
def decisions(game: str, rounds: int) -> list[State]:
    """Positions with a choice from seeded rounds of the counting player."""
    rules = rules_of(game)
    bot = CountingBot()
    found = []
    for r in range(rounds):
        rng = random.Random(f"{game}:{r}")
        state = State.deal(rules, rng)
        while not state.over:
            v = view(state, state.to_move)
            if len(state.distinct_moves()) > 1:
                found.append(state.copy())
            state.push(bot.decide(v, rng).move)
    return found


@pytest.mark.parametrize("p", PRINCIPLES, ids=[p.key for p in PRINCIPLES])
def test_each_principle_changes_what_a_player_does_in_every_game_it_names(p) -> None:
    assert set(p.games) <= set(GAMES)
    for game in p.games:
        family = rules_of(game).family
        follows, without = p.follows(family), p.without(family)
        differ = 0
        for state in decisions(game, 20):
            v = view(state, state.to_move)
            a = follows.decide(v, random.Random(1)).move
            b = without.decide(v, random.Random(1)).move
            differ += state.canonical(a) != state.canonical(b)
        assert differ, (p.key, game)


def test_the_player_without_a_principle_throws_or_forgets_as_named() -> None:
    # Gaple's dead tile: the folk rule throws the heaviest tile.
    for state in decisions("gaple-4x6", 10):
        v = view(state, state.to_move)
        if v.legal[0].kind == "discard":
            thrown = CountingBot(dead="heaviest").decide(v, random.Random(1)).move.tile
            assert thrown is not None
            assert thrown.value == max(t.value for t in v.hand)
            break
    else:
        pytest.fail("no dead discard in ten rounds")


def test_a_figure_comes_again_from_its_seeds_and_pools_them() -> None:
    p = principle("next_lacks")
    a = measure(p, "duel", rules_of("duel"), 40, (5, 6))
    assert a == measure(p, "duel", rules_of("duel"), 40, (5, 6))
    assert a.low <= a.score <= a.high and a.seeds == (5, 6) and a.deals == 40
    # Pooled: the mean of the two seeds' figures (as many deals from each).
    five, six = (measure(p, "duel", rules_of("duel"), 40, (s,)) for s in (5, 6))
    assert a.score == pytest.approx((five.score + six.score) / 2)
    assert a.se < max(five.se, six.se)
    assert evidence_of(row_of(a)) == a.__class__(a.principle, a.game, a.deals, a.seeds,
                                                 round(a.score, 6), round(a.se, 6))
    with pytest.raises(KeyError):
        principle("no-such-principle")


def figure(game: str, score: float, se: float) -> Evidence:
    return Evidence("shed_pips", game, 1000, (1, 2, 3), score, se)


def test_the_interval_holds_for_the_whole_course() -> None:
    """83 figures at 95% each would give about four false verdicts by chance alone: each
    interval is drawn at 1 − 0.05 / (the number of figures), so all hold together."""
    assert FIGURES == sum(len(p.games) for p in PRINCIPLES) > 20
    assert 2 * NormalDist().cdf(-Z) == pytest.approx(0.05 / FIGURES)
    e = figure("duel", 0.03, 0.01)
    assert e.score - 1.96 * e.se > 0  # a 95% interval would say it pays ...
    assert (e.low, e.high) == pytest.approx((0.03 - Z * 0.01, 0.03 + Z * 0.01))
    assert e.verdict == "even"  # ... the course-wide one holds 0


def test_an_effect_below_the_practical_size_is_too_small_to_matter() -> None:
    """A tenth of the review's inaccuracy band, per family; a figure of a few thousandths of
    a place never "pays", whatever its interval; figures show the digits they need."""
    for family in ("block", "gaple", "duel"):
        assert practical(family) == pytest.approx(BANDS[family][0] / 10)
        assert 10 ** -digits(family) <= practical(family) / 10  # its tenth shows
    assert digits("gaple") == digits("duel") == 3 and digits("block") == 2
    # Gaple: 0.004 of a place, its interval above 0 (it would have said "pays").
    assert figure("gaple-5", 0.004, 0.001).low > 0
    assert figure("gaple-5", 0.004, 0.001).verdict == "small"
    # Small both ways within the practical size (0.015): too small to matter too.
    assert figure("gaple-5", 0.004, 0.003).verdict == "small"
    # Small, but the interval reaches past the practical size and holds 0: nothing shows.
    assert figure("gaple-5", 0.004, 0.01).verdict == "even"
    # At least the practical size, the interval clear of 0: pays, or costs.
    assert figure("block-2", 0.4, 0.05).verdict == "pays"
    assert figure("block-2", -0.4, 0.05).verdict == "costs"
    assert figure("block-2", 0.4, 0.2).verdict == "even"
    assert figure("duel", 0.009, 0.001).verdict == "small"  # the duel's size is 0.01


def test_a_verdict_is_read_from_the_figures_as_shown() -> None:
    """The reader sees three decimals in Gaple: "+0.016 (+0.000 to +0.032)" holds 0, so
    it is not called "pays" though the unrounded low end is above it."""
    e = figure("gaple-5", 0.0164, 0.0164 / Z - 0.0000001)
    assert e.low > 0 and round(e.low, 3) == 0
    assert e.verdict == "even"


def test_play_your_heaviest_tile_meets_the_counting_player_not_a_random_one() -> None:
    """Measured as the other principles are: the heaviest-tile player against the counting
    player (the tutor stops the heaviest-tile opening as a blunder in two-player Block)."""
    p = principle("heavy_first")
    for game in p.games:
        family = rules_of(game).family
        assert isinstance(p.follows(family), HeaviestBot)
        without = p.without(family)
        for state in decisions(game, 3):
            v = view(state, state.to_move)
            assert state.canonical(without.decide(v, random.Random(1)).move) == \
                state.canonical(CountingBot().decide(v, random.Random(2)).move)


def test_the_data_file_has_every_figure_and_the_bench_reproduces_one() -> None:
    data = json.loads(EVIDENCE.read_text())
    figures = {(f["principle"], f["game"]): f for f in data["figures"]}
    expected = {(p.key, g) for p in PRINCIPLES for g in p.games}
    assert set(figures) == expected
    for f in figures.values():
        e = evidence_of(f)
        assert row_of(e) == f  # its interval and verdict by the engine's rule
        assert len(e.seeds) >= 3 and e.deals * len(e.seeds) >= 1000
    # One figure measured again, from the file's own seeds and deals: the same numbers.
    row = figures[("heavy_first", "duel")]
    again = measure(principle("heavy_first"), "duel", rules_of("duel"), row["deals"],
                    tuple(row["seeds"]))
    assert row_of(again) == row
    # Heaviest-first against careful players: a cost in two-player Block, not a gain.
    assert figures[("heavy_first", "block-2")]["verdict"] == "costs"


def test_the_data_file_records_its_check_against_two_other_seeds() -> None:
    """bench/principles.py --check: every figure measured again from two other seeds (as
    many deals from each); the file says how many verdicts changed."""
    data = json.loads(EVIDENCE.read_text())
    check = data["check"]
    rows = data["figures"]
    assert len(check["seeds"]) == 2
    assert not set(check["seeds"]) & {s for r in rows for s in r["seeds"]}
    again = {(f["principle"], f["game"]): f for f in check["figures"]}
    assert set(again) == {(r["principle"], r["game"]) for r in rows}
    changed = 0
    for r in rows:
        f = again[(r["principle"], r["game"])]
        assert row_of(evidence_of(f)) == f and f["seeds"] == check["seeds"]
        assert f["deals"] == r["deals"]
        changed += f["verdict"] != r["verdict"]
        # A verdict may fade to "no difference" with fewer deals, never turn round.
        assert {f["verdict"], r["verdict"]} != {"pays", "costs"}, r
    assert (check["changed"], check["of"]) == (changed, len(rows))
