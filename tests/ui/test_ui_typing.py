"""The site's code is fully typed like the engine: mypy --strict over ui/ (Streamlit ships
its types)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ui_passes_mypy_strict() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "ui"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
