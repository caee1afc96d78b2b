"""The site's content (ui/content.py): loaded once per version of the files, a bad file
left out and named, an edited folder picked up after the recheck interval."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ui import content as content_module
from ui.content import content

ROOT = Path(__file__).resolve().parents[2]
E1 = ROOT / "scenarios" / "e1-one-tile-loss.toml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(E1, tmp_path / E1.name)
    monkeypatch.setenv("DOMINO_SCENARIOS_DIR", str(tmp_path))
    return tmp_path


def test_the_folders_scenarios_are_loaded_and_a_bad_file_is_named(folder: Path) -> None:
    (folder / "broken.toml").write_text('id = "broken"\nrules = [', encoding="utf-8")
    found = content()
    assert list(found.scenarios) == ["e1-one-tile-loss"]
    assert len(found.problems) == 1 and found.problems[0].startswith("broken.toml: ")


def test_an_edit_is_seen_after_the_recheck_interval_not_on_every_run(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(content_module.time, "monotonic", lambda: clock[0])
    first = content()
    assert set(first.scenarios) == {"e1-one-tile-loss"}
    text = E1.read_text(encoding="utf-8").replace('id = "e1-one-tile-loss"', 'id = "copy"')
    (folder / "copy.toml").write_text(text, encoding="utf-8")
    clock[0] += content_module.RECHECK_SECONDS / 2
    assert content() is first  # the folder is not walked again yet
    clock[0] += content_module.RECHECK_SECONDS
    assert set(content().scenarios) == {"e1-one-tile-loss", "copy"}


def test_the_puzzles_are_loaded_apart_from_the_scenarios(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bank = folder / "puzzles"
    bank.mkdir()
    puzzle = ROOT / "scenarios" / "puzzles" / "puzzle-d2-1-0000.toml"
    shutil.copy(puzzle, bank / puzzle.name)
    shutil.copy(E1, bank / "e1-one-tile-loss-again.toml")
    (bank / "e1-one-tile-loss-again.toml").write_text(
        E1.read_text(encoding="utf-8").replace('"e1-one-tile-loss"', '"e1-one-tile-loss-again"'),
        encoding="utf-8")
    assert list(content().scenarios) == ["e1-one-tile-loss"]  # no puzzle among the examples
    found = content_module.puzzles()
    assert list(found.puzzles) == ["puzzle-d2-1-0000"]
    assert found.problems == ("e1-one-tile-loss-again.toml: not a puzzle (no [puzzle] table)",)
