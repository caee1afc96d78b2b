"""Play (AppTest): whole rounds of every family against the computer, a hint, the review and
a replay from it, a match to its target, bad addresses.

The computer thinks in-process here (``DOMINO_THINK=inline``, set by the ``data_dir``
fixture) and without a pause (conftest), so one run plays every computer move up to the
learner's turn.  The learner's moves go through the board's plain-button fallback
(``play-board.play.<tile>`` …), chosen among the engine's legal moves.
"""

from __future__ import annotations

import json
from typing import Any

import apptest_support
import pytest
from apptest_support import (
    board_data,
    board_move,
    click,
    open_page,
    play_table,
    texts,
)
from streamlit.testing.v1 import AppTest

from engine.game.match import BlockMatch
from engine.game.rules import block
from engine.game.state import State
from ui import progress
from ui.i18n import move_text, t_in
from ui.widgets.board import fallback_moves
from ui.widgets.reasons import reason_text

pytestmark = pytest.mark.usefixtures("data_dir")


def open_play(**params: str) -> AppTest:
    return open_page("pages/play.py", **params)


def legal_button(state: State) -> str:
    return apptest_support.legal_button(state, "play-board")


def play_round(at: AppTest, limit: int = 120) -> int:
    """Make the learner's moves (the first legal one each time) until the round is over."""
    moves = 0
    while not play_table(at).state.over:
        tb = play_table(at)
        assert tb.state.mover == tb.learner, "the computer did not move on its turn"
        click(at, legal_button(tb.state))
        moves += 1
        assert moves < limit
    return moves


FAMILIES = [
    {"rules": "block", "players": "2"},
    {"rules": "block", "players": "3"},
    {"rules": "block", "players": "4"},
    {"rules": "gaple", "players": "4"},
    {"rules": "gaple", "players": "4", "hand": "7"},
    {"rules": "gaple", "players": "5", "dead": "0"},
    {"rules": "duel"},
    {"rules": "duel", "draw": "1"},
]


@pytest.mark.parametrize("params", FAMILIES, ids=lambda p: "-".join(p.values()))
def test_a_whole_round_against_the_computer(params: dict[str, str]) -> None:
    at = open_play(**params, seed="11", level="counting")
    tb = play_table(at)
    assert tb.rules.family == params["rules"]
    start = tb.start
    # The learner's tiles are face up at the bottom, every other hand face down.
    data = board_data(at)
    assert [h["tile"] for h in data["hand"]["tiles"]] == [
        str(x) for x in tb.state.hand(tb.learner)]
    for other in data["others"]:
        assert "face down" in other["svg"], other["label"]
    play_round(at)
    tb = play_table(at)
    assert tb.state.over and tb.finished
    # The whole round is legal: replaying its moves from the deal gives the same end.
    walker = start.copy()
    for rec in tb.state.history:
        assert walker.why_illegal(rec.move) is None
        walker.push(rec.move)
    assert walker.over
    page = texts(at)
    assert "Result:" in page or "Result" in page
    assert len(tb.match.rounds) == 1
    # The review: each choice the learner had, with the solver's verdict.
    assert tb.review, "no choice to review in a whole round"
    assert all(item.verdict.value is not None for item in tb.review)
    assert "Review of your moves" in page
    assert "Best with every hand open" in page
    record = progress.games(at.session_state["learner"])[params["rules"]]
    assert record.rounds == 1


def test_the_computer_never_moves_for_the_learner_and_a_refused_move_changes_nothing() -> None:
    at = open_play(rules="block", players="2", seed="3", level="random")
    tb = play_table(at)
    assert tb.state.mover == tb.learner
    before = tb.state.copy()
    # the buttons offer no illegal move, but the table takes a click on any tile or Pass
    illegal = next(m for _, m in fallback_moves(tb.state)
                   if tb.state.why_illegal(tb.state.resolve(m)) is not None)
    board_move(at, illegal.to_dict())
    assert play_table(at).state.history == before.history
    assert play_table(at).state.mover == tb.learner
    assert "Not allowed." in texts(at)


def test_a_hint_is_highlighted_explained_and_recorded() -> None:
    at = open_play(rules="block", players="2", seed="21", level="heaviest")
    tb = play_table(at)
    click(at, "play.hint")
    tb = play_table(at)
    assert tb.hint is not None and tb.hints == {len(tb.state.history)}
    page = texts(at)
    assert "Hint:" in page
    assert any(line.startswith("- ") for line in page.splitlines())  # a reason in words
    hinted = [h["tile"] for h in board_data(at)["hand"]["tiles"] if h["hint"]]
    if tb.hint.move.tile is not None:
        assert hinted == [str(tb.hint.move.tile)]
    play_round(at)
    record = progress.games(at.session_state["learner"])["block"]
    assert record.hints == 1
    page = texts(at)
    assert "You took 1 hint this round." in page
    assert f"Your record in Block: {record.rounds_won} of 1 round won." in page  # the header
    assert "matches won" not in page  # none finished yet: no "0 of 0 matches"
    assert f"Play: {record.rounds_won} of 1 round won" in page  # the sidebar


