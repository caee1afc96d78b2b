"""The Try it page's drawing: the setup, the table (a fragment), scores, actions.

Drawing only; what a click means is in :mod:`ui.pages.try_it.logic`."""

from __future__ import annotations

from functools import partial

import streamlit as st

from engine.game.rules import FAMILIES, options_of

from ...content import Content
from ...i18n import t
from ...nav import page_link
from ...page import rerun_page_if
from ...widgets import best_move, feedback, story
from ...widgets.board import board
from ...widgets.deal_setup import BLOCK_PLAYERS, GAPLE_DEALS, SEED_MAX, family_name, rules_label
from ...widgets.knowledge import knowledge
from ...widgets.share import share_state
from ...widgets.svg import esc, plain
from .logic import (
    BEST,
    BOARD,
    DRAWN,
    EXAMPLES_PAGE,
    W_BLANK,
    W_DEAD,
    W_DEAL,
    W_DRAW,
    W_FAMILY,
    W_HIDE,
    W_MATCH,
    W_PLAYERS,
    W_SCENARIO,
    W_SEED,
    W_SETUP,
    Game,
    current_game,
    log_lines,
    on_deal,
    on_deal_again,
    on_hide,
    on_move,
    on_next_round,
    on_open,
    on_random_deal,
    on_restart,
    on_undo,
    pending_points,
    stored_game,
    widget_defaults,
)

# -- drawing ----------------------------------------------------------------------------------

VIEW_CSS = """
.st-key-try-setup { background: #ffffff; }
[class*="st-key-try-fb-"] { padding: 0.5rem 1rem 0.05rem; }
.st-key-try-result { background: #f3f7f4; border: 1px solid var(--ok-border); border-radius: 10px;
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
    widget_defaults()
    with st.expander(t("try.setup"), expanded=False, icon=":material/tune:", key=W_SETUP,
                     on_change="rerun"):
        _setup_tabs(data)


def _setup_tabs(data: Content) -> None:
    deal_tab, open_tab = st.tabs([t("try.tab_deal"), t("try.tab_open")])
    with deal_tab:
        families = list(FAMILIES)
        st.radio(t("try.family"), families, key=W_FAMILY, horizontal=True,
                 format_func=family_name)
        takes = options_of(str(st.session_state.get(W_FAMILY)))  # what the family asks
        with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
            if takes == {"players"}:
                st.radio(t("try.players"), BLOCK_PLAYERS, key=W_PLAYERS, horizontal=True,
                         width="content")
                st.toggle(t("try.match_mode"), key=W_MATCH,
                          help=t("try.match_help"))
            elif "hand_size" in takes:
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


def _turned_up_note(game: Game) -> None:
    """Before the first move of a Gaple round with tiles in the middle: where the line's
    first tile came from, and who starts."""
    start = story.turned_up(game.state)
    if start is None or game.state.history or game.state.mover is None:
        return
    st.caption(t("try.turned_up_note", tile=start, count=game.state.stock_count,
                 name=game.seats[game.state.mover]))


def _below(game: Game, hide: bool) -> None:
    """Right under the table: why a move was refused, what the mover knows, the result."""
    fb = feedback.now(game.feedback)
    state = game.state
    if fb is not None:
        with st.container(key=feedback.key("try", fb.kind)):
            st.markdown(f"**{t('try.refused')}** {fb.text}" if fb.kind == "no" else fb.text)
    best_move.panel(BEST, state, game.seats, hidden=hide)
    if hide and state.mover is not None:
        with st.container(key="try-knows"):
            st.markdown(knowledge(state, state.mover, game.seats))
    if state.over:
        result = story.settlement_view(state, game.seats)
        with st.container(key="try-result"):
            st.markdown(f"**{t('try.result')}** {result.text}")
            st.markdown("\n".join(f"- {line}" for line in result.holdings))


def _actions(game: Game, hide: bool) -> None:
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
        if not state.over:
            best_move.button(BEST, state, hidden=hide)


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
    game = stored_game()
    rerun_page_if(game is None or game is not st.session_state.get(DRAWN))
    if game is None:
        return
    hide = st.toggle(t("try.hide"), key=W_HIDE, help=t("try.hide_help"), on_change=on_hide)
    _scores(game)
    _turned_up_note(game)
    state = game.state
    over = state.over
    mover = game.seats[state.mover] if state.mover is not None else None
    # As on Play, only what the rules allow now is offered (buttons, Pass, Draw, Discard): a
    # whole round is played here after Learn.  A tile that does not fit can still be clicked
    # on the table, and the rule it breaks is said.  (Learn and Worked examples offer every
    # move: they teach with the refusal.)
    board(state, key=BOARD, seats=game.seats, reveal="all" if over or not hide else "mover",
          on_move=None if over else on_move, disabled=over, controls=not over,
          note=t("board.round_over") if over else None, highlight=best_move.best(BEST, state),
          hand_label=t("try.hand", name=mover) if mover else
          t("examples.hand", name=game.seats[0]),
          below=partial(_below, game, hide), offer="legal")
    share_state("try", state, None if over or not hide or state.mover is None else state.mover)
    _actions(game, hide)
    lines = log_lines(game, show_hidden=not hide or over)
    with st.expander(t("try.log", count=len(state.history)), expanded=bool(lines)):
        if lines:
            st.markdown("  \n".join(plain(x) for x in lines))
        else:
            st.caption(t("try.log_empty"))
