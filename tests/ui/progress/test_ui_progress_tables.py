"""Play with friends' tables in the store (schema version 9), on SQLite and PostgreSQL: a table
set with a token per person seat (only their hashes kept), seats taken once and come back to,
the start with the empty seats filled or not, moves and deals written only for the version
they were drawn on (a stale tab, a replayed request, a wrong ply, racing writers: one move),
seats given to the computer and back by the host only, the end once, expiry keeping every
row, the rate limit, and every refusal changing nothing."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_ui_progress_schema import fresh_postgres

from ui import progress
from ui.progress import _postgres

#: The tables' clock starts now (a call without ``now=`` is on the same clock).
T0 = float(int(time.time()))
PERSON, COMPUTER = progress.SeatPlan("person", "medium"), progress.SeatPlan("computer", "hard")
PARAMS = {"rules": "block", "players": 3, "goal": 100, "hints": True}


@pytest.fixture
def alone(where: str | Path) -> Iterator[str | Path]:
    """A store with no other test's tables in it (for what looks at every table)."""
    if isinstance(where, Path):
        yield where
        return
    url = fresh_postgres(where, "friend_tables_alone")
    try:
        yield url
    finally:
        _postgres.close_all()


def new_table(where: str | Path, *plans: progress.SeatPlan) -> progress.NewTable:
    made = progress.create_table(progress.new_learner_id(), PARAMS,
                                 plans or (PERSON, PERSON, COMPUTER), now=T0, data_dir=where)
    assert made is not None
    return made


def record(where: str | Path, table: progress.NewTable) -> progress.TableRecord:
    found = progress.read_table(table.table_id, data_dir=where)
    assert found is not None
    return found


def seated(where: str | Path, *plans: progress.SeatPlan) -> progress.NewTable:
    """A table whose person seats are taken (by learners ``learner-<seat>``), not started."""
    table = new_table(where, *plans)
    for seat, token in table.seat_tokens.items():
        assert progress.take_seat(table.table_id, token, f"Person {seat}", f"learner-{seat}",
                                  now=T0 + 1, data_dir=where) == "taken"
    return table


def started(where: str | Path) -> tuple[progress.NewTable, int]:
    """Two people and the computer at a started table: the table and its version."""
    table = seated(where)
    assert progress.start(table.table_id, table.host_token, "deal-1", fill=False, now=T0 + 2,
                          data_dir=where) == "started"
    return table, record(where, table).version


def test_a_table_is_set_with_a_token_for_each_person_and_only_their_hashes_kept(
        where: str | Path) -> None:
    table = new_table(where)
    assert set(table.seat_tokens) == {0, 1}  # the computer's seat has none
    tokens = [table.host_token, *table.seat_tokens.values()]
    assert len(set(tokens)) == 3 and all(len(t) == 32 for t in tokens)  # 24 bytes, URL-safe
    kept = record(where, table)
    assert kept.params == PARAMS and kept.created == kept.moved == T0 and kept.version == 1
    assert kept.started is None and kept.ended is None and kept.end_reason is None
    assert [(s.seat, s.kind, s.level, s.taken, s.plays_computer) for s in kept.seats] == [
        (0, "person", "medium", False, False), (1, "person", "medium", False, False),
        (2, "computer", "hard", False, True)]
    assert kept.deals == () and kept.moves == () and kept.events == ()
    with progress.connect(where) as conn:
        stored = " ".join(str(v) for table_name in ("friend_tables", "friend_seats")
                          for row in conn.execute(f"SELECT * FROM {table_name}").fetchall()
                          for v in row)
    assert not any(token in stored for token in tokens)  # never in clear


