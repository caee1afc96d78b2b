"""The Play page's drawing: the setup, the table (a fragment), the result, the match, the review.

Drawing only; what a click means is in :mod:`ui.pages.play.logic` and :mod:`ui.pages.play.setup`.

The table is always the fragment :func:`_idle` (a click reruns it alone; its board and
buttons keep one home, so a click is never sent to a part of the page that is gone).  While
it waits for an answer (the computer's move, a hint, the review's verdicts), :func:`_poll`, a
fragment that draws nothing, looks for the answer every :data:`play.TICK` seconds and reruns
the page once it has come, so each computer move appears on its own and a wait costs a few
cheap looks, not a redrawn table each time.  The whole page runs again when a wait begins or
ends."""

from __future__ import annotations

from functools import partial

import streamlit as st

from engine.game.match import BlockMatch, GapleMatch
from engine.game.rules import FAMILIES, options_of
from engine.notation.code import Round
from engine.players.bots import LEVELS

from ... import session, thinking
from ...i18n import t
from ...page import rerun_from_fragment, rerun_on_its_own
from ...widgets import appraisal, feedback, match_sheet, round_record, story
from ...widgets.board import board
from ...widgets.deal_setup import BLOCK_PLAYERS, GAPLE_DEALS, family_name, rules_label
from ...widgets.knowledge import knowledge
from ...widgets.live import Focus, live
from ...widgets.share import share_position, share_state
from ...widgets.svg import esc, plain
from . import logic as play
from . import resume as play_resume
from . import review_view as play_review_view
from . import tutor as play_tutor
from . import tutor_view as play_tutor_view
from . import words as play_words
from .logic import BOARD, Table
from .setup import (
    DRAWN,
    W_BLANK,
    W_DEAD,
    W_DEAL,
    W_DRAW,
    W_FAMILY,
    W_FITS,
    W_LEVEL,
    W_PLAYERS,
    W_SETUP,
    W_TUTOR,
    current_table,
    gaple_deal_label,
    level_name,
    on_abandon,
    on_fits,
    on_new_match,
    on_same_again,
    on_table,
    on_tutor,
    shows_fits,
    stored_table,
    widget_defaults,
)

VIEW_CSS = """
.st-key-play-knows { background: #f6f4ee; border-radius: 10px; padding: 0.45rem 0.9rem 0.05rem;
    font-size: 0.92rem; }
.st-key-play-result { background: #f3f7f4; border: 1px solid var(--ok-border);
    border-radius: 10px; padding: 0.6rem 1rem 0.2rem; }
[class*="st-key-play-fb-"], [class*="st-key-review-"] { padding: 0.5rem 1rem 0.05rem; }
.play-sheet { border-collapse: collapse; margin: 0.3rem 0 0.6rem; }
.play-sheet th, .play-sheet td { padding: 2px 12px; text-align: center; }
.play-sheet tfoot td { font-weight: 700; border-top: 1px solid #b9c4bd; }
"""



def _setup() -> None:
    widget_defaults()
    with st.expander(t("play.setup"), expanded=False, icon=":material/tune:", key=W_SETUP,
                     on_change="rerun"):
        st.radio(t("try.family"), list(FAMILIES), key=W_FAMILY, horizontal=True,
                 format_func=family_name)
        takes = options_of(str(st.session_state.get(W_FAMILY)))
        with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
            if takes == {"players"}:
                st.radio(t("try.players"), BLOCK_PLAYERS, key=W_PLAYERS, horizontal=True,
                         width="content")
            elif "hand_size" in takes:
                st.radio(t("try.gaple_deal"), list(GAPLE_DEALS), key=W_DEAL, horizontal=True,
                         width="content", format_func=gaple_deal_label)
                st.toggle(t("try.dead_toggle"), key=W_DEAD, help=t("try.dead_help"))
                st.toggle(t("try.blank25_toggle"), key=W_BLANK, help=t("try.blank25_help"))
            else:
                st.toggle(t("try.draw_toggle"), key=W_DRAW, help=t("try.draw_help"))
        st.radio(t("play.level"), list(LEVELS), key=W_LEVEL, horizontal=True,
                 format_func=level_name, help=t("play.level_help"))
        st.toggle(t("play.fits"), key=W_FITS, help=t("play.fits_help"), on_change=on_fits)
        st.toggle(t("play.tutor"), key=W_TUTOR, help=t("play.tutor_help"), on_change=on_tutor)
        st.button(t("play.new_match"), key="play.new", type="primary", on_click=on_new_match)


