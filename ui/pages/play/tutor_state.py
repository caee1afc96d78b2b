"""What Play's tutor mode holds for the table, one position at a time: the looks asked and
taken in, a move held or stopped (its logic is :mod:`ui.pages.play.tutor`, which builds on the
table's, :mod:`ui.pages.play.logic`; the table keeps a :class:`Tutor` when the mode is on)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.game.moves import Move
from engine.game.view import SeatView
from engine.search.appraise import Appraisal, MoveAppraisal

from ... import thinking

Moment = tuple[int, int, int]  # (round number, replays, moves played): one position


@dataclass
class Stop:
    """Tutor mode stopped the table before the learner's ``move`` (its appraisal ``item``)."""

    position: Moment
    move: Move
    item: MoveAppraisal
    appraisal: Appraisal
    number: int  # the tutor's stops so far, this one included (each its own announcement)
    hint: bool = False  # "Hint" pressed: the appraisal's best move is shown
    #: The appraisal of every move the hint is drawn from, where ``appraisal`` is of the
    #: moves the looks the move waited for were narrowed to (:class:`Focus`).
    every: Appraisal | None = None

    @property
    def hinted(self) -> Appraisal:
        """The appraisal the hint shows the best move of, and why."""
        return self.appraisal if self.every is None else self.every


@dataclass
class Focus:
    """A held move's own looks (``play_tutor._look_again``): the learner's view narrowed to
    the move and the best move so far (``play_tutor_judge.focus``; the learner's view itself
    when none can be left out), and their deals added up so far, those of the looks before
    it included (``known``); ``answer``: the look asked for it."""

    position: Moment
    move: Move
    view: SeatView
    known: Appraisal
    answer: thinking.Answer[Appraisal]


@dataclass
class Tutor:
    """What tutor mode holds for the table, one position at a time (its logic, which builds
    on the table's, is :mod:`ui.pages.play.tutor`)."""

    asked: tuple[Moment, thinking.Answer[Appraisal]] | None = None  # the latest asked
    known: Appraisal | None = None  # the asked position's appraisal on the most deals so far
    further: int = 0  # how many times the position has been appraised again
    held: tuple[Moment, Move] | None = None  # a move waiting for the appraisal
    #: A doubtful move held for more looks, and how many it has waited for (play_tutor).
    doubted: tuple[Moment, Move, int] | None = None
    focus: Focus | None = None  # the looks of the move held last (play_tutor._look_again)
    stop: Stop | None = None
    again: tuple[Moment, int] | None = None  # the stop (its number) left with "Think again"
    #: A held move let through unsettled (``play_tutor_judge.unsure``): the position after
    #: it, and what its looks said of it (its appraisal and theirs).
    unsure: tuple[Moment, MoveAppraisal, Appraisal] | None = None
    stops: int = 0
    overruled: list[int] = field(default_factory=list)  # plies played anyway after a stop
