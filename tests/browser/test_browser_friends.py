"""Play with friends in real browsers, one browser context a person (their own cookies, their
own learner) against the live server: two people at two-player Block playing in turn, each
move showing on the other's page; four people at Gaple; nobody's page (its HTML, the board's
shadow root included) nor the WebSocket frames it received ever carrying a tile of another
hand while the round is on; a person who closed their browser coming back through their link
to their seat as it was; a stale tab of the same seat whose move is refused, one move kept;
two people served by two replicas on one PostgreSQL store.

The tables are set straight in the live server's store (as the form sets them); which move
is legal is read from the store (the page's own :mod:`ui.pages.friends.logic` rebuilds the
game).  Everything waits on what the pages show, never on time.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from browser_support import WAIT, play, settle
from play_browser import count_is, hand
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect
from serving_support import replicas

from engine.game.rules import Ruleset, block, gaple
from engine.game.tiles import Tile
from ui import progress
from ui.pages.friends import logic

pytestmark = pytest.mark.browser

BOARD = f".st-key-{logic.BOARD}-board"
REFUSED = '[class*="st-key-friends-fb-no"]'

# The page's HTML with every shadow root's (the board component lives in one).
HTML_JS = """
() => {
  const out = [document.documentElement.outerHTML];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { out.push(el.shadowRoot.innerHTML); walk(el.shadowRoot); }
    }
  };
  walk(document);
  return out.join('\\n');
}
"""


@dataclass
class Person:
    """One person: their browser context, their page at the table and every WebSocket frame
    that page received (as text)."""

    context: BrowserContext
    page: Page
    frames: list[str] = field(default_factory=list)

    def listen(self, page: Page) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str)
                           else payload.decode("utf-8", "replace"))

    def html(self) -> str:
        return str(self.page.evaluate(HTML_JS))


def forms(t: Tile) -> list[str]:
    """Every way the page writes a tile: "[1|4]" (words, aria labels, either way round) and
    the board's data ("1-4", quoted, as an attribute or in the JSON it is sent)."""
    a, b = t.low, t.high
    return [f"[{a}|{b}]", f"[{b}|{a}]", f'"{a}-{b}"', f'"{b}-{a}"']


def new_table(rules: Ruleset, kinds: tuple[str, ...], data: str | Path,
              seed: int = 7) -> progress.NewTable:
    setting = logic.Setting(rules, seed, logic.default_setting(rules, seed).goal, False)
    made = progress.create_table(secrets.token_hex(8), logic.setting_params(setting),
                                 [progress.SeatPlan(kind, "heaviest") for kind in kinds],
                                 data_dir=data)
    assert made is not None
    return made


def game(made: progress.NewTable, data: str | Path) -> logic.Game:
    record = progress.read_table(made.table_id, data_dir=data)
    assert record is not None
    found = logic.rebuild(record)
    assert found is not None
    return found


def seat_link(made: progress.NewTable, seat: int) -> str:
    return f"/friends?table={made.table_id}&seat={made.seat_tokens[seat]}"


@dataclass
class Gate:
    """A tab's WebSocket, passed through; while ``held`` is a list, what the server sends
    waits there (the tab stays as it was drawn) until :meth:`open`."""

    held: list[str | bytes] | None = None
    page_side: WebSocketRoute | None = None

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self.page_side = ws
        ws.on_message(server.send)
        server.on_message(self._from_server)

    def _from_server(self, message: str | bytes) -> None:
        if self.held is not None:
            self.held.append(message)
        elif self.page_side is not None:
            self.page_side.send(message)

    def open(self) -> None:
        held, self.held = self.held or [], None
        for message in held:
            if self.page_side is not None:
                self.page_side.send(message)


def open_seat(context: BrowserContext, made: progress.NewTable, seat: int,
              gate: Gate | None = None) -> Person:
    person = Person(context, context.new_page())
    person.listen(person.page)
    if gate is not None:
        person.page.route_web_socket("**/_stcore/stream", gate.route)
    person.page.goto(seat_link(made, seat))
    return person


