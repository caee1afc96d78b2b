"""Why a computer player chose its move, in words a learner can read.

Reasons are structured for translation: a ``code`` and its ``params``;
:meth:`Reason.text` gives the English.  The Play page translates each code: its
key is ``reason.<code>`` in ``locales/*.toml``.  Every code, its params and its text:

=================  ====================================  ==========================================
code               params                                English
=================  ====================================  ==========================================
only_move          move (str: the move's short form)     It is the only legal move.
wins_for_certain   samples (int)                         It wins whatever the hidden tiles are
                                                         (checked on {samples} possible deals).
goes_out           tile (str)                            It plays your last tile, {tile}: you go
                                                         out.
opponents_lack     seats (tuple of int), value (int)     It leaves a {value} open, and players
                                                         {seats} could not play on a {value}
                                                         before: they hold none.
keeps_value        value (int)                           It leaves a {value} open, and every
                                                         {value} not yet played is in your hand:
                                                         only you can play on that end.
keeps_both         left (int), right (int)               After it you still hold a tile for each
                                                         open end, {left} and {right}.
holds_most         value (int), count (int)              It leaves open the number you hold most
                                                         of: {count} tiles with a {value}.
opens_double       tile (str)                            It gets a double out early, {tile}: a
                                                         double matches only one number, so the
                                                         longer you keep it, the harder it is to
                                                         place.
sheds_heavy        tile (str), value (int)               It gets rid of a heavy tile, {tile}
                                                         (worth {value}).
sheds_heaviest     tile (str), value (int)               It plays your heaviest tile, {tile}: its
                                                         {value} pips can no longer count against
                                                         you.
heaviest_dead      tile (str), value (int)               Throw the heaviest tile you cannot use,
                                                         {tile} (worth {value}).
spent_dead         tile (str), value (int)               Throw {tile}: no tile left in play can
                                                         ever match it, so you could never play
                                                         it anyway.
dead_hardest       tile (str), count (int)               Throw {tile}: of your tiles it is the
                                                         hardest to play later, with the fewest
                                                         matches among the tiles you cannot see
                                                         ({count}).
dead_light         tile (str), value (int)               Throw {tile}, your lightest tile: a dead
                                                         tile counts against you all the same, so
                                                         keep the heavier ones to play out.
average_ahead      points (float)                        On average it leaves you {points} points
                                                         a round ahead of an opponent.
average_behind     points (float)                        On average it leaves you {points} points
                                                         a round behind an opponent.
average_even       (none)                                On average it leaves you level with an
                                                         opponent.
average_place      place (float), players (int)          On average it finishes you in place
                                                         {place} of {players}.
average_chance     chance (int: per cent)                Your chance of winning with it: {chance}%
                                                         (a draw counts as half a win).
next_points        move (Move), points (float)           The next best, {move}, leaves you
                                                         {points} points a round less.
next_places        move (Move), places (float)           The next best, {move}, finishes you
                                                         {places} places lower.
next_chance        move (Move), chance (int: per cent)   The next best, {move}: {chance}%.
equally_good       moves (tuple of Move)                 {moves} are equally good: the deals
                                                         cannot tell them apart.
deals_sampled      samples (int)                         Worked out on {samples} possible deals
                                                         of the tiles you cannot see, each played
                                                         out to the end.
deals_all          samples (int)                         Worked out on every possible deal of the
                                                         tiles you cannot see ({samples}), each
                                                         played out to the end.
light_dead         tile (str), value (int)               Throw {tile} (worth {value}): a dead
                                                         tile counts against you just as one in
                                                         your hand does, so keep the heavier
                                                         tiles you may still play.
random_choice      (none)                                Chosen at random.
other_end          rival (Move), left, right,            Only the end sets it apart from {rival}:
                   rival_left, rival_right (int)         it leaves {left} and {right} open, where
                                                         {rival} would leave {rival_left} and
                                                         {rival_right}.
=================  ====================================  ==========================================

The strong bot's reasons come in this order (:func:`move_reasons`, then
:func:`average_reasons`): ``wins_for_certain`` when it applies; then what the
move does in the game's terms, against the next best (that it differs from it only in
its end, where it does; goes out, leaves open a number a seat has shown
it lacks, keeps a number only the mover holds, keeps a tile for each end, sheds
the heaviest tile; for a dead tile, why that one; for the opening, on an empty
line, :func:`opening_reasons`: a double out early, the heaviest tile shed, a
tile kept for each number it leaves, the number held most of left open); then
the numbers: the
move's average result in the family's unit (Block: points a round against an
opponent, that is the mover's points minus the mean of the others'; Gaple: the
place; the duel: the chance of winning, a draw counted as half, which is
(1 + its mean) / 2), the next best move's and by how much, or which moves are
equally good (a difference within twice its standard error over the deals),
and how many deals the numbers come from.  A figure from sampled deals carries
``margin`` too (the ``average_*`` and ``next_*`` codes but ``average_even``):
the half-width of its 95% interval (:data:`ESTIMATES`), which its words show
("7.62 ± 0.16 points"); a figure from every deal has none.

The numbers are on :func:`engine.search.scoring.seat_score`'s scale: the mover's own result,
higher is better.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Final

from ..game.moves import Move
from ..game.tiles import FITS, Tile
from ..game.view import SeatView
from ..search.deals import unseen_mask
from ..search.scoring import count_showing, opened

_TEXTS: Final[dict[str, str]] = {
    "only_move": "It is the only legal move.",
    "wins_for_certain": "It wins whatever the hidden tiles are (checked on {samples} possible "
                        "deals).",
    "goes_out": "It plays your last tile, {tile}: you go out.",
    "opponents_lack": "It leaves a {value} open, and players {seats} could not play on a {value} "
                      "before: they hold none.",
    "keeps_value": "It leaves a {value} open, and every {value} not yet played is in your hand: "
                   "only you can play on that end.",
    "keeps_both": "After it you still hold a tile for each open end, {left} and {right}.",
    "holds_most": "It leaves open the number you hold most of: {count} tiles with a {value}.",
    "opens_double": "It gets a double out early, {tile}: a double matches only one number, so "
                    "the longer you keep it, the harder it is to place.",
    "sheds_heavy": "It gets rid of a heavy tile, {tile} (worth {value}).",
    "sheds_heaviest": "It plays your heaviest tile, {tile}: its {value} pips can no longer count "
                      "against you.",
    "heaviest_dead": "Throw the heaviest tile you cannot use, {tile} (worth {value}).",
    "spent_dead": "Throw {tile}: no tile left in play can ever match it, so you could never play "
                  "it anyway.",
    "dead_hardest": "Throw {tile}: of your tiles it is the hardest to play later, with the fewest"
                    " matches among the tiles you cannot see ({count}).",
    "dead_light": "Throw {tile}, your lightest tile: a dead tile counts against you all the same,"
                  " so keep the heavier ones to play out.",
    "average_ahead": "On average it leaves you {points} points a round ahead of an opponent.",
    "average_behind": "On average it leaves you {points} points a round behind an opponent.",
    "average_even": "On average it leaves you level with an opponent.",
    "average_place": "On average it finishes you in place {place} of {players}.",
    "average_chance": "Your chance of winning with it: {chance}% (a draw counts as half a win).",
    "next_points": "The next best, {move}, leaves you {points} points a round less.",
    "next_places": "The next best, {move}, finishes you {places} places lower.",
    "next_chance": "The next best, {move}: {chance}%.",
    "equally_good": "{moves} are equally good: the deals cannot tell them apart.",
    "deals_sampled": "Worked out on {samples} possible deals of the tiles you cannot see, each "
                     "played out to the end.",
    "deals_all": "Worked out on every possible deal of the tiles you cannot see ({samples}), each"
                 " played out to the end.",
    "light_dead": "Throw {tile} (worth {value}): a dead tile counts against you just as one "
                  "in your hand does, so keep the heavier tiles you may still play.",
    "random_choice": "Chosen at random.",
    "other_end": "Only the end sets it apart from {rival}: it leaves {left} and {right} open, "
                 "where {rival} would leave {rival_left} and {rival_right}.",
}
#: The values that are estimates from sampled deals: a reason with one of them may carry
#: ``margin``, the half-width of its 95% interval in the same unit (per cent for
#: ``chance``), which its words show beside it ("7.3 ± 0.9 points").
ESTIMATES: Final[tuple[str, ...]] = ("points", "place", "places", "chance")
#: Every reason code a bot gives (the Play page translates each).
REASON_CODES: Final[tuple[str, ...]] = tuple(_TEXTS)


def _word(value: object) -> str:
    """A param as the English text shows it: a tuple as a list (a tile in brackets, none
    as ``none``), a move in its short form (``play 2-5 right``)."""
    if isinstance(value, tuple):
        return ", ".join(x.bracket() if isinstance(x, Tile) else str(x) for x in value) \
            or "none"
    return str(value)


@dataclass(frozen=True)
class CodedReason:
    """A reason structured for translation: a code and its values.  Each kind of reason
    is a subclass with its own English table, ``TEXTS`` (code -> text with ``{param}``
    fields); reasons of different kinds are never equal."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    TEXTS: ClassVar[Mapping[str, str]] = {}

    def text(self) -> str:
        """The reason in English: an estimate with its margin, "7.62 ± 0.16"."""
        words = {k: _word(v) for k, v in self.params.items()}
        if "margin" in self.params:
            key = next(k for k in ESTIMATES if k in self.params)
            words[key] = f"{words[key]} \u00b1 {words['margin']}"
        return self.TEXTS[self.code].format(**words)


