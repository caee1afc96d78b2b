"""Side-by-side playout speed: this engine against two reference implementations.

Runs, in one process and one sitting, uniformly random complete games with
(1) this engine (``State.deal`` / ``legal_moves`` / ``apply`` / ``settle``),
(2) OpenSpiel's ``python_block_dominoes`` (two-player Block, pure Python over
pyspiel), and (3) the ``dominoes`` package (four-player games), then prints
each figure and the ratios.  The references are not project dependencies:
``make bench-compare`` installs them into a separate ``.venv-bench``.

    python bench/compare.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from engine import COMPILED
from engine.bench import play_random
from engine.rules import block, gaple
from engine.settlement import settle


def rate(play: Callable[[], object], seconds: float) -> float:
    """Games per second over at least ``seconds`` of play (after a short warm-up)."""
    for _ in range(50):
        play()
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
    args = parser.parse_args()
    figures = {
        "ours_block2": rate(ours("block"), args.seconds),
        "openspiel_block2": rate(openspiel_block(), args.seconds),
        "ours_gaple4": rate(ours("gaple"), args.seconds),
        "dominoes_four_player": rate(dominoes_four(), args.seconds),
    }
    out: dict[str, object] = {k: round(v) for k, v in figures.items()}
    out["ratio_block2_vs_openspiel"] = round(figures["ours_block2"] / figures["openspiel_block2"], 1)
    out["ratio_gaple4_vs_dominoes"] = round(
        figures["ours_gaple4"] / figures["dominoes_four_player"], 1)
    out["engine"] = "compiled" if COMPILED else "source"
    print(json.dumps(out))


if __name__ == "__main__":
    main()
