"""What the score keeper reads from a person and says back: the engine's refusals of a
round or a sheet code in the page's language, the numbers and names typed.

The engine names the reason (:class:`engine.notation.sheet.SheetError`'s ``code`` and ``params``);
this module only words it, and reads the digits and the names a person types."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from engine.game.rules import Ruleset
from engine.game.tiles import Tile
from engine.notation.sheet import MOST_GOAL, SheetError

from ...i18n import and_list, clip, seat_name, t
from ...widgets.feedback import Later, worded

#: The longest total or goal a field takes (a few more than its digits, for spaces).
TYPED_MAX = 6
#: Between the names in the address (``?names=Ann~Bo``), and a name's most characters.
NAME_SEP = "~"
NAME_MAX = 24
#: The most rounds (or games) a sheet's setup offers; Block's target goes to MOST_GOAL.
MOST_ROUNDS = 99


#: Characters a name may not hold: the address's separator, and markdown's and HTML's marks
#: (a name is written into the page's texts).
NAME_DROP = str.maketrans("", "", NAME_SEP + "[]()<>*_`#|\\")


def clean_name(text: str) -> str:
    """A player's name as the sheet keeps it: one line, no marks, at most NAME_MAX long."""
    return clip(" ".join(text.translate(NAME_DROP).split()), NAME_MAX)


def marks_said(texts: Sequence[str]) -> Later | None:
    """What is said when the names typed held marks a name may not (:data:`NAME_DROP`):
    they were left out, and which (None: none was)."""
    marks = sorted({c for text in texts for c in text if ord(c) in NAME_DROP})
    return worded("hint", partial(t, "scores.name_marks", marks=" ".join(marks))) \
        if marks else None


def names_from(raw: str | None, players: int) -> tuple[str, ...]:
    """The names an address gives (``~`` between them), one per seat."""
    if not raw:
        return ()
    parts = [clean_name(p) for p in raw.split(NAME_SEP)][:players]
    return tuple(parts + [""] * (players - len(parts)))




def refusal_words(e: SheetError, names: Sequence[str] | None) -> str:
    """A refused report (or sheet code) in the page's language."""
    p = e.params

    def who(key: str) -> str:
        return seat_name(int(p.get(key, 0)), names)  # type: ignore[call-overload]

    code = e.code
    if code == "syntax":
        text = t("scores.refusal.syntax", at=int(p.get("at", 0)) + 1)  # type: ignore[call-overload]
    elif code == "tile_twice":
        seats = p.get("seats", ())
        assert isinstance(seats, tuple)
        tile = p.get("tile")
        text = t("scores.refusal.tile_twice", tile=tile.bracket() if isinstance(tile, Tile)
                 else tile, names=and_list(sorted({seat_name(s, names) for s in seats})))
    elif code == "tie_needs_tiles":
        seats = p.get("seats", ())
        assert isinstance(seats, tuple)
        text = t("scores.refusal.tie_needs_tiles", names=and_list(seat_name(s, names)
                                                                   for s in seats),
                 count=len(seats))
    elif code in ("too_many", "total_range", "out_holds", "nothing_left", "room_seat"):
        text = t(f"scores.refusal.{code}", name=who("seat"), count=p.get("count", 0),
                 most=p.get("most", 0), total=p.get("total", 0))
    elif code in ("room_tiles", "room_most"):
        text = t(f"scores.refusal.{code}", count=p.get("count", 0), total=p.get("total", 0),
                 most=p.get("most", 0))
    elif code == "room_totals":
        seats = p.get("seats", ())
        assert isinstance(seats, tuple)
        text = t("scores.refusal.room_totals", names=and_list(seat_name(s, names)
                                                               for s in seats),
                 total=p.get("total", 0), least=p.get("least", 0), most=p.get("most", 0))
    elif code in ("split_seat", "split_totals"):
        seats = p.get("seats", (p.get("seat", 0),))
        assert isinstance(seats, tuple)
        text = t(f"scores.refusal.{code}", name=who("seat"), total=p.get("total", 0),
                 names=and_list(seat_name(s, names) for s in seats))
        notes = p.get("notes", ())
        assert isinstance(notes, tuple)
        text = " ".join([text, *(t(f"scores.refusal.note_{n}") for n in notes)])
    elif code == "block_numbers":
        text = t("scores.refusal.block_numbers")
    elif code == "over":
        text = t("scores.refusal.over")
    else:
        text = t("scores.refusal.seat")
    number = p.get("round")
    return t("scores.in_round", n=number, why=text) if isinstance(number, int) else text


def whole_number(text: str) -> int | None:
    """A whole number typed: digits only (those of any script, such as Arabic-Indic: a
    person types them; spaces around), None when nothing is typed; ``ValueError`` for
    anything else ("12.5", "1e5", "-3", "12 3")."""
    digits = text.strip()
    if not digits:
        return None
    if not (digits.isdecimal() and len(digits) <= TYPED_MAX):
        raise ValueError(text)
    return int(digits)


def typed_refusal(key: str, **values: object) -> Later:
    return worded("no", partial(t, key, **values))


def most_goal(rules: Ruleset) -> int:
    """The highest goal the setup takes: Block's target in points, else the rounds."""
    return MOST_GOAL if rules.plays_matches else MOST_ROUNDS
