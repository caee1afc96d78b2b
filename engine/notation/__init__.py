"""The game written down: the line's diagram description in each language of the site
(:mod:`engine.notation.diagram`), a position or a round as one line of text
(:mod:`engine.notation.code`, the public face of ``code_model``, ``code_write``,
``code_fields`` and ``code_read``) and the score sheet of a game at a real table
(:mod:`engine.notation.sheet`).  Imports only :mod:`engine.game`.
"""
