"""Play (AppTest): the match in progress is kept in the store as it is played, and a new
session of the same learner (a reload, another tab or device, a restarted server) finds it
where it was: the sheet, the round in progress at its position, whose turn; "Resume" or
"Abandon this match".  A finished round's review is kept once, also when its session is gone.

A new ``AppTest`` is a new Streamlit session, as a reload is; the learner comes back through
the address (``?learner=…``), as the browser's link or cookie brings them.
"""

from __future__ import annotations

from typing import Any

import pytest
from apptest_support import click, open_page, play_table, texts
from streamlit.testing.v1 import AppTest
from test_page_play import legal_button, play_round
from test_ui_play_rounds import Workers

from engine.notation.code import Round
from ui import progress, thinking
from ui.pages.play.logic import Table
from ui.widgets import match_sheet
from ui.widgets.round_review import work as play_review

pytestmark = pytest.mark.usefixtures("data_dir")

BLOCK4 = {"rules": "block", "players": "4", "level": "counting", "seed": "4242"}


def snapshot(tb: Table) -> dict[str, Any]:
    """What the learner sees of a match: its id, the sheet, the round and its position,
    whose turn."""
    return {"uid": tb.uid, "round": tb.round_no, "finished": tb.finished, "hints": tb.hints,
            "position": Round.from_state(tb.state).text(),
            "start": Round.from_state(tb.start).text(), "mover": tb.state.mover,
            "sheet": match_sheet.score_rows(tb.match),
            "totals": match_sheet.score_totals(tb.match), "over": tb.match.over}


def come_back(at: AppTest, **params: str) -> AppTest:
    """The same learner in a new session (a reload: the address as it was, or ``params``)."""
    address = dict(params) if params else {k: str(v) for k, v in at.query_params.items()}
    address["learner"] = at.session_state["learner"]
    return open_page("pages/play.py", **address)


def two_rounds_and_a_move() -> AppTest:
    at = open_page("pages/play.py", **BLOCK4)
    for _ in range(2):
        play_round(at)
        click(at, "play.next")
    tb = play_table(at)
    assert tb.round_no == 3 and len(tb.match.rounds) == 2 and tb.learner_to_move
    click(at, legal_button(tb.state))
    return at


def test_a_reload_finds_the_match_where_it_was() -> None:
    at = two_rounds_and_a_move()
    click(at, "play.hint")  # a hint taken in this round is counted with it after a reload
    assert play_table(at).hints
    before = snapshot(play_table(at))
    again = come_back(at)
    assert snapshot(play_table(again)) == before
    assert "Your match was kept where you left it: round 3, as it stood." in texts(again)
    assert again.button(key="play.resume").proto.type == "primary"
    click(again, "play.resume")
    assert "Your match was kept where you left it" not in texts(again)
    # Play goes on from there, and the next session finds the move made since.
    tb = play_table(again)
    if tb.learner_to_move:
        click(again, legal_button(tb.state))
    later = snapshot(play_table(again))
    assert later["position"] != before["position"]
    assert snapshot(play_table(come_back(again))) == later


def test_the_learner_link_alone_finds_the_match_and_no_round_is_dealt_twice() -> None:
    at = two_rounds_and_a_move()
    before = snapshot(play_table(at))
    learner = at.session_state["learner"]
    again = open_page("pages/play.py", learner=learner)  # another device: the link only
    assert snapshot(play_table(again)) == before
    saved = progress.latest_match(learner)
    assert saved is not None and [r.number for r in saved.rounds] == [1, 2, 3]
    assert len({r.deal for r in saved.rounds}) == 3  # three deals, none of them again


def test_the_next_round_after_a_reload_is_the_one_the_match_would_have_dealt() -> None:
    at = open_page("pages/play.py", **BLOCK4)
    play_round(at)
    again = come_back(at)
    assert play_table(again).finished and play_table(again).round_no == 1
    click(at, "play.next")
    click(again, "play.next")
    assert Round.from_state(play_table(again).start).text() == \
        Round.from_state(play_table(at).start).text()