class Reason(CodedReason):
    """Why a move was chosen: a code for translation and its values."""

    TEXTS = _TEXTS


def _new_value(view: SeatView, move: Move) -> int:
    """The value ``move`` (a play) leaves at the end it joins."""
    tile = move.tile
    assert tile is not None
    if not view.ends:
        return tile.high
    left, right = view.ends
    return tile.other(left) if move.end == "left" else tile.other(right)


def _lacking(view: SeatView, value: int) -> tuple[int, ...]:
    """The opponents known to lack ``value``, nearest to play after the seat first."""
    n = len(view.hand_counts)
    order = [(view.seat + k) % n for k in range(1, n)]
    return tuple(p for p in order if value in view.missing[p] and view.hand_counts[p] > 0)


def _spent(view: SeatView, value: int) -> bool:
    """No tile showing ``value`` is unseen: only the seat's own can match it."""
    return not unseen_mask(view) & FITS[value]


def play_reasons(view: SeatView, move: Move) -> list[Reason]:
    """What a learner can see in a play: going out, blocking, keeping a number."""
    tile = move.tile
    assert tile is not None
    reasons: list[Reason] = []
    if len(view.hand) == 1:
        reasons.append(Reason("goes_out", {"tile": str(tile)}))
        return reasons
    rest = [t for t in view.hand if t != tile]
    if view.ends:
        new = _new_value(view, move)
        lack = _lacking(view, new)
        if lack:
            reasons.append(Reason("opponents_lack", {"seats": lack, "value": new}))
        if count_showing(rest, new) and _spent(view, new):
            reasons.append(Reason("keeps_value", {"value": new}))
    return reasons


