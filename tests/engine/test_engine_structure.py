"""The engine's layers (engine/__init__.py): each layer imports only the layers before it,
and no modules import each other in a circle.  Every import counts, inside a function and
for a type too (tests/imports_support.py)."""

from __future__ import annotations

from pathlib import Path

from imports_support import ROOT, circles, import_graph, modules_under

#: The layers, bottom first: a module imports its own layer's modules and those of the
#: layers before it, never one after it.
LAYERS = ("game", "notation", "search", "players", "teaching")
#: The package's own modules, over every layer: the command line and the name the site
#: imports (engine/__init__.py).  ``_build`` is under every layer instead: it decides, before
#: anything is imported, which build runs, and imports nothing of the engine.
TOP = {"engine", "engine.__main__", "engine.cli", "engine.source"}
BASE = {"engine._build"}


def level(module: str) -> int:
    """``engine.search.solve`` -> 2 (the search layer's place); the top above every layer;
    ``engine._build`` below every layer."""
    if module in BASE:
        return -1
    if module in TOP:
        return len(LAYERS)
    return LAYERS.index(module.split(".")[1])


def engine_graph(root: Path = ROOT) -> dict[str, set[str]]:
    return import_graph(modules_under("engine", root=root), root)


def upward(graph: dict[str, set[str]]) -> list[str]:
    return [f"{module} ({layer_name(module)}) imports {other} ({layer_name(other)})"
            for module, others in sorted(graph.items()) for other in sorted(others)
            if level(other) > level(module)]


def layer_name(module: str) -> str:
    n = level(module)
    return "base" if n < 0 else "top" if n == len(LAYERS) else LAYERS[n]


def test_every_engine_module_is_in_a_layer() -> None:
    strays = [name for name in modules_under("engine")
              if name not in TOP | BASE and (name.count(".") < 1 or
                                             name.split(".")[1] not in LAYERS)]
    assert not strays, f"a module belongs in one of the layers {LAYERS}: {strays}"
    folders = {p.name for p in (ROOT / "engine").iterdir()
               if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(LAYERS)


def test_each_layer_imports_only_the_layers_before_it() -> None:
    problems = upward(engine_graph())
    assert not problems, problems


def test_the_build_imports_nothing_of_the_engine() -> None:
    assert not engine_graph()["engine._build"]


def test_no_engine_modules_import_each_other_in_a_circle() -> None:
    assert not circles(engine_graph())


def test_the_scan_finds_an_upward_import_and_a_circle(tmp_path: Path) -> None:
    for name, text in {
        "engine/__init__.py": "",
        "engine/game/__init__.py": "",
        "engine/game/tiles.py": "def f():\n    from ..search import solve\n",
        "engine/search/__init__.py": "",
        "engine/search/solve.py": "from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from engine.game.tiles import f\n",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = engine_graph(tmp_path)
    assert upward(graph) == ["engine.game.tiles (game) imports engine.search.solve (search)"]
    assert circles(graph) == [["engine.game.tiles", "engine.search.solve"]]
