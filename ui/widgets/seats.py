"""Every seat's hand face up at the end of a round, and each seat's total as its sum.

The quiz and the rules page draw finished tables with these; :data:`CSS` styles them
(and the "practise this" links both pages put under a table)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.settlement import Holding, Settlement
from engine.game.state import State

from .. import i18n
from ..i18n import t
from .svg import esc, hand_svg

CSS = """
.quiz-meta { display: flex; flex-wrap: wrap; gap: 0.35rem 0.8rem; align-items: center;
    margin: 0.1rem 0 0.5rem; }
.quiz-ended { display: inline-block; padding: 0.15rem 0.65rem; border-radius: 999px;
    background: #1f6f5c; color: #fff; font-size: 0.9rem; font-weight: 600; }
.quiz-hands { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
    gap: 0.55rem 1rem; margin: 0.7rem 0 0.3rem; }
.quiz-seat { background: #efece3; border-radius: 10px; padding: 0.45rem 0.7rem 0.55rem; }
.quiz-seat.out { background: var(--ok-bg); }
.quiz-seat .who { font-size: 0.95rem; margin-bottom: 0.3rem; }
.quiz-seat .count { color: #5b6168; font-size: 0.88rem; }
.quiz-seat .badge { display: inline-block; margin-inline-start: 0.3rem; padding: 0 0.45rem;
    border-radius: 6px; background: #1f6f5c; color: #fff; font-size: 0.78rem; }
.quiz-seat .none { color: #5b6168; font-size: 0.9rem; font-style: italic; }
.quiz-seat .dead { display: flex; align-items: center; gap: 0.4rem; margin-top: 0.35rem;
    color: #7a4a2a; font-size: 0.85rem; }
.quiz-seat svg { max-width: 100%; height: auto; }
[class*="st-key-quiz-learn"] a[data-testid="stPageLink-NavLink"],
[class*="st-key-rules-practise"] a[data-testid="stPageLink-NavLink"] {
    padding: 0.2rem 0.65rem; border: 1px solid var(--ok-border); border-radius: 8px; background: #fff;
    height: auto; }
[class*="st-key-quiz-learn"] a[data-testid="stPageLink-NavLink"] *,
[class*="st-key-rules-practise"] a[data-testid="stPageLink-NavLink"] * {
    white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
    color: #1f6f5c; }
"""


def seat_sum(h: Holding) -> str:
    """A seat's total as its sum: ``3 + 7 = 10``; dead tiles marked: ``3 + dead 5 = 8``."""
    return i18n.holding_sum(h)


def sums_lines(settlement: Settlement, seats: Sequence[str]) -> list[str]:
    """One line per seat: ``North: [1|2] [3|4] → 3 + 7 = 10``."""
    out = []
    for h in settlement.holdings:
        tiles = " ".join(x.bracket() for x in h.hand)
        dead = " ".join(x.bracket() for x in h.dead)
        shown = tiles or t("quiz.no_tiles")
        if dead:
            shown = t("quiz.tiles_and_dead", hand=shown, dead=dead, count=len(h.dead))
        out.append(t("quiz.seat_sum", name=seats[h.seat], tiles=shown, sum=seat_sum(h)))
    return out


def seat_html(state: State, seat: int, seats: Sequence[str], *, out: bool = False,
              ending: str = "") -> str:
    """One seat: name, tile count, the tiles face up, dead tiles beside."""
    hand = state.hand(seat)
    dead = state.dead_tiles(seat)
    name = seats[seat]
    count = t("quiz.tile_count", count=len(hand))
    badge = ""
    if out:
        badge = (f'<span class="badge">{esc(t("quiz.badge_out"))}</span>' if ending == "domino"
                 else f'<span class="badge">{esc(t("quiz.badge_emptied"))}</span>')
    if hand:
        tiles = hand_svg(hand, size=26, gap=5, label=t("quiz.hand_label", name=name, tiles=" ".join(
            x.bracket() for x in hand)))
    else:
        tiles = f'<span class="none">{esc(t("quiz.no_tiles"))}</span>'
    dead_html = ""
    if dead:
        dead_html = (f'<div class="dead"><span>{esc(t("quiz.dead", count=len(dead)))}</span>'
                     + hand_svg(dead, size=19, gap=4, label=t(
                         "quiz.dead_label", name=name,
                         tiles=" ".join(x.bracket() for x in dead)))
                     + "</div>")
    return (f'<div class="quiz-seat{" out" if out else ""}"><div class="who"><b>{esc(name)}</b> '
            f'<span class="count">· {esc(count)}</span>{badge}</div>'
            f'<div class="tiles">{tiles}</div>{dead_html}</div>')
