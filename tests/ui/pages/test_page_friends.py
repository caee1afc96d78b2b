"""Play with friends (AppTest): setting a table, two people at one table of two-player Block
playing a round through the store, each seeing only their own hand; a move out of turn and a
stale tab refused; a computer seat moving; each person's round recorded once with its review
pending; bad links; a name clipped and shown as text; a seat given to the computer and back.

Each ``AppTest`` is a browser of its own (its own session and learner); they meet at one
table in the store (``data_dir``: SQLite in a folder of the test run).  The computer thinks
in-process and without a pause (conftest).
"""

from __future__ import annotations

import json
import secrets
import time

import pytest
from apptest_support import board_data, board_move, click, legal_button, open_page, texts
from streamlit.testing.v1 import AppTest

from engine.game.rules import Ruleset, block, gaple
from engine.game.state import State
from ui import progress
from ui.pages.friends import logic

pytestmark = pytest.mark.usefixtures("data_dir")

PAGE = "pages/friends.py"
BOARD = "friends-board"


def new_table(*kinds: str, learning: bool = True, seed: int = 7, goal: int = 100,
              rules: Ruleset | None = None) -> progress.NewTable:
    """A table set straight in the store (as the form sets one, by a creator of its own: the
    tests share one store), Block for as many players as ``kinds`` unless ``rules`` says
    otherwise."""
    setting = logic.Setting(rules or block(len(kinds)), seed, goal, learning)
    made = progress.create_table(secrets.token_hex(8), logic.setting_params(setting),
                                 [progress.SeatPlan(kind, "heaviest") for kind in kinds])
    assert made is not None
    return made


def sit(made: progress.NewTable, seat: int, name: str) -> AppTest:
    """A person opens their seat's link in a browser of their own and gives a name."""
    at = open_page(PAGE, table=made.table_id, seat=made.seat_tokens[seat])
    at.text_input(key="friends.name").set_value(name)  # as sent: past the field's own limit
    click(at, "friends.sit")
    return at


def game(made: progress.NewTable) -> logic.Game:
    record = progress.read_table(made.table_id)
    assert record is not None
    found = logic.rebuild(record)
    assert found is not None
    return found


def host(made: progress.NewTable) -> AppTest:
    return open_page(PAGE, table=made.table_id, host=made.host_token)


def page_sent(at: AppTest) -> str:
    """Everything the page put on the screen: texts, and the board's data as sent."""
    parts = [texts(at)]
    parts += [c.proto.json for c in at.get("bidi_component")]
    return "\n".join(parts)


def hidden_tiles(state: State, seat: int) -> list[str]:
    """The tiles ``seat`` cannot see, as the page would name them ("1-4" in the board's data,
    "[1|4]" and "1|4" in words): the other hands, their dead piles and the undealt tiles."""
    hidden = [tile for other in range(state.players) if other != seat
              for tile in (*state.hand(other), *state.dead_tiles(other))]
    hidden += list(state.stock or ())
    return [form for tile in hidden
            for form in (str(tile), tile.bracket(), f"{tile.low}|{tile.high}")]


def review_items(game: logic.Game, seat: int) -> list[int]:
    """The plies where ``seat`` had a choice (more than one distinct move): its review's
    decisions."""
    walker, plies = game.start.copy(), []
    for ply, record in enumerate(game.state.history):
        if record.player == seat and len(walker.distinct_moves()) > 1:
            plies.append(ply)
        walker.push(record.move)
    return plies


def test_setting_a_table_gives_the_host_its_links() -> None:
    at = open_page(PAGE)
    assert "friends.create" in [b.key for b in at.button]
    at.radio(key="friends.kind.1").set_value("computer").run()
    click(at, "friends.create")
    table_id = at.query_params["table"]
    host_token = at.query_params["host"]
    assert progress.access(table_id, host_token) == "host"
    record = progress.read_table(table_id)
    assert record is not None and record.started is None
    assert [s.kind for s in record.seats] == ["person", "computer"]
    setting = logic.setting_of(record.params)
    assert setting is not None and setting.learning and setting.rules == block(2)
    page = page_sent(at)
    assert "Copy your host link" in page and "Copy the link to seat 1" in page
    assert "learner" not in json.dumps([c.proto.json for c in at.get("bidi_component")
                                         if "seat=" in c.proto.json])


