"""What the AppTest page tests share: opening a page, reading its texts, clicking its buttons.

AppTest cannot click inside the board component, so moves go through its plain-button
fallback (``<board key>.play.<tile>[.<end>]``, ``.pass`` …): ``button_keys`` lists them and
``click`` presses one; ``board_move`` sends a move as the table itself does (also one the
rules refuse, which Play's and Try it's buttons do not offer).  The fixtures that point the site at a data folder (``data_dir``,
``fixture_scenarios``) are in conftest.py.
"""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from streamlit.testing.v1 import AppTest

from engine.game.state import State
from ui.page import STYLED
from ui.widgets.board import fallback_moves

if TYPE_CHECKING:
    from ui.pages.play.logic import Table

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
FIXTURE_SCENARIOS = ROOT / "tests" / "data" / "ui" / "scenarios"  # the UI tests' lessons
TIMEOUT = 30  # seconds a run may take: generous, for a busy small machine

# Every kind of element that shows text, in the order texts() joins them.
TEXT_KINDS = ("markdown", "caption", "info", "warning", "success", "error", "title", "header",
              "subheader", "text")


class _ScanOnce:
    """Streamlit's scan of the installed packages for components, made once per test run.

    AppTest gives every app a new component registry and scans every installed package's
    metadata to fill it (about 0.2 s, a third of a short page test); the installed
    packages do not change while the tests run, so the first scan's answer is kept.
    ``calls`` counts the real scans (test_ui_streamlit_private checks that AppTest still
    goes through here: fails loudly if Streamlit moves the scan)."""

    def __init__(self) -> None:
        from streamlit.components.v2 import manifest_scanner

        self._scan = manifest_scanner.scan_component_manifests
        self._found: list[Any] | None = None
        self.calls = 0
        manifest_scanner.scan_component_manifests = self  # type: ignore[assignment]

    def __call__(self, max_workers: int | None = None) -> list[Any]:
        if self._found is None:
            self.calls += 1
            self._found = self._scan(max_workers)
        return list(self._found)


COMPONENT_SCAN = _ScanOnce()


def _wait_for_the_run(runner: Any, timeout: float = 3) -> None:
    """AppTest's wait for a script run to finish, without its 1 ms polling loop (each
    wake-up takes the interpreter lock from the script's thread, a tenth of a page test):
    wait on the script's thread instead, looking at the run's events between waits."""
    thread = runner._script_thread
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if runner.script_stopped():
            return
        if thread is None:
            time.sleep(0.001)
        else:
            thread.join(min(0.05, max(0.0, deadline - time.monotonic())))
    runner.request_stop()  # as Streamlit's own: stop the run, then say so
    runner.join()
    raise RuntimeError(f"AppTest script run timed out after {timeout}(s)")


def _wait_without_polling() -> None:
    from streamlit.testing.v1 import local_script_runner

    assert callable(local_script_runner.require_widgets_deltas), "Streamlit moved it"
    local_script_runner.require_widgets_deltas = _wait_for_the_run


_wait_without_polling()


def home(**params: str | list[str]) -> AppTest:
    """Run app.py (Home) with ``params`` in its address; the caller checks ``at.exception``."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state[STYLED] = True  # as a browser tab that has the styles (ui.page)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def open_page(page_file: str, /, *, params_on_home: bool = False,
              **params: str | list[str]) -> AppTest:
    """Open ``page_file`` ("pages/learn.py") with ``params`` in the address (a list: the
    parameter given that many times) as a link to it does: app.py's first run is that
    page's; it must not raise.  ``params_on_home``: run Home first with them in its
    address, then switch to the page (they are set again for the switch)."""
    if params_on_home:
        at = home(**params)
    else:
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        at.session_state[STYLED] = True  # as a browser tab that has the styles (ui.page)
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(page_file).run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """Every text on the page (markdown, captions, notices, headings, plain text), one element
    a line, with markdown-escaped tiles (``\\[1|4\\]``) read as they show: ``[1|4]``."""
    parts = [element.value for kind in TEXT_KINDS for element in getattr(at, kind)]
    return "\n".join(parts).replace("\\[", "[").replace("\\]", "]")


def description(at: AppTest) -> str:
    """The text description under the table (there is exactly one)."""
    found = [m.value for m in at.markdown if "caption-desc" in m.value]
    assert len(found) == 1
    return found[0]


def play_table(at: AppTest) -> Table:
    """Play's table in the session (pages/play.py keeps it under ``play.table``)."""
    # Imported here, not above: conftest imports this module before it sets the environment
    # that Play reads on import (DOMINO_PLAY_PAUSE).
    from ui.pages.play import logic as play
    tb = at.session_state["play.table"]
    assert isinstance(tb, play.Table)
    return tb


def button_keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button if b.key]


def click(at: AppTest, key: str) -> AppTest:
    """Press the button ``key`` and run; the run must not raise."""
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def legal_button(state: State, board: str) -> str:
    """The fallback button (of the board ``board``) of the first legal move of ``state``, as
    the learner would find it."""
    for suffix, move in fallback_moves(state):
        if state.why_illegal(state.resolve(move)) is None:
            return f"{board}.{suffix}"
    raise AssertionError(f"no legal fallback button in {state!r}")


_NONCES = itertools.count(1)


def board_move(at: AppTest, move: dict[str, object]) -> AppTest:
    """Send ``move`` from the (one) board as a click in the browser sends it (``{"play":
    "4-4"}``, ``{"play": "1-3", "end": "left"}``, ``{"pass": True}`` …), then run; the run
    must not raise.  The table takes a click on any tile of the hand, where the plain buttons
    of Play and Try it list only legal moves: this is how a test makes a move the rules
    refuse.  It goes through AppTest's private widget-state path (the component's event
    trigger); tests/ui/test_ui_streamlit_private.py checks that it still does."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    (component,) = [c for c in at.get("bidi_component")
                    if not c.proto.component_name.startswith("site_")]  # ui.page's own
    states = at._tree.get_widget_states()
    trigger: WidgetState = states.widgets.add()
    trigger.id = _make_trigger_id(component.proto.id, "events")
    event = {**move, "nonce": f"test-{next(_NONCES)}"}
    trigger.json_trigger_value = json.dumps([{"event": "move", "value": event}])
    at._run(states)
    assert not at.exception, at.exception
    return at


def board_data(at: AppTest) -> dict[str, Any]:
    """What the page sends the (one) board component: hands, others, interactive …"""
    (component,) = [c for c in at.get("bidi_component")
                    if not c.proto.component_name.startswith("site_")]  # ui.page's own
    data: dict[str, Any] = json.loads(component.proto.json)
    return data
