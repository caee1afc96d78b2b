"""What every page does first: page config, styles, session, language, sidebar.

A session's first run stops after the styles until the browser has them applied
(:func:`hold_until_styled`), so that the first frame with the page's text is already
laid out in the site's column and direction.

>>> # at the top of a page
>>> # from ui.page import setup
>>> # setup("pages/learn.py", "nav.learn")
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import NoReturn

import streamlit as st
from streamlit.errors import StreamlitAPIException

from . import i18n, nav, session
from .i18n import t
from .streamlit_private import in_fragment_rerun
from .widgets import feedback

ICON = Path(__file__).resolve().parent / "static" / "icon.png"
_NOTICE_KEY = "lang_notice_for"
_PROGRESS_PLACE = "_sidebar_progress"  # this run's place of the sidebar's progress lines
#: Session key: this browser tab has the site's styles and Streamlit's drawing code in
#: (see :func:`hold_until_styled`).
STYLED = "page.styled"
GATE_TIMEOUT_MS = 4000

CSS = """
:root { --site-styles: 1; }
.st-key-site-gate, .st-key-site-document, .st-key-site-watch { display: none; }
[data-testid="stMainBlockContainer"] { max-width: 58rem; padding-top: 2.2rem; padding-bottom: 4rem; }
@media (max-width: 640px) { [data-testid="stMainBlockContainer"] { padding-top: 3.6rem; } }
h1 { letter-spacing: -0.01em; }
details.caption-desc summary { cursor: pointer; color: #1f6f5c; }
.dominoes-figure { margin: 0.2rem 0 0.4rem; }
.dominoes-figure svg { max-width: 100%; height: auto; }
.lead { font-size: 1.18rem; line-height: 1.55; color: #3b4046; margin: 0 0 0.6rem; }
.muted { color: #5b6168; font-size: 0.92rem; }
.stars { color: #c98a00; letter-spacing: 0.08em; font-size: 1.05rem; white-space: nowrap; }
.stars .off { color: #cfc8b6; }
[class*="st-key-cta"] a[data-testid="stPageLink-NavLink"] {
    background: #1f6f5c; border-radius: 10px; padding: 0.55rem 1.3rem; }
[class*="st-key-cta-lesson"] a[data-testid="stPageLink-NavLink"] { padding: 0.3rem 1.1rem; }
[class*="st-key-cta-lesson"] a[data-testid="stPageLink-NavLink"] p { font-size: 1rem; }
[class*="st-key-cta"] a[data-testid="stPageLink-NavLink"] p { color: #fff; font-size: 1.1rem;
    font-weight: 600; }
[class*="st-key-cta"] a[data-testid="stPageLink-NavLink"]:hover { background: #185a4a; }
[class*="st-key-card"] { background: #ffffff; }
.caption-desc { font-size: 0.9rem; color: #4a4f55; margin: 0.25rem 0 0.6rem; line-height: 1.45; }
[data-testid="stSidebarUserContent"] [data-testid="stVerticalBlock"] { gap: 0.45rem; }
.strategy-evidence td, .strategy-evidence th { padding: 0.3rem 0.6rem; }
"""


def stars_html(stars: int, out_of: int = 3) -> str:
    """Filled and empty stars (text, with a spoken label)."""
    stars = max(0, min(out_of, stars))
    label = escape(t("stars.label", n=stars, total=out_of))
    return (f'<span class="stars" role="img" aria-label="{label}">{"★" * stars}'
            f'<span class="off">{"★" * (out_of - stars)}</span></span>')


# A first load of the site in a browser tab draws the page's text at once, but Streamlit
# fetches the code that draws st.html (which brings the styles in) and markdown with HTML
# only when a page first uses them, 150-350 ms later: the page showed left to right, in
# Streamlit's narrower column, then widened and (in Arabic) flipped.  So the first run of a
# session draws only the styles and a small component that waits until they apply and that
# code is in; then it asks for the page.
_GATE_JS = r"""
export default function (component) {
  const { data, setTriggerValue } = component;
  let stopped = false;
  const start = performance.now();
  function ready() {
    const styled = getComputedStyle(document.documentElement)
      .getPropertyValue("--site-styles").trim() !== "";
    const gate = document.querySelector(".st-key-site-gate");
    return styled && !!gate && (data.wait || []).every((s) => gate.querySelector(s));
  }
  function check() {
    if (stopped) return;
    if (ready() || performance.now() - start > data.timeout) {
      stopped = true;
      setTriggerValue("ready", true);
      return;
    }
    setTimeout(check, 10);
  }
  check();
  return () => { stopped = true; };
}
"""
_GATE = st.components.v2.component("site_gate", js=_GATE_JS)


# The page's language and direction on the document itself (Streamlit always serves
# <html lang="en"> and has no setting for it): a screen reader picks its voice by the
# lang attribute, and dir="rtl" lays the whole page out from the right, the sidebar too.
# Streamlit's own words are fixed in English: its "Skip to main content" link (the first
# thing the keyboard reaches) and the names a screen reader reads for its help icons ("Help
# for <label>"), its sidebar and the sidebar's buttons, and a list's "Open" button.  They
# are set here to the page's language, and set again whenever Streamlit draws them anew
# (one watcher for the tab, reading the last words; each name keeps Streamlit's English
# beside it, so a change of language words it again).
_DOCUMENT_JS = r"""
const SKIP = 'a[data-testid="stSkipToContent"]';
// Streamlit's English names and the page's words for them (data.labels' keys).
const NAMES = [
  [/^Help for ([\s\S]+)$/, (w, m) => w.help_for.split("{label}").join(m[1])],
  [/^Help$/, (w) => w.help],
  [/^Collapse sidebar$/, (w) => w.collapse_sidebar],
  [/^Expand sidebar$/, (w) => w.expand_sidebar],
  [/^Sidebar$/, (w) => w.sidebar],
  [/^Open$/, (w) => w.open_list],
];
function wordNames(words) {
  for (const e of document.querySelectorAll("[aria-label]")) {
    const label = e.getAttribute("aria-label");
    const ours = e.dataset.siteName !== undefined && label === e.dataset.siteName;
    const english = ours ? e.dataset.siteNameEn : label;
    for (const [pattern, make] of NAMES) {
      const found = english.match(pattern);
      if (!found) continue;
      const want = make(words, found);
      if (want && label !== want) {
        e.dataset.siteNameEn = english;
        e.dataset.siteName = want;
        e.setAttribute("aria-label", want);
      }
      break;
    }
  }
}
let pending = false;
function wordSkipLink() {
  const words = window.__siteSkipWords;
  const link = document.querySelector(SKIP);
  if (words && link && link.textContent !== words) link.textContent = words;
  if (pending || !window.__siteNames) return;
  pending = true; // at most once a frame, however many changes Streamlit makes in it
  requestAnimationFrame(() => { pending = false; wordNames(window.__siteNames); });
}
export default function (component) {
  const { data } = component;
  const root = document.documentElement;
  if (data.lang && root.getAttribute("lang") !== data.lang) root.setAttribute("lang", data.lang);
  if (root.getAttribute("dir") !== data.dir) root.setAttribute("dir", data.dir);
  for (const cookie of data.cookies || []) document.cookie = cookie;
  window.__siteSkipWords = data.skip;
  window.__siteNames = data.names;
  wordSkipLink();
  if (!window.__siteSkipWatch) {
    window.__siteSkipWatch = new MutationObserver(wordSkipLink);
    window.__siteSkipWatch.observe(document.body, { childList: true, subtree: true,
                                                    characterData: true, attributes: true,
                                                    attributeFilter: ["aria-label"] });
  }
}
"""
_DOCUMENT = st.components.v2.component("site_document", js=_DOCUMENT_JS)
#: Streamlit's own names that the page words (their keys in the catalogs' ``[site]``).
STREAMLIT_NAMES = ("help", "help_for", "collapse_sidebar", "expand_sidebar", "sidebar",
                   "open_list")


def document_attributes(cookies: tuple[str, ...] = ()) -> None:
    """Set ``<html lang dir>`` to the page's language and Streamlit's own words to its
    words: the "Skip to main content" link, and the names of its help icons, its sidebar
    and the sidebar's buttons and a list's "Open" (:data:`STREAMLIT_NAMES`); and write
    ``cookies``, each a ``document.cookie`` string; from a hidden component in the
    sidebar."""
    lang = i18n.current_lang()
    with st.sidebar, st.container(key="site-document", height=1, border=False):
        _DOCUMENT(key="site-document-attrs",
                  data={"lang": lang, "dir": i18n.page_dir(lang), "cookies": list(cookies),
                        "skip": t("site.skip_to_content"),
                        "names": {name: t(f"site.{name}", label="{label}")
                                  for name in STREAMLIT_NAMES}})


#: Seconds between the runs of :func:`_reconnect_watch` (it draws nothing; its timer is what
#: counts).
WATCH_EVERY = 3600


@st.fragment(run_every=WATCH_EVERY)
def _reconnect_watch() -> None:
    """A fragment on a timer, on every page, that does nothing.

    When its connection comes back (a restarted server, a replica replaced), Streamlit's
    browser side asks for a whole run only if the last run was running, was a fragment's, or
    left a fragment on a timer (``handleConnectionStateChanged`` in its ``App``; Streamlit PR
    #11890).  A restarted server has a new session that knows none of the page's fragments,
    and it drops every click made in one ("The fragment with id … does not exist anymore"):
    Play's table, drawn by a full run with no answer awaited, stayed on show and ignored
    every click.  With this timer always there, a reconnection runs the page again, which
    draws its fragments anew (``tests/browser/test_browser_play_resume.py`` restarts the server)."""


def _styled() -> None:
    st.session_state[STYLED] = True


#: What the gate draws (hidden) so that Streamlit fetches its drawing code for them, and
#: how the gate's script finds each once it is drawn: markdown with HTML, a page link, a
#: selectbox and a button (every page's sidebar, and most pages' buttons).
_PRELOAD = (".site-gate-html", 'a[data-testid="stPageLink-NavLink"]',
            '[data-testid="stSelectbox"]', 'button[data-testid^="stBaseButton"]')


def hold_until_styled() -> None:
    """On a session's first run, stop after the styles: draw (hidden, in the sidebar, where
    the page's links will be) a markdown with HTML, a page link, a selectbox, a button and
    the gate component, which asks for the page once the styles apply and those are drawn
    (or after :data:`GATE_TIMEOUT_MS`).  Later runs go straight on."""
    if st.session_state.get(STYLED):
        return
    with st.sidebar, st.container(key="site-gate", height=1, border=False):
        st.markdown('<span class="site-gate-html"></span>', unsafe_allow_html=True)
        try:
            st.page_link("app.py", label=t("nav.home"))
        except StreamlitAPIException:  # a page run alone (AppTest): no page to link to
            pass
        st.selectbox(t("nav.language"), [t("nav.home")], key="site-gate.select",
                     label_visibility="collapsed")
        st.button(t("nav.home"), key="site-gate.button")
        _GATE(key="site-gate-ready", data={"wait": list(_PRELOAD), "timeout": GATE_TIMEOUT_MS},
              on_ready_change=_styled)
    st.stop()


def setup(page: str, title_key: str) -> str:
    """Configure and frame a page; returns the learner id.

    ``page`` is the page's file ("app.py", "pages/learn.py"), ``title_key``
    the catalog key of its name."""
    i18n.language.pin(None)  # the address may have changed since the last run
    st.set_page_config(page_title=f"{t(title_key)} · {t('site.name')}", page_icon=str(ICON),
                       layout="centered")
    learner = session.init()
    i18n.language.pin(i18n.requested_lang())  # final now (init may restore a language)
    st.html(f"<style>{CSS}{feedback.CSS}{i18n.direction_css()}</style>")
    document_attributes(session.remember_cookies())
    with st.sidebar, st.container(key="site-watch", height=1, border=False):
        _reconnect_watch()
    hold_until_styled()
    st.session_state[session.NOTICED] = False  # until this run shows one
    requested = i18n.requested_lang()
    notice = i18n.language_notice()
    if notice and st.session_state.get(_NOTICE_KEY) != requested:
        st.session_state[_NOTICE_KEY] = requested
        session.notify(notice)
    st.session_state[_PROGRESS_PLACE] = nav.sidebar(page)
    session.show_notices()
    return learner


def progress_recorded() -> None:
    """The page itself recorded progress after :func:`setup` drew the sidebar (a lesson
    read on arrival): its progress lines are drawn again, in this run."""
    place = st.session_state.get(_PROGRESS_PLACE)
    if place is not None:
        nav.redraw_progress(place)


def rerun_on_its_own() -> NoReturn:
    """Run the whole page again for a reason of its own (an answer came, a wait began or
    ended), not for anything the learner did: the notices on show stay."""
    session.keep_notices()
    st.rerun()


def rerun_from_fragment() -> NoReturn:
    """Run the whole page again from a fragment without a timer: after a click in it (the
    fragment's own rerun) the notices go, as with :func:`rerun_page_if`; from the page's
    own run they stay (:func:`rerun_on_its_own`)."""
    if in_fragment_rerun():
        st.rerun()
    rerun_on_its_own()


def rerun_page_if(changed: bool) -> None:
    """First thing in a fragment (a part of a page that a click reruns alone): run the
    whole page again instead when something drawn outside the fragment is out of date
    (``changed``: another game or step, new progress), when a notice is waiting (the
    notices are drawn at the top of the page, by :func:`setup`), or when the page's last
    run showed notices (they were for that view only: a click takes them away)."""
    if changed or st.session_state.get("notices") or (
            in_fragment_rerun() and st.session_state.get(session.NOTICED)):
        st.rerun()
