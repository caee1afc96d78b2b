"""The command line (CONTRACT.md): the referee's replay, its errors, languages, the
scenario check and the benchmark."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_engine_line import AR, EN, ES, ID, KO, UK

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]

CONTRACT_KEYS = {"id", "status", "ends", "to_move", "hands", "dead", "stock", "totals",
                 "winners", "draw", "points", "legal", "description"}

E1 = """\
id = "e1-one-tile-loss"
rules = "duel"
source = "003"

[start]
hands = [["4-4", "2-3"], ["0-1", "1-1", "2-2"]]
ends = [6, 3]
stock = 14

[[moves]]
play = "2-3"
end = "right"
[[moves]]
play = "2-2"
end = "right"
[[moves]]
pass = true
[[moves]]
pass = true
"""

D2 = """\
id = "d2"
rules = "block"

[start]
hands = [["1-4", "5-5"], ["1-1", "6-6"]]

[[moves]]
play = "1-4"
[[moves]]
play = "1-1"
"""

GAPLE = """\
id = "gaple"
rules = "gaple"

[options]
players = 4
hand_size = 7

[start]
hands = [["0-0", "1-2"], ["0-3", "4-4"], ["0-5", "6-6"], ["2-2", "3-3"]]
stock = 0
must_open = "0-0"

[[moves]]
play = "0-0"
[[moves]]
play = "0-3"
[[moves]]
play = "0-5"
[[moves]]
play = "3-3"
[[moves]]
discard = "1-2"
"""

DRAW = """\
id = "draw"
rules = "duel"

[options]
draw = true

[start]
hands = [["4-4", "1-2"], ["0-1", "5-5"]]
ends = [6, 3]
stock = ["0-0", "3-5", "6-6"]

[[moves]]
draw = true
[[moves]]
draw = true
[[moves]]
play = "3-5"
"""

E9 = """\
id = "e9"
rules = "duel"

[start]
hands = [["0-5", "1-6", "2-4"], ["1-1", "4-4"]]
ends = [6, 3]

[[moves]]
play = "1-6"
[[moves]]
play = "1-1"
[[moves]]
play = "0-5"
end = "right"
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    """Write a scenario file; its id becomes the file's stem, as the contract wants."""
    path = tmp_path / name
    path.write_text(re.sub(r'^id = ".*"', f'id = "{path.stem}"', text, count=1),
                    encoding="utf-8")
    return path


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS`` in this process (its exit status, output and errors):
    the command's own code without a new interpreter per test; one test below runs the
    real command line."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 2
    return subprocess.CompletedProcess(["engine", *map(str, args)], code, out.getvalue(),
                                       err.getvalue())


def run_process(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)


def replay(path: Path, lang: str | None = None) -> dict[str, object]:
    result = run("replay", path, *(["--lang", lang] if lang else []))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    report: dict[str, object] = json.loads(result.stdout)
    return report


# -- replay -------------------------------------------------------------------------


def test_replay_prints_every_contract_key_e1(tmp_path: Path) -> None:
    report = replay(write(tmp_path, "e1-one-tile-loss.toml", E1))
    assert set(report) >= CONTRACT_KEYS
    assert {k: report[k] for k in CONTRACT_KEYS - {"description"}} == {
        "id": "e1-one-tile-loss",
        "status": "blocked",
        "ends": [6, 2],
        "to_move": None,
        "hands": [["4-4"], ["0-1", "1-1"]],
        "dead": [[], []],
        "stock": 14,
        "totals": [8, 3],
        "winners": [1],
        "draw": False,
        "points": [0, 0],
        "legal": [],
    }
    assert str(report["description"]).startswith("Tiles: [2|3], [2|2]")


def test_replay_a_line_played_from_empty_gives_the_documents_description(
        tmp_path: Path) -> None:
    report = replay(write(tmp_path, "d2.toml", D2))
    assert report["description"] == EN["D2"]
    assert report["status"] == "playing" and report["to_move"] == 0
    assert report["ends"] == [1, 4]
    assert report["legal"] == [{"pass": True}]
    assert report["stock"] == 24 and report["winners"] == [] and report["points"] == [0, 0]
    assert report["totals"] == [10, 12]


@pytest.mark.parametrize(("lang", "texts"),
                         [("uk", UK), ("ar", AR), ("ko", KO), ("id", ID), ("es", ES)])
def test_replay_in_the_documents_languages(tmp_path: Path, lang: str,
                                           texts: dict[str, str]) -> None:
    path = write(tmp_path, "d2.toml", D2)
    report = replay(path, lang)
    assert report["description"] == texts["D2"]
    english = replay(path)
    assert {k: v for k, v in report.items() if k != "description"} == {
        k: v for k, v in english.items() if k != "description"}


