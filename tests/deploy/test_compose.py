"""deploy/compose.yaml, read rather than run (this machine has no container engine; the tested
path is deploy/replicas.sh with deploy/judges.sh): its services are wired to one another as
those scripts wire the same processes, so the file cannot drift from them unnoticed."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "compose.yaml"


def services() -> dict[str, Any]:
    found = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    assert isinstance(found, dict)
    return found


def exported(script: str) -> dict[str, str]:
    """The ``export NAME=VALUE`` lines of a deploy script."""
    text = (ROOT / "deploy" / script).read_text(encoding="utf-8")
    return dict(re.findall(r"^export (\w+)=(\S+)$", text, flags=re.MULTILINE))


def test_the_sites_and_the_workers_find_the_scheduler_where_it_listens() -> None:
    s = services()
    scheduler = shlex.split(s["scheduler"]["command"])[-1]
    port = re.search(r"--port (\d+)", scheduler)
    assert port is not None and "--host 0.0.0.0" in scheduler
    address = f"tcp://scheduler:{port.group(1)}"
    for site in ("site1", "site2"):
        assert s[site]["environment"]["DOMINO_DASK_SCHEDULER"] == address
        assert "scheduler" in s[site]["depends_on"]
    worker = shlex.split(s["judge"]["command"])[-1]
    assert f"dask worker {address} " in worker and "--nthreads 1" in worker
    assert "scheduler" in s["judge"]["depends_on"]


def test_the_judges_settings_are_judges_shs() -> None:
    wanted = exported("judges.sh")
    assert wanted  # judges.sh still says them as exports
    s = services()
    given = {**s["scheduler"].get("environment", {}), **s["judge"].get("environment", {})}
    assert given == wanted


def test_the_proxy_serves_both_sites_from_a_configuration_the_renderer_writes(
        tmp_path: Path) -> None:
    s = services()
    line = shlex.split(s["proxy"]["command"])[-1]
    render = re.search(r"python3 /app/(deploy/render_nginx\.py [^>]+)>", line)
    assert render is not None
    args = shlex.split(render.group(1))
    replicas = [a for a in args[1:] if re.fullmatch(r"[\w-]+:\d+", a)]
    assert sorted(replicas) == sorted(f"{name}:8501" for name in ("site1", "site2"))
    for name in ("site1", "site2"):
        assert "--server.port 8501" in s[name]["command"]
    written = subprocess.run([sys.executable, str(ROOT / args[0]), *args[1:]], check=True,
                             capture_output=True, text=True).stdout
    assert "server site1:8501" in written and "server site2:8501" in written
    listen = args[args.index("--listen") + 1]
    assert re.search(rf"listen\s+{listen}\b", written)
    assert s["proxy"]["ports"] == [f"{listen}:{listen}"]
