"""Rule families as data: the presets and what sets them apart (RULES.md §2–4)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.game.rules import (
    BLANK_DOUBLE_25,
    FAMILIES,
    RulesError,
    Ruleset,
    block,
    duel,
    gaple,
    options_of,
    preset,
    result_unit,
    ruleset_from_options,
)
from engine.game.tiles import Tile, mask_of


@pytest.mark.parametrize(("rules", "hand", "undealt"), [
    (block(2), 7, 14),
    (block(3), 5, 13),
    (block(4), 5, 8),
    (gaple(4), 6, 4),
    (gaple(5), 5, 3),
    (gaple(4, 7), 7, 0),
    (duel(), 7, 14),
    (duel(draw=True), 7, 14),
], ids=lambda r: r.name if isinstance(r, Ruleset) else str(r))
def test_the_deal(rules: Ruleset, hand: int, undealt: int) -> None:
    assert rules.hand_size == hand
    assert rules.undealt == undealt == 28 - rules.players * hand


def test_block_two_players_seven_tiles_three_or_four_players_five() -> None:
    assert [block(n).hand_size for n in (2, 3, 4)] == [7, 5, 5]
    assert block().players == 2


def test_what_a_stuck_player_does() -> None:
    assert block(3).stuck == "pass"  # no drawing in Block
    assert duel().stuck == "pass"  # no-draw mode
    assert duel(draw=True).stuck == "draw"
    assert gaple().stuck == "discard"  # a dead tile
    assert gaple(dead_tiles=False).stuck == "pass"  # the variant
    assert duel(draw=True).draw_mode and not duel().draw_mode and not gaple().draw_mode
    assert gaple().dead_tiles and not gaple(dead_tiles=False).dead_tiles
    assert not block().dead_tiles


def test_a_round_blocks_after_as_many_non_plays_as_players() -> None:
    assert [block(n).block_after for n in (2, 3, 4)] == [2, 3, 4]
    assert duel().block_after == 2 == duel(draw=True).block_after
    assert gaple(4).block_after == 4 and gaple(5).block_after == 5


def test_block_match_targets_are_100_for_two_players_and_61_otherwise() -> None:
    assert [block(n).target for n in (2, 3, 4)] == [100, 61, 61]
    assert gaple().target is None and duel().target is None


def test_gaple_turns_a_middle_tile_up_only_when_tiles_stay_in_the_middle() -> None:
    assert gaple(4).middle_up and gaple(5).middle_up
    assert not gaple(4, 7).middle_up
    assert not block(2).middle_up and not duel().middle_up


def test_the_blank_double_25_variant_is_gaples_and_off_by_default() -> None:
    assert not gaple().blank_double_25
    assert gaple(blank_double_25=True).blank_double_25


@pytest.mark.parametrize("players", [0, 1, 5])
def test_block_is_for_two_to_four_players(players: int) -> None:
    with pytest.raises(RulesError, match="2, 3 or 4"):
        block(players)


@pytest.mark.parametrize(("players", "hand"), [(3, None), (6, None), (4, 5), (5, 6), (5, 7)])
def test_gaple_deals_4x6_4x7_or_5x5_only(players: int, hand: int | None) -> None:
    with pytest.raises(RulesError):
        gaple(players, hand)


def test_names() -> None:
    assert [r.name for r in (block(2), block(4), gaple(4), gaple(4, 7), gaple(5))] == [
        "block-2", "block-4", "gaple-4x6", "gaple-4x7", "gaple-5"]
    assert gaple(4, dead_tiles=False, blank_double_25=True).name == "gaple-4x6-pass-blank25"
    assert (duel().name, duel(draw=True).name) == ("duel", "duel-draw")


def test_a_ruleset_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        block().players = 3  # type: ignore[misc]
    assert block(3) == block(3) and hash(block(3)) == hash(block(3))
    assert block(3) != block(4)


def test_presets_by_name_and_defaults() -> None:
    assert FAMILIES == ("block", "gaple", "duel")
    assert preset("block") == block(2)
    assert preset("gaple") == gaple(4, 6)
    assert preset("duel") == duel(draw=False)
    assert preset("block", {"players": 3}) == block(3)
    assert preset("gaple", {"players": 5}) == gaple(5)
    assert preset("gaple", {"hand_size": 7}) == gaple(4, 7)
    assert preset("gaple", {"dead_tiles": False}) == gaple(dead_tiles=False)
    assert preset("gaple", {"blank_double_25": True}) == gaple(blank_double_25=True)
    assert preset("duel", {"draw": True}) == duel(draw=True)
    assert preset("duel", {"players": 2}) == duel()


@pytest.mark.parametrize("rules", [block(2), block(3), block(4), gaple(4), gaple(5), gaple(4, 7),
                                   gaple(dead_tiles=False, blank_double_25=True), duel(),
                                   duel(draw=True)], ids=lambda r: r.name)
def test_options_select_the_same_ruleset_again(rules: Ruleset) -> None:
    assert preset(rules.family, rules.options()) == rules


@pytest.mark.parametrize(("family", "options", "message"), [
    ("chess", {}, "rules must be"),
    ("block", {"colour": "red"}, "unknown option"),
    ("block", {"draw": True}, "does not apply to block"),
    ("duel", {"dead_tiles": False}, "does not apply to duel"),
    ("block", {"players": True}, "must be a whole number, not True"),  # a bool is no count
    ("block", {"players": "3"}, "must be a whole number, not '3'"),  # TOML is typed
    ("duel", {"draw": "yes"}, "must be true or false, not 'yes'"),
    ("duel", {"draw": 1}, "must be true or false, not 1"),
    ("duel", {"players": 3}, "duel is for 2 players"),
    ("block", {"players": 5}, "2, 3 or 4"),
    ("gaple", {"players": 5, "hand_size": 6}, "deals 5 tiles"),
])
def test_unknown_or_wrong_options_are_refused(family: str, options: dict[str, object],
                                              message: str) -> None:
    with pytest.raises(RulesError, match=message):
        preset(family, options)


@pytest.mark.parametrize(("options", "rules"), [
    ({}, block(2)),
    ({"rules": "block", "players": "3"}, block(3)),
    ({"rules": "gaple", "players": 5}, gaple(5)),
    ({"rules": "gaple", "hand": "7", "dead": "no", "blank25": "yes"},
     gaple(4, 7, dead_tiles=False, blank_double_25=True)),
    ({"rules": "gaple", "hand_size": 7, "dead_tiles": False}, gaple(4, 7, dead_tiles=False)),
    ({"rules": "duel", "draw": "1"}, duel(draw=True)),
    ({"rules": "duel", "draw": " Off "}, duel()),
])
def test_options_typed_or_as_text_give_one_ruleset(options: dict[str, object],
                                                   rules: Ruleset) -> None:
    assert ruleset_from_options(options) == rules


@pytest.mark.parametrize(("options", "option"), [
    ({"rules": "chess"}, "rules"),
    ({"rules": "block", "players": "9"}, "players"),
    ({"rules": "gaple", "players": "4", "hand": "5"}, "hand"),
    ({"rules": "gaple", "dead": "perhaps"}, "dead"),
    ({"rules": "duel", "blank25": "1"}, "blank25"),
    ({"rules": "block", "colour": "red"}, "colour"),
    ({"rules": "block", "players": "three"}, "players"),
    ({"rules": "duel", "draw": "maybe"}, "draw"),
])
def test_a_refused_option_is_named_with_its_value(options: dict[str, object], option: str) -> None:
    with pytest.raises(RulesError) as info:
        ruleset_from_options(options)
    assert info.value.option == option
    assert info.value.value == options[option]
    assert "\n" not in str(info.value)


def test_named_questions_tell_the_families_apart() -> None:
    b, g, d, dd = block(3), gaple(4), duel(), duel(draw=True)
    assert [r.scores_points for r in (b, g, d)] == [True, False, False]
    assert [r.asks_points for r in (b, g, d)] == [True, False, False]
    assert [r.plays_matches for r in (b, g, d)] == [True, False, False]
    assert [r.has_dead_tiles for r in (b, g, gaple(dead_tiles=False), d)] == [False, True, False,
                                                                              False]
    assert [r.has_stock for r in (b, g, d, dd)] == [False, False, True, True]
    assert [r.draw_mode for r in (b, g, d, dd)] == [False, False, False, True]
    assert [r.equal_totals_draw for r in (b, g, d)] == [False, False, True]
    assert [r.settles_lowest_wins for r in (b, g, d)] == [False, True, True]
    assert [r.ties_broken_by_smallest_tile for r in (b, g, d)] == [False, True, False]
    assert [r.seat_style for r in (b, g, d)] == ["table", "table", "duel"]


def test_the_blank_double_counts_25_only_alone_and_under_its_variant() -> None:
    on, off = gaple(blank_double_25=True), gaple()
    alone = mask_of([Tile.parse("0-0"), Tile.parse("5-6")])
    with_blank = alone | Tile.parse("0-3").bit
    blank = Tile.parse("0-0").index
    assert on.tile_value(blank, alone) == BLANK_DOUBLE_25 == 25
    assert on.tile_value(blank, with_blank) == 0
    assert off.tile_value(blank, alone) == 0
    assert on.tile_value(Tile.parse("5-6").index, alone) == 11
    assert on.counts_blank_double_25(alone) and not on.counts_blank_double_25(with_blank)
    assert not off.counts_blank_double_25(alone)


def test_each_family_names_its_options() -> None:
    assert options_of("block") == {"players"}
    assert options_of("duel") == {"players", "draw"}
    assert options_of("gaple") == {"players", "hand_size", "dead_tiles", "blank_double_25"}
    assert options_of("chess") == frozenset()


def test_what_a_result_is_counted_in_and_what_the_words_and_the_start_are() -> None:
    """The named questions the site asks instead of comparing a family's name."""
    assert [r.result_unit for r in (block(2), block(4), gaple(), gaple(4, 7), duel())] == [
        "points", "points", "place", "place", "chance"]
    assert [result_unit(f) for f in ("block", "gaple", "duel")] == ["points", "place", "chance"]
    with pytest.raises(RulesError):
        result_unit("chess")
    assert [r.plays_games for r in (block(2), gaple(), duel(), duel(draw=True))] == [
        False, False, True, True]
    # [0|0] opens the first round only where every tile is dealt (no middle tile turned up)
    assert gaple(4, 7).blank_double_opens and not gaple(4, 7).middle_up
    assert not gaple().blank_double_opens and gaple().middle_up
    assert not gaple(5).blank_double_opens
    assert not block(4).blank_double_opens and not duel().blank_double_opens
