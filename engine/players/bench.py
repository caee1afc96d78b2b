"""Random playouts: the engine's speed, through the same code the site uses.

Each game is a fresh deal (``State.deal``), then a uniformly random legal move
each turn (``State.legal_moves`` / ``State.push``) until the round ends, then
its settlement (``settle``).  With ``workers`` > 1 the games are split over
that many processes; the figure is total games over wall-clock seconds.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor

from .. import _build
from ..game.rules import Ruleset, ruleset_from_options
from ..game.settlement import settle
from ..game.state import State


def ruleset_for(rules: str, players: int | None = None, hand_size: int | None = None,
                draw: bool = False) -> Ruleset:
    """The command line's options as a ruleset (:func:`ruleset_from_options`)."""
    given: dict[str, object] = {"players": players, "hand_size": hand_size,
                                "draw": True if draw else None}
    return ruleset_from_options({"rules": rules, **{k: v for k, v in given.items()
                                                    if v is not None}})


def play_random(rules: Ruleset, rng: random.Random) -> State:
    """One complete game: a fresh deal, then uniformly random legal moves."""
    state = State.deal(rules, rng)
    rnd = rng.random  # bound once: a method looked up on every call costs more than a move
    moves = state.legal_moves()
    while moves:
        count = len(moves)
        state.push_unchecked(moves[int(rnd() * count)] if count > 1 else moves[0])
        moves = state.legal_moves()
    return state


def _play_many(rules: Ruleset, games: int, seed: int) -> int:
    rng = random.Random(seed)
    scored = 0
    for _ in range(games):
        scored += sum(settle(play_random(rules, rng)).points)
    return scored


def run(rules: str, *, players: int | None = None, hand_size: int | None = None,
        draw: bool = False, games: int = 20000, seed: int = 1, workers: int = 1
        ) -> dict[str, object]:
    ruleset = ruleset_for(rules, players, hand_size, draw)
    start = time.perf_counter()
    if workers <= 1:
        _play_many(ruleset, games, seed)
    else:
        shares = [games // workers + (1 if i < games % workers else 0) for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            list(pool.map(_play_many, [ruleset] * workers, shares,
                          [seed * 1000 + i for i in range(workers)]))
    seconds = time.perf_counter() - start
    return {
        "rules": ruleset.name,
        "players": ruleset.players,
        "games": games,
        "seconds": round(seconds, 4),
        "playouts_per_s": round(games / seconds),
        "workers": workers,
        "engine": "compiled" if _build.compiled() else "source",
    }
