"""The score keeper: the sheet of a game played with real tiles (logic and callbacks).

Drawn by ui/pages/scores/view.py.  After each round the table says how it ended (who went
out, or a block) and what each seat has left, by tiles (clicked) or as a pip total (typed);
the engine settles it (:func:`engine.notation.sheet.settle_entry`, the same results and arithmetic
as a round played on the site) and keeps the match's sheet (:class:`engine.notation.sheet.Sheet`).
No rule is worked out here.

**The address is the sheet.**  Every change writes the sheet code (:mod:`engine.notation.sheet`) to
``?sheet=…`` (and the players' names, when given, to ``?names=…``, separated by ``~``), so
a reload brings the sheet back and the address shared is the sheet: whoever opens it sees
the same sheet and may go on with it on their own device (a copy: share the link again
after a round, and the others' pages show it when they open it).  A sheet code that cannot
be read is named in a notice, and the page keeps the sheet it had (or none).

Session keys (all ``scores.``): ``scores.sheet`` (the :class:`~engine.notation.sheet.Sheet`),
``scores.names`` (the names given, or ()), ``scores.said`` (what the last click says back:
a refused report, worded when drawn), ``scores.draft`` (the round being entered: tiles per
seat) and the widgets' keys below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

import streamlit as st

from engine.game.rules import Ruleset
from engine.game.settlement import counted_totals
from engine.game.tiles import TILES, mask_of
from engine.notation.code import CodeError, parse_rules
from engine.notation.sheet import Entry, Left, Sheet, SheetError, counts_left, heaviest, parse_sheet

from ... import session
from ...i18n import clip, t, table_seat_names
from ...widgets.deal_setup import CHOICES, form_state, rules_in_form
from ...widgets.feedback import Feedback, Later, Said, worded
from .form import BY_LOT, W_FIRST, W_NAME, first_choice, raw_names, typed_names
from .words import (
    NAME_SEP,
    clean_name,
    marks_said,
    most_goal,
    names_from,
    refusal_words,
    typed_refusal,
    whole_number,
)

SHEET = "scores.sheet"
NAMES = "scores.names"
SAID = "scores.said"
DRAFT = "scores.draft"  # {seat: [tile index, …]}: the tiles clicked for the round entered
CONFIRM_NEW = "scores.confirm_new"
CONFIRM_UNDO = "scores.confirm_undo"  # Undo asks first: True while it asks
W_ENDING = "scores.ending"  # "b" (blocked) or the seat that went out, as text
W_SEAT = "scores.seat"  # whose tiles the grid enters
W_MODE = "scores.mode"  # + ".<seat>": "tiles" or "total"
W_TOTAL = "scores.total"  # + ".<seat>": the total typed (text: the page reads the digits)
W_GOAL = "scores.goal"  # + ".<rules>": the goal typed (text)
FORM = {k: f"scores.{k}" for k in CHOICES}  # the rules' widgets, as Play's and Try it's
PARAM_SHEET, PARAM_NAMES = "sheet", "names"
BLOCKED = "b"
TILES_MODE, TOTAL_MODE = "tiles", "total"


# -- the sheet and its address ---------------------------------------------------------------


def stored() -> Sheet | None:
    sheet = st.session_state.get(SHEET)
    return sheet if isinstance(sheet, Sheet) else None


def names_for(rules: Ruleset) -> tuple[str, ...]:
    """The seats' names: those given at the table, else the site's seat names."""
    given = st.session_state.get(NAMES) or ()
    default = table_seat_names(rules)
    return tuple(given[i] if i < len(given) and given[i] else default[i]
                 for i in range(rules.players))


def form_names(rules: Ruleset) -> tuple[str, ...]:
    """The names typed in the setup form, else the site's seat names."""
    default = table_seat_names(rules)
    typed = [clean_name(str(st.session_state.get(f"{W_NAME}.{i}") or ""))
             for i in range(rules.players)]
    return tuple(typed[i] or default[i] for i in range(rules.players))


def address_of(sheet: Sheet) -> dict[str, str]:
    """The address's parameters that bring ``sheet`` back: its code, and the names given."""
    params = {PARAM_SHEET: sheet.text()}
    given = tuple(st.session_state.get(NAMES) or ())
    if any(given):
        params[PARAM_NAMES] = NAME_SEP.join(given)
    return params


def _write_address(sheet: Sheet | None) -> None:
    session.write_page_params((PARAM_SHEET, PARAM_NAMES),
                              {} if sheet is None else address_of(sheet))


def _store(sheet: Sheet | None, names: Sequence[str] | None = None) -> None:
    ss = st.session_state
    ss[SHEET] = sheet
    if names is not None:
        ss[NAMES] = tuple(names)
    ss[DRAFT] = {}
    # The round's widgets start afresh: set (not removed), so the browser shows it too.
    for key in [k for k in ss if isinstance(k, str) and k.startswith((W_TOTAL, W_MODE))]:
        ss[key] = "" if key.startswith(W_TOTAL) else TILES_MODE
    ss[W_ENDING] = None
    ss[CONFIRM_UNDO] = False
    _write_address(sheet)