def test_the_review_replays_a_position_as_practice() -> None:
    at = open_play(rules="duel", seed="8", level="strong")
    play_round(at)
    tb = play_table(at)
    rounds = len(tb.match.rounds)
    item = tb.review[0]
    click(at, "play.replay.0")
    tb = play_table(at)
    assert tb.practice is not None
    assert [r.move for r in tb.state.history] == [r.move for r in item.position.history]
    assert "Replaying from move" in texts(at)
    play_round(at)
    tb = play_table(at)
    assert len(tb.match.rounds) == rounds  # practice is not recorded
    click(at, "play.back")
    tb = play_table(at)
    assert tb.practice is None and tb.state.over and tb.review
    assert "Next game" in [b.label for b in at.button]  # the two-player game's word


def test_a_replay_can_be_left_at_any_move() -> None:
    """"Back to the review" is there from the replay's first move on, not only at its end:
    it brings back the round's own end, its review and its way on, the match untouched."""
    at = open_play(rules="block", players="2", seed="12", level="strong")
    play_round(at)
    tb = play_table(at)
    end, rounds, review = tb.state, len(tb.match.rounds), list(tb.review)
    assert len(review) >= 2
    for i in (0, len(review) - 1):
        click(at, f"play.replay.{i}")
        tb = play_table(at)
        assert tb.practice is not None and not tb.state.over
        assert "play.back" in apptest_support.button_keys(at)  # before any move
        if tb.learner_to_move:
            click(at, legal_button(tb.state))  # one move into the replay, then leave
            assert "play.back" in apptest_support.button_keys(at)
        click(at, "play.back")
        tb = play_table(at)
        assert tb.practice is None and tb.state is end and tb.finished
        assert len(tb.match.rounds) == rounds and tb.review == review
        assert "Review of your moves" in texts(at)
        assert "play.next" in apptest_support.button_keys(at)
        assert "Replaying from move" not in texts(at)


def test_a_block_match_is_played_to_its_target() -> None:
    """The page's side of a match: rounds recorded on the sheet, the start moving on, the
    end at the target, the match counted in the learner's progress.  (A whole match from
    0 is the engine's test: tests/engine/game/test_engine_match.py.)  Here the scores start near 100."""
    at = open_play(rules="block", players="2", seed="4", level="random")
    match = play_table(at).match
    assert isinstance(match, BlockMatch) and match.target == 100
    match.scores = [88, 90]
    starters = []
    for _ in range(20):
        starters.append(match.starter)
        play_round(at)
        if match.over:
            break
        click(at, "play.next")
        assert play_table(at).round_no == len(match.rounds) + 1
    assert match.over and max(match.scores) >= 100
    assert starters == [(starters[0] + i) % 2 for i in range(len(starters))]
    page = texts(at)
    assert "wins the match" in page or "The match is drawn" in page
    assert "Match to 100 points" in page
    record = progress.games(at.session_state["learner"])["block"]
    assert record.matches == 1 and record.rounds == len(match.rounds)
    assert record.matches_won == int(match.winners == (play_table(at).learner,))
    click(at, "play.again")
    assert play_table(at).round_no == 1 and not play_table(at).match.rounds
    assert f"{record.matches_won} of 1 match won." in texts(at)  # the header, once one is


@pytest.mark.parametrize(("params", "notice"), [
    ({"rules": "chess"}, "chess"),
    ({"level": "grandmaster"}, "grandmaster"),
    ({"rules": "block", "players": "2", "seat": "7"}, "Seat “7”"),
    ({"seed": "-4"}, "-4"),
])
def test_a_bad_address_gives_a_notice(params: dict[str, str], notice: str) -> None:
    at = open_play(**params)
    notices = " ".join(x.value for x in [*at.info, *at.warning])
    assert notice in notices
    assert play_table(at).state.mover is not None  # a table all the same


def test_the_seat_and_level_come_from_the_address() -> None:
    at = open_play(rules="block", players="3", seat="1", level="strong", seed="9")
    tb = play_table(at)
    assert tb.learner == 0 and tb.level == "strong"
    assert at.query_params["seat"] == ["1"] or at.query_params["seat"] == "1"