def _header(table: Table) -> None:
    # The record in one container: a line it gains (a review's figures kept while the learner
    # looks at the round's end) moves nothing below it, so the button with the focus stays.
    with st.container(key="play-record", gap=None):
        _record(table)
    st.markdown(f"**{esc(rules_label(table.rules))}** "
                f'<span class="muted">· {esc(t("play.against", level=level_name(table.level)))}'
                "</span>", unsafe_allow_html=True)


def _record(table: Table) -> None:
    """The learner's record in this family: rounds (games) and matches (series) won, and the
    accuracy of their last reviewed rounds."""
    record = session.games_record().get(table.rules.family)
    games = play_words.in_games(table)
    if record is not None and record.rounds:  # matches only once one has been finished
        st.caption(play_words.record_text(family_name(table.rules.family), record, games))
    recent = session.recent_play(table.rules.family)  # the review's figures, this family
    if recent.rounds and recent.accuracy is not None:
        st.caption(t("review.record_accuracy_games" if games else "review.record_accuracy",
                     accuracy=appraisal.number(recent.accuracy, 0), count=recent.rounds))


def _sheet(table: Table) -> None:
    """The match so far: each round's figures and the totals."""
    m = table.match
    rows = match_sheet.score_rows(m)
    games = play_words.in_games(table)
    if isinstance(m, BlockMatch):
        title = t("play.match_block", target=m.target, round=table.round_no)
    elif isinstance(m, GapleMatch):
        title = t("play.match_gaple", count=m.rounds_agreed, round=table.round_no)
    else:
        title = t("play.match_duel", count=m.rounds_agreed, round=table.round_no)
    st.markdown(f"**{esc(title)}**")
    if isinstance(m, GapleMatch):
        st.caption(t("play.gaple_interpretation"))
    elif not isinstance(m, BlockMatch):
        st.caption(t("play.duel_series_note"))
    if not rows:
        return
    st.markdown(match_sheet.sheet_html(m, table.seats, label=t("play.sheet"),
                                       round_word=t("play.game") if games else t("play.round"),
                                       total_word=t("play.total"), css_class="play-sheet"),
                unsafe_allow_html=True)
    if m.over:
        if m.winners:
            name = table.seats[m.winners[0]]
            st.success(t("play.series_won", name=name) if games
                       else t("play.match_won", name=name))
        else:
            st.info(t("play.series_drawn") if games else t("play.match_drawn"))


def _below(table: Table) -> None:
    """Under the table: a refused move, the hint, what the learner may know, the result."""
    state = table.state
    play_tutor_view.draw(table)
    fb = feedback.now(table.feedback)
    if fb is not None:
        with st.container(key=feedback.key("play", fb.kind)):
            st.markdown(f"**{t('try.refused')}** {plain(fb.text)}" if fb.kind == "no"
                        else plain(fb.text))
    if not state.over:
        _actions(table)
    if table.hint_pending is not None:
        st.caption(t("play.hint_thinking"))
    hint = play_words.hint_lines(table)
    if hint:
        move, *reasons = hint
        with st.container(key=feedback.key("play-hint", "hint")):
            st.markdown(f"**{t('play.hint_title')}** {plain(move)}")
            for reason in reasons:
                st.markdown(f"- {plain(reason)}")
    start = story.turned_up(state)
    if start is not None and not state.history and state.mover is not None \
            and table.round_no == 1:  # later rounds: the previous winner starts, not the lot
        st.caption(t("try.turned_up_note", tile=start, count=state.stock_count,
                     name=table.seats[state.mover]))
    if not state.over:
        with st.container(key="play-knows"):
            st.markdown(plain(knowledge(state, table.learner, table.seats)))
    else:
        result = story.settlement_view(state, table.seats)
        with st.container(key="play-result"):
            st.markdown(f"**{t('try.result')}** {plain(result.text)}")
            st.markdown("\n".join(f"- {plain(line)}" for line in result.holdings))
            if table.hints and table.practice is None:
                st.caption(t("play.hints_taken_game", count=len(table.hints))
                           if play_words.in_games(table) else
                           t("play.hints_taken", count=len(table.hints)))
        _actions(table)