def current() -> Sheet | None:
    """This session's sheet: the address's when it names another (a link opened, or the
    browser's Back and Forward: every change is a step in the browser's history, and the
    page follows it, saying so), else the one kept (and the address made to show it)."""
    raw = st.query_params.get(PARAM_SHEET)
    sheet = stored()
    if raw is None or (sheet is not None and raw == sheet.text()):
        if sheet is not None:
            _write_address(sheet)
        return sheet
    try:
        read = parse_sheet(raw)
    except SheetError as e:
        try:
            names: tuple[str, ...] | None = table_seat_names(parse_rules(raw.split("/")[0]))
        except CodeError:
            names = None
        session.notice(t("scores.bad_link", why=refusal_words(e, names)), "warning")
        _write_address(sheet)
        return sheet
    _store(read, names_from(st.query_params.get(PARAM_NAMES), read.rules.players))
    if sheet is not None:  # the address changed under the page: Back, Forward, a link
        st.session_state[SAID] = None  # what was said of the sheet it had no longer holds
        session.notice(t("scores.followed", n=len(read.entries)))
    return read


# -- the round being entered -------------------------------------------------------------


@dataclass
class SeatDraft:
    """One seat's entry for the round being entered: the tiles clicked, the total typed,
    and which of the two counts."""

    tiles: list[int] = field(default_factory=list)  # tile indices
    total: int | None = None
    mode: str = TILES_MODE
    typed: str = ""  # the total as typed (kept when it is not a number, to be corrected)


def draft() -> dict[int, SeatDraft]:
    """The round being entered, kept apart from the widgets (Streamlit forgets a widget's
    value when it is not drawn, and only one seat's is drawn at a time)."""
    value = st.session_state.setdefault(DRAFT, {})
    assert isinstance(value, dict)
    return value


def seat_draft(seat: int) -> SeatDraft:
    return draft().setdefault(seat, SeatDraft())


def held_elsewhere(seat: int) -> dict[int, int]:
    """The tiles clicked for the other seats: tile index -> seat."""
    return {i: s for s, d in draft().items() if s != seat for i in d.tiles}


def ending() -> int | None | str:
    """What the ending choice says: the seat that went out, None (blocked), or "" (none
    chosen yet)."""
    raw = st.session_state.get(W_ENDING)
    if raw == BLOCKED:
        return None
    if isinstance(raw, str) and raw.isdigit():
        return int(raw)
    return ""


def seats_to_enter(rules: Ruleset) -> tuple[int, ...]:
    """The seats whose leftovers the round needs: every seat but the one that went out
    (in Gaple with dead tiles, that one's dead tiles too); none in the two-player game won
    by going out (the engine: :func:`engine.notation.sheet.counts_left`)."""
    out = ending()
    if out == "":
        return ()
    assert not isinstance(out, str)
    if not counts_left(rules, out):
        return ()
    return tuple(s for s in range(rules.players) if s != out or rules.has_dead_tiles)


def left_of(seat: int) -> Left:
    """What the seat's entry says it has left: the tiles clicked, or the total typed (a
    total not typed yet is nothing)."""
    d = seat_draft(seat)
    if d.mode == TOTAL_MODE:
        return d.total if d.total is not None else ()
    return tuple(sorted(TILES[i] for i in d.tiles))


def entry(rules: Ruleset) -> Entry | None:
    out = ending()
    if out == "":
        return None
    assert not isinstance(out, str)
    wanted = seats_to_enter(rules)
    return Entry(out, tuple(left_of(s) if s in wanted else () for s in range(rules.players)))


def running_totals(rules: Ruleset) -> tuple[int | None, ...]:
    """Each seat's total so far in the entry (the engine counts it: [0|0] at 25 in that
    variant); None where nothing is entered."""
    lefts = [left_of(s) for s in range(rules.players)]
    totals = counted_totals(rules, [mask_of(x) if isinstance(x, tuple) else 0 for x in lefts],
                            [0] * rules.players,
                            [x if isinstance(x, int) else None for x in lefts])
    return tuple(None if x == () else v for x, v in zip(lefts, totals, strict=True))


# -- callbacks (run before the script) ---------------------------------------------------


def on_tile(seat: int, index: int) -> None:
    tiles = seat_draft(seat).tiles
    if index in tiles:
        tiles.remove(index)
    elif index not in held_elsewhere(seat):
        tiles.append(index)
    st.session_state[SAID] = None