def discard_reasons(view: SeatView, tile: Tile) -> list[Reason]:
    """Why the counting player throws ``tile`` dead: what :func:`_dead_reasons` can tell,
    else that the heavier tiles are worth keeping to play (a dead tile counts all the same)."""
    return _dead_reasons(view, tile) or [Reason("light_dead", {"tile": str(tile),
                                                               "value": tile.value})]


def _unseen_matches(view: SeatView, tile: Tile) -> int:
    """How many tiles the seat cannot see show a half of ``tile``."""
    return (unseen_mask(view) & (FITS[tile.low] | FITS[tile.high])).bit_count()


def _dead_reasons(view: SeatView, tile: Tile) -> list[Reason]:
    """Why throw ``tile`` dead (Gaple), as far as the game's terms tell: no tile can ever
    match it; else it has the fewest matches among the unseen tiles; else it is the
    heaviest or the lightest tile held (a dead tile counts all the same)."""
    if all(_spent(view, v) for v in {tile.low, tile.high}):
        return [Reason("spent_dead", {"tile": str(tile), "value": tile.value})]
    others = [t for t in view.hand if t != tile]
    if not others:
        return []
    count = _unseen_matches(view, tile)
    if all(count < _unseen_matches(view, t) for t in others):
        return [Reason("dead_hardest", {"tile": str(tile), "count": count})]
    if all(tile.value > t.value for t in others):
        return [Reason("heaviest_dead", {"tile": str(tile), "value": tile.value})]
    if all(tile.value < t.value for t in others):
        return [Reason("dead_light", {"tile": str(tile), "value": tile.value})]
    return []


