"""The computer players: the bots (:mod:`engine.players.bots`) with their counting
(:mod:`engine.players.counting`) and their reasons (:mod:`engine.players.reasons`), random
playouts (:mod:`engine.players.bench`) and matches between players over duplicate deals
(:mod:`engine.players.arena`).  Imports :mod:`engine.search` and what it builds on.
"""
