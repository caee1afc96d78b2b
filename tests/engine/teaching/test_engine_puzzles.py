"""Puzzles: the ``[puzzle]`` table (engine/teaching/puzzle.py), its themes (engine/teaching/themes.py), the bank's
generator and its command (engine/teaching/puzzles.py), and the bank itself (scenarios/puzzles/)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from engine.game.moves import Move
from engine.game.view import view
from engine.notation.code import parse_position
from engine.search.appraise import BANDS
from engine.teaching import puzzle as puzzle_data
from engine.teaching.lessons import check_paths
from engine.teaching.principles import PRINCIPLES, decides_at
from engine.teaching.puzzles import TABLES, search, write
from engine.teaching.scenario import ScenarioError, find, load, loads
from engine.teaching.themes import THEMES, contrast, themes

ROOT = Path(__file__).resolve().parents[3]
BANK = ROOT / "scenarios" / "puzzles"


def view_of(code: str, seat: int = 0):  # type: ignore[no-untyped-def]
    return parse_position(code).view(seat)


def moves(*texts: str) -> list[Move]:
    return [Move.parse(t) for t in texts]


# -- themes -------------------------------------------------------------------------


def test_blocking_a_number_a_seat_has_shown_it_lacks() -> None:
    # Ends 1 and 5; South (seat 1) has passed on them. [1|1] keeps both shut for South,
    # [1|4] opens a 4 South may hold.
    v = view_of("b2/111426.*3/1*5/*14/0/n-.15")
    found = themes(v, moves("play 1-1 left"), moves("play 1-4 left"))
    assert "block" in found
    assert contrast(v, Move.parse("play 1-1 left"), Move.parse("play 1-4 left")) == (
        ("lacks", {"seat": 1, "value": 1}),)


def test_keeping_a_number_only_you_hold() -> None:
    # Every 6 but [3|6] and [6|6] is on the line (ends 5 and 6); the mover holds both.
    # [6|6] on the 6 leaves a 6 nobody else can answer, and the mover still holds [3|6].
    v = view_of("d2/3666.*3/56R60R02R26R61R14R46/*16/0")
    best, wrong = Move.parse("play 6-6 right"), Move.parse("play 3-6 right")
    assert set(v.legal) == {best, wrong}
    assert "keep" in themes(v, [best], [wrong])
    assert ("only_you", {"value": 6}) in contrast(v, best, wrong)


def test_counting_the_tiles_out_of_play() -> None:
    # Block, 2 players: six 5s on the line, the seventh ([3|5]) in the mover's hand. On the
    # 3 it leaves 5 at both ends, and counting says no tile can follow: the block.
    v = view_of("b2/1135.*3/05R55R51R12R25R54R46R65L30/*14/0")
    best, wrong = Move.parse("play 3-5 left"), Move.parse("play 3-5 right")
    assert set(v.legal) == {best, wrong}
    assert "count" in themes(v, [best], [wrong])
    assert contrast(v, best, wrong) == (("all_out", {"value": 5}),)


def test_going_out_and_shedding_weight() -> None:
    # Two tiles left, [6|6] and [0|3] on ends 6 and 3: [6|6] leaves [0|3] fitting the 3 and
    # sheds twelve pips; [0|3] leaves [6|6] on a 0 and a 6 ... which also fits.
    v = view_of("b2/0366.*2/6*3/*14/0")
    best, wrong = moves("play 6-6 left"), moves("play 0-3 right")
    found = themes(v, best, wrong)
    assert "shed" in found
    facts = contrast(v, best[0], wrong[0])
    assert ("heavier", {"tile": "6-6", "value": 12, "other": 3}) in facts


def test_the_last_tile_goes_out() -> None:
    v = view_of("b3/12.*2.*2/1*4/*13/0")
    found = themes(v, moves("play 1-2 left"), moves("play 1-2 left"))
    assert found == ()  # the same move on both sides is no theme
    # [4|4] on the 4 leaves [2|4] fitting; [2|4] on the 4 leaves 2 and 2, where [4|4] is stuck.
    v = view_of("b2/2444.*2/2*4/*17/0")
    assert "out" in themes(v, moves("play 4-4 right"), moves("play 2-4 right"))
    assert ("leaves_out", {"tile": "2-4"}) in contrast(v, Move.parse("play 4-4 right"),
                                                        Move.parse("play 2-4 right"))


def test_gaples_dead_tile_and_the_draw_and_the_blank_double() -> None:
    dead = view_of("g4x6/5566.*5.*5.*5/1*2/*3/0")
    assert all(m.kind == "discard" for m in dead.legal)
    assert themes(dead, [dead.legal[0]], [dead.legal[1]]) == ("dead_tile",)
    draw = view_of("d2d/0013.*2/1*3/*3/0")
    found = themes(draw, moves("play 1-3 right"), moves("play 0-1 left"))
    assert "draw" in found
    late = view_of("d2/0002.*1/1*0/*13/0")
    assert "blank_double" in themes(late, moves("play 0-0 right"), moves("play 0-2 right"))


# -- the [puzzle] table --------------------------------------------------------------

GOOD = BANK / "puzzle-d2-1-0000.toml"


def puzzle_text(change: tuple[str, str] | None = None, add: str = "") -> str:
    text = GOOD.read_text(encoding="utf-8")
    if change is not None:
        assert change[0] in text
        text = text.replace(change[0], change[1], 1)
    return text + add


def test_a_puzzle_file_loads_with_its_figures() -> None:
    s = load(GOOD)
    p = s.puzzle
    assert p is not None and p.seat == s.replay().mover
    assert p.best and all(p.figure(m) is not None for m in p.best)
    assert p.moves[0].expected - p.moves[-1].expected >= p.margin > 0
    assert p.margin >= puzzle_data.margin_needed("duel", p.certain)
    assert puzzle_data.verify(s.replay(), p) == []


@pytest.mark.parametrize(("change", "where", "message"), [
    (("seat = 0", "seat = 1"), "puzzle.seat", "player 0 is to move after the moves"),
    (("certain = false", "certain = 2"), "puzzle.certain", "true or false"),
    (("themes = [", 'themes = ["luck", '), "puzzle.themes", "'luck' is not a theme"),
    (("best = [{play", "best = [{play = \"6-6\"}, {play"), "puzzle.best[0]",
     "not in puzzle.moves"),
    (("rating = ", "rating = 9"), "puzzle.rating", "whole number from 400 to 2800"),
    (("margin = ", "margin = \"a\" #"), "puzzle.margin", "not a number"),
    (("moves = [", "moves = [\n  {play = \"9-9\", expected = 0.0},"), "puzzle.moves[0]",
     "not a tile"),
])
def test_a_malformed_puzzle_table_is_refused_clearly(change: tuple[str, str], where: str,
                                                      message: str) -> None:
    with pytest.raises(ScenarioError) as e:
        loads(puzzle_text(change), "bad.toml")
    assert e.value.where == where and message in e.value.message


def test_an_unknown_key_in_the_puzzle_table_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"puzzle\.hint: unknown key"):
        loads(puzzle_text(("[puzzle]\n", "[puzzle]\nhint = \"x\"\n")), "bad.toml")


@pytest.mark.parametrize(("pattern", "to", "problem"), [
    (r"expected = [-0-9.]+", "expected = 0.9", "is expected to score"),
    (r"margin = [-0-9.]+", "margin = 2.5", "puzzle.margin"),
    (r"themes = \[", 'themes = ["keep", ', "puzzle.themes"),
    (r"deals = \d+", "deals = 7", "puzzle.deals: the view allows"),
])
def test_a_puzzle_whose_figures_no_longer_hold_fails_the_check(
        tmp_path: Path, pattern: str, to: str, problem: str) -> None:
    text = re.sub(pattern, to, GOOD.read_text(encoding="utf-8"), count=1)
    (tmp_path / GOOD.name).write_text(text, encoding="utf-8")
    problems, count = check_paths([str(tmp_path)])
    assert count == 1
    assert problems and problem in problems[0] and problems[0].startswith(GOOD.name)


def test_a_puzzle_whose_answer_changed_fails_the_check(tmp_path: Path) -> None:
    s = load(GOOD)
    assert s.puzzle is not None
    wrong = next(f.move for f in s.puzzle.moves if f.move not in s.puzzle.best)
    text = GOOD.read_text(encoding="utf-8")
    best_line = next(line for line in text.splitlines() if line.startswith("best = "))
    text = text.replace(best_line, f"best = [{puzzle_data._move_toml(wrong)}]")
    (tmp_path / GOOD.name).write_text(text, encoding="utf-8")
    problems, _ = check_paths([str(tmp_path)])
    assert any("puzzle.best: the best is now" in p for p in problems)


def test_the_table_round_trips_through_toml() -> None:
    p = load(GOOD).puzzle
    assert p is not None
    again = puzzle_data.parse(tomllib.loads(puzzle_data.to_toml(p))["puzzle"], TABLES["d2"])
    assert again == p


# -- the generator and its command ----------------------------------------------------


def test_the_same_seed_finds_the_same_puzzles() -> None:
    first = [(f.id, f.puzzle) for f in search("d2", TABLES["d2"], 3, seed=7)]
    again = [(f.id, f.puzzle) for f in search("d2", TABLES["d2"], 3, seed=7)]
    assert first == again and len(first) == 3
    for found in search("b3", TABLES["b3"], 2, seed=7):
        s = loads(found.text(), "x.toml", stem=found.id)
        assert s.puzzle == found.puzzle
        assert puzzle_data.qualifies("block", found.puzzle.figures)
        assert puzzle_data.verify(s.replay(), found.puzzle) == []


def test_a_theme_asked_for_is_in_every_puzzle_found() -> None:
    for found in search("d2d", TABLES["d2d"], 2, seed=3, theme="draw"):
        assert "draw" in found.puzzle.themes


def test_a_principle_asked_for_decides_at_every_puzzle_found() -> None:
    """--principle: only decisions where the Strategy principle decides (the first of a
    round that does, not only its first clear one): how the course's thin lessons got
    their practice."""
    control = next(p for p in PRINCIPLES if p.key == "control")
    found = list(search("g4x7", TABLES["g4x7"], 2, seed=3, principle=control))
    assert [f.id for f in found] == ["puzzle-g4x7-3-0009", "puzzle-g4x7-3-0064"]
    for f in found:
        state = f.start.copy()
        for move in f.moves:
            state.push(move)
        assert decides_at(control, view(state, f.puzzle.seat), f.puzzle.figures)
        assert "--principle control" in f.note


def test_the_command_writes_checked_files(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "puzzles", "--rules", "d2",
                          "--count", "2", "--seed", "11", "--out", str(tmp_path), "--quiet"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    files = sorted(tmp_path.glob("*.toml"))
    assert [str(f) for f in files] == sorted(out.stdout.split())
    assert len(files) == 2 and all(re.fullmatch(r"puzzle-d2-11-\d{4}", f.stem) for f in files)
    checked = subprocess.run([sys.executable, "-m", "engine", "check", str(tmp_path)],
                             capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert checked.returncode == 0 and "2 file(s) checked" in checked.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--rules", "b9"], "--rules b9: write all, or one of b2"),
    (["--rules", "d2", "--theme", "luck"], "--theme luck: one of block"),
    (["--rules", "d2", "--principle", "luck"], "--principle luck: one of heavy_first"),
    (["--rules", "b2", "--principle", "control"],
     "--principle control is measured in gaple-4x6, gaple-4x7, gaple-5, duel-draw, not in b2"),
])
def test_the_command_refuses_what_it_cannot_make(tmp_path: Path, args: list[str],
                                                 message: str) -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "puzzles", *args, "--count", "1",
                          "--out", str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                         check=False)
    assert out.returncode == 2
    assert out.stderr.startswith(message) and len(out.stderr.splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_write_refuses_a_count_below_one(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="--count must be at least 1"):
        write(tmp_path, "d2", 0, 1)


# -- the bank --------------------------------------------------------------------------


def bank() -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in find([BANK]):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out.append((str(data["rules"]), data))
    return out


def test_the_bank_has_300_puzzles_over_every_table() -> None:
    from engine.game.rules import preset
    from engine.notation.code import rules_code

    files = bank()
    assert len(files) >= 300
    tables = Counter(rules_code(preset(family, data.get("options", {})))  # type: ignore[arg-type]
                     for family, data in files)
    assert set(tables) == set(TABLES)
    assert min(tables.values()) >= 30


def test_every_theme_has_puzzles_in_the_bank() -> None:
    counts = Counter(t for _, data in bank()
                     for t in data["puzzle"]["themes"])  # type: ignore[index,union-attr]
    assert set(counts) == set(THEMES)
    assert min(counts.values()) >= 10, counts


def test_the_bands_the_margins_come_from() -> None:
    assert {f: puzzle_data.margin_needed(f, False) for f in BANDS} == {
        "block": 3.0, "gaple": 0.3, "duel": 0.2}
    assert puzzle_data.margin_needed("duel", True) == 0.1
