"""The compiled engine (engine/_build.py, tools/compile_engine.py): what runs, that it
plays exactly as the source does, and that a stale build is never used."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import engine
from engine import _build

ROOT = Path(__file__).resolve().parents[2]

#: Plays seeded random games of every family and prints one digest of everything
#: they did: the moves, the final masks, the settlement and its arithmetic.
GAMES_DIGEST = """
import hashlib, json, random, sys
import engine
from engine.players.bench import play_random
from engine.game.rules import block, duel, gaple
from engine.game.settlement import settle
out = []
for rules in (block(2), block(3), block(4), gaple(4), gaple(4, 7), gaple(5),
              gaple(4, dead_tiles=False), gaple(4, blank_double_25=True), duel(), duel(True)):
    rng = random.Random(2024)
    for _ in range(150):
        s = play_random(rules, rng)
        r = settle(s)
        out.append([rules.name, [m.text() for m in s.moves], s.hand_masks, s.dead_masks, s.status,
                    r.winners, r.points, r.totals, r.draw, r.explanation.code,
                    r.explanation.arithmetic, repr(r.explanation.params)])
print(engine.COMPILED, hashlib.sha256(json.dumps(out).encode()).hexdigest(),
      ",".join(sorted({row[4] for row in out})), len(out))
"""


def run_python(code: str, env: dict[str, str] | None = None,
               cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], check=False, cwd=cwd, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def digests() -> tuple[list[str], list[str]]:
    """The digest script's output (flag, digest, endings reached, games), compiled and
    from source: each run once for the tests below."""
    compiled = run_python(GAMES_DIGEST, {_build.ENV: ""})
    source = run_python(GAMES_DIGEST, {_build.ENV: "python"})
    assert compiled.returncode == 0 and source.returncode == 0, compiled.stderr + source.stderr
    return compiled.stdout.split(), source.stdout.split()


def test_source_and_compiled_engines_play_the_same_games(
        digests: tuple[list[str], list[str]]) -> None:
    (compiled_flag, compiled_digest, *_), (source_flag, source_digest, *_) = digests
    assert source_flag == "False"
    assert compiled_flag == str(_build.any_built() and not _build.stale())
    assert compiled_digest == source_digest


def test_a_current_build_is_what_runs() -> None:
    """Once built (as ``make`` does before run, test and bench), the site, the referee and
    the benchmark all import the compiled modules; on CI the build must exist."""
    if os.environ.get("CI"):
        assert _build.any_built() and not _build.stale(), "the engine was not compiled"
    if os.environ.get(_build.ENV, "").lower() != "python" and _build.any_built() \
            and not _build.stale():
        assert engine.COMPILED
        for name in _build.MODULES:
            module = importlib.import_module(f"engine.{name}")
            assert not str(module.__file__).endswith(".py"), name


def fake_build(tmp_path: Path, *, newer_source: str | None) -> Path:
    """A copy of engine/ with an empty file where each compiled module would be."""
    copy = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", copy, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    past = time.time() - 3600
    for name in _build.MODULES:
        source = copy.joinpath(*name.split(".")).with_suffix(".py")
        fake = source.with_suffix(EXTENSION_SUFFIXES[0])
        fake.write_bytes(b"")  # never loaded: importing it would fail loudly
        os.utime(source, (past - 60, past - 60))
        os.utime(fake, (past, past))
    if newer_source:
        (copy / f"{newer_source}.py").touch()
    return copy


def test_a_build_older_than_its_source_is_not_used(tmp_path: Path) -> None:
    fake_build(tmp_path, newer_source="game/state")
    result = run_python("import engine; from engine.game.state import State; "
                        "print(engine.COMPILED)",
                        {"PYTHONPATH": str(tmp_path), _build.ENV: ""}, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
    assert "older than engine/game/state.py" in result.stderr and "make build" in result.stderr


def test_the_source_can_be_asked_for_even_with_a_current_build(tmp_path: Path) -> None:
    fake_build(tmp_path, newer_source=None)
    result = run_python("import engine; from engine.game.state import State; "
                        "print(engine.COMPILED)",
                        {"PYTHONPATH": str(tmp_path), _build.ENV: "python"}, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False" and "Warning" not in result.stderr


def test_stale_names_each_module_missing_or_older_than_its_source(tmp_path: Path) -> None:
    copy = fake_build(tmp_path, newer_source="game/line")
    (copy / "game" / f"view{EXTENSION_SUFFIXES[0]}").unlink()
    result = run_python("from engine import _build; print(','.join(_build.stale()))",
                        {"PYTHONPATH": str(tmp_path), _build.ENV: "python"}, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "game.line,game.view"


def test_the_digest_script_sees_every_family(digests: tuple[list[str], list[str]]) -> None:
    """The comparison above is only as good as its games: they must reach every ending."""
    for _flag, _digest, statuses, count in digests:
        assert statuses == "blocked,domino,emptied" and count == "1500"


#: The engine's unit tests that run in a few seconds: run again from source below.
UNIT_TESTS = ("game/test_engine_values.py", "game/test_engine_state.py",
              "game/test_engine_settlement.py", "game/test_engine_tiles.py",
              "game/test_engine_moves.py", "game/test_engine_line.py", "game/test_engine_view.py",
              "game/test_engine_rules.py", "game/test_engine_match.py",
              "search/test_engine_solve.py")
#: Left out of that run: whole fresh deals of every family take seconds from source (the
#: solver's values on small positions, against brute force, are what is compared there).
SLOW_FROM_SOURCE = "not test_fresh_deals_every_family_answer_in_budget"


def test_the_engine_unit_tests_pass_from_source_too() -> None:
    """The suite runs the compiled build; the same source must pass them as plain Python
    (the search too: in Python, not in its native core)."""
    result = subprocess.run(
        # In one process, without conftest.py and the browser plugins: the engine's tests
        # need neither.
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         "--noconftest", "-p", "no:playwright", "-p", "no:base_url", "-k", SLOW_FROM_SOURCE,
         *(str(ROOT / "tests" / "engine" / name) for name in UNIT_TESTS)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, _build.ENV: "python", _build.SEARCH_ENV: "python"})
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout and "failed" not in result.stdout