@pytest.mark.parametrize(("lang", "written", "level"), [
    ("en", "medium", "counting"), ("en", "Beginner", "random"), ("en", "easy", "heaviest"),
    ("en", " STRONG ", "strong"), ("en", "counting", "counting"), ("es", "medio", "counting"),
    ("es", "medium", "counting"),
])
def test_the_address_takes_the_level_names_the_page_shows(lang: str, written: str,
                                                          level: str) -> None:
    """``level=`` takes the engine's names and the ones the page shows (in English, or in
    the page's language), with no notice; the address then carries the engine's."""
    at = open_play(rules="gaple", players="4", seed="5", level=written, lang=lang)
    assert play_table(at).level == level
    assert not [x.value for x in [*at.info, *at.warning] if written.strip() in x.value]
    assert at.query_params["level"] in ([level], level)


def test_a_failed_or_wrong_answer_from_the_computer_never_stalls_the_table() -> None:
    """The worker's answer is checked by the engine: a failure or a refused move is
    replaced by the heaviest legal tile."""
    from concurrent.futures import Future

    from engine.game.moves import Move
    from engine.players.bots import Decision
    from ui.pages.play import logic as play

    tb = play.new_table(block(2), "random", 5)
    while not tb.state.over and tb.state.mover == tb.learner:
        tb.state.push(tb.state.legal_moves()[0])
    assert tb.state.mover != tb.learner
    for answer in ("fail", "illegal"):
        future: Future[Decision] = Future()
        if answer == "fail":
            future.set_exception(RuntimeError("worker died"))
        else:
            legal = set(tb.state.legal_moves())
            wrong = next(Move.play(t) for t in tb.state.hand(tb.learner)
                         if Move.play(t) not in legal)
            future.set_result(Decision(wrong, (), 0.0))
        pending = play.Pending(future, len(tb.state.history))
        move = play.computer_move(tb.state, pending)
        assert tb.state.why_illegal(move) is None


def test_gaples_turned_up_middle_tile_is_explained_and_logged() -> None:
    at = open_play(rules="gaple", players="4", seed="13", level="random")
    tb = play_table(at)
    first = tb.state.line.tiles()[0]
    page = texts(at)
    assert f"{first.bracket()}" in page
    assert any(first.bracket() in line and ("middle" in line or "turned" in line)
               for line in page.splitlines())
    play_round(at)
    log = texts(at)
    assert first.bracket() in log


def test_a_round_with_only_forced_moves_says_there_is_nothing_to_review() -> None:
    """Block for three, seed 9: [5|5] opens and nobody holds another 5, so every turn of the
    learner's is a forced pass.  (Against Easy, which opens with its heaviest tile whatever
    the clock: the strong level's opening depends on how many deals it imagines in its half
    second, fewer on a busy machine.)"""
    at = open_play(rules="block", players="3", seed="9", level="heaviest")
    play_round(at)
    tb = play_table(at)
    assert tb.finished and not tb.review
    assert "Nothing to review this round" in texts(at)


def live_data(at: AppTest) -> dict[str, Any]:
    """What the page hands its live region (ui/widgets/live.py): the words and their id."""
    (found,) = [json.loads(c.proto.json) for c in at.get("bidi_component")
                if c.proto.component_name.endswith("site_live")]
    assert isinstance(found, dict)
    return found


def live_region(at: AppTest) -> str:
    return str(live_data(at)["text"])


def test_the_live_region_follows_a_change_of_language() -> None:
    """The computer's last move and the game's end are said in the page's language, also
    after the learner switches it (nothing said is kept as text in English)."""
    at = open_play(rules="duel", seed="3", level="counting")
    assert "opens with" in live_region(at)
    play_round(at)
    said = live_region(at)
    assert "The game is over." in said and "Result" not in said
    at.query_params["lang"] = "uk"
    at.run()
    said = live_region(at)
    assert "Гру завершено." in said
    assert "The game is over" not in said and "Black" not in said


def test_the_hints_answer_is_said_in_the_live_region() -> None:
    """A screen reader hears the hint once it has come (the region held the computer's last
    move): the move and its reasons, with a new id so it is read; in the page's language."""
    at = open_play(rules="block", players="2", seed="21", level="heaviest")
    before = live_data(at)
    click(at, "play.hint")
    tb = play_table(at)
    assert tb.hint is not None
    said = live_data(at)
    assert said["id"] != before["id"]
    move = move_text(tb.hint.move)
    assert said["text"].startswith(f"Hint: {move}.")
    assert reason_text(tb.hint.reasons[0], tb.seats) in said["text"]
    assert said["shown"] == before["text"]  # the top of the table still shows the last move
    click(at, legal_button(play_table(at).state))  # the move: the hint is gone
    assert not play_table(at).state.over and play_table(at).learner_to_move
    assert "Hint" not in live_data(at)["text"]
    click(at, "play.hint")  # the next one, said in the language the learner switches to
    assert live_data(at)["text"].startswith("Hint: ")
    at.query_params["lang"] = "uk"
    at.run()
    worded = live_data(at)["text"]
    assert worded.startswith(t_in("uk", "play.hint_title")) and "Hint" not in worded