def _keeps_both(view: SeatView, move: Move) -> bool:
    """After the play the seat still holds a tile for each open end."""
    tile = move.tile
    assert tile is not None
    rest = [t for t in view.hand if t != tile]
    return bool(rest) and all(count_showing(rest, v) for v in opened(view, move))


def _heaviest_tile(view: SeatView, move: Move) -> bool:
    """The play sheds a heavy tile (6 pips or more) that no other tile held outweighs."""
    tile = move.tile
    return tile is not None and tile.value >= 6 and all(tile.value >= t.value
                                                        for t in view.hand)


def opening_reasons(view: SeatView, move: Move) -> list[Reason]:
    """What an opening play (on an empty line) does in the game's terms: gets a double out
    early (it matches one number only), sheds the heaviest tile held (6 pips or more), keeps
    a tile for each of the two numbers it leaves open, leaves open the number held most of
    (two tiles or more, more than any other number)."""
    tile = move.tile
    assert tile is not None
    rest = [t for t in view.hand if t != tile]
    reasons: list[Reason] = []
    if tile.is_double:
        reasons.append(Reason("opens_double", {"tile": str(tile)}))
    if _heaviest_tile(view, move):
        reasons.append(Reason("sheds_heaviest", {"tile": str(tile), "value": tile.value}))
    if not tile.is_double and _keeps_both(view, move):
        reasons.append(Reason("keeps_both", {"left": tile.low, "right": tile.high}))
    counts = {v: count_showing(rest, v) for v in range(7)}
    most = max(counts.values(), default=0)
    held = [v for v in (tile.high, tile.low) if counts[v] == most >= 2]
    if held:
        reasons.append(Reason("holds_most", {"value": held[0], "count": most}))
    return reasons


def move_reasons(view: SeatView, move: Move, rival: Move | None = None) -> list[Reason]:
    """What ``move`` does in the game's terms, as a learner can see it: that it differs from
    ``rival`` (the move it is weighed against) only in its end, where it does
    (``other_end``); goes out, leaves open a number a seat has shown it lacks, keeps a
    number only the mover holds; then keeps a tile for each end, sheds the heaviest tile;
    each but going out only where the rival does not do the same.  For a dead tile, why
    that one.  For the opening, :func:`opening_reasons` (those the rival does not share, or
    all of them when it shares every one).  (A reason both moves share does not tell them
    apart, hence the rival.)"""
    tile = move.tile
    if tile is None:
        return []
    if move.kind == "discard":
        return _dead_reasons(view, tile)
    reasons = play_reasons(view, move)
    if len(view.hand) == 1:
        return reasons
    if view.ends and rival is not None and rival.kind == "play" and rival.tile is not None:
        shared = play_reasons(view, rival)
        reasons = _other_end(view, move, rival) + [r for r in reasons if r not in shared]
    if not view.ends:  # the opening: what it does that the rival does not, if anything
        mine = opening_reasons(view, move)
        theirs = set() if rival is None or rival.tile is None or rival.kind != "play" \
            else {r.code for r in opening_reasons(view, rival)}
        return reasons + ([r for r in mine if r.code not in theirs] or mine)
    rival_play = rival is not None and rival.kind == "play"
    if view.ends and _keeps_both(view, move) and not (rival_play and rival is not None
                                                      and _keeps_both(view, rival)):
        left, right = opened(view, move)
        reasons.append(Reason("keeps_both", {"left": left, "right": right}))
    if _heaviest_tile(view, move) and not (rival_play and rival is not None
                                           and _heaviest_tile(view, rival)):
        reasons.append(Reason("sheds_heaviest", {"tile": str(tile), "value": tile.value}))
    return reasons


