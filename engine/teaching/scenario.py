"""Scenario files (TOML, per CONTRACT.md): load, validate, replay, check.

A scenario is a position (``[start]``), the rules it is played under, and a
script of moves.  Loading is strict: an unknown key, a tile named twice, a
line whose neighbours do not join or a move the rules forbid is refused with
one :class:`ScenarioError` naming the file and the field or move.

Beyond the contract's fields, a file may carry:

- ``title`` and ``notes`` (text for the site), ``seats`` (names per hand);
- ``note`` on a move (what the worked example says at that step);
- ``[start] open_with = "double"`` (Gaple: the opener must be a double);
- ``[expect]``: any keys of the referee's report, checked by ``engine check``;
  ``[expect.descriptions]`` maps a language to its expected description;
- ``[puzzle]``: the file is a puzzle, a decision of the seat to move after its moves
  (:mod:`engine.teaching.puzzle`: the answer and the appraisal's figures, checked by ``engine check``).

:func:`dumps` writes a start position and its moves back as a scenario (the round codes of
:mod:`engine.notation.code` become files this way: ``python -m engine code --round … --toml``).
"""

from __future__ import annotations

import json
import stat
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game.line import Line, LineError
from ..game.moves import Move, MoveError
from ..game.reading import NotUtf8, cut, decode, quoted
from ..game.rules import RulesError, Ruleset, preset
from ..game.state import IllegalMoveError, Opening, State
from ..game.tiles import Tile, TileError, parse_halves
from .puzzle import Puzzle, PuzzleError
from .puzzle import parse as parse_puzzle


class ScenarioError(ValueError):
    """A malformed scenario: ``file: where: what``."""

    def __init__(self, file: str, where: str, message: str) -> None:
        super().__init__(f"{file}: {where}: {message}" if where else f"{file}: {message}")
        self.file, self.where, self.message = file, where, message


TOP_KEYS = {"id", "rules", "source", "title", "notes", "seats", "options", "start", "moves",
            "expect", "puzzle"}
START_KEYS = {"hands", "ends", "line", "stock", "to_move", "dead", "passes", "must_open",
              "open_with"}
MOVE_KEYS = {"play", "end", "pass", "draw", "discard", "note"}
EXPECT_KEYS = {"status", "ends", "to_move", "hands", "dead", "stock", "totals", "winners",
               "draw", "points", "legal", "description", "descriptions"}


@dataclass(frozen=True)
class Scenario:
    id: str
    file: str
    rules: Ruleset
    source: str | None
    title: str
    notes: str
    seats: tuple[str, ...]
    moves: tuple[Move, ...]
    move_notes: tuple[str, ...]
    expect: Mapping[str, Any]
    _start: Mapping[str, Any] = field(repr=False)
    puzzle: Puzzle | None = None  # a puzzle's answer and figures (engine.teaching.puzzle)

    def initial(self) -> State:
        """A fresh state at the scenario's start."""
        return _build_start(self.file, self.rules, self._start)

    def states(self) -> Iterator[State]:
        """The start, then the state after each scripted move (fresh copies)."""
        state = self.initial()
        yield state.copy()
        for move in self.moves:
            state.push(move)
            yield state.copy()

    def replay(self) -> State:
        """The state after every scripted move."""
        state = self.initial()
        for move in self.moves:
            state.push(move)
        return state


def load(path: str | Path) -> Scenario:
    """Read and validate one scenario file, replaying its moves."""
    p = Path(path)
    name = cut(p.name or str(path), 64)  # "." or "/" has no name of its own
    try:
        # Only a regular file is read: a folder or a named pipe called *.toml is refused
        # (opening a pipe would wait for a writer forever).
        if not stat.S_ISREG(p.stat().st_mode):
            raise ScenarioError(name, "", "not a regular file")
        text = decode(p.read_bytes())
    except FileNotFoundError:
        raise ScenarioError(name, "", "no such file") from None
    except OSError as e:
        raise ScenarioError(name, "", f"cannot be read: {e.strerror}") from None
    except NotUtf8 as e:
        raise ScenarioError(name, "", str(e)) from None
    return loads(text, name, stem=p.stem)


