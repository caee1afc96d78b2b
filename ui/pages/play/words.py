"""What the Play page says as it happens, worded when drawn (in the page's language): the live
region's announcement of the computer's moves and of a round's end, with the id that tells
one announcement from the next; the hint's answer, shown and said once it has come;
whether the table's series says "game" or "round"; and the learner's record in a family."""

from __future__ import annotations

from engine.game.match import DuelSeries
from engine.game.state import State

from ... import progress
from ...i18n import move_text, t
from ...widgets import story
from ...widgets.reasons import reason_text
from .logic import Table


def open_ends_text(state: State) -> str:
    line = state.line
    if line.empty:
        return ""
    return t("play.open_ends", left=line.left, right=line.right)


def in_games(table: Table) -> bool:
    """Whether the table plays a series of games (the two-player game: each game settled on
    its own, :class:`engine.game.match.DuelSeries`) rather than the rounds of a match: the page
    then says "game" and "series" wherever it would say "round" and "match"."""
    return isinstance(table.match, DuelSeries)


def record_text(family: str, record: progress.GameRecord, games: bool) -> str:
    """The learner's record in a family: rounds (games) won of those played, and matches
    (series) won once one has been finished, each count in its plural form."""
    rounds = t("play.tally_games" if games else "play.tally_rounds", won=record.rounds_won,
               count=record.rounds)
    if not record.matches:
        return t("play.record_rounds", family=family, rounds=rounds)
    matches = t("play.tally_series" if games else "play.tally_matches", won=record.matches_won,
                count=record.matches)
    return t("play.record", family=family, rounds=rounds, matches=matches)


def hint_on_show(table: Table) -> bool:
    """A hint's answer is on show: the learner asked for it, and it is still their move."""
    return (table.hint is not None and table.learner_to_move
            and table.hint_for == len(table.state.history))


def hint_lines(table: Table) -> list[str]:
    """The hint's answer (empty when none is on show): the move, then each of its reasons."""
    hint = table.hint
    if hint is None or not hint_on_show(table):
        return []
    return [move_text(hint.move), *(reason_text(r, table.seats)
                                    for r in hint.reasons)]


def hint_said(table: Table) -> str:
    """The hint's answer as the live region says it: "Hint: Play [2|5] on the left end. It
    leaves …"."""
    lines = hint_lines(table)
    if not lines:
        return ""
    move, *reasons = lines
    return " ".join([t("play.hint_title"), _sentence(move), *reasons])


def _sentence(text: str) -> str:
    return text if text.endswith((".", "。", "!", "?")) else f"{text}."


def announcement(table: Table) -> str:
    """What the live region says, in the page's language: the computer's last move with the
    open ends after it, then that the round is over (its result is what the focus then
    goes to: the result describes the next action's button).  Worked out on every run from
    the table, so a change of language changes it too."""
    state = table.state
    record = state.last_record
    parts: list[str] = []
    if table.say_move and record is not None:
        parts += [story.narrate(record, table.seats, show_hidden=False), open_ends_text(state)]
    if table.say_result and state.over:
        parts.append(t("play.game_over") if in_games(table) else t("play.round_over"))
    return " ".join(x for x in parts if x)


def announcement_id(table: Table) -> str:
    """Which announcement the table is at: a new id after each move and at the round's end
    (so the same words twice in a row, "North passes." at two moves, are said twice), the
    same id however often the page is drawn (so nothing is said twice); and a new one when a
    hint's answer comes (then the region says the hint, :func:`hint_said`)."""
    return (f"{table.uid}.{table.round_no}.{table.replays}.{len(table.state.history)}."
            f"{int(table.say_move)}{int(table.say_result and table.state.over)}"
            + (".hint" if hint_on_show(table) else ""))
