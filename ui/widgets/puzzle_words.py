"""A puzzle's words: the appraisal's numbers in words, why a move is best, themes (the Puzzles
page says them; the Strategy page's counter-examples compare two moves with them).

Every score is the appraisal's (engine/search/appraise.py), from the mover's view, in the family's
scale: Block, the mover's points minus the mean of the others' ("gains 2.5 points on
average"); Gaple, a place ((N + 1) / 2 minus the score: "an average place of 1.8"); the
two-player game, a win +1, a draw 0, a loss −1 ("scores +0.34 on average").  Why the best
move is best comes from :func:`engine.teaching.themes.contrast` (an opponent lacks the number it
leaves, nobody else holds it, every tile of it is out, it goes out, it sheds more).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.tiles import Tile
from engine.game.view import SeatView
from engine.players.reasons import move_reasons
from engine.teaching.themes import contrast

from ..i18n import and_list, end_name, seat_name, t
from .appraisal import amount, number

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


def _fact_values(params: dict[str, object], seats: Sequence[str]) -> dict[str, object]:
    """A fact's parameters as its words take them: a seat by its name, a tile as a tile."""
    values = dict(params)
    if "seat" in values:
        values["seat"] = seat_name(int(values["seat"]), seats)  # type: ignore[call-overload]
    if "tile" in values:
        values["tile"] = Tile.parse(str(values["tile"]))
    return values


def fact_text(code: str, params: dict[str, object], seats: Sequence[str]) -> str:
    """One fact of :func:`engine.teaching.themes.contrast` in words."""
    return t(f"puzzles.fact.{code}", **_fact_values(params, seats))


def sentence(text: str) -> str:
    """``text`` with its first letter made a capital (a sentence that starts with a move's
    name: "Throwing [0|2] dead …"); marks of direction and brackets before it are kept."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
        if ch not in "\u2066\u2067\u2068\u2069\u200e\u200f«„“\"'":
            return text
    return text


#: Why one dead tile rather than another (Gaple), as engine.players.reasons tells it.
DEAD_CODES = ("spent_dead", "dead_hardest", "heaviest_dead", "dead_light")


def facts_of(view: SeatView, best: Move, chosen: Move) -> list[tuple[str, dict[str, object]]]:
    """What ``best`` does that ``chosen`` does not (:func:`engine.teaching.themes.contrast`); for a
    tile thrown dead, why that tile (:func:`engine.players.reasons.move_reasons`)."""
    if best.kind == "discard":
        return [(r.code, dict(r.params)) for r in move_reasons(view, best)
                if r.code in DEAD_CODES]
    return [(code, dict(params)) for code, params in contrast(view, best, chosen)]


def reasons(facts: Sequence[str]) -> str:
    """Facts as one reason, each its own clause ("; " between them: a fact may hold an "and"
    of its own)."""
    return t("puzzles.fact_sep").join(facts)


def comparison(rules: Ruleset, view: SeatView, best: tuple[Move, float],
               other: tuple[Move, float], names: Sequence[Move], seats: Sequence[str]) -> str:
    """"[5|5] keeps you level on average; [2|5] loses 3.0 points on average: North has
    shown no 2." """
    text = t("puzzles.compare", best=move_name(best[0], names), best_worth=worth(rules, best[1]),
             other=move_name(other[0], names), other_worth=worth(rules, other[1]))
    facts = facts_of(view, best[0], other[0])
    reason = reasons([fact_text(code, params, seats) for code, params in facts])
    return sentence(t("puzzles.because", text=text, reason=reason) if reason
                    else t("puzzles.end", text=text))


def shortfall(rules: Ruleset, view: SeatView, best: Move, chosen: tuple[Move, float],
              cost: float, names: Sequence[Move], seats: Sequence[str]) -> str:
    """What is wrong with ``chosen``, without naming the best move: what it is worth, how
    far short of the best it falls, and why in the game's terms (what it fails to do that
    the best does): "[2|5] loses you 3.0 points on average, 3.2 points short of the best
    move: North has shown no 2, and your move leaves no end on one." """
    text = t("puzzles.short", move=move_name(chosen[0], names), worth=worth(rules, chosen[1]),
             amount=amount(rules.family, cost))
    facts = facts_of(view, best, chosen[0])
    reason = reasons([miss_text(code, params, seats) for code, params in facts])
    return sentence(t("puzzles.because", text=text, reason=reason) if reason
                    else t("puzzles.end", text=text))


def miss_text(code: str, params: dict[str, object], seats: Sequence[str]) -> str:
    """A fact of :func:`engine.teaching.themes.contrast` said of the move chosen (what it fails to
    do), not of the best: ``puzzles.miss.<code>``."""
    return t(f"puzzles.miss.{code}", **_fact_values(params, seats))