def test_a_token_opens_its_own_seat_and_nothing_else(where: str | Path) -> None:
    table, other = new_table(where), new_table(where)
    assert progress.access(table.table_id, table.host_token, data_dir=where) == "host"
    for seat, token in table.seat_tokens.items():
        assert progress.access(table.table_id, token, data_dir=where) == seat
    for token in (other.host_token, other.seat_tokens[0], "A" * 32, "", "x" * 10_000,
                  "' OR '1'='1", table.host_token + "\n"):
        assert progress.access(table.table_id, token, data_dir=where) is None
    assert progress.access("no-such-table", table.host_token, data_dir=where) is None
    assert progress.read_table("no-such-table", data_dir=where) is None
    assert progress.read_table("t" * 10_000, data_dir=where) is None
    assert progress.table_version("no-such-table", data_dir=where) is None


def test_a_seat_is_taken_once_and_its_learner_comes_back_to_it(where: str | Path) -> None:
    table = new_table(where)
    token = table.seat_tokens[0]
    assert progress.take_seat(table.table_id, token, "  Ana ", "learner-a", now=T0 + 5,
                              data_dir=where) == "taken"
    kept = record(where, table)
    assert kept.version == 2 and kept.moved == T0 + 5
    assert kept.events == (progress.TableEvent(2, "joined", 0, T0 + 5),)
    assert kept.seats[0] == progress.SeatRecord(0, "person", "medium", "Ana", "learner-a",
                                                T0 + 5, T0 + 5, False)
    # Another browser with the link: refused, nothing changed.
    for other in ("learner-b", None):
        assert progress.take_seat(table.table_id, token, "Bo", other, now=T0 + 6,
                                  data_dir=where) == "other"
    assert record(where, table) == kept
    # The same browser coming back: its seat again, no new version unless the name changed.
    assert progress.take_seat(table.table_id, token, "Ana", "learner-a", now=T0 + 7,
                              data_dir=where) == "again"
    again = record(where, table)
    assert again.version == 2 and again.seats[0].seen == T0 + 7
    assert progress.take_seat(table.table_id, token, "Ana B.", "learner-a", now=T0 + 8,
                              data_dir=where) == "again"
    renamed = record(where, table)
    assert renamed.version == 3 and renamed.seats[0].name == "Ana B."
    assert renamed.seats[0].joined == T0 + 5  # still the first take
    # A token that opens no seat: the host's, a guessed one, another table's.
    for bad in (table.host_token, "A" * 32, new_table(where).seat_tokens[0], "<x>" * 5000):
        assert progress.take_seat(table.table_id, bad, "Eve", "learner-e",
                                  data_dir=where) == "bad"
    assert record(where, table) == renamed


def test_a_name_is_kept_as_text_without_control_characters_and_clipped(
        where: str | Path) -> None:
    table = new_table(where)
    markup = '<img src=x onerror="alert(1)">'
    assert progress.take_seat(table.table_id, table.seat_tokens[0], markup, "learner-a",
                              data_dir=where) == "taken"
    assert progress.take_seat(table.table_id, table.seat_tokens[1], "é" * 10_000 + "\u202e",
                              "learner-b", data_dir=where) == "taken"
    seats = record(where, table).seats
    assert seats[0].name == markup  # text as typed: the page escapes it
    assert seats[1].name == "é" * progress.NAME_MAX
    assert progress.clean_name("\x00A\tn\u200ba\x1b[31m\u2066") == "Ana[31m"
    assert progress.clean_name("   ") == ""


def test_seen_is_a_heartbeat_without_a_new_version(where: str | Path) -> None:
    table = seated(where)
    version = progress.table_version(table.table_id, data_dir=where)
    progress.seen(table.table_id, 1, now=T0 + 50, data_dir=where)
    progress.seen(table.table_id, 2, now=T0 + 50, data_dir=where)  # the computer: not taken
    kept = record(where, table)
    assert kept.version == version and kept.seats[1].seen == T0 + 50
    assert kept.seats[2].seen is None


