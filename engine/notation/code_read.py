"""Reading the position code and the round code (the grammar: :mod:`engine.notation.code`).

:func:`parse` reads a code strictly into a :class:`~engine.notation.code_model.Position` or a
:class:`~engine.notation.code_model.Round` (:func:`parse_position`, :func:`parse_round` insist on
one; :func:`parse_rules` reads the rules field alone), checking what a scenario file's
loader checks and refusing the rest with a :class:`~engine.notation.code_fields.CodeError`;
:func:`check_deal` asks more of a position met in a game.  The fields themselves are cut
and read by :mod:`engine.notation.code_fields`.  Standard library only.
"""

from __future__ import annotations

from typing import Final

from ..game.knowledge import Facts, Part, banned_by, simple_facts
from ..game.line import Line, LineError
from ..game.moves import DRAW, PASS, End, Move
from ..game.reading import non_ascii, quoted
from ..game.rules import RulesError, Ruleset, block, duel, gaple
from ..game.state import IllegalMoveError, Opening, State, Status
from ..game.tiles import TILES, Tile
from .code_fields import PIPS, CodeError, Field, Reader, many, not_ascii, split_round
from .code_model import Position, Round, shown_tiles
from .code_write import Held, count

STATUSES: Final[tuple[Status, ...]] = ("domino", "blocked", "emptied")
RULES_HELP: Final = ("write b2, b3 or b4 (Block), g4x6, g4x7 or g5x5 (Gaple; then p for the "
                     "pass variant, z for [0|0] at 25), d2 or d2d (the duel; d: draw mode)")


def _read_rules(field: Field) -> Ruleset:
    s = field.text
    if not s or s[0] not in "bgd":
        raise field.error(0, f"{quoted(s)} is not a game: {RULES_HELP}", what="not_game")
    family = s[0]
    if len(s) < 2 or not s[1].isdigit():
        raise field.error(1, f"{quoted(s)}: the number of players follows the family's letter; "
                             f"{RULES_HELP}", what="no_players")
    players = int(s[1])
    i = 2
    size: int | None = None
    if s[i:i + 1] == "x":
        if family != "g" or i + 1 >= len(s) or not s[i + 1].isdigit():
            raise field.error(i, f"{quoted(s)}: only Gaple names its hand size (g4x7); "
                                 f"{RULES_HELP}", what="size_gaple")
        size = int(s[i + 1])
        i += 2
    allowed = {"b": "", "g": "pz", "d": "d"}[family]
    seen = ""
    for j in range(i, len(s)):
        if s[j] not in allowed or s[j] in seen:
            raise field.error(j, f"{quoted(s)}: {quoted(s[j])} is not an option here; "
                                 f"{RULES_HELP}", what="not_option", char=s[j])
        seen += s[j]
    try:
        if family == "b":
            return block(players)
        if family == "d":
            if players != 2:
                raise RulesError(f"the duel is for 2 players, not {players}")
            return duel("d" in seen)
        return gaple(players, size, "p" not in seen, "z" in seen)
    except RulesError as e:
        raise field.error(1, str(e), "rules") from None


def parse_rules(text: str) -> Ruleset:
    """The rules field alone (``b3``, ``g4x7p``, ``d2d``): a :class:`CodeError` otherwise."""
    field = Field("rules", text, 0)
    at = non_ascii(text)
    if at >= 0:
        raise not_ascii(field, at)
    return _read_rules(field)


def _read_line(reader: Reader, field: Field) -> Line:
    s = field.text
    if s == "-":
        return Line()
    if s == "":
        raise field.error(0, "empty: write - for an empty line", what="empty_line")
    if s[1:2] == "*":
        line = Line(hidden_ends=(reader.pip(field, 0), reader.pip(field, 2)))
    else:
        a, b = reader.tile(field, 0)
        tile = Tile.of(a, b)
        reader.claim(tile, field, 0)
        line = Line()
        line.place_as(tile, a, b, None)
    i = 3 if line.hidden_ends is not None else 2
    while i < len(s):
        if s[i] not in "LR":
            raise field.error(i, f"{quoted(s[i])}: each tile after the first starts with L or R, "
                                 "the end it joined", what="not_end", char=s[i])
        end: End = "left" if s[i] == "L" else "right"
        tile = Tile.of(*reader.tile(field, i + 1))
        reader.claim(tile, field, i + 1)
        try:
            line.place(tile, end)
        except LineError as e:
            value = line.left if end == "left" else line.right
            raise field.error(i, str(e), "line_join", tile=tile, end=end,
                              value=value) from None
        i += 3
    return line


