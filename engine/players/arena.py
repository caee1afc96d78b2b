"""The arena: computer players against each other over duplicate deals.

``python -m engine arena --rules block|gaple|duel --players N [--draw]
[--hand-size H] --bots NAME,NAME[,…] --deals D --seed S`` (CONTRACT.md
"Arena").  Deal ``d`` is dealt from ``random.Random(f"{S}:{d}")``; it is played
once per rotation of the bots over the seats (bot ``i`` sits at seat
``(i + r) % N`` in rotation ``r``), so every bot holds every hand and luck of
the deal cancels.  Each bot's per-deal result is its mean over the rotations;
its score is the mean of those, and the 95% interval is
``mean ± 1.96 · sd / √D`` over the per-deal results (a deal's rotations are
paired, not independent games).  Bots read only their seat's view.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..game.rules import Ruleset
from ..game.settlement import settle
from ..game.state import State
from ..game.view import view
from ..search.scoring import outright, seat_score
from .bench import ruleset_for
from .bots import Bot, make_bot

Z95 = 1.959963984540054


@dataclass
class Tally:
    """Running totals of one arena."""

    per_deal: list[list[float]]  # per bot, its mean result on each deal
    wins: list[int]
    draws: int
    games: int
    thinking: list[float]  # per bot, seconds spent deciding
    decisions: list[int]


def interval(results: Sequence[float]) -> tuple[float, float, float]:
    """The mean of per-deal ``results`` and its 95% confidence interval
    (normal approximation: mean ± 1.96 · sample sd / √n; a single deal gives
    the point itself)."""
    n = len(results)
    if n == 0:
        raise ValueError("no results")
    mean = statistics.fmean(results)
    if n == 1:
        return mean, mean, mean
    half = Z95 * statistics.stdev(results) / math.sqrt(n)
    return mean, mean - half, mean + half


def play_game(rules: Ruleset, deal: State, seats: Sequence[Bot], rng: random.Random,
              thinking: list[float], decisions: list[int], owner: Sequence[int]) -> State:
    """Play ``deal`` (a copy) to the end with ``seats[s]`` deciding for seat ``s``;
    ``owner[s]`` is the index of that seat's bot for the time tallies."""
    state = deal.copy()
    while not state.over:
        seat = state.to_move
        decision = seats[seat].decide(view(state, seat), rng)
        thinking[owner[seat]] += decision.seconds
        decisions[owner[seat]] += 1
        state.push(decision.move)
    return state


def run(rules: Ruleset, bot_names: Sequence[str], deals: int, seed: int,
        budget: float = 0.5) -> dict[str, object]:
    """Play the arena; the contract's JSON object."""
    n = rules.players
    if len(bot_names) != n:
        raise ValueError(f"--bots names {len(bot_names)} bots for {n} players: name one per seat")
    return play_arena(rules, [make_bot(name, budget=budget) for name in bot_names], deals,
                      seed, list(bot_names))


def play_arena(rules: Ruleset, bots: Sequence[Bot], deals: int, seed: int,
               names: Sequence[str]) -> dict[str, object]:
    """:func:`run` with the bots given as they are (one per seat, ``names`` for the
    report): the same duplicate deals, rotations and scores."""
    n = rules.players
    start = time.perf_counter()
    tally = play_deals(rules, bots, deals, seed)
    seconds = time.perf_counter() - start
    stats = [interval(results) for results in tally.per_deal]
    return {
        "rules": rules.family,
        "players": n,
        "deals": deals,
        "games": tally.games,
        "bots": list(names),
        "score": [round(mean, 3) for mean, _, _ in stats],
        "ci95": [[round(low, 3), round(high, 3)] for _, low, high in stats],
        "wins": tally.wins,
        "draws": tally.draws,
        "seconds": round(seconds, 2),
        "ms_per_move": [round(1000 * t / max(1, k), 3)
                        for t, k in zip(tally.thinking, tally.decisions)],
    }


def play_deals(rules: Ruleset, bots: Sequence[Bot], deals: int, seed: int) -> Tally:
    """The arena's games (:func:`play_arena`'s deals, rotations and scores), tallied: each
    bot's result on every deal, for a caller that pools deals from several seeds."""
    n = rules.players
    if deals < 1:
        raise ValueError(f"--deals must be at least 1, not {deals}")
    tally = Tally([[] for _ in bots], [0] * n, 0, 0, [0.0] * n, [0] * n)
    for d in range(deals):
        deal = State.deal(rules, random.Random(f"{seed}:{d}"))
        sums = [0.0] * n
        for r in range(n):
            owner = [(s - r) % n for s in range(n)]  # bot i sits at seat (i + r) % n
            seats = [bots[owner[s]] for s in range(n)]
            rng = random.Random(f"{seed}:{d}:{r}")
            end = play_game(rules, deal, seats, rng, tally.thinking, tally.decisions, owner)
            result = settle(end)
            tally.games += 1
            if result.winners and rules.family != "gaple":
                for seat in result.winners:
                    tally.wins[owner[seat]] += 1
            elif rules.family == "gaple":
                for seat in range(n):
                    if seat_score(end, seat) == outright("gaple", n):
                        tally.wins[owner[seat]] += 1
            else:
                tally.draws += 1
            for seat in range(n):
                sums[owner[seat]] += seat_score(end, seat)
        for i in range(n):
            tally.per_deal[i].append(sums[i] / n)
    return tally


def main(rules: str, players: int | None, draw: bool, hand_size: int | None, bots: str,
         deals: int, seed: int, budget: float) -> dict[str, object]:
    """The ``arena`` subcommand's work, its arguments as the command line gives them."""
    if draw and rules != "duel":
        raise ValueError("--draw is for the duel only")
    names = [name.strip() for name in bots.split(",") if name.strip()]
    ruleset = ruleset_for(rules, players, hand_size, draw)
    if rules == "block" and hand_size not in (None, ruleset.hand_size):
        raise ValueError(f"block with {ruleset.players} players deals {ruleset.hand_size} tiles")
    if rules == "duel" and hand_size not in (None, 7):
        raise ValueError("the duel deals 7 tiles")
    if budget <= 0:
        raise ValueError(f"--budget must be above zero, not {budget}")
    return run(ruleset, names, deals, seed, budget)
