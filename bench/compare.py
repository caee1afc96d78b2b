"""Side-by-side playout speed: this engine against two reference implementations.

Runs, in one process and one sitting, uniformly random complete games with
(1) this engine (``State.deal`` / ``legal_moves`` / ``apply`` / ``settle``),
(2) OpenSpiel's ``python_block_dominoes`` (two-player Block, pure Python over
pyspiel), and (3) the ``dominoes`` package (four-player games), then prints
each figure and the ratios.  The references are not project dependencies:
``make bench-compare`` installs them into a separate ``.venv-bench``.

The contenders take turns: ``--rounds`` rounds, each giving every contender
``--seconds`` / ``--rounds`` of play, so that a slower or faster spell of a
shared machine falls on all of them alike; each figure is the median of its
rounds, and each ratio the median of the rounds' ratios.

    python bench/compare.py [--seconds 3] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from engine import COMPILED
from engine.game.rules import block, gaple
from engine.game.settlement import settle
from engine.players.bench import play_random


def rate(play: Callable[[], object], seconds: float) -> float:
    """Games per second over at least ``seconds`` of play."""
    games, start = 0, time.perf_counter()
    while True:
        for _ in range(100):
            play()
        games += 100
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def ours(rules_name: str) -> Callable[[], object]:
    rules = block(2) if rules_name == "block" else gaple(4)
    rng = random.Random(1)
    return lambda: settle(play_random(rules, rng))


def openspiel_block() -> Callable[[], object]:
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(1)

    def play() -> object:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return state.returns()

    return play


def dominoes_four() -> Callable[[], object]:
    import dominoes

    rng = random.Random(1)

    def play() -> object:
        game = dominoes.Game.new()
        while game.result is None:
            moves = game.valid_moves
            game.make_move(*moves[rng.randrange(len(moves))])
        return game.result

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    contenders = {
        "ours_block2": ours("block"),
        "openspiel_block2": openspiel_block(),
        "ours_gaple4": ours("gaple"),
        "dominoes_four_player": dominoes_four(),
    }
    for play in contenders.values():  # warm-up
        for _ in range(50):
            play()
    rounds: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, play in contenders.items():
            rounds[name].append(rate(play, args.seconds / args.rounds))
    out: dict[str, object] = {k: round(statistics.median(v)) for k, v in rounds.items()}
    pairs = {"ratio_block2_vs_openspiel": ("ours_block2", "openspiel_block2"),
             "ratio_gaple4_vs_dominoes": ("ours_gaple4", "dominoes_four_player")}
    for key, (a, b) in pairs.items():
        ratios = [x / y for x, y in zip(rounds[a], rounds[b])]
        out[key] = round(statistics.median(ratios), 1)
        out[key + "_range"] = [round(min(ratios), 1), round(max(ratios), 1)]
    out["rounds"] = args.rounds
    out["engine"] = "compiled" if COMPILED else "source"
    print(json.dumps(out))


if __name__ == "__main__":
    main()
