"""Compile the solver's native core, ``engine/search/_native.c``, in place.

    python tools/compile_native.py

Writes ``engine/search/_native.cpython-…so`` beside its source, with the C compiler and
flags Python's own extensions use (setuptools, as ``tools/compile_engine.py`` does for the
mypyc build); objects go to ``.build/``.  The new file takes the old one's name in one step
(a rename): a process that has the old one loaded keeps it, unchanged.  The Makefile's ``build`` runs it whenever the C
source changed; when it fails, the Makefile says so and the search runs in Python
(``engine.search.solve.NATIVE`` is then False; ``engine/_build.py`` also refuses a build
older than its source).
"""

from __future__ import annotations

import os
import shutil
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "engine/search/_native.c"


def main() -> None:
    from setuptools import Extension, setup

    # setup() reads the project's pyproject.toml too; its notice about that is not news.
    warnings.filterwarnings("ignore", message=r"Support for `\[tool.setuptools\]`")

    os.chdir(ROOT)
    dist = setup(
        name="engine-native",
        packages=[],
        ext_modules=[Extension("engine.search._native", [SOURCE],
                               extra_compile_args=["-O3", "-Wall"])],
        script_args=["-q", "build_ext", "--build-temp", ".build/native",
                     "--build-lib", ".build/lib"],
    )
    command = dist.get_command_obj("build_ext")
    built = Path(command.get_ext_fullpath("engine.search._native"))
    target = ROOT / "engine" / "search" / built.name
    partial = target.with_name(f".{built.name}.new")
    shutil.copyfile(built, partial)
    os.replace(partial, target)  # built from the source as it is now (a new file's time)


if __name__ == "__main__":
    sys.exit(main())
