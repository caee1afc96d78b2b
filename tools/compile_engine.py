"""Compile the engine's core modules with mypyc, in place.

    python tools/compile_engine.py

Writes ``engine/<layer>/<module>.cpython-…so`` beside each source file named in
``engine/_build.py`` (``game.state``: ``engine/game/state.py``), and the library they
share, ``engine/native__mypyc…so``;
C sources and objects go to ``.build/``.  Python then imports
the compiled modules instead of the ``.py`` files — the same code, checked by
mypy --strict, compiled.  ``engine/_build.py`` falls back to the source when
the build is older than it.  The Makefile runs this before ``run``, ``test``
and ``bench`` whenever an engine file changed.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> tuple[str, ...]:
    # engine/_build.py by path: importing the package would import the modules themselves.
    spec = importlib.util.spec_from_file_location("_engine_build", ROOT / "engine" / "_build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return tuple(build.MODULES)


def main() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    # setup() reads the project's pyproject.toml too; its notice about that is not news.
    warnings.filterwarnings("ignore", message=r"Support for `\[tool.setuptools\]`")

    os.chdir(ROOT)
    paths = [f"engine/{m.replace('.', '/')}.py" for m in modules()]
    setup(
        name="engine-compiled",
        packages=[],
        ext_modules=mypycify(paths, opt_level="3", group_name="engine.native",
                             target_dir=".build/c"),
        script_args=["-q", "build_ext", "--inplace", "--build-temp", ".build/temp",
                     "--build-lib", ".build/lib"],
    )
    # Built from the sources as they are now, even where nothing needed recompiling (the
    # copies keep the old build's times, and engine/_build.py compares times).
    for path in (ROOT / "engine").rglob("*.so"):
        path.touch()


if __name__ == "__main__":
    sys.exit(main())