def test_the_host_link_gives_every_seat_link_again_in_a_new_session() -> None:
    """A host who closed the tab (or opens the host link on another device) finds every
    person seat's link there, each opening its seat."""
    made = new_table("person", "computer", "person")
    boss = host(made)  # a new session: nothing kept from the one that set the table
    page = page_sent(boss)
    for seat in (0, 2):
        assert f"Copy the link to seat {seat + 1}" in page
        assert f"seat={made.seat_tokens[seat]}" in page
        assert progress.access(made.table_id, made.seat_tokens[seat]) == seat
    assert "Copy the link to seat 2" not in page  # the computer's seat has none


def test_two_people_play_a_round_each_seeing_only_their_own_hand() -> None:
    made = new_table("person", "person")
    ana, ben = sit(made, 0, "Ana"), sit(made, 1, "Ben")
    assert "Waiting for the host" in texts(ana)
    boss = host(made)
    click(boss, "friends.start")
    people = {0: ana.run(), 1: ben.run()}
    moves = 0
    while not game(made).state.over:
        state = game(made).state
        mover = state.mover
        assert mover is not None
        at = people[mover].run()
        sent = page_sent(at)
        assert [h["tile"] for h in board_data(at)["hand"]["tiles"]] == [
            str(x) for x in state.hand(mover)]
        for tile in hidden_tiles(state, mover):
            assert tile not in sent, f"{tile} of another hand reached seat {mover}"
        assert "analysis?" not in sent  # no link to the deal while the round is on
        click(at, legal_button(state, BOARD))
        moves += 1
        assert moves < 60
    finished = game(made)
    for seat, at in people.items():
        at.run()
        assert "Result" in texts(at)
        assert "analysis?round=" in page_sent(at)  # the round's code, once it is over
        learner = at.session_state["learner"]
        assert progress.games(learner)["block"].rounds == 1
        # their own review, worked out (inline here) and kept in their record, shown
        assert not progress.pending_reviews(learner)
        assert [p.decisions for p in progress.round_history(learner)] == [
            len(review_items(finished, seat))]
        assert "Review of your moves" in texts(at)
    assert len(finished.match.rounds) == 1
    # Both saw the end: each person's round is kept once.
    for at in people.values():
        at.run()
        assert progress.games(at.session_state["learner"])["block"].rounds == 1
    # "Next round" by both: dealt once.
    version = progress.table_version(made.table_id)
    click(people[0], "friends.next")
    people[1].run()
    assert "friends.next" not in [b.key for b in people[1].button]
    assert len(progress.read_table(made.table_id).deals) == 2  # type: ignore[union-attr]
    assert progress.table_version(made.table_id) == (version or 0) + 1


def test_a_move_out_of_turn_and_a_stale_tab_change_nothing() -> None:
    made = new_table("person", "person", seed=11)
    people = {0: sit(made, 0, "Ana"), 1: sit(made, 1, "Ben")}
    click(host(made), "friends.start")
    state = game(made).state
    mover = state.mover
    assert mover is not None
    waiting = people[1 - mover].run()
    before = progress.table_version(made.table_id)
    # out of turn: the move the mover could make, sent from the other seat's table
    move = next(m for m in state.legal_moves())
    board_move(waiting, move.to_dict())
    assert "Wait for your turn." in texts(waiting)
    assert progress.table_version(made.table_id) == before
    # a stale tab: the mover's page drawn, then the table moves on (from another tab)
    mover_at = people[mover].run()
    stale = open_page(PAGE, table=made.table_id, seat=made.seat_tokens[mover],
                      learner=mover_at.session_state["learner"])
    click(stale, legal_button(state, BOARD))
    after = progress.table_version(made.table_id)
    assert after == (before or 0) + 1
    click(mover_at, legal_button(state, BOARD))  # drawn at the old version
    assert "The table moved on: here it is now." in texts(mover_at)
    assert progress.table_version(made.table_id) == after
    assert len(game(made).state.history) == 1


def test_a_computer_seat_moves_and_the_person_records_once() -> None:
    made = new_table("person", "computer", seed=5, goal=1)
    ana = sit(made, 0, "Ana")
    click(host(made), "friends.start")
    moves = 0
    while not game(made).state.over:
        state = game(made).state
        assert state.mover == 0, "the computer did not move on its turn"
        ana.run()
        click(ana, legal_button(state, BOARD))
        moves += 1
        assert moves < 60
    ana.run()
    learner = ana.session_state["learner"]
    assert progress.games(learner)["block"].rounds == 1
    # a match to one point is over with its first round (this one scores): the table ends
    assert game(made).match.over
    assert progress.read_table(made.table_id).end_reason == "finished"  # type: ignore[union-attr]
    assert progress.games(learner)["block"].matches == 1
    assert "friends.next" not in [b.key for b in ana.button]


