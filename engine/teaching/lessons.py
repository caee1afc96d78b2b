"""Lessons: ordered steps over scenario positions, each with a task the engine checks.

A lesson file (``scenarios/lessons/*.toml``)::

    id = "matching-ends"          # equal to the file's stem
    title = "Matching ends"
    summary = "A tile joins an open end showing the same value."
    order = 2                      # place in the learning path

    [[steps]]
    id = "one-tile"                # unique within the lesson
    scenario = "d1-opening"        # a scenario id
    at = 1                         # show the position after this many of its moves (default: all)
    title = "…"
    text = "…"                     # the explanation
    show_hands = true              # the step is about seeing every hand: all face up
    hide_ends = true               # the step asks about the line: its open ends stay
                                   # unsaid until the step is answered
    [steps.task]
    kind = "play"                  # see TASK_KINDS
    accept = [{play = "1-1", end = "left"}]   # play: the moves that complete the task
    success = "…"                  # said when the learner gets it right
    hint = "…"                     # said on "show me"

The learner always holds the same seat, drawn at the bottom: South at a
table of compass seats, White at the documents' White-and-Black table
(:data:`LEARNER_SEATS`).  A task that asks for a move stands where that seat
is to move; the other hands are face down unless the step declares
``show_hands`` (settling steps count everyone's pips).  A step that asks about the line
(which values are open) declares ``hide_ends``: until it is answered, the page draws the
line without what names its open ends (the markers' values, the description's
continuation points), so the question does not print its own answer.

Every answer is computed by the engine from the position, never written in the
file: the open ends, the only legal move, whether the round is blocked, who
wins and how many points.  The loader checks that each task makes sense where
it stands (an ``only_move`` position has exactly one distinct legal move, an accepted
play is legal, a ``winner`` task stands on a finished round).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game.moves import Move, MoveError
from ..game.reading import NotUtf8, decode
from ..game.settlement import Settlement, settle
from ..game.state import State
from ..game.tiles import TileError
from .puzzle import verify as verify_puzzle
from .referee import check as check_expectations
from .scenario import Scenario, ScenarioError, find, load

#: ``watch``: read and go on.  ``play``: make a move that fits (or one of
#: ``accept``).  ``only_move``: find the single legal move.  ``ends``: name the
#: two open values.  ``blocked``: say whether anyone can still play.
#: ``winner``: say who wins the finished round (and, in Block, the points).
#: ``must_play``: the learner may try to pass; the task is to play instead.
TASK_KINDS = ("watch", "play", "only_move", "ends", "blocked", "winner", "must_play")
LESSON_KEYS = {"id", "title", "summary", "order", "family", "steps"}
STEP_KEYS = {"id", "scenario", "at", "title", "text", "show_hands", "hide_ends", "task"}
#: The learner's seat, by the scenario's seat names: the first of these it has.
LEARNER_SEATS = ("South", "White")
TASK_KEYS = {"kind", "prompt", "accept", "success", "hint"}


@dataclass(frozen=True)
class Task:
    kind: str
    prompt: str = ""
    accept: tuple[Move, ...] = ()
    success: str = ""
    hint: str = ""


@dataclass(frozen=True)
class Step:
    id: str
    scenario: Scenario
    at: int
    title: str
    text: str
    learner: int  # the learner's seat (LEARNER_SEATS), drawn at the bottom
    show_hands: bool
    task: Task
    hide_ends: bool = False  # the open ends go unsaid until the step is answered

    @property
    def hand(self) -> int:
        """Whose hand the learner holds: always the learner's seat."""
        return self.learner

    def state(self) -> State:
        """The position the step shows (a fresh state)."""
        state = self.scenario.initial()
        for move in self.scenario.moves[: self.at]:
            state.push(move)
        return state

    # The answers, from the engine.
    def open_ends(self) -> tuple[int, ...]:
        return tuple(self.state().line.ends)

    def only_move(self) -> Move | None:
        """The one distinct legal move, if there is only one (a tile on either of two equal
        ends is one move: :meth:`State.distinct_moves`)."""
        legal = self.state().distinct_moves()
        return legal[0] if len(legal) == 1 else None

    def is_blocked(self) -> bool:
        return self.state().nobody_can_play

    def settlement(self) -> Settlement:
        return settle(self.state())

    def accepts(self, move: Move) -> bool:
        """Whether a legal ``move`` completes a ``play``/``only_move``/``must_play`` task."""
        state = self.state()
        move = state.resolve(move)
        if state.why_illegal(move) is not None:
            return False
        if self.task.kind == "only_move":
            return True
        if self.task.accept:
            # An accepted play may leave out the end where the position decides it; on two
            # equal ends, left and right are one move (a file may name either).
            return state.canonical(move) in {state.canonical(state.resolve(m))
                                             for m in self.task.accept}
        return move.kind == "play"


