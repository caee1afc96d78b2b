"""The Analysis page's editor: a position set up by clicking (its state and callbacks).

Drawn by ui/pages/analysis/setup_view.py.  The editor keeps a :class:`Draft` (session key
``analysis.draft``): the rules, each seat's tiles (or, for a seat's view, the others'
counts), the dead tiles, the line tile by tile, whose turn, and the rarer facts (turns
without a play just before, an opening rule, values a seat is known to lack).  Tiles go
where the "Put tiles in" choice says; the line takes a tile only where the engine joins it
(:meth:`engine.game.line.Line.place`), else the page says why.

"Study this position" writes the draft as a position code and reads it back with the
engine (:func:`engine.notation.code.parse_position`, then :func:`engine.notation.code.check_deal`: the tiles
must add up to a deal), so every refusal is the engine's, with its reason.  The stock is
what no hand, dead pile or line holds (a line given by its ends alone keeps the count it
came with); in draw mode, with every hand known, its tiles can be clicked in, top first, so
that the solver knows the order they will be drawn in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import streamlit as st

from engine.game.line import Line, LineError
from engine.game.moves import End
from engine.game.rules import Ruleset
from engine.game.state import Opening
from engine.game.tiles import TILES, Tile
from engine.notation.code import CodeError, Position, check_deal, parse_position

from ...i18n import end_name, t, table_seat_names
from ...widgets import round_record
from ...widgets.deal_setup import CHOICES, form_state, rules_from_form, rules_in_form
from ...widgets.feedback import Feedback, Later, Said, worded
from . import logic as analysis
from . import words as analysis_words

DRAFT = "analysis.draft"
KEY = "analysis.setup"
FORM = {k: f"{KEY}.{k}" for k in CHOICES}
W_HANDS, W_VIEW, W_PLACE, W_TURN = (f"{KEY}.hands", f"{KEY}.view", f"{KEY}.place",
                                    f"{KEY}.turn")
W_COUNT, W_DEADCOUNT, W_LACKS = f"{KEY}.count", f"{KEY}.deadcount", f"{KEY}.lacks"
W_PASSES, W_OPENING, W_STOCK = f"{KEY}.passes", f"{KEY}.opening", f"{KEY}.stock"
ALL, ONE = "all", "one"
OPENINGS = ("", "00", "double")


@dataclass
class Draft:
    """A position being set up (tile indices; the line as placed, in order)."""

    rules: Ruleset
    hands: list[list[int]]
    dead: list[list[int]]
    line: list[tuple[int, End | None]] = field(default_factory=list)
    flipped: bool = False  # the first tile lies high-low
    hidden_ends: tuple[int, int] | None = None
    to_move: int = 0
    view: int | None = None  # None: every hand known; else only this seat's
    counts: list[int] = field(default_factory=list)
    dead_counts: list[int] = field(default_factory=list)
    passes: int = 0
    opening: str = ""
    lacks: list[list[int]] = field(default_factory=list)
    stock: int = 0  # the count, where the line is given by its ends alone
    stock_tiles: list[int] = field(default_factory=list)  # draw mode: the stock, top first
    place: str = "hand.0"
    said: Said | None = None


def new_draft(rules: Ruleset) -> Draft:
    n = rules.players
    return Draft(rules, [[] for _ in range(n)], [[] for _ in range(n)],
                 counts=[rules.hand_size] * n, dead_counts=[0] * n,
                 lacks=[[] for _ in range(n)])


def _indices(held: tuple[Tile, ...] | int) -> list[int]:
    return [tile.index for tile in held] if isinstance(held, tuple) else []


def draft_of(position: Position) -> Draft:
    """The editor filled with ``position`` (to change it)."""
    rules = position.rules
    d = new_draft(rules)
    d.hands = [_indices(h) for h in position.hands]
    d.dead = [_indices(x) for x in position.dead]
    d.counts = [h if isinstance(h, int) else len(h) for h in position.hands]
    d.dead_counts = [x if isinstance(x, int) else len(x) for x in position.dead]
    d.view = position.seat
    d.hidden_ends = position.hidden_ends
    placements = position.placements
    d.line = [(p.tile.index, p.end) for p in placements]
    d.flipped = bool(placements) and position.hidden_ends is None and \
        placements[0].left > placements[0].right
    d.to_move = position.to_move if position.mover is not None else 0
    d.passes = position.passes if not position.over else 0
    d.opening = "double" if position.opening == "double" else \
        "00" if isinstance(position.opening, Tile) else ""
    d.lacks = [sorted(v) for v in position.lacks]
    d.stock = position.stock if isinstance(position.stock, int) else len(position.stock)
    d.stock_tiles = [] if isinstance(position.stock, int) or not rules.draw_mode else \
        [tile.index for tile in position.stock]
    d.place = f"hand.{d.view or 0}"
    return d


def draft() -> Draft:
    found = st.session_state.get(DRAFT)
    if not isinstance(found, Draft):
        study = analysis.stored()
        found = draft_of(study.position()) if study is not None else \
            new_draft(rules_from_form(CHOICES))
        st.session_state[DRAFT] = found
    return found


def shown(d: Draft, seat: int) -> bool:
    return d.view is None or d.view == seat


def seats(d: Draft) -> tuple[str, ...]:
    return table_seat_names(d.rules)


def line_of(d: Draft) -> Line:
    """The draft's line, laid by the engine."""
    line = Line(d.hidden_ends)
    for k, (index, end) in enumerate(d.line):
        tile = TILES[index]
        if k == 0 and d.hidden_ends is None:
            a, b = (tile.high, tile.low) if d.flipped else (tile.low, tile.high)
            line.place_as(tile, a, b, None)
        else:
            line.place(tile, end)
    return line


