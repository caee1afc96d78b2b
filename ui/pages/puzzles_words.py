"""What the Puzzles page says: the appraisal's numbers in words, why a move is best, themes.

Every score is the appraisal's (engine/appraise.py), from the mover's view, in the family's
scale: Block, the mover's points minus the mean of the others' ("gains 2.5 points on
average"); Gaple, a place ((N + 1) / 2 minus the score: "an average place of 1.8"); the
two-player game, a win +1, a draw 0, a loss −1 ("scores +0.34 on average").  Why the best
move is best comes from :func:`engine.themes.contrast` (an opponent lacks the number it
leaves, nobody else holds it, every tile of it is out, it goes out, it sheds more).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.moves import Move
from engine.rules import Ruleset
from engine.themes import contrast
from engine.tiles import Tile
from engine.view import SeatView

from ..i18n import and_list, end_name, seat_name, t
from ..widgets.appraisal import number

#: Below this an expected score reads as level (Block, the duel).
LEVEL = 0.05


def theme_name(theme: str) -> str:
    return t(f"puzzles.theme.{theme}")


def theme_list(themes: Sequence[str]) -> str:
    return and_list(theme_name(x) for x in themes) if themes else t("puzzles.no_theme")


def move_name(move: Move, moves: Sequence[Move]) -> str:
    """A move as the answer names it: its tile, with its end where the same tile could go
    on the other end too; a dead tile as "throwing [x|y] dead"."""
    if move.kind == "discard":
        return t("puzzles.move_discard", tile=move.tile)
    if move.kind != "play":
        return t(f"move.{move.kind}")
    both = sum(1 for m in moves if m.kind == "play" and m.tile == move.tile) > 1
    if both and move.end:
        return t("puzzles.move_end", tile=move.tile, end=end_name(move.end))
    return t("puzzles.move", tile=move.tile)


def worth(rules: Ruleset, expected: float) -> str:
    """What a move is worth on average, in the family's words."""
    if rules.result_unit == "points":
        if abs(expected) < LEVEL:
            return t("puzzles.block_level")
        key = "puzzles.block_gain" if expected > 0 else "puzzles.block_lose"
        return t(key, x=number(abs(expected)))
    if rules.result_unit == "place":
        place = (rules.players + 1) / 2 - expected
        if place <= 1.0 + 1e-9:
            return t("puzzles.gaple_first")
        return t("puzzles.gaple_place", place=number(place, 2))
    if expected >= 1 - 1e-9:
        return t("puzzles.duel_wins")
    if expected <= -1 + 1e-9:
        return t("puzzles.duel_loses")
    if abs(expected) < LEVEL / 5:
        return t("puzzles.duel_even")
    return t("puzzles.duel_score", x=number(expected, 2, signed=True))


def scale_note(rules: Ruleset) -> str:
    """What the numbers measure, said once under the answer."""
    return t(f"puzzles.scale_{rules.family}", players=rules.players)


def fact_text(code: str, params: dict[str, object], seats: Sequence[str]) -> str:
    """One fact of :func:`engine.themes.contrast` in words."""
    values = dict(params)
    if "seat" in values:
        values["seat"] = seat_name(int(values["seat"]), seats)  # type: ignore[call-overload]
    if "tile" in values:
        values["tile"] = Tile.parse(str(values["tile"]))
    return t(f"puzzles.fact.{code}", **values)


def why(view: SeatView, best: Move, chosen: Move, seats: Sequence[str]) -> str:
    """Why ``best`` beats ``chosen``, in words (empty when the engine names no reason)."""
    facts = contrast(view, best, chosen)
    return and_list(fact_text(code, params, seats) for code, params in facts)


def comparison(rules: Ruleset, view: SeatView, best: tuple[Move, float],
               other: tuple[Move, float], names: Sequence[Move], seats: Sequence[str]) -> str:
    """"[5|5] keeps you level on average; [2|5] loses 3.0 points on average: North has
    shown no 2." """
    text = t("puzzles.compare", best=move_name(best[0], names), best_worth=worth(rules, best[1]),
             other=move_name(other[0], names), other_worth=worth(rules, other[1]))
    reason = why(view, best[0], other[0], seats)
    return t("puzzles.because", text=text, reason=reason) if reason else t("puzzles.end",
                                                                           text=text)
