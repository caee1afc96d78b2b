"""No import circles anywhere in the project's packages (engine, ui, locales): every
import counts, inside a function and for a type too (tests/imports_support.py)."""

from __future__ import annotations

from pathlib import Path

from imports_support import circles, import_graph, modules_under

PACKAGES = ("engine", "ui", "locales")


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert not circles(import_graph(modules_under(*PACKAGES)))


def test_the_scan_finds_a_package_its_modules_reach_back_into(tmp_path: Path) -> None:
    """The old shape of ui/progress: the package imports a module that imports, inside a
    function, a name of the package."""
    for name, text in {"ui/__init__.py": "",
                       "ui/progress/__init__.py": "from . import _matches\n"
                                                  "def connect(): ...\n",
                       "ui/progress/_matches.py": "def f():\n    from . import connect\n",
                       "ui/page.py": "from .progress import connect\n"}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = import_graph(modules_under("ui", root=tmp_path), tmp_path)
    assert circles(graph) == [["ui.progress", "ui.progress._matches"]]
