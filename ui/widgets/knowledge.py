"""What a seat may know besides its own tiles, in words (Try it's hidden hands, Play).

Read from the engine's :func:`engine.game.view.view`: the others' tile counts, the numbers their
passes, draws and discards showed they lack, their dead tiles, the stock (also when it is
empty)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.state import State
from engine.game.view import SeatView, view

from ..i18n import join_list, seat_name, t


def or_list(values: Sequence[object]) -> str:
    items = [str(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return t("try.or_list", first=join_list(items[:-1]), last=items[-1])


def knowledge(state: State, seat: int, seats: Sequence[str] | None) -> str:
    """What ``seat`` knows besides its own tiles: the others' tile counts, the values
    they are known not to hold (from their passes, draws and discards), the undealt tiles:
    the stock where players draw from it (the duel's draw mode; also when it is empty),
    Gaple's middle, else out of play (Block, and the duel without drawing, alike)."""
    return knowledge_of(view(state, seat), seats)


def knowledge_of(v: SeatView, seats: Sequence[str] | None) -> str:
    """:func:`knowledge` from a seat's view itself (a position given as that seat sees it,
    with what each seat is known to lack)."""
    assert v.rules is not None
    seat = v.seat
    parts = []
    for other in range(len(v.hand_counts)):
        if other == seat:
            continue
        name = seat_name(other, seats)
        text = t("try.knows_count", name=name, count=v.hand_counts[other])
        if v.missing[other]:
            text += " " + t("try.knows_missing", values=or_list(sorted(v.missing[other])))
        if v.dead_counts[other]:
            text += " " + t("try.knows_dead", count=v.dead_counts[other])
        parts.append(text)
    if v.rules.draw_mode:  # a stock players draw from: said also once drawn empty
        parts.append(t("try.knows_stock", count=v.stock_count) if v.stock_count
                     else t("try.knows_stock_empty"))  # (a stuck player then passes)
    elif v.stock_count:  # the undealt tiles: Gaple's middle, else out of play
        parts.append(t("try.knows_middle" if v.rules.middle_up else "try.knows_out",
                       count=v.stock_count))
    return t("try.knows", name=seat_name(seat, seats), facts=" · ".join(parts))
