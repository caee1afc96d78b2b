"""The Rules page: each family's rules in full, topic by topic (RULES.md §1–4).

One family at a time (a selector kept in the address: ``?family=gaple``;
``&topic=settling`` opens the page at that topic), with a heading per topic
(:data:`TOPICS`, in-page anchors ``#gaple-settling``), the
rule texts from the catalog (``rules.<family>.<topic>``, Markdown), every
**Decision** of RULES.md marked as ours, the documents' diagrams D1–D7
replayed and drawn live by the engine with their text descriptions, worked
settlement examples settled by the engine, and a link from each topic to the
Learn lesson that practises it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import streamlit as st

from engine.game.rules import FAMILIES
from engine.game.settlement import Settlement, settle
from engine.game.state import State
from engine.teaching.scenario import Scenario, ScenarioError, load

from ...content import ROOT, content
from ...i18n import clip, describe, seat_names, settlement_text, t
from ...nav import page_link
from ...widgets import seats
from ...widgets.board import caption_html
from ...widgets.lessons import lesson_title, step_title
from ...widgets.seats import seat_html, sums_lines
from ...widgets.svg import esc, line_svg

PAGE = "pages/rules.py"
LEARN = "pages/learn.py"
FAMILY_KEY = "rules.family"
PARAM = "family"

TOPICS: tuple[str, ...] = ("setup", "line", "doubles", "must_play", "ending", "settling",
                           "matches")
TOPIC_KEYS: dict[str, str] = {
    "setup": "rules.topic.setup", "line": "rules.topic.line", "doubles": "rules.topic.doubles",
    "must_play": "rules.topic.must_play", "ending": "rules.topic.ending",
    "settling": "rules.topic.settling", "matches": "rules.topic.matches",
}
FAMILY_KEYS: dict[str, str] = {"block": "rules.family_block", "gaple": "rules.family_gaple",
                               "duel": "rules.family_duel"}
SOURCE_KEYS: dict[str, str] = {"block": "rules.source_block", "gaple": "rules.source_gaple",
                               "duel": "rules.source_duel"}
COMMON = {"line": "rules.common.line", "doubles": "rules.common.doubles"}

#: Each topic's text, per family (the line and doubles are common to all three).
TEXT_KEYS: dict[str, dict[str, str]] = {
    family: {topic: COMMON.get(topic, f"rules.{family}.{topic}") for topic in TOPICS}
    for family in FAMILIES
}

#: RULES.md's decisions (Gaple, §3), each where it matters.
DECISIONS: dict[tuple[str, str], tuple[str, ...]] = {
    ("gaple", "setup"): ("rules.gaple.decision.turn_order",),
    ("gaple", "ending"): ("rules.gaple.decision.empty_hand", "rules.gaple.decision.nobody_moves"),
    ("gaple", "settling"): ("rules.gaple.decision.tiles_count", "rules.gaple.decision.blank_25"),
    ("gaple", "matches"): ("rules.gaple.decision.match",),
}

#: The Learn lesson (and step, or None for its first open step) that practises each topic.
LESSONS: dict[tuple[str, str], tuple[str, str | None]] = {
    ("block", "setup"): ("tiles-and-values", None),
    ("block", "must_play"): ("must-play-or-pass", None),
    ("block", "ending"): ("domino-or-blocked", None),
    ("block", "settling"): ("settling-block", None),
    ("block", "matches"): ("block-matches", None),
    ("gaple", "setup"): ("gaple-dead-tiles", "middle-tile"),
    ("gaple", "must_play"): ("gaple-dead-tiles", "dead-tile"),
    ("gaple", "ending"): ("gaple-dead-tiles", "emptied-hand"),
    ("gaple", "settling"): ("gaple-dead-tiles", "tie-smallest-tile"),
    ("duel", "setup"): ("two-player-game", None),
    ("duel", "must_play"): ("two-player-game", "draw"),
    ("duel", "ending"): ("two-player-game", "two-passes"),
    ("duel", "settling"): ("worked-endings", None),
    **{(family, "line"): ("matching-ends", None) for family in FAMILIES},
    **{(family, "doubles"): ("doubles-stay-in-the-line", None) for family in FAMILIES},
}

#: The documents' diagrams: the line topic shows D1–D4, doubles D5–D7.
DIAGRAMS: dict[str, tuple[tuple[str, str], ...]] = {
    "line": (("d1-one-four", "rules.diagram.d1"), ("d2-double-one", "rules.diagram.d2"),
             ("d3-double-six", "rules.diagram.d3"), ("d4-double-blank", "rules.diagram.d4")),
    "doubles": (("d5-double-four", "rules.diagram.d5"), ("d6-three-four", "rules.diagram.d6"),
                ("d7-double-two", "rules.diagram.d7")),
}

#: Worked settlement examples (scenario, title key), per family, under Settling.
EXAMPLES: dict[str, tuple[tuple[str, str], ...]] = {
    "block": (("block-blocked-sole-lowest", "rules.example.block_sole_lowest"),
              ("block-blocked-tied-lowest", "rules.example.block_tied_lowest"),
              ("block-blocked-two-players", "rules.example.block_two_players"),
              ("block-domino-blank-double", "rules.example.block_blank_double"),
              ("block-domino-five-and-five", "rules.example.block_five_and_five")),
    "gaple": (("gaple-emptied-by-discard", "rules.example.gaple_emptied"),
              ("gaple-tie-smallest-tile", "rules.example.gaple_tie_tile"),
              ("gaple-tie-lower-half", "rules.example.gaple_tie_half"),
              ("gaple-blank-double-25", "rules.example.gaple_blank_25")),
    "duel": (("e1-one-tile-loss", "rules.example.duel_e1"),
             ("e2-equal-totals-draw", "rules.example.duel_e2"),
             ("e3-empty-hand-wins", "rules.example.duel_e3")),
}



# -- the engine's drawings ------------------------------------------------------------


def scenario(scenario_id: str) -> Scenario | None:
    """A scenario by id: from the site's content, else straight from ``scenarios/``."""
    found = content().scenarios.get(scenario_id)
    return found if found is not None else _from_repo(scenario_id)


