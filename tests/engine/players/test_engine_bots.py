"""Computer players (engine/players/bots.py) and the hidden-hand sampler (engine/search/sampler.py):
bots read only their seat's view, play every family to a settled end, and the
sampled deals always agree with what the view shows."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from engine_helpers import RULESETS, t, with_hidden_tiles_shuffled
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.players.reasons
from engine.game.line import Line
from engine.game.moves import PASS, Move, distinct
from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.settlement import settle
from engine.game.state import State
from engine.game.tiles import TILES, mask_of
from engine.game.view import SeatView, view
from engine.players import bots
from engine.players.bots import (
    LEVELS,
    REASON_CODES,
    Decision,
    Reason,
    StrongBot,
    hint,
    make_bot,
    rollout_scores,
    seat_score,
)
from engine.players.reasons import discard_reasons
from engine.search.deals import DealSpace, forbidden_mask, unseen_mask
from engine.search.paired import t_value
from engine.search.sampler import sample, world
from engine.search.solve import Solution
from engine.teaching.scenario import load

FIELDS = frozenset(f.name for f in dataclasses.fields(SeatView))


class RaisingView:
    """A seat's view that raises on any access to anything a view does not hold."""

    def __init__(self, inner: SeatView) -> None:
        object.__setattr__(self, "_inner", inner)

    def __getattr__(self, name: str) -> Any:
        if name not in FIELDS:
            raise AssertionError(f"a bot read {name!r}, which a seat's view does not hold")
        return getattr(object.__getattribute__(self, "_inner"), name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AssertionError(f"a bot wrote {name!r}")


def quick_strong() -> StrongBot:
    """The strong bot with a fixed number of samples and solver nodes (its choice
    then does not depend on the machine's speed)."""
    return StrongBot(budget=60.0, max_samples=4, max_nodes=3000)


def all_bots() -> list[bots.Bot]:
    return [make_bot("random"), make_bot("heaviest"), make_bot("counting"), quick_strong()]


def midgame(rules: Ruleset, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    state = State.deal(rules, rng)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal or state.over:
            break
        state.push(legal[rng.randrange(len(legal))])
    return state


def decide(bot: bots.Bot, v: SeatView | RaisingView, seed: int) -> Decision:
    return bot.decide(v, random.Random(seed))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(RULESETS))
def test_bots_read_nothing_beyond_the_view_and_ignore_the_hidden_tiles(name: str) -> None:
    rules = RULESETS[name]
    for seed in range(6):
        state = midgame(rules, seed, moves=3 + seed)
        if state.over:
            continue
        seat = state.to_move
        other = with_hidden_tiles_shuffled(state, seat, random.Random(seed))
        for bot in all_bots():
            first = decide(bot, RaisingView(view(state, seat)), seed)
            again = decide(bot, RaisingView(view(other, seat)), seed)
            assert first.move in state.legal_moves()
            assert (first.move, first.reasons) == (again.move, again.reasons), bot.level


@pytest.mark.parametrize("name", list(RULESETS))
def test_bot_against_bot_rounds_finish_and_settle(name: str) -> None:
    rules = RULESETS[name]
    for seed in range(3):
        state = State.deal(rules, random.Random(seed))
        players = [all_bots()[(seat + seed) % 4] for seat in range(rules.players)]
        rng = random.Random(seed)
        turns = 0
        while not state.over:
            decision = players[state.to_move].decide(view(state, state.to_move), rng)
            assert decision.reasons and decision.seconds >= 0
            state.push(decision.move)  # refused if illegal
            turns += 1
            assert turns < 200
        result = settle(state)
        scores = [seat_score(state, seat) for seat in range(rules.players)]
        assert sum(scores) == pytest.approx(0.0)
        if rules.family == "duel":
            assert sorted(scores) in ([-1.0, 1.0], [0.0, 0.0])
            assert (scores == [0.0, 0.0]) == result.draw
        if rules.family == "block" and result.winners:
            (winner,) = result.winners
            assert scores[winner] > 0
        tiles = sum(len(state.hand(s)) + len(state.dead_tiles(s)) for s in range(rules.players))
        assert tiles + len(state.line.tiles()) + state.stock_count == 28


def test_heaviest_plays_its_heaviest_tile_and_throws_its_heaviest_dead_tile() -> None:
    s = State.setup(duel(), [["6-6", "1-6", "2-3"], ["0-0"]], ends=(6, 3), stock=14)
    d = make_bot("heaviest").decide(view(s, 0), random.Random(1))
    assert d.move == Move.play(t("6-6"), "left") and d.reasons[0].code == "sheds_heavy"
    g = State.setup(gaple(), [["1-1", "2-4", "0-2"], ["5-0"], ["1-4"], ["3-4"]], ends=(5, 6),
                    stock=["0-0", "0-1", "6-6", "3-3"])
    d = make_bot("heaviest").decide(view(g, 0), random.Random(1))
    assert d.move == Move.discard(t("2-4")) and d.reasons[0].code == "heaviest_dead"


def test_heaviest_breaks_ties_by_a_double_then_by_the_end_it_can_follow() -> None:
    # Ends 4 and 2: [4|4] and [2|6] weigh 8 alike; the double goes first.
    s = State.setup(duel(), [["4-4", "2-6", "0-1"], ["0-0"]], ends=(4, 2), stock=14)
    d = make_bot("heaviest").decide(view(s, 0), random.Random(1))
    assert d.move == Move.play(t("4-4"), "left")
    # Ends 3 and 5: [3|5] fits either; laid on the 5 it opens 3 (and keeps the 3),
    # which [1|3] can follow; laid on the 3 it leaves 5 and 5, which nothing held fits.
    s = State.setup(duel(), [["3-5", "1-3"], ["0-0"]], ends=(3, 5), stock=14)
    d = make_bot("heaviest").decide(view(s, 0), random.Random(1))
    assert d.move == Move.play(t("3-5"), "right")


def test_counting_blocks_with_a_number_the_next_player_lacks() -> None:
    # White passed on 6 and 5: showing it holds neither.  Black can leave a 5 or a 4.
    s = State.setup(duel(), [["0-0", "1-1"], ["5-5", "4-5", "2-2"]], ends=(6, 5), stock=14)
    s.push(PASS)
    d = make_bot("counting").decide(view(s, 1), random.Random(1))
    # 5-5 leaves (6, 5): White lacks both; 4-5 would leave a 4, not known to be missing.
    assert d.move == Move.play(t("5-5"), "right")
    assert Reason("opponents_lack", {"seats": (0,), "value": 5}) in d.reasons


def test_counting_beats_random_over_duplicate_deals() -> None:
    from engine.game.rules import block
    from engine.players.arena import run

    result = run(block(2), ["counting", "random"], deals=60, seed=3)
    score, ci = result["score"], result["ci95"]
    assert isinstance(score, list) and isinstance(ci, list)
    assert score[0] > 0 and ci[0][0] > 0


def counting_choice(state: State) -> Decision:
    return make_bot("counting").decide(view(state, state.to_move), random.Random(1))


def test_counting_sheds_weight_when_the_ends_block_no_better() -> None:
    # Ends 6 and 0, nothing known of White.  [5|6] leaves 5 and 0, [0|1] leaves 6 and
    # 1: each leaves ten unseen tiles that fit and two of Black's own that fit, so
    # neither blocks better; [5|6] sheds 11 pips, [0|1] one.
    s = State.setup(duel(), [["5-6", "0-1", "1-2", "0-3"], ["0-0"]], ends=(6, 0), stock=14)
    v = view(s, 0)
    shed, keep = Move.play(t("5-6"), "left"), Move.play(t("0-1"), "right")
    assert bots.stuck_chance(v, 1, shed) == pytest.approx(bots.stuck_chance(v, 1, keep))
    d = counting_choice(s)
    assert d.move == shed
    assert Reason("sheds_heavy", {"tile": "5-6", "value": 11}) in d.reasons


def test_counting_sheds_a_heavy_tile_rather_than_keep_a_number_it_holds_plenty_of() -> None:
    # [0|1] would leave a 1 open with three 1s in hand (the old counting player's
    # choice); shedding the 11 is worth more.
    s = State.setup(duel(), [["5-6", "0-1", "1-2", "1-3"], ["0-0"]], ends=(6, 0), stock=14)
    assert counting_choice(s).move == Move.play(t("5-6"), "left")


def test_counting_blocks_both_ends_with_a_number_the_others_have_shown_they_lack() -> None:
    # Three players, ends 5 and 3: the other two have just passed, so neither holds a
    # 5 or a 3.  [3|5] on the 5 leaves 3 and 3: both must pass again, and [3|6] still
    # fits for the mover.  [3|6] is heavier but leaves a 6 that either may hold.
    s = State.setup(block(3), [["3-5", "3-6", "0-4"], ["0-1", "1-1"], ["0-2", "2-4"]],
                    ends=(5, 3), to_move=1)
    s.push(PASS)
    s.push(PASS)
    v = view(s, 0)
    block_move = Move.play(t("3-5"), "left")
    assert bots.stuck_chance(v, 1, block_move) == bots.stuck_chance(v, 2, block_move) == 1.0
    assert bots.stuck_chance(v, 1, Move.play(t("3-6"), "right")) < 1.0
    d = counting_choice(s)
    assert d.move == block_move
    assert Reason("opponents_lack", {"seats": (1, 2), "value": 3}) in d.reasons


def test_counting_throws_a_light_dead_tile_and_keeps_the_heavy_one_to_play() -> None:
    # Gaple, stuck on 3 and 3.  A dead tile counts as much as one in hand, so the only
    # gain is a later play: [5|6] is worth keeping, [0|1] is not (the heaviest player,
    # and the old counting player, threw [5|6]).
    g = State.setup(gaple(), [["0-1", "5-6", "2-4"], ["3-3"], ["1-4"], ["3-4"]], ends=(3, 3),
                    stock=["0-0", "0-2", "6-6", "2-2"])
    d = counting_choice(g)
    assert d.move == Move.discard(t("0-1"))
    assert d.reasons == (Reason("dead_light", {"tile": "0-1", "value": 1}),)
    assert "keep the heavier ones" in d.reasons[0].text()


def test_a_dead_tile_neither_lightest_nor_hardest_is_explained_by_what_it_keeps() -> None:
    # Stuck on 3 and 3 with [0|1], [2|4], [5|6]: throwing the middle tile [2|4] is not
    # "the lightest", nor "the heaviest", nor the hardest to play later.
    g = State.setup(gaple(), [["0-1", "5-6", "2-4"], ["3-3"], ["1-4"], ["3-4"]], ends=(3, 3),
                    stock=["0-0", "0-2", "6-6", "2-2"])
    assert discard_reasons(view(g, 0), t("2-4")) == [
        Reason("light_dead", {"tile": "2-4", "value": 6})]


def test_counting_throws_first_a_dead_tile_that_nothing_can_ever_match() -> None:
    # Gaple, ends 3 and 5: every 4 but the mover's own [4|4] lies in the line, so [4|4]
    # can never be played and goes dead, though the lighter [0|1] could still be shed.
    line = Line.from_layout([(3, 4), (4, 0), (0, 5), (5, 4), (4, 1), (1, 2), (2, 4), (4, 6),
                             (6, 5)])
    g = State.setup(gaple(), [["4-4", "6-6", "0-1"], ["3-3", "2-5"], ["2-3", "3-5"],
                              ["2-2", "3-6"]], line=line, stock=4)
    assert {m.kind for m in g.legal_moves()} == {"discard"}
    d = counting_choice(g)
    assert d.move == Move.discard(t("4-4"))
    assert d.reasons == (Reason("spent_dead", {"tile": "4-4", "value": 8}),)


def test_counting_beats_heaviest_over_fixed_duplicate_deals() -> None:
    # The old counting player lost to heaviest in four-player Gaple (it threw its
    # heaviest tile dead) and was level in two-player Block.
    from engine.players.arena import run

    for rules, deals in ((block(2), 300), (gaple(4), 100), (duel(), 200)):
        result = run(rules, ["counting"] + ["heaviest"] * (rules.players - 1), deals=deals,
                     seed=3)
        ci = result["ci95"]
        assert isinstance(ci, list) and ci[0][0] > 0, (rules.name, result["score"])


def test_heaviest_beats_random_in_the_draw_game_over_fixed_duplicate_deals() -> None:
    # Where a blocked round is rare (the draw game) shedding weight alone hardly beats a
    # random player; the tie-breaks (a double first, an end the mover can follow) do.
    from engine.players.arena import run

    result = run(duel(draw=True), ["heaviest", "random"], deals=2000, seed=5)
    ci = result["ci95"]
    assert isinstance(ci, list) and ci[0][0] > 0, result["score"]


def e3_after_whites_pass() -> State:
    state = load("scenarios/e3-empty-hand-wins.toml").initial()
    state.push(PASS)
    return state


def test_e3_the_strong_bot_plays_the_double_blank_and_says_it_wins_for_certain() -> None:
    state = e3_after_whites_pass()
    d = hint(view(state, 1), random.Random(7))
    assert d.move == Move.play(t("0-0"), "right")
    assert d.reasons[0].code == "wins_for_certain"
    assert "wins whatever the hidden tiles are" in d.reasons[0].text()
    assert Reason("opponents_lack", {"seats": (0,), "value": 0}) in d.reasons


def test_a_forced_move_says_so() -> None:
    state = e3_after_whites_pass()
    state.push(Move.play(t("0-0"), "right"))
    d = hint(view(state, 0), random.Random(1))
    assert d.move == PASS and d.reasons == (Reason("only_move", {"move": "pass"}),)
    assert d.reasons[0].text() == "It is the only legal move."


def test_on_equal_ends_a_lone_tile_for_both_is_the_only_move_named_as_a_click_lays_it() -> None:
    # [1|3] on the left or on the right of two 3s: one move, as one click plays it
    state = State.setup(duel(), [["1-3", "5-5"], ["0-1"]], ends=(3, 3), stock=14)
    d = hint(view(state, 0), random.Random(3))
    assert d.move == Move.play(t("1-3"), "right") == state.resolve(Move.play(t("1-3")))
    assert [r.code for r in d.reasons] == ["only_move"]


def test_on_equal_ends_the_strong_bot_measures_its_lead_over_another_move_not_a_mirror() -> None:
    state = State.setup(duel(), [["0-3", "3-6"], ["0-1"]], ends=(3, 3), stock=14)
    d = StrongBot(5.0, max_samples=16).decide(view(state, 0), random.Random(3))
    assert d.move.end == "right" and d.move == state.canonical(d.move)
    (compared,) = [r for r in d.reasons if r.code in ("next_chance", "equally_good")]
    named = compared.params.get("moves", (compared.params.get("move"),))
    assert isinstance(named, tuple)
    others = [m for m in named if m != d.move]
    # measured against the other tile, never against its own mirror image
    assert others and all(isinstance(m, Move) and m.tile != d.move.tile for m in others)


def test_the_api_levels_and_reasons() -> None:
    assert LEVELS == ("random", "heaviest", "counting", "strong")
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")
    with pytest.raises(ValueError):
        make_bot("strong", budget=0)
    doc = engine.players.reasons.__doc__ or ""
    for code in REASON_CODES:
        assert code in doc  # every code is documented for the translators
    assert Reason("opponents_lack", {"seats": (1, 3), "value": 3}).text() == \
        "It leaves a 3 open, and players 1, 3 could not play on a 3 before: they hold none."


def test_the_strong_bot_keeps_within_its_sample_limit_and_scores_every_move() -> None:
    state = midgame(RULESETS["gaple-4x6"], 5, 4)
    calls: list[int] = []

    def counting_evaluator(s: State, seconds: float) -> tuple[dict[Move, float], bool]:
        calls.append(1)
        assert set(s.legal_moves()) == set(state.legal_moves())
        return rollout_scores(s, seconds)

    bot = StrongBot(60.0, max_samples=5, evaluate=counting_evaluator)
    d = bot.decide(view(state, state.to_move), random.Random(2))
    assert len(calls) == (5 if len(state.legal_moves()) > 1 else 0)
    assert d.move in state.legal_moves()


def test_the_strong_bot_plays_out_deals_with_three_or_more_players_and_solves_with_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    solved: list[int] = []

    def spy(state: State, solution: Solution) -> tuple[dict[Move, float], bool]:
        solved.append(state.players)
        return {m: 0.0 for m in state.legal_moves()}, True

    monkeypatch.setattr(bots, "_solution_scores", spy)
    for name in ("block-3", "gaple-4x6", "duel"):
        for seed in range(20):
            state = midgame(RULESETS[name], seed, 2)
            if not state.over and len(state.legal_moves()) > 1:
                break
        StrongBot(60.0, max_samples=3).decide(view(state, state.to_move), random.Random(1))
    assert solved == [2, 2, 2]


def test_counting_playouts_score_each_move_by_playing_on_as_the_counting_player() -> None:
    # Block, three players, every hand known to the evaluator.  Seat 0 can go out with
    # [1|3] and score the others' 12 + 7 pips.
    s = State.setup(block(3), [["1-3"], ["5-6", "0-1"], ["0-0", "3-4"]], ends=(1, 2))
    evaluate = bots.counting_playouts(view(s, 0))
    scores, exact = evaluate(s, 1.0)
    assert not exact and set(scores) == set(s.legal_moves())
    assert scores[Move.play(t("1-3"), "left")] == pytest.approx(19 - 0)
    # Each score is what the counting player at every seat then makes of the round.
    for move, score in scores.items():
        walker = s.copy()
        walker.push(move)
        while not walker.over:
            walker.push(make_bot("counting").decide(view(walker, walker.to_move),
                                                    random.Random(0)).move)
        assert score == pytest.approx(seat_score(walker, 0)), move


def test_the_solver_scores_three_player_block_as_the_arena_does() -> None:
    # The solver gives each player's own points; the mover's result is its own less
    # the mean of the others' (seat_score), so handing a third player the round counts.
    s = State.setup(block(3), [["2-5", "1-1"], ["0-1", "3-3"], ["2-2", "4-6"]], ends=(2, 1))
    scores, exact = bots.solver_scores(s, 10.0)
    assert exact
    from engine.search.solve import solve

    for mv in solve(s).moves:
        points = mv.value
        assert isinstance(points, tuple)
        assert scores[mv.move] == pytest.approx(points[0] - (points[1] + points[2]) / 2)


# -- the sampler ----------------------------------------------------------------

@st.composite
def seen_positions(draw: st.DrawFn) -> tuple[State, int]:
    name = draw(st.sampled_from(sorted(RULESETS)))
    state = midgame(RULESETS[name], draw(st.integers(0, 10**6)), draw(st.integers(0, 30)))
    return state, draw(st.integers(0, state.players - 1))


@settings(max_examples=150, deadline=None)
@given(seen_positions(), st.integers(0, 10**6))
def test_samples_agree_with_the_view(position: tuple[State, int], seed: int) -> None:
    state, seat = position
    v = view(state, seat)
    s = sample(v, random.Random(seed))
    own = mask_of(v.hand) | mask_of(v.dead) | mask_of(v.line.tiles())
    assert s.hands[seat] == mask_of(v.hand) and s.dead[seat] == mask_of(v.dead)
    placed = 0
    for p in range(state.players):
        assert s.hands[p].bit_count() == v.hand_counts[p]
        assert s.dead[p].bit_count() == v.dead_counts[p]
        if p != seat:
            assert not s.hands[p] & forbidden_mask(v.missing[p])  # known-missing values
            assert not (s.hands[p] | s.dead[p]) & own  # never the seat's own or line tiles
        assert not placed & (s.hands[p] | s.dead[p])
        placed |= s.hands[p] | s.dead[p]
    stock = mask_of(s.stock)
    assert len(s.stock) == v.stock_count and not stock & placed and not stock & own
    assert placed | stock | mask_of(v.line.tiles()) == (1 << 28) - 1  # every tile somewhere
    assert not (stock | placed) & ~(unseen_mask(v) | own)
    imagined = world(v, s)
    if state.mover == seat:
        assert imagined.legal_moves() == state.legal_moves()
    if state.rules.draw_mode:
        assert imagined.stock is not None and len(imagined.stock) == v.stock_count


def test_samples_are_uniform_over_what_the_view_allows() -> None:
    # White passed on 6 and 5 and holds one tile; Black holds three.  White's
    # tile is any unseen tile with neither a 6 nor a 5, each equally likely.
    s = State.setup(duel(), [["0-0"], ["3-5", "4-5", "2-2"]], ends=(6, 5), stock=14)
    s.push(PASS)
    v = view(s, 1)
    allowed = [tile for tile in TILES if unseen_mask(v) & tile.bit and not tile.has(6)
               and not tile.has(5)]
    rng = random.Random(11)
    counts = Counter(sample(v, rng).hands[0] for _ in range(len(allowed) * 400))
    assert set(counts) == {tile.bit for tile in allowed}
    expected = 400
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert len(allowed) == 14
    assert chi2 < 45  # 13 degrees of freedom: the 0.1% point is 34.5


# -- the hint's reasons: the game's terms first, then the numbers in the family's unit ---------

GAME_TERMS = {"goes_out", "opponents_lack", "keeps_value", "keeps_both", "sheds_heaviest",
              "spent_dead", "dead_hardest", "heaviest_dead", "dead_light", "opens_double",
              "holds_most", "other_end"}
NUMBERS = {"average_ahead", "average_behind", "average_even", "average_place",
           "average_chance", "next_points", "next_places", "next_chance", "equally_good"}


def fixed(scores: dict[str, float]) -> bots.Evaluator:
    """An evaluator that gives each move (named as ``Move.parse`` reads it) a fixed score on
    every deal: the strong bot's numbers then do not depend on the deals."""
    by_move = {Move.parse(k): v for k, v in scores.items()}

    def evaluate(state: State, seconds: float) -> tuple[dict[Move, float], bool]:
        return {m: by_move[m] for m in state.legal_moves()}, True

    return evaluate


def codes(d: Decision) -> list[str]:
    return [r.code for r in d.reasons]


def test_the_hints_reasons_come_in_the_games_terms_then_the_numbers_then_the_deals() -> None:
    for name in ("block-2", "gaple-4x6", "duel"):
        for seed in range(4):
            state = midgame(RULESETS[name], seed, 4)
            if state.over or len(state.distinct_moves()) < 2:
                continue
            d = quick_strong().decide(view(state, state.to_move), random.Random(seed))
            order = [0 if c in GAME_TERMS else 1 if c in NUMBERS else 2 for c in codes(d)
                     if c != "wins_for_certain"]
            assert order == sorted(order) and order[-1] == 2, codes(d)
            assert codes(d)[-1] == "deals_sampled"


def test_a_tie_says_equally_good_and_names_both_moves() -> None:
    # Block for two, ends 5 and 1: [5|5] and [2|5] score the same on every deal, [1|3] less.
    state = State.setup(block(2), [["5-5", "2-5", "1-3", "6-6"], ["0-0"]], ends=(5, 1),
                        stock=14)
    bot = StrongBot(60.0, max_samples=8, evaluate=fixed(
        {"play 5-5 left": 3.0, "play 2-5 left": 3.0, "play 1-3 right": 1.0}))
    d = bot.decide(view(state, 0), random.Random(1))
    assert d.move == Move.parse("play 5-5 left")
    (tie,) = [r for r in d.reasons if r.code == "equally_good"]
    assert tie.params["moves"] == (Move.parse("play 5-5 left"), Move.parse("play 2-5 left"))
    assert "next_points" not in codes(d)  # a tie is not called "ahead by 0.0"
    assert Reason("average_ahead", {"points": 3.0}) in d.reasons
    assert d.reasons[-1] == Reason("deals_sampled", {"samples": 8})


def test_the_next_best_move_is_named_with_its_margin_in_points() -> None:
    state = State.setup(block(2), [["5-5", "2-5", "1-3", "6-6"], ["0-0"]], ends=(5, 1),
                        stock=14)
    bot = StrongBot(60.0, max_samples=8, evaluate=fixed(
        {"play 5-5 left": -1.0, "play 2-5 left": -3.5, "play 1-3 right": -4.0}))
    d = bot.decide(view(state, 0), random.Random(1))
    assert Reason("average_behind", {"points": 1.0}) in d.reasons
    assert Reason("next_points", {"move": Move.parse("play 2-5 left"), "points": 2.5}) \
        in d.reasons
    assert "equally_good" not in codes(d)
    assert [r.text() for r in d.reasons if r.code == "next_points"] == [
        "The next best, play 2-5 left, leaves you 2.5 points a round less."]


def test_a_difference_within_the_deals_noise_is_equally_good() -> None:
    """The scores differ from deal to deal: a mean lead smaller than twice its standard
    error is no lead."""
    state = State.setup(duel(), [["5-5", "2-5", "1-3"], ["0-0"]], ends=(5, 1), stock=14)
    flips = iter([1.0, -1.0] * 20)

    def noisy(s: State, seconds: float) -> tuple[dict[Move, float], bool]:
        a = next(flips)
        return {m: (a if m.tile == t("5-5") else -a if m.tile == t("2-5") else -1.0)
                for m in s.legal_moves()}, True

    d = StrongBot(60.0, max_samples=9, evaluate=noisy).decide(view(state, 0), random.Random(1))
    (tie,) = [r for r in d.reasons if r.code == "equally_good"]
    assert {m.tile for m in tie.params["moves"]} == {t("5-5"), t("2-5")}  # type: ignore[union-attr]


def test_the_hints_figures_carry_their_margins() -> None:
    """Each figure from sampled deals carries the half-width of its 95% interval: Student's t
    for the deals times its standard error over them."""
    state = State.setup(block(2), [["5-5", "2-5", "1-3", "6-6"], ["0-0"]], ends=(5, 1),
                        stock=14)
    swing = iter([1.0, -1.0] * 4)

    def noisy(s: State, seconds: float) -> tuple[dict[Move, float], bool]:
        a = next(swing)  # [5|5] scores 4 or 2, [2|5] −1, [1|3] −2
        return {m: 3.0 + a if m.tile == t("5-5") else -1.0 if m.tile == t("2-5") else -2.0
                for m in s.legal_moves()}, True

    d = StrongBot(60.0, max_samples=8, evaluate=noisy).decide(view(state, 0), random.Random(1))
    # the eight scores of [5|5] (and its lead over [2|5]): s = √(8/7), so s / √8 = √(1/7)
    margin = round(t_value(7) * (1 / 7) ** 0.5, 2)
    assert Reason("average_ahead", {"points": 3.0, "margin": margin}) in d.reasons
    assert Reason("next_points", {"move": Move.parse("play 2-5 left"), "points": 4.0,
                                  "margin": margin}) in d.reasons
    assert [r.text() for r in d.reasons if r.code == "average_ahead"] == [
        f"On average it leaves you 3.0 \u00b1 {margin} points a round ahead of an opponent."]


def test_gaples_numbers_are_places_and_the_duels_a_chance_of_winning() -> None:
    g = State.setup(gaple(), [["1-1", "2-4", "0-2"], ["5-0"], ["1-4"], ["3-4"]], ends=(1, 2),
                    stock=["0-0", "0-1", "6-6", "3-3"])
    d = StrongBot(60.0, max_samples=4, evaluate=fixed(
        {"play 1-1 left": 0.5, "play 2-4 right": -0.25, "play 0-2 right": -1.0})
    ).decide(view(g, 0), random.Random(1))
    # (N + 1) / 2 minus the score: place 2 of 4; the next best three quarters of a place lower
    assert Reason("average_place", {"place": 2.0, "players": 4}) in d.reasons
    assert Reason("next_places", {"move": Move.parse("play 2-4 right"), "places": 0.75}) \
        in d.reasons
    s = State.setup(duel(), [["5-5", "2-5", "1-3"], ["0-0"]], ends=(5, 1), stock=14)
    d = StrongBot(60.0, max_samples=4, evaluate=fixed(
        {"play 5-5 left": 0.4, "play 2-5 left": -0.2, "play 1-3 right": -1.0})
    ).decide(view(s, 0), random.Random(1))
    # a draw counts half: the chance of winning is (1 + mean) / 2
    assert Reason("average_chance", {"chance": 70}) in d.reasons
    assert Reason("next_chance", {"move": Move.parse("play 2-5 left"), "chance": 40}) \
        in d.reasons
    assert Reason("average_chance", {"chance": 70}).text() == \
        "Your chance of winning with it: 70% (a draw counts as half a win)."


def test_every_deal_allowed_is_said_so() -> None:
    v = view(State.setup(duel(), [["5-5", "2-5"], ["0-0"]], ends=(5, 1), stock=14), 0)
    reasons = bots.average_reasons(v, Move.parse("play 5-5 left"), 0.0, 680, exact=True,
                                   margin=0.2)
    assert reasons == [Reason("average_chance", {"chance": 50}),
                       Reason("deals_all", {"samples": 680})]  # exact: no margin
    sampled = bots.average_reasons(v, Move.parse("play 5-5 left"), 0.0, 680, margin=0.2)
    assert sampled[0] == Reason("average_chance", {"chance": 50, "margin": 10})  # per cent


def test_level_is_said_only_when_the_estimate_is_that_precise() -> None:
    v = view(State.setup(block(2), [["5-5", "2-5"], ["0-0"]], ends=(5, 1), stock=14), 0)
    move = Move.parse("play 5-5 left")
    assert bots.average_reasons(v, move, 0.02, 90, margin=0.04)[0] == \
        Reason("average_even", {})
    assert bots.average_reasons(v, move, -0.02, 90, margin=1.3)[0] == \
        Reason("average_behind", {"points": 0.02, "margin": 1.3})


def test_shedding_the_heaviest_tile_is_said_only_against_a_move_that_does_not() -> None:
    state = State.setup(block(2), [["6-6", "1-6", "2-3"], ["0-0"]], ends=(6, 3), stock=14)
    v = view(state, 0)
    heavy = Move.parse("play 6-6 left")
    assert Reason("sheds_heaviest", {"tile": "6-6", "value": 12}) in bots.move_reasons(
        v, heavy, Move.parse("play 2-3 right"))
    assert "sheds_heaviest" not in [r.code for r in bots.move_reasons(
        v, Move.parse("play 2-3 right"), heavy)]


def test_keeping_a_tile_for_each_end_is_said_only_where_the_rival_does_not() -> None:
    # ends 6 and 3: [2|3] on the 3 leaves 6 and 2, and [6|6], [1|6] and [2|2] answer both;
    # [1|6] on the 6 leaves 1 and 3: nothing of the rest shows a 1 or a 3
    state = State.setup(block(2), [["6-6", "1-6", "2-3", "2-2"], ["0-0"]], ends=(6, 3),
                        stock=14)
    v = view(state, 0)
    keep, lose = Move.parse("play 2-3 right"), Move.parse("play 1-6 left")
    assert Reason("keeps_both", {"left": 6, "right": 2}) in bots.move_reasons(v, keep, lose)
    assert "keeps_both" not in [r.code for r in bots.move_reasons(v, lose, keep)]


# -- the opening (an empty line): reasons in the game's terms too --------------------------------


def opening(hand: list[str], rules: Ruleset | None = None) -> SeatView:
    """The learner's view before the first move, holding ``hand``."""
    state = State.setup(rules or block(2), [hand, ["0-0"]], stock=14)
    return view(state, 0)


def test_an_opening_double_is_said_to_be_out_early_and_the_heaviest_shed() -> None:
    v = opening(["6-6", "1-6", "2-3", "3-4", "0-5"])
    heavy, light = Move.parse("play 6-6"), Move.parse("play 2-3")
    assert bots.opening_reasons(v, heavy) == [
        Reason("opens_double", {"tile": "6-6"}), Reason("sheds_heaviest", {"tile": "6-6",
                                                                            "value": 12})]
    # [2|3] leaves a 2 and a 3 open and [3|4] still answers the 3, but nothing the 2
    assert bots.opening_reasons(v, light) == []
    assert bots.move_reasons(v, heavy, light) == bots.opening_reasons(v, heavy)


def test_an_opening_keeps_a_tile_for_each_number_and_the_number_held_most_open() -> None:
    # [2|4] leaves a 2 ([2|5] answers it) and a 4, the number held most of: three more
    v = opening(["2-4", "2-5", "4-6", "1-4", "0-4", "3-5"])
    move = Move.parse("play 2-4")
    assert bots.opening_reasons(v, move) == [
        Reason("keeps_both", {"left": 2, "right": 4}),
        Reason("holds_most", {"value": 4, "count": 3})]
    # [3|5] leaves 3 and 5: no other 3 is held, the 5 only once; [4|6] is heavier
    assert bots.opening_reasons(v, Move.parse("play 3-5")) == []


def test_an_openings_reasons_are_those_the_rival_does_not_share_else_all() -> None:
    v = opening(["6-6", "5-5", "1-2", "1-3"])
    six, five = Move.parse("play 6-6"), Move.parse("play 5-5")
    # both are doubles; only [6|6] is the heaviest: that is what tells them apart
    assert bots.move_reasons(v, six, five) == [Reason("sheds_heaviest", {"tile": "6-6",
                                                                          "value": 12})]
    # against [1|2] (no reason of its own) [5|5] keeps everything it does
    assert [r.code for r in bots.move_reasons(v, five, Move.parse("play 1-2"))] == [
        "opens_double"]
    # against [6|6], which shares its one reason, it still says what it does
    assert [r.code for r in bots.move_reasons(v, five, six)] == ["opens_double"]


def test_the_first_moves_hint_gives_a_reason_in_the_games_terms() -> None:
    """The strong bot's hint on the first move said numbers only; now it says what the move
    does, before the numbers."""
    found = 0
    for name in ("block-2", "duel", "block-4"):
        for seed in range(6):
            state = State.deal(RULESETS[name], random.Random(seed))
            if len(state.distinct_moves()) < 2:
                continue
            d = quick_strong().decide(view(state, state.to_move), random.Random(seed))
            game = [c for c in codes(d) if c in GAME_TERMS]
            found += bool(game)
            order = [0 if c in GAME_TERMS else 1 if c in NUMBERS else 2 for c in codes(d)
                     if c != "wins_for_certain"]
            assert order == sorted(order), codes(d)
    assert found >= 12, found  # most openings have something to say in the game's terms


def test_a_dead_tile_is_explained_by_what_makes_it_the_one_to_throw() -> None:
    # Gaple, ends 5 and 6, nothing of ours fits.  Our own dead tiles hold every other 3, so
    # no tile in play can ever match [3|3].
    dead = [["0-3", "1-3", "2-3", "3-4", "3-5", "3-6"], [], [], []]
    g = State.setup(gaple(), [["3-3", "0-2", "1-1"], ["0-5"], ["1-4"], ["4-6"]], ends=(5, 6),
                    dead=dead, stock=["0-0", "0-1", "6-6", "4-4"])
    v = view(g, 0)
    assert bots.move_reasons(v, Move.discard(t("3-3"))) == [
        Reason("spent_dead", {"tile": "3-3", "value": 6})]
    assert bots.move_reasons(v, Move.discard(t("1-1"))) == []  # [3|3] is harder still
    # Without [3|3]: five unseen tiles show a 1, so [1|1] is the hardest to play later (ten
    # show a 0 or a 2); [0|2] is neither that, nor the heaviest, nor the lightest.
    g = State.setup(gaple(), [["0-2", "1-1"], ["0-5"], ["1-4"], ["4-6"]], ends=(5, 6),
                    dead=dead, stock=["0-0", "0-1", "6-6", "3-3"])
    v = view(g, 0)
    assert bots.move_reasons(v, Move.discard(t("1-1"))) == [
        Reason("dead_hardest", {"tile": "1-1", "count": 5})]
    assert bots.move_reasons(v, Move.discard(t("0-2"))) == []
    assert Reason("dead_hardest", {"tile": "1-1", "count": 5}).text() == (
        "Throw 1-1: of your tiles it is the hardest to play later, with the fewest matches "
        "among the tiles you cannot see (5).")


def test_the_strong_bot_scores_block_for_three_against_the_mean_of_the_others() -> None:
    """Block with three players: the mover's points minus the mean of the others' (the
    module's scale, and the appraisal's), not its own points alone.  Seat 0 plays [0|6] and
    the round blocks: totals 8, 3 and 8, so seat 1 scores 8 + 8 − 3 = 13 and seat 0's
    result is 0 − 13 / 2."""
    state = State.setup(block(3), [["0-6", "4-4"], ["1-2"], ["3-5"]], ends=(6, 6), stock=22)
    scores, exact = bots.solver_scores(state, 5.0)
    assert exact and set(scores.values()) == {-6.5}


def deals_solved(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The positions' searches of each decision's deals, counted as they are scored."""
    counted: list[int] = []
    scores = bots._solution_scores

    def spy(state: State, solution: Solution) -> tuple[dict[Move, float], bool]:
        counted.append(solution.nodes)
        return scores(state, solution)

    monkeypatch.setattr(bots, "_solution_scores", spy)
    return counted


def two_player_decisions(seeds: range) -> list[SeatView]:
    out = []
    for seed in seeds:
        for moves in (3, 6, 9):
            state = midgame(RULESETS["block-2"], seed, moves)
            if not state.over and len(distinct(state.legal_moves(), state.line.ends)) > 1:
                out.append(view(state, state.to_move))
    return out


def test_strong_solves_more_deals_only_while_its_choice_is_unclear(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counted = deals_solved(monkeypatch)
    sizes = []
    for v in two_player_decisions(range(12)):
        counted.clear()
        StrongBot(60.0).decide(v, random.Random(1))
        n = len(counted)
        assert bots.SOLVED_FIRST <= n <= bots.SOLVED_MOST
        # it goes on past the first deals only in steps, and only within its work
        assert n == bots.SOLVED_FIRST or (n % bots.SOLVED_STEP == 0 or n == bots.SOLVED_MOST
                                          or sum(counted) + n * bots.SOLVED_DEAL_COST
                                          >= bots.SOLVED_WORK)
        assert sum(counted[:-1]) + (n - 1) * bots.SOLVED_DEAL_COST < bots.SOLVED_WORK \
            or n == bots.SOLVED_FIRST
        sizes.append(n)
    assert min(sizes) == bots.SOLVED_FIRST  # a clear choice stops at the first deals
    assert max(sizes) > bots.SOLVED_FIRST  # an unclear one goes on


def test_strong_with_two_players_counts_its_work_not_the_clock() -> None:
    # Within its budget, how many deals Strong solves depends on the positions searched,
    # not on the time they took: the same seed gives the same move, however long it may
    # think (a seeded round replays alike on a slower machine).
    for v in two_player_decisions(range(6)):
        quick = StrongBot(5.0).decide(v, random.Random(4))
        slow = StrongBot(120.0).decide(v, random.Random(4))
        assert (quick.move, quick.reasons) == (slow.move, slow.reasons)


def test_paired_clear_agrees_with_the_paired_gap() -> None:
    a, b, c = (Move.play(t(x), "right") for x in ("0-1", "0-2", "0-3"))
    rng = random.Random(5)
    rows = [{a: rng.gauss(1.0, 3.0), b: rng.gauss(0.0, 3.0), c: rng.gauss(0.5, 3.0)}
            for _ in range(200)]
    paired = bots._Paired((a, b, c))
    for n, row in enumerate(rows, 1):
        paired.add(row)
        best = max((a, b, c), key=lambda m: sum(r[m] for r in rows[:n]))
        expected = n >= 2 and all(
            (gap := bots._paired_gap(rows[:n], [1.0] * n, best, m))[0]
            > max(0.0, bots.NOISE_Z * gap[1])
            for m in (a, b, c) if m != best)
        assert paired.clear() == expected, n


def test_strong_solves_each_deal_of_a_small_view_once_and_says_it_saw_them_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counted = deals_solved(monkeypatch)
    v = view(e3_after_whites_pass(), 1)
    space = DealSpace(v)
    d = StrongBot(60.0).decide(v, random.Random(7))
    assert len(counted) == space.count  # each deal solved once
    codes = {r.code: r.params for r in d.reasons}
    assert codes["deals_all"] == {"samples": space.histories}
    assert codes["wins_for_certain"] == {"samples": space.histories}


def test_strong_on_a_sample_of_deals_claims_no_certainty() -> None:
    sampled = [v for v in two_player_decisions(range(3))
               if DealSpace(v).histories > bots.SOLVED_MOST]
    assert sampled
    for v in sampled:
        d = StrongBot(60.0).decide(v, random.Random(2))
        codes = [r.code for r in d.reasons]
        assert "deals_sampled" in codes
        assert "deals_all" not in codes and "wins_for_certain" not in codes


def _after_a_pass_on_0_and_4() -> SeatView:
    """Block for two, ends 0 and 4: seat 1 has passed (it holds no 0 and no 4); seat 0 holds
    [0|4], which fits either end, and [4|4]."""
    s = State.setup(block(2), [["0-4", "4-4", "5-6", "1-2"], ["1-1", "2-3", "5-5"]],
                    ends=(0, 4), stock=14, to_move=1)
    s.push(PASS)
    return view(s, 0)


def test_a_reason_the_rival_shares_is_not_given() -> None:
    """[0|4] on the 0 and [4|4] on the 4 both leave a 4 open, which seat 1 has shown it lacks:
    that does not tell them apart, so the hint for one against the other does not give it;
    against no rival, or one that leaves another number, it does."""
    v = _after_a_pass_on_0_and_4()
    left, right, double = (Move.parse("play 0-4 left"), Move.parse("play 0-4 right"),
                           Move.parse("play 4-4 right"))
    blocks = Reason("opponents_lack", {"seats": (1,), "value": 4})
    assert blocks in bots.move_reasons(v, double)
    assert blocks in bots.move_reasons(v, left)
    assert blocks not in bots.move_reasons(v, left, double)
    assert blocks not in bots.move_reasons(v, double, left)
    assert blocks in bots.move_reasons(v, left, right)  # [0|4] on the 4 leaves a 0


def test_a_best_move_that_differs_from_the_next_only_in_its_end_says_so() -> None:
    """[0|4] on the 0 leaves 4 and 4 open, on the 4 it leaves 0 and 0: the hint for one
    against the other says that the end is all that differs, and what each leaves, first;
    against another tile, or without a rival, it does not."""
    v = _after_a_pass_on_0_and_4()
    left, right, double = (Move.parse("play 0-4 left"), Move.parse("play 0-4 right"),
                           Move.parse("play 4-4 right"))
    first = bots.move_reasons(v, left, right)[0]
    assert first == Reason("other_end", {"rival": right, "left": 4, "right": 4,
                                         "rival_left": 0, "rival_right": 0})
    assert bots.move_reasons(v, right, left)[0].params["rival_left"] == 4
    assert "other_end" not in {r.code for r in bots.move_reasons(v, left, double)}
    assert "other_end" not in {r.code for r in bots.move_reasons(v, left)}
