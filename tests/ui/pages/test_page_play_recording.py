"""Play with the site's pause between computer moves (AppTest): a round that ends on the
computer's reply is recorded in the run that shows its result, and "Next round" deals after it.

The race itself (a fragment's run that plays the computer's answer and nothing after it) is
reproduced move by move in test_ui_play_rounds.py: AppTest runs the whole page on every click.
"""

from __future__ import annotations

import apptest_support
import pytest
from apptest_support import click, open_page, play_table
from streamlit.testing.v1 import AppTest

from ui import progress
from ui.pages.play import logic as play

pytestmark = pytest.mark.usefixtures("data_dir")


def play_to_the_end(at: AppTest) -> None:
    moves = 0
    while not play_table(at).state.over:
        tb = play_table(at)
        assert tb.learner_to_move
        click(at, apptest_support.legal_button(tb.state, "play-board"))
        moves += 1
        assert moves < 60


def ended_on_the_computers_reply(seed: int) -> bool:
    """Whether the learner's first-legal-move round from ``seed`` ends on North's move."""
    at = open_page("pages/play.py", rules="block", players="2", level="heaviest", seed=str(seed))
    play_to_the_end(at)
    last = play_table(at).state.last_record
    return last is not None and last.player != play_table(at).learner


@pytest.fixture
def seed_ending_on_the_computer() -> int:
    """A deal whose round ends on the computer's reply (found, not assumed)."""
    for seed in range(1, 40):
        if ended_on_the_computers_reply(seed):
            return seed
    raise AssertionError("no deal among 40 ends on the computer's move")


def test_a_round_ended_by_the_computers_reply_is_recorded_at_once(
        monkeypatch: pytest.MonkeyPatch, seed_ending_on_the_computer: int) -> None:
    monkeypatch.setattr(play, "PAUSE", 0.9)  # the site's pause between computer moves
    at = open_page("pages/play.py", rules="block", players="2", level="heaviest",
                   seed=str(seed_ending_on_the_computer))
    play_to_the_end(at)
    tb = play_table(at)
    assert tb.state.last_record is not None and tb.state.last_record.player != tb.learner
    # Recorded in the run that drew the result: the match, the progress, the review.
    assert tb.finished
    assert len(tb.match.rounds) == 1
    assert tb.round_no == 1
    record = progress.games(at.session_state["learner"])["block"]
    assert record.rounds == 1
    assert any("1" in md.value for md in at.markdown if "play-sheet" in md.value)
    # "Next round" deals round 2 after round 1's record, never past it.
    click(at, "play.next")
    tb = play_table(at)
    assert tb.round_no == 2 and len(tb.match.rounds) == 1 and not tb.finished
    assert progress.games(at.session_state["learner"])["block"].rounds == 1