def test_replay_in_russian(tmp_path: Path) -> None:
    report = replay(write(tmp_path, "d2.toml", D2), "ru")
    text = str(report["description"])
    assert text.startswith("Костяшки: [1|4], [1|1]. Соединения: [1|4] (")
    assert "(линия B, 1)" in text


def test_replay_gaple_must_open_discard_and_a_hand_emptied_by_it(tmp_path: Path) -> None:
    report = replay(write(tmp_path, "gaple.toml", GAPLE))
    assert report["status"] == "emptied" and report["to_move"] is None
    assert report["hands"] == [[], ["4-4"], ["6-6"], ["2-2"]]
    assert report["dead"] == [["1-2"], [], [], []]
    assert report["ends"] == [5, 3]
    assert report["totals"] == [3, 8, 12, 4]
    assert report["winners"] == [0] and report["points"] == [0, 0, 0, 0]


def test_replay_draw_mode_with_the_stock_as_a_list(tmp_path: Path) -> None:
    report = replay(write(tmp_path, "draw.toml", DRAW))
    assert report["status"] == "playing" and report["to_move"] == 1
    assert report["hands"] == [["0-0", "1-2", "4-4"], ["0-1", "5-5"]]
    assert report["stock"] == 1 and report["ends"] == [6, 5]
    assert report["legal"] == [{"play": "5-5", "end": "right"}]


def test_the_first_tile_of_an_empty_line_lies_as_written(tmp_path: Path) -> None:
    text = D2.replace('play = "1-4"', 'play = "4-1"')
    report = replay(write(tmp_path, "d2.toml", text))
    assert report["ends"] == [4, 1]


# -- errors --------------------------------------------------------------------------


