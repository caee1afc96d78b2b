"""The agreement bench's replay (bench/replay.py): a run's recorded looks, judged again by the
tutor's rules, give back what the tutor's rules say of the appraisals themselves, and the
rules before them judge the same looks otherwise where they should."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from test_ui_play_tutor import made_appraisal

from engine.game.rules import block
from engine.game.state import State
from engine.game.view import view
from ui.pages.play.tutor_judge import DOUBT_LOOKS, Look, waits

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import replay
from appraise import _looked, look_of

#: A move held by the tutor in three-player Block: doubtful at first (a mistake as estimated,
#: not stopped), then an inaccuracy as estimated whose loss plus its 99% margin still reaches
#: the mistake band, then stopped.  Each: grade, loss, margin, deals, margin at 99%, stopped,
#: as sure as the review.
HELD = [["inaccuracy", 3.6, 1.2, 40, 1.7, False, False],
        ["good", 2.9, 1.5, 80, 2.0, False, False],
        ["mistake", 3.5, 0.4, 160, 0.45, True, False],
        ["mistake", 3.5, 0.3, 320, 0.4, True, True]]


@pytest.mark.parametrize(("loss", "stderr"), [(3.6, 0.25), (3.6, 0.1), (2.9, 0.6), (4.8, 0.25),
                                               (4.52, 0.05), (0.0, 0.0)])
def test_a_recorded_look_is_what_the_rules_read_of_the_appraisal(loss: float,
                                                                  stderr: float) -> None:
    state = State.deal(block(2), random.Random(3))
    v = view(state, state.to_move)
    moves = v.legal
    found = made_appraisal(v, lambda m: loss if m == moves[1] else 0.0, stderr, 30)
    item = found.of(moves[1])
    recorded = look_of("block", _looked(v, found, moves[1]))
    live = Look.of(found, item, v)
    assert (recorded.grade, recorded.stopped, recorded.precise) == \
        (live.grade, live.stopped, live.precise)
    assert (recorded.loss, recorded.margin99) == pytest.approx((live.loss, live.margin99),
                                                              abs=5e-4)  # kept to 3 places
    assert [recorded.waits(k) for k in range(DOUBT_LOOKS + 1)] == \
        [waits(v, found, item, k) for k in range(DOUBT_LOOKS + 1)]


def test_the_rules_now_hold_an_undecided_move_where_the_rules_before_let_it_through() -> None:
    now, waited = replay.judged("block", HELD, 1, replay.now)  # type: ignore[arg-type]
    assert (now, waited) == (HELD[2], 2)  # waited while undecided, until stopped
    then, waited = replay.judged("block", HELD, 1, replay.before)  # type: ignore[arg-type]
    assert (then, waited) == (HELD[1], 1)  # let through as good on one look's swing
    assert replay.judged("block", HELD, 3, replay.now) == (HELD[2], 0)  # type: ignore[arg-type]


def test_a_replay_by_the_runs_own_rules_judges_nothing_otherwise() -> None:
    line: dict[str, object] = {"family": "block", "move": "play 1-2",
                               "long": ["mistake", 3.4, 0.1, 5000],
                               "tutor now 1.5": [*HELD[2][:4], 2], "looks": HELD}
    moves, agree, apart, alarms, missed, _blunders, held, otherwise = replay.tally(
        [line], "tutor now 1.5", 1, replay.now, None)
    assert (moves, agree, apart, alarms, missed, held, otherwise) == (1, 1, 0, 0, 0, 1, 0)
    *_, otherwise = replay.tally([line], "tutor now 1.5", 1, replay.before, None)
    assert otherwise == 1  # the rules before judge it on the second look: good, two apart
    assert replay.tally([line], "tutor now 1.5", 1, replay.before, None)[2] == 1


def test_a_replay_judges_a_held_move_on_the_looks_of_its_own_the_run_recorded() -> None:
    # After the first look at every move, the run held the move for two looks of its own (at
    # it and the best move alone): those are what it waited on, not the looks at every move.
    own = [["mistake", 3.4, 0.3, 90, 0.4, True, False],
           ["mistake", 3.5, 0.2, 150, 0.3, True, False]]
    assert replay.judged("block", HELD, 1, replay.now, own) == (own[0], 1)
    assert replay.judged("block", HELD, 1, replay.now, []) == (HELD[2], 2)  # none recorded
    line: dict[str, object] = {"family": "block", "move": "play 1-2",
                               "long": ["mistake", 3.4, 0.1, 5000],
                               "tutor now 1.5": [*own[0][:4], 1], "looks": HELD,
                               "held tutor now 1.5": own}
    *_, held, otherwise = replay.tally([line], "tutor now 1.5", 1, replay.now, None)
    assert (held, otherwise) == (1, 0)
