"""The strategy principles' evidence (engine/teaching/principles.py, bench/principles.py): each pair
of players differs in its principle and plays differently for it, a figure is reproduced
from its seed, and the data file holds a figure for every principle in every game."""

from __future__ import annotations

import functools
import json
import random
import sys
from pathlib import Path

import pytest

from engine.game.state import State
from engine.game.view import view
from engine.players.bots import CountingBot
from engine.teaching.principles import GAMES, PRINCIPLES, Evidence, measure, principle

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


def test_a_figure_comes_again_from_its_seed() -> None:
    p = principle("next_lacks")
    a = measure(p, "duel", rules_of("duel"), 40, 5)
    b = measure(p, "duel", rules_of("duel"), 40, 5)
    assert a == b
    assert a.low <= a.score <= a.high
    assert a.verdict == ("pays" if a.low > 0 else "costs" if a.high < 0 else "even")
    with pytest.raises(KeyError):
        principle("no-such-principle")


def test_the_data_file_has_every_figure_and_the_bench_reproduces_one() -> None:
    data = json.loads(EVIDENCE.read_text())
    figures = {(f["principle"], f["game"]): f for f in data["figures"]}
    expected = {(p.key, g) for p in PRINCIPLES for g in p.games}
    assert set(figures) == expected
    for f in figures.values():
        assert f["low"] <= f["score"] <= f["high"], f
        assert f["verdict"] == Evidence(f["principle"], f["game"], f["deals"], f["seed"],
                                        f["score"], f["low"], f["high"]).verdict
        assert f["deals"] >= 1000
    # One figure measured again, from the file's own seed and deals: the same numbers.
    row = figures[("heavy_first", "duel")]
    again = measure(principle("heavy_first"), "duel", rules_of("duel"), row["deals"],
                    row["seed"])
    assert (round(again.score, 3), round(again.low, 3), round(again.high, 3)) == \
        (row["score"], row["low"], row["high"])
