"""Play's tutor mode: before a move the appraisal classes a mistake or worse is made, the table
stops and says so (logic only; the stop is drawn by :mod:`ui.pages.play.tutor_view`, worded by
:mod:`ui.pages.play.hints`).

- When the tutor is on (the table's :class:`Tutor`; None when off) and the learner's turn begins
  with more than one distinct legal move, :func:`ask` starts the appraisal of the learner's view
  (:func:`ui.thinking.tutor`, :mod:`engine.search.appraise`: every legal move's expected result over
  the deals of the hidden tiles the view allows, and its grade).  Once the computer's moves
  up to the turn are worked out while the ones before them are on show, :func:`ahead` starts
  that look before the turn is shown, and it runs until one look's time after.
- The learner's move (the board's callback, :func:`learner_move`): refused moves, forced
  moves and a tutor that is off go straight to :func:`ui.pages.play.logic.play_move`.  Otherwise, if
  the appraisal grades the move ``mistake`` or ``blunder`` even at 99% confidence
  (``stops``), the move is not played:
  the table stops (:class:`Stop`) with "Think again" (:func:`think_again`: nothing changed),
  "Hint" (:func:`show_hint`: the appraisal's best move and why, counted as a hint taken) and
  "Play it anyway" (:func:`play_anyway`: played, the learner's own choice).  While a look at
  the position is being worked out, the move is held (:attr:`Tutor.held`) and judged as soon
  as it is back (:func:`advance`, the table's clock with the tutor's look added), on every
  look so far: a move waits at most one look, :data:`ui.thinking.TUTOR_BUDGET`, and a click
  is never dropped.  If the first look fails, the held move is played.  A **doubtful** move
  (a mistake or worse as estimated, not at 99%, or graded milder than its estimate's band)
  waits for another look (:func:`_look_again`) and is judged again on the deals of all, while
  it stays doubtful or, once held, the evidence has yet to decide whether to stop it, up to
  ``DOUBT_LOOKS`` looks a move and never once as sure as the review (then played; where it
  may still be a mistake, ``unsure``, with "not sure: it may cost up to ..."): the rules are in
  :mod:`ui.pages.play.tutor_judge` (``stops``, ``Look``: ``doubtful``, ``undecided``,
  ``wide``; ``waits``).
  Those looks solve only the held move and the best move so far (``focus``: its loss is its
  shortfall from the best), so each holds more deals; the stop's hint still comes from the
  appraisal of every move (:class:`~ui.pages.play.tutor_state.Focus`).  A move whose grade
  could be two classes from the truth (``wide``) waits for such looks too.
- **While the learner thinks**, the tutor goes on looking while its answer is neither exact
  nor as sure as the review's (:func:`engine.search.appraise.as_precise`), up to :data:`LOOKS` looks:
  each goes on from the looks before (:func:`ui.thinking.tutor` with their evidence: deals not
  yet solved) and its deals are added to theirs (:func:`collect`).  Each look is worked out in
  every worker side by side (:func:`ui.thinking.shared`; the computer players are idle on the
  learner's turn).
  Where deals are slow to solve (four players in Block, early in Gaple), one look may hold
  too few of them to call any move a fault, and a learner who thinks gives the tutor the
  time to be sure.
- Everything the tutor holds is for one position (:func:`position`): a new round, a replay or
  a move leaves it behind.  What it holds (:mod:`ui.pages.play.tutor_state`)
  is kept with the table in :mod:`ui.pages.play.logic`, which knows nothing more of the tutor: this
  module builds on the table, never the other way round.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Final

from engine.game.moves import Move
from engine.game.state import State
from engine.game.view import SeatView, view
from engine.search.appraise import Appraisal, MoveAppraisal, added_up, as_precise

from ... import thinking
from ...widgets.feedback import checked, worded
from . import hints as play_hints
from . import logic as play
from .logic import Table
from .tutor_judge import focus, stops, unsure, waits
from .tutor_state import Focus, Moment, Stop, Tutor

#: The most looks at one position, each within :data:`ui.thinking.TUTOR_BUDGET` (what a move
#: may wait for): 19.5 s of the learner's thinking in all.
LOOKS: Final = 13


def position(table: Table, state: State | None = None) -> Moment:
    """Where the round on the table is (``state``: a position it is coming to, its moves
    worked out ahead: :func:`ui.pages.play.logic.upcoming`)."""
    shown = table.state if state is None else state
    return (table.round_no, table.replays, len(shown.history))


def _chooses(table: Table) -> bool:
    """The learner is to move and has a choice (more than one distinct legal move)."""
    return table.learner_to_move and len(table.state.distinct_moves()) > 1


def _seed(table: Table, ply: int) -> int:
    return (table.seed * 7_919 + table.round_no * 104_729 + table.replays * 613
            + ply) & 0x7FFF_FFFF


def _coming(asked: Moment, here: Moment) -> bool:
    """``asked`` is ``here`` or a position the round on the table is coming to."""
    return asked[:2] == here[:2] and asked[2] >= here[2]


def ask(table: Table) -> None:
    """Start the appraisal of the learner's position, once per position (a look at a
    position left behind that has not yet begun is called off; one at the position the
    computer's moves on their way lead to, :func:`ahead`, is kept)."""
    tutor = table.tutor
    if tutor is None:
        return
    here = position(table)
    if tutor.asked is not None and not _coming(tutor.asked[0], here):
        _call_off(tutor)
    if not _chooses(table):
        return
    if tutor.asked is None or tutor.asked[0] != here:
        tutor.known, tutor.further, tutor.focus = None, 0, None
        tutor.asked = (here, thinking.Answer(thinking.tutor(
            view(table.state, table.learner), _seed(table, here[2]))))


