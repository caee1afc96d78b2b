"""The Analysis page's drawing: the position (a board), the round's moves and the stepper,
the legal moves, the appraisal from the mover's seat, the solver's verdict, the links.

Drawing only; what a click means is in :mod:`ui.pages.analysis.logic` (the study) and
:mod:`ui.pages.analysis.setup` (the editor, drawn by :mod:`ui.pages.analysis.setup_view`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import streamlit as st

from engine.game.moves import Move
from engine.game.state import State
from engine.game.tiles import TILES, Tile, mask_of
from engine.notation.code import Position
from engine.search.appraise import Appraisal

from ... import thinking
from ...i18n import join_list, move_named, move_text, t, table_seat_names
from ...widgets import appraisal, feedback, round_record, story, verdict
from ...widgets.board import board
from ...widgets.deal_setup import rules_label
from ...widgets.knowledge import knowledge_of
from ...widgets.share import share_position
from ...widgets.svg import esc, plain
from ...widgets.tile_grid import remember
from . import logic as analysis
from . import setup as analysis_setup
from . import setup_view as analysis_setup_view
from .logic import MODE, MODES, Study

BOARD = "analysis-board"
W_STEP = "analysis.step"
W_SEAT = "analysis.seat"
W_PASTE = analysis.PASTE
W_FILE = "analysis.file"
TICK = 0.3  # seconds between looks while an answer is awaited
T = TypeVar("T")

CSS = """
.st-key-analysis-page button { min-height: 2.75rem; }
[class*="st-key-analysis-fb-"], [class*="st-key-analysis-setup-fb-"] { padding: 0.5rem 1rem 0.05rem; }
.st-key-analysis-moves ol { margin: 0.2rem 0; padding-inline-start: 1.6rem; }
.st-key-analysis-moves li.now { font-weight: 700; }
"""



def _header(study: Study, names: Sequence[str]) -> None:
    position = study.position()
    seen = t("analysis.every_hand") if study.full else \
        t("analysis.seen_by", name=names[position.seat or 0])
    st.markdown(f"**{esc(rules_label(position.rules))}** "
                f'<span class="muted">· {esc(seen)}</span>', unsafe_allow_html=True)


def _stepper(study: Study, names: Sequence[str]) -> None:
    """Forward and back through the round's moves (the keyboard: the slider's arrows)."""
    n = len(study.moves)
    if not n:
        return
    st.session_state[W_STEP] = study.cursor
    st.slider(t("analysis.step"), 0, n, key=W_STEP, on_change=_on_slider,
              help=t("analysis.step_help"))
    with st.container(horizontal=True, gap="small", key="analysis-steps"):
        st.button(t("analysis.first"), key="analysis.first", icon=":material/first_page:",
                  on_click=analysis.on_step, args=(0,), disabled=study.cursor == 0)
        st.button(t("analysis.back"), key="analysis.back", icon=":material/chevron_left:",
                  on_click=analysis.on_step, args=(study.cursor - 1,),
                  disabled=study.cursor == 0)
        st.button(t("analysis.forward"), key="analysis.forward",
                  icon=":material/chevron_right:", on_click=analysis.on_step,
                  args=(study.cursor + 1,), disabled=study.cursor >= n)
        st.button(t("analysis.last"), key="analysis.last", icon=":material/last_page:",
                  on_click=analysis.on_step, args=(n,), disabled=study.cursor >= n)
    decisions = _decisions(study)
    if study.seat is not None:
        earlier = [k for k in decisions if k < study.cursor]
        later = [k for k in decisions if k > study.cursor]
        with st.container(horizontal=True, gap="small"):
            st.button(t("analysis.prev_decision", name=names[study.seat]),
                      key="analysis.prev_decision", on_click=analysis.on_step,
                      args=(earlier[-1] if earlier else 0,), disabled=not earlier)
            st.button(t("analysis.next_decision", name=names[study.seat]),
                      key="analysis.next_decision", on_click=analysis.on_step,
                      args=(later[0] if later else n,), disabled=not later)
    if study.varied:
        st.caption(t("analysis.variation"))
        st.button(t("analysis.back_to_round"), key="analysis.restore",
                  on_click=analysis.on_back_to_loaded, icon=":material/restore:")


def _on_slider() -> None:
    value = st.session_state.get(W_STEP)
    if isinstance(value, int):
        analysis.on_step(value)


def _decisions(study: Study) -> list[int]:
    """The positions where the studied seat chose among more than one move."""
    if study.seat is None:
        return []
    out = []
    state = study.base.state()
    for k, move in enumerate(study.moves):
        if state.mover == study.seat and len(state.distinct_moves()) > 1:
            out.append(k)
        state.push(move)
    return out


def _moves(study: Study, names: Sequence[str]) -> None:
    if not study.moves:
        return
    records = study.state(len(study.moves)).history
    items = "".join(
        f'<li class="{"now" if k == study.cursor - 1 else ""}">'
        f"{esc(story.narrate(rec, names))}</li>" for k, rec in enumerate(records))
    with st.expander(t("analysis.moves", count=len(records)), expanded=False), \
            st.container(key="analysis-moves"):
        st.markdown(f"<ol>{items}</ol>", unsafe_allow_html=True)


def _seat_choice(study: Study, names: Sequence[str]) -> None:
    if not study.full or not study.moves:
        return
    options = [-1, *range(study.base.players)]
    st.session_state[W_SEAT] = -1 if study.seat is None else study.seat
    st.selectbox(t("analysis.whose_decisions"), options, key=W_SEAT,
                 format_func=lambda s: t("analysis.every_seat") if s < 0 else names[s],
                 on_change=analysis.on_seat, args=(W_SEAT,))


def _turn(study: Study, names: Sequence[str]) -> None:
    position = study.position()
    state = study.state() if study.full else None
    if position.over:
        if state is not None:
            result = story.settlement_view(state, names)
            with st.container(key="analysis-result"):
                st.markdown(f"**{esc(t('try.result'))}** {plain(result.text)}")
                st.markdown("\n".join(f"- {plain(x)}" for x in result.holdings))
        else:
            st.info(t("board.round_over"))
        return
    mover = position.mover
    assert mover is not None
    legal = analysis.legal_moves(study)
    if legal:
        st.markdown(plain(t("analysis.legal", name=names[mover], count=len(legal),
                          moves=join_list(move_text(m) for m in legal))))
    else:
        st.markdown(plain(t("analysis.hidden_turn", name=names[mover],
                          seat=names[position.seat or 0])))
    played = study.played
    if played is not None:
        st.markdown(plain(t("analysis.played", name=names[mover], move=move_text(played))))


def _knows(study: Study, names: Sequence[str]) -> None:
    """What the seat whose view this is (every hand shown: the mover, whose seat the
    appraisal is from) knows besides its tiles: the others' counts, the numbers they are
    known to lack, the undealt tiles (the appraisal's figures depend on them)."""
    position = study.position()
    seat = position.seat if position.seat is not None else position.mover
    if seat is None:
        return
    with st.container(key="analysis-knows"):
        st.markdown(plain(knowledge_of(position.view(seat), names)))


def _appraisal(study: Study, names: Sequence[str]) -> None:
    """How each move does from the mover's seat (the engine's appraisal, in a worker)."""
    blocked = analysis.appraisal_blocked(study)
    if blocked is not None:
        if blocked == "forced":
            st.caption(t("analysis.appraisal_forced"))
        return
    value = _arrived(analysis.appraisal_answer(study), "analysis.appraisal_working",
                     "analysis.appraisal_failed")
    if value is None:
        return
    position = study.position()
    mine = study.played if study.seat is None or study.seat == position.mover else None
    _appraised(value, position, names, mine)


def _arrived(answer: thinking.Answer[T] | None, working: str, failed: str) -> T | None:
    """An awaited answer's value once it has come (asked for: the page asks before it draws,
    unless blocked); until then "working" is said, and "failed" when the job failed (both
    catalog keys)."""
    assert answer is not None
    if answer.waiting:
        st.caption(t(working))
    elif answer.value is None:
        st.info(t(failed))
    return None if answer.waiting else answer.value


def _appraised(a: Appraisal, position: Position, names: Sequence[str],
               played: Move | None) -> None:
    """The appraisal in Play's review's words (:mod:`ui.widgets.appraisal`): whose seat, the
    move played with its class and cost, every move best first with its class and worth, and
    how the figures were found."""
    ends = position.line().ends
    mine = next((m for m in a.moves if m.move == played), None)
    kind = "ok" if mine is None or mine.grade in ("best", "forced", "good") else "hint"
    with st.container(key=feedback.key("analysis-appraisal", kind)):
        st.markdown(f"**{plain(t('analysis.appraisal_title', name=names[a.seat]))}**")
        if played is not None and mine is not None:
            words = t("analysis.appraisal_played",
                      move=move_named(appraisal.one_name(played, ends)))
            badge = appraisal.graded(mine.grade, a.family, mine.loss, mine.margin)
            st.markdown(f"{plain(esc(words))} {badge}", unsafe_allow_html=True)
        st.markdown(appraisal.moves_html(a, position.players, ends, played, yours=False),
                    unsafe_allow_html=True)
        st.caption(f"{t(f'appraisal.scale_{a.family}')} {appraisal.provenance(a, yours=False)}")


def _verdict(study: Study, names: Sequence[str]) -> None:
    blocked = analysis.solver_blocked(study)
    if blocked == "over":  # nothing left to solve: the result is above
        return
    st.markdown(f"**{esc(t('analysis.verdict_title'))}**")
    if blocked is not None:
        st.caption(t(f"analysis.no_verdict_{blocked}"))
        return
    solution = _arrived(analysis.verdict_answer(study), "verdict.working", "verdict.failed")
    if solution is None:
        return
    state = study.state()
    # The move made here is "yours" only at the studied seat's decisions.
    mine = study.played if study.seat is not None and state.mover == study.seat else None
    v = verdict.verdict(state, solution, names, mine)
    verdict.show(v, key="analysis-verdict", all_moves=True)


@st.fragment(run_every=TICK)
def _awaiting() -> None:
    """While an answer is awaited (the appraisal, the solver's verdict): look every
    :data:`TICK` seconds, drawing nothing; the page runs again once one has come."""
    study = analysis.stored()
    if study is None or not analysis.waiting(study, take=True):
        st.rerun()


def _links(study: Study, names: Sequence[str]) -> None:
    st.markdown(f"**{esc(t('analysis.share_title'))}**")
    share_position("analysis-position", study.position())
    whole = study.as_round()
    if whole is not None and study.moves:
        share_position("analysis-round", whole)
        round_record.download("analysis.download", whole, rules_label(whole.start.rules),
                              study.seat, "round")


def _open() -> None:
    with st.container(key="analysis-open", border=True):
        st.subheader(t("analysis.open_title"), anchor=False)
        remember(W_PASTE, st.session_state.get(analysis.PASTED, ""))
        st.text_area(t("analysis.paste"), key=W_PASTE, height=90,
                     placeholder=analysis.EXAMPLE, help=t("analysis.paste_help"),
                     on_change=analysis_setup.on_paste, args=(W_PASTE,))
        st.button(t("analysis.open_code"), key="analysis.open", type="primary",
                  on_click=analysis_setup.on_open_code, args=(W_PASTE,))
        st.file_uploader(t("analysis.file"), type=["domino", "txt"], key=W_FILE,
                         on_change=analysis_setup.on_open_file, args=(W_FILE,),
                         help=t("analysis.file_help"))
        _said()


def _said() -> None:
    fb = feedback.now(analysis.said())
    if fb is not None:
        with st.container(key=feedback.key("analysis", fb.kind)):
            st.markdown(plain(fb.text))


def display_state(position: Position) -> State:
    """A state to draw a seat's view with: the hidden hands and dead tiles are tiles no one
    can see (drawn face down, never shown), the counts as the view gives them."""
    if position.seat is None:
        return position.state()
    named = {tile for held in (position.hands[position.seat], position.dead[position.seat])
             if isinstance(held, tuple) for tile in held}
    named |= {p.tile for p in position.placements}
    spare = iter(tile for tile in reversed(TILES) if tile not in named)

    def fill(held: tuple[Tile, ...] | int) -> tuple[Tile, ...]:
        return held if isinstance(held, tuple) else tuple(next(spare) for _ in range(held))

    hands = [fill(h) for h in position.hands]
    dead = [fill(d) for d in position.dead]
    stock = position.stock if isinstance(position.stock, int) else len(position.stock)
    state = State(position.rules, [mask_of(h) for h in hands], position.line(),
                  stock_count=stock, dead=[mask_of(d) for d in dead],
                  to_move=position.to_move, passes=position.passes, opening=position.opening)
    state.status = position.status
    return state


def _study(study: Study) -> None:
    position = study.position()
    names = table_seat_names(position.rules)
    _header(study, names)
    state = study.state() if study.full else display_state(position)
    playable = study.full and not state.over
    board(state, key=BOARD, seat=None if study.full else position.seat, seats=names,
          reveal="all" if study.full else {position.seat or 0},
          on_move=analysis.on_move if playable else None, disabled=not playable,
          controls=playable, offer="legal",
          note=None if playable or state.over else t("analysis.look_only"))
    _said()
    _stepper(study, names)
    _seat_choice(study, names)
    _turn(study, names)
    _knows(study, names)
    _appraisal(study, names)
    _verdict(study, names)
    if analysis.waiting(study) and not thinking.inline():
        _awaiting()
    _moves(study, names)
    st.button(t("analysis.edit"), key="analysis.edit", icon=":material/edit:",
              on_click=analysis_setup.edit, args=(position,))
    _links(study, names)


def draw() -> None:
    st.html(f"<style>{CSS}{appraisal.CSS}</style>")
    thinking.warm()
    study = analysis.current()
    st.title(t("analysis.title"), anchor=False)
    st.markdown(f'<p class="lead">{esc(t("analysis.lead"))}</p>', unsafe_allow_html=True)
    with st.container(key="analysis-page"):
        remember(MODE, "study")
        st.segmented_control(t("analysis.mode"), list(MODES), key=MODE, required=True,
                             format_func=lambda m: t(f"analysis.mode_{m}"),
                             label_visibility="collapsed")
        mode = st.session_state.get(MODE)
        if mode == "setup":
            analysis_setup_view.draw()
        elif mode == "open":
            _open()
        elif study is None:  # a link that could not be read, and nothing else open
            st.info(t("analysis.nothing_open"))
        else:
            _study(study)