def _read_turn(field: Field, players: int) -> tuple[Status, int, int, Opening, int | None]:
    """Status, seat, passes, opening, and where the opening is written (or None)."""
    s = field.text
    status: Status = "playing"
    i = 0
    for word in STATUSES:
        if s.startswith(word):
            status, i = word, len(word)
    if i >= len(s) or not s[i].isdigit():
        raise field.error(i, f"{quoted(s)}: the turn is the seat to move, from 0 to {players - 1}"
                             " (then p and the passes so far, o and the opening rule)",
                          what="no_seat", high=players - 1)
    seat = int(s[i])
    if seat >= players:
        raise field.error(i, f"there is no seat {seat}: seats are 0 to {players - 1}",
                          what="no_such_seat", number=seat, high=players - 1)
    i += 1
    passes = 0
    opening: Opening = None
    opening_at: int | None = None
    if s[i:i + 1] == "p":
        if i + 1 >= len(s) or not s[i + 1].isdigit():
            raise field.error(i, "p is followed by the number of turns without a play so far",
                              what="passes_count")
        passes = int(s[i + 1])
        i += 2
    if s[i:i + 1] == "o":
        opening_at = i
        if s[i + 1:i + 2] == "d":
            opening = "double"
            i += 2
        else:
            a = PIPS.find(s[i + 1:i + 2]) if s[i + 1:i + 2] else -1
            b = PIPS.find(s[i + 2:i + 3]) if s[i + 2:i + 3] else -1
            if a < 0 or b < 0:
                raise field.error(i, "o is followed by the tile that must open (o00) or d "
                                     "(any double)", what="opening_tile")
            opening = Tile.of(a, b)
            i += 3
    if i < len(s):
        raise field.error(i, f"{quoted(s[i:])} is not part of a turn: the seat, then p and the "
                             "passes so far, then o and the opening rule", what="not_turn",
                          char=s[i])
    return status, seat, passes, opening, opening_at


def _seat_parts(reader: Reader, field: Field, players: int, start: int = 1
                ) -> list[tuple[int, int]]:
    """The spans of a field's parts, one per seat (from ``start``: after a tagged field's
    letter), or the error that says how many there are."""
    spans = reader.parts(field, start)
    if len(spans) != players:
        noun = "part" if start else "hand"
        raise field.error(0, f"{many(len(spans), noun)} for {players} players: one per seat"
                             + ("" if start else ", separated by ."),
                          what="part_count", count=len(spans), players=players)
    return spans


def _read_lacks(field: Field, reader: Reader, players: int) -> tuple[frozenset[int], ...]:
    spans = _seat_parts(reader, field, players)
    out = []
    for start, end in spans:
        part = field.text[start:end]
        if part == "-":
            out.append(frozenset[int]())
            continue
        if part == "":
            raise field.error(start, "a part is empty: write - for none", what="empty_part")
        values: set[int] = set()
        for j in range(start, end):
            v = reader.pip(field, j)
            if v in values:
                raise field.error(j, f"{v} is named twice", what="pip_twice", value=v)
            values.add(v)
        out.append(frozenset(values))
    return tuple(out)


def _read_banned(field: Field, reader: Reader, i: int) -> tuple[int, int]:
    """What a part of the ``k`` field cannot hold, from ``i``: values, ``d``, ``t`` and
    tiles (:func:`engine.notation.code_write.banned_text`); the mask and where it stops."""
    s = field.text
    values: set[int] = set()
    while i < len(s) and s[i] in PIPS:
        values.add(reader.pip(field, i))
        i += 1
    doubles = i < len(s) and s[i] == "d"
    i += doubles
    banned = banned_by(frozenset(values), doubles)
    while i < len(s) and s[i] == "t":
        a, b = reader.tile(field, i + 1)
        banned |= Tile.of(a, b).bit
        i += 3
    return banned, i


