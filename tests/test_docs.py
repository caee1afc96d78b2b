"""The README and docs/: every table's rows have its header's cells, and every relative link
names a file that exists (a mended row or a moved document shows here, not to a reader)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def cells(row: str) -> int:
    """A table row's cells: its bars outside code spans and not escaped, less the outer two."""
    bare = re.sub(r"`[^`]*`", "", row).replace(r"\|", "")
    return bare.strip().strip("|").count("|") + 1


def tables(text: str) -> list[list[tuple[int, str]]]:
    """Each table's rows (line number, text), outside fenced code."""
    found: list[list[tuple[int, str]]] = []
    fenced = False
    current: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("|"):
            current.append((number, line))
            continue
        if current:
            found.append(current)
            current = []
    if current:
        found.append(current)
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_row_of_a_table_has_its_headers_cells(document: Path) -> None:
    for rows in tables(document.read_text(encoding="utf-8")):
        assert len(rows) >= 2 and re.fullmatch(r"\|[\s:|-]+\|?", rows[1][1].strip()), (
            f"{document.name}:{rows[0][0]}: a table without its header's rule")
        width = cells(rows[0][1])
        for number, row in rows:
            assert cells(row) == width, (
                f"{document.name}:{number}: {cells(row)} cells where the header has {width}")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_relative_link_names_a_file_that_exists(document: Path) -> None:
    text = re.sub(r"```.*?```", "", document.read_text(encoding="utf-8"), flags=re.DOTALL)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address, or a part of this document
        path = (document.parent / target.split("#")[0]).resolve()
        assert path.exists(), f"{document.name}: a link to {target}, which does not exist"
