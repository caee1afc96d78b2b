"""What the interactive table offers the learner (no Streamlit): each tile's ends, the
controls besides playing, and the moves of the plain buttons under the table.

Two ways to offer moves (``offer``), chosen by the page:

- ``"all"`` (Learn, Worked examples): every tile of the hand has a button, and Pass /
  Discard appear wherever the ruleset has them, also when they would be refused, so the
  rules can say why (a lesson teaches with the refusal);
- ``"legal"`` (Play, Try it): only what the rules allow now: the buttons list the
  engine's distinct legal moves (:meth:`engine.game.state.State.distinct_moves`: a tile on
  either of two equal ends is one move), and Pass, Draw and Discard appear only when they
  are legal.  A tile that does not fit can still be clicked on the board; the engine then
  says why it is refused.

Either way Draw is never offered from an empty stock.  Every answer comes from the
engine's legal moves: nothing here works a rule out itself.
"""

from __future__ import annotations

from typing import Literal

from engine.game.moves import DRAW, PASS, Move
from engine.game.state import State
from engine.game.tiles import Tile

Offer = Literal["all", "legal"]
#: The controls besides playing, in the order they are drawn.
CONTROLS = ("draw", "pass", "discard")


def tile_choices(state: State, seat: int) -> dict[Tile, list[str]]:
    """For each tile of ``seat`` (when to move): the ends it can legally take ("any" on an
    empty line); an empty list for a tile that fits nowhere."""
    out: dict[Tile, list[str]] = {tile: [] for tile in state.hand(seat)}
    if state.mover != seat:
        return out
    for m in state.legal_moves():
        if m.kind == "play" and m.tile is not None and m.tile in out:
            out[m.tile].append(m.end or "any")
    return out


def one_click(state: State, ends: list[str]) -> bool:
    """A single click is enough: no choice of end, or both ends show the same (one move:
    the engine lays it where :meth:`State.resolve` says)."""
    if len(ends) <= 1:
        return True
    return state.line.left == state.line.right


def controls_for(state: State, offer: Offer = "all") -> list[str]:
    """The controls to draw besides playing: some of ``draw``, ``pass``, ``discard``.

    ``"legal"``: those that are legal moves now; ``"all"``: those the ruleset has (Pass
    also on an empty line, where a player without the opening tile passes), Draw only
    while the stock has tiles."""
    if offer == "legal":
        kinds = {m.kind for m in state.legal_moves()}
        return [c for c in CONTROLS if c in kinds]
    rules = state.rules
    out = []
    if state.can_draw():
        out.append("draw")
    if rules.stuck in ("pass", "draw") or state.line.empty:
        out.append("pass")
    if rules.dead_tiles:
        out.append("discard")
    return out


def fallback_moves(state: State, seat: int | None = None,
                   offer: Offer = "all") -> list[tuple[str, Move]]:
    """The moves the plain buttons offer: ``(key suffix, move)``.

    ``"all"``: one per tile in the hand (two where it fits two ends showing different
    values), then pass / draw / a discard per tile as :func:`controls_for` has them;
    moves that would be refused are included, for the engine to explain.  ``"legal"``:
    the distinct legal moves only, with the same keys (``play.<tile>`` where one click
    decides the end, ``play.<tile>.<end>`` where the learner chooses)."""
    seat = state.mover if seat is None else seat
    if seat is None:
        return []
    if offer == "legal":
        return _legal_buttons(state, seat)
    choices = tile_choices(state, seat)
    out: list[tuple[str, Move]] = []
    for tile in state.hand(seat):
        ends = choices.get(tile, [])
        if not one_click(state, ends):
            out.extend((f"play.{tile}.{end}", Move.play(tile, end))  # type: ignore[arg-type]
                       for end in ends)
        else:
            out.append((f"play.{tile}", Move.play(tile)))
    for control in controls_for(state):
        if control == "pass":
            out.append(("pass", PASS))
        elif control == "draw":
            out.append(("draw", DRAW))
        else:
            out.extend((f"discard.{tile}", Move.discard(tile)) for tile in state.hand(seat))
    return out


def _legal_buttons(state: State, seat: int) -> list[tuple[str, Move]]:
    if state.mover != seat:
        return []
    distinct = state.distinct_moves()
    plays: dict[Tile, list[Move]] = {}
    for m in distinct:
        if m.kind == "play" and m.tile is not None:
            plays.setdefault(m.tile, []).append(m)
    out: list[tuple[str, Move]] = []
    for tile in state.hand(seat):  # in the hand's order, as the board draws it
        options = plays.get(tile, [])
        if len(options) == 1:
            out.append((f"play.{tile}", Move.play(tile)))  # the engine fills in the end
        else:
            out.extend((f"play.{tile}.{m.end}", m) for m in options)
    for m in distinct:
        if m.kind == "pass":
            out.append(("pass", PASS))
        elif m.kind == "draw":
            out.append(("draw", DRAW))
        elif m.kind == "discard" and m.tile is not None:
            out.append((f"discard.{m.tile}", m))
    return out
