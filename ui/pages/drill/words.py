"""What the counting drill says: its questions, answers and reasons, in the page's language
(worded when drawn, so they follow a change of language)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.state import State
from engine.teaching.drill import YES, Question, Reason

from ...i18n import and_list, end_name, t, table_seat_names
from ...widgets.feedback import Feedback
from .logic import Answered


def seat_labels(state: State) -> tuple[str, ...]:
    """The table's seat names (the learner's seat is the one drawn at the bottom)."""
    return table_seat_names(state.rules)


def _numbers(values: Sequence[int]) -> str:
    """"2, 3 and 5" in the page's language; "none"."""
    return and_list(sorted(values)) if values else t("drill.no_numbers")


def ask(q: Question, seats: Sequence[str]) -> str:
    """The question, as the learner reads it."""
    if q.kind == "hidden":
        return t("drill.ask_hidden", value=q.value)
    if q.kind == "lacks":
        return t("drill.ask_lacks", name=seats[q.about or 0])
    if q.kind == "open_end":
        return t("drill.ask_open_end", value=q.value, end=end_name(q.end))
    return t("drill.ask_pips")


def choice_label(q: Question, value: int) -> str:
    """An answer button's words."""
    if q.kind == "open_end":
        return t("drill.yes") if value == YES else t("drill.no")
    return str(value)


def answer_text(q: Question, answer: int | frozenset[int]) -> str:
    """An answer in words ("3", "2 and 5", "none", "Yes")."""
    return _numbers(tuple(answer)) if isinstance(answer, frozenset) else choice_label(q, answer)


def _ends(ends: object) -> str:
    values = [int(v) for v in ends] if isinstance(ends, tuple) else []
    if len(values) == 2 and values[0] == values[1]:
        return str(values[0])
    return _numbers(values) if values else "—"


def reason_text(reason: Reason, seats: Sequence[str]) -> str:
    """One of :func:`engine.teaching.drill.check`'s reasons in words."""
    p = dict(reason.params)
    if "seat" in p:
        p["name"] = seats[int(p["seat"])]  # type: ignore[call-overload]
    code = reason.code
    if code == "hidden_count":
        if not p["seen"]:
            return t("drill.why_hidden_none_seen", value=p["value"])
        return t("drill.why_hidden", value=p["value"], seen=p["seen"], count=p["count"])
    if code == "shown_lack":
        event = str(p["event"]) if p["event"] in ("pass", "draw", "discard") else "pass"
        return t(f"drill.why_{event}", name=p["name"], value=p["value"], ends=_ends(p["ends"]))
    if code == "all_seen":
        return t("drill.why_all_seen", value=p["value"], tiles=p["tiles"])
    if code == "forced_elsewhere":
        return t("drill.why_forced", name=p["name"], value=p["value"], tiles=p["tiles"])
    if code == "may_hold":
        return t("drill.why_may_hold", name=p["name"], value=p["value"], tiles=p["tiles"])
    if code == "none_known":
        return t("drill.why_none_known", name=p["name"])
    if p.get("dead"):
        return t("drill.why_pips_dead", total=p["total"], hand=p["hand"], line=p["line"],
                 dead=p["dead"], count=p["count"])
    return t("drill.why_pips", total=p["total"], hand=p["hand"], line=p["line"],
             count=p["count"])


def said(a: Answered, seats: Sequence[str]) -> Feedback:
    """What the page says back to an answer: right or not, the right answer, and why."""
    lines = tuple(reason_text(r, seats) for r in a.verdict.reasons)
    if a.verdict.right:
        return Feedback("ok", title=t("drill.right"), lines=lines)
    return Feedback("no", title=t("drill.wrong", given=answer_text(a.q, a.given),
                                  answer=answer_text(a.q, a.verdict.answer)), lines=lines)


def kinds_text() -> tuple[str, ...]:
    """The kinds of question, for the start screen."""
    return (t("drill.kind_hidden"), t("drill.kind_lacks"), t("drill.kind_open_end"),
            t("drill.kind_pips"))


def length_label(seconds: int) -> str:
    return t("drill.length_s", count=seconds) if seconds < 60 else \
        t("drill.length_min", count=seconds // 60)