def test_bad_links_say_so_and_show_no_table() -> None:
    made = new_table("person", "person")
    for params, words in (
            ({"table": made.table_id, "seat": "guessed-token"}, "This link opens no seat."),
            ({"table": made.table_id, "seat": "x" * 5000}, "form this page cannot read"),
            ({"table": made.table_id, "host": made.seat_tokens[0]}, "This link opens no seat."),
            ({"table": made.table_id, "seat": made.host_token}, "This link opens no seat."),
            ({"table": "no-such-table", "seat": made.seat_tokens[0]}, "There is no such table"),
    ):
        at = open_page(PAGE, **params)
        assert words in texts(at), params
        assert "friends.sit" not in [b.key for b in at.button]
        assert not [c for c in at.get("bidi_component") if "hand" in c.proto.json]


def test_a_seat_taken_by_another_browser_and_a_name_kept_as_text() -> None:
    made = new_table("person", "person")
    name = "<b>**Ana**</b> [x](javascript:alert(1)) " + "z" * 10_000
    ana = sit(made, 0, name)
    seat = progress.read_table(made.table_id).seats[0]  # type: ignore[union-attr]
    assert seat.name is not None and len(seat.name) <= progress.NAME_MAX
    assert seat.name.startswith("<b>**Ana**</b>")
    other = open_page(PAGE, table=made.table_id, seat=made.seat_tokens[0])
    shown = texts(other)
    assert "This seat is taken by" in shown
    (warning,) = [w.value for w in other.warning if "taken" in w.value]
    assert "\\<b\\>\\*\\*Ana\\*\\*\\<\\/b\\>" in warning  # markup shown as typed
    assert "\\[x\\]\\(javascript" in warning  # no link
    assert "friends.sit" not in [b.key for b in other.button]
    # the same browser comes back: straight to its seat
    again = open_page(PAGE, table=made.table_id, seat=made.seat_tokens[0],
                      learner=ana.session_state["learner"])
    assert "friends.sit" not in [b.key for b in again.button]
    assert "Waiting for the host" in texts(again)


def test_the_host_gives_an_absent_seat_to_the_computer_and_back() -> None:
    made = new_table("person", "person", seed=3)
    ana, ben = sit(made, 0, "Ana"), sit(made, 1, "Ben")
    boss = host(made)
    click(boss, "friends.start")
    progress.seen(made.table_id, 1, now=time.time() - 120)  # Ben has been gone two minutes
    boss.run()
    assert "friends.give.1" in [b.key for b in boss.button]
    assert "friends.give.0" not in [b.key for b in boss.button]
    click(boss, "friends.give.1")
    assert game(made).seat(1).plays_computer  # type: ignore[union-attr]
    ana.run()
    assert "Ben's seat is played by the computer for now." in texts(ana).replace("\\", "")
    # the computer plays Ben's moves: it is Ana's turn whenever she looks
    assert game(made).state.mover in (0, None)
    boss.run()
    click(boss, "friends.back.1")
    assert not game(made).seat(1).plays_computer  # type: ignore[union-attr]
    ben.run()
    assert "Ben (you)" in texts(ben).replace("\\", "") or "Ben" in texts(ben)


@pytest.mark.parametrize("learning", [True, False])
def test_hints_and_fitting_tiles_follow_the_tables_setting(learning: bool) -> None:
    made = new_table("person", "computer", learning=learning, seed=9)
    ana = sit(made, 0, "Ana")
    click(host(made), "friends.start")
    ana.run()
    assert game(made).state.mover == 0
    assert board_data(ana)["mark_fits"] is learning
    if not learning:
        assert "friends.hint" not in [b.key for b in ana.button]
        return
    click(ana, "friends.hint")
    page = texts(ana)
    assert "Hint:" in page
    assert any(line.startswith("- ") for line in page.splitlines())  # a reason in words
    assert board_data(ana)["highlight"] is not None


