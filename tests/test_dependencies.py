"""requirements.lock pins every dependency exactly, with hashes, and is what is installed.

An upgrade (say of Streamlit) is one changed pin in the lock (``make lock
UPGRADE=streamlit``); ``make test`` then installs it and the whole suite, these
checks included, runs against it.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s\\]+)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _locked() -> dict[str, tuple[str, list[str]]]:
    """Each locked package: its version and the hashes given for it."""
    pins: dict[str, tuple[str, list[str]]] = {}
    current = ""
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if (match := PIN.match(line)) is not None:
            current = _canonical(match[1])
            pins[current] = (match[2], [])
        elif (hashed := re.search(r"--hash=sha256:([0-9a-f]{64})", line)) and current:
            pins[current][1].append(hashed[1])
    return pins


def _declared() -> list[str]:
    """The names pyproject.toml asks for: the site's, the test and dev extras'."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = list(project["dependencies"])
    for extra in ("test", "dev"):
        specs += project["optional-dependencies"][extra]
    return [_canonical(re.split(r"[\s\[<>=!~;]", spec, maxsplit=1)[0]) for spec in specs]


def test_every_declared_dependency_is_locked_with_an_exact_version_and_hashes() -> None:
    pins = _locked()
    assert "streamlit" in pins
    for name in _declared():
        assert name in pins, f"{name} is in pyproject.toml but not in requirements.lock"
    for name, (version, hashes) in pins.items():
        assert hashes, f"{name}=={version} has no hash"


def test_the_installed_packages_are_the_locked_versions() -> None:
    # Fails when the lock moved (an upgrade) and the environment was not reinstalled
    # from it, so the suite never passes against versions other than the locked ones.
    for name, (version, _) in _locked().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # a platform-only dependency (e.g. for another OS) not installed here
        assert installed == version, f"{name} {installed} is installed, the lock has {version}"


def test_pyproject_keeps_ranges_not_pins() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any("==" in spec for spec in project["dependencies"])