def _other_end(view: SeatView, move: Move, rival: Move) -> list[Reason]:
    """``other_end``, where ``rival`` plays the same tile as ``move`` on the other end (not
    its mirror image: the two leave different numbers open)."""
    if rival.tile != move.tile or rival.end == move.end:
        return []
    mine, theirs = opened(view, move), opened(view, rival)
    if sorted(mine) == sorted(theirs):
        return []
    return [Reason("other_end", {"rival": rival, "left": mine[0], "right": mine[1],
                                 "rival_left": theirs[0], "rival_right": theirs[1]})]


def average_reasons(view: SeatView, move: Move, mean: float, samples: int, *,
                    exact: bool = False, margin: float = 0.0, rival: Move | None = None,
                    rival_mean: float | None = None, rival_margin: float = 0.0,
                    gap_margin: float = 0.0, equal: tuple[Move, ...] = ()) -> list[Reason]:
    """The numbers behind ``move``, in the family's unit (see the module): its average
    result ``mean`` (on :func:`seat_score`'s scale) over ``samples`` deals (``exact``:
    every deal the view allows); the moves ``equal`` to it within the deals' noise
    (``equally_good``), else the next best ``rival`` with its mean.  Each estimate
    carries its ``margin`` (:data:`ESTIMATES`): the half-width of its 95% interval, on the
    same scale — ``margin`` the mean's, ``rival_margin`` the rival's mean's,
    ``gap_margin`` that of the rival's shortfall; none when ``exact``."""
    rules = view.rules
    family = rules.family if rules is not None else "block"
    players = len(view.hand_counts)
    reasons: list[Reason] = []
    if exact:
        margin = rival_margin = gap_margin = 0.0
    if family == "gaple":
        reasons.append(Reason("average_place", _estimate(
            "place", round((players + 1) / 2 - mean, 2), margin, players=players)))
    elif family == "duel":
        reasons.append(Reason("average_chance", _estimate(
            "chance", _chance(mean), _chance_margin(margin))))
    elif round(mean, 1) > 0 or round(mean, 1) < 0 or margin >= 0.05:
        # Level only when the estimate says so at its precision: "0.0 ± 1.2 points ahead" else.
        code = "average_behind" if mean < 0 else "average_ahead"
        reasons.append(Reason(code, _estimate("points", round(abs(mean), 2), margin)))
    else:
        reasons.append(Reason("average_even", {}))
    if equal:
        reasons.append(Reason("equally_good", {"moves": (move, *equal)}))
    elif rival is not None and rival_mean is not None:
        gap = round(max(mean - rival_mean, 0.0), 2)
        if family == "gaple":
            reasons.append(Reason("next_places", _estimate("places", gap, gap_margin,
                                                           move=rival)))
        elif family == "duel":
            reasons.append(Reason("next_chance", _estimate(
                "chance", _chance(rival_mean), _chance_margin(rival_margin), move=rival)))
        else:
            reasons.append(Reason("next_points", _estimate("points", gap, gap_margin,
                                                           move=rival)))
    reasons.append(Reason("deals_all" if exact else "deals_sampled", {"samples": samples}))
    return reasons


def _estimate(key: str, value: float, margin: float,
              **others: object) -> dict[str, object]:
    """A reason's values: the estimate ``key``, its ``margin`` when there is one (see
    :data:`ESTIMATES`), then the ``others``."""
    params: dict[str, object] = {key: value}
    if margin:
        params["margin"] = round(margin, 2) if isinstance(margin, float) else margin
    params.update(others)
    return params


def _chance_margin(margin: float) -> int:
    """A margin on the duel's +1 / 0 / −1 scale as per cent of the chance of winning."""
    return round(50 * margin)


def _chance(mean: float) -> int:
    """The duel's chance of winning in per cent, a draw counted as half a win, from the
    mean of +1 / 0 / −1: (1 + mean) / 2."""
    return round(50 * (1 + mean))
