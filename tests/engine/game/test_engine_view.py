"""What one seat may know (RULES.md §4): its own tiles, the line, the others' tile
counts, and the values an opponent is known not to hold."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_helpers import play, public, t, tiles_in, with_hidden_tiles_shuffled

from engine.game.moves import PASS
from engine.game.rules import block, duel, gaple
from engine.game.state import State
from engine.game.view import known_missing, view


def e1() -> State:
    return State.setup(duel(), [["4-4", "2-3"], ["0-1", "1-1", "2-2"]], ends=(6, 3), stock=14)


def gaple_with_dead_tiles() -> State:
    s = State.setup(gaple(), [["1-1", "1-2", "1-3"], ["5-0", "2-2", "3-3"], ["1-4", "2-4"],
                              ["3-4", "4-4"]], ends=(5, 6), stock=["0-0", "0-1", "6-6"])
    return play(s, "discard 1-1", "play 5-0", "discard 1-4")


def test_a_seat_sees_its_own_hand_the_line_and_only_counts_of_the_rest() -> None:
    s = play(e1(), "play 2-3")
    white, black = view(s, 0), view(s, 1)
    assert white.hand == (t("4-4"),) and black.hand == (t("0-1"), t("1-1"), t("2-2"))
    assert white.hand_counts == black.hand_counts == (1, 3)
    assert white.stock_count == 14 and white.ends == (6, 2) == s.line.ends
    assert white.line.tiles() == (t("2-3"),)
    assert white.to_move == black.to_move == 1
    assert white.legal == () and black.legal == s.legal_moves()  # only the mover's moves


def test_a_view_never_contains_another_seats_tiles() -> None:
    s = gaple_with_dead_tiles()
    for seat in range(4):
        seen = view(s, seat)
        own = set(s.hand(seat)) | set(s.dead_tiles(seat))
        assert tiles_in(seen) <= own | set(s.line.tiles())
        assert seen.dead == s.dead_tiles(seat)  # a seat knows what it discarded
    assert view(s, 0).dead_counts == (1, 0, 1, 0)  # the others' dead tiles lie face down
    assert t("1-4") not in tiles_in(view(s, 0))
    assert not tiles_in(view(s, 3)) & set(s.stock or ())


@pytest.mark.parametrize("seed", range(5))
def test_dealing_the_hidden_tiles_anew_changes_nothing_a_seat_sees(seed: int) -> None:
    s = State.deal(block(4), random.Random(seed))
    rng = random.Random(seed)
    for _ in range(6):
        s.push(rng.choice(s.legal_moves()))
    for seat in range(4):
        assert public(view(with_hidden_tiles_shuffled(s, seat, rng), seat)) == public(view(s, seat))


def test_a_view_is_a_copy() -> None:
    s = e1()
    seen = view(s, 1)
    seen.line.place(t("2-3"), "right")
    assert s.line.ends == (6, 3) and s.line.tiles() == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.seat = 0  # type: ignore[misc]


def test_a_pass_shows_the_player_held_nothing_for_either_end() -> None:
    s = play(e1(), "play 2-3 right", "play 2-2 right", "pass")
    assert known_missing(s) == (frozenset({6, 2}), frozenset())
    play(s, "pass")
    assert view(s, 0).missing == (frozenset({6, 2}), frozenset({6, 2}))


def test_what_passes_show_adds_up_while_a_play_shows_nothing() -> None:
    s = State.setup(block(3), [["1-1", "0-0"], ["2-5", "4-4"], ["3-3", "0-1"]], ends=(5, 6))
    play(s, "pass")
    assert known_missing(s)[0] == {5, 6}
    play(s, "play 2-5", "pass")
    assert known_missing(s) == (frozenset({5, 6}), frozenset(), frozenset({2, 6}))
    play(s, "pass")
    assert known_missing(s)[0] == {2, 5, 6}


def test_a_dead_discard_shows_the_player_held_nothing_for_either_end() -> None:
    s = gaple_with_dead_tiles()
    assert known_missing(s) == (frozenset({5, 6}), frozenset(), frozenset({0, 6}), frozenset())


def test_an_opening_pass_shows_no_values() -> None:
    s = State.setup(gaple(4, 7), [["1-2"], ["3-3"], ["4-5"], ["6-6"]], opening="double")
    s.push(PASS)
    assert known_missing(s) == (frozenset(),) * 4


def test_after_drawing_nothing_is_known_until_the_drawn_tile_shows_itself() -> None:
    s = State.setup(duel(draw=True), [["4-4", "1-2"], ["0-1", "5-5"]], ends=(6, 3),
                    stock=["0-0", "3-5", "6-6"])
    play(s, "draw")
    # The drawn tile might fit: until White moves, nothing is known.
    assert known_missing(s)[0] == frozenset()
    play(s, "draw")
    # Drawing again shows the first drawn tile did not fit; the second is unknown, and
    # the tiles dealt lack 6 and 3: nothing is known of the whole hand yet.
    assert t("3-5") in s.hand(0)
    assert known_missing(s)[0] == frozenset()
    play(s, "play 3-5")
    # It was played at once: what White still holds shows neither 6 nor 3.
    assert known_missing(s)[0] == {6, 3}
    assert not any(x.has(6) or x.has(3) for x in s.hand(0))


def test_a_drawn_tile_played_at_once_leaves_the_older_tiles_under_every_fact() -> None:
    s = State.setup(duel(draw=True), [["4-4", "1-2"], ["5-0", "5-5"]], ends=(6, 3),
                    stock=["0-6", "2-3", "1-3", "0-0"])
    play(s, "draw", "play 0-6 left")  # White draws at 6 and 3 and plays what fits
    assert known_missing(s)[0] == {6, 3} and s.line.ends == (0, 3)
    play(s, "play 5-0 left", "draw", "play 2-3 right")  # White draws again, at 5 and 3
    assert s.line.ends == (5, 2)
    # Each drawn tile was played at once, so what White holds it held at both draws.
    assert known_missing(s)[0] == {6, 5, 3}
    assert not any(x.has(6) or x.has(5) or x.has(3) for x in s.hand(0))
    play(s, "play 5-5 left")
    assert known_missing(s)[1] == frozenset()
