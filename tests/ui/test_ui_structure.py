"""The site's code keeps its shape: each page stands alone, shared pieces live in ui/widgets,
and no ui Python file grows past what a newcomer can read at once.

A page is a package in ui/pages/ (``ui/pages/play/``): ``logic.py`` (logic and callbacks),
``view.py`` (drawing), ``setup.py`` (reading its address), ``words.py`` (what it says back),
Play's ``review_view.py``, its tutor, hints and resumed match …  A
page's modules may import each other (one way only), ui/widgets, ui/i18n and the site's
plumbing (ui.page, ui.session, ui.nav, ui.content, ui.progress) — never another page; and
nothing outside ui/pages imports a page except the files Streamlit runs (app.py, pages/).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from imports_support import circles, import_graph, imported, module_name

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"
PAGES = UI / "pages"
MAX_LINES = 400


def page_of(module: str) -> str | None:
    """``ui.pages.learn.view`` (or the package ``ui.pages.learn``) -> ``learn``; None for
    anything that is not a page's."""
    parts = module.split(".")
    if len(parts) < 3 or parts[:2] != ["ui", "pages"]:
        return None
    return parts[2]


def page_modules(pages: Path = PAGES) -> list[Path]:
    """Every module of every page, its package's ``__init__.py`` too."""
    return sorted(pages.glob("*/*.py"))


def test_every_page_is_a_package() -> None:
    """ui/pages/ holds packages, one a page, and nothing else of Python but its own
    ``__init__.py``."""
    strays = [p.name for p in PAGES.glob("*.py") if p.name != "__init__.py"]
    assert not strays, f"a page's module goes in its package, ui/pages/<page>/: {strays}"
    packages = [p for p in PAGES.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert all((p / "__init__.py").exists() for p in packages)


def test_there_are_pages_to_check() -> None:
    assert {page_of(module_name(p)) for p in page_modules()} >= {
        "home", "learn", "quiz", "rules", "try_it", "examples"}


def test_a_page_never_imports_another_pages_module() -> None:
    problems = []
    for path in page_modules():
        own = page_of(module_name(path))
        for name in imported(path):
            other = page_of(name)
            if other is not None and other != own:
                problems.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not problems, problems


def test_shared_code_never_imports_a_page() -> None:
    problems = []
    for path in sorted(UI.rglob("*.py")):
        if PAGES in path.parents:
            continue
        problems.extend(f"{path.relative_to(ROOT)} imports {name}" for name in imported(path)
                        if page_of(name) is not None)
    assert not problems, problems


def test_the_scan_finds_relative_and_absolute_imports_of_another_page(tmp_path: Path) -> None:
    page = tmp_path / "ui" / "pages" / "quiz" / "view.py"
    page.parent.mkdir(parents=True)
    page.write_text("from ..learn.logic import x\nimport ui.pages.rules.view\n"
                    "from ..examples import view\nfrom .logic import y\nfrom .setup import z\n"
                    "from ...widgets import feedback\n", encoding="utf-8")
    found = {page_of(name) for name in imported(page, tmp_path)} - {None}
    assert found == {"learn", "rules", "examples", "quiz"}


def test_no_ui_python_file_is_too_long() -> None:
    long = {str(p.relative_to(ROOT)): n for p in sorted(UI.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


def test_only_one_module_reads_streamlits_private_api() -> None:
    """``streamlit.runtime`` (and any ``_private`` Streamlit module) only through
    ui/streamlit_private.py, whose own test fails loudly when Streamlit changes it."""
    problems = []
    for path in sorted(UI.rglob("*.py")):
        if path.name == "streamlit_private.py":
            continue
        problems.extend(
            f"{path.relative_to(ROOT)} imports {name}" for name in imported(path)
            if name.startswith("streamlit.runtime") or
            (name.startswith("streamlit.") and any(p.startswith("_") for p in name.split("."))))
    assert not problems, problems


def test_every_file_the_site_reads_beside_its_code_is_package_data() -> None:
    """board.css, board.js, the icon …: a non-Python file under ui/ ships only when a
    package-data pattern in pyproject.toml names it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ui"]
    data = [p.relative_to(UI) for p in sorted(UI.rglob("*"))
            if p.is_file() and p.suffix not in (".py", ".pyc", ".md", ".so")
            and "__pycache__" not in p.parts]
    assert data, "no data files found under ui/"
    missing = [str(p) for p in data if not any(p.match(pattern) for pattern in patterns)]
    assert not missing, missing


def test_the_feedback_colours_are_written_once() -> None:
    """One set of feedback styles (ui/widgets/feedback.py); elsewhere they are var(--ok-bg) …"""
    colours = ("#e5f2ea", "#b5d8c3", "#fbeee8", "#edc6b6", "#fbf4dd", "#ecd99a")
    where = {str(p.relative_to(ROOT)) for p in UI.rglob("*")
             if p.suffix in (".py", ".css", ".js")
             and any(c in p.read_text(encoding="utf-8").lower() for c in colours)}
    assert where == {"ui/widgets/feedback.py"}


def test_a_pages_modules_share_only_public_names() -> None:
    """A view imports what its logic offers (``from .logic import on_check``), never a
    ``_private`` helper: what the view needs is part of the logic's surface."""
    problems = []
    for path in page_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                problems.extend(f"{path.relative_to(PAGES)}: {alias.name} from .{node.module}"
                                for alias in node.names if alias.name.startswith("_"))
    assert not problems, problems


def test_page_modules_import_each_other_one_way_only() -> None:
    """A page's modules form no import cycle (Play's tutor builds on the table, the table
    knows nothing of the tutor): each can be read, and tested, after what it builds on.  A
    ``TYPE_CHECKING`` import counts: it is a dependency all the same."""
    modules = {module_name(p): p for p in page_modules()}
    assert not circles(import_graph(modules))


def test_the_cycle_check_finds_a_cycle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


#: A comparison with a rule family's name: what differs between families is the engine's to say
#: (a named question on engine.game.rules.Ruleset, or engine.game.rules.result_unit).
FAMILY_COMPARISON = re.compile(r"family\s*(==|!=)\s*[\"'](block|gaple|duel)[\"']")


def test_ui_never_compares_a_family_s_name() -> None:
    where = [f"{p.relative_to(ROOT)}:{n}" for p in sorted(UI.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if FAMILY_COMPARISON.search(line)]
    assert not where, where


def test_the_family_check_finds_a_comparison() -> None:
    assert FAMILY_COMPARISON.search('if rules.family == "gaple" and not rules.middle_up:')
    assert FAMILY_COMPARISON.search("return family != 'duel'")
    assert not FAMILY_COMPARISON.search("if rules.result_unit == \"place\":")