def _read_facts(field: Field, reader: Reader, players: int) -> tuple[Facts, ...]:
    spans = _seat_parts(reader, field, players)
    out = []
    s = field.text
    for start, end in spans:
        if s[start:end] == "-":
            out.append(Facts())
            continue
        parts: list[Part] = []
        placed: list[tuple[Tile, int]] = []
        i = start
        while i < end:
            tag = s[i]
            if tag in "hxy" and not placed:
                if i + 1 >= end or s[i + 1] not in "0123456789":
                    raise field.error(i + 1, f"{tag} is followed by the part's size, a digit",
                                      what="part_size", tag=tag)
                size = ord(s[i + 1]) - ord("0")
                banned, i = _read_banned(field, reader, i + 2)
                dead = tag != "h"
                parts.append(Part(size, banned, dead, size if tag == "x" else 0))
            elif tag == "p":
                a, b = reader.tile(field, i + 1)
                i += 3
                allowed = 0
                while i < end and "A" <= s[i] <= "Z":
                    k = ord(s[i]) - ord("A")
                    if k >= len(parts) or parts[k].dead:
                        raise field.error(i, f"{s[i]} names no hand part before it",
                                          what="no_part", tag=s[i])
                    allowed |= 1 << k
                    i += 1
                placed.append((Tile.of(a, b), allowed))
            else:
                raise field.error(i, f"{quoted(s[i])} is not part of what is known of a seat: h, x "
                                     "or y, a size and what the part cannot hold, then p "
                                     "and each played tile with the parts it may come from",
                                  what="not_known", char=s[i])
        out.append(Facts(tuple(parts), tuple(placed)))
    return tuple(out)


def _check_facts(field: Field, known: tuple[Facts, ...], hands: tuple[Held, ...],
                 dead: tuple[Held, ...], lacks: tuple[frozenset[int], ...]) -> None:
    """The ``k`` field must fit the counts, the tiles shown and the ``n`` field."""
    for seat, (f, h, d) in enumerate(zip(known, hands, dead, strict=True)):
        in_hand = sum(p.size for p in f.parts if not p.dead) - len(f.placed)
        in_dead = sum(p.size for p in f.parts if p.dead)
        if (in_hand, in_dead) != (count(h), count(d)):
            raise field.error(0, f"seat {seat}'s parts hold {in_hand} tiles and {in_dead} "
                                 f"dead, its counts say {count(h)} and {count(d)}",
                              "facts", seat=seat)
        if f.lacks != lacks[seat]:
            raise field.error(0, f"seat {seat}'s parts lack other values than the n field "
                                 "says", "facts", seat=seat)
        for held, dead_part in ((h, False), (d, True)):
            if isinstance(held, tuple) and any(
                    all(p.banned & tile.bit for p in f.parts if p.dead == dead_part)
                    for tile in held):
                raise field.error(0, f"seat {seat} holds a tile its parts cannot hold",
                                  "facts", seat=seat)


def _check_lacks(field: Field, reader: Reader, hands: tuple[Held, ...],
                 lacks: tuple[frozenset[int], ...]) -> None:
    """What the seats are known to lack agrees with the hands shown: none holds a tile with
    a value its seat lacks.  (Whether the hands not shown can be dealt at all is the
    deal's question: :mod:`engine.search.deals`.)"""
    spans = reader.parts(field, 1)
    for i, (hand, lacked) in enumerate(zip(hands, lacks)):
        if not lacked or not isinstance(hand, tuple):
            continue
        start, end = spans[i]
        for tile in hand:
            clash = sorted(lacked & {tile.low, tile.high})
            if clash:
                v = clash[0]
                raise field.error(start + field.text[start:end].index(str(v)),
                                  f"seat {i} is said to lack {v}, but holds "
                                  f"{tile.low}{tile.high}", "lacks_held", seat=i, value=v,
                                  tile=tile)


