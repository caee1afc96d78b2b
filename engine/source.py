"""Where the referee's commands read their game from: a scenario file, a code, or standard input.

``replay``, ``solve``, ``code`` (and every command that takes a game) share one input:

- ``FILE``: a scenario file (TOML, CONTRACT.md);
- ``--position CODE``: a position code, ``--round CODE``: a round code (:mod:`engine.notation.code`);
- ``-``: standard input, holding either a scenario file's text or a code (one line).

:func:`add_arguments` declares these on a command's parser and :func:`read` turns the parsed
arguments into a :class:`Source`: the round it plays (a scenario is a round: its start and
its moves) or the position it gives, with a short ``label`` that names it in error messages
in place of a file's name (``position``, ``round``, ``stdin``).  A command that takes a
game wires it in two lines::

    source.add_arguments(command_parser)          # in place of add_argument("file")
    src = source.read(args)                        # then src.state(), src.view(seat), src.error(e)
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import TextIO

from .game.reading import NotUtf8, decode
from .game.state import State
from .game.view import SeatView
from .notation.code import Position, Round, parse, parse_position, parse_round
from .teaching.scenario import Scenario, load, loads


@dataclass(frozen=True)
class Source:
    """A game read from the command line: a round (a scenario or a round code) or a
    position (a position code, perhaps one seat's view).  ``label`` names it in messages,
    ``id`` is the referee's ``id`` (a scenario's own, else the label)."""

    label: str
    id: str
    round: Round | None = None
    given: Position | None = None

    @classmethod
    def of_scenario(cls, scenario: Scenario, label: str | None = None) -> Source:
        start = Position.from_state(scenario.initial())
        return cls(label or scenario.file, scenario.id, Round(start, scenario.moves))

    def error(self, problem: object) -> ValueError:
        """A one-line error that names this input."""
        return ValueError(f"{self.label}: {problem}")

    def position(self) -> Position:
        """The position after every move (every hand shown unless a seat's view was given)."""
        if self.round is not None:
            return self.round.position()
        assert self.given is not None
        return self.given

    def state(self) -> State:
        """The state after every move; refused for a seat's view (its hands are counts)."""
        if self.round is not None:
            return self.round.final()
        try:
            return self.position().state()
        except ValueError as e:
            raise self.error(e) from None

    def view_position(self, seat: int) -> Position:
        """The position after every move as ``seat`` sees it."""
        try:
            return self.position().seen_by(seat)
        except ValueError as e:
            raise self.error(e) from None

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` sees after every move (default: the seat's view given, else the
        seat to move)."""
        try:
            return self.position().view(seat)
        except ValueError as e:
            raise self.error(e) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the input on a command's parser: ``FILE``, ``-``, ``--position`` or ``--round``."""
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("file", nargs="?", metavar="FILE",
                       help="a scenario file (TOML), or - to read a scenario or a code from "
                            "standard input")
    group.add_argument("--position", metavar="CODE", help="a position code (README: Notation)")
    group.add_argument("--round", metavar="CODE", help="a round code (README: Notation)")


def read(args: argparse.Namespace, stdin: TextIO | None = None) -> Source:
    """The :class:`Source` the arguments name (errors are ``ValueError``\\ s of one line that
    start with the input's label)."""
    if args.position is not None:
        return from_code(args.position, "position", want="position")
    if args.round is not None:
        return from_code(args.round, "round", want="round")
    if args.file == "-":
        text = read_stdin(stdin)
        if looks_like_code(text):
            return from_code(text.strip(), "stdin")
        return Source.of_scenario(loads(text, "stdin"), "stdin")
    return Source.of_scenario(load(args.file))


def read_stdin(stdin: TextIO | None = None) -> str:
    """Standard input's text, read as a scenario file is (strictly UTF-8, whatever the
    locale); a ``ValueError`` naming ``stdin`` when it is closed, cannot be read, is not
    UTF-8 or is empty."""
    stream = stdin or sys.stdin
    if stream is None:
        raise ValueError("stdin: standard input is closed: give a scenario or a code on it")
    try:
        raw = getattr(stream, "buffer", None)
        text = decode(raw.read()) if raw is not None else stream.read()
    except NotUtf8 as e:
        raise ValueError(f"stdin: {e}") from None
    except UnicodeDecodeError as e:  # a text stream that decodes strictly by itself
        raise ValueError(f"stdin: not UTF-8 text: byte 0x{e.object[e.start]:02x} (byte "
                         f"{e.start + 1}) cannot be read; save it as UTF-8") from None
    except (OSError, ValueError) as e:  # a folder, a closed file
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise ValueError(f"stdin: cannot be read: {why}") from None
    if not text.strip():
        raise ValueError("stdin: empty: give a scenario or a code on standard input")
    return text


def looks_like_code(text: str) -> bool:
    """Whether standard input holds a code rather than a scenario file: one word, no ``=``."""
    words = text.split()
    return len(words) == 1 and "=" not in words[0]


def from_code(code: str, label: str, want: str | None = None) -> Source:
    """A source from a code; ``want`` (``position`` or ``round``) refuses the other kind."""
    try:
        if want == "position":
            value: Position | Round = parse_position(code)
        elif want == "round":
            value = parse_round(code)
        else:
            value = parse(code)
    except ValueError as e:
        raise ValueError(f"{label}: {e}") from None
    if isinstance(value, Round):
        return Source(label, label, round=value)
    return Source(label, label, given=value)
