"""The project's bots against a recognised peer AI: OpenSpiel's Information-Set MCTS.

    .venv-bench/bin/python bench/peer.py [--deals 200] [--seed 7] [--bot strong] [--budget 0.5]
                                         [--sims 1000] [--uct 10] [--objective pagat]
                                         [--jobs 2] [--out FILE]
    .venv-bench/bin/python bench/peer.py --table FILE
    make bench-peer   (installs OpenSpiel into .venv-bench, then runs the default)

Two-player Block over duplicate deals: deal ``d`` is ``State.deal(block(2),
random.Random("SEED:d"))`` and is played twice, our bot in each seat in turn.  Our engine
referees and scores every game (Pagat's scoring, ``engine.search.scoring.seat_score``: the bot's
points minus the other's); OpenSpiel's ``python_block_dominoes`` is kept in step move by
move (its player 0 is the seat that opens), and at every decision the two rule books'
legal moves are compared: any difference is counted as a **disagreement** and reported.

The peer is ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) with ``--sims``
simulations a move, random rollouts and the exploration constant ``--uct``; its objective
(the returns it optimises) is Pagat's two-player scoring (``--objective pagat``, the
game's returns as our engine settles them) or OpenSpiel's own (``openspiel``: the winner
takes the loser's pips, blocked or not).  OpenSpiel's Python Block has no resampling of
the hidden tiles, so this benchmark supplies it (:func:`resampler`): from the mover's own
view in our engine (its hand and the public history, the values each seat showed it
lacks by passing included), a deal the view allows, drawn uniformly
(``engine.search.deals.DealSpace``); the peer's search asserts, every simulation, that the
resampled state has the same information state as the real one.  The true hidden hand is
never read: the resampler sees the seat's view alone.

Per run: our bot's points a round (the mean over deals of its mean over the two seats)
with the 95% interval, the median time a move of each side, and the disagreements.
Each deal's result is appended to ``--out`` (JSON lines) as it comes; ``--table`` prints
the summary of a saved run.  A measurement, not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game.moves import Move
from engine.game.rules import block
from engine.game.state import State
from engine.game.tiles import Tile, iter_mask
from engine.game.view import SeatView, view
from engine.players.arena import interval
from engine.search.deals import DealSpace, unseen_mask
from engine.search.scoring import seat_score

RULES = block(2)


# -- the two rule books side by side ------------------------------------------------------

def spiel_tile(tile: Tile) -> tuple[float, float]:
    """A tile as OpenSpiel's Block names it: its halves as floats, low first."""
    return (float(tile.low), float(tile.high))


def action_text(player: int, tile: Tile, edge: int | None) -> str:
    """OpenSpiel's name of an action (``_ACTIONS_STR``): the player, the tile and the end's
    value it is played on (None for the first tile)."""
    return f"p{player} tile:{spiel_tile(tile)} pip:{None if edge is None else float(edge)}"


def edge_of(state: State, move: Move) -> int | None:
    """The value of the open end ``move`` is played on (None for the first tile)."""
    if state.line.empty:
        return None
    return state.line.left if move.end == "left" else state.line.right


def our_texts(state: State, player: int) -> dict[str, Move]:
    """Our legal plays by OpenSpiel's action names (both of a mirror pair have one name:
    the first, the play on the left, is kept); a pass has none (OpenSpiel skips a stuck
    player)."""
    found: dict[str, Move] = {}
    for move in state.legal_moves():
        if move.kind == "play":
            assert move.tile is not None
            found.setdefault(action_text(player, move.tile, edge_of(state, move)), move)
    return found


def resample(seat_view: SeatView, rng: random.Random, space: DealSpace | None = None
             ) -> tuple[list[Tile], list[Tile]]:
    """The other seat's hand and the unused tiles, drawn uniformly from the deals
    ``seat_view`` allows (what the seat sees: its own hand and the public history, with
    what every pass showed; ``space``: that view's deals, if already built).  The true
    hidden hand is not an input."""
    deal = (space or DealSpace(seat_view)).draw(rng)
    other = deal.hands[1 - seat_view.seat]
    rest = unseen_mask(seat_view) & ~other
    return list(iter_mask(other)), list(iter_mask(rest))


# -- the peer, in OpenSpiel (imported only here: the rest of this file runs without it) --

def spiel_game(objective: str) -> Any:
    """OpenSpiel's ``python_block_dominoes``, its returns Pagat's (``pagat``) or its own."""
    import pyspiel
    from open_spiel.python.games import block_dominoes as bd

    if objective == "openspiel":
        return pyspiel.load_game("python_block_dominoes")

    class PagatState(bd.BlockDominoesState):  # type: ignore[misc, name-defined]
        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0, 0.0]
            pips = [sum(a + b for a, b in hand) for hand in self.hands]
            if not (self.hands[0] and self.hands[1]):  # out: the winner takes the other's
                return [pips[1], -pips[1]] if not self.hands[0] else [-pips[0], pips[0]]
            if pips[0] == pips[1]:
                return [0.0, 0.0]
            low = 0 if pips[0] < pips[1] else 1  # blocked: the other's less one's own
            points = pips[1 - low] - pips[low]
            return [points, -points] if low == 0 else [-points, points]

    class PagatGame(bd.BlockDominoesGame):  # type: ignore[misc, name-defined]
        def new_initial_state(self) -> Any:
            return PagatState(self)

    return PagatGame()


def spiel_state(game: Any, hands: list[list[Tile]], actions: list[str]) -> Any:
    """OpenSpiel's state with these starting hands (player 0's first) and these actions
    played (by name)."""
    from open_spiel.python.games import block_dominoes as bd

    state = game.new_initial_state()
    for hand in hands:
        for tile in hand:
            state.apply_action(bd._DECK.index(spiel_tile(tile)))
    for text in actions:
        state.apply_action(bd._ACTIONS_STR.index(text))
    return state


