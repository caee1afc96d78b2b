"""The rules of block dominoes: Pagat's Block, Gaple, and the two-player game.

Standard library only.  The pieces, from the bottom up:

- :mod:`engine.tiles` — the 28 tiles and their notation;
- :mod:`engine.moves` — plays, passes, draws and dead discards;
- :mod:`engine.rules` — rule families as frozen data with named presets;
- :mod:`engine.line` — the line of play and its diagram description;
- :mod:`engine.notation` — that description in each language of the site;
- :mod:`engine.state` — a round: legal moves, push (checked, with reasons) or push_unchecked (the fast path), undo;
- :mod:`engine.settlement` — a round's result with its arithmetic;
- :mod:`engine.view` — what one seat may know;
- :mod:`engine.match` — lots, matches and their targets;
- :mod:`engine.scenario` — the scenario files and lessons (TOML);
- :mod:`engine.code` — a position or a round as one line of text, to share (not the
  diagram description of :mod:`engine.notation`);
- :mod:`engine.source` — where the referee's commands read a game from (a file, a code, stdin);
- :mod:`engine.cli` — the referee: ``python -m engine replay|check|solve|code|bench|arena``.

The core modules also run compiled: ``make build`` compiles these same files with
mypyc, and :mod:`engine._build` imports that build only while it is current
(``COMPILED`` says which one runs).
"""

from . import _build

_build.choose()  # the compiled build if it is current, else the source (before any import)

from .line import Description, Line, LineError, Placement, SidePart
from .moves import DRAW, PASS, Move, MoveError
from .rules import (
    BLANK_DOUBLE_25,
    RulesError,
    Ruleset,
    block,
    duel,
    gaple,
    preset,
    ruleset_from_options,
)
from .state import IllegalMoveError, Refusal, State
from .tiles import TILES, Tile, TileError

#: Whether this process runs the mypyc-compiled build of the engine (see engine/_build.py).
COMPILED = _build.compiled()

__all__ = [
    "BLANK_DOUBLE_25",
    "COMPILED",
    "DRAW",
    "PASS",
    "TILES",
    "Description",
    "IllegalMoveError",
    "Line",
    "LineError",
    "Move",
    "MoveError",
    "Placement",
    "Refusal",
    "RulesError",
    "Ruleset",
    "SidePart",
    "State",
    "Tile",
    "TileError",
    "block",
    "duel",
    "gaple",
    "preset",
    "ruleset_from_options",
]
