"""Quiz questions (engine/teaching/quiz.py): finished rounds, reproducible seeds, checks."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from engine.teaching import quiz
from engine.teaching.quiz import LEVELS, SEED_LIMIT, TRICKY, check, question


def test_doctests() -> None:
    failures, _ = doctest.testmod(quiz)
    assert failures == 0


@pytest.mark.parametrize("level", quiz.LEVELS)
def test_every_question_is_a_finished_round_that_its_seed_gives_back(level: int) -> None:
    for seed in range(60):
        q = question(level, seed)
        assert q.state.status in ("domino", "blocked", "emptied")
        assert q.settlement.status == q.state.status
        assert q.seed >= seed  # the first candidate from `seed` on that the level keeps
        again = question(level, q.seed)
        assert again.key == q.key and again.seed == q.seed
        assert question(level, seed).key == q.key  # the same seed, the same question


def test_avoid_never_repeats_the_last_question() -> None:
    for level in quiz.LEVELS:
        for seed in range(30):
            q = question(level, seed)
            other = question(level, seed, avoid=q.key)
            assert other.key != q.key
            assert question(level, other.seed).key == other.key  # still reproducible


def test_ending_asks_for_domino_or_blocked() -> None:
    for seed in range(20):
        assert question(2, seed, ending="domino").ending == "domino"
        assert question(3, seed, ending="blocked").ending in ("blocked", "emptied")


def test_levels_draw_the_families_and_player_counts_of_the_brief() -> None:
    names = {level: Counter(question(level, seed).rules.name for seed in range(200))
             for level in quiz.LEVELS}
    assert set(names[1]) == {"block-2", "duel"}
    assert {"block-2", "block-3", "block-4", "duel", "duel-draw", "gaple-4x6"} <= set(names[2])
    assert {"gaple-5", "gaple-4x7", "gaple-4x6-blank25", "gaple-4x6-pass"} <= set(names[3])
    for level, least in ((2, 30), (3, 20)):  # every family comes up, none crowded out
        families = Counter(name.split("-")[0] for name in names[level].elements())
        assert min(families.values()) >= least, families


def test_level_3_is_ties_and_variants() -> None:
    """"Ties and variants": every level-3 question is a tie or an ending only a variant
    has, ties are a good share of them, and each kind of twist comes up."""
    sample = [question(3, seed * 7919) for seed in range(300)]
    twists = Counter(q.twist for q in sample)
    assert None not in twists, twists
    ties = sum(1 for q in sample if q.settlement.explanation.code in TRICKY)
    assert ties == twists["tie"] and ties >= 100, twists
    assert set(twists) == set(quiz.TWISTS), twists
    # and every question of level 3 is still reproducible from its seed, below the limit
    for q in sample[:40]:
        assert q.seed < SEED_LIMIT and question(3, q.seed).key == q.key


def test_twist_names_what_sets_an_ending_apart() -> None:
    plain = [question(1, seed) for seed in range(60)]
    assert any(q.twist is None for q in plain)
    for q in plain:
        if q.twist is not None:
            assert q.twist == "tie" and q.settlement.explanation.code in TRICKY


def test_higher_levels_bring_more_ties_and_blocks() -> None:
    def share(level: int, pred: object) -> float:
        qs = [question(level, seed) for seed in range(300)]
        return sum(1 for q in qs if pred(q)) / len(qs)  # type: ignore[operator]

    tricky = [share(level, lambda q: q.settlement.explanation.code in TRICKY)
              for level in quiz.LEVELS]
    assert tricky[2] > 2 * tricky[0] and tricky[2] >= 0.12, tricky
    codes = {question(3, seed).settlement.explanation.code for seed in range(800)}  # ties on a half: 1 in 40
    assert TRICKY <= codes


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        question(4, 1)


def find(level: int, pred: object) -> quiz.Question:
    for seed in range(2000):
        q = question(level, seed)
        if pred(q):  # type: ignore[operator]
            return q
    raise AssertionError("no such question")


def test_check_block_winner_and_points() -> None:
    q = find(2, lambda q: q.rules.family == "block" and q.winner is not None)
    assert q.asks_points and q.points == q.settlement.points[q.winner]
    assert check(q, q.winner, q.points).correct
    wrong_points = check(q, q.winner, q.points + 1)
    assert not wrong_points.correct and wrong_points.winner_right
    assert not wrong_points.points_right
    other = (q.winner + 1) % q.state.players
    assert not check(q, other, q.points).winner_right
    assert not check(q, None, None).correct


def test_check_block_nobody_scores_needs_no_points() -> None:
    q = find(3, lambda q: q.settlement.explanation.code == "block_tied_lowest")
    assert q.winner is None and q.points == 0
    assert check(q, None, None).correct and check(q, None, 0).correct
    assert not check(q, None, 5).correct
    assert not check(q, q.settlement.explanation.params["tied"][0], 0).correct  # type: ignore[index]


def test_check_duel_draw_and_gaple_winner() -> None:
    draw = find(3, lambda q: q.settlement.explanation.code == "duel_equal")
    assert not draw.asks_points and draw.settlement.draw
    assert check(draw, None).correct and not check(draw, 0).correct
    g = find(3, lambda q: q.rules.family == "gaple")
    assert g.winner is not None and check(g, g.winner).correct
    assert not check(g, None).correct


def test_out_names_who_went_out() -> None:
    q = find(2, lambda q: q.ending == "domino")
    assert q.out is not None and not q.state.hand_masks[q.out]
    b = find(2, lambda q: q.ending == "blocked")
    assert b.out is None


def test_a_questions_seed_stays_below_the_pages_limit() -> None:
    for level in LEVELS:
        q = question(level, SEED_LIMIT - 1)
        assert 0 <= q.seed < SEED_LIMIT
        assert question(level, q.seed).key == q.key