def test_abandon_deals_a_new_match_and_the_old_one_is_not_offered_again() -> None:
    at = two_rounds_and_a_move()
    old = play_table(at).uid
    again = come_back(at)
    click(again, "play.abandon")
    tb = play_table(again)
    assert tb.uid != old and tb.round_no == 1 and not tb.match.rounds
    assert tb.rules == play_table(at).rules and tb.level == "counting"
    assert "Your match was kept" not in texts(again)
    third = come_back(again, learner=again.session_state["learner"])
    assert play_table(third).uid == tb.uid  # the new match is the one kept now
    # ... but nothing of the learner's is in it yet: it comes back without a word.
    assert sum(1 for r in play_table(third).state.history if r.player == tb.learner) == 0
    assert "Your match was kept" not in texts(third)


def test_a_match_just_dealt_comes_back_without_a_word_and_with_a_move_it_is_said() -> None:
    at = open_page("pages/play.py", **BLOCK4)
    again = come_back(at)
    assert play_table(again).uid == play_table(at).uid
    assert "Your match was kept" not in texts(again)
    tb = play_table(again)
    assert tb.learner_to_move
    click(again, legal_button(tb.state))
    third = come_back(again)
    assert play_table(third).uid == tb.uid
    assert "Your match was kept where you left it: round 1, as it stood." in texts(third)


def test_an_address_for_another_game_deals_that_game() -> None:
    at = two_rounds_and_a_move()
    other = come_back(at, rules="duel", seed="7", level="heaviest")
    tb = play_table(other)
    assert tb.rules.family == "duel" and tb.round_no == 1
    assert "Your match was kept" not in texts(other)


def round_with_its_review_held(monkeypatch: pytest.MonkeyPatch
                               ) -> tuple[Workers, AppTest, str, str]:
    """A two-player round played to its end, its review's jobs held (never answered until
    released): the workers, the page, the learner and the round's id."""
    held = Workers()
    monkeypatch.setattr(thinking, "submit_later", held.submit)
    at = open_page("pages/play.py", rules="duel", seed="8", level="heaviest")
    play_round(at)
    return held, at, at.session_state["learner"], play_table(at).round_id


def test_the_review_of_a_round_is_kept_once_when_its_session_is_gone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    held = Workers()
    monkeypatch.setattr(thinking, "submit_later", held.submit)
    at = open_page("pages/play.py", rules="duel", seed="8", level="heaviest")
    play_round(at)
    review = play_table(at).reviewed
    assert review is not None and review.waiting
    learner = at.session_state["learner"]
    [(pending, claimer, _)] = progress.pending_reviews(learner)
    assert pending.round_id == review.round_id and claimer == play_review.CLAIMER
    del at  # the tab is closed: nobody looks at the table any more
    held.release()  # the server's worker finishes the review
    assert review.filed
    assert progress.recent(learner, "duel").rounds == 1
    assert {d.round_id for d in progress.decisions(learner)} == {review.round_id}
    assert progress.pending_reviews(learner) == []


def test_a_review_left_by_a_process_that_is_gone_is_finished_by_the_next_visit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    inline = thinking.submit_later
    _, at, learner, round_id = round_with_its_review_held(monkeypatch)
    # The server stops before the review is done: its jobs never answer, it is no longer
    # working the review out, and its claim in the store is left behind.
    play_review._in_flight().clear()
    assert progress.claim(learner, round_id, "a-process-now-gone", 0.0)
    monkeypatch.setattr(thinking, "submit_later", inline)
    monkeypatch.setattr(play_review, "LEASE", 0.0)  # its claim has run out
    again = come_back(at)  # the new session asks for the review again and keeps it
    assert progress.pending_reviews(learner) == []
    assert progress.recent(learner, "duel").rounds == 1
    assert {d.round_id for d in progress.decisions(learner)} == {round_id}
    reviewed = play_table(again).reviewed
    assert reviewed is not None and reviewed.filed and reviewed.round_id == round_id
    assert "Review of your moves" in texts(again) and "working it out…" not in texts(again)
    # Nothing is kept twice, whoever comes next.
    kept = len(progress.decisions(learner))
    come_back(again)
    assert len(progress.decisions(learner)) == kept and progress.recent(learner).rounds == 1


