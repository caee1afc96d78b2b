"""Home page of the block dominoes tutorial (placeholder until the site is built)."""

import streamlit as st

st.set_page_config(page_title="Block dominoes", page_icon="🎲")

st.title("Block dominoes")
st.write("Learn block dominoes step by step: the rules, worked examples, and a quiz.")
