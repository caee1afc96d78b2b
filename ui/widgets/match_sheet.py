"""A match's score sheet: each round's figures per seat and the totals, as a table.

Play (a match against the computer) and the score keeper (a game at a real table) draw
their sheets with these.  No rule is worked out here: the figures are the engine's
(Block's points, Gaple's penalty totals, the two-player series' wins)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.match import BlockMatch, GapleMatch, Match

from .svg import esc

CSS = """
.match-sheet { border-collapse: collapse; margin: 0.3rem 0 0.6rem; }
.match-sheet th, .match-sheet td { padding: 2px 12px; text-align: center; }
.match-sheet tfoot td { font-weight: 700; border-top: 1px solid #b9c4bd; }
"""


def score_rows(match: Match) -> list[tuple[int, ...]]:
    """Each recorded round's figures per seat: Block's points, Gaple's penalty totals, the
    two-player series' wins (1 for the round's winner)."""
    if isinstance(match, BlockMatch):
        return [r.points for r in match.rounds]
    if isinstance(match, GapleMatch):
        return [r.totals for r in match.rounds]
    return [tuple(int(not r.draw and r.winners == (s,)) for s in range(2)) for r in match.rounds]


def score_totals(match: Match) -> tuple[int, ...]:
    if isinstance(match, BlockMatch):
        return tuple(match.scores)
    if isinstance(match, GapleMatch):
        return tuple(match.penalties)
    return tuple(match.wins)


def sheet_html(match: Match, seats: Sequence[str], *, label: str, round_word: str,
               total_word: str, css_class: str = "match-sheet") -> str:
    """The sheet as an HTML table (``label``: its accessible name; ``round_word``: the first
    column's heading, "Round" or "Game"; ``total_word``: the last row's)."""
    head = "".join(f'<th scope="col">{esc(name)}</th>' for name in seats)
    body = "".join(f'<tr><th scope="row">{n}</th>{"".join(f"<td>{v}</td>" for v in row)}</tr>'
                   for n, row in enumerate(score_rows(match), start=1))
    foot = "".join(f"<td>{v}</td>" for v in score_totals(match))
    return (f'<table class="{css_class}" aria-label="{esc(label)}"><thead><tr>'
            f'<th scope="col">{esc(round_word)}</th>{head}</tr></thead><tbody>{body}</tbody>'
            f'<tfoot><tr><th scope="row">{esc(total_word)}</th>{foot}</tr></tfoot></table>')
