"""The site's one use of Streamlit's private API (ui/streamlit_private.py) still works with the
installed Streamlit: the attribute it reads exists, fragments set it, and a Streamlit that
lost it makes the site say so instead of quietly misbehaving."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from streamlit.runtime.scriptrunner import ScriptRunContext
from streamlit.testing.v1 import AppTest

from ui import streamlit_private
from ui.streamlit_private import FRAGMENT_IDS, StreamlitChanged, in_fragment_rerun


def test_streamlits_run_context_still_has_the_attribute_the_site_reads() -> None:
    assert FRAGMENT_IDS in {f.name for f in dataclasses.fields(ScriptRunContext)}


def test_outside_a_run_it_is_no_fragment_rerun() -> None:
    assert in_fragment_rerun() is False


def test_a_whole_page_run_is_no_fragment_rerun() -> None:
    def script() -> None:
        import streamlit as st

        from ui.streamlit_private import in_fragment_rerun

        st.write(f"fragment rerun: {in_fragment_rerun()}")

    at = AppTest.from_function(script).run()
    assert not at.exception
    assert at.markdown[0].value == "fragment rerun: False"


@pytest.mark.parametrize(("ids", "expected"), [([], False), (["abc"], True)])
def test_it_reads_the_fragment_ids(monkeypatch: pytest.MonkeyPatch, ids: list[str],
                                   expected: bool) -> None:
    ctx = SimpleNamespace(**{FRAGMENT_IDS: ids})
    monkeypatch.setattr(streamlit_private, "get_script_run_ctx", lambda: ctx)
    assert in_fragment_rerun() is expected


def test_a_streamlit_without_the_attribute_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streamlit_private, "get_script_run_ctx", lambda: SimpleNamespace())
    with pytest.raises(StreamlitChanged, match=FRAGMENT_IDS):
        in_fragment_rerun()


def test_apptest_scans_the_installed_components_once_through_the_tests_cache() -> None:
    """AppTest still finds components by ``manifest_scanner.scan_component_manifests``,
    which apptest_support answers from one scan (a Streamlit that moved it would make
    every page test a third slower: this says so)."""
    from apptest_support import COMPONENT_SCAN

    def script() -> None:
        import streamlit as st

        st.write("hello")

    for _ in range(2):
        at = AppTest.from_function(script).run()
        assert not at.exception
    assert COMPONENT_SCAN.calls == 1


def test_apptest_waits_for_a_run_through_the_tests_wait_and_still_times_out() -> None:
    """apptest_support replaces AppTest's polling wait for a script run; a run still ends
    when it finishes, and one past its timeout still fails as Streamlit's own does."""
    import apptest_support
    from streamlit.testing.v1 import local_script_runner

    assert local_script_runner.require_widgets_deltas is apptest_support._wait_for_the_run

    def quick() -> None:
        import streamlit as st

        st.write("done")

    def slow() -> None:
        import time

        import streamlit as st

        time.sleep(0.5)
        st.write("too late")

    assert AppTest.from_function(quick).run().markdown[0].value == "done"
    with pytest.raises(RuntimeError, match="timed out after 0.1"):
        AppTest.from_function(slow, default_timeout=0.1).run()


def test_the_tests_board_click_still_reaches_the_boards_callback() -> None:
    """``apptest_support.board_move`` (a move sent as a click on the table sends it, which
    Play's and Try it's tests need for the moves their buttons do not offer) goes through
    AppTest's private widget-state path: a Streamlit that moved it fails here first."""
    from apptest_support import board_move

    def script() -> None:
        import streamlit as st

        from engine.game.rules import block
        from engine.game.state import State
        from ui.widgets.board import board

        got: list[str] = st.session_state.setdefault("got", [])
        state = State.setup(block(2), [["1-4", "2-2"], ["0-0"]], ends=(6, 3))
        board(state, key="b", on_move=lambda move: got.append(move.text()), caption=False)
        st.write(f"moves: {got}")

    at = AppTest.from_function(script).run()
    assert not at.exception
    board_move(at, {"play": "2-2"})  # a tile that fits nowhere: the page would refuse it
    assert at.markdown[-1].value == "moves: ['play 2-2']"
