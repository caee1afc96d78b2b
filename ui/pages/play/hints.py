"""What Play's hints and its tutor say, worded when drawn (in the page's language).

A hint's reasons in words are :mod:`ui.widgets.reasons`' (shared with the hint at a table
with friends).  The tutor's stop says what the learner's move costs on average in the family's unit (Block:
points a round; Gaple: places; the two-player game: the chance of winning, a draw counted as
half), and its hint is the appraisal's best move with the same reasons as the strong bot's
hint (:func:`engine.players.bots.move_reasons`, :func:`engine.players.bots.average_reasons`) from the
appraisal's numbers.  An estimate is said with its margin where the margin shows at the
figure's precision, as one left-to-right piece (:func:`ui.widgets.reasons.plus_minus`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.game.moves import Move, canonical
from engine.game.rules import result_unit
from engine.game.view import SeatView
from engine.players.bots import Reason, average_reasons, move_reasons
from engine.search.appraise import Appraisal, MoveAppraisal, grade
from engine.search.paired import NOISE_Z

from ...i18n import move_named, t
from ...widgets.appraisal import count, number
from ...widgets.reasons import plus_minus

# -- the tutor ----------------------------------------------------------------------------------


def cost(family: str, loss: float, margin: float = 0.0) -> str:
    """What a move costs on average against the best move, in the family's unit
    (:func:`engine.game.rules.result_unit`), with an estimate's margin (the half-width of the
    loss's 95% interval) where it shows at the figure's precision: "about 0.9 ± 0.5
    places"."""
    unit = result_unit(family)
    if unit == "chance":  # (1 + mean) / 2 is the chance of winning: a loss halves into it
        said, spread, shows = (str(max(1, round(50 * loss))), str(round(50 * margin)),
                               round(50 * margin) > 0)
    else:
        said, spread, shows = number(loss), number(margin), round(margin, 1) > 0
    return t(f"tutor.cost_{unit}", loss=plus_minus(said, spread) if shows else said)


def deals_text(found: Appraisal) -> str:
    key = "reason.deals_all" if found.exact else "reason.deals_sampled"
    return t(key, samples=count(found.deals))


def _ends(family: str, low: float, high: float) -> dict[str, str]:
    """The ends of a loss's interval as the family's unit writes them (the chance: in 100)."""
    if result_unit(family) == "chance":
        return {"low": str(max(0, round(50 * low))), "high": str(round(50 * high))}
    places = 1 if result_unit(family) == "points" else 2  # Gaple's bands: 0.15 apart
    return {"low": number(max(low, 0.0), places), "high": number(high, places)}


def stop_lines(item: MoveAppraisal, found: Appraisal) -> list[str]:
    """The stop's words: what the move is, what it costs, and what the numbers come from.
    Where the estimate lies a band past the grade (a blunder as estimated, graded a mistake
    by its interval's lower end), the class and the figure agree by the interval: "at least
    a mistake", and its ends ("0.45 to 0.55 places lower")."""
    named, family = move_named(item.move), found.family
    if item.margin and item.grade == "mistake" and grade(family, item.loss) == "blunder":
        return [t("tutor.stop_at_least", move=named),
                t(f"tutor.range_{result_unit(family)}",
                  **_ends(family, item.loss - item.margin, item.loss + item.margin)),
                deals_text(found)]
    head = t("tutor.stop_blunder" if item.grade == "blunder" else "tutor.stop_mistake",
             move=named)
    return [head, cost(family, item.loss, item.margin), deals_text(found)]


def unsure_lines(item: MoveAppraisal, found: Appraisal) -> list[str]:
    """What the tutor says of a held move it let through unsettled: what it may cost at most
    (its loss's interval's upper end, at 95%), that the hold could not settle it, and what
    the numbers come from."""
    family = found.family
    return [t(f"tutor.unsure_{result_unit(family)}", move=move_named(item.move),
              loss=_ends(family, 0.0, item.loss + item.margin)["high"]),
            t("tutor.unsure_played"), deals_text(found)]


def unsure_text(item: MoveAppraisal, found: Appraisal) -> str:
    """:func:`unsure_lines` in one text."""
    return " ".join(unsure_lines(item, found))


def stop_text(item: MoveAppraisal, found: Appraisal) -> str:
    """The stop in one text, for the live region: its words and the question."""
    return " ".join([*stop_lines(item, found), t("tutor.ask")])


def _by_name(v: SeatView, found: Appraisal) -> list[MoveAppraisal]:
    """Each appraised move once, by its one name (mirror images share their value), best
    first."""
    seen: dict[Move, MoveAppraisal] = {}
    for item in found.moves:
        name = canonical(item.move, v.ends)
        if name not in seen:
            seen[name] = replace(item, move=name)
    return list(seen.values())


def tutor_reasons(v: SeatView, found: Appraisal, played: Move) -> tuple[Move, list[Reason]]:
    """The appraisal's best move and its reasons: in the game's terms against the move the
    learner was about to play, then the numbers (the moves equally good within twice the
    loss's standard error, else the next best)."""
    items = _by_name(v, found)
    best, rest = items[0], items[1:]
    equal = tuple(i.move for i in rest if i.loss <= NOISE_Z * i.loss_stderr)
    rival = next((i for i in rest if i.move not in equal), None)
    reasons = move_reasons(v, best.move, canonical(played, v.ends))
    reasons += average_reasons(
        v, best.move, best.expected, found.deals, exact=found.exact,
        margin=found.expected_margin(best), rival=rival.move if rival is not None else None,
        rival_mean=rival.expected if rival is not None else None,
        rival_margin=found.expected_margin(rival) if rival is not None else 0.0,
        gap_margin=rival.margin if rival is not None else 0.0, equal=equal)
    return best.move, reasons
