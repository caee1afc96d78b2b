"""Analysis: any position or round, its legal moves, the appraisal and the solver's verdict.

Drawn by ui/pages/analysis/view.py; the editor that sets a position up by clicking is
ui/pages/analysis/setup.py (drawn by analysis_setup_view.py).

- **What is studied** (:class:`Study`, session key ``analysis.study``): a position (every
  hand shown, or one seat's view: the others as counts) and the moves played from it (a
  round loaded, or moves tried on the board), with a cursor.  Every question is the
  engine's: the position's code (:mod:`engine.notation.code`), the legal moves, the appraisal from
  the mover's seat (a job in :mod:`ui.thinking`), the solver's verdict with every hand open.
- **The address**: ``?pos=CODE`` or ``?round=CODE`` (the code has no words in it, so a link
  opens in any language), ``step=`` (the move the cursor is at) and ``seat=`` (1 …: whose
  decisions the stepper stops at, the learner's in a round from Play).  A code that cannot
  be read is named in a notice, in the page's language, that stays while the address holds
  it: nothing else is put in its place (the code waits in the paste box, to be mended; a
  study already open stays behind "The position").  A code longer than :data:`LONGEST` is
  refused before it is read.  A seat or step the link gives that cannot be used is named
  in a notice too, which stays while that position or round is studied.
- **A round record** (:mod:`ui.widgets.round_record`: a small text file with a round's code,
  ``.domino``; Play offers one for each finished round) opens here too.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal, TypeVar

import streamlit as st

from engine.game.moves import Move, distinct
from engine.game.state import State
from engine.notation.code import CodeError, Position, Round, check_deal, parse
from engine.search.appraise import Appraisal
from engine.search.solve import Solution

from ... import session, thinking
from ...i18n import refusal_text, t
from ...widgets.feedback import Feedback, Later, Said, worded
from . import words as analysis_words

PAGE = "pages/analysis.py"
STUDY = "analysis.study"
LOADED = "analysis.loaded"  # the address's (kind, code) last read or written
VERDICTS = "analysis.verdicts"  # position code -> the solver's answer
APPRAISALS = "analysis.appraisals"  # position code -> the appraisal
SAID = "analysis.said"
MODE = "analysis.mode"
MODES = ("study", "setup", "open")
PARAMS = ("pos", "round", "step", "seat")
PASTE = "analysis.paste"  # the paste box's widget key
PASTED = "analysis.pasted"  # the paste box's text, kept while the box is not drawn
NOTES = "analysis.notes"  # ((kind, code), notices): what a link could not give, kept with it
#: The longest code the page reads (characters).  The longest round the site can make (a
#: four-player Gaple or a draw-mode round played out, tests/ui/pages/test_page_analysis.py) is a few
#: hundred; a longer code is refused with a notice before it is read.  Far longer
#: addresses never reach the page: Streamlit serves it with uvicorn, whose h11 parser
#: refuses a request head that passes 16 KiB while still incomplete
#: (h11.DEFAULT_MAX_INCOMPLETE_EVENT_SIZE; Streamlit has no option for it), so one that
#: does not arrive in a single read gets a bare "400 Bad Request" before the site runs (here
#: a 100,000-character address was served, a 200,000-character one refused).
LONGEST = 2000
#: What the page shows before anything is loaded: the documents' E1, White to move.
EXAMPLE = "d2/2344.011122/6*3/*14/0"
#: How many positions' answers a session keeps (stepping back finds them again).
KEEP = 64
Kind = Literal["pos", "round"]
T = TypeVar("T")


@dataclass
class Study:
    """A position (``base``: every hand, or a seat's view) and the moves played from it
    (only where every hand is shown), ``cursor`` moves in.  ``loaded``: the moves as the
    round was opened (moves tried on the board make a variation of it); ``seat``: whose
    decisions the stepper stops at (None: every seat's)."""

    base: Position
    moves: list[Move] = field(default_factory=list)
    cursor: int = 0
    seat: int | None = None
    loaded: tuple[Move, ...] = ()

    @property
    def full(self) -> bool:
        """Every hand is shown (the solver can answer; moves can be tried)."""
        return self.base.seat is None

    def state(self, k: int | None = None) -> State:
        """The position after ``k`` moves (default: the cursor), every hand shown."""
        state = self.base.state()
        for move in self.moves[:self.cursor if k is None else k]:
            state.push(move)
        return state

    def position(self, k: int | None = None) -> Position:
        """The position after ``k`` moves: its code's values, with what the seats are known
        to lack (the base's, and what the moves since showed)."""
        if not self.full:
            return self.base
        made = Position.from_state(self.state(k))
        lacks = tuple(a | b for a, b in zip(self.base.lacks, made.lacks, strict=True))
        return replace(made, lacks=lacks)

    @property
    def played(self) -> Move | None:
        """The move made from the cursor's position in the round (None at its end)."""
        return self.moves[self.cursor] if self.cursor < len(self.moves) else None

    @property
    def varied(self) -> bool:
        return tuple(self.moves) != self.loaded

    def as_round(self) -> Round | None:
        """The study as a round, where it is one (every hand, nothing known of what the
        seats lack at its start, being played)."""
        if not self.full or any(self.base.lacks) or self.base.over:
            return None
        return Round(self.base, tuple(self.moves))

    def mover(self) -> int | None:
        return self.position().mover


def study_of(value: Position | Round, seat: int | None = None, step: int = 0) -> Study:
    """``value`` studied from ``step`` (a round's), stopping at ``seat``'s decisions (a seat
    the game does not have: every seat's)."""
    start = value.start if isinstance(value, Round) else value
    if seat is not None and not 0 <= seat < start.players:
        seat = None
    if isinstance(value, Round):
        moves = list(value.moves)
        return Study(value.start, moves, max(0, min(step, len(moves))), seat, tuple(moves))
    return Study(value, seat=seat)


def read_code(text: str, dealt: bool = False) -> Position | Round:
    """A code as pasted or opened (spaces and line breaks around it left out); one longer
    than :data:`LONGEST` is refused unread (``CodeError`` with the reason ``too_long``).
    ``dealt``: the position (a round's start) must be one a deal gives, as the editor's
    (:func:`engine.notation.code.check_deal`); a link may open a position made up to teach."""
    code = "".join(text.split())
    if len(code) > LONGEST:
        raise CodeError("code", LONGEST, f"longer than {LONGEST} characters", "too_long",
                        length=len(code), count=len(code), longest=LONGEST)
    value = parse(code)
    if dealt:
        check_deal(value.start if isinstance(value, Round) else value)
    return value


# -- the study and the address ---------------------------------------------------------------


def stored() -> Study | None:
    found = st.session_state.get(STUDY)
    return found if isinstance(found, Study) else None


def _number_param(raw: str | None) -> int | None:
    """A number in the address: ASCII digits, at most four (anything else: none)."""
    digits = (raw or "").strip()
    return int(digits) if digits.isascii() and digits.isdecimal() and len(digits) < 5 else None


def _seat_param(raw: str | None) -> int | None:
    """The address's seat (1 …) counted from 0."""
    number = _number_param(raw)
    return None if number is None else number - 1


def _step_param(raw: str | None) -> int:
    return _number_param(raw) or 0


def _address_key() -> tuple[Kind, str] | None:
    single, _ = session.page_params(PARAMS)
    kind: Kind | None = "round" if "round" in single else "pos" if "pos" in single else None
    return None if kind is None else (kind, single[kind])


def _show_notes() -> None:
    """The notices kept for the address's code (a link that could not be read, or whose
    seat or step could not be used): shown on every run while it is what the page shows."""
    found = st.session_state.get(NOTES)
    if isinstance(found, tuple) and found[0] in (_address_key(), st.session_state.get(LOADED)):
        for note in found[1]:
            session.notice(note, "warning")


def address_of(study: Study) -> dict[str, str]:
    """The address that opens ``study`` where it is."""
    whole = study.as_round()
    params: dict[str, str]
    if whole is not None and study.moves:
        params = {"round": whole.text()}
        if study.cursor:
            params["step"] = str(study.cursor)
    else:
        params = {"pos": study.position().text()}
    if study.seat is not None:
        params["seat"] = str(study.seat + 1)
    return params


def write_address(study: Study) -> None:
    params = address_of(study)
    session.write_page_params(PARAMS, params)
    kind: Kind = "round" if "round" in params else "pos"
    st.session_state[LOADED] = (kind, params[kind])


def current() -> Study | None:
    """This session's study: the address's when it names another position or round (a link
    opened), else the one kept; the example when there is neither.  None when the address's
    code cannot be read and nothing is kept: the page says why, keeps the address as it is
    and offers the code in the paste box, to be mended (no other position in its place)."""
    single, _ = session.page_params(PARAMS)
    key = _address_key()
    study = stored()
    if key is not None and key != st.session_state.get(LOADED):
        code = key[1]
        try:
            value = read_code(code)
        except CodeError as e:
            if st.session_state.get(NOTES, (None,))[0] != key:  # a new broken link
                why = analysis_words.code_error(e, analysis_words.seats_for(code))
                said = t("analysis.bad_link", why=why)
                if len(code) <= LONGEST:  # into the paste box, to be mended
                    st.session_state[PASTE] = st.session_state[PASTED] = code
                    said += " " + t("analysis.mend")
                st.session_state[NOTES] = (key, (said,))
                st.session_state[MODE] = "open"
            _show_notes()
            return study
        study = study_of(value, _seat_param(single.get("seat")),
                         _step_param(single.get("step")))
        st.session_state[STUDY] = study
        write_address(study)
        st.session_state[NOTES] = (st.session_state[LOADED], tuple(analysis_words.link_notes(value, single)))
    if study is None:
        study = study_of(read_code(EXAMPLE))
        st.session_state[STUDY] = study
    write_address(study)
    _show_notes()
    return study


def open_study(study: Study) -> None:
    """Study ``study`` from now on (the address follows)."""
    st.session_state[STUDY] = study
    st.session_state[MODE] = "study"
    st.session_state[SAID] = None
    write_address(study)


# -- the engine's answers --------------------------------------------------------------------


def legal_moves(study: Study) -> tuple[Move, ...]:
    """The mover's legal moves, each once (a tile on either of two equal ends is one);
    nothing where the mover's tiles are hidden (a seat's view of another seat's turn)."""
    position = study.position()
    mover = position.mover
    if mover is None:
        return ()
    if study.full:
        return study.state().distinct_moves()
    if position.seat != mover:
        return ()
    v = position.view(mover)
    return distinct(v.legal, v.ends)


def solver_blocked(study: Study) -> str | None:
    """Why the solver cannot answer here (None: it can): a hand is hidden, the round is
    over, or the stock's order is not known in draw mode."""
    if not study.full:
        return "hidden"
    state = study.state()
    if state.over:
        return "over"
    if state.rules.draw_mode and state.stock is None and state.stock_count:
        return "stock"
    return None


def _kept(key: str) -> dict[str, thinking.Answer[Any]]:
    found = st.session_state.setdefault(key, {})
    assert isinstance(found, dict)
    return found


def _answer(key: str, code: str, ask: Callable[[], Future[T]]) -> thinking.Answer[T]:
    """The answer kept for the position ``code`` (asked for once, in a worker)."""
    answers = _kept(key)
    answer = answers.get(code)
    if answer is None:
        if len(answers) >= KEEP:
            answers.clear()
        answer = answers[code] = thinking.Answer(ask())
    answer.poll()
    return answer


def verdict_answer(study: Study) -> thinking.Answer[Solution] | None:
    """The solver's answer for the cursor's position, or None where it cannot answer."""
    if solver_blocked(study) is not None:
        return None
    state = study.state()
    return _answer(VERDICTS, study.position().text(), lambda: thinking.judge(state))


def appraisal_blocked(study: Study) -> str | None:
    """Why there is no appraisal here (None: there is one): the round is over, the mover's
    tiles are hidden (a seat's view of another seat's turn), or there is one move only."""
    position = study.position()
    if position.mover is None:
        return "over"
    if position.seat is not None and position.seat != position.mover:
        return "hidden"
    return "forced" if len(legal_moves(study)) < 2 else None


def appraisal_answer(study: Study) -> thinking.Answer[Appraisal] | None:
    """The appraisal of the mover's moves from the mover's view, or None."""
    if appraisal_blocked(study) is not None:
        return None
    position = study.position()
    code = position.text()
    view = position.view(position.mover)
    return _answer(APPRAISALS, code,
                   lambda: thinking.appraise_view(view, zlib.crc32(code.encode())))


def waiting(study: Study, take: bool = False) -> bool:
    """Whether an answer for the cursor's position is still awaited; ``take``: taking those
    that have come (the page's look).  Without it nothing is taken: an answer that came
    since the page drew "working" still counts, so that the page looks again to show it."""
    code = study.position().text()
    found = [a for key in (VERDICTS, APPRAISALS) if (a := _kept(key).get(code)) is not None]
    return any(answer.waiting for answer in found if not (take and answer.poll()))


# -- callbacks (run before the script) ------------------------------------------------------


def on_step(to: int) -> None:
    study = stored()
    if study is not None:
        study.cursor = max(0, min(to, len(study.moves)))
        write_address(study)


def on_move(move: Move) -> None:
    """A move tried on the board: the round's own next move steps on; another starts a
    variation from here (the moves after the cursor are left out)."""
    study = stored()
    if study is None or not study.full:
        return
    state = study.state()
    resolved = state.resolve(move)
    refusal = state.why_illegal(resolved)
    if refusal is not None:
        st.session_state[SAID] = worded("no", partial(refusal_text, refusal))
        return
    st.session_state[SAID] = None
    if study.played is not None and state.canonical(study.played) == state.canonical(resolved):
        study.cursor += 1
    else:
        del study.moves[study.cursor:]
        study.moves.append(resolved)
        study.cursor += 1
    write_address(study)


def on_back_to_loaded() -> None:
    study = stored()
    if study is not None:
        study.moves = list(study.loaded)
        study.cursor = min(study.cursor, len(study.moves))
        write_address(study)


def on_seat(key: str) -> None:
    study = stored()
    value = st.session_state.get(key)
    if study is not None:
        study.seat = value if isinstance(value, int) and value >= 0 else None
        write_address(study)


def said() -> Said | None:
    found = st.session_state.get(SAID)
    return found if isinstance(found, (Feedback, Later)) else None
