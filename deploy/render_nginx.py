"""Write an nginx configuration for N replicas from deploy/nginx.conf.template, and the page
nginx shows when no replica answers.

    python deploy/render_nginx.py --listen 8080 --prefix /tmp/domino-nginx 8501 8502 > nginx.conf

Ports are the replicas' (on 127.0.0.1, or HOST:PORT).  The page nginx shows when no replica
answers is written into the configuration, in every language of the site, from its catalogs
(locales/*.toml: the site's name and ``[serving]``).  Used by deploy/replicas.sh and by tests/deploy/test_deploy.py and bench/load.py.
"""

from __future__ import annotations

import argparse
import html
import sys
import tomllib
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
LOCALES = Path(__file__).resolve().parent.parent / "locales"
#: The catalogs, English first; right-to-left ones.
LANGS = ("en", "uk", "ru", "ar", "ko", "id", "es")
RTL = frozenset({"ar"})
#: Seconds before the page tries the site again by itself.
REFRESH = 5


def render(listen: str, prefix: str | Path, replicas: list[str]) -> str:
    servers = []
    for replica in replicas:
        address = replica if ":" in replica else f"127.0.0.1:{replica}"
        # max_fails=0: tried on every request, so a replica back up is used at once.
        servers.append(f"        server {address} max_fails=0;")
    text = TEMPLATE.read_text(encoding="utf-8")
    return (text.replace("@LISTEN@", str(listen)).replace("@PREFIX@", str(prefix))
            .replace("@SERVERS@", "\n".join(servers))
            .replace("@UNAVAILABLE@", quoted(unavailable_page())))


def quoted(page: str) -> str:
    """``page`` inside an nginx double-quoted string (it holds no variable)."""
    if "$" in page:
        raise ValueError("the page must not hold a '$': nginx would read a variable")
    return page.replace("\\", "\\\\").replace('"', '\\"')


def unavailable_page(locales: Path = LOCALES) -> str:
    """The page nginx shows when no replica answers: the site's name and its words that it
    is restarting, in each language (English first), and a refresh every few seconds."""
    parts = []
    for lang in LANGS:
        catalog = tomllib.loads((locales / f"{lang}.toml").read_text(encoding="utf-8"))
        words = catalog["serving"]
        direction = "rtl" if lang in RTL else "ltr"
        parts.append(f'<section lang="{lang}" dir="{direction}">\n'
                     f'<h2>{html.escape(words["unavailable_title"])}</h2>\n'
                     f'<p>{html.escape(words["unavailable_body"])}</p>\n</section>')
    name = tomllib.loads((locales / "en.toml").read_text(encoding="utf-8"))["site"]["name"]
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f'<meta http-equiv="refresh" content="{REFRESH}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(name)}</title>\n"
            "<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;"
            "padding:0 1rem;line-height:1.5}section{margin-bottom:1.5rem}</style>\n"
            f"</head>\n<body>\n<h1>{html.escape(name)}</h1>\n" + "\n".join(parts)
            + "\n</body>\n</html>\n")


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