def test_a_review_another_process_is_working_out_is_left_to_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, at, learner, round_id = round_with_its_review_held(monkeypatch)
    click(at, "play.next")  # the round on show is the next one
    play_review._in_flight().clear()  # not this process's any more: another replica's
    assert progress.claim(learner, round_id, "another-replica", 0.0)
    again = come_back(at)
    assert play_table(again).round_no == 2 and not play_table(again).finished
    assert play_table(again).filing == [] and play_table(again).reviewed is None
    [(pending, claimer, _)] = progress.pending_reviews(learner)
    assert pending.round_id == round_id and claimer == "another-replica"


def test_a_gaple_match_against_strong_is_found_where_it_was() -> None:
    at = open_page("pages/play.py", rules="gaple", players="4", level="strong", seed="26")
    play_round(at)
    click(at, "play.next")
    tb = play_table(at)
    assert tb.round_no == 2 and tb.learner_to_move
    click(at, legal_button(tb.state))
    before = snapshot(play_table(at))
    again = come_back(at)
    assert snapshot(play_table(again)) == before
    assert play_table(again).rules.dead_tiles and play_table(again).level == "strong"


def test_a_tab_left_behind_shows_the_match_as_another_tab_played_it() -> None:
    first = open_page("pages/play.py", rules="duel", seed="8", level="heaviest")
    second = come_back(first)  # the same match in another tab
    while len(moves := fallback_buttons(play_table(first))) < 2:  # the same moves in both
        click(first, moves[0])
        click(second, moves[0])
        assert not play_table(first).state.over
    tb = play_table(first)
    assert tb.learner_to_move and snapshot(play_table(second)) == snapshot(tb)
    assert "This match was played on" not in texts(second)
    click(first, moves[0])
    click(second, moves[1])  # another move from the same position: the store has the first
    assert "This match was played on in another tab or on another device" in texts(second)
    kept = snapshot(play_table(first))
    assert snapshot(play_table(second)) == kept
    assert snapshot(play_table(come_back(second))) == kept


def fallback_buttons(tb: Table) -> list[str]:
    """The learner's distinct legal moves as the board's plain buttons."""
    from ui.widgets.board import fallback_moves

    state = tb.state
    found: dict[object, str] = {}
    for suffix, move in fallback_moves(state):
        resolved = state.resolve(move)
        if state.why_illegal(resolved) is None:
            found.setdefault(state.canonical(resolved), f"play-board.{suffix}")
    return list(found.values())


def test_tutor_mode_is_kept_with_the_match() -> None:
    """A learner who turned the tutor on for a match has it on when the match is taken up in
    a new session (it was off: the setting was the session's alone)."""
    at = open_page("pages/play.py", **BLOCK4)
    at.toggle(key="play.tutor").set_value(True).run()
    assert play_table(at).tutor is not None
    again = come_back(at)
    assert play_table(again).uid == play_table(at).uid
    assert play_table(again).tutor is not None and again.toggle(key="play.tutor").value
    again.toggle(key="play.tutor").set_value(False).run()  # off for the match from now on
    assert play_table(come_back(again)).tutor is None


def test_a_move_the_tutor_held_is_said_not_played_when_the_match_comes_back() -> None:
    at = open_page("pages/play.py", **BLOCK4)
    tb = play_table(at)
    assert tb.learner_to_move
    learner = at.session_state["learner"]
    move = next(m for m in tb.state.legal_moves() if m.kind == "play")
    progress.keep_held(learner, tb.uid, (tb.round_no, len(tb.state.history), move.text()))
    again = come_back(at)
    assert play_table(again).state.history == tb.state.history  # not played
    said = " ".join(x.value for x in again.warning)
    assert f"The tutor was holding back your move, {move.tile.bracket()}" in said
    assert "it was not played" in said
    kept = progress.kept_tutor(learner, tb.uid)  # said once: the store holds it no more
    assert kept is not None and kept.held is None
    assert "The tutor was holding back" not in texts(come_back(again))
