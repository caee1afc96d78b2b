"""The counting drill's questions (engine/teaching/drill.py): every answer worked out from one seat's
view, cross-checked here against the real hidden tiles and against a brute-force walk over
every deal of the unseen tiles that the view allows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from engine_helpers import play, t, with_hidden_tiles_shuffled

from engine.game.line import Line
from engine.game.rules import block, duel
from engine.game.state import State
from engine.game.tiles import TILES, Tile
from engine.game.view import SeatView, view
from engine.teaching import drill
from engine.teaching.drill import Question, check, question

SEEDS = range(120)


def hidden_places(state: State, seat: int) -> list[Tile]:
    """Where the tiles the seat cannot see really are: the others' hands and dead tiles and
    the stock (or the tiles out of play): read from the full state, not from the view."""
    out = [tile for p in range(state.players) if p != seat
           for tile in (*state.hand(p), *state.dead_tiles(p))]
    stock = state.stock
    assert stock is not None and len(stock) == state.stock_count  # a dealt round knows them
    return out + list(stock)


def consistent_deal(v: SeatView, unseen: list[Tile], who: int, tile: Tile
                    ) -> dict[int, tuple[Tile, ...]] | None:
    """A way to give each opponent as many unseen tiles as they hold, none showing a number
    they have shown they lack, with ``tile`` in ``who``'s hand (the rest lies in dead tiles
    and the stock); None when there is none.  Plain search over every combination."""
    if tile.low in v.missing[who] or tile.high in v.missing[who]:
        return None
    others = sorted((p for p in range(len(v.hand_counts)) if p != v.seat), key=lambda p: p != who)

    def deal(i: int, pool: list[Tile]) -> Iterator[dict[int, tuple[Tile, ...]]]:
        if i == len(others):
            yield {}
            return
        p = others[i]
        allowed = [x for x in pool if x.low not in v.missing[p] and x.high not in v.missing[p]]
        for hand in combinations(allowed, v.hand_counts[p]):
            if p == who and tile not in hand:
                continue
            rest = [x for x in pool if x not in hand]
            for more in deal(i + 1, rest):
                yield {p: hand, **more}

    return next(deal(0, unseen), None)


def brute_force_holdable(v: SeatView) -> dict[int, set[int]]:
    """For each opponent, every number some consistent deal gives them."""
    unseen = [x for x in TILES if x not in set(v.hand) | set(v.dead) | set(v.line.tiles())]
    others = [p for p in range(len(v.hand_counts)) if p != v.seat]
    return {p: {n for x in unseen if consistent_deal(v, unseen, p, x) is not None
                for n in (x.low, x.high)} for p in others}


def questions(kind: drill.Kind) -> Iterator[Question]:
    for seed in SEEDS:
        yield question(seed, kind)


def test_hidden_counts_are_the_tiles_really_out_of_sight() -> None:
    for q in questions("hidden"):
        assert q.value is not None
        really = [x for x in hidden_places(q.state, q.seat) if x.has(q.value)]
        assert q.answer == len(really)
        assert q.choices == tuple(range(8))
        (reason,) = check(q, (q.answer + 1) % 8).reasons
        assert reason.code == "hidden_count"
        assert set(reason.params["hidden"]) == set(really)  # type: ignore[call-overload]
        assert len(reason.params["seen"]) + len(really) == 7  # type: ignore[arg-type]


def test_hidden_pips_are_the_pips_really_out_of_sight() -> None:
    for q in questions("pips"):
        assert q.answer == sum(x.value for x in hidden_places(q.state, q.seat))
        assert len(q.choices) == 4 and len(set(q.choices)) == 4 and q.answer in q.choices
        p = check(q, q.answer).reasons[0].params
        assert p["total"] == 168
        assert p["total"] - p["hand"] - p["line"] - p["dead"] == q.answer  # type: ignore[operator]


def test_numbers_a_player_cannot_hold_match_every_deal_the_view_allows() -> None:
    for q in questions("lacks"):
        v = q.view
        assert q.about is not None and q.about != q.seat
        holdable = brute_force_holdable(v)[q.about]
        assert q.answer == frozenset(range(7)) - holdable, q
        # ... and the real hand never shows one of them.
        assert not {n for x in q.state.hand(q.about) for n in (x.low, x.high)} & q.answer


def test_can_anyone_play_on_an_end_matches_every_deal_the_view_allows() -> None:
    answers = set()
    for q in questions("open_end"):
        v = q.view
        assert q.value is not None and q.end is not None
        assert q.value == (v.ends[0] if q.end == "left" else v.ends[1])
        holdable = brute_force_holdable(v)
        assert q.answer == (drill.YES if any(q.value in s for s in holdable.values())
                            else drill.NO), q
        if q.answer == drill.NO:  # nobody really holds one
            assert not any(x.has(q.value) for p in range(q.state.players) if p != q.seat
                           for x in q.state.hand(p))
        answers.add(q.answer)
    assert answers == {drill.YES, drill.NO}


def test_cannot_hold_is_exact_where_only_the_counts_rule_a_number_out() -> None:
    # Seat 0 sees every 6 but [6|6]; player 1 holds one tile and has shown they lack 0 to 5,
    # so that tile is [6|6]: player 2 cannot hold a 6 though they never showed it.
    hand = (t("0-6"), t("1-6"), t("2-6"), t("3-6"), t("4-6"))
    line = Line()
    line.place(t("5-6"), None)
    v = SeatView(seat=0, hand=hand, dead=(), line=line, ends=line.ends, hand_counts=(5, 1, 4),
                 dead_counts=(0, 0, 0), stock_count=17, to_move=0,
                 missing=(frozenset(), frozenset(range(6)), frozenset()), legal=())
    assert drill.may_hold(v, 1, 6) == (t("6-6"),)
    assert drill.may_hold(v, 2, 6) == ()
    assert drill.cannot_hold(v, 2) == {6}
    assert brute_force_holdable(v)[2] == set(range(6))
    assert drill.anyone_may_play(v, 5)  # player 2 may hold a 5


def test_a_pass_shows_a_lack_and_the_reason_names_it() -> None:
    s = State.setup(duel(), [["4-4", "2-3", "0-0"], ["0-1", "1-1", "2-2"]], ends=(6, 3),
                    stock=14)
    s = play(s, "play 2-3", "play 2-2")  # ends 6 and 2; White cannot play: passes
    s = play(s, "pass")
    q = Question(0, "lacks", s, 1, tuple(range(7)), drill.cannot_hold(view(s, 1), 0), about=0)
    assert {6, 2} <= q.answer
    verdict = check(q, {6})
    assert not verdict.right
    (why,) = [r for r in verdict.reasons if r.params.get("value") == 2]
    assert why.code == "shown_lack" and why.params["event"] == "pass"
    assert why.params["ends"] == (6, 2) and why.params["seat"] == 0
    # Marking a number they may hold is wrong, and the reason names the hidden tiles.
    wrong = check(q, set(q.answer) | {4})
    (may,) = [r for r in wrong.reasons if r.code == "may_hold"]
    assert may.params["value"] == 4 and t("4-4") in may.params["tiles"]  # type: ignore[operator]


def test_the_checker_says_why_for_every_kind() -> None:
    for kind in drill.KINDS:
        for seed in range(20):
            q = question(seed, kind)
            assert check(q, q.answer).right
            wrong = (frozenset(q.answer ^ {0}) if isinstance(q.answer, frozenset)
                     else next(c for c in q.choices if c != q.answer))
            verdict = check(q, wrong)
            assert not verdict.right and verdict.reasons
            assert all(r.code in drill.REASON_CODES and r.text() for r in verdict.reasons)
            if kind == "open_end" and q.answer == drill.YES:
                assert all(r.code == "may_hold" and r.params["tiles"] for r in verdict.reasons)


def test_positions_come_from_every_family_mid_round() -> None:
    seen = set()
    rng = random.Random(5)
    for _ in range(200):
        state = drill.position(rng)
        assert not state.over and len(state.moves) >= 2
        seen.add(state.rules)
    assert seen == set(drill.RULESETS)


@pytest.mark.parametrize("kind", drill.KINDS)
def test_a_question_is_its_seed_and_kind_again(kind: drill.Kind) -> None:
    for seed in (0, 1, 99, 123456):
        q, again = question(seed, kind), question(seed, kind)
        assert q.kind == again.kind == kind
        assert (q.answer, q.seat, q.value, q.about, q.choices) == (
            again.answer, again.seat, again.value, again.about, again.choices)
        assert q.state.moves == again.state.moves and q.state.hand_masks == again.state.hand_masks
    assert {question(seed).kind for seed in range(40)} == set(drill.KINDS)


def test_answers_read_nothing_but_the_view() -> None:
    # Deal the tiles the seat cannot see anew among the others: every answer stays.
    rng = random.Random(8)
    for seed in range(30):
        for kind in drill.KINDS:
            q = question(seed, kind)
            v = view(with_hidden_tiles_shuffled(q.state, q.seat, rng), q.seat)
            if kind == "hidden":
                assert q.value is not None and drill.hidden_count(v, q.value) == q.answer
            elif kind == "pips":
                assert drill.hidden_pips(v) == q.answer
            elif kind == "lacks":
                assert q.about is not None and drill.cannot_hold(v, q.about) == q.answer
            else:
                assert q.value is not None
                assert drill.anyone_may_play(v, q.value) == (q.answer == drill.YES)
    with pytest.raises(ValueError):
        question(1, "nonsense")  # type: ignore[arg-type]


def test_a_drill_position_can_be_asked_about_in_block_alone() -> None:
    q = question(3, "hidden", rules=block(3))
    assert q.state.rules == block(3)


def test_doctests() -> None:
    import doctest

    failures, _ = doctest.testmod(drill)
    assert failures == 0
