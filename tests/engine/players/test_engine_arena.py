"""The arena (engine/players/arena.py, CONTRACT.md "Arena"): duplicate deals, the 95%
interval from per-deal results, and the command line's JSON and errors."""

from __future__ import annotations

import json
import math
import statistics

import pytest

from engine.cli import main
from engine.game.rules import block, duel, gaple
from engine.players.arena import interval, run

KEYS = {"rules", "players", "deals", "games", "bots", "score", "ci95", "wins", "draws",
        "seconds", "ms_per_move"}


def test_the_interval_on_a_hand_made_example() -> None:
    # Per-deal results 1, 2, 3, 4: mean 2.5, sample sd √(5/3) = 1.2910, half width
    # 1.96 · 1.2910 / √4 = 1.2652.
    mean, low, high = interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert low == pytest.approx(2.5 - 1.959964 * math.sqrt(5 / 3) / 2, abs=1e-6)
    assert (low, high) == pytest.approx((1.2348, 3.7652), abs=1e-4)
    assert interval([3.0]) == (3.0, 3.0, 3.0)
    with pytest.raises(ValueError):
        interval([])


def test_the_same_bot_in_every_seat_scores_exactly_zero_over_duplicate_deals() -> None:
    # Each deal is played once per rotation: a deterministic bot against itself
    # holds each hand once, so the per-deal results cancel exactly.
    result = run(block(2), ["heaviest", "heaviest"], deals=20, seed=5)
    assert result["score"] == [0.0, 0.0]
    assert result["ci95"] == [[0.0, 0.0], [0.0, 0.0]]
    assert result["games"] == 40


def test_the_interval_is_computed_from_per_deal_results() -> None:
    result = run(duel(), ["counting", "random"], deals=15, seed=2)
    score, ci = result["score"], result["ci95"]
    assert isinstance(score, list) and isinstance(ci, list)
    assert score[0] == pytest.approx(-score[1], abs=1e-9)  # a two-player duel is zero-sum
    low, high = ci[0]
    assert low <= score[0] <= high
    half = (high - low) / 2
    # Per-deal results are means of two games of +1 / 0 / −1: the half width is
    # 1.96 sd / √15 with sd at most 1.
    assert 0 <= half <= 1.96 / math.sqrt(15) + 1e-3
    wins = result["wins"]
    assert isinstance(wins, list) and sum(wins) + result["draws"] == 30  # type: ignore[operator]


def test_gaple_scores_are_places_and_sum_to_zero() -> None:
    result = run(gaple(4), ["counting", "heaviest", "random", "heaviest"], deals=6, seed=1)
    score = result["score"]
    assert isinstance(score, list) and sum(score) == pytest.approx(0.0, abs=1e-2)
    assert all(-1.5 <= s <= 1.5 for s in score)
    wins = result["wins"]
    assert isinstance(wins, list) and sum(wins) == 24 and result["draws"] == 0


def test_the_command_prints_the_contracts_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--rules", "duel", "--draw", "--bots", "counting,heaviest",
                 "--deals", "3", "--seed", "4"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and set(out) == KEYS
    assert out["rules"] == "duel" and out["players"] == 2 and out["bots"] == ["counting",
                                                                             "heaviest"]
    assert out["deals"] == 3 and out["games"] == 6
    assert len(out["score"]) == len(out["ci95"]) == len(out["ms_per_move"]) == 2
    assert statistics.fmean(out["score"]) == pytest.approx(0.0, abs=1e-3)


@pytest.mark.parametrize("args", [
    ["--rules", "block", "--bots", "strong,wizard"],
    ["--rules", "block", "--bots", "strong"],
    ["--rules", "block", "--players", "7", "--bots", "random,random"],
    ["--rules", "block", "--draw", "--bots", "random,random"],
    ["--rules", "gaple", "--players", "4", "--hand-size", "9", "--bots", "random,random,random,random"],
    ["--rules", "duel", "--bots", "random,random", "--deals", "0"],
    ["--rules", "duel", "--bots", "random,random", "--budget", "0"],
    ["--rules", "duel", "--bots", "random,random", "--budget", "inf"],
    ["--rules", "poker", "--bots", "random,random"],
    ["--rules", "duel"],
    ["--rules", "duel", "--bots", "random,random", "--deals", "many"],
])
def test_bad_arguments_are_one_line_and_exit_2(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        raise SystemExit(main(["arena", *args]))
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.strip() and len(err.strip().splitlines()) == 1 and "Traceback" not in err
