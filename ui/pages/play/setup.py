"""Play's session and address: the table this session plays, the setup form, the callbacks.

Session keys (all ``play.``): ``play.table`` (:class:`ui.pages.play.logic.Table`), ``play.drawn``
(the table the page's last full run drew), the setup widgets' keys (:data:`WIDGETS`) and
``play.fits_choice`` (the learner's own choice for "Show which tiles fit": None until they
flip the toggle, then it stands for every level; until then the level decides,
:func:`fits_by_default`), and ``play.tutor_choice`` likewise for "Tutor mode"
(off at every level until then, :func:`uses_tutor`).  The setting is the session's, not the
address's: a shared link plays the same game, and the one who opens it sees what they chose;
it is kept with the learner's match too, so a match taken up again in a new session has the
tutor as it was chosen for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import streamlit as st

from engine.game.rules import Ruleset
from engine.players.bots import LEVELS

from ... import session
from ...i18n import clip, join_list, seat_name, t, t_in
from ...widgets.deal_setup import (
    GAPLE_DEALS,
    form_state,
    parse_params,
    random_seed,
    rules_in_form,
)
from ...widgets.deal_setup import seat_names as deal_seat_names
from . import logic as play
from . import resume as play_resume
from . import tutor as play_tutor
from .logic import PARAM_KEYS, TABLE, Table

DRAWN = "play.drawn"
W_FAMILY = "play.family"
W_PLAYERS = "play.players"
W_DEAL = "play.gaple_deal"
W_DEAD = "play.dead_tiles"
W_BLANK = "play.blank25"
W_DRAW = "play.draw"
W_LEVEL = "play.level"
W_SETUP = "play.setup_open"
W_FITS = "play.fits"
FITS_CHOICE = "play.fits_choice"
FITS_LEVEL = "play.fits_level"  # the level "Show which tiles fit" was last set for
W_TUTOR = "play.tutor"
TUTOR_CHOICE = "play.tutor_choice"
WIDGETS = (W_FAMILY, W_PLAYERS, W_DEAL, W_DEAD, W_BLANK, W_DRAW, W_LEVEL, W_SETUP, W_FITS,
           W_TUTOR)


def _url_params() -> tuple[dict[str, str], list[str]]:
    """This page's parameters, one value each; a parameter given twice with different
    values is left out and named."""
    single, repeated = session.page_params(PARAM_KEYS)
    return single, [t("try.repeated", name=key, values=clip(join_list(values), 40))
                    for key, values in repeated.items()]


def _write_params(params: Mapping[str, str]) -> None:
    session.write_page_params(PARAM_KEYS, params)


def _sync_widgets(table: Table) -> None:
    ss = st.session_state
    ss.update(form_state("play", table.rules))
    ss[W_LEVEL] = table.level


def widget_defaults() -> None:
    """Widgets not drawn in a run lose their state (back from another page): each gets the
    table's own rules and level before drawing (the form's defaults with no table yet), so
    the setup never shows, and "New match" never deals, another game than the one played."""
    ss = st.session_state
    table = stored_table()
    rules, level = (table.rules, table.level) if table is not None else (None, play.DEFAULT_LEVEL)
    for key, value in (form_state("play", rules) | {W_LEVEL: level}).items():
        ss.setdefault(key, value)
    # The toggles are set only where they have no state (first here, or back from another
    # page) or, for "Show which tiles fit" before the learner chose, where the level its
    # default follows changed: set on every run, a run under way when the learner flipped
    # one would send the old value back over the flip (the setup's own rerun as it opens).
    if W_FITS not in ss or (FITS_CHOICE not in ss and ss.get(FITS_LEVEL) != level):
        ss[W_FITS] = shows_fits(table)
    ss[FITS_LEVEL] = level
    ss.setdefault(W_TUTOR, uses_tutor(table))


#: The levels against which "Show which tiles fit" is on until the learner says otherwise:
#: Beginner and Easy, where a learner fresh from Learn plays first.  Against Medium and
#: Strong it starts off: finding your own moves is part of a harder game.
FITS_LEVELS = frozenset({"random", "heaviest"})


def fits_by_default(level: str) -> bool:
    return level in FITS_LEVELS


def _learner_choice(key: str, default: bool) -> bool:
    """A setup toggle's value: the learner's own choice (kept under ``key``) once they
    flipped it, else ``default``."""
    choice = st.session_state.get(key)
    return choice if isinstance(choice, bool) else default


def shows_fits(table: Table | None) -> bool:
    """Whether the board marks the tiles that fit: the learner's choice, else the level's."""
    return _learner_choice(
        FITS_CHOICE, fits_by_default(table.level if table is not None else play.DEFAULT_LEVEL))


def on_fits() -> None:
    """The learner flipped "Show which tiles fit": their choice stands from now on."""
    st.session_state[FITS_CHOICE] = bool(st.session_state.get(W_FITS))


def uses_tutor(table: Table | None) -> bool:
    """Whether the tutor stops a mistake: the learner's choice, else off (at every level:
    a learner asks for it)."""
    return _learner_choice(TUTOR_CHOICE, False)


def on_tutor() -> None:
    """The learner flipped "Tutor mode": their choice stands, on this table at once."""
    on = bool(st.session_state.get(W_TUTOR))
    st.session_state[TUTOR_CHOICE] = on
    table = stored_table()
    if table is not None:
        play_tutor.switch(table, on)
        play_resume.keep_tutor(table)  # kept with the match: a new session has it too


def _store(table: Table, fold: bool = False) -> None:
    """Make ``table`` this session's; the reviews the table before it was still working out
    go with it, so their rounds' figures are kept all the same (once)."""
    before = stored_table()
    if before is not None and before is not table:
        table.filing[:0] = [r for r in before.filing if r not in table.filing]
    play_tutor.switch(table, uses_tutor(table))
    play_resume.keep(table)  # the match kept as it is played: a reload finds it
    st.session_state[TABLE] = table
    _write_params(table.params)
    if fold:
        st.session_state[W_SETUP] = False


