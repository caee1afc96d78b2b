"""Play's match rebuilt from the store (ui/pages/play/resume.py, rebuild), for every family: a
whole match played by the engine's bots, kept as the page keeps it (each round's deal as a
position code, each move's round code token), and rebuilt at every point — after each move of
every round — is the same match: the sheet, the round and its position, whose turn; and the
round it deals next is the one the match would have dealt."""

from __future__ import annotations

import random

import pytest

from engine.game.rules import Ruleset, block, duel, gaple
from engine.game.view import view
from engine.notation.code import Position, Round
from engine.notation.code_write import move_token
from engine.players.bots import make_bot
from ui import progress
from ui.pages.play import logic as play
from ui.pages.play import resume as play_resume
from ui.widgets import match_sheet

RULES = [block(2), block(3), block(4), gaple(4, 6), gaple(4, 7), gaple(5, 5, dead_tiles=False),
         gaple(4, 6, blank_double_25=True), duel(), duel(True)]


@pytest.fixture(autouse=True)
def plain_seat_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "seat_labels", lambda rules, learner: tuple(
        f"seat {i}" for i in range(rules.players)))


def played(rules: Ruleset, seed: int) -> tuple[play.Table, list[tuple[str, list[str]]]]:
    """A whole match (or its first four rounds) at a table, every seat the Easy bot; each
    round's deal and its moves' tokens, as the page keeps them."""
    table = play.new_table(rules, "heaviest", seed)
    bot, rng = make_bot("heaviest"), random.Random(seed)
    rounds: list[tuple[str, list[str]]] = []
    while True:
        state = table.state
        kept = (Position.from_state(table.start).text(), [])
        rounds.append(kept)
        while not state.over:
            move = state.push(bot.decide(view(state, state.mover or 0), rng).move)
            kept[1].append(move_token(move, state))
        table.match.record(state)
        if table.match.over or len(rounds) == 4:
            return table, rounds
        table.state = table.match.deal()
        table.start = table.state.copy()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_a_match_rebuilt_at_any_move_is_the_same_match(rules: Ruleset) -> None:
    seed = 26
    table, rounds = played(rules, seed)
    params = {**table.params}
    for n, (deal, tokens) in enumerate(rounds, start=1):
        for ply in range(len(tokens) + 1):
            kept = tuple(progress.SavedRound(k, d, tuple(t)) for k, (d, t) in
                         enumerate(rounds[:n - 1], start=1)) + (
                progress.SavedRound(n, deal, tuple(tokens[:ply])),)
            rebuilt = play_resume.rebuild(progress.SavedMatch("m", params, 0.0, False, kept),
                                          "someone")
            assert rebuilt is not None
            assert rebuilt.uid == "m" and rebuilt.owner == "someone"
            assert rebuilt.round_no == n
            assert Round.from_state(rebuilt.state).text() == kept[-1].code
            assert rebuilt.finished == (ply == len(tokens))
            assert len(rebuilt.match.rounds) == n - 1 + rebuilt.finished
            assert [r.points for r in rebuilt.match.rounds] == [
                r.points for r in table.match.rounds[:len(rebuilt.match.rounds)]]
        if n < len(rounds):  # the next round is the one the match dealt
            rebuilt.state = rebuilt.match.deal()
            assert Position.from_state(rebuilt.state).text() == rounds[n][0]
    rebuilt_rows = match_sheet.score_rows(rebuilt.match)
    assert rebuilt_rows == match_sheet.score_rows(table.match)


def test_a_record_that_cannot_be_read_deals_a_new_match_rather_than_a_wrong_one() -> None:
    table, rounds = played(duel(), 3)
    good = progress.SavedRound(1, rounds[0][0], tuple(rounds[0][1]))
    for params, kept in [({**table.params, "level": "grandmaster"}, (good,)),
                         ({**table.params, "rules": "block", "players": "4"}, (good,)),
                         (table.params, (progress.SavedRound(1, "not a code", ()),))]:
        saved = progress.SavedMatch("m", params, 0.0, False, kept)
        assert play_resume.rebuild(saved, "someone") is None
