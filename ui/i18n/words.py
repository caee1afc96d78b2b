"""The engine's coded values in words: refusals, settlements, line descriptions, moves,
ends, seat names, lesson and scenario texts (translated by key, else the file's own)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine.game.line import Description
from engine.game.moves import Move
from engine.game.rules import Ruleset
from engine.game.settlement import Holding, Settlement
from engine.game.state import Refusal
from engine.game.tiles import Tile
from engine.notation.diagram import LANGUAGES as NOTATION_LANGUAGES
from engine.notation.diagram import describe as _describe

from . import language
from .bidi import isolate_ltr, ltr_run, own_run
from .catalogs import list_sep, lookup, t, t_in, text_or
from .language import DEFAULT

#: Refusal codes the engine can give (engine/game/state.py) — each has a
#: ``refusal.<code>`` entry in the catalog (tests keep the two in step).
REFUSAL_CODES = (
    "round_over", "not_in_hand", "must_open_double", "must_open", "ambiguous_end", "no_match",
    "wrong_end", "must_play", "no_drawing", "stock_empty", "must_draw", "must_discard",
    "no_discard", "stock_unknown",
)


#: Settlement explanation codes (engine/game/settlement.py): ``settlement.<code>``.
SETTLEMENT_CODES = (
    "playing", "block_domino", "block_sole_lowest", "block_tied_lowest", "duel_domino",
    "duel_lower", "duel_equal", "gaple_out", "gaple_lowest", "gaple_tie_tile", "gaple_tie_half",
)


def describe(desc: Description, lang: str | None = None, *, points: bool = True) -> str:
    """A line's RULES.md description in the page's language (without ``points``: its tiles
    and connections only, not naming the open ends)."""
    lang = lang or language.current_lang()
    return isolate_ltr(_describe(desc, lang if lang in NOTATION_LANGUAGES else DEFAULT,
                                 points=points), lang)


def join_list(items: Iterable[object], lang: str | None = None) -> str:
    """Items (tiles as ``[1|4]``) joined by the language's list separator: ``[1|4], [2|3]``,
    in Arabic ``[1|4]، [2|3]``."""
    lang = lang or language.current_lang()
    return list_sep(lang).join(str(x.bracket() if isinstance(x, Tile) else x) for x in items)


def _last_joined(key: str, items: Iterable[object], lang: str | None) -> str:
    lang = lang or language.current_lang()
    words = [str(x.bracket() if isinstance(x, Tile) else x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return t_in(lang, key, first=join_list(words[:-1], lang), last=words[-1])


def and_list(items: Iterable[object], lang: str | None = None) -> str:
    """"North, East and West" in the page's language (``list.and``, ``list.sep``)."""
    return _last_joined("list.and", items, lang)


def or_list(items: Iterable[object], lang: str | None = None) -> str:
    """"1, 3 or 5" in the page's language (``list.or``, ``list.sep``)."""
    return _last_joined("list.or", items, lang)


def end_name(end: str | None, lang: str | None = None) -> str:
    """"left end" / "right end" in words."""
    lang = lang or language.current_lang()
    return t_in(lang, f"end.{end}") if end in ("left", "right") else ""


def move_text(move: Move, lang: str | None = None) -> str:
    """A move as a command (a button, a list of moves): "Play [1|4] on the left end", "Pass"."""
    lang = lang or language.current_lang()
    if move.kind == "play":
        if move.end:
            return t_in(lang, "move.play_end", tile=move.tile, end=end_name(move.end, lang))
        return t_in(lang, "move.play", tile=move.tile)
    if move.kind == "discard":
        return t_in(lang, "move.discard", tile=move.tile)
    return t_in(lang, f"move.{move.kind}")