def test_four_at_gaple_nobody_sees_another_hand_nor_a_dead_pile() -> None:
    made = new_table("person", "person", "computer", "person", rules=gaple(4), seed=21)
    people = {seat: sit(made, seat, name) for seat, name in ((0, "Ana"), (1, "Ben"), (3, "Dee"))}
    click(host(made), "friends.start")
    moves = 0
    while not game(made).state.over:
        state = game(made).state
        mover = state.mover
        assert mover in people, "the computer did not move on its turn"
        for seat, at in people.items():
            sent = page_sent(at.run())
            for form in hidden_tiles(state, seat):
                assert form not in sent, f"{form}, hidden from seat {seat}, reached it"
        click(people[mover], legal_button(state, BOARD))
        moves += 1
        assert moves < 80
    for seat, at in people.items():
        at.run()
        assert progress.games(at.session_state["learner"])["gaple"].rounds == 1


def test_an_expired_table_says_so_and_takes_no_move() -> None:
    made = new_table("person", "person", seed=13)
    people = {0: sit(made, 0, "Ana"), 1: sit(made, 1, "Ben")}
    click(host(made), "friends.start")
    assert progress.expire_tables(now=time.time() + 7 * 3600) >= 1
    record = progress.read_table(made.table_id)
    assert record is not None and record.end_reason == "expired"
    mover = game(made).state.mover
    assert mover is not None
    at = people[mover].run()
    assert "This table has ended." in texts(at)
    assert not [k for k in (b.key for b in at.button) if k and k.startswith(BOARD)]
    stranger = open_page(PAGE, table=made.table_id, seat=made.seat_tokens[mover])
    assert "This table has ended." in texts(stranger)
    assert "friends.sit" not in [b.key for b in stranger.button]


def test_setting_tables_is_limited_per_browser() -> None:
    at = open_page(PAGE)
    learner = at.session_state["learner"]
    limit, _ = progress.CREATE_LIMIT
    for _ in range(limit):
        assert progress.create_table(learner, {"rules": "block"}, [
            progress.SeatPlan("person")]) is not None
    click(at, "friends.create")
    assert "You have set many tables in the last hour" in texts(at)
    assert "table" not in at.query_params


def test_a_name_with_markup_is_said_as_typed_and_shown_as_text() -> None:
    made = new_table("person", "person", seed=17)
    name = "*Ana* <i>"
    people = {0: sit(made, 0, name), 1: sit(made, 1, "Ben")}
    click(host(made), "friends.start")
    while True:  # up to Ben's turn after a move of Ana's
        state = game(made).state
        last = state.last_record
        if state.mover == 1 and last is not None and last.player == 0:
            break
        assert state.mover is not None
        click(people[state.mover].run(), legal_button(state, BOARD))
    ben = people[1].run()
    (live,) = [data for data in (json.loads(c.proto.json) for c in ben.get("bidi_component"))
               if data.get("key") == "friends"]
    assert live["text"].startswith(f"{name} (North)")  # a screen reader hears it as typed
    assert "\\*Ana\\* \\<i\\>" in texts(ben)  # the page shows it as text, not markup


def test_the_host_closes_the_table() -> None:
    made = new_table("person", "person", seed=19)
    ana = sit(made, 0, "Ana")
    boss = host(made)
    click(boss, "friends.close")
    assert progress.read_table(made.table_id).end_reason == "closed"  # type: ignore[union-attr]
    assert "This table was closed." in texts(boss)
    assert "friends.start" not in [b.key for b in boss.button]
    assert "This table has ended." in texts(ana.run())


def test_a_computer_move_is_made_once_the_page_that_moved_last_went_away() -> None:
    made = new_table("person", "computer", seed=23)
    ana = sit(made, 0, "Ana")
    click(host(made), "friends.start")
    state = game(made).state
    assert state.mover == 0
    # Ana's move written, then her page gone before it asked for the computer's answer
    move = next(m for m in state.legal_moves())
    version = progress.table_version(made.table_id)
    assert version is not None
    assert progress.play(made.table_id, version, 1, 0, 0, logic.token_after(state, move),
                         now=time.time() - 10 * logic.GRACE)
    assert game(made).state.mover == 1
    again = open_page(PAGE, table=made.table_id, seat=made.seat_tokens[0],
                      learner=ana.session_state["learner"])  # she comes back: a new page
    assert game(made).state.mover == 0, "the computer did not move for a page gone quiet"
    assert "friends-board.pass" in [b.key for b in again.button] or \
        any(k and k.startswith("friends-board.play") for k in (b.key for b in again.button))
