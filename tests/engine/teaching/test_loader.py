"""The loader refuses each kind of malformed file with one line naming the file and the
field or move, never a traceback (CONTRACT.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.teaching.lessons import check_paths, load_all, load_lesson, parse_lesson
from engine.teaching.referee import check
from engine.teaching.scenario import ScenarioError, load, parse

ROOT = Path(__file__).resolve().parents[3]
BAD = ROOT / "tests" / "data" / "bad"

# file → the whole one-line error
REJECTIONS = {
    "gaple-pass-variant-dead.toml":
        "gaple-pass-variant-dead.toml: start.dead: no dead tiles in the pass variant "
        "(dead_tiles = false)",
    "gaple-empty-hand.toml": "gaple-empty-hand.toml: start.hands[1]: is empty: a round ends "
        "when a hand empties, so start from the position before",
    "all-hands-empty.toml": "all-hands-empty.toml: start.hands[0]: is empty: a round ends "
        "when a hand empties, so start from the position before",
    "unknown-key.toml": "unknown-key.toml: colour: unknown key",
    "unknown-start-key.toml": "unknown-start-key.toml: start.hand: unknown key",
    "tile-twice.toml":
        "tile-twice.toml: start.hands[1][0]: 2-3 is named twice (also at start.hands[0][1])",
    "line-not-joining.toml":
        "line-not-joining.toml: start.line: [4|4] written 4-4 does not join 5, the right half "
        "of its left neighbour",
    "e9.toml": "e9.toml: move 3 (play 0-5 right): 0-5 does not match the right end, 3",
    "move-after-end.toml": "move-after-end.toml: move 4 (pass): the round has ended",
    "must-open-breach.toml":
        "must-open-breach.toml: move 1 (play 1-2): the opening play must be 0-0",
    "must-open-wrong-player.toml":
        "must-open-wrong-player.toml: start.must_open: 0-0 must be in the hand of the player to "
        "move, player 0",
    "draw-empty-stock.toml": "draw-empty-stock.toml: move 1 (draw): the stock is empty: pass",
    "pass-while-playable.toml":
        "pass-while-playable.toml: move 1 (pass): you hold 2-5, which fits the 5: you must play",
    "ends-bool.toml":
        "ends-bool.toml: start.ends: must be two values from 0 to 6, left then right",
    "rules-number.toml": 'rules-number.toml: rules: must be one of "block", "gaple" or "duel"',
    "id-empty.toml": "id-empty.toml: id: is empty: it must equal the file's stem",
    "tile-fullwidth.toml":
        "tile-fullwidth.toml: start.hands[0][0]: '４-４' is not a tile: write it as a-b, such as 2-5",
    "tile-spaces.toml":
        "tile-spaces.toml: start.hands[0][0]: ' 4 - 4 ' is not a tile: write it as a-b, such as 2-5",
    "option-as-text.toml":
        "option-as-text.toml: options: option 'draw' must be true or false, not 'yes'",
    "byte-order-mark.toml": "byte-order-mark.toml: not valid TOML: it begins with a byte-order "
        "mark (save it as UTF-8 without one)",
    "hand-too-big.toml": "hand-too-big.toml: start.hands[0]: 8 tiles: more than the 7 dealt, "
        "and nobody draws here",
}


def test_every_bad_file_is_covered() -> None:
    assert sorted(p.name for p in BAD.glob("*.toml")) == sorted(REJECTIONS)


@pytest.mark.parametrize("name", sorted(REJECTIONS))
def test_rejection_names_the_file_and_the_field_or_move(name: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load(BAD / name)
    message = str(info.value)
    assert "\n" not in message
    assert message == REJECTIONS[name]
    assert info.value.file == name


@pytest.mark.parametrize("name", ["e9.toml", "tile-twice.toml", "unknown-key.toml",
                                  "pass-while-playable.toml"])
def test_referee_exits_2_with_one_line(name: str) -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(BAD / name)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 2
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    assert out.stderr.splitlines() == [REJECTIONS[name]]


def test_referee_missing_file_is_one_line() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(BAD / "nowhere.toml")],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 2
    assert out.stderr.splitlines() == ["nowhere.toml: no such file"]


def test_check_reports_every_bad_file_on_its_own_line() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "check", str(BAD)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    for message in REJECTIONS.values():
        assert message in lines
    assert lines[-1].endswith("file(s)")


def test_not_valid_toml_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('id = "broken"\nrules = \n', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    assert str(info.value).startswith("broken.toml: not valid TOML")
    assert "\n" not in str(info.value)


def test_id_must_equal_the_stem(tmp_path: Path) -> None:
    path = tmp_path / "here.toml"
    path.write_text('id = "there"\nrules = "block"\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^here\.toml: id: 'there' must equal"):
        load(path)


def test_unknown_expect_key_is_refused() -> None:
    data = {"id": "x", "rules": "block", "start": {"hands": [["1-4"], ["1-1"]]},
            "expect": {"winner": [0]}}
    with pytest.raises(ScenarioError, match=r"^x\.toml: expect\.winner: unknown key$"):
        parse(data, "x.toml")


def test_a_wrong_expectation_is_reported() -> None:
    data = {"id": "x", "rules": "duel",
            "start": {"ends": [6, 3], "hands": [["4-4"], ["0-1"]], "stock": 14},
            "moves": [{"pass": True}, {"pass": True}],
            "expect": {"status": "blocked", "winners": [0]}}
    assert check(parse(data, "x.toml")) == ["expect.winners: expected [0], got [1]"]


# -- lessons ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def scenarios():  # type: ignore[no-untyped-def]
    return load_all(ROOT / "scenarios")[0]


@pytest.mark.parametrize(("name", "message"), [
    ("lesson-missing-scenario.toml",
     "lesson-missing-scenario.toml: steps[2].scenario: no scenario with id 'no-such-scenario'"),
    ("lesson-unknown-key.toml", "lesson-unknown-key.toml: steps[1].txt: unknown key"),
])
def test_bad_lesson_is_one_line(name: str, message: str, scenarios) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ScenarioError) as info:
        load_lesson(BAD / "lessons" / name, scenarios)
    assert str(info.value) == message


def test_check_reports_bad_lessons_against_the_real_scenarios() -> None:
    problems, count = check_paths([str(ROOT / "scenarios"), str(BAD / "lessons")])
    assert problems == [
        "lesson-missing-scenario.toml: steps[2].scenario: no scenario with id 'no-such-scenario'",
        "lesson-unknown-key.toml: steps[1].txt: unknown key",
    ]
    assert count > 2


@pytest.mark.parametrize(("step", "where"), [
    ({"id": "a", "scenario": "d1-one-four", "task": {"kind": "guess"}}, "steps[1].task.kind"),
    ({"id": "a", "scenario": "d1-one-four", "at": 5}, "steps[1].at"),
    # two moves here ([1|1] on the 1, [3|4] on the 4; D4's [0|5] on either 0 would be one)
    ({"id": "a", "scenario": "d5-double-four", "at": 1, "task": {"kind": "only_move"}},
     "steps[1].task"),
    ({"id": "a", "scenario": "d1-one-four", "task": {"kind": "winner"}}, "steps[1].task"),
    ({"id": "a", "scenario": "d2-double-one", "at": 1,
      "task": {"kind": "play", "accept": [{"play": "3-5"}]}}, "steps[1].task.accept[0]"),
])
def test_lesson_task_must_make_sense_where_it_stands(step: dict[str, object], where: str,
                                                     scenarios) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ScenarioError) as info:
        parse_lesson({"id": "l", "steps": [step]}, "l.toml", scenarios)
    assert info.value.where == where


def test_check_reports_a_pipe_a_folder_and_a_deep_file_and_checks_the_rest(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    import shutil
    good = min((ROOT / "scenarios").glob("*.toml"))
    shutil.copy(good, tmp_path / good.name)
    shutil.copy(BAD / "e9.toml", tmp_path / "e9.toml")
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "dir.toml").mkdir()
    (tmp_path / "deep.toml").write_text(
        'id = "deep"\nrules = "block"\nx = ' + "[" * 5000 + "]" * 5000 + "\n")
    out = subprocess.run([sys.executable, "-m", "engine", "check", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT, check=False, timeout=60)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    lines = (out.stdout + out.stderr).splitlines()
    assert "pipe.toml: not a regular file" in lines
    assert "dir.toml: not a regular file" in lines
    assert "deep.toml: nested too deeply" in lines
    assert REJECTIONS["e9.toml"] in lines
    assert not any(line.startswith(good.name) for line in lines)