def _read_position(reader: Reader, fields: list[Field]) -> Position:
    rules_f, hands_f, line_f, stock_f, turn_f = fields[:5]
    extra = {f.name: f for f in fields[5:]}
    rules = _read_rules(rules_f)
    n = rules.players

    spans = _seat_parts(reader, hands_f, n, 0)
    hands = tuple(reader.held(hands_f, a, b) for a, b in spans)
    shown = [i for i, h in enumerate(hands) if isinstance(h, tuple)]
    if len(shown) not in (1, n):
        raise hands_f.error(0, "show every hand, or exactly one (a seat's view: the "
                               "others as *count)", "show_hands")
    seat = shown[0] if len(shown) == 1 and n > 1 else None

    dead: tuple[Held, ...] = tuple(() if i in shown else 0 for i in range(n))
    dead_f = extra.get("dead")
    if dead_f is not None:
        dspans = _seat_parts(reader, dead_f, n)
        parts = []
        for i, (a, b) in enumerate(dspans):
            held = reader.held(dead_f, a, b)
            if i not in shown:
                held = count(held)
            elif isinstance(held, int):
                raise dead_f.error(a, f"seat {i}'s hand is shown: show its dead tiles too",
                                   what="dead_shown", seat=i)
            parts.append(held)
        dead = tuple(parts)
        if any(count(d) for d in dead) and not rules.dead_tiles:
            raise dead_f.error(0, "dead tiles are only for Gaple with dead tiles", "no_dead")

    line = _read_line(reader, line_f)
    stock = reader.held(stock_f, 0, len(stock_f.text), keep_order=True)
    status, to_move, passes, opening, opening_at = _read_turn(turn_f, n)
    lacks = tuple(frozenset[int]() for _ in range(n))
    lacks_f = extra.get("lacks")
    if lacks_f is not None:
        lacks = _read_lacks(lacks_f, reader, n)
        _check_lacks(lacks_f, reader, hands, lacks)
    known: tuple[Facts, ...] = ()
    known_f = extra.get("known")
    if known_f is not None:
        known = _read_facts(known_f, reader, n)
        _check_facts(known_f, known, hands, dead, lacks)
        simple = tuple(simple_facts(count(h), count(d), lacks[i])
                       for i, (h, d) in enumerate(zip(hands, dead, strict=True)))
        known = () if known == simple else known

    # What the fields must agree on.
    for i, (h, d) in enumerate(zip(hands, dead)):
        at = spans[i][0]
        if not rules.draw_mode and count(h) + count(d) > rules.hand_size:
            raise hands_f.error(at, f"seat {i} holds {count(h)} tiles"
                                    + (f" and {count(d)} dead" if count(d) else "")
                                    + f": more than the {rules.hand_size} dealt, and nobody "
                                      "draws here", "hand_size", seat=i,
                                count=count(h) + count(d), size=rules.hand_size)
        out = status in ("domino", "emptied") and i == to_move
        if out and count(h):
            raise hands_f.error(at, f"the round ended by seat {i}'s {status}: its hand "
                                    "must be empty", "out_not_empty", seat=i)
        if not out and not count(h):
            raise hands_f.error(at, f"seat {i}'s hand is empty: a round ends when a hand "
                                    "empties (write domino or emptied in the turn)",
                                "empty_hand", seat=i)
    if seat is not None and not isinstance(stock, int):
        raise stock_f.error(0, f"seat {seat} cannot see the stock: give it as a count, "
                               "such as *14", "stock_hidden", seat=seat)
    # A line whose history is not shown hides at least one tile.
    unnamed = len(TILES) - len(reader.claimed) - (line.hidden_ends is not None)
    needed = count(stock) if isinstance(stock, int) else 0
    needed += sum(h for h in hands + dead if isinstance(h, int))
    if needed > unnamed:
        raise stock_f.error(0, f"the counts need {needed} tiles not named elsewhere; only "
                               f"{unnamed} are left", "counts", needed=needed, left=unnamed)
    playing = status == "playing"
    limit = {"playing": (0, n - 1), "blocked": (n, n), "domino": (0, 0), "emptied": (1, n)}
    low, high = limit[status]
    if not low <= passes <= high:
        when = "while playing" if playing else f"in a round {status}"
        raise turn_f.error(0, f"{passes} turns without a play {when}: "
                              + (f"it is {low}" if low == high else f"from {low} to {high}"),
                           "passes", passes=passes, low=low, high=high)
    if opening is not None:
        assert opening_at is not None
        if not line.empty:
            raise turn_f.error(opening_at, "an opening rule only applies to an empty line",
                               "opening_line")
        if isinstance(opening, Tile):
            # In the mover's hand: seen there, or (the mover's hand not shown) seen nowhere.
            if to_move in shown:
                ok = opening in shown_tiles(hands[to_move])
            else:
                ok = opening not in reader.claimed
            if not ok:
                raise turn_f.error(opening_at, f"{opening.low}{opening.high} must open, so it "
                                               f"must be in the hand of seat {to_move}, "
                                               "who moves", "opening_holder", tile=opening,
                                   seat=to_move)
    return Position(rules, hands, line.hidden_ends, tuple(line.placements), stock, to_move,
                    passes, opening, status, dead, lacks, known)


