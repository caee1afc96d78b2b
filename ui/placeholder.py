"""A page that is not built yet: its title and a "coming soon" note."""

from __future__ import annotations

import streamlit as st

from .i18n import t
from .nav import page_link


def coming_soon(title_key: str) -> None:
    st.title(t(title_key))
    st.info(t("placeholder.coming_soon"))
    page_link("pages/learn.py", t("placeholder.go_learn"))
