"""``python -m engine appraise FILE [--seat N] [--seconds S] [--seed N]`` (CONTRACT.md
"Appraisal"): its JSON keys and values, its refusals, and the same answer for the same
seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_engine_cli import DRAW, E3_START, ROOT, run, run_process, write

#: E3 after White's pass: Black holds [0|0] and [0|2] at the ends 1 and 0, White one
#: tile that shows neither 0 nor 1 (it passed there): one of 15.  [0|0] keeps the 0,
#: White passes again and Black goes out: +1 on every deal.  [0|2] opens a 2: White
#: goes out with any of its 5 tiles with a 2 (−1), else both pass and Black's [0|0]
#: wins the block (+1): (10 − 5) / 15 = 1/3.
E3_AFTER_THE_PASS = E3_START  # test_engine_cli's solver file

KEYS = {"seat", "exact", "deals", "seconds", "moves", "best"}
MOVE_KEYS = {"move", "expected", "stderr", "loss", "margin", "class"}


def appraise_json(*args: str | Path) -> dict[str, Any]:
    result = run("appraise", *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def test_appraise_prints_the_contracts_keys_and_values(tmp_path: Path) -> None:
    out = appraise_json(write(tmp_path, "e3.toml", E3_AFTER_THE_PASS))
    assert KEYS <= set(out)
    assert (out["seat"], out["exact"], out["deals"], out["consistent"]) == (1, True, 15, 15)
    moves = out["moves"]
    assert isinstance(moves, list) and all(set(m) == MOVE_KEYS for m in moves)
    assert moves[0] == {"move": {"play": "0-0", "end": "right"}, "expected": 1.0,
                        "stderr": 0.0, "loss": 0.0, "margin": 0.0, "class": "best"}
    assert moves[1]["move"] == {"play": "0-2", "end": "right"}
    assert moves[1]["expected"] == pytest.approx(1 / 3, abs=1e-12)
    assert moves[1]["loss"] == pytest.approx(2 / 3, abs=1e-12)
    assert (moves[1]["stderr"], moves[1]["class"]) == (0.0, "blunder")
    assert out["best"] == [{"play": "0-0", "end": "right"}]


def test_the_seat_may_be_named_when_it_is_the_movers(tmp_path: Path) -> None:
    path = write(tmp_path, "e3.toml", E3_AFTER_THE_PASS)
    assert appraise_json(path, "--seat", "1")["seat"] == 1


@pytest.mark.parametrize("seat", ["0", "4", "-1"])
def test_a_seat_not_to_move_is_one_line_naming_the_file(tmp_path: Path, seat: str) -> None:
    result = run("appraise", write(tmp_path, "e3.toml", E3_AFTER_THE_PASS), "--seat", seat)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"e3.toml: --seat {seat}: player 1 is to move, not player {seat}"]


def test_an_ended_round_is_one_line_naming_the_file() -> None:
    result = run("appraise", ROOT / "scenarios" / "e3-empty-hand-wins.toml")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "e3-empty-hand-wins.toml: the round has ended (domino): no move to appraise"]


@pytest.mark.parametrize("args", [["--seconds", "0"], ["--seconds", "soon"],
                                  ["--seat", "one"], ["--seed", "x"]])
def test_bad_options_are_refused(tmp_path: Path, args: list[str]) -> None:
    result = run("appraise", write(tmp_path, "e3.toml", E3_AFTER_THE_PASS), *args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and args[0] in result.stderr


def test_a_seats_view_given_as_a_position_code() -> None:
    # E3 after White's pass as Black sees it: White holds one tile and lacks 0 and 1.
    by_code = appraise_json("--position", "d2/*1.0002/1*0/*14/1p1/n01.-")
    assert (by_code["seat"], by_code["exact"], by_code["deals"]) == (1, True, 15)
    assert [m["class"] for m in by_code["moves"]] == ["best", "blunder"]


@pytest.mark.parametrize(("code", "problem"), [
    ("d2/*1.0002/1*0/*14/1p1/n0123456.-",  # White lacks every value, yet holds a tile
     "position: no deal of the hidden tiles fits what the view shows"),
    ("d2/*1.0002/1*0/*14/0p0/n01.-",  # White is to move, but only Black's tiles are shown
     "position: this is seat 1's view: seat 0's tiles are not shown"),
])
def test_a_position_code_that_cannot_be_appraised_is_one_line(code: str, problem: str) -> None:
    result = run("appraise", "--position", code)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [problem]


def test_the_same_seed_gives_the_same_answer() -> None:
    # 11,628 deals: solved in a random order until every standard error is small enough
    # (a generous budget, so that the time never decides when to stop).
    demo = ROOT / "scenarios" / "demo-reading-ends.toml"
    one = appraise_json(demo, "--seed", "5", "--seconds", "120")
    two = appraise_json(demo, "--seed", "5", "--seconds", "120")
    other = appraise_json(demo, "--seed", "6", "--seconds", "120")
    assert one["exact"] is False and one["consistent"] == 11628
    assert one.pop("seconds") is not None and two.pop("seconds") is not None
    assert one == two
    assert [m["expected"] for m in other["moves"]] != [m["expected"] for m in one["moves"]]


def test_draw_mode_with_a_counted_stock_is_appraised_over_its_orders(tmp_path: Path) -> None:
    # The solver refuses this file (it needs the stock's order); the appraisal averages
    # over every order the view allows.  The mover holds nothing for 6 or 3: it must draw.
    counted = DRAW.replace('stock = ["0-0", "3-5", "6-6"]', "stock = 3").split("[[moves]]")[0]
    out = appraise_json(write(tmp_path, "counted.toml", counted), "--seconds", "0.5")
    assert out["exact"] is False
    assert out["moves"] == [{"move": {"draw": True}, "expected": out["moves"][0]["expected"],
                             "stderr": out["moves"][0]["stderr"], "loss": 0.0,
                             "margin": 0.0, "class": "forced"}]


def test_appraise_from_the_command_line() -> None:
    result = run_process("appraise", "scenarios/demo-reading-ends.toml", "--seed", "1",
                         "--seconds", "60")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["seat"] == 1
    assert out["moves"][0]["move"] == {"play": "2-4", "end": "left"}