@lru_cache(maxsize=64)
def _from_repo(scenario_id: str) -> Scenario | None:
    path = Path(ROOT) / "scenarios" / f"{scenario_id}.toml"
    try:
        return load(path)
    except (OSError, ScenarioError):
        return None


@dataclass(frozen=True, slots=True)
class Diagram:
    title: str
    svg: str
    description: str


def diagram(scenario_id: str, title_key: str) -> Diagram | None:
    """A document diagram: the scenario replayed, its line drawn with markers."""
    s = scenario(scenario_id)
    if s is None:
        return None
    line = s.replay().line
    text = describe(line.description())
    return Diagram(t(title_key), line_svg(line, label=text, max_width=380), text)


@dataclass(frozen=True, slots=True)
class Example:
    title: str
    state: State
    settlement: Settlement
    seats: tuple[str, ...]


def seat_words(names: Sequence[str], players: int) -> tuple[str, ...]:
    """The scenario's seat names in the page's language (or "Player n")."""
    return seat_names(names, players)


def example(scenario_id: str, title_key: str) -> Example | None:
    """A worked example: the scenario replayed to its end and settled by the engine."""
    s = scenario(scenario_id)
    if s is None:
        return None
    state = s.replay()
    if not state.over:
        return None
    return Example(t(title_key), state, settle(state), seat_words(s.seats, state.players))


def family_from_url() -> str:
    """The family in the address (Block when absent or unknown, with a notice)."""
    raw = st.query_params.get(PARAM)
    if raw in FAMILIES:
        return str(raw)
    if raw is not None:
        st.info(t("rules.unknown_family", family=clip(str(raw), 40)))
    return "block"


