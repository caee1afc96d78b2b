"""What the public history of a round tells about the tiles a seat cannot see.

One place works this out; the deal space (:mod:`engine.search.deals`), and through it the
computer players' imagined deals, the appraisal, the puzzles and the drill, read it from the
seat's view (:attr:`engine.game.view.SeatView.facts`), and the position code carries it
(:mod:`engine.notation.code`).

A player's hidden tiles lie in **parts**, each with the tiles it cannot hold (``banned``,
a tile mask), learned from the moments the player was stuck:

- A pass, a draw or a dead discard at open ends *a* and *b* shows that the player held no
  tile showing *a* or *b* at that moment.  On an empty line that asked for an opening tile,
  a pass shows the player held neither the tile nor, where any double opens, a double.
- Every tile the player held then and holds now is under that fact.  Without drawing a
  hand only shrinks, so the hand is one part, under every fact the player ever showed.
- A dead discard (Gaple) is made when stuck: the tile thrown and every tile held then show
  neither end.  Each dead tile is a part of one tile, under every fact shown up to its
  throw; dead tiles under the same facts make one part.
- In draw mode a hand also gains tiles.  A tile drawn is under the facts the player shows
  after it came, not before; so the hand is a part per *generation*: the tiles dealt, then
  each drawn tile.  A tile played later also came from a generation, one it could have
  been in (:attr:`Facts.placed`): a played tile was under the facts shown between its
  generation's coming and its play.  (A draw followed by a play is thus the drawn tile
  played, since nothing older fitted.)
- In Gaple's first round with everything dealt, the holder of [0|0] opens with it: while
  the line is empty, the seat to move holds the tile it must open with (:attr:`Facts.holds`).

A **history** of the hidden tiles places each in a part (and each played tile in a
generation it could have been in); every history consistent with these facts is taken as
equally likely, as it is when every deal is, and every stuck player's choice of dead tile
is a fair one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import Opening, Record, State
from .tiles import ALL_MASK, FITS, TILES, Tile

#: Every double.
DOUBLES = sum(t.bit for t in TILES if t.is_double)


@dataclass(frozen=True, slots=True)
class Part:
    """Where some of a player's hidden tiles lie: ``size`` tiles, in the hand or among the
    dead tiles, none of them in ``banned``; ``slots`` one-tile places it merges (a dead
    tile each, or a drawn tile each), whose order the part does not tell (0: a set)."""

    size: int
    banned: int
    dead: bool = False
    slots: int = 0


@dataclass(frozen=True, slots=True)
class Facts:
    """What the public history shows about one player's hidden tiles (see the module)."""

    parts: tuple[Part, ...] = ()
    #: Public tiles the player played, with the mask of the hand parts (by index in
    #: ``parts``) each may have come from, where that is more than one part (a hand
    #: part's size leaves out the tiles played that can only have come from it).
    placed: tuple[tuple[Tile, int], ...] = ()
    #: Tiles the hand must hold (the opener of Gaple's first round).
    holds: int = 0
    #: Without drawing, each play the player made: the tile's bit, the tiles that fitted
    #: then (an end's value, or the opening asked for), the tiles it played later, and
    #: whether its dead tiles were in hand then (Gaple: 0, none, as none was thrown after
    #: the play; 1, every one, as every one was; -1, some, which the deal does not tell).
    #: Its hand then was its hidden tiles now with those played later, and its dead tiles
    #: where they were in hand.
    #: No fact bans a tile here: the choice a player made is evidence a computer player may
    #: weigh (:mod:`engine.players.bots`), not a limit on the deals (a position code leaves it out).
    choices: tuple[tuple[int, int, int, int], ...] = ()

    @property
    def hand_banned(self) -> int:
        """The tiles no tile of the hand can be: banned in every hand part."""
        hand = [part for part in self.parts if not part.dead]
        banned = -1
        for part in [part for part in hand if part.size] or hand:
            banned &= part.banned
        return 0 if banned == -1 else banned

    @property
    def lacks(self) -> frozenset[int]:
        """The values the hand cannot show: every tile showing them is banned."""
        banned = self.hand_banned
        return frozenset(v for v in range(7) if banned & FITS[v] == FITS[v])

    @property
    def lacks_double(self) -> bool:
        """Whether the hand is known to hold no double."""
        return self.hand_banned & DOUBLES == DOUBLES

    @property
    def dead_parts(self) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.dead)


def simple_facts(hand: int, dead: int, lacks: frozenset[int] = frozenset(),
                 holds: int = 0) -> Facts:
    """The facts of a player known only to lack ``lacks`` (a position given without its
    history): the hand one part, the dead tiles one more, with nothing known of them."""
    parts = [Part(hand, banned_by(lacks))]
    if dead:
        parts.append(Part(dead, 0, dead=True))
    return Facts(tuple(parts), holds=holds)