def test_the_host_starts_once_the_people_are_here_or_with_the_computer_in_their_seats(
        where: str | Path) -> None:
    table = new_table(where)
    progress.take_seat(table.table_id, table.seat_tokens[0], "Ana", "learner-a", now=T0 + 1,
                       data_dir=where)
    before = record(where, table)
    assert progress.start(table.table_id, table.seat_tokens[0], "deal-1", fill=True,
                          data_dir=where) == "bad"  # not the host
    assert progress.start(table.table_id, table.host_token, "deal-1", fill=False,
                          data_dir=where) == "waiting"  # seat 1 is free
    assert record(where, table) == before
    assert progress.start(table.table_id, table.host_token, "deal-1", fill=True, now=T0 + 3,
                          data_dir=where) == "started"
    kept = record(where, table)
    assert kept.started == T0 + 3 and kept.deals == ("deal-1",) and kept.moves == ((),)
    assert kept.version == before.version + 1 and kept.events[-1].kind == "started"
    assert [(s.kind, s.level, s.plays_computer) for s in kept.seats] == [
        ("person", "medium", False), ("computer", "medium", True), ("computer", "hard", True)]
    # The filled seat's link opens nothing now; the host cannot start twice.
    assert progress.access(table.table_id, table.seat_tokens[1], data_dir=where) is None
    assert progress.take_seat(table.table_id, table.seat_tokens[1], "Late", "learner-l",
                              data_dir=where) == "bad"
    assert progress.start(table.table_id, table.host_token, "deal-9", fill=True,
                          data_dir=where) == "again"
    assert record(where, table) == kept


def test_a_move_is_written_once_for_the_version_it_was_drawn_on(where: str | Path) -> None:
    table, version = started(where)
    tid = table.table_id
    assert progress.play(tid, version, 1, 0, 0, "11", now=T0 + 10, data_dir=where) == version + 1
    assert progress.play(tid, version, 1, 0, 0, "11", data_dir=where) is None  # replayed
    assert progress.play(tid, version, 1, 1, 1, "p", data_dir=where) is None  # a stale tab
    assert progress.play(tid, version + 1, 1, 1, 1, "R12", now=T0 + 11,
                         data_dir=where) == version + 2
    kept = record(where, table)
    assert kept.moves == (("11", "R12"),) and kept.version == version + 2
    assert kept.moved == T0 + 11
    assert progress.table_version(tid, data_dir=where) == version + 2
    # Refused at the right version: a ply not next, a round not dealt, another table.
    for round_no, ply in ((1, 1), (1, 3), (2, 0)):
        assert progress.play(tid, version + 2, round_no, ply, 2, "p", data_dir=where) is None
    assert progress.play("no-such-table", version + 2, 1, 2, 2, "p", data_dir=where) is None
    assert record(where, table) == kept


def test_a_move_before_the_start_is_refused(where: str | Path) -> None:
    table = seated(where)
    version = record(where, table).version
    assert progress.play(table.table_id, version, 1, 0, 0, "11", data_dir=where) is None
    assert progress.deal(table.table_id, version, 1, "deal-1", data_dir=where) is None
    assert record(where, table).version == version


def test_the_next_rounds_deal_is_written_once_for_its_version(where: str | Path) -> None:
    table, version = started(where)
    tid = table.table_id
    assert progress.deal(tid, version, 3, "deal-3", data_dir=where) is None  # not the next
    assert progress.deal(tid, version, 1, "deal-1b", data_dir=where) is None  # dealt already
    assert progress.deal(tid, version, 2, "deal-2", now=T0 + 20, data_dir=where) == version + 1
    assert progress.deal(tid, version, 2, "deal-2", data_dir=where) is None  # replayed
    assert progress.play(tid, version + 1, 2, 0, 1, "22", data_dir=where) == version + 2
    kept = record(where, table)
    assert kept.deals == ("deal-1", "deal-2") and kept.moves == ((), ("22",))