def move_named(move: Move, lang: str | None = None) -> str:
    """A move as a sentence names it, inside the sentence (``hint.move_*``): "[1|4] on the
    left end", "[1|4]", "[3|3] as a dead tile", "passing" ("Your move, [1|4] on the left
    end: …", where :func:`move_text` is the button's command, "Play [1|4] on the left end")."""
    lang = lang or language.current_lang()
    if move.kind == "play":
        if move.end:
            return t_in(lang, "hint.move_end", tile=move.tile, end=end_name(move.end, lang))
        return t_in(lang, "hint.move_tile", tile=move.tile)
    return t_in(lang, f"hint.move_{move.kind}", tile=move.tile)


def refusal_text(refusal: Refusal) -> str:
    """Why a move is illegal, in the learner's words.

    ``no_match`` reads "[3|5] shows 3 and 5; the open ends show 1 and 4: no
    match."  Unknown codes fall back to the engine's English message."""
    params: dict[str, object] = dict(refusal.params)
    tile = params.get("tile")
    if isinstance(tile, Tile):
        params["low"], params["high"] = tile.low, tile.high
    if "end" in params:
        params["end_name"] = end_name(str(params["end"]))
    code = refusal.code
    if code == "no_drawing":
        code = f"no_drawing_{params.get('stuck', 'pass')}"
    if code == "must_play" and params.get("value") is None:
        code = "must_play_open"
    key = f"refusal.{code}"
    if lookup(key, language.current_lang()) is None:
        return refusal.message[:1].upper() + refusal.message[1:] + "."
    return t(key, **params)


#: The seat names the scenario files (and the pages' own tables) use, in English, and their
#: key in the catalog's ``[seat]`` table; "Player <n>" is ``seat.player``.
SEAT_KEYS: dict[str, str] = {
    "North": "seat.north", "East": "seat.east", "South": "seat.south", "West": "seat.west",
    "South-east": "seat.south_east", "South-west": "seat.south_west",
    "White": "seat.white", "Black": "seat.black",
}


_PLAYER_N = re.compile(r"Player ([1-9][0-9]?)")


def seat_word(name: str, lang: str | None = None) -> str:
    """One seat's name in the page's language: a scenario's English name ("North",
    "White", "Player 2") through the catalog's ``[seat]`` table; any other name as it is
    (so a name already in the page's language stays)."""
    lang = lang or language.current_lang()
    key = SEAT_KEYS.get(name)
    if key is not None:
        return t_in(lang, key)
    player = _PLAYER_N.fullmatch(name)
    if player:
        return t_in(lang, "seat.player", n=int(player.group(1)))
    return name


def seat_name(seat: int, seats: Sequence[str] | None = None, lang: str | None = None) -> str:
    """Seat ``seat``'s name in the page's language: ``seats[seat]`` (a scenario's names, in
    English or already translated) through :func:`seat_word`, else "Player <seat + 1>"."""
    if seats and 0 <= seat < len(seats):
        return seat_word(seats[seat], lang)
    return t_in(lang or language.current_lang(), "seat.player", n=seat + 1)


def seat_names(names: Sequence[str], players: int | None = None,
               lang: str | None = None) -> tuple[str, ...]:
    """Every seat's name in the page's language (see :func:`seat_name`); with ``players``,
    seats the names leave out are "Player <n>"."""
    count = len(names) if players is None else players
    return tuple(seat_name(i, names, lang) for i in range(count))


#: The seats of a dealt table (Try it, Quiz), in English and clockwise, by player count:
#: compass points; the two-player game's are White and Black.  One table for every page
#: that deals, so a seat has the same name everywhere.
TABLE_SEATS: dict[int, tuple[str, ...]] = {
    2: ("North", "South"),
    3: ("North", "East", "South"),
    4: ("North", "East", "South", "West"),
    5: ("North", "East", "South-east", "South-west", "West"),
}


DUEL_SEATS = ("White", "Black")


def table_seat_names(rules: Ruleset, lang: str | None = None) -> tuple[str, ...]:
    """The seats of a dealt table in the page's language (see :data:`TABLE_SEATS`)."""
    players = rules.players
    names = DUEL_SEATS if rules.seat_style == "duel" else TABLE_SEATS.get(players, ())
    return seat_names(names, players, lang)


