"""What the site teaches with: scenario files and their checks (:mod:`engine.teaching.scenario`,
:mod:`engine.teaching.referee`), lessons, quiz questions, the counting drill, puzzles
(:mod:`engine.teaching.puzzle` the ``[puzzle]`` table, :mod:`engine.teaching.themes`,
:mod:`engine.teaching.puzzles` the bank's generator) and the strategy principles' evidence
(:mod:`engine.teaching.principles`).  The top layer below the command line: it may import
every other layer.
"""