def _on_family() -> None:
    family = st.session_state.get(FAMILY_KEY)
    if family in FAMILIES:
        st.query_params[PARAM] = family


# -- drawing ---------------------------------------------------------------------------

CSS = """
.st-key-rules-toc p { margin-bottom: 0.2rem; }
ul.rules-toc { display: flex; flex-wrap: wrap; gap: 0.4rem 0.45rem; margin: 0.2rem 0 0.8rem !important;
    padding: 0 !important; list-style: none; }
ul.rules-toc li { margin: 0 !important; padding: 0 !important; }
.rules-toc a { display: inline-block; padding: 0.12rem 0.6rem; border: 1px solid #d9d4c5;
    border-radius: 8px; background: #fff; color: #1f6f5c; text-decoration: none; font-size: 0.92rem; }
.rules-toc a:hover { border-color: #1f6f5c; }
[class*="st-key-rules-decision"] { background: var(--hint-bg); border: 1px solid var(--hint-border);
    border-inline-start: 5px solid #c98a00; border-radius: 10px; padding: 0.55rem 0.9rem 0.1rem; }
.decision-label { display: block; font-size: 0.78rem; letter-spacing: 0.05em;
    text-transform: uppercase; color: #7a5a00; font-weight: 700; margin-bottom: 0.1rem; }
.rules-figure { background: #fff; border: 1px solid #e2ddcf; border-radius: 10px;
    padding: 0.5rem 0.7rem 0.1rem; margin-bottom: 0.6rem; }
.rules-figure .title { font-weight: 600; margin-bottom: 0.35rem; }
.rules-figure svg { display: block; max-width: 100%; height: auto; }
.rules-example .result { margin: 0.4rem 0 0.2rem; }
.rules-example .sums { margin: 0.3rem 0 0; padding-inline-start: 1.2rem; font-size: 0.93rem; }
[class*="st-key-rules-example"] { background: #fff; border: 1px solid #e2ddcf; border-radius: 10px;
    padding: 0.6rem 0.9rem 0.2rem; }
"""


#: A link such as ``?family=gaple&topic=settling`` opens at its topic (Streamlit drops a
#: ``#hash`` when it rewrites the address, and draws the page after the browser looked for
#: the anchor): scroll there once per page load.
SCROLL_TO_TOPIC = """<script>
(() => {
  const params = new URLSearchParams(window.parent.location.search);
  const family = params.get("family"), topic = params.get("topic");
  if (!family || !topic || window.parent.__rulesScrolled) return;
  window.parent.__rulesScrolled = true;
  const go = (tries) => {
    const el = window.parent.document.getElementById(family + "-" + topic);
    if (el) el.scrollIntoView();
    else if (tries > 0) setTimeout(() => go(tries - 1), 150);
  };
  go(20);
})();
</script>"""


def _toc(family: str) -> None:
    links = "".join(f'<li><a href="#{esc(family)}-{esc(topic)}" target="_self">'
                    f'{esc(t(TOPIC_KEYS[topic]))}</a></li>' for topic in TOPICS)
    st.markdown(f'<nav aria-label="{esc(t("rules.contents"))}"><ul class="rules-toc">{links}'
                f'</ul></nav>', unsafe_allow_html=True)


def _decision(family: str, topic: str, n: int, key: str) -> None:
    with st.container(key=f"rules-decision-{family}-{topic}-{n}"):
        st.markdown(f'<span class="decision-label">{esc(t("rules.decision"))}</span>',
                    unsafe_allow_html=True)
        st.markdown(t(key))


def _practise(family: str, topic: str) -> None:
    target = LESSONS.get((family, topic))
    if target is None:
        return
    data = content()
    lesson = data.lesson(target[0])
    if lesson is None:
        return
    with st.container(key=f"rules-practise-{family}-{topic}"):
        if target[1] is not None:
            found = data.step(lesson.id, target[1])
            if found is not None:
                page_link(LEARN, t("rules.practise", lesson=lesson_title(lesson),
                                   step=step_title(lesson, found[1])),
                          lesson=lesson.id, step=found[1].id)
                return
        page_link(LEARN, t("rules.practise_lesson", lesson=lesson_title(lesson)),
                  lesson=lesson.id)


