"""Play with friends: the address (which table, and the host's or a seat's token), the form
that sets a table, and the links a table gives.

- ``/friends`` with no table: the set-up form (:func:`on_create` makes the table in the
  store: the creator is this browser's learner, the store limits how many tables one
  creator sets an hour).
- ``/friends?table=<id>&host=<host token>``: the host's view (who is here, "Start", the
  seats' links, giving an absent person's seat to the computer).
- ``/friends?table=<id>&seat=<seat token>``: a seat's view (a display name first, then the
  table from that seat).
No link carries the learner id: each browser keeps its own learner.  A seat's token is
derived from the host's (:func:`ui.progress.seat_token`; the store keeps only hashes), so the
host's link shows every seat's link again, in any tab or browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Literal

import streamlit as st

from engine.game.rules import Ruleset
from engine.notation.sheet import default_goal
from engine.players.bots import LEVELS

from ... import progress, session
from ...i18n import clip, t
from ...widgets.deal_setup import form_state, random_seed, rules_in_form
from ...widgets.feedback import worded
from ...widgets.share import href
from . import logic
from . import table as friends_table

PREFIX = "friends"
ADDRESS = ("table", "host", "seat")
W_KIND = "friends.kind"  # + ".<seat>": 'person' or 'computer'
W_LEVEL = "friends.level"  # + ".<seat>"
W_GOAL = "friends.goal"  # + ".<points|rounds>"
W_LEARNING = "friends.learning"
W_NAME = "friends.name"
SETUP_SAID = "friends.setup_said"
#: The longest token or id an address is read with (the store's are far shorter).
LONGEST = 200


@dataclass(frozen=True, slots=True)
class Address:
    """What the address asks for: a table, as its host or at a seat (or neither)."""

    table: str | None
    role: Literal["setup", "host", "seat", "none"]
    token: str
    problems: tuple[str, ...] = ()


def read_address() -> Address:
    """The page's address (a value given twice, or absurdly long, is named and left out)."""
    single, repeated = session.page_params(ADDRESS)
    problems = [t("friends.bad_address", name=key) for key in repeated]
    for key, value in list(single.items()):
        if len(value) > LONGEST or not value.isascii():
            problems.append(t("friends.bad_address", name=key))
            del single[key]
    table = single.get("table")
    if not table:
        return Address(None, "setup", "", tuple(problems))
    if single.get("host"):
        return Address(table, "host", single["host"], tuple(problems))
    if single.get("seat"):
        return Address(table, "seat", single["seat"], tuple(problems))
    return Address(table, "none", "", tuple(problems))


def host_link(table_id: str, host: str) -> str:
    return href("friends", {"table": table_id, "host": host})


def seat_link(table_id: str, token: str) -> str:
    return href("friends", {"table": table_id, "seat": token})


def links(record: progress.TableRecord, host: str) -> dict[int, str]:
    """Each person seat's token, given again from the host's token."""
    return {s.seat: progress.seat_token(host, record.table_id, s.seat)
            for s in record.seats if s.kind == "person"}


# -- the form -----------------------------------------------------------------------------


def goal_key(rules: Ruleset) -> str:
    """The match length's widget: one for a target in points, one for a count of rounds."""
    return f"{W_GOAL}.{'points' if rules.target is not None else 'rounds'}"


def kind_key(seat: int) -> str:
    return f"{W_KIND}.{seat}"


def level_key(seat: int) -> str:
    return f"{W_LEVEL}.{seat}"


def widget_defaults(rules: Ruleset) -> None:
    """Each widget's first value: the form's rules, two people and the computer at Easy in
    the other seats, the family's own match length, a learning table."""
    ss = st.session_state
    for key, value in form_state(PREFIX).items():
        ss.setdefault(key, value)
    for seat in range(5):
        ss.setdefault(kind_key(seat), "person" if seat < 2 else "computer")
        ss.setdefault(level_key(seat), logic.DEFAULT_LEVEL)
    key = goal_key(rules)
    if ss.get(key) not in logic.goal_choices(rules):
        ss[key] = default_goal(rules)
    ss.setdefault(W_LEARNING, "learning")


def form_rules() -> Ruleset:
    return rules_in_form(st.session_state, PREFIX)


def seat_plans(rules: Ruleset) -> list[progress.SeatPlan]:
    """Each seat as the form sets it: a person, or the computer at a level."""
    ss = st.session_state
    plans = []
    for seat in range(rules.players):
        level = str(ss.get(level_key(seat)))
        plans.append(progress.SeatPlan(
            "computer" if ss.get(kind_key(seat)) == "computer" else "person",
            level if level in LEVELS else logic.DEFAULT_LEVEL))
    return plans


def on_create() -> None:
    """"Set the table": made in the store (expired tables ended first), and this session
    opens the host's view of it; a creator over the limit is told so, nothing made."""
    ss = st.session_state
    rules = form_rules()
    goal = ss.get(goal_key(rules))
    setting = logic.Setting(rules, random_seed(),
                            goal if isinstance(goal, int) and goal in logic.goal_choices(rules)
                            else default_goal(rules), ss.get(W_LEARNING) != "match")
    try:
        progress.expire_tables()
        made = progress.create_table(session.learner_id(), logic.setting_params(setting),
                                     seat_plans(rules))
    except progress.ProgressError:
        made = None
        ss[SETUP_SAID] = worded("no", partial(t, "friends.store_failed"))
        return
    if made is None:
        ss[SETUP_SAID] = worded("no", partial(t, "friends.rate_limited"))
        return
    ss[SETUP_SAID] = None
    st.query_params["table"] = made.table_id
    st.query_params["host"] = made.host_token
    st.query_params.pop("seat", None)


# -- a seat's display name ------------------------------------------------------------------


def on_sit(table_id: str, token: str) -> None:
    """The seat's name form sent: the seat taken (or the reason it cannot be)."""
    name = progress.clean_name(str(st.session_state.get(W_NAME) or ""))
    if not name:
        friends_table.say(table_id, worded("no", partial(t, "friends.name_missing")))
        return
    try:
        answer = progress.take_seat(table_id, token, name, session.learner_id())
    except progress.ProgressError:
        answer = "bad"
    if answer in ("taken", "again"):
        friends_table.say(table_id, None)
        return
    holder = ""
    if answer == "other":
        record = friends_table.read(table_id)
        seat = friends_table.opens(table_id, token)
        found = None if record is None else next(
            (s for s in record.seats if s.seat == seat), None)
        holder = found.name or "" if found is not None else ""
    friends_table.say(table_id, worded("no", partial(t, f"friends.seat_{answer}",
                                                     name=clip(holder, progress.NAME_MAX))))