def sit(browser: Browser, base_url: str, made: progress.NewTable, seat: int,
        name: str) -> Person:
    """A person opens their seat's link in a browser of their own and gives a name."""
    person = open_seat(browser.new_context(base_url=base_url), made, seat)
    form = person.page.get_by_test_id("stForm")
    form.locator("input").fill(name)
    form.get_by_role("button", name="Sit down").click()
    expect(person.page.get_by_text("Waiting for the host to start the table.")).to_be_visible(
        timeout=WAIT)
    return person


def start(person: Person, made: progress.NewTable) -> None:
    """The host (in the first person's browser, a tab of its own) starts the table."""
    host = person.context.new_page()
    host.goto(f"/friends?table={made.table_id}&host={made.host_token}")
    button = host.get_by_role("button", name="Start", exact=True)
    expect(button).to_be_enabled(timeout=WAIT)
    button.click()
    expect(host.get_by_role("button", name="Start", exact=True)).to_have_count(0, timeout=WAIT)
    host.close()


def at_table(people: list[Person], moves: int) -> None:
    """Every page shows the table after ``moves`` moves."""
    for person in people:
        expect(count_is(person.page, moves)).to_be_attached(timeout=WAIT)


def hidden_from(made: progress.NewTable, data: str | Path, people: list[Person]) -> None:
    """While the round is on, nobody's page nor its frames carry a tile of another hand (or
    dead pile); each carries its own hand (the check finds tiles where they are)."""
    state = game(made, data).state
    assert not state.over
    for seat, person in enumerate(people):
        html, frames = person.html(), "\n".join(person.frames)
        own = state.hand(seat)[0]
        assert any(f in html for f in forms(own)), f"seat {seat}'s own {own} not on its page"
        assert any(f in frames for f in forms(own)), f"seat {seat}'s own {own} never sent"
        for other in range(state.players):
            if other == seat:
                continue
            for t in (*state.hand(other), *state.dead_tiles(other)):
                for form in forms(t):
                    assert form not in html, f"seat {seat}'s page shows {other}'s {t}"
                    assert form not in frames, f"seat {seat} was sent {other}'s {t}"


def move(made: progress.NewTable, data: str | Path, people: list[Person]) -> None:
    """The person to move plays their first legal move on their page; every page shows it."""
    g = game(made, data)
    mover = g.state.mover
    assert mover is not None
    page = people[mover].page
    expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=WAIT)
    play(page, g.state.copy())
    at_table(people, g.ply + 1)
    assert game(made, data).ply == g.ply + 1


@pytest.fixture
def everyone() -> Iterator[list[Person]]:
    people: list[Person] = []
    yield people
    for person in people:
        person.context.close()


def seated(browser: Browser, base_url: str, made: progress.NewTable, data: str | Path,
           names: tuple[str, ...], everyone: list[Person]) -> None:
    """Each person sits at their seat in order, the host starts, and no page shows another
    hand before the first move."""
    everyone += [sit(browser, base_url, made, n, name) for n, name in enumerate(names)]
    start(everyone[0], made)
    at_table(everyone, 0)
    hidden_from(made, data, everyone)


def test_two_people_play_in_turn_each_seeing_only_their_own_hand(
        browser: Browser, base_url: str, live_data_dir: Path, everyone: list[Person]) -> None:
    made = new_table(block(2), ("person", "person"), live_data_dir)
    seated(browser, base_url, made, live_data_dir, ("Ana", "Bo"), everyone)
    for _ in range(4):
        move(made, live_data_dir, everyone)
        hidden_from(made, live_data_dir, everyone)


def test_four_people_at_gaple_see_only_their_own_hands(
        browser: Browser, base_url: str, live_data_dir: Path, everyone: list[Person]) -> None:
    made = new_table(gaple(4), ("person",) * 4, live_data_dir, seed=11)
    seated(browser, base_url, made, live_data_dir, ("Ana", "Bo", "Cy", "Di"), everyone)
    for _ in range(4):
        move(made, live_data_dir, everyone)
    hidden_from(made, live_data_dir, everyone)


