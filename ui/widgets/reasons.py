"""A computer player's reasons in words (in the page's language): the engine's reasons
(:mod:`engine.players.bots`: a code and its values) with seats by their names, moves as a
learner names them ("[2|5] on the left end"), numbers as Play's review writes them
(:func:`ui.widgets.appraisal.number`: the language's decimal sign; whole numbers with its
thousands separator, :func:`ui.widgets.appraisal.count`), an estimate with its margin where
the margin shows at the figure's precision, as one left-to-right piece (:func:`plus_minus`).
Play's hint and tutor, and the hint at a table with friends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.game.moves import Move
from engine.game.tiles import Tile
from engine.players.bots import Reason
from engine.players.reasons import ESTIMATES

from ..i18n import and_list, join_list, ltr_run, move_named, seat_name, t
from .appraisal import count, number

#: Reason values that are numbers with decimals (the others are whole numbers).
DECIMALS = frozenset({"points", "place", "places"})


def _value(key: str, value: object, seats: Sequence[str]) -> object:
    if isinstance(value, Move):
        return move_named(value)
    if isinstance(value, tuple) and value and all(isinstance(m, Move) for m in value):
        return and_list(move_named(m) for m in value if isinstance(m, Move))
    if key == "seats" and isinstance(value, tuple):
        return and_list(seat_name(int(s), seats) for s in value)
    if key == "tile" and isinstance(value, str):
        return Tile.parse(value)  # "6-6" as the page writes a tile: [6|6]
    if key in DECIMALS and isinstance(value, float | int):
        return number(float(value))
    if key != "count" and isinstance(value, int) and not isinstance(value, bool):
        return count(value)  # 55,078 deals (``count`` picks the words' plural form: kept)
    return join_list(value) if isinstance(value, tuple) else value


def reason_params(params: Mapping[str, object], seats: Sequence[str]) -> dict[str, object]:
    """A reason's values for its words (see the module): an estimate with its margin where
    the margin shows at the figure's precision ("7.3 ± 0.9"); where it names seats,
    ``count`` is how many (the words' plural form: "your opponent", "your opponents")."""
    out = {k: _value(k, v, seats) for k, v in params.items()}
    margin = params.get("margin")
    key = next((k for k in ESTIMATES if k in params), None)
    if key is not None and isinstance(margin, float | int) and \
            round(margin, 1 if key in DECIMALS else 0) > 0:  # it shows at the figure's precision
        out[key] = plus_minus(str(out[key]), str(_value(key, margin, seats)))
    named = params.get("seats")
    if isinstance(named, tuple):
        out["count"] = len(named)
    return out


def reason_text(reason: Reason, seats: Sequence[str]) -> str:
    return t(f"reason.{reason.code}", **reason_params(reason.params, seats))


def plus_minus(said: str, spread: str) -> str:
    """An estimate and its margin as one piece, kept left to right in a right-to-left
    page: "0.9 ± 0.5"."""
    return ltr_run(f"{said} \u00b1 {spread}")