#: The round's end moves the keyboard's focus here (the one button under the result) ...
END_ACTION = ".st-key-play-actions button"
#: ... described by the result (see :func:`_table`).
RESULT = ".st-key-play-result"


def _actions(table: Table) -> None:
    """Under the hand: the hint while a round is played; "Back to the review" at any move of
    a replay; at the round's end the one way on (next round, next game, a new match)."""
    state = table.state
    games = play_words.in_games(table)
    with st.container(horizontal=True, gap="small", key="play-actions"):  # under the hand
        if not state.over and not play_tutor.holds(table):  # the tutor's stop has its own
            st.button(t("play.hint"), key="play.hint", icon=":material/lightbulb:",
                      on_click=on_table, args=(play.ask_hint,),
                      help=t("play.hint_help_game") if games else t("play.hint_help"),
                      disabled=not table.learner_to_move or table.hint_pending is not None)
        if table.practice is not None:
            st.button(t("play.back_to_review"), key="play.back",
                      type="primary" if state.over else "secondary",
                      on_click=on_table, args=(play.back_to_review,))
        elif state.over and not table.match.over:
            st.button(t("play.next_game") if games else t("play.next_round"), key="play.next",
                      type="primary", on_click=on_table, args=(play.next_round,))
        elif state.over:
            st.button(t("play.new_series") if games else t("play.new_match"), key="play.again",
                      type="primary", on_click=on_same_again)


def _share(table: Table) -> None:
    """"Copy a link": during a round, to what the learner's seat sees; once it is over, to
    the whole round (every hand, every move), which can also be downloaded as a record."""
    state = table.state
    if not state.over:
        share_state("play", state, table.learner)
        return
    whole = Round.from_state(state)
    games = play_words.in_games(table)
    share_position("play-round", whole, game=games, seat=str(table.learner + 1))
    title = t("share.record_game" if games else "share.record_round",
              rules=rules_label(table.rules), n=table.round_no)
    round_record.download("play.download", whole, title, table.learner,
                          f"{'game' if games else 'round'}-{table.seed}-{table.round_no}",
                          game=games)


def _log(table: Table) -> None:
    over = table.state.over
    start = story.turned_up(table.state)
    lines = [t("try.log_turned_up", tile=start)] if start is not None else []
    lines += [f"{n}. {story.narrate(rec, table.seats, show_hidden=over)}"
              for n, rec in enumerate(table.state.history, start=1)]
    with st.expander(t("try.log", count=len(lines)), expanded=False):
        st.markdown("  \n".join(plain(x) for x in lines) if lines else t("try.log_empty"))
        st.caption(t("play.deal_number", seed=table.seed))  # for whoever wants to share it


