"""The engine stays fully typed (mypy --strict) and lint-clean (ruff)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)


def test_engine_passes_mypy_strict() -> None:
    result = run("mypy", "--strict", "engine")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_passes_ruff() -> None:
    result = run("ruff", "check", "engine")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_uses_the_standard_library_only() -> None:
    allowed_roots = set(sys.stdlib_module_names) | {"engine"}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not words[1].startswith("."):
                root = words[1].split(".")[0]
                assert root in allowed_roots, f"{path.name}: {line.strip()}"