def failure(path: Path) -> str:
    result = run("replay", path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{path.name}: ")
    return lines[0]


def test_an_illegal_move_is_one_line_naming_the_file_and_the_move(tmp_path: Path) -> None:
    line = failure(write(tmp_path, "e9.toml", E9))
    assert line == "e9.toml: move 3 (play 0-5 right): 0-5 does not match the right end, 3"


@pytest.mark.parametrize(("name", "text", "where", "why"), [
    ("pass.toml", E1.replace('play = "2-3"\nend = "right"', "pass = true"),
     "move 1 (pass)", "you must play"),
    ("after.toml", E1 + "[[moves]]\npass = true\n", "move 5 (pass)", "the round has ended"),
    ("open.toml", GAPLE.replace('play = "0-0"', 'play = "1-2"'), "move 1 (play 1-2)",
     "the opening play must be 0-0"),
    ("nostock.toml", DRAW.replace('stock = ["0-0", "3-5", "6-6"]', "stock = []"),
     "move 1 (draw)", "the stock is empty"),
    ("able.toml", DRAW.replace('ends = [6, 3]', 'ends = [4, 3]'), "move 1 (draw)",
     "you must play"),
    ("notmine.toml", D2.replace('play = "1-1"', 'play = "6-5"'), "move 2 (play 6-5)",
     "not in the hand"),
    ("gapledraw.toml", GAPLE.replace('discard = "1-2"', "draw = true"), "move 5 (draw)",
     "no drawing"),
])
def test_a_move_the_rules_forbid_names_file_move_and_rule(
        tmp_path: Path, name: str, text: str, where: str, why: str) -> None:
    line = failure(write(tmp_path, name, text))
    assert line.startswith(f"{name}: {where}: ")
    assert why in line


@pytest.mark.parametrize(("name", "text", "why"), [
    ("broken.toml", 'id = "broken"\nrules = [', "not valid TOML"),
    ("extra.toml", E1.replace('source = "003"', 'colour = "red"'), "unknown key"),
    ("twice.toml", E1.replace('"0-1", "1-1"', '"0-1", "4-4"'), "named twice"),
    ("family.toml", E1.replace('rules = "duel"', 'rules = "chess"'), "rules"),
    ("tile.toml", E1.replace('"0-1"', '"0-9"'), "start.hands[1][0]"),
])
def test_an_invalid_file_is_one_line_never_a_traceback(tmp_path: Path, name: str, text: str,
                                                       why: str) -> None:
    assert why in failure(write(tmp_path, name, text))


def test_a_missing_file(tmp_path: Path) -> None:
    assert "no such file" in failure(tmp_path / "nowhere.toml")


def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    result = run("replay", write(tmp_path, "d2.toml", D2), "--lang", "fr")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "fr" in result.stderr


# -- check ---------------------------------------------------------------------------


def test_check_validates_files_and_their_expectations(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "e1-one-tile-loss.toml",
          E1 + '\n[expect]\nstatus = "blocked"\ntotals = [8, 3]\nwinners = [1]\n')
    assert main(["check", str(tmp_path)]) == 0
    assert "1 file(s) checked" in capsys.readouterr().out
    write(tmp_path, "d2.toml", D2 + '\n[expect]\nends = [4, 1]\n')
    assert main(["check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "expect.ends" in err and "Traceback" not in err



@pytest.mark.parametrize(("expect", "message"), [
    ("legal = 7", "e1-one-tile-loss.toml: expect.legal: must be a list of moves"),
    ("legal = [1, 2]", "e1-one-tile-loss.toml: expect.legal: must be a list of moves"),
    ('[expect.descriptions]\nxx = "Tiles: none."',
     "e1-one-tile-loss.toml: expect.descriptions.xx: no such language (en, uk, ru, ar, ko, id, es)"),
])
def test_check_names_a_malformed_expectation_and_checks_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], expect: str, message: str) -> None:
    write(tmp_path, "e1-one-tile-loss.toml", E1 + "\n[expect]\n" + expect + "\n")
    write(tmp_path, "d2.toml", D2 + '\n[expect]\nends = [4, 1]\n')  # wrong: reported too
    assert main(["check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "d2.toml: expect.ends" in err and "Traceback" not in err

# -- bench ---------------------------------------------------------------------------

BENCH_KEYS = {"rules", "players", "games", "seconds", "playouts_per_s"}


@pytest.mark.parametrize(("args", "name", "players"), [
    (["--rules", "block", "--players", "2"], "block-2", 2),
    (["--rules", "block", "--players", "3"], "block-3", 3),
    (["--rules", "block", "--players", "4"], "block-4", 4),
    (["--rules", "gaple", "--players", "4"], "gaple-4x6", 4),
    (["--rules", "gaple", "--players", "5"], "gaple-5", 5),
    (["--rules", "gaple", "--players", "4", "--hand-size", "7"], "gaple-4x7", 4),
    (["--rules", "duel"], "duel", 2),
    (["--rules", "duel", "--draw"], "duel-draw", 2),
])
def test_bench_prints_one_json_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                    name: str, players: int) -> None:
    assert main(["bench", *args, "--games", "25", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    report = json.loads(out)
    assert set(report) >= BENCH_KEYS
    assert (report["rules"], report["players"], report["games"]) == (name, players, 25)
    assert report["seconds"] >= 0 and report["playouts_per_s"] > 0


def test_bench_from_the_command_line() -> None:
    result = run_process("bench", "--rules", "block", "--players", "3", "--games", "10",
                         "--seed", "1")
    assert result.returncode == 0 and result.stderr == ""
    assert set(json.loads(result.stdout)) >= BENCH_KEYS


def test_bench_refuses_impossible_options() -> None:
    result = run("bench", "--rules", "gaple", "--players", "3", "--games", "5")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1


# -- solve ----------------------------------------------------------------------------

E3_START = """\
id = "e3"
rules = "duel"

[start]
hands = [["2-2"], ["0-0", "0-2"]]
ends = [1, 0]
stock = 14

[[moves]]
pass = true
"""

SOLVE_KEYS = {"to_move", "value", "best", "line", "nodes", "seconds", "exact", "moves"}


def test_solve_prints_every_key_with_each_moves_value(tmp_path: Path) -> None:
    result = run("solve", write(tmp_path, "e3.toml", E3_START))
    assert result.returncode == 0 and result.stderr == ""
    out = json.loads(result.stdout)
    assert set(out) == SOLVE_KEYS
    assert (out["to_move"], out["value"], out["exact"]) == (1, 1, True)
    assert out["best"] == [{"play": "0-0", "end": "right"}]
    assert out["moves"] == [{"move": {"play": "0-0", "end": "right"}, "value": 1},
                            {"move": {"play": "0-2", "end": "right"}, "value": -1}]
    assert out["line"][0] == {"play": "0-0", "end": "right"}


def test_solve_with_a_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(write(tmp_path, "e3.toml", E3_START)), "--seconds", "0.5"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"] is True


@pytest.mark.parametrize("seconds", ["0", "-1", "inf", "nan", "soon"])
def test_solve_refuses_a_budget_that_is_not_a_positive_number(
        tmp_path: Path, seconds: str) -> None:
    result = run("solve", write(tmp_path, "e3.toml", E3_START), "--seconds", seconds)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"python -m engine solve: argument --seconds: {seconds!r} "
        + ("is not a number of seconds" if seconds == "soon" else
           "must be a number of seconds above 0")]


def test_a_folder_given_as_the_file_is_named_as_given() -> None:
    result = run("replay", ".")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [".: not a regular file"]


def test_solve_refuses_draw_mode_with_a_counted_stock(tmp_path: Path) -> None:
    counted = DRAW.replace('stock = ["0-0", "3-5", "6-6"]', "stock = 3").split("[[moves]]")[0]
    path = write(tmp_path, "counted.toml", counted)
    result = run("solve", path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("counted.toml: ") and "stock" in result.stderr
    # the same game with the stock as a list solves:
    listed = run("solve", write(tmp_path, "draw.toml", DRAW))
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout)["exact"] is True