def banned_by(values: frozenset[int] | set[int], doubles: bool = False) -> int:
    """Every tile showing one of ``values`` (and every double, with ``doubles``)."""
    mask = DOUBLES if doubles else 0
    for v in values:
        mask |= FITS[v]
    return mask


def stuck_banned(ends: tuple[int, int] | tuple[()], opening: Opening) -> int:
    """The tiles a player stuck at ``ends`` (an empty line asking for ``opening``)
    cannot have held."""
    if ends:
        return FITS[ends[0]] | FITS[ends[1]]
    if opening == "double":
        return DOUBLES
    if isinstance(opening, Tile):
        return opening.bit
    return 0


def facts(state: State, seat: int) -> tuple[Facts, ...]:
    """What ``state``'s public history shows ``seat`` about each player's hidden tiles
    (the same for every seat; the seat's own entry is about tiles it sees)."""
    history = state.history
    out = []
    for p in range(state.players):
        out.append(_player_facts(state, p, [r for r in history if r.player == p]))
    return tuple(out)


def _player_facts(state: State, p: int, records: list[Record]) -> Facts:
    held = state.hand_masks[p].bit_count()
    plays = sum(1 for r in records if r.move.kind == "play")
    discards = [i for i, r in enumerate(records) if r.move.kind == "discard"]
    draws = [i for i, r in enumerate(records) if r.move.kind == "draw"]
    start_dead = state.dead_masks[p].bit_count() - len(discards)
    stuck = [(i, stuck_banned(r.ends, r.opening)) for i, r in enumerate(records)
             if r.move.kind != "play"]
    holds = 0
    opening = state.opening
    if state.line.empty and isinstance(opening, Tile) and state.mover == p:
        holds = opening.bit
    parts: list[Part] = []
    placed: list[tuple[Tile, int]] = []
    if not draws:
        everything = 0
        for _, banned in stuck:
            everything |= banned
        parts.append(Part(held, everything))
    else:
        # Generations: the tiles held at the start (the first record), then each draw.
        entries = [-1, *draws]
        capacity = [held + plays - len(draws) + len(discards), *([1] * len(draws))]

        def under(after: int, before: int) -> int:
            mask = 0
            for i, banned in stuck:
                if after < i < before:
                    mask |= banned
            return mask

        for i, r in enumerate(records):
            if r.move.kind == "play" and r.move.tile is not None:
                tile = r.move.tile
                allowed = 0
                for g, e in enumerate(entries):
                    if e < i and not tile.bit & under(e, i):
                        allowed |= 1 << g
                if allowed.bit_count() == 1:  # it can only have come from there
                    capacity[allowed.bit_length() - 1] -= 1
                else:
                    placed.append((tile, allowed))
        parts.extend(Part(capacity[g], under(e, len(records))) for g, e in enumerate(entries))
    # Dead tiles: those of the start (nothing known), then one part per throw.
    if start_dead > 0:
        parts.append(Part(start_dead, 0, dead=True))
    for i in discards:
        banned = 0
        for j, b in stuck:
            if j <= i:
                banned |= b
        parts.append(Part(1, banned, dead=True, slots=1))
    return Facts(_merged(parts, placed), tuple(placed), holds,
                 () if draws else _choices(records, start_dead))


def _choices(records: list[Record], start_dead: int) -> tuple[tuple[int, int, int, int], ...]:
    """:attr:`Facts.choices` from one player's ``records`` (none a draw): every play,
    whatever the hidden hand held (which would tell whether another tile fitted).
    ``start_dead``: dead tiles the records do not show thrown (before them)."""
    out: list[tuple[int, int, int, int]] = []
    later = 0
    thrown = sum(1 for r in records if r.move.kind == "discard")
    after = 0  # the dead tiles thrown after the play
    for r in reversed(records):
        tile = r.move.tile
        if r.move.kind == "discard":
            after += 1
        if r.move.kind != "play" or tile is None:
            continue
        dead = 0 if not after else 1 if after == thrown and not start_dead else -1
        out.append((tile.bit, stuck_banned(r.ends, r.opening) or ALL_MASK, later, dead))
        later |= tile.bit
    return tuple(reversed(out))


def _merged(parts: list[Part], placed: list[tuple[Tile, int]]) -> tuple[Part, ...]:
    """Dead parts under the same facts made one (their tiles' order is not told); hand
    parts are kept apart where a played tile tells them apart."""
    out: list[Part] = []
    for part in parts:
        if part.dead and part.slots:
            same = next((k for k, q in enumerate(out)
                         if q.dead and q.slots and q.banned == part.banned),
                        None)
            if same is not None:
                q = out[same]
                out[same] = Part(q.size + part.size, q.banned, True, q.slots + part.slots)
                continue
        out.append(part)
    return tuple(out)
