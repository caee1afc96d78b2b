"""How players choose among the tiles that fit: the plays behind engine.search.inference.OPPONENTS.

    .venv-bench/bin/python bench/choices.py [--deals 40] [--seed fit] [--out FILE]
    .venv/bin/python bench/choices.py --counting GAME [--deals 300] [--seed fit] [--out FILE]
    .venv-bench/bin/python bench/choices.py --fit FILE

Two-player Block, Strong (without a model of the other: ``StrongBot(0.5)``) against
OpenSpiel's IS-MCTS (1,000 simulations, Pagat's objective, as ``bench/peer.py`` sets it up),
each deal played from both seats.  Every play where the mover had more than one tile that
fitted is written to ``--out`` (JSON lines: who, the hand, the tiles that fitted, the tile
laid).  ``--counting GAME`` writes instead the plays of the counting player in its own games
of ``GAME`` (bench/games.py's names; every seat the counting player), as ``who``
"counting".  ``--fit`` then finds, for each player and for all together, the
:class:`engine.search.inference.ChoiceModel` of highest likelihood on a grid (per pip −0.5 to 4
by 0.05, per double −2 to 6 by 0.25), against every fitting tile alike: the log-likelihood
a play, and the share of plays that laid the heaviest tile.  A measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game.tiles import TILES
from engine.search.inference import ChoiceModel


def record(deals: int, seed: str, out: str) -> None:
    import numpy as np
    import peer  # bench/peer.py, beside this script
    from open_spiel.python.algorithms import ismcts, mcts

    from engine.game.state import State
    from engine.game.tiles import iter_mask
    from engine.game.view import view
    from engine.players.bots import StrongBot

    game = peer.spiel_game("pagat")
    ours = StrongBot(0.5)
    with open(out, "a", encoding="utf-8") as f:
        for d in range(deals):
            deal = State.deal(peer.RULES, random.Random(f"{seed}:{d}"))
            opener = deal.to_move
            for our_seat in (0, 1):
                rng = random.Random(f"{seed}:{d}:{our_seat}")
                np_rng = np.random.RandomState(rng.randrange(2 ** 31))
                other = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np_rng), 10, 1000,
                                         random_state=np_rng)
                state = deal.copy()
                hands = [list(iter_mask(state.hand_masks[(opener + p) % 2])) for p in (0, 1)]
                spiel = peer.spiel_state(game, hands, [])
                while not state.over:
                    seat = state.to_move
                    player = (seat - opener) % 2
                    legal = peer.our_texts(state, player)
                    if not legal:  # a pass in our book; OpenSpiel has already moved on
                        state.push(state.legal_moves()[0])
                        continue
                    v = view(state, seat)
                    if seat == our_seat:
                        move = ours.decide(v, rng).move
                        assert move.tile is not None
                        text = peer.action_text(player, move.tile, peer.edge_of(state, move))
                    else:
                        other.set_resampler(peer.resampler(game, v, player, rng))
                        text = spiel.action_to_string(player, other.step(spiel))
                        move = legal[text]
                    fitting = sorted({m.tile.index for m in state.legal_moves()
                                      if m.tile is not None})
                    if len(fitting) > 1 and move.tile is not None:
                        f.write(json.dumps({
                            "who": "strong" if seat == our_seat else "ismcts",
                            "hand": state.hand_masks[seat], "options": fitting,
                            "chosen": move.tile.index}) + "\n")
                        f.flush()
                    state.push(move)
                    spiel.apply_action(peer._action_id(text))


def record_counting(game: str, deals: int, seed: str, out: str) -> None:
    from games import rules_of  # bench/games.py, beside this script

    from engine.game.state import State
    from engine.game.view import view
    from engine.players.bots import make_bot

    rules = rules_of(game)
    bot = make_bot("counting")
    with open(out, "a", encoding="utf-8") as f:
        for d in range(deals):
            rng = random.Random(f"{seed}:{d}")
            state = State.deal(rules, rng)
            while not state.over:
                seat = state.to_move
                move = bot.decide(view(state, seat), rng).move
                fitting = sorted({m.tile.index for m in state.legal_moves()
                                  if m.kind == "play" and m.tile is not None})
                if len(fitting) > 1 and move.kind == "play" and move.tile is not None:
                    f.write(json.dumps({"who": "counting", "hand": state.hand_masks[seat],
                                        "options": fitting, "chosen": move.tile.index}) + "\n")
                state.push(move)


def log_likelihood(rows: list[dict[str, Any]], model: ChoiceModel) -> float:
    odds = model.odds()
    total = 0.0
    for r in rows:
        total += math.log(odds[r["chosen"]] / sum(odds[i] for i in r["options"]))
    return total


def fit(path: str) -> None:
    rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
    grid = [ChoiceModel(a / 20, b / 4) for a in range(-10, 81) for b in range(-8, 25)]
    for who in ("ismcts", "strong", "counting", None):
        chosen = [r for r in rows if who is None or r["who"] == who]
        if not chosen:
            continue
        best = max(grid, key=lambda m: log_likelihood(chosen, m))
        n = len(chosen)
        heaviest = sum(1 for r in chosen if max(
            r["options"], key=lambda i: (TILES[i].value, TILES[i].is_double)) == r["chosen"])
        print(json.dumps({
            "who": who or "both", "plays": n,
            "per_pip": best.per_pip, "per_double": best.per_double,
            "log_likelihood_a_play": round(log_likelihood(chosen, best) / n, 3),
            "alike": round(log_likelihood(chosen, ChoiceModel(0.0, 0.0)) / n, 3),
            "heaviest_laid": round(heaviest / n, 2)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--out", default="choices.jsonl")
    parser.add_argument("--fit", metavar="FILE")
    parser.add_argument("--counting", metavar="GAME",
                        help="record the counting player's own games of GAME instead")
    args = parser.parse_args()
    if args.fit:
        fit(args.fit)
    elif args.counting:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        record_counting(args.counting, args.deals, args.seed, args.out)
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        record(args.deals, args.seed, args.out)


if __name__ == "__main__":
    main()
