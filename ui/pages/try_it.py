"""Try it: a table for any rule family — deal (seeded) or open a scenario, play every seat.

Logic first, drawing after (the page, ``pages/try_it.py``, only calls
:func:`draw`).

- What to deal comes from the URL (``?rules=block&players=3&seed=1234``,
  :func:`parse_params`) or from the setup widgets; bad values fall back with a
  notice (so does a parameter given twice, ``?seed=1&seed=2``, and the address is
  cleaned).  ``?scenario=<id>`` opens a scenario's start position instead.
- A :class:`Game` (session key ``try.game``) holds the rules, the seat names,
  the :class:`~engine.state.State` being played, its seed or scenario, and —
  in Block's match mode — an :class:`engine.match.BlockMatch`.  Moves, undo and
  restart go through the engine (:func:`apply`, :func:`undo`, :func:`restart`).
- :func:`knowledge` is what the seat to move knows (engine.view), shown when
  the other hands are face down.
- The table (the switch, match scores, board, actions, move log) is a fragment,
  :func:`table`: a move, undo or the switch reruns only it; a click that deals a
  new game reruns the whole page (the setup, the header and the address show it).

Session keys (all ``try.``): ``try.game``, ``try.drawn`` (the game the page's last
full run drew) and the setup widgets' keys (:data:`WIDGETS`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

import streamlit as st

from engine.match import BlockMatch
from engine.moves import Move
from engine.rules import FAMILIES, RulesError, Ruleset, block, duel, gaple
from engine.scenario import Scenario
from engine.settlement import settle
from engine.state import State
from engine.view import view

from .. import i18n, session
from ..content import Content, content
from ..i18n import clip, refusal_text, seat_name, t
from ..nav import page_link
from ..page import rerun_page_if
from ..widgets import feedback, story
from ..widgets.board import board
from ..widgets.feedback import Feedback
from ..widgets.svg import esc

PAGE = "pages/try_it.py"
EXAMPLES_PAGE = "pages/examples.py"
GAME = "try.game"
DRAWN = "try.drawn"  # the game the page's last full run drew (see table())
BOARD = "try-board"

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

#: The URL parameters this page reads and writes.
PARAM_KEYS = ("rules", "players", "hand", "dead", "blank25", "draw", "seed", "match", "scenario")
SEED_MAX = 999_999_999
BLOCK_PLAYERS = (2, 3, 4)
#: Gaple's deals: players × tiles each.
GAPLE_DEALS: dict[str, tuple[int, int]] = {"4x6": (4, 6), "4x7": (4, 7), "5x5": (5, 5)}
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")



# -- choosing the rules ------------------------------------------------------------------


def random_seed() -> int:
    """A fresh seed, short enough to read out and share."""
    return 1 + secrets.randbelow(99_999)


def rules_params(rules: Ruleset) -> dict[str, str]:
    """The URL parameters that name ``rules`` (the shortest form)."""
    if rules.family == "block":
        return {"rules": "block", "players": str(rules.players)}
    if rules.family == "duel":
        return {"rules": "duel", **({"draw": "1"} if rules.draw_mode else {})}
    out = {"rules": "gaple", "players": str(rules.players)}
    if rules.players == 4:
        out["hand"] = str(rules.hand_size)
    if not rules.dead_tiles:
        out["dead"] = "0"
    if rules.blank_double_25:
        out["blank25"] = "1"
    return out


def deal_params(rules: Ruleset, seed: int, match: bool = False) -> dict[str, str]:
    out = {**rules_params(rules), "seed": str(seed)}
    if match and rules.family == "block":
        out["match"] = "1"
    return out


@dataclass(frozen=True)
class Parsed:
    """What the URL asks for, with every bad value replaced and named in ``problems``."""

    rules: Ruleset
    seed: int | None
    match: bool
    problems: tuple[str, ...] = ()


def _flag(params: Mapping[str, str], name: str, label: str, default: bool,
          problems: list[str]) -> bool:
    raw = params.get(name)
    if raw is None:
        return default
    if raw.strip().lower() in _TRUE:
        return True
    if raw.strip().lower() in _FALSE:
        return False
    problems.append(t("try.bad_flag", value=clip(raw, 20), name=label,
                      default=t("try.yes") if default else t("try.no")))
    return default


def _int(raw: str | None) -> int | None:
    if raw is None:
        return None
    text = raw.strip()
    return int(text) if text.isdigit() and len(text) <= 10 else None


def family_name(family: str) -> str:
    return {"block": t("try.family_block"), "gaple": t("try.family_gaple"),
            "duel": t("try.family_duel")}.get(family, family)


def parse_params(params: Mapping[str, str]) -> Parsed:
    """The rules, seed and match mode the URL asks for (never raises)."""
    problems: list[str] = []
    family = params.get("rules", "block")
    if family not in FAMILIES:
        problems.append(t("try.bad_rules", value=clip(family, 20)))
        family = "block"
    raw_players = params.get("players")
    players = _int(raw_players)
    rules: Ruleset
    if family == "block":
        if raw_players is not None and players not in BLOCK_PLAYERS:
            problems.append(t("try.bad_players", value=clip(raw_players, 20),
                              family=family_name(family), players=2))
            players = 2
        rules = block(players or 2)
    elif family == "duel":
        if raw_players is not None and players != 2:
            problems.append(t("try.bad_players", value=clip(raw_players, 20),
                              family=family_name(family), players=2))
        rules = duel(_flag(params, "draw", t("try.param_draw"), False, problems))
    else:
        if raw_players is not None and players not in (4, 5):
            problems.append(t("try.bad_players", value=clip(raw_players, 20),
                              family=family_name(family), players=4))
            players = 4
        players = players or 4
        raw_hand = params.get("hand")
        hand = _int(raw_hand)
        allowed = (6, 7) if players == 4 else (5,)
        if raw_hand is not None and hand not in allowed:
            problems.append(t("try.bad_hand", value=clip(raw_hand, 20), players=players,
                              hand=allowed[0]))
            hand = None
        dead = _flag(params, "dead", t("try.param_dead"), True, problems)
        blank = _flag(params, "blank25", t("try.param_blank25"), False, problems)
        try:
            rules = gaple(players, hand, dead, blank)
        except RulesError:  # pragma: no cover - the checks above keep to the presets
            rules = gaple()
    raw_seed = params.get("seed")
    seed = _int(raw_seed)
    if raw_seed is not None and (seed is None or seed > SEED_MAX):
        problems.append(t("try.bad_seed", value=clip(raw_seed, 20), max=SEED_MAX))
        seed = None
    match = _flag(params, "match", t("try.param_match"), False, problems) \
        if family == "block" else False
    return Parsed(rules, seed, match, tuple(problems))


def seat_names(rules: Ruleset) -> tuple[str, ...]:
    """Names for the seats, in turn order: the same as the quiz's
    (:func:`ui.i18n.table_seat_names`)."""
    return i18n.table_seat_names(rules.family, rules.players)


def rules_label(rules: Ruleset) -> str:
    """"Block · 3 players", "Gaple · 4 × 6 · dead tiles", "Two players · drawing"."""
    parts = [family_name(rules.family)]
    if rules.family == "block":
        parts.append(t("try.players_n", count=rules.players))
    elif rules.family == "gaple":
        parts.append(t("try.deal_n", players=rules.players, hand=rules.hand_size))
        parts.append(t("try.dead_on") if rules.dead_tiles else t("try.dead_off"))
        if rules.blank_double_25:
            parts.append(t("try.blank25_on"))
    else:
        parts.append(t("try.draw_on") if rules.draw_mode else t("try.draw_off"))
    return " · ".join(parts)


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
    feedback: Feedback | None = None
    log: list[str] = field(default_factory=list)  # what happened, for tests


def new_deal(rules: Ruleset, seed: int, match: bool = False) -> Game:
    """A round dealt from ``seed`` (a Block match's first round when ``match``)."""
    rng = random.Random(seed)
    if match and rules.family == "block":
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
    resolved = state.resolve(move)
    refusal = state.why_illegal(resolved)
    if refusal is not None:
        game.feedback = Feedback("no", refusal_text(refusal))
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


# -- what a seat knows ----------------------------------------------------------------------


def or_list(values: Sequence[object]) -> str:
    items = [str(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return t("try.or_list", first=", ".join(items[:-1]), last=items[-1])


def knowledge(state: State, seat: int, seats: Sequence[str] | None) -> str:
    """What ``seat`` knows besides its own tiles: the others' tile counts, the values
    they are known not to hold (from their passes, draws and discards), the stock."""
    v = view(state, seat)
    parts = []
    for other in range(state.players):
        if other == seat:
            continue
        name = seat_name(other, seats)
        text = t("try.knows_count", name=name, count=v.hand_counts[other])
        if v.missing[other]:
            text += " " + t("try.knows_missing", values=or_list(sorted(v.missing[other])))
        if v.dead_counts[other]:
            text += " " + t("try.knows_dead", count=v.dead_counts[other])
        parts.append(text)
    if v.stock_count:
        if state.rules.family == "duel":
            parts.append(t("try.knows_stock", count=v.stock_count))
        elif state.rules.family == "gaple":
            parts.append(t("try.knows_middle", count=v.stock_count))
        else:
            parts.append(t("try.knows_out", count=v.stock_count))
    return t("try.knows", name=seat_name(seat, seats), facts=" · ".join(parts))


def log_lines(game: Game, show_hidden: bool) -> list[str]:
    return [f"{n}. {story.narrate(rec, game.seats, show_hidden=show_hidden)}"
            for n, rec in enumerate(game.state.history, start=1)]


# -- the URL and the session ------------------------------------------------------------------


def _url_params() -> tuple[dict[str, str], dict[str, list[str]]]:
    """This page's parameters in the address, one value each; and apart, those given more
    than once with different values (``?seed=1&seed=2``: which one was meant is not
    known, so they are left out)."""
    single: dict[str, str] = {}
    repeated: dict[str, list[str]] = {}
    for key in PARAM_KEYS:
        values = [str(v) for v in st.query_params.get_all(key)]
        if len(set(values)) > 1:
            repeated[key] = values
        elif values:
            single[key] = values[0]
    return single, repeated


def _write_params(params: Mapping[str, str]) -> None:
    """Make the address carry ``params`` (this page's part of it), one value each."""
    for key in PARAM_KEYS:
        if key in params:
            if st.query_params.get_all(key) != [params[key]]:
                st.query_params[key] = params[key]
        elif key in st.query_params:
            del st.query_params[key]


def _sync_widgets(game: Game) -> None:
    """Show the game's own choices in the setup widgets."""
    ss = st.session_state
    rules = game.rules
    ss[W_FAMILY] = rules.family
    if rules.family == "block":
        ss[W_PLAYERS] = rules.players
        ss[W_MATCH] = game.match is not None
    elif rules.family == "gaple":
        ss[W_DEAL] = f"{rules.players}x{rules.hand_size}"
        ss[W_DEAD] = rules.dead_tiles
        ss[W_BLANK] = rules.blank_double_25
    else:
        ss[W_DRAW] = rules.draw_mode
    if game.seed is not None:
        ss[W_SEED] = game.seed
    if game.scenario is not None:
        ss[W_SCENARIO] = game.scenario


def _widget_defaults() -> None:
    """Widgets not drawn in a run lose their state: give each a value before drawing."""
    ss = st.session_state
    for key, value in ((W_FAMILY, "block"), (W_PLAYERS, 2), (W_DEAL, "4x6"), (W_DEAD, True),
                       (W_BLANK, False), (W_DRAW, False), (W_MATCH, False), (W_HIDE, False)):
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
    notices = [t("try.repeated", name=key, values=clip(", ".join(values), 40))
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


def _game() -> Game | None:
    game = st.session_state.get(GAME)
    return game if isinstance(game, Game) else None


def _widget_rules() -> tuple[Ruleset, bool]:
    """The rules and match mode the setup widgets show."""
    ss = st.session_state
    family = ss.get(W_FAMILY) or "block"
    if family == "gaple":
        gp, hand = GAPLE_DEALS.get(str(ss.get(W_DEAL)), (4, 6))
        return gaple(gp, hand, bool(ss.get(W_DEAD, True)), bool(ss.get(W_BLANK))), False
    if family == "duel":
        return duel(bool(ss.get(W_DRAW))), False
    players = ss.get(W_PLAYERS)
    return block(players if players in BLOCK_PLAYERS else 2), bool(ss.get(W_MATCH))


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
    game = _game()
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
    game = _game()
    if game is not None and not game.state.over:
        apply(game, move)


def on_undo() -> None:
    game = _game()
    if game is not None:
        undo(game)


def on_restart() -> None:
    game = _game()
    if game is not None:
        restart(game)


def on_next_round() -> None:
    game = _game()
    if game is not None:
        next_round(game)


# -- drawing ----------------------------------------------------------------------------------

VIEW_CSS = """
.st-key-try-setup { background: #ffffff; }
.st-key-try-result { background: #f3f7f4; border: 1px solid #b5d8c3; border-radius: 10px;
    padding: 0.6rem 1rem 0.2rem; }
.st-key-try-knows { background: #f6f4ee; border-radius: 10px; padding: 0.45rem 0.9rem 0.05rem;
    font-size: 0.92rem; }
.try-game { font-weight: 700; }
.try-scores { display: flex; flex-wrap: wrap; gap: 6px 18px; }
.try-score { white-space: nowrap; }
.try-score b { font-size: 1.1rem; }
"""


def _css() -> None:
    st.html(f"<style>{VIEW_CSS}</style>")


def _setup_form(data: Content, game: Game) -> None:
    _widget_defaults()
    with st.expander(t("try.setup"), expanded=False, icon=":material/tune:", key=W_SETUP,
                     on_change="rerun"):
        _setup_tabs(data)


def _setup_tabs(data: Content) -> None:
    deal_tab, open_tab = st.tabs([t("try.tab_deal"), t("try.tab_open")])
    with deal_tab:
        families = list(FAMILIES)
        st.radio(t("try.family"), families, key=W_FAMILY, horizontal=True,
                 format_func=family_name)
        family = st.session_state.get(W_FAMILY)
        with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
            if family == "block":
                st.radio(t("try.players"), BLOCK_PLAYERS, key=W_PLAYERS, horizontal=True,
                         width="content")
                st.toggle(t("try.match_mode"), key=W_MATCH,
                          help=t("try.match_help"))
            elif family == "gaple":
                st.radio(t("try.gaple_deal"), list(GAPLE_DEALS), key=W_DEAL, horizontal=True,
                         width="content", format_func=lambda k: t(
                             "try.deal_n", players=GAPLE_DEALS[k][0], hand=GAPLE_DEALS[k][1]))
                st.toggle(t("try.dead_toggle"), key=W_DEAD, help=t("try.dead_help"))
                st.toggle(t("try.blank25_toggle"), key=W_BLANK, help=t("try.blank25_help"))
            else:
                st.toggle(t("try.draw_toggle"), key=W_DRAW, help=t("try.draw_help"))
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
            st.number_input(t("try.seed"), min_value=0, max_value=SEED_MAX, step=1,
                            key=W_SEED, width=200, help=t("try.seed_help"))
            st.button(t("try.deal"), key="try.deal", type="primary", on_click=on_deal)
            st.button(t("try.random_deal"), key="try.random", on_click=on_random_deal)
    with open_tab:
        ids = [s.id for s in story.ordered(data.scenarios)]
        if not ids:
            st.info(t("try.no_scenarios"))
            return
        if st.session_state.get(W_SCENARIO) not in ids:
            st.session_state[W_SCENARIO] = ids[0]
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
            st.selectbox(t("try.scenario"), ids, key=W_SCENARIO,
                         format_func=lambda sid: story.title(data.scenarios[sid]))
            st.button(t("try.open"), key="try.open", type="primary", on_click=on_open)


def _header(data: Content, game: Game) -> None:
    """What is on the table: the scenario, or the rules and the seed (to share)."""
    if game.scenario is not None and game.scenario in data.scenarios:
        s = data.scenarios[game.scenario]
        st.markdown(f'<span class="try-game">'
                    f'{esc(t("try.playing_scenario", title=story.title(s)))}</span> '
                    f'<span class="muted">· {esc(rules_label(game.rules))}</span>',
                    unsafe_allow_html=True)
        page_link(EXAMPLES_PAGE, t("try.watch_example"), example=game.scenario, move="0")
    else:
        st.markdown(f'<span class="try-game">{esc(rules_label(game.rules))}</span> '
                    f'<span class="muted">· {esc(t("try.seed_is", seed=game.seed))}</span>',
                    unsafe_allow_html=True)
        st.caption(t("try.share"))


def _scores(game: Game) -> None:
    m = game.match
    if m is None:
        return
    pending = pending_points(game)
    cells = []
    for seat, score in enumerate(m.scores):
        extra = f" (+{pending[seat]})" if pending and pending[seat] else ""
        cells.append(f'<span class="try-score">{esc(game.seats[seat])} <b>{score}</b>'
                     f'{esc(extra)}</span>')
    st.markdown(f'**{esc(t("try.match_title", target=m.target, round=game.round_no))}**'
                f'<div class="try-scores">{"".join(cells)}</div>', unsafe_allow_html=True)
    if m.over:
        if m.winners:
            st.success(t("try.match_won", name=game.seats[m.winners[0]],
                         score=m.scores[m.winners[0]], target=m.target))
        else:
            st.info(t("try.match_drawn", target=m.target))
    elif not game.state.history and game.state.mover is not None:
        who = game.seats[game.state.mover]
        st.caption(t("try.match_lot", name=who) if game.round_no == 1 else
                   t("try.match_starter", name=who))


def _below(game: Game, hide: bool) -> None:
    """Right under the table: why a move was refused, what the mover knows, the result."""
    fb = game.feedback
    state = game.state
    if fb is not None:
        with st.container(key=feedback.key("try", fb.kind)):
            st.markdown(f"**{t('try.refused')}** {fb.text}" if fb.kind == "no" else fb.text)
    if hide and state.mover is not None:
        with st.container(key="try-knows"):
            st.markdown(knowledge(state, state.mover, game.seats))
    if state.over:
        result = story.settlement_view(state, game.seats)
        with st.container(key="try-result"):
            st.markdown(f"**{t('try.result')}** {result.text}")
            st.markdown("\n".join(f"- {line}" for line in result.holdings))


def on_hide() -> None:
    game = _game()
    if game is not None:
        game.feedback = None


def _actions(game: Game) -> None:
    state = game.state
    with st.container(horizontal=True, gap="small", key="try-actions"):
        st.button(t("try.undo"), key="try.undo", on_click=on_undo,
                  disabled=not state.history or game.recorded)
        st.button(t("try.restart"), key="try.restart", on_click=on_restart,
                  disabled=not state.history or game.recorded)
        m = game.match
        if m is not None and state.over and not game.recorded:
            st.button(t("try.next_round"), key="try.next_round", type="primary",
                      on_click=on_next_round)
        else:
            label = t("try.new_match") if m is not None and (state.over or game.recorded) else \
                t("try.deal_these") if game.scenario is not None else t("try.deal_again")
            st.button(label, key="try.again", type="primary" if state.over else "secondary",
                      on_click=on_deal_again)


def draw(data: Content) -> None:
    """The page: the setup and the header in the page's run, the table in :func:`table`
    (a fragment: a move, undo or the switch reruns only the table)."""
    _css()
    game = current_game(data)
    st.session_state[DRAWN] = game
    st.title(t("try.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("try.lead"))}</p>', unsafe_allow_html=True)
    _setup_form(data, game)
    _header(data, game)
    table()


@st.fragment
def table() -> None:
    """The switch, the match scores, the board, the actions and the move log.

    A click in here reruns only this function.  When a click dealt a new game ("Deal
    again", "New match"), the setup, the header and the address show the old one: the
    whole page runs again."""
    game = _game()
    rerun_page_if(game is None or game is not st.session_state.get(DRAWN))
    if game is None:
        return
    hide = st.toggle(t("try.hide"), key=W_HIDE, help=t("try.hide_help"), on_change=on_hide)
    _scores(game)
    state = game.state
    over = state.over
    mover = game.seats[state.mover] if state.mover is not None else None
    board(state, key=BOARD, seats=game.seats, reveal="all" if over or not hide else "mover",
          on_move=None if over else on_move, disabled=over, controls=not over,
          note=t("board.round_over") if over else None,
          hand_label=t("try.hand", name=mover) if mover else
          t("examples.hand", name=game.seats[0]),
          below=partial(_below, game, hide))
    _actions(game)
    lines = log_lines(game, show_hidden=not hide or over)
    with st.expander(t("try.log", count=len(lines)), expanded=bool(lines)):
        if lines:
            st.markdown("  \n".join(x.replace("[", "\\[").replace("]", "\\]") for x in lines))
        else:
            st.caption(t("try.log_empty"))