def _call_off(tutor: Tutor) -> None:
    """Call off the look asked for last, if it has not yet begun."""
    if tutor.asked is not None and tutor.asked[1].future is not None:
        tutor.asked[1].future.cancel()


def ahead(table: Table, now: float) -> None:
    """Look at the learner's next position before it is shown: once the computer's moves up
    to the learner's turn have been worked out (:attr:`ui.pages.play.logic.Table.ahead`) while
    the ones before them are on show (:data:`ui.pages.play.logic.PAUSE` each), the workers are
    idle; the look starts then and runs until :data:`ui.thinking.TUTOR_BUDGET` after the
    turn will be shown, so a move made at once is judged on more deals and waits no longer
    (with four computer seats, as in five-player Gaple, a second and a half more at Strong)."""
    tutor = table.tutor
    if tutor is None or thinking.inline() or not table.ahead:
        return
    state = play.upcoming(table)
    coming = position(table, state)
    if tutor.asked is not None and tutor.asked[0] == coming:
        return
    if state.over or state.mover != table.learner or len(state.distinct_moves()) < 2:
        return
    shown = max(now, table.shown_at + play.PAUSE) + play.PAUSE * (len(table.ahead) - 1)
    _call_off(tutor)
    tutor.known, tutor.further, tutor.focus = None, 0, None
    tutor.asked = (coming, thinking.Answer(thinking.tutor(
        view(state, table.learner), _seed(table, coming[2]),
        seconds=thinking.TUTOR_BUDGET + shown - now)))  # till the turn is shown, and a look


def collect(table: Table) -> None:
    """Take in the latest appraisal of the position on the table once it is back: added up
    with the one kept so far where their deals add up (drawn by other seeds:
    :func:`engine.search.appraise.combine`), else kept when it rests on at least as many deals."""
    tutor = table.tutor
    if tutor is None or tutor.asked is None or tutor.asked[0] != position(table):
        return
    answer = tutor.asked[1]
    if not answer.poll() or answer.value is None:
        return
    found, known, held = answer.value, tutor.known, tutor.focus
    if held is not None and held.answer is answer:  # a held move's own look
        held.known = added_up(held.view, found, held.known)
        return
    tutor.known = found if known is None else \
        added_up(view(table.state, table.learner), found, known)


def appraisal(table: Table) -> tuple[Appraisal | None, bool]:
    """The appraisal of the position on the table, every look so far added up (as
    :func:`collect` took them in), and whether a look is still being worked out (a move
    waits for it)."""
    tutor = table.tutor
    if tutor is None or tutor.asked is None or tutor.asked[0] != position(table):
        return None, False
    return tutor.known, tutor.asked[1].waiting


