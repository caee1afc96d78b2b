"""Try it: a table for any rule family — deal (seeded) or open a scenario, play every seat.

Logic first, drawing after (the page, ``pages/try_it.py``, only calls
:func:`draw`).

- What to deal comes from the URL (``?rules=block&players=3&seed=1234``,
  :func:`parse_params`) or from the setup widgets; bad values fall back with a
  notice (so does a parameter given twice, ``?seed=1&seed=2``, and the address is
  cleaned).  ``?scenario=<id>`` opens a scenario's start position instead.
- A :class:`Game` (session key ``try.game``) holds the rules, the seat names,
  the :class:`~engine.game.state.State` being played, its seed or scenario, and —
  in Block's match mode — an :class:`engine.game.match.BlockMatch`.  Moves, undo and
  restart go through the engine (:func:`apply`, :func:`undo`, :func:`restart`).
- What the seat to move knows (ui.widgets.knowledge, from engine.game.view) is shown when
  the other hands are face down.
- The table (the switch, match scores, board, actions, move log) is a fragment,
  :func:`table`: a move, undo or the switch reruns only it; a click that deals a
  new game reruns the whole page (the setup, the header and the address show it).

Session keys (all ``try.``): ``try.game``, ``try.drawn`` (the game the page's last
full run drew) and the setup widgets' keys (:data:`WIDGETS`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

import streamlit as st

from engine.game.match import BlockMatch
from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.settlement import settle
from engine.game.state import State
from engine.teaching.scenario import Scenario

from ... import session
from ...content import Content, content
from ...i18n import clip, join_list, t
from ...widgets import story
from ...widgets.deal_setup import (
    PARAM_KEYS,
    SEED_MAX,
    deal_params,
    form_state,
    parse_params,
    random_seed,
    rules_in_form,
    seat_names,
)
from ...widgets.feedback import Said, checked

PAGE = "pages/try_it.py"
EXAMPLES_PAGE = "pages/examples.py"
GAME = "try.game"
DRAWN = "try.drawn"  # the game the page's last full run drew (see table())
BOARD = "try-board"
BEST = "try-best"  # the "Best move here" ask (ui.widgets.best_move)

W_FAMILY = "try.family"
W_PLAYERS = "try.players"
W_DEAL = "try.gaple_deal"
W_DEAD = "try.dead_tiles"
W_BLANK = "try.blank25"
W_DRAW = "try.draw"
W_SEED = "try.seed"
W_MATCH = "try.match"
W_SCENARIO = "try.scenario"
W_HIDE = "try.hide"
W_SETUP = "try.setup_open"  # the setup's fold: open or not (it folds after a deal)
WIDGETS = (W_FAMILY, W_PLAYERS, W_DEAL, W_DEAD, W_BLANK, W_DRAW, W_SEED, W_MATCH, W_SCENARIO,
           W_HIDE, W_SETUP)




# -- a game --------------------------------------------------------------------------------


@dataclass
class Game:
    """One table being played (kept in session state; changed only by the functions below)."""

    rules: Ruleset
    seats: tuple[str, ...]
    state: State
    params: dict[str, str]
    seed: int | None = None
    scenario: str | None = None
    match: BlockMatch | None = None
    round_no: int = 1
    recorded: bool = False  # this round's points are in the match scores
    feedback: Said | None = None
    log: list[str] = field(default_factory=list)  # what happened, for tests


def new_deal(rules: Ruleset, seed: int, match: bool = False) -> Game:
    """A round dealt from ``seed`` (a Block match's first round when ``match``)."""
    rng = random.Random(seed)
    if match and rules.plays_matches:
        m = BlockMatch(rules, rng)
        return Game(rules, seat_names(rules), m.deal(), deal_params(rules, seed, True), seed,
                    match=m)
    return Game(rules, seat_names(rules), State.deal(rules, rng), deal_params(rules, seed),
                seed)


def from_scenario(s: Scenario) -> Game:
    """A scenario's start position."""
    return Game(s.rules, story.seat_names(s), s.initial(), {"scenario": s.id},
                scenario=s.id)


def apply(game: Game, move: Move) -> bool:
    """Play ``move`` for the seat to move; a refused move leaves everything as it
    was and says why.  Returns whether the move was played."""
    state = game.state
    resolved, refused = checked(state, move)
    if refused is not None:
        game.feedback = refused
        game.log.append(f"refused {resolved.text()}")
        return False
    state.push(resolved)
    game.feedback = None
    game.log.append(resolved.text())
    return True


def undo(game: Game) -> None:
    if game.state.history and not game.recorded:
        game.state.pop()
        game.log.append("undo")
    game.feedback = None


def restart(game: Game) -> None:
    """Back to the start of this round."""
    if game.recorded:
        return
    while game.state.history:
        game.state.pop()
    game.feedback = None
    game.log.append("restart")


def pending_points(game: Game) -> tuple[int, ...] | None:
    """A finished match round's points, before they are added to the scores."""
    if game.match is None or not game.state.over or game.recorded:
        return None
    return settle(game.state).points


def next_round(game: Game) -> None:
    """Match mode: add the finished round's points; deal the next round unless
    the match is over (the start moves one seat on each round)."""
    m = game.match
    if m is None or not game.state.over or game.recorded:
        return
    m.record(game.state)
    if m.over:
        game.recorded = True
        return
    game.state = m.deal()
    game.round_no += 1
    game.feedback = None


def log_lines(game: Game, show_hidden: bool) -> list[str]:
    """The moves so far, numbered; first, unnumbered, Gaple's turned-up middle tile."""
    start = story.turned_up(game.state)
    lines = [t("try.log_turned_up", tile=start)] if start is not None else []
    return lines + [f"{n}. {story.narrate(rec, game.seats, show_hidden=show_hidden)}"
                    for n, rec in enumerate(game.state.history, start=1)]


# -- the URL and the session ------------------------------------------------------------------


def _url_params() -> tuple[dict[str, str], dict[str, list[str]]]:
    return session.page_params(PARAM_KEYS)


def _write_params(params: Mapping[str, str]) -> None:
    session.write_page_params(PARAM_KEYS, params)


def _sync_widgets(game: Game) -> None:
    """Show the game's own choices in the setup widgets."""
    ss = st.session_state
    ss.update(form_state("try", game.rules))
    if game.rules.plays_matches:
        ss[W_MATCH] = game.match is not None
    if game.seed is not None:
        ss[W_SEED] = game.seed
    if game.scenario is not None:
        ss[W_SCENARIO] = game.scenario


def widget_defaults() -> None:
    """Widgets not drawn in a run lose their state (back from another page): give each a
    value before drawing, the game's own rules where there is a game, so that the setup
    never shows another game than the one on the board."""
    ss = st.session_state
    game = stored_game()
    for key, value in (form_state("try", game.rules if game is not None else None)
                       | {W_MATCH: game is not None and game.match is not None,
                          W_HIDE: False}).items():
        ss.setdefault(key, value)
    if ss.get(W_SEED) is None:
        ss[W_SEED] = random_seed()


def _store(game: Game, fold: bool = False) -> None:
    st.session_state[GAME] = game
    _write_params(game.params)
    if fold:
        st.session_state[W_SETUP] = False


def current_game(data: Content) -> Game:
    """This session's game; a new one when the URL asks for another (with a
    notice for every bad value), or when there is none yet."""
    url, repeated = _url_params()
    game = st.session_state.get(GAME)
    if isinstance(game, Game) and not repeated and (not url or url == game.params):
        _write_params(game.params)
        # seat names in the page's language (it may have changed)
        if game.scenario is None:
            game.seats = seat_names(game.rules)
        elif game.scenario in data.scenarios:
            game.seats = story.seat_names(data.scenarios[game.scenario])
        return game
    notices = [t("try.repeated", name=key, values=clip(join_list(values), 40))
               for key, values in repeated.items()]
    made: Game | None = None
    if "scenario" in url:
        s = data.scenarios.get(url["scenario"])
        if s is not None:
            made = from_scenario(s)
        else:
            notices.append(t("try.unknown_scenario", value=clip(url["scenario"], 60)))
            url = {k: v for k, v in url.items() if k != "scenario"}
    if made is None:
        parsed = parse_params(url)
        notices.extend(parsed.problems)
        made = new_deal(parsed.rules, parsed.seed if parsed.seed is not None else random_seed(),
                        parsed.match)
    for notice in notices:
        session.notice(notice)
    _store(made)
    _sync_widgets(made)
    return made


def stored_game() -> Game | None:
    game = st.session_state.get(GAME)
    return game if isinstance(game, Game) else None


def _widget_rules() -> tuple[Ruleset, bool]:
    """The rules and match mode the setup widgets show."""
    ss = st.session_state
    rules = rules_in_form(ss, "try")
    return rules, rules.plays_matches and bool(ss.get(W_MATCH))


def on_deal() -> None:
    rules, match = _widget_rules()
    seed = st.session_state.get(W_SEED)
    if not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        seed = random_seed()
        st.session_state[W_SEED] = seed
    _store(new_deal(rules, seed, match), fold=True)


def on_random_deal() -> None:
    """A new seed, then deal (the "Deal again" of a finished round too)."""
    st.session_state[W_SEED] = random_seed()
    on_deal()


def on_deal_again() -> None:
    """The same rules (a scenario's too), a fresh random seed."""
    game = stored_game()
    if game is None:
        on_random_deal()
        return
    seed = random_seed()
    st.session_state[W_SEED] = seed
    made = new_deal(game.rules, seed, game.match is not None)
    _sync_widgets(made)
    _store(made)


def on_open() -> None:
    sid = st.session_state.get(W_SCENARIO)
    s = content().scenarios.get(str(sid)) if sid else None
    if s is not None:
        _store(from_scenario(s), fold=True)


def on_move(move: Move) -> None:
    game = stored_game()
    if game is not None and not game.state.over:
        apply(game, move)


def on_undo() -> None:
    game = stored_game()
    if game is not None:
        undo(game)


def on_restart() -> None:
    game = stored_game()
    if game is not None:
        restart(game)


def on_next_round() -> None:
    game = stored_game()
    if game is not None:
        next_round(game)


def on_hide() -> None:
    """The hidden-hands toggle changed: a refusal shown before may name hidden tiles."""
    game = stored_game()
    if game is not None:
        game.feedback = None