def settlement_text(settlement: Settlement, seats: Sequence[str] | None = None) -> str:
    """The result and its arithmetic, e.g. "Blocked: Black holds the lowest
    total, 3, and scores the others' totals minus their own: 7 + 8 − 3 = 12." """
    e = settlement.explanation
    params: dict[str, object] = dict(e.params)
    if "winner" in params:
        params["winner"] = seat_name(int(params["winner"]), seats)  # type: ignore[call-overload]
    if "tied" in params:
        tied = params["tied"]
        params["tied"] = and_list(
            seat_name(int(s), seats) for s in tied)  # type: ignore[attr-defined]
    params["arithmetic"] = _named_arithmetic(settlement, seats) or e.arithmetic
    text = t(f"settlement.{e.code}", **params)
    out = e.params.get("out")
    if isinstance(out, int):
        return f"{_out_not_winning(settlement, out, str(e.params.get('out_by')), seats)} {text}"
    return text


def _out_not_winning(settlement: Settlement, seat: int, out_by: str,
                     seats: Sequence[str] | None) -> str:
    """Why an emptied hand did not win in Gaple: its dead tiles still count."""
    h = settlement.holdings[seat]
    key = "settlement.out_by_play" if out_by == "play" else "settlement.out_by_discard"
    return t(key, name=seat_name(seat, seats), dead=join_list(h.dead),
             count=len(h.dead))


def _named_arithmetic(settlement: Settlement, seats: Sequence[str] | None) -> str | None:
    """Gaple's worked figures with seat names instead of seat numbers
    ("North 3 + 5 = 8 · East 9"); None to keep the engine's own."""
    code = settlement.explanation.code
    holdings = settlement.holdings
    if code in ("gaple_out", "gaple_lowest"):
        return " · ".join(f"{seat_name(h.seat, seats)} {h.sum_text()}" for h in holdings)
    if code in ("gaple_tie_tile", "gaple_tie_half"):
        # The engine names each tied seat's smallest tile (params "tied" and "tiles").
        params = settlement.explanation.params
        tied, tiles = params.get("tied", ()), params.get("tiles", ())
        assert isinstance(tied, tuple) and isinstance(tiles, tuple)
        parts = [f"{seat_name(int(seat), seats)} {tile}"
                 for seat, tile in zip(tied, tiles, strict=True) if tile]
        return " · ".join(parts) or None
    return None


def holding_sum(holding: Holding) -> str:
    """A seat's total as its sum, ``3 + 7 = 10``, dead tiles marked (``3 + dead 5 = 8``);
    just the total for one tile; kept left to right as a whole in right-to-left text."""
    n = len(holding.hand)
    hand, dead = holding.values[:n], holding.values[n:]
    if not holding.values:  # no tiles: nothing, or a total counted at the table
        return str(holding.total) if holding.total else t("quiz.sum_none")
    parts = [str(v) for v in hand] + [own_run(t("quiz.sum_dead", value=v)) for v in dead]
    if len(parts) == 1 and not dead:
        return str(holding.total)
    return ltr_run(" + ".join(parts) + f" = {holding.total}")


def lesson_text(lesson_id: str, step_id: str | None, field: str, default: str) -> str:
    """A lesson's text in the page's language.

    Looks up ``lesson.<lesson_id>.<step_id>.<field>`` (or
    ``lesson.<lesson_id>.<field>`` for the lesson's own title and summary) in
    the language's catalog, then in English, then uses ``default`` — the
    lesson file's own (English) text."""
    key = f"lesson.{lesson_id}.{step_id}.{field}" if step_id else f"lesson.{lesson_id}.{field}"
    return text_or(key, default)


def scenario_text(scenario_id: str, field: str, default: str) -> str:
    """A scenario's text in the page's language: ``scenario.<id>.<field>`` (``title``,
    ``notes``, ``note_<n>``) in the catalog, else the file's own English ``default``."""
    return text_or(f"scenario.{scenario_id}.{field}", default)
