"""The diagram notation of RULES.md §1, rendered in each language of the site.

The Ukrainian, Arabic and Korean wordings are the source documents' own, word
for word; English is RULES.md's; Russian follows the Gaple document's terms.  No source
document is in Indonesian or Spanish: theirs follow the English structure in the words of
locales/glossary-id.md and locales/glossary-es.md (kartu, ficha).

>>> from engine.game.line import Line
>>> from engine.game.tiles import Tile
>>> line = Line(); line.place(Tile.parse("2-2"), None)
>>> describe(line.description(), "ko")
'타일: [2|2]. 연결: 없음. 가능한 연장 연결 지점: [2|2] (직선 A, 2); [2|2] (직선 B, 2).'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.line import Description, SidePart

LANGUAGES: tuple[str, ...] = ("en", "uk", "ru", "ar", "ko", "id", "es")


@dataclass(frozen=True, slots=True)
class Words:
    tiles: str
    connections: str
    points: str
    none: str
    hidden: str  # stands for tiles whose history is not shown
    higher: str
    lower: str
    line_a: str
    line_b: str
    left: str  # the left end of a line whose history is not shown
    right: str


WORDS: dict[str, Words] = {
    "en": Words("Tiles", "Connections", "Legal continuation points", "none", "not shown",
                "higher end", "lower end", "line A", "line B", "left end", "right end"),
    "uk": Words("Плитки", "З’єднання", "Дозволені місця продовження", "немає", "не показано",
                "більший кінець", "менший кінець", "лінія A", "лінія B",
                "лівий кінець", "правий кінець"),
    "ru": Words("Костяшки", "Соединения", "Допустимые места продолжения", "нет", "не показаны",
                "больший конец", "меньший конец", "линия A", "линия B",
                "левый конец", "правый конец"),
    "ar": Words("القطع", "التوصيلات", "مواضع التوصيل القانونية", "لا شيء", "غير معروضة",
                "طرف القيمة الكبرى", "طرف القيمة الصغرى", "الخط A", "الخط B",
                "الطرف الأيسر", "الطرف الأيمن"),
    "ko": Words("타일", "연결", "가능한 연장 연결 지점", "없음", "표시되지 않음",
                "높은 끝", "낮은 끝", "직선 A", "직선 B", "왼쪽 끝", "오른쪽 끝"),
    "id": Words("Kartu", "Sambungan", "Titik sambung yang sah", "tidak ada",
                "tidak ditampilkan", "ujung angka besar", "ujung angka kecil", "garis A",
                "garis B", "ujung kiri", "ujung kanan"),
    "es": Words("Fichas", "Conexiones", "Puntos de continuación válidos", "ninguna",
                "no se muestran", "extremo mayor", "extremo menor", "línea A", "línea B",
                "extremo izquierdo", "extremo derecho"),
}


class LanguageError(ValueError):
    """A language the notation has no words for."""


def words(lang: str) -> Words:
    try:
        return WORDS[lang]
    except KeyError:
        raise LanguageError(
            f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}"
        ) from None


def side_name(part: SidePart, lang: str = "en") -> str:
    w = words(lang)
    return {
        "higher": w.higher, "lower": w.lower, "A": w.line_a, "B": w.line_b,
        "left": w.left, "right": w.right,
    }[part.side]


def _tile(part: SidePart) -> str:
    return part.tile.bracket() if part.tile is not None else "…"


def describe(desc: Description, lang: str = "en", *, points: bool = True) -> str:
    """``Tiles: …. Connections: …. Legal continuation points: ….``

    Without ``points``, only ``Tiles: …. Connections: ….``: the line as it lies, without
    naming its open ends (for a question about them)."""
    w = words(lang)
    tiles = ", ".join(t.bracket() for t in desc.tiles)
    if desc.hidden:
        tiles = f"{tiles}, … ({w.hidden})" if tiles else f"… ({w.hidden})"
    conns = "; ".join(
        f"{_tile(a)} ({side_name(a, lang)}) – {_tile(b)} ({side_name(b, lang)})"
        for a, b in desc.connections
    )
    laid = f"{w.tiles}: {tiles or w.none}. {w.connections}: {conns or w.none}."
    if not points:
        return laid
    ends = "; ".join(f"{_tile(p)} ({side_name(p, lang)}, {p.value})" for p in desc.points)
    return f"{laid} {w.points}: {ends or w.none}."