def where(d: Draft) -> dict[int, str]:
    """Every tile put somewhere, with where (for the grid: not offered elsewhere)."""
    names = seats(d)
    out: dict[int, str] = {}
    for seat in range(d.rules.players):
        for i in d.hands[seat]:
            out[i] = t("analysis.in_hand", name=names[seat])
        for i in d.dead[seat]:
            out[i] = t("analysis.in_dead", name=names[seat])
    for i, _ in d.line:
        out[i] = t("analysis.in_line")
    for i in d.stock_tiles:
        out[i] = t("analysis.in_stock")
    return out


def chosen(d: Draft) -> set[int]:
    """The tiles in the place being filled."""
    kind, _, seat = d.place.partition(".")
    if kind == "hand":
        return set(d.hands[int(seat)])
    if kind == "dead":
        return set(d.dead[int(seat)])
    if kind == "stock":
        return set(d.stock_tiles)
    return {i for i, _ in d.line}


def position_of(d: Draft) -> Position:
    """The draft as the engine's position (not checked yet: :func:`checked`)."""
    line = line_of(d)
    n = d.rules.players

    def held(tiles: list[int], seat: int, count: int) -> tuple[Tile, ...] | int:
        return tuple(sorted(TILES[i] for i in tiles)) if shown(d, seat) else count

    hands = tuple(held(d.hands[s], s, d.counts[s]) for s in range(n))
    dead = tuple(held(d.dead[s], s, d.dead_counts[s]) for s in range(n))
    stock: tuple[Tile, ...] | int
    if d.stock_tiles and d.view is None:
        stock = tuple(TILES[i] for i in d.stock_tiles)
    elif d.hidden_ends is not None:
        stock = d.stock
    else:
        named = sum(len(x) for x in hands + dead if isinstance(x, tuple)) + len(d.line)
        stock = len(TILES) - named - sum(x for x in hands + dead if isinstance(x, int))
    opening: Opening = "double" if d.opening == "double" else \
        TILES[0] if d.opening == "00" else None
    lacks = tuple(frozenset(d.lacks[s]) if s < len(d.lacks) else frozenset[int]()
                  for s in range(n))
    if isinstance(stock, int):
        stock = max(0, stock)
    return Position(d.rules, hands, line.hidden_ends, tuple(line.placements), stock,
                    d.to_move, d.passes, opening, "playing", dead, lacks)


def checked(d: Draft) -> Position | CodeError:
    """The draft read back by the engine, as any code is, and counted against the deal."""
    try:
        position = parse_position(position_of(d).text())
        check_deal(position)
    except CodeError as e:
        return e
    return position


# -- callbacks (run before the script) ------------------------------------------------------


def on_rules() -> None:
    """Another game: a new, empty draft."""
    ss = st.session_state
    rules = rules_in_form(ss, KEY)
    made = new_draft(rules)
    st.session_state[DRAFT] = made
    for key in [k for k in ss if isinstance(k, str) and k.startswith(f"{KEY}.")
                and k not in FORM.values()]:
        del ss[key]


def form_values(d: Draft) -> dict[str, object]:
    """The rules' widgets' values for the draft's rules."""
    return form_state(KEY, d.rules)