def further(table: Table) -> None:
    """While the learner thinks: once the latest look at the position is back, and the
    looks so far are neither exact nor precise enough, look again (up to :data:`LOOKS`),
    going on from them: other deals, to be added up."""
    tutor = table.tutor
    if tutor is None or thinking.inline() or holds(table) or not _chooses(table):
        return  # (a move held or stopped: judged already, or about to be)
    found, _ = appraisal(table)
    if found is None or tutor.asked is None or tutor.asked[1].waiting \
            or tutor.further >= LOOKS - 1 \
            or as_precise(view(table.state, table.learner), found):
        return
    _look_further(table, found)


def _look_further(table: Table, found: Appraisal,
                  v: SeatView | None = None) -> thinking.Answer[Appraisal]:
    """Ask for one more look at the position on the table, going on from ``found`` (other
    deals, to be added up with its), an appraisal of ``v`` (the learner's view, or one
    narrowed to some moves); the look asked for."""
    tutor = table.tutor
    assert tutor is not None
    tutor.further += 1
    here = position(table)
    seen = view(table.state, table.learner) if v is None else v
    answer = thinking.Answer(thinking.tutor(seen, _seed(table, here[2]), found.evidence))
    tutor.asked = (here, answer)
    return answer


def thinking_on(table: Table) -> bool:
    """A further appraisal is being worked out while the learner thinks (the page looks
    for it meanwhile; not while a stop is shown: its answer is taken on the next run)."""
    tutor = table.tutor
    return (tutor is not None and tutor.further > 0 and tutor.asked is not None
            and tutor.asked[0] == position(table) and tutor.asked[1].waiting
            and current_stop(table) is None)


def holds(table: Table) -> bool:
    """The tutor holds the learner's move: waiting for the appraisal, or stopped."""
    return looking(table) or current_stop(table) is not None


def looking(table: Table) -> bool:
    """A move is held until the appraisal comes (the page looks for it meanwhile)."""
    tutor = table.tutor
    return tutor is not None and tutor.held is not None and tutor.held[0] == position(table)


def current_stop(table: Table) -> Stop | None:
    tutor = table.tutor
    if tutor is None or tutor.stop is None or tutor.stop.position != position(table):
        return None
    return tutor.stop


# -- the learner's move and the stop's three answers ----------------------------------------


def learner_move(table: Table, move: Move) -> bool:
    """The board's callback: the learner's move, through the tutor when it is on."""
    tutor = table.tutor
    if tutor is None or not _chooses(table):
        return play.play_move(table, move)
    resolved, refused = checked(table.state, move)
    if refused is not None:
        return play.play_move(table, move)  # refused there, with its reason
    tutor.stop = None
    ask(table)
    collect(table)
    found, waiting = appraisal(table)
    if waiting:
        tutor.held = (position(table), resolved)
        table.feedback = None
        table.log.append(f"tutor looks at {resolved.text()}")
        return False
    return _judge(table, resolved, found)


def _judge(table: Table, move: Move, found: Appraisal | None) -> bool:
    """Play ``move``, or stop before it when the appraisal grades it a mistake or worse at
    the stop's confidence (:func:`stops`): ``found``, the appraisal of every move, or, once the
    move has waited for looks of its own (:class:`Focus`), theirs."""
    tutor = table.tutor
    assert tutor is not None
    tutor.held = None
    here, v = position(table), view(table.state, table.learner)
    held, tutor.focus = tutor.focus, None
    if held is not None and (held.position, held.move) == (here, move):
        if len(held.view.legal) == len(v.legal):  # its looks were of every move
            tutor.known = held.known
        v, found = held.view, held.known
    item = None
    if found is not None:
        try:
            item = found.of(move)
        except KeyError:  # not one of the appraised moves: never stop what is not judged
            item = None
    if found is None or item is None:
        return play.play_move(table, move)
    doubted = tutor.doubted
    waited = doubted[2] if doubted is not None and doubted[:2] == (here, move) else 0
    suspected = waits(v, found, item, waited)
    if suspected and _look_again(table, move, v, found, waited):
        return False
    if not stops(found, item):
        played = play.play_move(table, move)
        if played and (suspected or waited) and unsure(found, item):  # its looks spent
            _said_unsure(table, item, found)
        return played
    tutor.stops += 1
    tutor.stop = Stop(here, move, item, found, tutor.stops,
                      every=tutor.known if tutor.known is not found else None)
    table.feedback, table.hint = None, None
    table.log.append(f"tutor stops {move.text()} ({item.grade})")
    return False