@dataclass(frozen=True)
class Lesson:
    id: str
    file: str
    title: str
    summary: str
    order: int
    family: str
    steps: tuple[Step, ...] = field(default=())


def _err(file: str, where: str, message: str) -> ScenarioError:
    return ScenarioError(file, where, message)


def load_lesson(path: str | Path, scenarios: dict[str, Scenario]) -> Lesson:
    p = Path(path)
    file = p.name
    try:
        data = tomllib.loads(decode(p.read_bytes()))
    except NotUtf8 as e:
        raise _err(file, "", str(e)) from None
    except tomllib.TOMLDecodeError as e:
        raise _err(file, "", f"not valid TOML: {e}") from None
    return parse_lesson(data, file, scenarios, stem=p.stem)


def _str(data: dict[str, Any], key: str, file: str, where: str, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise _err(file, f"{where}{key}", "must be a string")
    return value


def parse_lesson(data: dict[str, Any], file: str, scenarios: dict[str, Scenario],
                 stem: str | None = None) -> Lesson:
    extra = sorted(set(data) - LESSON_KEYS)
    if extra:
        raise _err(file, extra[0], "unknown key")
    lid = _str(data, "id", file, "")
    if not lid:
        raise _err(file, "id", "missing")
    if stem is not None and lid != stem:
        raise _err(file, "id", f"{lid!r} must equal the file's stem, {stem!r}")
    order = data.get("order", 0)
    if not isinstance(order, int):
        raise _err(file, "order", "must be a number")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise _err(file, "steps", "a lesson needs at least one [[steps]]")
    steps: list[Step] = []
    seen: set[str] = set()
    for n, raw in enumerate(raw_steps, start=1):
        where = f"steps[{n}]"
        if not isinstance(raw, dict):
            raise _err(file, where, "must be a table")
        extra = sorted(set(raw) - STEP_KEYS)
        if extra:
            raise _err(file, f"{where}.{extra[0]}", "unknown key")
        sid = _str(raw, "id", file, f"{where}.")
        if not sid or sid in seen:
            raise _err(file, f"{where}.id", "missing or used twice")
        seen.add(sid)
        scenario_id = _str(raw, "scenario", file, f"{where}.")
        if scenario_id not in scenarios:
            raise _err(file, f"{where}.scenario", f"no scenario with id {scenario_id!r}")
        scenario = scenarios[scenario_id]
        at = raw.get("at", len(scenario.moves))
        if not isinstance(at, int) or not 0 <= at <= len(scenario.moves):
            raise _err(file, f"{where}.at",
                       f"must be from 0 to {len(scenario.moves)} (the scenario's moves)")
        learner = learner_seat(scenario.seats)
        if learner is None:
            raise _err(file, f"{where}.scenario", f"the learner sits at "
                       f"{' or '.join(LEARNER_SEATS)}, and {scenario_id!r} has neither seat")
        show = raw.get("show_hands", False)
        if not isinstance(show, bool):
            raise _err(file, f"{where}.show_hands", "must be true or false")
        hide = raw.get("hide_ends", False)
        if not isinstance(hide, bool):
            raise _err(file, f"{where}.hide_ends", "must be true or false")
        task = _parse_task(raw.get("task", {"kind": "watch"}), file, f"{where}.task")
        step = Step(sid, scenario, at, _str(raw, "title", file, f"{where}."),
                    _str(raw, "text", file, f"{where}."), learner, show, task, hide)
        _check_task(step, file, f"{where}.task")
        steps.append(step)
    return Lesson(lid, file, _str(data, "title", file, "", lid), _str(data, "summary", file, ""),
                  order, _str(data, "family", file, "", "all"), tuple(steps))


def learner_seat(seats: tuple[str, ...] | list[str]) -> int | None:
    """The learner's seat among a scenario's seat names (None: the table has none)."""
    for name in LEARNER_SEATS:
        if name in seats:
            return list(seats).index(name)
    return None


def _parse_task(raw: object, file: str, where: str) -> Task:
    if not isinstance(raw, dict):
        raise _err(file, where, "must be a table")
    extra = sorted(set(raw) - TASK_KEYS)
    if extra:
        raise _err(file, f"{where}.{extra[0]}", "unknown key")
    kind = raw.get("kind", "watch")
    if kind not in TASK_KINDS:
        raise _err(file, f"{where}.kind", f"must be one of {', '.join(TASK_KINDS)}")
    accept: list[Move] = []
    raw_accept = raw.get("accept", [])
    if not isinstance(raw_accept, list):
        raise _err(file, f"{where}.accept", "must be a list of moves")
    for i, m in enumerate(raw_accept):
        try:
            accept.append(Move.from_dict(m))
        except (MoveError, TileError, TypeError, AttributeError) as e:
            raise _err(file, f"{where}.accept[{i}]", str(e)) from None
    texts = {k: _str(raw, k, file, f"{where}.") for k in ("prompt", "success", "hint")}
    return Task(str(kind), accept=tuple(accept), **texts)


def _check_task(step: Step, file: str, where: str) -> None:
    state = step.state()
    kind = step.task.kind
    if kind in ("play", "only_move", "must_play") and state.over:
        raise _err(file, where, f"a {kind} task needs a round still being played")
    if kind in ("play", "only_move", "must_play") and state.mover != step.learner:
        raise _err(file, where, f"a {kind} task needs the learner "
                   f"({step.scenario.seats[step.learner]}) to move here")
    if kind == "only_move" and len(state.distinct_moves()) != 1:
        raise _err(file, where, f"only_move needs exactly one legal move here, not "
                   f"{len(state.distinct_moves())}")
    if kind == "must_play" and not any(m.kind == "play" for m in state.legal_moves()):
        raise _err(file, where, "must_play needs a position where the mover can play")
    for i, move in enumerate(step.task.accept):
        resolved = state.resolve(move)
        refusal = state.why_illegal(resolved)
        if refusal is not None:
            raise _err(file, f"{where}.accept[{i}]", f"{move.text()} is illegal here: "
                       f"{refusal.message}")
    if kind == "winner" and not state.over:
        raise _err(file, where, "a winner task needs a finished round")
    if step.hide_ends and kind in ("watch", "play", "only_move", "must_play"):
        raise _err(file, where, "hide_ends is for a question answered off the board "
                   "(ends, blocked, winner): the ends show once it is answered")
    if kind == "ends" and state.line.empty:
        raise _err(file, where, "an ends task needs tiles on the line")


def load_tree(root: str | Path = "scenarios", skip: tuple[str, ...] = ()
              ) -> tuple[dict[str, Scenario], list[Lesson], list[ScenarioError]]:
    """Every scenario under ``root`` (but in folders named in ``skip``) and every lesson
    under ``root/lessons`` that loads, lessons in path order, and the error of each file
    that does not."""
    base = Path(root)
    scenarios: dict[str, Scenario] = {}
    problems: list[ScenarioError] = []
    for path in find([base], skip) if base.is_dir() else []:
        try:
            s = load(path)
        except ScenarioError as e:
            problems.append(e)
            continue
        if s.id in scenarios:
            problems.append(_err(path.name, "id", f"{s.id!r} is also the id of "
                                 f"{scenarios[s.id].file}"))
            continue
        scenarios[s.id] = s
    lessons: list[Lesson] = []
    for path in sorted((base / "lessons").glob("*.toml")):
        try:
            lessons.append(load_lesson(path, scenarios))
        except ScenarioError as e:
            problems.append(e)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return scenarios, lessons, problems


def load_all(root: str | Path = "scenarios") -> tuple[dict[str, Scenario], list[Lesson]]:
    """Every scenario and lesson under ``root``; the first problem is raised."""
    scenarios, lessons, problems = load_tree(root)
    if problems:
        raise problems[0]
    return scenarios, lessons


def check_paths(paths: list[str]) -> tuple[list[str], int]:
    """Load every scenario and lesson under ``paths`` and check expectations.

    Returns one line per problem and the number of files looked at.
    """
    problems: list[str] = []
    scenarios: dict[str, Scenario] = {}
    count = 0
    lesson_files: list[Path] = []
    scenario_paths: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            problems.append(f"{raw}: no such file or folder")
            continue
        if "lessons" in p.parts:
            # A lessons folder (or one lesson file): lessons only.
            lesson_files.extend(sorted(p.glob("*.toml")) if p.is_dir() else [p])
            continue
        if p.is_dir():
            lesson_files.extend(sorted(p.rglob("lessons/*.toml")))
        scenario_paths.append(p)
    for path in find(list(scenario_paths)):
        count += 1
        try:
            s = load(path)
        except ScenarioError as e:
            problems.append(str(e))
            continue
        if s.id in scenarios:
            problems.append(f"{path.name}: id: {s.id!r} is also the id of {scenarios[s.id].file}")
            continue
        scenarios[s.id] = s
        problems.extend(f"{s.file}: {p}" for p in check_expectations(s))
        if s.puzzle is not None:  # its answer, worked out again (engine/teaching/puzzle.py)
            problems.extend(f"{s.file}: {p}" for p in verify_puzzle(s.replay(), s.puzzle))
    if lesson_files and not scenario_paths:
        # Lessons checked on their own: their scenarios are in the folder above.
        # A broken scenario is left out here; checking that folder reports it.
        for path in find([Path(lesson_files[0]).parent.parent]):
            try:
                s = load(path)
            except ScenarioError:
                continue
            scenarios.setdefault(s.id, s)
    for path in lesson_files:
        count += 1
        try:
            load_lesson(path, scenarios)
        except ScenarioError as e:
            problems.append(str(e))
    return problems, count
