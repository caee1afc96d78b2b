"""The one place the site reads Streamlit's private API (``streamlit.runtime``).

Streamlit gives no public way to tell a fragment's own rerun from a whole page's run;
``ScriptRunContext.fragment_ids_this_run`` (set when a click inside an ``st.fragment``
reruns only it) does.  Streamlit may change it in any release: when it does,
:func:`in_fragment_rerun` raises :class:`StreamlitChanged` instead of quietly answering
"no", and ``tests/ui/test_ui_streamlit_private.py`` fails on the upgrade.
"""

from __future__ import annotations

from streamlit.runtime.scriptrunner import get_script_run_ctx

#: The private attribute read here (tests check Streamlit still has it).
FRAGMENT_IDS = "fragment_ids_this_run"


class StreamlitChanged(RuntimeError):
    """Streamlit's private API is not what this module expects (see its docstring)."""


def in_fragment_rerun() -> bool:
    """Whether this run is a fragment's own (a click inside it), not the whole page's.

    Outside a Streamlit run (no script context) it is False."""
    ctx = get_script_run_ctx()
    if ctx is None:
        return False
    try:
        ids = getattr(ctx, FRAGMENT_IDS)
    except AttributeError:
        raise StreamlitChanged(
            f"streamlit's ScriptRunContext has no {FRAGMENT_IDS} any more: "
            "update ui/streamlit_private.py for this Streamlit version") from None
    return bool(ids)
