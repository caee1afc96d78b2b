"""What Learn says back, worded when it is drawn (``ui.widgets.feedback.worded``), so that
it follows the page's language: "Show me", a wrong "who wins", the nudge of what to count."""

from __future__ import annotations

from engine.game.moves import Move
from engine.game.settlement import Settlement
from engine.teaching.lessons import Lesson, Step

from ...i18n import move_text, seat_name, settlement_text, t
from ...widgets.lessons import hint_text


def shown(lesson: Lesson, step: Step, move: Move | None) -> str:
    """What "Show me" says for ``step`` (``move``: the one it marks on the board, for a task
    answered by a move)."""
    hint = hint_text(lesson, step)
    kind = step.task.kind
    if move is not None:  # a task answered on the board: the move is marked there too
        hint = (hint + " " if hint else "") + t("learn.hint_move", move=move_text(move))
    elif kind == "ends":
        hint = hint or t("learn.hint_ends")
    elif kind == "blocked":
        hint = hint or t("learn.hint_blocked")
    elif kind == "winner":
        # "Show me" gives the answer, with its reckoning.
        said = settlement_text(step.settlement(), step.scenario.seats)
        hint = (hint + " " if hint else "") + t("learn.winner_arithmetic", text=said)
    return hint or t("learn.hint_none")


def winner_wrong(step: Step, seat: int | None, points: int | None, reckon: bool) -> str:
    """Why a "who wins" answer is wrong, in the page's language: what the learner said, then
    a nudge (what to count) or, with ``reckon``, the reckoning."""
    settlement = step.settlement()
    seats = step.scenario.seats
    if seat != settlement.winner:
        said = t("learn.winner_wrong_seat", answer=seat_name(seat, seats)
                 if seat is not None else t("learn.nobody"))
    else:
        said = t("learn.winner_wrong_points", points=points)
    extra = t("learn.winner_arithmetic", text=settlement_text(settlement, seats)) \
        if reckon else nudge(settlement)
    return f"{said} {extra}"


#: What to count, by the rule that settles the round (``Explanation.code``).
NUDGES = {"block_domino": "learn.nudge_block_domino", "block_sole_lowest": "learn.nudge_block_blocked",
          "block_tied_lowest": "learn.nudge_block_blocked", "duel_domino": "learn.nudge_duel_domino",
          "duel_equal": "learn.nudge_duel_blocked", "duel_lower": "learn.nudge_duel_blocked"}


def nudge(settlement: Settlement) -> str:
    """What to count to settle this round, without the answer."""
    code = settlement.explanation.code
    key = NUDGES.get(code, "learn.nudge_gaple" if code.startswith("gaple") else "learn.hint_winner")
    return t(key)