def figure_html(d: Diagram) -> str:
    return (f'<figure class="rules-figure dominoes-figure"><div class="title">{esc(d.title)}</div>'
            f'{d.svg}{caption_html(d.description)}</figure>')


def _diagrams(topic: str) -> None:
    drawn = [d for d in (diagram(sid, key) for sid, key in DIAGRAMS.get(topic, ())) if d]
    if not drawn:
        return
    st.markdown(f"**{t('rules.diagrams')}**")
    for i in range(0, len(drawn), 2):
        cols = st.columns(2)
        for col, d in zip(cols, drawn[i:i + 2], strict=False):
            with col:
                st.markdown(figure_html(d), unsafe_allow_html=True)


def example_html(ex: Example) -> str:
    state = ex.state
    out = ex.state.to_move if state.status in ("domino", "emptied") else None
    if state.status == "domino" and out is not None:
        ended = t("rules.ended_domino", name=ex.seats[out])
    elif state.status == "emptied" and out is not None:
        ended = t("rules.ended_emptied", name=ex.seats[out])
    else:
        ended = t("rules.ended_blocked")
    hands = "".join(seat_html(state, seat, ex.seats, out=seat == out, ending=state.status)
                    for seat in range(state.players))
    return (f'<div class="rules-example"><div class="quiz-meta"><b>{esc(ex.title)}</b>'
            f'<span class="quiz-ended">{esc(ended)}</span></div>'
            f'<div class="quiz-hands">{hands}</div></div>')


def _examples(family: str) -> None:
    found = [e for e in (example(sid, key) for sid, key in EXAMPLES.get(family, ())) if e]
    if not found:
        return
    st.markdown(f"**{t('rules.examples')}**")
    for n, ex in enumerate(found):
        with st.container(key=f"rules-example-{family}-{n}"):
            st.markdown(example_html(ex), unsafe_allow_html=True)
            sums = "".join(f"<li>{esc(line)}</li>" for line in sums_lines(ex.settlement, ex.seats))
            st.markdown(f'<ul class="sums" aria-label="{esc(t("rules.example_totals"))}">{sums}'
                        f'</ul>', unsafe_allow_html=True)
            st.markdown(f'<p class="result">{esc(settlement_text(ex.settlement, ex.seats))}</p>',
                        unsafe_allow_html=True)


def topic_section(family: str, topic: str) -> None:
    st.subheader(t(TOPIC_KEYS[topic]), anchor=f"{family}-{topic}")
    st.markdown(t(TEXT_KEYS[family][topic]))
    for n, key in enumerate(DECISIONS.get((family, topic), ())):
        _decision(family, topic, n, key)
    _diagrams(topic)
    if topic == "settling":
        _examples(family)
    _practise(family, topic)


def draw() -> None:
    """The whole page."""
    st.html(f"<style>{seats.CSS}{CSS}</style>")
    st.title(t("rules.title"))
    st.markdown(f'<p class="lead">{esc(t("rules.lead"))}</p>', unsafe_allow_html=True)
    family = family_from_url()
    st.session_state[FAMILY_KEY] = family
    st.segmented_control(t("rules.family"), list(FAMILIES), key=FAMILY_KEY, required=True,
                         format_func=lambda f: t(FAMILY_KEYS[f]), on_change=_on_family)
    st.query_params[PARAM] = family
    st.markdown(f"*{t(SOURCE_KEYS[family])}*")
    _toc(family)
    for topic in TOPICS:
        topic_section(family, topic)
    st.html(SCROLL_TO_TOPIC, unsafe_allow_javascript=True)
