"""The rules of block dominoes: Pagat's Block, Gaple, and the two-player game.

Standard library only.  Layers, each importing only the ones before it
(``tests/engine/test_engine_structure.py`` checks it, and that no modules import each other
in a circle):

1. :mod:`engine.game` — tiles, moves, rule families, the line, a round's state and its
   settlement, what one seat may know (knowledge, view), matches;
2. :mod:`engine.notation` — the game written down: the line's diagram description in each
   language (``diagram``), a position or a round as one line of text (``code``), the score
   sheet of a real table (``sheet``);
3. :mod:`engine.search` — the solver and the judge: the exact search (``solve``), the deals
   a seat's view allows (``deals``, ``sampler``, ``inference``), a round's score for a seat
   (``scoring``), each move's worth from the mover's view (``appraise``, ``paired``);
4. :mod:`engine.players` — the computer players (``bots``, ``counting``, ``reasons``),
   random playouts (``bench``) and the arena;
5. :mod:`engine.teaching` — scenario files and their checks (``scenario``, ``referee``),
   lessons, quiz, drill, puzzles and their themes, the strategy principles;
6. this package's own modules, over all of them: :mod:`engine.source` (where the referee's
   commands read a game from: a file, a code, stdin) and :mod:`engine.cli` (the referee:
   ``python -m engine replay|check|solve|code|bench|arena|appraise|puzzles``).

The names most callers want are here, at the top (``from engine import State, block``).
The core modules also run compiled: ``make build`` compiles these same files with
mypyc, and :mod:`engine._build` imports that build only while it is current
(``COMPILED`` says which one runs).
"""

from . import _build

_build.choose()  # the compiled build if it is current, else the source (before any import)

from .game.line import Description, Line, LineError, Placement, SidePart
from .game.moves import DRAW, PASS, Move, MoveError
from .game.rules import (
    BLANK_DOUBLE_25,
    RulesError,
    Ruleset,
    block,
    duel,
    gaple,
    preset,
    ruleset_from_options,
)
from .game.state import IllegalMoveError, Refusal, State
from .game.tiles import TILES, Tile, TileError

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
