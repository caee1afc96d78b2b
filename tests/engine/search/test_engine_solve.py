"""The solver (CONTRACT.md "Solver"): values agree with a plain brute-force search on
many small positions of every family, the E scenarios, each move's own value, the
budget, the bounded table, and the JSON's keys."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.game.moves import Move
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.state import State
from engine.game.tiles import TILES, Tile, mask_of
from engine.search.solve import Search, Solution, _best_place, _forced, _reach, solve, utilities
from engine.teaching.scenario import load

ROOT = Path(__file__).resolve().parents[3]

FAMILIES: dict[str, Ruleset] = {
    "duel": duel(),
    "duel-draw": duel(True),
    "block-2": block(2),
    "block-3": block(3),
    "block-4": block(4),
    "gaple-4": gaple(4),
    "gaple-5": gaple(5),
    "gaple-4-pass": gaple(4, dead_tiles=False),
    "gaple-4-blank25": gaple(4, blank_double_25=True),
}


# -- a plain reference search ---------------------------------------------------

def brute(state: State) -> tuple[int, ...]:
    """Plain minimax / max^n with no table and no pruning: each player's utility
    (utilities' terms); ties go to the first move in legal order."""
    if state.status != "playing":
        return utilities(state)
    mover = state.to_move
    two = state.players == 2 and state.rules.family == "block"
    best: tuple[int, ...] = ()
    best_score = 0
    for move in state.legal_moves():
        state.push_unchecked(move)
        v = brute(state)
        state.pop()
        score = v[mover] - v[1 - mover] if two else v[mover]
        if not best or score > best_score:
            best, best_score = v, score
    return best


def contract_value(state: State, v: tuple[int, ...], seat: int) -> int | tuple[int, ...]:
    """A utility vector in the contract's terms, seen from ``seat``."""
    family = state.rules.family
    if state.players == 2:
        return v[seat] if family == "duel" else v[seat] - v[1 - seat]
    return tuple(-x for x in v) if family == "gaple" else v


def small_position(rules: Ruleset, rng: random.Random, size: int) -> State:
    """A random position with ``size`` tiles (or fewer) per hand and a few in the stock."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    hands = [[tiles.pop() for _ in range(rng.randint(1, size))] for _ in range(rules.players)]
    end_tile = tiles.pop()
    ends = (end_tile.low, end_tile.high) if rng.random() < 0.8 else None
    stock: list[object] | int
    stock = [tiles.pop() for _ in range(rng.randint(0, 3))] if rules.draw_mode else 14
    dead = None
    if rules.dead_tiles and rng.random() < 0.3:
        dead = [[tiles.pop()] if rng.random() < 0.3 else [] for _ in range(rules.players)]
    return State.setup(rules, hands, ends=ends, stock=stock, dead=dead,  # type: ignore[arg-type]
                       to_move=rng.randrange(rules.players),
                       passes=rng.randrange(rules.players))


def positions_to_move(rules: Ruleset, rng: random.Random, size: int,
                      tries: int) -> Iterator[State]:
    """Of ``tries`` :func:`small_position` draws, those where someone is to move."""
    for _ in range(tries):
        state = small_position(rules, rng, size)
        if state.mover is not None:
            yield state


def check_consistent(state: State, sol: Solution) -> None:
    """Each move's own value agrees with ``value`` and ``best``; moves are sorted."""
    legal = state.legal_moves()
    assert sorted(mv.move.text() for mv in sol.moves) == sorted(m.text() for m in legal)
    scores = [mv.score for mv in sol.moves]
    assert scores == sorted(scores, reverse=True)
    top = scores[0]
    assert {mv.move for mv in sol.moves if mv.score == top} == set(sol.best)
    assert sol.value in [mv.value for mv in sol.moves if mv.score == top]
    assert sol.line[0] in sol.best


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_values_agree_with_brute_force(name: str) -> None:
    rules = FAMILIES[name]
    rng = random.Random(f"solve-{name}")
    size = 4 if rules.players == 2 else (3 if rules.players <= 4 else 2)
    for state in positions_to_move(rules, rng, size, 60):
        before = repr(state), list(state.moves)
        sol = solve(state)
        assert (repr(state), list(state.moves)) == before  # left as it was
        assert sol.exact
        seat = state.to_move
        assert sol.value == contract_value(state, brute(state), seat)
        for mv in sol.moves:
            state.push_unchecked(mv.move)
            assert mv.value == contract_value(state, brute(state), seat), (state, mv)
            state.pop()
        check_consistent(state, sol)
        # the line is legal and ends the round
        walker = state.copy()
        for move in sol.line:
            assert move in walker.legal_moves()
            walker.push_unchecked(move)
        assert walker.over


@pytest.mark.parametrize("name", ["duel", "duel-draw", "block-2"])
def test_the_line_reaches_the_value(name: str) -> None:
    rng = random.Random(f"line-{name}")
    for state in positions_to_move(FAMILIES[name], rng, 4, 30):
        sol = solve(state)
        walker = state.copy()
        for move in sol.line:
            walker.push_unchecked(move)
        assert contract_value(state, utilities(walker), state.to_move) == sol.value


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_without_the_line_the_same_values_and_only_the_first_move(name: str) -> None:
    rng = random.Random(f"noline-{name}")
    for state in positions_to_move(FAMILIES[name], rng, 3, 15):
        full, short = solve(state), solve(state, line=False)
        assert (short.value, short.best, short.moves, short.exact) == \
            (full.value, full.best, full.moves, full.exact)
        assert short.line == full.line[:1]


def test_fresh_deals_every_family_answer_in_budget() -> None:
    rng = random.Random(7)
    for rules in (duel(), duel(True), block(2), block(3), block(4)):
        state = State.deal(rules, rng)
        sol = solve(state, seconds=2.0)
        check_consistent(state, sol)
        json.dumps(sol.to_json())


# -- the E scenarios ---------------------------------------------------------------

def test_e1_from_the_start_white_loses_whatever_it_does() -> None:
    state = load(ROOT / "scenarios/e1-one-tile-loss.toml").initial()
    sol = solve(state)
    # White holds [4|4] (8) and [2|3]; Black [0|1] [1|1] [2|2]: White cannot win.
    assert sol.exact and sol.to_move == 0
    assert sol.value == -1
    assert [m.text() for m in sol.best] == ["play 2-3 right"]


def test_e2_from_the_start() -> None:
    scenario = load(ROOT / "scenarios/e2-equal-totals-draw.toml")
    state = scenario.initial()
    sol = solve(state)
    # Black's [4|4] is its only play; then both pass and 9 = 9 is a draw.
    assert sol.exact and sol.to_move == 1 and sol.value == 0
    assert [m.text() for m in sol.best] == ["play 4-4 left"]
    assert sol.value == contract_value(state, brute(state), state.to_move)
    check_consistent(state, sol)


def test_e3_black_wins_by_playing_the_blank_double() -> None:
    scenario = load(ROOT / "scenarios/e3-empty-hand-wins.toml")
    states = list(scenario.states())
    black = states[1]  # after White's pass, Black to move
    sol = solve(black)
    assert sol.exact and sol.to_move == 1 and sol.value == 1
    assert [m.text() for m in sol.best] == ["play 0-0 right"]
    by_move = {mv.move.text(): mv.value for mv in sol.moves}
    assert by_move == {"play 0-0 right": 1, "play 0-2 right": -1}
    assert sol.line[0].to_dict() == {"play": "0-0", "end": "right"}
    assert sol.to_json()["moves"][0] == {"move": {"play": "0-0", "end": "right"}, "value": 1}


def test_an_ended_round_has_no_moves() -> None:
    state = load(ROOT / "scenarios/e3-empty-hand-wins.toml").replay()
    sol = solve(state)
    assert sol.to_json() == {"to_move": None, "value": 1, "best": [], "line": [], "nodes": 0,
                             "seconds": sol.to_json()["seconds"], "exact": True, "moves": []}


# -- budget and memory ---------------------------------------------------------------

def test_a_tiny_budget_on_a_gaple_deal_gives_an_estimate_quickly() -> None:
    state = State.deal(gaple(4), random.Random(3))
    start = time.perf_counter()
    sol = solve(state, seconds=0.05)
    elapsed = time.perf_counter() - start
    assert not sol.exact
    assert elapsed < 2.0  # generous: the budget plus the line's small allowance
    assert sol.best and sol.best[0] in state.legal_moves()
    check_consistent(state, sol)
    assert sol.to_json()["exact"] is False


def test_a_node_limit_stops_the_search() -> None:
    state = State.deal(gaple(5), random.Random(4))
    sol = solve(state, max_nodes=5000)
    assert not sol.exact
    assert sol.nodes < 5000 + 2048  # checked every 1024 nodes, plus the line's walk
    assert sol.best[0] in state.legal_moves()


@pytest.mark.parametrize("rules", [duel(True), gaple(4), block(4)],
                         ids=["duel-draw", "gaple", "block-4"])
def test_the_table_never_grows_past_its_cap(rules: Ruleset) -> None:
    state = State.deal(rules, random.Random(5))
    search = Search(state, max_nodes=6000, table_size=256)
    sol = search.run()
    assert search.nodes > 8 * 256  # the search visited far more positions than slots
    assert len(search.table) + len(search.mtable) + search.kept() <= 256
    assert sol.best


def positions_into_a_deal(rules: Ruleset, rng: random.Random, deals: int, low: int,
                          high: int) -> Iterator[State]:
    """Of ``deals`` full deals, each played at random for ``low`` to ``high`` − 1 moves,
    those still being played."""
    for _ in range(deals):
        state = State.deal(rules, rng)
        for _ in range(rng.randrange(low, high)):
            if state.over:
                break
            moves = state.legal_moves()
            state.push(moves[rng.randrange(len(moves))])
        if not state.over:
            yield state


def check_best_line(state: State, sol: Solution) -> None:
    """``sol``'s line is legal to its end and each of its moves is a best one there."""
    walk = state.copy()
    for move in sol.line:
        if walk.mover is not None and len(walk.legal_moves()) > 1:
            assert move in solve(walk, line=False).best
        walk.push(move)
    assert walk.over


def same_as_over_the_state(state: State, switch: str) -> tuple[Solution, Solution, bool]:
    """The search on the position's numbers and, with ``switch`` off, the search over a
    State, move by move: they must agree at each depth limit and exactly; and whether the
    search on numbers kept a position in its table (one with a choice: a forced move is made
    without the table).  In draw mode with a stock the moves' order goes by what cut the
    search off so far, which the tables' layouts may change (the State search's slots can
    overwrite an entry): there the exact values and the best moves agree, and the line is
    a best one."""
    drawing = state.rules.draw_mode and state.stock_count > 0
    fast, slow = Search(state), Search(state)
    setattr(slow, switch, False)
    for depth in () if drawing else (4, 8):
        assert fast._child_values(depth) == slow._child_values(depth)
    fast, slow = Search(state), Search(state)
    setattr(slow, switch, False)
    a, b = fast.run(), slow.run()
    assert a.exact and b.exact
    assert (a.value, a.moves, a.best) == (b.value, b.moves, b.best)
    if drawing:
        check_best_line(state, a)
    else:
        assert a.line == b.line
    assert not slow.kept()  # each searched its own way
    return a, b, bool(fast.kept())


def lost_tiles_position(rules: Ruleset, rng: random.Random) -> State:
    """A small Gaple position where the cuts of settled places come up: few tiles fit the
    ends (most tiles of those values are out of play), dead piles, one to three tiles a
    hand (two with five players)."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    a, b = rng.randrange(7), rng.randrange(7)
    rare = [t for t in tiles if (t.has(a) or t.has(b)) and rng.random() < 0.8]
    pool = [t for t in tiles if t not in rare]
    most = 3 if rules.players == 4 else 2
    hands = [[pool.pop() for _ in range(rng.randint(1, most))] for _ in range(rules.players)]
    dead = None
    if rules.dead_tiles:
        dead = [[pool.pop() for _ in range(min(len(pool), rng.choice((0, 0, 1, 2))))]
                for _ in range(rules.players)]
    return State.setup(rules, hands, ends=(a, b), stock=0, dead=dead,
                       to_move=rng.randrange(rules.players),
                       passes=rng.randrange(rules.players))


@pytest.mark.parametrize("rules", [gaple(4), gaple(5), gaple(4, dead_tiles=False),
                                   gaple(4, blank_double_25=True)], ids=lambda r: r.name)
def test_gaple_cuts_where_places_are_settled_agree_with_brute_force(rules: Ruleset) -> None:
    """Positions built so that seats are stuck, tiles can never be played and dead piles
    settle places: every move's value as the plain search with no cut gives it."""
    rng = random.Random(f"settled-{rules.name}")
    cut = whole = checked = 0
    for _ in range(80):
        state = lost_tiles_position(rules, rng)
        if state.mover is None:
            continue
        sol = solve(state)
        seat = state.to_move
        assert sol.exact and sol.value == contract_value(state, brute(state), seat)
        for mv in sol.moves:
            state.push_unchecked(mv.move)
            assert mv.value == contract_value(state, brute(state), seat), (state, mv)
            state.pop()
        plain = Search(state)
        plain.settled = False
        cut, whole, checked = cut + sol.nodes, whole + plain.run().nodes, checked + 1
    assert checked >= 40
    assert cut < whole  # the cuts came up


@pytest.mark.parametrize("rules", [duel(), duel(True), block(2)], ids=lambda r: r.name)
def test_two_players_on_numbers_alone_give_what_the_state_search_gives(rules: Ruleset) -> None:
    """The duel in both modes and two-player Block are searched on the position's numbers
    once the first tile is down (in draw mode the stock's tiles drawn in turn), on
    positions a few moves into a full deal: the same values, best moves and line."""
    rng = random.Random(f"duo-{rules.name}-{rules.draw_mode}")
    found = [same_as_over_the_state(state, "duo") for state in
             positions_into_a_deal(rules, rng, 16, 1, 12)]
    assert len(found) >= 12 and sum(kept for *_, kept in found) >= len(found) // 2


def test_draw_mode_on_numbers_draws_the_stock_in_turn() -> None:
    # North holds nothing for the ends 5 and 6: it draws [1|2] (no fit), then [0|5], and
    # must play it on the 5; South goes out with [0|4] on the 0 it opened.
    rules = duel(True)
    state = State.setup(rules, [["3-3"], ["0-4"]], ends=(5, 6), stock=["1-2", "0-5", "6-6"])
    fast, slow = Search(state), Search(state)
    slow.duo = False
    a, b = fast.run(), slow.run()
    assert a.exact and (a.value, a.moves, a.line) == (b.value, b.moves, b.line)
    assert [m.text() for m in a.line] == [m.text() for m in b.line]
    assert [m.kind for m in a.line] == ["draw", "draw", "play", "play"] and a.value == -1


@pytest.mark.parametrize("rules", [gaple(4), gaple(5), gaple(4, 7), gaple(4, dead_tiles=False),
                                   gaple(5, blank_double_25=True)], ids=lambda r: r.name)
def test_gaple_cuts_where_places_are_settled_change_no_value(rules: Ruleset) -> None:
    """On positions some moves into a full deal, the search with the cuts and without them
    give the same values, moves and line, the cuts in fewer nodes."""
    rng = random.Random(f"settled-deal-{rules.name}")
    nodes = []
    for state in positions_into_a_deal(rules, rng, 8, 2 * rules.players, 3 * rules.players):
        plain = Search(state)
        plain.settled = False
        a, b = Search(state).run(), plain.run()
        assert a.exact and b.exact
        assert (a.value, a.moves, a.best, a.line) == (b.value, b.moves, b.best, b.line)
        nodes.append((a.nodes, b.nodes))
    assert len(nodes) >= 5
    assert sum(a for a, _ in nodes) < sum(b for _, b in nodes)


def test_the_tiles_an_end_may_ever_fit_close_over_the_tiles_held() -> None:
    def held(*names: str) -> int:
        return mask_of(Tile.parse(n) for n in names)

    # Ends 6 and 6, no tile held shows a 6: only a 6 could ever be played, and none is.
    assert _reach(held("1-2", "2-3"), 6, 6) & held("1-2", "2-3") == 0
    # Ends 0 and 0: [0|5] may be laid, then [3|5], then a 3; [2|4] never.
    reach = _reach(held("0-5", "3-5", "2-4"), 0, 0)
    assert reach & held("0-5", "3-5", "3-6") == held("0-5", "3-5", "3-6")
    assert not reach & held("2-4", "1-1")


def test_the_best_place_left_counts_the_seats_already_below_what_a_seat_keeps() -> None:
    totals = [12, 5, 20, 3]
    hands = [0, 0, 0, 0]
    dead = [mask_of([Tile.parse("6-6")]), 0, 0, 0]
    # Seat 0 keeps 12 pips whatever it does: seats 1 and 3 (5 and 3) are already below.
    assert _best_place(hands, dead, totals, 0, dead[0], False) == 3
    assert _best_place(hands, dead, totals, 0, 0, False) == 1  # nothing kept: it may go out
    # Under the blank-double variant a lone [0|0] may come to count 25: seat 3 may end on 28.
    hands[3] = mask_of([Tile.parse("0-0"), Tile.parse("1-2")])
    assert _best_place(hands, dead, totals, 0, dead[0], True) == 2
    assert _best_place(hands, dead, totals, 0, dead[0], False) == 3


@pytest.mark.parametrize("players", [3, 4])
def test_block_on_numbers_alone_gives_what_the_state_search_gives(players: int) -> None:
    """Block with three or four players is searched on the position's numbers (with
    shallow pruning), on positions a few moves into a full deal (too big to brute-force)."""
    rng = random.Random(f"plain-{players}")
    states = list(positions_into_a_deal(block(players), rng, 12, 1, 3 * players))
    found = [same_as_over_the_state(state, "plain") for state in states]
    assert len(found) >= 8 and sum(kept for *_, kept in found) >= len(found) // 2
    cut = []
    for state in states:
        pruned, whole = Search(state), Search(state)
        whole.shallow = False
        a, b = pruned.run(), whole.run()
        assert (a.value, a.moves, a.line) == (b.value, b.moves, b.line)
        cut.append((a.nodes, b.nodes))
    assert sum(a for a, _ in cut) < sum(b for _, b in cut)  # the pruning cuts


@pytest.mark.parametrize("rules", [gaple(4), gaple(5), gaple(4, 7), gaple(4, dead_tiles=False),
                                   gaple(5, blank_double_25=True)], ids=lambda r: r.name)
def test_gaple_on_numbers_alone_gives_what_the_state_search_gives(rules: Ruleset) -> None:
    """Gaple is searched on the position's numbers (hands, dead piles, ends), on positions
    some moves into a full deal: dead tiles, outright wins and blocked ends included."""
    rng = random.Random(f"gaple-{rules.name}")
    found = [same_as_over_the_state(state, "gaple") for state in
             positions_into_a_deal(rules, rng, 10, 2 * rules.players, 3 * rules.players)]
    assert len(found) >= 6 and sum(kept for *_, kept in found) >= len(found) // 2


def test_an_exact_only_search_that_runs_out_of_time_gives_no_estimate() -> None:
    # A fresh five-player Gaple deal takes seconds: with 10 ms and only an exact answer
    # wanted, the search gives each move's value straight after it, and says it is not exact.
    state = State.deal(gaple(5), random.Random(3))
    quick = solve(state, seconds=0.01, line=False, exact_only=True)
    assert not quick.exact
    static = Search(state)._static()  # minus each seat's place, as if blocked after the move
    assert sorted(mv.value for mv in quick.moves) == sorted(tuple(-x for x in v) for v in static)
    assert solve(state, seconds=0.01, line=False).exact is False  # an estimate, deeper


@pytest.mark.parametrize("rules", [block(2), duel(True), block(4), gaple(4),
                                   gaple(5, blank_double_25=True)], ids=lambda r: r.name)
def test_a_small_table_still_gives_exact_values(rules: Ruleset) -> None:
    # Every search on numbers keeps its table emptied when full:
    # with room for four positions it is emptied again and again, and nothing changes.
    rng = random.Random(11)
    for state in positions_to_move(rules, rng, 4, 20 if rules.players == 2 else 14):
        big, small = solve(state), Search(state, table_size=4).run()
        assert small.exact and (small.value, small.moves) == (big.value, big.moves)


def test_draw_mode_with_a_counted_stock_is_refused() -> None:
    state = State.setup(duel(True), [["0-1"], ["2-3"]], ends=(4, 5), stock=3)
    with pytest.raises(ValueError, match="stock"):
        solve(state)


def test_moves_values_are_the_contract_terms_for_gaple() -> None:
    rng = random.Random(12)
    state = small_position(gaple(4), rng, 2)
    while state.mover is None:
        state = small_position(gaple(4), rng, 2)
    sol = solve(state)
    assert isinstance(sol.value, tuple) and sorted(sol.value) == [1, 2, 3, 4]
    for mv in sol.moves:
        assert isinstance(mv.value, tuple) and mv.score == -mv.value[state.to_move]
    assert isinstance(sol.to_json()["value"], list)
    assert isinstance(sol.moves[0].move, Move)


def test_a_forced_move_is_one_play_or_one_move_when_stuck() -> None:
    one, two = 1 << 3, 1 << 9
    assert _forced(one, 0, 0) and _forced(0, two, 0)  # one play, on either end
    assert not _forced(one, two, 0) and not _forced(one | two, 0, 0)  # two plays
    assert not _forced(one, one, 0)  # a tile that fits both ends: two moves
    assert _forced(0, 0, 0) and _forced(0, 0, one)  # a pass; the one tile to lose
    assert not _forced(0, 0, one | two)  # which tile to lose: a choice


def test_a_position_with_no_choice_keeps_nothing_in_the_table() -> None:
    # Three players, every move forced to the end: the search on numbers gives the value
    # the search over the State gives and keeps no position in its table.
    rules = block(3)
    state = State.setup(rules, [["0-0", "0-2", "2-5"], ["0-4", "3-4", "4-6"], ["0-1", "1-4"]],
                        ends=(5, 3), stock=13)
    fast, slow = Search(state), Search(state)
    slow.plain = False
    a, b = fast.run(), slow.run()
    assert (a.value, a.moves, a.line) == (b.value, b.moves, b.line) and a.exact
    assert not fast.kept() and slow.mtable


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_some_first_moves_alone_get_the_values_the_whole_search_gives_them(name: str) -> None:
    rng = random.Random(f"only-{name}")
    for state in positions_to_move(FAMILIES[name], rng, 3, 10):
        legal = state.legal_moves()
        kept = frozenset(legal[::2])
        full, some = solve(state, line=False), solve(state, line=False, only=kept)
        values = {mv.move: mv.value for mv in full.moves}
        assert {mv.move: mv.value for mv in some.moves} == {m: values[m] for m in kept}
        assert set(some.best) <= kept and some.exact == full.exact
    with pytest.raises(ValueError, match="none of the moves"):
        solve(state, only=frozenset({Move.parse("pass")} - set(state.legal_moves())))
