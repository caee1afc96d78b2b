"""Which engine modules run compiled, and whether their compiled build is current.

The engine's core (the game's tiles, moves, rules, line, state, settlement and
view, the search's solver, the players' random playouts) is plain, fully typed
Python; ``tools/compile_engine.py`` (run by the Makefile) compiles those same files
with mypyc into C extensions beside them, ``engine/game/state.cpython-311-….so`` and
so on.  Python imports an extension in
preference to the ``.py`` file of the same name, so the site, the referee and
the benchmark all run the compiled build once it exists — the same source, two
to three times faster.

This module decides, before the package imports any of them, whether to let
that happen: if any compiled module is missing or older than its source (the
source was edited or checked out since the build), or if ``DOMINO_ENGINE=python``
is set, every module is imported from its ``.py`` file instead (all or none:
the compiled modules call each other directly), with a warning in the stale
case.  Standard library only; this file itself is never compiled.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Final

#: The modules compiled with mypyc, by their names under ``engine`` (``game.state`` is
#: ``engine/game/state.py``).  The computer players (bots, reasons, counting, scoring,
#: sampler, arena) stay plain Python: compiled, a function accepts only the exact classes
#: its annotations name, and the test that a bot reads nothing beyond its seat's view hands
#: it a view that raises on any other access; their time is the solver's, compiled here.
MODULES: Final = ("game.tiles", "game.moves", "game.rules", "game.line", "game.state",
                  "game.settlement", "game.view", "search.solve", "players.bench")
#: Set to ``python`` to run the engine from its source files even when compiled.
ENV: Final = "DOMINO_ENGINE"
HERE: Final = Path(__file__).resolve().parent
#: The solver's native core (``tools/compile_native.py`` builds it beside its C source), and
#: the variable that, set to ``python``, runs the solver's search in Python even where it is
#: built (:func:`native_search`).
NATIVE: Final = "search._native"
SEARCH_ENV: Final = "DOMINO_SEARCH"


def source(module: str) -> Path:
    """The source file of ``engine.<module>`` (``game.state``: ``engine/game/state.py``)."""
    return HERE.joinpath(*module.split(".")).with_suffix(".py")


def extension(module: str) -> Path | None:
    """The compiled file of ``engine.<module>`` for this Python, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = source(module).with_suffix(suffix)
        if path.exists():
            return path
    return None


def stale() -> list[str]:
    """The compiled modules that are missing or older than their source."""
    out = []
    for module in MODULES:
        built = extension(module)
        if built is None or built.stat().st_mtime < source(module).stat().st_mtime:
            out.append(module)
    return out


def any_built() -> bool:
    return any(extension(module) is not None for module in MODULES)


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their ``.py`` files."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package != __package__ or name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source(name))


def choose() -> None:
    """Make ``engine.*`` import from source when the compiled build is not to be used."""
    if not any_built():
        return
    if os.environ.get(ENV, "").lower() == "python":
        reason = None
    else:
        old = stale()
        if not old:
            return
        where = source(old[0]).relative_to(HERE.parent).as_posix()
        reason = (f"engine: the compiled build is older than {where} (or missing "
                  "a module); running the engine from source. Rebuild it with `make build`.")
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
    if reason:
        warnings.warn(reason, RuntimeWarning, stacklevel=3)


def native_search() -> bool:
    """Whether the solver is to search in its native core: built, not older than its C
    source (else a warning, as for a stale compiled build) and not turned off with
    ``DOMINO_SEARCH=python``."""
    if os.environ.get(SEARCH_ENV, "").lower() == "python":
        return False
    built = extension(NATIVE)
    if built is None:
        return False
    c_source = source(NATIVE).with_suffix(".c")
    if c_source.exists() and built.stat().st_mtime < c_source.stat().st_mtime:
        where = c_source.relative_to(HERE.parent).as_posix()
        warnings.warn(f"engine: the solver's native core is older than {where}; the search "
                      "runs in Python. Rebuild it with `make build`.", RuntimeWarning,
                      stacklevel=3)
        return False
    return True


def compiled() -> bool:
    """Whether the engine running in this process is the compiled build."""
    module = sys.modules.get(f"{__package__}.game.state")
    return module is not None and not str(getattr(module, "__file__", "")).endswith(".py")