def loads(text: str, name: str, stem: str | None = None) -> Scenario:
    """Read and validate a scenario from its TOML text (``name`` names it in errors; the id
    must equal ``stem`` when one is given), replaying its moves."""
    try:
        if text.startswith("\ufeff"):
            raise ScenarioError(name, "", "not valid TOML: it begins with a byte-order mark "
                                "(save it as UTF-8 without one)")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(name, "", f"not valid TOML: {e}") from None
    except RecursionError:
        raise ScenarioError(name, "", "nested too deeply") from None
    try:
        return parse(data, name, stem=stem)
    except RecursionError:
        raise ScenarioError(name, "", "nested too deeply") from None


def _need(cond: bool, file: str, where: str, message: str) -> None:
    if not cond:
        raise ScenarioError(file, where, message)


def _unknown(data: Mapping[str, Any], allowed: set[str], file: str, where: str) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        prefix = f"{where}." if where else ""
        raise ScenarioError(file, f"{prefix}{cut(extra[0])}", "unknown key")


def parse(data: Mapping[str, Any], file: str, stem: str | None = None) -> Scenario:
    """Validate parsed TOML as a scenario (``file`` names it in errors)."""
    _unknown(data, TOP_KEYS, file, "")
    sid = data.get("id")
    _need(isinstance(sid, str), file, "id", "missing or not a string")
    _need(sid != "", file, "id", "is empty: it must equal the file's stem")
    assert isinstance(sid, str)
    if stem is not None:
        _need(sid == stem, file, "id", f"{quoted(sid)} must equal the file's stem, {quoted(stem)}")
    family = data.get("rules")
    _need(family is not None, file, "rules", 'missing: "block", "gaple" or "duel"')
    _need(isinstance(family, str), file, "rules", 'must be one of "block", "gaple" or "duel"')
    options = data.get("options", {})
    _need(isinstance(options, dict), file, "options", "must be a table")
    try:
        rules = preset(str(family), options)
    except RulesError as e:
        where = "rules" if "rules must" in str(e) else "options"
        raise ScenarioError(file, where, str(e)) from None
    for key in ("source", "title", "notes"):
        _need(isinstance(data.get(key, ""), str), file, key, "must be a string")
    seats = data.get("seats", [f"Player {i + 1}" for i in range(rules.players)])
    _need(isinstance(seats, list) and len(seats) == rules.players
          and all(isinstance(s, str) for s in seats),
          file, "seats", f"must be a list of {rules.players} names")
    start = data.get("start", {})
    _need(isinstance(start, dict), file, "start", "must be a table")
    state = _build_start(file, rules, start)

    raw_moves = data.get("moves", [])
    _need(isinstance(raw_moves, list), file, "moves", "must be an array of tables")
    moves: list[Move] = []
    notes: list[str] = []
    for n, raw in enumerate(raw_moves, start=1):
        where = f"move {n}"
        _need(isinstance(raw, dict), file, where, "must be a table")
        _unknown(raw, MOVE_KEYS, file, where)
        note = raw.get("note", "")
        _need(isinstance(note, str), file, f"{where}.note", "must be a string")
        try:
            move = Move.from_dict({k: v for k, v in raw.items() if k != "note"})
        except (MoveError, TileError) as e:
            raise ScenarioError(file, where, str(e)) from None
        try:
            moves.append(state.push(move))
        except IllegalMoveError as e:
            raise ScenarioError(file, f"{where} ({move.text()})", str(e)) from None
        notes.append(note)

    expect = data.get("expect", {})
    _need(isinstance(expect, dict), file, "expect", "must be a table")
    _unknown(expect, EXPECT_KEYS, file, "expect")
    puzzle = None
    if "puzzle" in data:
        try:
            puzzle = parse_puzzle(data["puzzle"], rules)
        except PuzzleError as e:
            raise ScenarioError(file, e.where, e.message) from None
        mover = "nobody" if state.mover is None else f"player {state.mover}"
        _need(state.mover == puzzle.seat, file, "puzzle.seat",
              f"{mover} is to move after the moves, not player {puzzle.seat}")
    return Scenario(sid, file, rules, data.get("source"), data.get("title", sid),
                    data.get("notes", ""), tuple(seats), tuple(moves), tuple(notes),
                    expect, start, puzzle)