# -- the words ------------------------------------------------------------------------------------

def test_the_header_names_no_seed_the_log_does() -> None:
    at = open_play(rules="block", players="2", seed="56601", level="heaviest")
    header = [m.value for m in at.markdown if "against Easy opponents" in m.value]
    assert header and not any("seed" in h or "56601" in h for h in header), header
    assert ("Deal number (seed): 56601. The page's address keeps it: open or share the same "
            "address to start from the same deal again.") in [c.value for c in at.caption]


@pytest.mark.parametrize(("params", "info", "knows"), [
    ({"rules": "duel"}, [], "14 tiles are out of play, face down"),
    ({"rules": "block", "players": "2"}, [], "14 tiles are out of play, face down"),
    ({"rules": "duel", "draw": "1"}, ["Stock: 14 tiles"], "the stock has 14 tiles"),
])
def test_the_undealt_tiles_are_a_stock_only_where_players_draw(
        params: dict[str, str], info: list[str], knows: str) -> None:
    at = open_play(**params, seed="5", level="heaviest")
    assert board_data(at)["info"] == info
    assert knows in texts(at)
    assert ("stock" in texts(at).lower()) == bool(info)


def test_the_two_player_game_says_game_throughout() -> None:
    """The series is played as games: its title, the sheet's column, the button, the record,
    the end of a game, all say "game" (and "series"), in every language."""
    at = open_play(rules="duel", seed="8", level="heaviest")
    play_round(at)
    page = texts(at)
    assert "A series of 5 games · game 1" in page
    assert "Next game" in [b.label for b in at.button]
    assert "<th scope=\"col\">Game</th>" in page
    (record,) = [c.value for c in at.caption if c.value.startswith("Your record in")]
    assert record.startswith("Your record in Two-player game: ") and record.endswith(
        " of 1 game won."), record
    assert "The game is over." in live_region(at)
    assert board_data(at)["text"]["waiting"] == "The game is over."
    for lang in ("uk", "ru", "ar", "ko", "id", "es"):  # a game played, then the page in that language
        at = open_play(rules="duel", seed="8", level="heaviest")
        play_round(at)
        at.query_params["lang"] = lang
        at.run()
        page = texts(at)
        labels = [b.label for b in at.button]
        assert t_in(lang, "play.next_game") in labels
        assert t_in(lang, "play.next_round") not in labels
        assert f"<th scope=\"col\">{t_in(lang, 'play.game')}</th>" in page
        assert f"<th scope=\"col\">{t_in(lang, 'play.round')}</th>" not in page
        assert t_in(lang, "play.game_over") in live_region(at)
        assert t_in(lang, "play.round_over") not in live_region(at)
    # Block keeps its rounds.
    at = open_play(rules="block", players="2", seed="8", level="heaviest")
    play_round(at)
    assert "Next round" in [b.label for b in at.button] and "<th scope=\"col\">Round</th>" in texts(at)


# -- the live region ------------------------------------------------------------------------------

#: Block for two against Easy opponents, seed 164: the learner opens with [4|4] and, playing a
#: double wherever one fits (the ends stay as they were), sees North pass twice in a row at
#: the same ends: "North passes. Open ends: 4 and 5." twice, two moves, both to be said.
REPEAT = {"rules": "block", "players": "2", "level": "heaviest", "seed": "164"}
REPEATED = "North passes. Open ends: 4 and 5."


def double_first(state: State) -> str:
    """The fallback button of the first legal double (it keeps the ends as they were), else of
    the first legal move, in the engine's order."""
    legal = state.legal_moves()
    move = next((m for m in legal if m.tile is not None and m.tile.low == m.tile.high),
                legal[0])
    for suffix, button in fallback_moves(state):
        if state.resolve(button) == move:
            return f"play-board.{suffix}"
    raise AssertionError(f"no button for {move}")


def test_each_announcement_has_its_own_id_and_a_rerun_says_nothing_again() -> None:
    at = open_play(**REPEAT)
    said = [(live_data(at)["text"], live_data(at)["id"])]
    at.run()
    assert (live_data(at)["text"], live_data(at)["id"]) == said[-1]  # a rerun: the same
    while not play_table(at).state.over:
        click(at, double_first(play_table(at).state))
        said.append((live_data(at)["text"], live_data(at)["id"]))
    ids = [i for _, i in said]
    assert len(set(ids)) == len(ids), said  # a new id after every move
    words = [text for text, _ in said]
    twice = [k for k in range(len(words) - 1) if words[k] == words[k + 1] == REPEATED]
    assert twice, words  # the same words at two moves: two announcements, two ids
    assert words[-1].endswith("The round is over."), words[-1]
    # No other live region on the page: the old one, drawn afresh with st.html on every run,
    # is gone.
    assert not [e for e in at.get("html") if 'aria-live' in e.proto.body]