def on_tile(index: int) -> None:
    d = draft()
    d.said = None
    kind, _, rest = d.place.partition(".")
    if kind in ("hand", "dead", "stock"):
        pile = d.stock_tiles if kind == "stock" else \
            (d.hands if kind == "hand" else d.dead)[int(rest)]
        if index in pile:
            pile.remove(index)
        elif index not in where(d):
            pile.append(index)
        return
    end: End = "left" if rest == "left" else "right"
    placed = [i for i, _ in d.line]
    if index in placed:
        if placed[-1] == index:
            d.line.pop()
        else:
            d.said = worded("hint", partial(t, "analysis.line_last_only"))
        return
    if index in where(d):
        return
    line = line_of(d)
    tile = TILES[index]
    try:
        line.place(tile, None if line.empty else end)
    except LineError:
        value = line.left if end == "left" else line.right
        d.said = worded("no", partial(t, "analysis.why.line_join", tile=tile.bracket(),
                                      end=end_name(end), value=value))
        return
    d.line.append((index, None if not d.line and d.hidden_ends is None else end))


def on_flip() -> None:
    d = draft()
    d.flipped = not d.flipped


def on_line_back() -> None:
    d = draft()
    if d.line:
        d.line.pop()
    elif d.hidden_ends is not None:
        d.hidden_ends = None


def set_from(key: str, attr: str) -> None:
    """A simple widget's value into the draft (``attr``: the draft's field)."""
    value = st.session_state.get(key)
    d = draft()
    if attr == "view":
        d.view = value if isinstance(value, int) and st.session_state.get(W_HANDS) == ONE \
            else None
        if d.view is not None and not d.place.endswith(f".{d.view}") and \
                not d.place.startswith("line"):
            d.place = f"hand.{d.view}"
    elif attr in ("to_move", "passes", "stock") and isinstance(value, (int, float)):
        setattr(d, attr, int(value))
    elif attr in ("opening", "place") and isinstance(value, str):
        setattr(d, attr, value)


def on_hands() -> None:
    set_from(W_VIEW, "view")
    d = draft()
    if st.session_state.get(W_HANDS) == ONE and d.view is None:
        d.view = d.to_move
        d.place = f"hand.{d.view}"


def on_count(seat: int, dead: bool = False) -> None:
    value = st.session_state.get(f"{W_DEADCOUNT if dead else W_COUNT}.{seat}")
    if isinstance(value, (int, float)):
        (draft().dead_counts if dead else draft().counts)[seat] = int(value)


def on_lacks(seat: int) -> None:
    value = st.session_state.get(f"{W_LACKS}.{seat}")
    if isinstance(value, list):
        draft().lacks[seat] = sorted(int(v) for v in value)


def on_clear() -> None:
    st.session_state[DRAFT] = new_draft(draft().rules)


def on_study() -> None:
    """Study the position set up, or say why the engine refuses it."""
    d = draft()
    result = checked(d)
    if isinstance(result, CodeError):
        names = seats(d)
        d.said = worded("no", partial(analysis_words.code_error, result, names))
        return
    d.said = None
    analysis.open_study(analysis.study_of(result))


def said() -> Said | None:
    found = draft().said
    return found if isinstance(found, (Feedback, Later)) else None


def edit(position: Position) -> None:
    """Open the editor on ``position`` (a callback: "Change this position")."""
    st.session_state[DRAFT] = draft_of(position)
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(f"{KEY}.")]:
        del st.session_state[key]
    st.session_state[analysis.MODE] = "setup"


# -- the "Open" box (a code pasted, a round record chosen) -------------------------------


def on_paste(key: str) -> None:
    """The paste box's text, kept for when it is drawn again (after another mode)."""
    st.session_state[analysis.PASTED] = str(st.session_state.get(key) or "")


def on_open_code(key: str) -> None:
    """The code pasted in the "Open" box."""
    text = str(st.session_state.get(key) or "")
    if not text.strip():
        st.session_state[analysis.SAID] = worded("hint", partial(t, "analysis.paste_first"))
        return
    try:
        value = analysis.read_code(text, dealt=True)
    except CodeError as e:
        seats = analysis_words.seats_for(text)
        st.session_state[analysis.SAID] = worded("no", partial(analysis_words.code_error, e, seats))
        return
    analysis.open_study(analysis.study_of(value))


def on_open_file(key: str) -> None:
    """A round record (or any code in a text file) chosen in the "Open" box."""
    upload = st.session_state.get(key)
    if upload is None:
        return
    record = round_record.read(upload.getvalue())
    if record is None:
        st.session_state[analysis.SAID] = worded("no", partial(t, "analysis.not_a_record"))
        return
    try:
        value = analysis.read_code(record.code, dealt=True)
    except CodeError as e:
        seats = analysis_words.seats_for(record.code)
        st.session_state[analysis.SAID] = worded("no", partial(analysis_words.code_error, e, seats))
        return
    analysis.open_study(analysis.study_of(value, record.seat))