def on_total(seat: int) -> None:
    """The total typed for ``seat``: a whole number up to the most a seat can hold (the
    engine's :func:`engine.notation.sheet.heaviest`), or a refusal that stays until it is
    corrected (the seat then counts as nothing entered)."""
    raw = str(st.session_state.get(f"{W_TOTAL}.{seat}") or "")
    d = seat_draft(seat)
    d.typed, d.total = raw, None
    st.session_state[SAID] = None
    sheet = stored()
    if sheet is None:
        return
    name = names_for(sheet.rules)[seat]
    try:
        value = whole_number(raw)
    except ValueError:
        st.session_state[SAID] = typed_refusal("scores.total_not_number", name=name,
                                                text=clip(raw.strip(), 12))
        return
    most = heaviest(sheet.rules)
    if value is not None and value > most:
        st.session_state[SAID] = typed_refusal("scores.refusal.total_range", name=name,
                                                total=value, most=most)
        return
    d.total = value


def on_mode(seat: int) -> None:
    value = st.session_state.get(f"{W_MODE}.{seat}")
    seat_draft(seat).mode = TOTAL_MODE if value == TOTAL_MODE else TILES_MODE
    st.session_state[SAID] = None


def on_ending() -> None:
    """How the round ended, chosen: what was said of the round before no longer applies."""
    st.session_state[SAID] = None


def on_clear(seat: int) -> None:
    d = seat_draft(seat)
    d.tiles.clear()
    d.total, d.typed = None, ""
    st.session_state.pop(f"{W_TOTAL}.{seat}", None)
    st.session_state[SAID] = None


def on_settle() -> None:
    """Settle the round entered and add it to the sheet, or say why it cannot be."""
    sheet = stored()
    if sheet is None:
        return
    made = entry(sheet.rules)
    if made is None:
        st.session_state[SAID] = worded("hint", partial(t, "scores.choose_ending"))
        return
    try:
        added = sheet.add(made)
    except SheetError as e:
        names = names_for(sheet.rules)
        st.session_state[SAID] = worded("no", partial(refusal_words, e, names))
        return
    _store(added)
    st.session_state[SAID] = None


def on_undo_ask(ask: bool) -> None:
    """"Undo the last round": ask first (or, ``ask`` False, keep the round)."""
    st.session_state[CONFIRM_UNDO] = ask
    st.session_state[SAID] = None


def on_undo() -> None:
    """The last round taken off the sheet, once confirmed."""
    st.session_state[CONFIRM_UNDO] = False
    sheet = stored()
    if sheet is not None and sheet.entries:
        _store(sheet.undo())
        st.session_state[SAID] = worded("hint", partial(t, "scores.undone"))


def on_start() -> None:
    """A new sheet from the setup form."""
    ss = st.session_state
    rules = rules_in_form(ss, "scores")
    raw_first = first_choice(rules)
    first = None if raw_first == BY_LOT else int(raw_first)
    raw_goal = str(ss.get(goal_key(rules)) or "")
    most = most_goal(rules)
    try:
        goal = whole_number(raw_goal)
    except ValueError:
        goal = 0
    if goal is None or not 1 <= goal <= most:
        ss[SAID] = typed_refusal("scores.goal_bad", text=clip(raw_goal.strip(), 12),
                                  most=most)
        return
    said = marks_said(raw_names(rules.players))
    names = typed_names(rules.players)
    sheet = Sheet.new(rules, first, goal)
    ss[CONFIRM_NEW] = False
    _store(sheet, names if any(names) else ())
    ss[SAID] = said


def on_typed_goal() -> None:
    """The goal edited: a refusal of the last one no longer applies."""
    st.session_state[SAID] = None


def on_new(ask: bool) -> None:
    """"New sheet": ask first (the sheet stays at its link), or leave it."""
    st.session_state[CONFIRM_NEW] = ask
    st.session_state[CONFIRM_UNDO] = False
    st.session_state[SAID] = None


def on_names() -> None:
    """The names edited on a sheet in play."""
    sheet = stored()
    if sheet is None:
        return
    ss = st.session_state
    ss[SAID] = marks_said(raw_names(sheet.rules.players))
    ss[NAMES] = typed_names(sheet.rules.players)
    if not any(ss[NAMES]):
        ss[NAMES] = ()
    _write_address(sheet)


def form_defaults(sheet: Sheet | None) -> None:
    """The setup form shows the sheet's rules (or the defaults) until changed."""
    ss = st.session_state
    for w, v in form_state("scores").items():
        ss.setdefault(w, v)
    ss.setdefault(W_FIRST, "0")
    if sheet is not None:
        names = st.session_state.get(NAMES) or ()
        for i in range(sheet.rules.players):
            ss.setdefault(f"{W_NAME}.{i}", names[i] if i < len(names) else "")


def form_rules() -> Ruleset:
    ss = st.session_state
    return rules_in_form(ss, "scores")


def said() -> Said | None:
    value = st.session_state.get(SAID)
    return value if isinstance(value, (Feedback, Later)) else None


def goal_key(rules: Ruleset) -> str:
    """The goal's widget key, one per rules: each starts at the rules' own goal."""
    return f"{W_GOAL}.{rules.name}"