def _said_unsure(table: Table, item: MoveAppraisal, found: Appraisal) -> None:
    """A held move let through with the evidence unsettled: said under the table, and in
    the live region until the table moves on (:func:`unsure_note`)."""
    tutor = table.tutor
    assert tutor is not None
    tutor.unsure = (position(table), item, found)
    table.feedback = worded("hint", partial(play_hints.unsure_text, item, found))
    table.log.append(f"tutor unsure of {item.move.text()}")


def unsure_note(table: Table) -> tuple[Moment, MoveAppraisal, Appraisal] | None:
    """A held move let through unsettled, while the table is where that move left it."""
    tutor = table.tutor
    if tutor is None or tutor.unsure is None or tutor.unsure[0] != position(table):
        return None
    return tutor.unsure


def _look_again(table: Table, move: Move, v: SeatView, found: Appraisal, waited: int) -> bool:
    """Hold a doubtful ``move``, which has waited for ``waited`` looks (:func:`waits`), for
    another look at the position, going on from ``found``, an appraisal of ``v`` (while the
    tutor may look further): a look of its own (:class:`Focus`), at ``v`` narrowed to the
    move and the best move so far (:func:`focus`), judged again on every deal when it
    comes, within :data:`ui.thinking.TUTOR_BUDGET`.  False when it may not."""
    tutor = table.tutor
    here = position(table)
    if tutor is None or thinking.inline() or tutor.further >= LOOKS - 1 or (
            tutor.asked is not None and tutor.asked[1].waiting):
        return False
    v, found = focus(v, found, move)
    tutor.doubted, tutor.held = (here, move, waited + 1), (here, move)
    tutor.focus = Focus(here, move, v, found, _look_further(table, found, v))
    table.feedback = None
    table.log.append(f"tutor looks again at {move.text()}")
    return True


def play_anyway(table: Table) -> None:
    """Play the stopped move as it is: the learner's own choice."""
    tutor = table.tutor
    stop = current_stop(table)
    if tutor is None or stop is None:
        return
    tutor.stop = None
    ply = len(table.state.history)
    if play.play_move(table, stop.move):
        tutor.overruled.append(ply)
        table.log.append(f"tutor overruled at move {ply + 1}")


def think_again(table: Table) -> None:
    """Back to the hand (or the move buttons): nothing played, nothing changed."""
    tutor, stop = table.tutor, current_stop(table)
    if tutor is not None and stop is not None:
        tutor.stop, tutor.again = None, (stop.position, stop.number)
        table.log.append("tutor: think again")


def show_hint(table: Table) -> None:
    """The appraisal's best move and why; counted with the round's hints."""
    stop = current_stop(table)
    if stop is not None and not stop.hint:
        stop.hint = True
        table.hints.add(len(table.state.history))


def best_move(table: Table) -> Move | None:
    """The move the stop's hint shows (named as one click lays it), once "Hint" is pressed."""
    stop = current_stop(table)
    if stop is None or not stop.hint:
        return None
    return table.state.canonical(stop.hinted.best[0])


# -- the clock and the setting ------------------------------------------------------------


def advance(table: Table, now: float | None = None) -> bool:
    """The table's clock (:func:`ui.pages.play.logic.advance`), then the tutor's: ask for the
    appraisal when the learner's turn begins, and judge a held move once it has come."""
    changed = play.advance(table, now)
    tutor = table.tutor
    if tutor is None:
        return changed
    if tutor.held is not None and tutor.held[0] != position(table):
        tutor.held = None  # another position (a new round, a replay): the click is moot
    ask(table)
    collect(table)
    if tutor.held is not None:
        found, waiting = appraisal(table)
        if not waiting:
            _judge(table, tutor.held[1], found)  # failed (None): played, never stalled
            play.advance(table, now)
            changed = True
    further(table)
    ahead(table, time.monotonic() if now is None else now)
    return changed


def switch(table: Table, on: bool) -> None:
    """Turn the tutor on or off for the table; a move held when it goes off is played."""
    if on and table.tutor is None:
        table.tutor = Tutor()
        ask(table)
    elif not on and table.tutor is not None:
        held = table.tutor.held if looking(table) else None
        table.tutor = None
        if held is not None:
            play.play_move(table, held[1])
