"""Lots and matches.

- :func:`draw_lots`: the fair lot for the first player, repeated among ties.
- :class:`BlockMatch`: Pagat's Block match — the start moves one seat
  clockwise each round whoever won; the target (100 for two players, 61 for
  three or four) is checked once the round is settled; the excess is kept; a
  tie among the highest scores at the target is a drawn match.
- :class:`GapleMatch`: the source gives no match target; as an *interpretation*
  (RULES.md §3) each round's totals are kept as running penalty points and the
  lowest after an agreed number of rounds wins.  The previous round's winner
  starts the next round.
- :class:`DuelSeries`: the two-player game's document counts each game on its
  own ("the totals decide this game only"); a series just tallies wins and
  draws over an agreed number of games.  The lot picks the first game's
  starter; the start then alternates (the document is silent: a choice,
  stated where it is shown).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .rules import Ruleset
from .settlement import Settlement, settle
from .state import Opening, State

GAPLE_MATCH_NOTE = (
    "Interpretation: the Gaple document gives no match target; here each round's "
    "totals are running penalty points, and the lowest after the agreed rounds wins."
)


def _settled(finished: State, over: bool, what: str) -> Settlement:
    """A finished round's settlement for a match (``what``: "match", "series") that is not
    over yet; ValueError otherwise."""
    if not finished.over:
        raise ValueError("the round is still being played")
    _not_over(over, what)
    return settle(finished)


def _not_over(over: bool, what: str) -> None:
    if over:
        raise ValueError(f"the {what} is over")


def _sole(scores: list[int], best: int) -> tuple[int, ...]:
    """``(seat,)`` when one seat alone has the ``best`` score, else ``()``."""
    leaders = tuple(seat for seat, v in enumerate(scores) if v == best)
    return leaders if len(leaders) == 1 else ()


@dataclass(frozen=True, slots=True)
class Lot:
    """The lot's rounds of die rolls (seat → roll) and the seat that won it."""

    rounds: tuple[dict[int, int], ...]
    first: int


def draw_lots(players: int, rng: random.Random) -> Lot:
    """Each player rolls a die; the highest starts; tied highest roll again."""
    seats = list(range(players))
    rounds: list[dict[int, int]] = []
    while True:
        rolls = {seat: rng.randint(1, 6) for seat in seats}
        rounds.append(rolls)
        top = max(rolls.values())
        seats = [seat for seat, roll in rolls.items() if roll == top]
        if len(seats) == 1:
            return Lot(tuple(rounds), seats[0])


@dataclass
class BlockMatch:
    """A Block match in progress.  ``play_round`` is given the dealt state and
    returns it finished; :meth:`record` settles it and moves the start on."""

    rules: Ruleset
    rng: random.Random
    scores: list[int] = field(default_factory=list)
    starter: int = -1
    rounds: list[Settlement] = field(default_factory=list)
    lot: Lot | None = None
    goal: int | None = None  # a target agreed at the table instead of the rules' own

    def __post_init__(self) -> None:
        if self.goal is not None and self.goal < 1:
            raise ValueError(f"a match target is a positive number of points, not {self.goal}")
        if self.rules.family != "block":
            raise ValueError("BlockMatch plays Block rules")
        if not self.scores:
            self.scores = [0] * self.rules.players
        if self.starter < 0:
            self.lot = draw_lots(self.rules.players, self.rng)
            self.starter = self.lot.first

    @property
    def target(self) -> int:
        """The points that win: 100 with two players, 61 otherwise, or the agreed goal."""
        if self.goal is not None:
            return self.goal
        assert self.rules.target is not None
        return self.rules.target

    def deal(self) -> State:
        """The next round, dealt, with this round's starter to move."""
        return State.deal(self.rules, self.rng, to_move=self.starter)

    def record(self, finished: State) -> Settlement:
        """Settle a finished round, add its points, pass the start clockwise."""
        return self.add(_settled(finished, self.over, "match"))

    def add(self, result: Settlement) -> Settlement:
        """Add a settled round (one played at a real table: engine.notation.sheet), as :meth:`record`."""
        _not_over(self.over, "match")
        for seat, pts in enumerate(result.points):
            self.scores[seat] += pts
        self.rounds.append(result)
        self.starter = (self.starter + 1) % self.rules.players
        return result

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def winners(self) -> tuple[int, ...]:
        """The match winner as ``(seat,)``; ``()`` while it goes on or when drawn."""
        if not self.over:
            return ()
        return _sole(self.scores, max(self.scores))

    @property
    def drawn(self) -> bool:
        """The highest scores at or past the target are tied."""
        return self.over and not self.winners