def _tile(file: str, where: str, text: object) -> Tile:
    _need(isinstance(text, str), file, where, f"{quoted(text)} is not a tile: write it as a-b")
    try:
        return Tile.parse(str(text))
    except TileError as e:
        raise ScenarioError(file, where, str(e)) from None


def _tile_lists(file: str, where: str, value: object, count: int) -> list[list[Tile]]:
    _need(isinstance(value, list) and len(value) == count, file, where,
          f"must be a list of {count} lists of tiles")
    assert isinstance(value, list)
    out = []
    for i, items in enumerate(value):
        _need(isinstance(items, list), file, f"{where}[{i}]", "must be a list of tiles")
        out.append([_tile(file, f"{where}[{i}][{j}]", t) for j, t in enumerate(items)])
    return out


def _build_start(file: str, rules: Ruleset, start: Mapping[str, Any]) -> State:
    _unknown(start, START_KEYS, file, "start")
    n = rules.players
    hands = _tile_lists(file, "start.hands", start.get("hands", [[] for _ in range(n)]), n)
    dead = _tile_lists(file, "start.dead", start.get("dead", [[] for _ in range(n)]), n)
    if rules.family != "gaple":
        _need(not any(dead), file, "start.dead", "dead tiles are only for gaple")
    elif not rules.dead_tiles:
        _need(not any(dead), file, "start.dead",
              "no dead tiles in the pass variant (dead_tiles = false)")
    for i, hand in enumerate(hands):
        _need(bool(hand), file, f"start.hands[{i}]", "is empty: a round ends when a hand "
              "empties, so start from the position before")
    if not rules.draw_mode:  # without drawing, a hand only shrinks from the deal
        for i, (hand, gone) in enumerate(zip(hands, dead)):
            held = f"{len(hand)} tiles" + (f" and {len(gone)} dead" if gone else "")
            _need(len(hand) + len(gone) <= rules.hand_size, file, f"start.hands[{i}]",
                  f"{held}: more than the {rules.hand_size} dealt, and nobody draws here")
    named: dict[Tile, str] = {}

    def claim(tile: Tile, where: str) -> None:
        _need(tile not in named, file, where, f"{tile} is named twice (also at {named.get(tile)})")
        named[tile] = where

    for i, hand in enumerate(hands):
        for j, t in enumerate(hand):
            claim(t, f"start.hands[{i}][{j}]")
    for i, tiles in enumerate(dead):
        for j, t in enumerate(tiles):
            claim(t, f"start.dead[{i}][{j}]")

    _need(not ("line" in start and "ends" in start), file, "start",
          "give either line or ends, not both")
    line = Line()
    if "ends" in start:
        ends = start["ends"]
        _need(isinstance(ends, list) and len(ends) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6
                  for v in ends),
              file, "start.ends", "must be two values from 0 to 6, left then right")
        line = Line(hidden_ends=(ends[0], ends[1]))
    elif "line" in start:
        raw = start["line"]
        _need(isinstance(raw, list), file, "start.line", "must be a list of tiles")
        laid: list[tuple[int, int]] = []
        for j, text in enumerate(raw):
            where = f"start.line[{j}]"
            tile = _tile(file, where, text)
            claim(tile, where)
            a, b = parse_halves(str(text))
            laid.append((a, b))
        try:
            line = Line.from_layout(laid)
        except LineError as e:
            raise ScenarioError(file, "start.line", str(e)) from None

    stock_raw = start.get("stock")
    stock: list[Tile] | int
    if isinstance(stock_raw, list):
        stock = []
        for j, text in enumerate(stock_raw):
            tile = _tile(file, f"start.stock[{j}]", text)
            claim(tile, f"start.stock[{j}]")
            stock.append(tile)
    elif stock_raw is None:
        stock = 0 if line.hidden_ends is not None else 28 - len(named)
    else:
        _need(isinstance(stock_raw, int) and not isinstance(stock_raw, bool) and stock_raw >= 0,
              file, "start.stock", "must be a count or a list of tiles")
        stock = int(stock_raw)
        _need(stock <= 28 - len(named), file, "start.stock",
              f"{stock} tiles, but only {28 - len(named)} are not named elsewhere")

    to_move = start.get("to_move", 0)
    _need(isinstance(to_move, int) and not isinstance(to_move, bool) and 0 <= to_move < n,
          file, "start.to_move", f"must be a player index from 0 to {n - 1}")
    passes = start.get("passes", 0)
    _need(isinstance(passes, int) and not isinstance(passes, bool) and 0 <= passes < n,
          file, "start.passes", f"must be from 0 to {n - 1}")
    opening: Opening = None
    if "must_open" in start:
        opening = _tile(file, "start.must_open", start["must_open"])
        _need(line.empty, file, "start.must_open", "only applies to an empty line")
        _need(opening in named and named[opening].startswith("start.hands"), file,
              "start.must_open", f"{opening} is in nobody's hand")
        _need(named[opening].startswith(f"start.hands[{to_move}]"), file, "start.must_open",
              f"{opening} must be in the hand of the player to move, player {to_move}")
    if "open_with" in start:
        _need(start["open_with"] == "double", file, "start.open_with", 'the only value is "double"')
        _need(line.empty and opening is None, file, "start.open_with",
              "only applies to an empty line without must_open")
        opening = "double"
    return State.setup(rules, hands, line=line, stock=stock, dead=dead, to_move=to_move,
                       passes=passes, opening=opening)