def stored_table() -> Table | None:
    table = st.session_state.get(TABLE)
    return table if isinstance(table, Table) else None


def current_table() -> Table:
    """This session's table; a new one when the address asks for another game (with a
    notice for every value that could not be read), or when there is none yet."""
    url, notices = _url_params()
    table = stored_table()
    if table is not None and table.stale:  # played on elsewhere: the match as it stands
        table.stale = False
        found = play_resume.played_elsewhere(table)
        if found is not None:
            session.notice(t("play.played_elsewhere"))
            _store(found)
            table = found
    if table is not None and not notices and (not url or url == table.params):
        _write_params(table.params)
        table.seats = play.seat_labels(table.rules, table.learner)  # the page's language
        play_resume.take_pending(table)  # again once a claim elsewhere could have lapsed
        return table
    resumed = play_resume.resume(url) if table is None and not notices else None
    problems: tuple[str, ...] = ()
    if resumed is not None:  # this session's first table: the learner's match, kept
        made = resumed
        on = play_resume.tutor_kept(made)  # with the tutor as chosen for it
        if on is not None:
            st.session_state[TUTOR_CHOICE] = st.session_state[W_TUTOR] = on
    else:
        made, problems = from_address(url)
    for notice in [*notices, *problems]:
        session.notice(notice)
    _store(made)
    _sync_widgets(made)
    play_resume.take_pending(made)
    return made


# -- the address -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Address:
    rules: Ruleset
    level: str
    seed: int | None
    seat: int | None
    problems: tuple[str, ...]


def parse_address(params: Mapping[str, str]) -> Address:
    """The rules, level, seat and seed an address asks for; every bad value named."""
    parsed = parse_params({k: v for k, v in params.items() if k != "match"})
    problems = list(parsed.problems)
    level = level_named(params.get("level", play.DEFAULT_LEVEL))
    if level is None:
        problems.append(t("play.bad_level", value=clip(params.get("level", ""), 20),
                          level=level_name(play.DEFAULT_LEVEL)))
        level = play.DEFAULT_LEVEL
    seat: int | None = None
    raw = params.get("seat")
    if raw is not None:
        text = raw.strip()
        n = int(text) if text.isascii() and text.isdigit() and len(text) <= 2 else 0
        if 1 <= n <= parsed.rules.players:
            seat = n - 1
        else:
            problems.append(t("play.bad_seat", value=clip(raw, 20),
                              players=parsed.rules.players,
                              name=seat_name(play.learner_seat(parsed.rules),
                                             deal_seat_names(parsed.rules))))
    return Address(parsed.rules, level, parsed.seed, seat, tuple(problems))


def level_name(level: str) -> str:
    return t(f"play.level_{level}") if level in LEVELS else level


def level_named(text: str) -> str | None:
    """The level an address names: the engine's name ("counting") or the one the page shows,
    in English ("medium") or the page's language, in any case; None for none."""
    wanted = text.strip().casefold()
    for level in LEVELS:
        key = f"play.level_{level}"
        if wanted in (level, t_in("en", key).casefold(), t(key).casefold()):
            return level
    return None


def from_address(params: Mapping[str, str]) -> tuple[Table, tuple[str, ...]]:
    """A new table for an address, and the notices for what could not be read."""
    a = parse_address(params)
    seed = a.seed if a.seed is not None else random_seed()
    return play.new_table(a.rules, a.level, seed, a.seat), a.problems


# -- callbacks (run before the script) --------------------------------------------------------


def on_new_match() -> None:
    """A new match with the setup form's rules and level (a fresh seed)."""
    ss = st.session_state
    rules = rules_in_form(ss, "play")
    level = str(ss.get(W_LEVEL))
    _store(play.new_table(rules, level if level in LEVELS else play.DEFAULT_LEVEL,
                          random_seed()), fold=True)


def on_same_again() -> None:
    """The same rules, level and seat: a new match with a fresh seed."""
    table = stored_table()
    if table is None:
        on_new_match()
        return
    seat = table.learner if table.learner != play.learner_seat(table.rules) else None
    made = play.new_table(table.rules, table.level, random_seed(), seat)
    _sync_widgets(made)
    _store(made)


def on_abandon() -> None:
    """"Abandon this match": it is given up in the store, and a new one dealt with the same
    rules, level and seat."""
    table = stored_table()
    if table is not None:
        play_resume.abandon(table)
    on_same_again()


def on_table(action: Callable[..., object], *args: object) -> None:
    """A control's callback: ``action(table, *args)`` on this session's table (the move
    played, the hint asked for …); nothing when there is no table."""
    table = stored_table()
    if table is not None:
        action(table, *args)


def gaple_deal_label(key: str) -> str:
    players, hand = GAPLE_DEALS[key]
    return t("try.deal_n", players=players, hand=hand)