def resampler(game: Any, seat_view: SeatView, player: int, rng: random.Random
              ) -> Callable[[Any, int], Any]:
    """ISMCTS's resampler for ``player`` (OpenSpiel's numbering) at the position of
    ``seat_view``: the real state's public part and the player's own hand, with the other
    hand and the unused tiles drawn by :func:`resample` (the information state is
    unchanged: own hand, history).  Built afresh rather than cloned: OpenSpiel's clone is a
    deep copy of the history, which would cost the peer more time than its search."""
    space = DealSpace(seat_view)

    def draw(state: Any, asked: int) -> Any:
        assert asked == player
        hand, rest = resample(seat_view, rng, space)
        sampled = game.new_initial_state()
        sampled.actions_history = list(state.actions_history)  # actions are never changed
        sampled.open_edges = list(state.open_edges)
        sampled.hands = [[], []]
        sampled.hands[player] = list(state.hands[player])
        sampled.hands[1 - player] = sorted(spiel_tile(t) for t in hand)
        sampled.deck = [spiel_tile(t) for t in rest]
        sampled._game_over = state._game_over
        sampled._next_player = state._next_player
        return sampled
    return draw


# -- one deal, both ways round ------------------------------------------------------------

def play_deal(d: int, args: dict[str, Any]) -> dict[str, Any]:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from engine.players.bots import make_bot

    game = spiel_game(args["objective"])
    ours = make_bot(args["bot"], budget=args["budget"])
    deal = State.deal(RULES, random.Random(f"{args['seed']}:{d}"))
    opener = deal.to_move
    results, our_times, peer_times, disagreements, decisions = [], [], [], 0, 0
    for our_seat in (0, 1):
        rng = random.Random(f"{args['seed']}:{d}:{our_seat}")
        np_rng = np.random.RandomState(rng.randrange(2 ** 31))
        peer = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np_rng), args["uct"],
                                args["sims"], random_state=np_rng,
                                child_selection_policy=ismcts.ChildSelectionPolicy.PUCT
                                if args["puct"] else ismcts.ChildSelectionPolicy.UCT)
        state = deal.copy()
        hands = [list(iter_mask(state.hand_masks[(opener + p) % 2])) for p in (0, 1)]
        spiel = spiel_state(game, hands, [])
        while not state.over:
            seat = state.to_move
            player = (seat - opener) % 2
            legal = our_texts(state, player)
            if not legal:  # a pass in our book; OpenSpiel has already moved on
                state.push(state.legal_moves()[0])
                continue
            decisions += 1
            if spiel.current_player() != player or \
                    {spiel.action_to_string(player, a) for a in spiel.legal_actions()} \
                    != set(legal):
                disagreements += 1
            v = view(state, seat)
            start = time.perf_counter()
            if seat == our_seat:
                move = ours.decide(v, rng).move
                our_times.append(time.perf_counter() - start)
                text = action_text(player, move.tile, edge_of(state, move)) \
                    if move.tile is not None else ""
            else:
                peer.set_resampler(resampler(game, v, player, rng))
                action = peer.step(spiel)
                peer_times.append(time.perf_counter() - start)
                text = spiel.action_to_string(player, action)
                move = legal[text]
            state.push(move)
            spiel.apply_action(_action_id(text))
        if not spiel.is_terminal():
            disagreements += 1
        results.append(seat_score(state, our_seat))
    return {"deal": d, "score": statistics.fmean(results), "our_times": our_times,
            "peer_times": peer_times, "disagreements": disagreements, "decisions": decisions}


def _action_id(text: str) -> int:
    from open_spiel.python.games import block_dominoes as bd

    return bd._ACTIONS_STR.index(text)


# -- the run and its table -----------------------------------------------------------------

def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    mean, low, high = interval([r["score"] for r in rows])
    ours = [t for r in rows for t in r["our_times"]]
    peers = [t for r in rows for t in r["peer_times"]]
    return {"deals": len(rows), "points": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
            "our_median_s": round(statistics.median(ours), 3) if ours else None,
            "peer_median_s": round(statistics.median(peers), 3) if peers else None,
            "disagreements": sum(r["disagreements"] for r in rows),
            "decisions": sum(r["decisions"] for r in rows)}


def chunks(deals: int, jobs: int) -> Iterator[range]:
    size = max(1, deals // (jobs * 4))
    for start in range(0, deals, size):
        yield range(start, min(deals, start + size))


def play_range(deals: range, args: dict[str, Any]) -> list[dict[str, Any]]:
    return [play_deal(d, args) for d in deals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--sims", type=int, default=1000)
    parser.add_argument("--uct", type=float, default=10.0)
    parser.add_argument("--puct", action="store_true", help="PUCT instead of UCT")
    parser.add_argument("--objective", choices=("pagat", "openspiel"), default="pagat")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, help="summarise a saved run")
    args = parser.parse_args()
    if args.table:
        rows = [json.loads(line) for line in args.table.read_text().splitlines()
                if line.strip()]
        print(json.dumps(summary(rows)))
        return
    settings = {k: getattr(args, k) for k in
                ("seed", "bot", "budget", "sims", "uct", "puct", "objective")}
    rows: list[dict[str, Any]] = []
    out = args.out.open("a") if args.out else None
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play_range, part, settings)
                   for part in chunks(args.deals, args.jobs)]
        for future in as_completed(futures):
            for row in future.result():
                rows.append(row)
                if out:
                    out.write(json.dumps({**row, "settings": settings}) + "\n")
                    out.flush()
    print(json.dumps({**settings, **summary(rows)}))


if __name__ == "__main__":
    main()