def find(paths: list[str | Path], skip: tuple[str, ...] = ()) -> list[Path]:
    """Every ``*.toml`` scenario under the given files and folders (lessons
    live in a ``lessons`` folder and are not scenarios), but in folders named in ``skip``."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found.extend(f for f in sorted(p.rglob("*.toml")) if "lessons" not in f.parts
                         and not any(name in f.relative_to(p).parts[:-1] for name in skip))
        else:
            found.append(p)
    return found


def _toml(value: object) -> str:
    """A value as TOML writes it (strings, whole numbers, booleans and lists of them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # ASCII with escapes: a TOML basic string too
    assert isinstance(value, list)
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def dumps(sid: str, start: State, moves: Sequence[Move] = ()) -> str:
    """A scenario file (TOML) whose ``[start]`` is ``start`` and whose moves are ``moves``:
    :func:`loads` reads it back to the same states.

    A scenario's ``line`` is read as played from left to right (``ends`` as a line whose
    tiles are not shown at all), so a start whose line was played otherwise, or a line with
    tiles after a hidden part, is refused with a ``ValueError``; so is a start that has
    ended."""
    rules = start.rules
    if start.over:
        raise ValueError("a scenario starts from a position still being played")
    out = [f"id = {_toml(sid)}", f"rules = {_toml(rules.family)}", "", "[options]"]
    out += [f"{k} = {_toml(v)}" for k, v in rules.options().items()]
    out += ["", "[start]"]
    seats = range(start.players)
    out.append(f"hands = {_toml([[str(t) for t in start.hand(i)] for i in seats])}")
    line = start.line
    if line.hidden_ends is not None:
        if line.placements:
            raise ValueError("a scenario's line is either its ends or its tiles: this one "
                             "has tiles after a part whose history is not shown")
        out.append(f"ends = {_toml(list(line.hidden_ends))}")
    elif line.placements:
        layout = [(p.left, p.right) for p in line.layout()]
        if Line.from_layout(layout).placements != line.placements:
            raise ValueError("a scenario's line is played from left to right; this one was "
                             "played in another order (its description would change)")
        out.append(f"line = {_toml([f'{a}-{b}' for a, b in layout])}")
    stock = start.stock
    listed = [str(t) for t in stock] if stock is not None else None
    out.append(f"stock = {_toml(listed if listed is not None else start.stock_count)}")
    out.append(f"to_move = {start.to_move}")
    if any(start.dead_masks):
        out.append(f"dead = {_toml([[str(t) for t in start.dead_tiles(i)] for i in seats])}")
    if start.passes:
        out.append(f"passes = {start.passes}")
    if start.opening == "double":
        out.append('open_with = "double"')
    elif start.opening is not None:
        out.append(f"must_open = {_toml(str(start.opening))}")
    for move in moves:
        out += ["", "[[moves]]"] + [f"{k} = {_toml(v)}" for k, v in move.to_dict().items()]
    return "\n".join(out) + "\n"
