"""Who imports whom, read from the source (no module is imported): the structure tests'
scanner (tests/engine/test_engine_structure.py, tests/ui/test_ui_structure.py,
tests/test_imports.py).  Every import counts: at the top, inside a function, under
``TYPE_CHECKING``: each is a dependency all the same."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path, root: Path = ROOT) -> str:
    """``ui/pages/play/view.py`` -> ``ui.pages.play.view``; a package's ``__init__.py`` is
    the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package(path: Path, root: Path) -> list[str]:
    package = module_name(path, root).split(".")
    return package if path.name == "__init__.py" else package[:-1]


def _imports(path: Path, root: Path) -> list[tuple[str, list[str]]]:
    """Each import statement as (module, names): ``import a.b`` is ("a.b", []), ``from
    ..x import y, z`` is (the resolved "pkg.x", ["y", "z"])."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _package(path, root)
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            stem = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out.append((stem, [alias.name for alias in node.names]))
    return out


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Every dotted name ``path`` imports, relative imports resolved: a ``from X import y``
    gives both ``X`` and ``X.y`` (``y`` may be a module or a name in ``X``)."""
    out: set[str] = set()
    for stem, names in _imports(path, root):
        out.add(stem)
        out.update(f"{stem}.{name}" for name in names)
    return out


def modules_under(*folders: str, root: Path = ROOT) -> dict[str, Path]:
    """Every Python module under the folders (relative to ``root``), by its dotted name."""
    return {module_name(p, root): p for folder in folders
            for p in sorted((root / folder).rglob("*.py")) if "__pycache__" not in p.parts}


def import_graph(modules: dict[str, Path], root: Path = ROOT) -> dict[str, set[str]]:
    """Each module and the modules among ``modules`` it imports: ``from pkg import name``
    imports ``pkg.name`` when that is a module, else ``pkg`` itself."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for stem, names in _imports(path, root):
            targets = [f"{stem}.{n}" if f"{stem}.{n}" in modules else stem for n in names]
            found.update(t for t in targets or [stem] if t in modules)
        found.discard(name)
        graph[name] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other in a circle, each circle as the sorted names of
    its members (a strongly connected component of more than one module; Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                members.append(top)
                if top == node:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