def test_three_people_and_the_computer_at_block(
        browser: Browser, base_url: str, live_data_dir: Path, everyone: list[Person]) -> None:
    """Four-player Block with the fourth seat the computer's: its moves appear at every
    person's seat in turn with theirs, and its hand, like every other, stays hidden."""
    made = new_table(block(4), ("person",) * 3 + ("computer",), live_data_dir, seed=5)
    everyone += [sit(browser, base_url, made, n, name)
                 for n, name in enumerate(("Ana", "Bo", "Cy"))]
    start(everyone[0], made)
    at_table(everyone, 0)
    computer = 0
    for _ in range(9):
        g = game(made, live_data_dir)
        if g.state.mover == 3:  # the computer's turn: its move shows on every page
            at_table(everyone, g.ply + 1)
            computer += 1
            continue
        page = everyone[g.state.mover].page
        expect(page.locator("button.tile:enabled").first).to_be_visible(timeout=WAIT)
        after = g.state.copy()
        play(page, after)
        # A move the computer answers is soon followed by its answer: wait for both.
        at_table(everyone, g.ply + 1 + (after.mover == 3 and not after.over))
        computer += after.mover == 3 and not after.over
    assert computer >= 2
    hidden_from(made, live_data_dir, everyone)


def test_a_person_who_left_comes_back_to_their_seat_as_it_was(
        browser: Browser, base_url: str, live_data_dir: Path, everyone: list[Person]) -> None:
    made = new_table(block(2), ("person", "person"), live_data_dir)
    everyone += [sit(browser, base_url, made, n, name) for n, name in enumerate(("Ana", "Bo"))]
    start(everyone[0], made)
    move(made, live_data_dir, everyone)
    move(made, live_data_dir, everyone)
    left = everyone[1]
    cookies = left.context.storage_state()
    left.context.close()  # Bo's browser is gone; it remembers the learner (its cookie)
    back = open_seat(browser.new_context(base_url=base_url, storage_state=cookies), made, 1)
    everyone[1] = back
    at_table([back], 2)
    expect(back.page.get_by_test_id("stForm")).to_have_count(0)
    state = game(made, live_data_dir).state
    assert sorted(hand(back.page)) == sorted(str(t) for t in state.hand(1))
    move(made, live_data_dir, everyone)
    hidden_from(made, live_data_dir, everyone)


def test_a_stale_tab_of_the_same_seat_is_refused_one_move_kept(
        browser: Browser, base_url: str, live_data_dir: Path, everyone: list[Person]) -> None:
    made = new_table(block(2), ("person", "person"), live_data_dir)
    everyone += [sit(browser, base_url, made, n, name) for n, name in enumerate(("Ana", "Bo"))]
    start(everyone[0], made)
    at_table(everyone, 0)
    g = game(made, live_data_dir)
    mover = g.state.mover
    assert mover is not None
    gate = Gate()
    second = open_seat(everyone[mover].context, made, mover, gate)  # the same seat, a 2nd tab
    at_table([second], 0)
    gate.held = []  # the second tab hears nothing more: it stays as drawn ...
    move(made, live_data_dir, everyone)  # ... while the first tab moves
    play(second.page, g.state.copy())  # the same move, on the table as it was
    gate.open()
    # The second tab's move was for the table as it was: refused, the table redrawn.
    expect(second.page.locator(REFUSED)).to_be_visible(timeout=WAIT)
    at_table([second, *everyone], 1)
    settle(second.page)
    kept = game(made, live_data_dir)
    assert kept.ply == 1
    assert kept.state.mover != mover


def test_two_people_on_two_replicas_play_in_turn(postgres_url: str, browser: Browser,
                                                  tmp_path: Path,
                                                  everyone: list[Person]) -> None:
    made = new_table(block(2), ("person", "person"), postgres_url)
    with replicas(2, tmp_path / "deploy", postgres_url) as running:
        everyone += [sit(browser, replica.url, made, n, name)
                     for n, (replica, name) in enumerate(zip(running, ("Ana", "Bo"),
                                                             strict=True))]
        start(everyone[0], made)
        at_table(everyone, 0)
        for _ in range(4):
            move(made, postgres_url, everyone)
        hidden_from(made, postgres_url, everyone)
