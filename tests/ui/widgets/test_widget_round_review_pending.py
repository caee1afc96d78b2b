"""A round's review pending in a learner's store, for a page that is not Play
(ui/widgets/round_review/pending.py): started in Play's job format and filed in the
learner's record once its last answer comes; taken up by a session of theirs while it is
worked out; finished by Play's pick-up when the process that worked it out went away.

The review's jobs are held back by the test (test_ui_play_rounds' ``Workers``) or answer
at once (``DOMINO_THINK=inline``: the ``data_dir`` fixture)."""

from __future__ import annotations

import pytest
from apptest_support import open_page
from test_ui_play_rounds import Workers
from test_widget_round_review_view import finished_round

from engine.game.rules import block
from engine.notation.code import Round
from ui import progress, thinking
from ui.widgets.round_review import pending, work
from ui.widgets.round_review.work import RoundReview

pytestmark = pytest.mark.usefixtures("data_dir")

SEED, ROUND_NO, SEAT = 7, 2, 1


def started() -> tuple[str, str, RoundReview]:
    """A person's round, recorded in their store as a page records it, and its review started
    for their seat: (learner, round id, review)."""
    learner, round_id = progress.new_learner_id(), "friends-table-round-2-seat-1"
    progress.record_round(learner, "block", False, 0, round_id=round_id)
    start, end = finished_round(block(2), SEED)
    review = pending.start_review(learner, round_id, start, end, SEAT, SEED, ROUND_NO)
    assert review.items
    return learner, round_id, review


def test_a_started_review_is_pending_in_plays_format_and_kept_once_its_last_answer_comes(
        held: Workers) -> None:
    learner, round_id, review = started()
    assert review.waiting and review.owner == learner
    [(found, claimer, _)] = progress.pending_reviews(learner)
    assert found.round_id == round_id and claimer == work.CLAIMER
    assert found.job == {"round": Round.from_state(review.end).text(), "seat": SEAT,
                         "seed": SEED, "round_no": ROUND_NO}
    # Play's job format: Play's pick-up asks the very same jobs again from it.
    again = work.from_job(round_id, found.job)
    assert [(i.number, i.played) for i in again.items] == [
        (i.number, i.played) for i in review.items]
    # Asked again (another look from the page) while it is worked out: the same review.
    start, end = finished_round(block(2), SEED)
    assert pending.start_review(learner, round_id, start, end, SEAT, SEED, ROUND_NO) is review
    assert pending.pick_up(learner, round_id) is review
    held.release()  # every answer: this process files it as the last comes, whoever watches
    assert review.filed and review.report is not None
    assert progress.pending_reviews(learner) == []
    assert progress.recent(learner, "block").rounds == 1
    kept = progress.decisions(learner)
    assert [d.number for d in kept] == [i.number for i in review.items]
    assert {d.round_id for d in kept} == {round_id}


def test_a_review_nobody_owns_is_worked_out_and_kept_nowhere(held: Workers) -> None:
    start, end = finished_round(block(2), SEED)
    review = pending.start_review("", "r", start, end, SEAT, SEED, ROUND_NO)
    assert review.waiting and not review.owner and held.jobs
    held.release()
    assert work.poll([review], review) and review.filed and review.report is not None


def test_another_session_picks_the_review_up_where_the_first_process_left_it(
        held: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    learner, round_id, review = started()
    held.release(first=2)  # the first decision, both layers; then the server goes away
    work._in_flight().clear()  # (its process, as another process sees it)
    assert progress.claim(learner, round_id, "a-process-now-gone", 0.0)
    assert pending.pick_up(learner, round_id) is None  # its claim still holds: not taken
    monkeypatch.setattr(work, "LEASE", 0.0)  # ... until it lapses
    again = Workers()
    monkeypatch.setattr(thinking, "submit_later", again.submit)
    taken = pending.pick_up(learner, round_id)
    assert taken is not None and taken is not review and taken.owner == learner
    assert taken.items[0].judged and not taken.items[1].judged  # from the answers kept
    assert len(again.jobs) == len(held.jobs)  # only what was not judged is asked again
    [(_, claimer, _)] = progress.pending_reviews(learner)
    assert claimer == work.CLAIMER
    again.release()
    assert taken.filed and progress.pending_reviews(learner) == []
    assert progress.recent(learner, "block").rounds == 1
    assert pending.pick_up(learner, round_id) is None  # kept: nothing pending any more


def test_a_job_that_cannot_be_read_is_given_up() -> None:
    learner = progress.new_learner_id()
    progress.add_pending(learner, "r1", {"round": "not a round", "seat": 0, "seed": 1,
                                         "round_no": 1}, "a-page")
    progress.release(learner, "r1", "a-page")  # nobody's: the next look takes it
    assert pending.pick_up(learner, "r1") is None
    assert progress.pending_reviews(learner) == []


def test_plays_pick_up_finishes_the_review_when_the_person_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The person leaves the page that started the review, and its process goes away; their
    next visit to Play takes it up and keeps it in their record."""
    with monkeypatch.context() as m:
        m.setattr(thinking, "submit_later", Workers().submit)  # never answered here
        learner, round_id, _ = started()
    work._in_flight().clear()
    assert progress.claim(learner, round_id, "a-process-now-gone", 0.0)
    monkeypatch.setattr(work, "LEASE", 0.0)  # its claim has lapsed
    assert progress.recent(learner, "block").rounds == 0
    open_page("pages/play.py", learner=learner, rules="block", players="2", seed="5")
    assert progress.pending_reviews(learner) == []
    assert progress.recent(learner, "block").rounds == 1
    assert {d.round_id for d in progress.decisions(learner)} == {round_id}