@dataclass
class GapleMatch:
    """Running penalty totals over an agreed number of rounds (an interpretation)."""

    rules: Ruleset
    rng: random.Random
    rounds_agreed: int = 5
    penalties: list[int] = field(default_factory=list)
    rounds: list[Settlement] = field(default_factory=list)
    previous_winner: int | None = None
    note: str = GAPLE_MATCH_NOTE

    def __post_init__(self) -> None:
        if self.rules.family != "gaple":
            raise ValueError("GapleMatch plays Gaple rules")
        if not self.penalties:
            self.penalties = [0] * self.rules.players

    def deal(self) -> State:
        """With middle tiles: the previous winner (or the lot) starts.  With
        everything dealt: [0|0] opens the first round; later the previous
        winner must open with a double, the right passing on without one."""
        if self.previous_winner is None:
            return State.deal(self.rules, self.rng)
        opening: Opening = None if self.rules.middle_up else "double"
        return State.deal(self.rules, self.rng, to_move=self.previous_winner, opening=opening)

    def record(self, finished: State) -> Settlement:
        return self.add(_settled(finished, self.over, "match"))

    def add(self, result: Settlement) -> Settlement:
        """Add a settled round: its totals as penalties; its winner starts the next."""
        _not_over(self.over, "match")
        for seat, total in enumerate(result.totals):
            self.penalties[seat] += total
        self.rounds.append(result)
        self.previous_winner = result.winners[0]
        return result

    @property
    def over(self) -> bool:
        return len(self.rounds) >= self.rounds_agreed

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        return _sole(self.penalties, min(self.penalties))


@dataclass
class DuelSeries:
    """Two-player games in a row: each game's result tallied, nothing carried over."""

    rules: Ruleset
    rng: random.Random
    rounds_agreed: int = 5
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    rounds: list[Settlement] = field(default_factory=list)
    starter: int = -1
    lot: Lot | None = None

    def __post_init__(self) -> None:
        if self.rules.family != "duel":
            raise ValueError("DuelSeries plays the two-player game")
        if self.starter < 0:
            self.lot = draw_lots(2, self.rng)
            self.starter = self.lot.first

    def deal(self) -> State:
        return State.deal(self.rules, self.rng, to_move=self.starter)

    def record(self, finished: State) -> Settlement:
        return self.add(_settled(finished, self.over, "series"))

    def add(self, result: Settlement) -> Settlement:
        """Add a settled game: a win or a draw; the start passes to the other player."""
        _not_over(self.over, "series")
        if result.draw or not result.winners:
            self.draws += 1
        else:
            self.wins[result.winners[0]] += 1
        self.rounds.append(result)
        self.starter = 1 - self.starter
        return result

    @property
    def over(self) -> bool:
        return len(self.rounds) >= self.rounds_agreed

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        return _sole(self.wins, max(self.wins))


#: Any of the matches above.
Match = BlockMatch | GapleMatch | DuelSeries


def match_for(rules: Ruleset, rng: random.Random, goal: int | None = None) -> Match:
    """The match each family plays: Block to its target, Gaple's run of rounds
    (an interpretation), the two-player game's series.  ``goal``: the length agreed at the
    table instead of the family's own (Block: the target's points; else the rounds)."""
    if rules.family == "block":
        return BlockMatch(rules, rng, goal=goal)
    if goal is not None and goal < 1:
        raise ValueError(f"a match is at least one round, not {goal}")
    if rules.family == "gaple":
        return GapleMatch(rules, rng) if goal is None else GapleMatch(rules, rng, goal)
    return DuelSeries(rules, rng) if goal is None else DuelSeries(rules, rng, goal)
