"""Write an nginx configuration for N replicas from deploy/nginx.conf.template.

    python deploy/render_nginx.py --listen 8080 --prefix /tmp/domino-nginx 8501 8502 > nginx.conf

Ports are the replicas' (on 127.0.0.1, or HOST:PORT).  Used by deploy/replicas.sh and by
tests/deploy/test_deploy.py and bench/load.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"


def render(listen: str, prefix: str | Path, replicas: list[str]) -> str:
    servers = []
    for replica in replicas:
        address = replica if ":" in replica else f"127.0.0.1:{replica}"
        servers.append(f"        server {address} max_fails=1 fail_timeout=10s;")
    text = TEMPLATE.read_text(encoding="utf-8")
    return (text.replace("@LISTEN@", str(listen)).replace("@PREFIX@", str(prefix))
            .replace("@SERVERS@", "\n".join(servers)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", default="8080", help="address nginx listens on")
    parser.add_argument("--prefix", required=True, help="folder for nginx's pid, logs, temp")
    parser.add_argument("replicas", nargs="+", help="replica ports (or HOST:PORT)")
    args = parser.parse_args(argv)
    sys.stdout.write(render(args.listen, args.prefix, args.replicas))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