def _read_moves(reader: Reader, field: Field, state: State) -> tuple[Move, ...]:
    s = field.text
    moves: list[Move] = []
    if s == "m-":
        return ()
    i = 1
    while i < len(s):
        c = s[i]
        start = i
        move: Move
        if c == "p":
            move, i = PASS, i + 1
        elif c == "d":
            move, i = DRAW, i + 1
        elif c == "x":
            move, i = Move.discard(Tile.of(*reader.tile(field, i + 1))), i + 3
        elif c in "LR":
            end: End = "left" if c == "L" else "right"
            move, i = Move.play(Tile.of(*reader.tile(field, i + 1)), end), i + 3
        elif c in PIPS:
            a, b = reader.tile(field, i)
            move, i = Move.play(f"{a}-{b}"), i + 2
        else:
            raise field.error(i, f"{quoted(c)} is not a move: L or R and a tile, a tile to open, "
                                 "p (pass), d (draw) or x and a tile (discard)", what="not_move",
                              char=c)
        try:
            moves.append(state.push(move))
        except IllegalMoveError as e:
            where = f"move {len(moves) + 1} ({e.move.text()})"
            raise CodeError(where, field.at + start, str(e), "move", number=len(moves) + 1,
                            refusal=e.refusal) from None
    if not moves:
        raise field.error(0, "m is followed by the moves, or - for none", what="no_moves")
    return tuple(moves)


def parse(code: str) -> Position | Round:
    """A position code or a round code (one with moves, ``/m…``), read strictly."""
    reader = Reader(code)
    fields, moves_f = split_round(reader)
    start = _read_position(reader, fields)
    if moves_f is None:
        return start
    if start.seat is not None:
        raise CodeError("hands", fields[1].at, "a round starts with every hand shown",
                        "round_start")
    if any(start.lacks):
        lacks_f = next(f for f in fields if f.name == "lacks")
        raise lacks_f.error(0, "a round learns what the seats lack from its moves: no n "
                               "field at its start", "round_start")
    if start.over:
        raise fields[4].error(0, "a round starts from a position still being played",
                              "round_start")
    return Round(start, _read_moves(reader, moves_f, start.state()))


def parse_position(code: str) -> Position:
    """A position code (a round code is refused: see :func:`parse_round`)."""
    value = parse(code)
    if isinstance(value, Round):
        at = code.rfind("/m")
        raise CodeError("moves", at + 1, "this is a round (it has moves): a position "
                                         "has no m field", "kind", want="position")
    return value


def parse_round(code: str) -> Round:
    """A round code: a start position, then ``/m`` and its moves."""
    value = parse(code)
    if isinstance(value, Position):
        raise CodeError("moves", len(code), "this is a position: a round ends with /m and "
                                            "its moves (m- for none)", "kind", want="round")
    return value


def check_deal(position: Position) -> None:
    """Refuse (:class:`CodeError`, reason ``deal``) a position whose tiles do not add up to
    a deal of its rules: every dealt tile is in a hand, dead, or played to the line, and the
    stock holds the rest (Gaple's middle gave the line its first tile; in draw mode the hands
    took tiles from the stock).  Only where the line's history is shown (a line given by its
    ends alone hides how many tiles it holds).  Params: ``held`` (tiles in hands and dead),
    ``played`` (tiles played from the hands), ``dealt`` (the deal), ``stock`` (its count).

    :func:`parse` reads positions made up to teach one point (two tiles a hand), so it does
    not ask this; a position set up as one met in a game does (the Analysis page's editor)."""
    if position.hidden_ends is not None:
        return
    rules = position.rules
    held = sum(count(h) for h in position.hands) + sum(count(d) for d in position.dead)
    played = len(position.placements) - (1 if rules.middle_up and position.placements else 0)
    dealt = rules.players * rules.hand_size
    stock = count(position.stock)
    in_play = held + played
    undealt = rules.undealt - (1 if rules.middle_up and position.placements else 0)
    fine = (in_play >= dealt and in_play + stock == dealt + undealt) if rules.draw_mode \
        else (in_play == dealt and stock == undealt)
    if not fine:
        raise CodeError("hands", 0, f"the tiles do not add up to a deal: {held} in hands "
                        f"and dead, {played} played to the line, {stock} in the stock, where "
                        f"the deal gives {dealt} to the players and leaves {undealt}", "deal",
                        held=held, played=played, dealt=dealt, stock=stock, undealt=undealt)