def racing(writers: int, write: Callable[[int], object]) -> list[object]:
    """``write(n)`` by ``writers`` threads at once: their answers, by ``n``."""
    barrier = threading.Barrier(writers)
    answers: list[object] = [None] * writers

    def race(n: int) -> None:
        barrier.wait()
        answers[n] = write(n)

    threads = [threading.Thread(target=race, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.parametrize("write", ["move", "deal"])
def test_racing_writers_at_one_version_make_one_change(where: str | Path, write: str) -> None:
    table, version = started(where)
    tid = table.table_id
    answers = racing(6, (lambda n: progress.play(tid, version, 1, 0, n % 3, f"m{n}",
                                                 data_dir=where)) if write == "move"
                     else (lambda n: progress.deal(tid, version, 2, f"deal-{n}",
                                                   data_dir=where)))
    assert sorted(answers, key=str) == [version + 1] + [None] * 5
    kept = record(where, table)
    assert kept.version == version + 1
    assert (len(kept.moves[0]), len(kept.deals)) == ((1, 1) if write == "move" else (0, 2))
    with progress.connect(where) as conn:
        assert conn.execute("SELECT count(*) FROM friend_moves WHERE table_id = ?",
                            (tid,)).fetchone()[0] == len(kept.moves[0])


def test_browsers_racing_for_one_seat_one_takes_it(where: str | Path) -> None:
    table = new_table(where)
    learners = [progress.new_learner_id() for _ in range(6)]
    answers = racing(6, lambda n: progress.take_seat(table.table_id, table.seat_tokens[0],
                                                     f"Person {n}", learners[n],
                                                     data_dir=where))
    assert sorted(map(str, answers)) == ["other"] * 5 + ["taken"]
    kept = record(where, table)
    winner = answers.index("taken")
    assert (kept.seats[0].learner, kept.seats[0].name) == (learners[winner], f"Person {winner}")
    assert [e.kind for e in kept.events] == ["joined"] and kept.version == 2


def test_the_host_gives_an_absent_persons_seat_to_the_computer_and_back(
        where: str | Path) -> None:
    table, version = started(where)
    tid, host = table.table_id, table.host_token
    assert not progress.give_to_computer(tid, table.seat_tokens[1], 1, data_dir=where)
    assert not progress.give_to_computer(tid, host, 2, data_dir=where)  # the computer's own
    assert not progress.give_to_computer(tid, host, 7, data_dir=where)  # no such seat
    assert not progress.give_back(tid, host, 1, data_dir=where)  # not given
    assert record(where, table).version == version
    assert progress.give_to_computer(tid, host, 1, now=T0 + 30, data_dir=where)
    assert not progress.give_to_computer(tid, host, 1, data_dir=where)  # once
    given = record(where, table)
    assert given.seats[1].computer and given.seats[1].plays_computer
    assert given.events[-1] == progress.TableEvent(version + 1, "given", 1, T0 + 30)
    # The person's link still opens the seat: they come back to it.
    assert progress.take_seat(tid, table.seat_tokens[1], "Person 1", "learner-1",
                              data_dir=where) == "again"
    assert not progress.give_back(tid, table.seat_tokens[1], 1, data_dir=where)  # host only
    assert progress.give_back(tid, host, 1, now=T0 + 31, data_dir=where)
    back = record(where, table)
    assert not back.seats[1].plays_computer and back.version == version + 2
    assert back.events[-1] == progress.TableEvent(version + 2, "back", 1, T0 + 31)


def test_a_table_ends_once_and_then_takes_nothing_more(where: str | Path) -> None:
    table, version = started(where)
    tid = table.table_id
    with pytest.raises(ValueError):
        progress.end_table(tid, "expired", data_dir=where)  # expiry is the store's
    assert progress.end_table(tid, "finished", now=T0 + 40, data_dir=where)
    assert not progress.end_table(tid, "closed", data_dir=where)  # once
    ended = record(where, table)
    assert (ended.ended, ended.end_reason, ended.version) == (T0 + 40, "finished", version + 1)
    assert ended.events[-1] == progress.TableEvent(version + 1, "ended", None, T0 + 40)
    assert progress.play(tid, version + 1, 1, 0, 0, "11", data_dir=where) is None
    assert progress.deal(tid, version + 1, 2, "deal-2", data_dir=where) is None
    assert progress.take_seat(tid, table.seat_tokens[0], "Ana", "learner-0",
                              data_dir=where) == "ended"
    assert progress.start(tid, table.host_token, "d", fill=True, data_dir=where) == "ended"
    assert not progress.give_to_computer(tid, table.host_token, 0, data_dir=where)
    assert record(where, table) == ended
    assert progress.access(tid, table.seat_tokens[0], data_dir=where) == 0  # still its seat


def test_idle_tables_expire_with_every_row_kept(alone: str | Path) -> None:
    where = alone
    idle, finished = new_table(where), new_table(where)
    assert progress.end_table(finished.table_id, "finished", now=T0 + 1, data_dir=where)
    table, version = started(where)
    progress.play(table.table_id, version, 1, 0, 0, "11", now=T0 + 100, data_dir=where)
    before = record(where, table)
    later = T0 + 100 + progress.TABLE_IDLE
    assert progress.take_seat(idle.table_id, idle.seat_tokens[0], "Ana", "learner-a",
                              now=later, data_dir=where) == "ended"  # past its time already
    assert progress.expire_tables(now=later, data_dir=where) == 1  # the idle one only
    assert record(where, idle).end_reason == "expired"
    assert record(where, table).ended is None
    assert progress.expire_tables(now=later + 1, data_dir=where) == 1
    assert progress.expire_tables(now=later + 2, data_dir=where) == 0
    expired = record(where, table)
    assert (expired.ended, expired.end_reason) == (later + 1, "expired")
    assert expired.events[-1].kind == "ended" and expired.version == before.version + 1
    assert (expired.seats, expired.deals, expired.moves) == (
        before.seats, before.deals, before.moves)
    assert progress.expire_tables(now=T0 + 5, idle=1.0, data_dir=where) == 0  # all ended
    assert record(where, finished).end_reason == "finished"


def test_a_creator_sets_at_most_the_limit_of_tables_an_hour(where: str | Path) -> None:
    most, window = progress.CREATE_LIMIT
    busy, other = progress.new_learner_id(), progress.new_learner_id()
    for n in range(most):
        assert progress.create_table(busy, {}, [PERSON], now=T0 + n,
                                     data_dir=where) is not None
    assert progress.create_table(busy, {}, [PERSON], now=T0 + most,
                                 data_dir=where) is None
    assert progress.create_table(other, {}, [PERSON], now=T0 + most,
                                 data_dir=where) is not None
    assert progress.create_table(busy, {}, [PERSON], now=T0 + window + 0.5,
                                 data_dir=where) is not None  # the first has aged out
    with progress.connect(where) as conn:
        assert conn.execute("SELECT count(*) FROM friend_tables WHERE creator = ?",
                            (busy,)).fetchone()[0] == most + 1
    with pytest.raises(ValueError):
        progress.create_table(other, {}, [progress.SeatPlan("robot")], data_dir=where)


def test_the_tables_a_learner_sat_at_newest_first(where: str | Path) -> None:
    first = new_table(where)
    second = progress.create_table(progress.new_learner_id(), {}, [COMPUTER, PERSON],
                                   now=T0 + 60, data_dir=where)
    assert second is not None
    ana = progress.new_learner_id()
    progress.take_seat(first.table_id, first.seat_tokens[1], "Ana", ana, data_dir=where)
    progress.take_seat(second.table_id, second.seat_tokens[1], "Ana", ana, data_dir=where)
    assert progress.tables_of(ana, data_dir=where) == [(second.table_id, 1), (first.table_id, 1)]
    assert progress.tables_of(progress.new_learner_id(), data_dir=where) == []


def test_a_seat_s_token_is_given_again_from_the_host_s_and_only_from_it(where: str | Path) -> None:
    made = progress.create_table("creator-tokens", {}, [progress.SeatPlan("person"),
                                                         progress.SeatPlan("person")],
                                 data_dir=where)
    assert made is not None
    for seat, token in made.seat_tokens.items():
        assert progress.seat_token(made.host_token, made.table_id, seat) == token
        assert len(token) >= 32  # 192 bits
        assert progress.access(made.table_id, token, data_dir=where) == seat
    assert progress.seat_token("a guessed host token", made.table_id, 0) != made.seat_tokens[0]
    assert made.seat_tokens[0] != made.seat_tokens[1]