def _table(table: Table) -> None:
    state = table.state
    if table.practice is not None:
        st.info(t("play.practising_game", n=table.practice_from) if play_words.in_games(table)
                else t("play.practising", n=table.practice_from))
    said = play_words.announcement_id(table)
    # The computer's moves said as they come, in one live region for the page's life; at
    # the round's end the focus goes to the way on, which the result describes.  A hint's
    # answer is said once it has come (it shows under the hand: the top of the table keeps
    # showing the last move).
    words, hint = play_words.announcement(table), play_words.hint_said(table)
    live("play", *play_tutor_view.live_words(
        table, hint or words, said,
        Focus(f"{said}.end", END_ACTION, describe=RESULT, within=f".st-key-{BOARD}-board")
        if state.over and table.finished else None, shown=words if hint else None))
    mover = state.mover
    yours = table.learner_to_move and not play_tutor.holds(table)  # a held move: wait
    over = t("play.game_over") if play_words.in_games(table) else t("board.round_over")
    note = over if state.over else play_tutor_view.board_note(table) if table.learner_to_move \
        else t("play.thinking", name=table.seats[mover]) if mover is not None else None
    # The board always has its real callback (a move sent while the computer's turn was
    # still being drawn is answered "wait for your turn"), so a click made as the table
    # becomes the learner's is never handed to a drawing's empty callback and lost.
    board(state, key=BOARD, seat=table.learner, seats=table.seats,
          reveal="all" if state.over else "mover", on_move=partial(on_table, play_tutor.learner_move),
          disabled=not yours, controls=yours, note=note,
          highlight=table.hint.move if table.hint is not None and yours
          else play_tutor.best_move(table),
          hand_label=t("play.your_hand"), below=partial(_below, table),
          offer="legal", fits=shows_fits(table), hand_link=True,
          held=play_tutor.holds(table))
    _share(table)
    _log(table)
    if state.over:
        _sheet(table)
        play_review_view.draw(table)
    elif table.round_no > 1 or table.match.rounds:
        _sheet(table)


def _wants_live(table: Table) -> bool:
    """Rerun on a timer while an answer is awaited, the tutor's further appraisals too (never
    when answers come at once)."""
    return (table.waiting or play_tutor.looking(table) or play_tutor.thinking_on(table)) \
        and not thinking.inline()


@st.fragment(run_every=play.TICK)
def _poll() -> None:
    """While an answer is awaited: look for it, drawing nothing; once it has come (or the
    table is another), the whole page again."""
    table = stored_table()
    if table is None or table is not st.session_state.get(DRAWN):
        rerun_on_its_own()
    assert table is not None
    if play_tutor.advance(table) or not _wants_live(table):
        rerun_on_its_own()


@st.fragment
def _idle(live: bool, finished: bool) -> None:
    """The table, always drawn in this fragment (its buttons and board keep one home
    whichever way the page waits); ``live``: the page's run chose to poll for an answer;
    ``finished``: the round was over and recorded when the page ran."""
    table = stored_table()
    if table is None or table is not st.session_state.get(DRAWN):
        rerun_from_fragment()
    assert table is not None
    play_tutor.advance(table)
    play_resume.keep_held(table)  # a move the tutor holds: a reload says it was not played
    if table.finished != finished or table.stale:  # (stale: the store has the match on)
        # A round recorded since the page ran (by the learner's move, in its callback, or
        # by the computer's just now), or a new one dealt: the header, the sheet and the
        # sidebar's progress change too.
        rerun_from_fragment()
    if _wants_live(table) != live:
        rerun_from_fragment()  # a wait began or ended: the whole page, with or without the
        # poller
    _table(table)


def draw() -> None:
    st.html(f"<style>{VIEW_CSS}{appraisal.CSS}</style>")
    thinking.warm()
    table = current_table()
    was_finished = table.finished
    play_tutor.advance(table)
    play_resume.keep_held(table)
    if table.finished and not was_finished:
        rerun_on_its_own()  # the sidebar, drawn already, shows the recorded round next run
    st.session_state[DRAWN] = table
    st.title(t("play.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("play.lead"))}</p>', unsafe_allow_html=True)
    _setup()
    _header(table)
    play_resume.draw_banner(table, on_abandon)  # a match taken up: "Resume" or "Abandon"
    live = _wants_live(table)
    _idle(live, table.finished)
    if live:
        _poll()
