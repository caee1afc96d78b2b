"""The position code and the round code: a position or a whole round as one short line of text.

Not to be confused with :mod:`engine.notation.diagram`, the documents' *diagram description* of a line
in seven languages ("Tiles: [1|4], [1|1]. Connections: …").  This module is the text to share a
game, as FEN and PGN are for chess: short enough for an address (``?pos=…``, ``?round=…``),
plain enough to type, and exact: ``parse(text(x)) == x`` for every :class:`Position` and
:class:`Round`, and ``text(parse(s)) == s`` for every code in its canonical form (the form
:func:`text` writes).  ASCII letters, digits and ``/ . *`` only.

A **position** is five fields separated by ``/``, then optional tagged fields::

    d2/2344.011122/6*3/*14/0              E1 before White's move (the duel, no drawing)
    rules/hands/line/stock/turn[/d…][/n…]

- **rules**: ``b2`` ``b3`` ``b4`` (Block, 2–4 players); ``g4x6`` ``g4x7`` ``g5x5`` (Gaple:
  players × tiles; ``g4`` and ``g5`` are read too), then ``p`` for the pass variant (no dead
  tiles) and ``z`` for [0|0] counting 25; ``d2`` (the duel) or ``d2d`` (in draw mode).
- **hands**: one per seat, seat 0 first, separated by ``.``; a hand is its tiles, each as two
  pips (``4423`` is [4|4] and [2|3], in any order; written low-high in index order), ``-``
  for an empty hand, or ``*5`` for five tiles not shown.  Either every hand is shown, or
  exactly one: a **seat's-eye** position, what that seat sees (its stock is then a count).
- **line**: ``-`` when empty; else the first tile as it lies (``41``: 4 on the left), or ``6*3``
  for a line whose history is not shown, only its open values (left, then right); then each
  later tile in the order played, ``L`` or ``R`` for the end it joined and the tile as it lies
  (``14L11R44R43`` is the documents' D6: [1|4], [1|1] on the left, [4|4], then [3|4], on the
  right).  A later tile given the other way round is read as the same play.
- **stock**: ``*14`` for fourteen tiles not named, the tiles top first (``003566``: [0|0] is
  drawn first), or ``-`` for a stock known to be empty.
- **turn**: the seat to move (``0``), then ``p2`` if the last two turns had no play (passes
  or dead discards; omitted at 0) and ``o00`` (must open with [0|0]) or ``od`` (must open with
  a double) while the line is empty.  A round that has ended starts its turn with its status,
  ``domino``, ``blocked`` or ``emptied``, and the seat is the one that moved last
  (``blocked1p2``: seat 1's pass blocked the game).
- ``d`` **dead tiles** (Gaple), one part per seat as in hands (``d-.55.-.*2``): omitted
  when nobody has any.  A seat whose hand is not shown shows its dead tiles as a count.
- ``n`` **values a seat is known to lack**, from its passes, draws and dead discards, one
  part per seat (``n26.-``: seat 0 has no 2 and no 6): omitted when nothing is known.

A position is what decides the play from here and what limits the hidden tiles; which tiles
fitted beside each tile played (:attr:`engine.game.knowledge.Facts.choices`) is history, the
evidence a computer player's model of the others weighs, and is left out: the round code
keeps every move, and a seat's view of the round replayed has it back.

A **round** is the position it starts from (every hand shown, nothing known yet about what
anyone lacks), then ``/m`` and every move, with no separator: ``R32`` (a tile on the right
end, as it lies: 3 against the 3 it joins), ``L01``, a bare tile (``41``) to open an empty
line as it will lie, ``p`` (pass), ``d`` (draw), ``x44`` (discard [4|4] dead); ``m-`` when
there is none yet.  A bare tile on a line is read too, where only one end fits::

    d2/2344.011122/6*3/*14/0/mR32R22pp     E1, played out (blocked: Black wins)

>>> e1 = parse("d2/2344.011122/6*3/*14/0/mR32R22pp")
>>> [m.text() for m in e1.moves]
['play 2-3 right', 'play 2-2 right', 'pass', 'pass']
>>> e1.position().text()
'd2/44.0111/6*3R32R22/*14/blocked1p2/n26.26'
>>> e1.position().seen_by(1).text()
'd2/*1.0111/6*3R32R22/*14/blocked1p2/n26.26'

:func:`parse` refuses anything else with a :class:`CodeError` naming the field and the
character where it goes wrong.

The module is the notation's public face; its parts: :mod:`engine.notation.code_model` (the
:class:`Position` and :class:`Round` values, to and from the engine's states and seat views),
:mod:`engine.notation.code_write` (their text), :mod:`engine.notation.code_fields` (a code cut into its fields,
:class:`CodeError`) and :mod:`engine.notation.code_read` (the fields read back, with every check).
"""

from __future__ import annotations

from .code_fields import PIPS, TAGS, CodeError
from .code_model import HiddenError, Position, Round, text
from .code_read import (
    RULES_HELP,
    STATUSES,
    check_deal,
    parse,
    parse_position,
    parse_round,
    parse_rules,
)
from .code_write import Held, rules_code

__all__ = [
    "PIPS",
    "RULES_HELP",
    "STATUSES",
    "TAGS",
    "CodeError",
    "Held",
    "HiddenError",
    "Position",
    "Round",
    "check_deal",
    "parse",
    "parse_position",
    "parse_round",
    "parse_rules",
    "rules_code",
    "text",
]
