"""What Play with friends says, worded when drawn (in the page's language): the seats' names
(a person's display name, always shown as text, never as markup), the table's events
("Ana's seat was given to the computer"), who is here, and the live region's announcement
of the others' moves."""

from __future__ import annotations

import re

from engine.players.bots import LEVELS

from ... import progress
from ...i18n import t
from ...widgets import story
from ...widgets.deal_setup import seat_names
from .logic import Game, setting_of

#: Every character markdown (and Streamlit's additions: colours, emoji, formulas) would read.
_MARKUP = re.compile(r"([\\`*_{}()#+\-.!|~<>&$:=^%@\"'/])")


def as_text(text: str) -> str:
    """A person's words for ``st.markdown``: every markup character shown as it is typed
    (tiles' brackets are left to :func:`ui.widgets.svg.plain`, which the page applies)."""
    return _MARKUP.sub(r"\\\1", text)


def level_name(level: str | None) -> str:
    return t(f"play.level_{level}") if level in LEVELS else ""


def seat_label(seat: progress.SeatRecord, place: str) -> str:
    """A seat as the table names it: the person's display name (also while the computer
    plays for them), or the computer and its level; ``place``, the seat's own name (North …),
    where nobody has taken it."""
    if seat.kind == "computer":
        return t("friends.seat_computer", seat=place, level=level_name(seat.level))
    if seat.name:
        return t("friends.seat_person", name=seat.name, seat=place)
    return place


def seat_labels(game_or_record: Game | progress.TableRecord, me: int | None,
                places: tuple[str, ...]) -> tuple[str, ...]:
    """Every seat's label, in seat order, the viewer's own marked "(you)"."""
    record = game_or_record.record if isinstance(game_or_record, Game) else game_or_record
    labels = list(places)
    for seat in record.seats:
        if 0 <= seat.seat < len(labels):
            labels[seat.seat] = seat_label(seat, places[seat.seat])
    if me is not None and 0 <= me < len(labels):
        labels[me] = t("play.you", name=labels[me])
    return tuple(labels)


def names(record: progress.TableRecord, places: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's person by their display name (the seat's own name where it has none)."""
    out = list(places)
    for seat in record.seats:
        if seat.name and 0 <= seat.seat < len(out):
            out[seat.seat] = seat.name
    return tuple(out)


def places(record: progress.TableRecord) -> tuple[str, ...]:
    """The seats' own names (North …) at the table's rules (their numbers where the rules
    cannot be read)."""
    setting = setting_of(record.params)
    return seat_names(setting.rules) if setting is not None else tuple(
        str(s.seat + 1) for s in record.seats)


def event_text(event: progress.TableEvent, labels: tuple[str, ...]) -> str:
    """What an event tells everyone at the table ("" for one the page does not announce)."""
    who = labels[event.seat] if event.seat is not None and 0 <= event.seat < len(labels) else ""
    if event.kind == "given":
        return t("friends.event_given", name=who)
    if event.kind == "back":
        return t("friends.event_back", name=who)
    if event.kind == "joined":
        return t("friends.event_joined", name=who)
    if event.kind == "ended":
        return t("friends.event_ended")
    return ""


def announcement(game: Game, labels: tuple[str, ...], me: int) -> str:
    """The live region's words (plain text: ``labels`` as typed): the last move when it was
    another seat's (the person's own move is what they just did), then the round's end."""
    state = game.state
    record = state.last_record
    parts: list[str] = []
    if record is not None and record.player != me:
        parts.append(story.narrate(record, labels, show_hidden=False))
        if not state.line.empty:
            parts.append(t("play.open_ends", left=state.line.left, right=state.line.right))
    if state.over:
        parts.append(t("play.game_over") if game.setting.rules.plays_games
                     else t("play.round_over"))
    return " ".join(x for x in parts if x)


def announcement_id(game: Game) -> str:
    """One id per position: a move is said once, however often the page is drawn."""
    return f"{game.table_id}.{game.round_no}.{game.ply}.{int(game.state.over)}"
