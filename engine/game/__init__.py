"""The game itself: tiles, moves, rule families, the line, a round's state and its
settlement, what one seat may know (knowledge, view), matches.  The bottom layer: it
imports nothing else of the engine.

- :mod:`engine.game.tiles` — the 28 tiles and their notation (:mod:`engine.game.reading`:
  what every reader of text keeps to);
- :mod:`engine.game.moves` — plays, passes, draws and dead discards;
- :mod:`engine.game.rules` — rule families as frozen data with named presets;
- :mod:`engine.game.line` — the line of play and its diagram description;
- :mod:`engine.game.state` — a round: legal moves, push (checked, with reasons) or
  push_unchecked (the fast path), undo;
- :mod:`engine.game.settlement` — a round's result with its arithmetic;
- :mod:`engine.game.knowledge`, :mod:`engine.game.view` — what one seat may know;
- :mod:`engine.game.match` — lots, matches and their targets;
- :mod:`engine.game.values` — pickling the frozen values of the compiled build.
"""
