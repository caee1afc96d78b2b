"""Home and the shared frame (AppTest): renders, links, notices, a returning learner."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_support import APP, FIXTURE_SCENARIOS, TIMEOUT, home, texts
from streamlit.testing.v1 import AppTest

from ui import progress
from ui.content import load_content
from ui.page import STYLED

ROOT = Path(__file__).resolve().parents[3]
PAGES = ["pages/examples.py", "pages/try_it.py", "pages/quiz.py", "pages/rules.py"]

# Home and the sidebar read the UI test fixtures' lessons (tests/data/ui/scenarios).
pytestmark = pytest.mark.usefixtures("fixture_scenarios")


def test_home_renders(data_dir: Path) -> None:
    at = home()
    assert not at.exception
    assert at.title[0].value == "Learn block dominoes"
    body = texts(at)
    for words in ("Block", "Gaple", "The two-player game", "Three ways to play"):
        assert words in body
    assert "passes" in body and "dead" not in body.split("Gaple")[0]  # one line each
    # the drawing carries its words
    assert 'role="img"' in body
    assert "Tiles: [1|4], [1|1], [4|4]." in body
    assert not at.warning


def test_a_sessions_first_run_waits_for_the_styles(data_dir: Path) -> None:
    """A session's first run stops after the styles and the (hidden) gate that waits for them
    in the browser; the gate's answer sets the session's flag and the page is drawn."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = "xx"
    at.run()
    assert not at.exception
    assert not at.title and not at.info and not at.warning  # nothing of the page yet
    assert len(at.get("bidi_component")) == 2  # the gate, and <html lang dir> (ui.page)
    assert progress.valid_learner_id(at.query_params["learner"])  # the session is set up
    at.session_state[STYLED] = True  # what the gate's answer does
    at.run()
    assert at.title[0].value == "Learn block dominoes"
    assert len(at.get("bidi_component")) == 1  # the gate is gone; <html lang dir> stays
    assert any("“xx” is not available" in i.value for i in at.info)  # the notice waited


def test_a_new_learner_gets_an_id_in_the_url(data_dir: Path) -> None:
    at = home()
    learner = at.query_params["learner"]
    assert isinstance(learner, str) and progress.valid_learner_id(learner)
    assert progress.known(learner, data_dir=data_dir)
    assert not at.info  # no notice for a first visit


def test_a_broken_learner_id_starts_fresh_with_a_notice(data_dir: Path) -> None:
    at = home(learner="not valid!")
    assert not at.exception
    assert any("not valid" in w.value for w in at.warning)
    assert progress.valid_learner_id(at.query_params["learner"])
    assert at.query_params["learner"] != "not valid!"


def test_an_unknown_learner_id_starts_fresh_with_a_notice(data_dir: Path) -> None:
    at = home(learner="AAAAAAAAAAAAAAAAAAAAAA")
    assert not at.exception
    assert any("start fresh" in i.value for i in at.info)
    assert at.query_params["learner"] == "AAAAAAAAAAAAAAAAAAAAAA"


def test_an_unknown_language_falls_back_to_english_with_a_notice(data_dir: Path) -> None:
    at = home(lang="xx")
    assert not at.exception
    assert at.title[0].value == "Learn block dominoes"
    assert any("not available" in i.value for i in at.info)


def test_ukrainian_reads_its_catalog_and_the_documents_diagram_words(data_dir: Path) -> None:
    at = home(lang="uk")
    assert not at.exception
    assert at.title[0].value != "Learn block dominoes"  # the title is translated
    assert "Плитки: [1|4], [1|1], [4|4]." in texts(at)  # the engine's description, in Ukrainian


def test_arabic_turns_the_page_right_to_left(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    from ui import i18n

    locales = tmp_path / "locales"
    locales.mkdir()
    (locales / "en.toml").write_text((ROOT / "locales" / "en.toml").read_text("utf-8"),
                                     encoding="utf-8")
    (locales / "ar.toml").write_text('[nav]\nlearn = "تعلّم"\n', encoding="utf-8")
    monkeypatch.setattr(i18n.catalogs, "LOCALES_DIR", locales)
    at = home(lang="ar")
    assert not at.exception
    styles = "".join(str(getattr(h, "proto", "")) for h in at.get("html"))
    assert "direction: rtl" in styles
    assert any(link.proto.label == "تعلّم" for link in at.get("page_link"))


def test_a_returning_learner_can_go_on_where_they_stopped(data_dir: Path) -> None:
    learner = progress.new_learner_id()
    progress.register(learner, data_dir=data_dir)
    progress.record_step(learner, "matching-ends", "one-tile", 3, data_dir=data_dir)
    progress.set_position(learner, "matching-ends", "read-ends", data_dir=data_dir)
    at = home(learner=learner)
    assert not at.exception
    body = texts(at)
    assert "Welcome back" in body
    labels = [link.proto.label for link in at.get("page_link")]
    assert "Go on where you stopped →" in labels
    resume = next(link for link in at.get("page_link")
                  if link.proto.label == "Go on where you stopped →")
    assert "lesson=matching-ends&step=read-ends" in resume.proto.query_string
    assert "Matching ends, step 2 of 3" in body
    assert "1 of 7 steps done" in body


def _resume_link(at: AppTest) -> str:
    (link,) = [link for link in at.get("page_link")
               if link.proto.label == "Go on where you stopped →"]
    return str(link.proto.query_string)


def test_going_on_skips_a_finished_step(data_dir: Path) -> None:
    """Issue 12, item 4: step 1 of Matching ends done (the learner still on it): Home leads
    to the next step not done, not back to the finished one."""
    learner = progress.new_learner_id()
    progress.register(learner, data_dir=data_dir)
    progress.record_step(learner, "matching-ends", "one-tile", 3, data_dir=data_dir)
    progress.set_position(learner, "matching-ends", "one-tile", data_dir=data_dir)
    at = home(learner=learner)
    assert not at.exception
    assert "lesson=matching-ends&step=read-ends" in _resume_link(at)
    assert "Matching ends, step 2 of 3" in texts(at)


def test_going_on_after_the_last_steps_wraps_to_one_not_done(data_dir: Path) -> None:
    learner = progress.new_learner_id()
    progress.register(learner, data_dir=data_dir)
    content = load_content(FIXTURE_SCENARIOS)
    last = content.lessons[-1]
    for step in last.steps:
        progress.record_step(learner, last.id, step.id, 3, data_dir=data_dir)
    progress.set_position(learner, last.id, last.steps[-1].id, data_dir=data_dir)
    at = home(learner=learner)
    first = content.lessons[0]
    assert f"lesson={first.id}&step={first.steps[0].id}" in _resume_link(at)


def test_when_every_step_is_done_home_says_so_and_points_on(data_dir: Path) -> None:
    learner = progress.new_learner_id()
    progress.register(learner, data_dir=data_dir)
    content = load_content(FIXTURE_SCENARIOS)
    for lesson in content.lessons:
        for step in lesson.steps:
            progress.record_step(learner, lesson.id, step.id, 3, data_dir=data_dir)
    progress.set_position(learner, content.lessons[0].id, content.lessons[0].steps[0].id,
                          data_dir=data_dir)
    at = home(learner=learner)
    assert not at.exception
    assert "You have done every step of every lesson." in texts(at)
    labels = [link.proto.label for link in at.get("page_link")]
    assert "Go on where you stopped →" not in labels
    # the rules learnt, Home leads on to the Strategy course first
    assert labels.index("Now learn to play well: Strategy →") < \
        labels.index("Test yourself in the quiz") < labels.index("Review the lessons")


def test_the_sidebar_links_every_page_and_offers_languages(data_dir: Path) -> None:
    at = home()
    links = at.get("page_link")
    labels = [link.proto.label for link in links]
    for name in ("Home", "Learn", "Worked examples", "Try it", "Quiz", "Rules",
                 "Start learning"):
        assert name in labels
    learner = at.query_params["learner"]
    for link in links:  # every link keeps the learner's id
        assert f"learner={learner}" in link.proto.query_string
    select = at.selectbox(key="sidebar.lang")
    assert select.options == ["English", "Українська", "Русский", "العربية", "한국어",
                              "Bahasa Indonesia", "Español"]


def test_choosing_a_language_puts_it_in_the_url(data_dir: Path) -> None:
    at = home()
    at.selectbox(key="sidebar.lang").select("ko").run()
    assert not at.exception
    assert at.query_params["lang"] == "ko"
    assert "타일: [1|4]" in texts(at)


@pytest.mark.parametrize(("lang", "label", "notation", "heading"), [
    ("id", "Bahasa Indonesia", "Kartu: [1|4]", "Belajar domino blok"),
    ("es", "Español", "Fichas: [1|4]", "Aprende dominó de bloqueo"),
])
def test_indonesian_and_spanish_are_chosen_like_the_others(
        data_dir: Path, lang: str, label: str, notation: str, heading: str) -> None:
    at = home()
    select = at.selectbox(key="sidebar.lang")
    assert label in select.options
    select.select(lang).run()
    assert not at.exception
    assert at.query_params["lang"] == lang
    assert notation in texts(at)
    assert heading in texts(at)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_its_title(data_dir: Path, page: str) -> None:
    at = home()
    at.switch_page(page).run()
    assert not at.exception
    assert at.title[0].value in ("Worked examples", "Try it", "Quiz", "Rules")


@pytest.mark.parametrize(("lang", "forward", "backward"), [("en", "→", "←"), ("ar", "←", "→")])
def test_go_on_links_point_the_way_the_text_reads(data_dir: Path, lang: str, forward: str,
                                                  backward: str) -> None:
    from ui.i18n import t_in

    at = home(lang=lang)
    assert not at.exception
    labels = [link.proto.label for link in at.get("page_link")]
    for key in ("home.family_rules", "nav.examples", "nav.try_it", "nav.quiz", "nav.rules"):
        assert f"{t_in(lang, key)} {forward}" in labels, (key, labels)
    assert not any(label.endswith(backward) for label in labels), labels


# -- the browser remembers the learner (ui.session.COOKIE) ------------------------------------


def document_data(at: AppTest) -> dict[str, object]:
    """What ui.page sends its document component: lang, dir and the cookies to write."""
    import json

    (doc,) = [c for c in at.get("bidi_component") if c.proto.component_name == "site_document"]
    data: dict[str, object] = json.loads(doc.proto.json)
    return data


def test_the_plain_address_resumes_the_learner_the_browser_remembers(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import session

    known = progress.new_learner_id()
    progress.register(known, data_dir=data_dir)
    monkeypatch.setattr(session, "remembered_learner", lambda: known)
    at = home()
    assert at.query_params["learner"] == known
    assert document_data(at)["cookies"] == []  # remembered already: nothing to write
    # a link's learner wins over the cookie (the address way, from another device)
    other = progress.new_learner_id()
    progress.register(other, data_dir=data_dir)
    at = home(learner=other)
    assert at.query_params["learner"] == other
    assert document_data(at)["cookies"] == [
        f"{session.COOKIE}={other}; Path=/; Max-Age={session.COOKIE_MAX_AGE}; SameSite=Lax"]


def test_a_remembered_learner_the_database_does_not_know_starts_fresh(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import session

    gone = progress.new_learner_id()
    monkeypatch.setattr(session, "remembered_learner", lambda: gone)
    at = home()
    assert at.query_params["learner"] != gone and not at.info and not at.warning


def test_start_afresh_asks_first_then_makes_a_new_learner(data_dir: Path) -> None:
    at = home()
    first = at.query_params["learner"]
    cookie = f"domino_learner={first};"
    assert any(str(c).startswith(cookie) for c in document_data(at)["cookies"])  # type: ignore[attr-defined]
    at.button(key="nav.afresh").click().run()
    assert "Start afresh as a new learner" in texts(at)
    at.button(key="nav.afresh_no").click().run()
    assert at.query_params["learner"] == first and "Start afresh as a new learner" not in texts(at)
    at.button(key="nav.afresh").click().run()
    at.button(key="nav.afresh_yes").click().run()
    assert not at.exception
    fresh = at.query_params["learner"]
    assert fresh != first and progress.known(fresh, data_dir=data_dir)
    assert any("You start afresh" in i.value for i in at.info)
    assert any(str(c).startswith(f"domino_learner={fresh};")
               for c in document_data(at)["cookies"])  # type: ignore[attr-defined]


def test_home_offers_play_among_the_pages_to_explore(data_dir: object) -> None:
    from apptest_support import home, texts

    at = home()
    assert "Whole rounds and matches against the computer" in texts(at)


def test_home_shows_a_match_in_progress_with_resume(data_dir: Path) -> None:
    """A learner with a match of Play in progress finds it on Home, "Resume" leading to
    that very match (its address); an abandoned match is not shown."""
    from apptest_support import open_page, play_table

    play = open_page("pages/play.py", rules="block", players="3", level="counting", seed="77")
    learner = play.session_state["learner"]
    table = play_table(play)
    at = home(learner=learner)
    assert not at.exception
    assert "**Your match in progress** · Block · 3 players · against Medium opponents" in texts(at)
    (link,) = [x for x in at.get("page_link") if x.proto.label == "Resume →"]
    assert link.proto.page.endswith("play") or "play" in link.proto.page
    for key, value in table.params.items():
        assert f"{key}={value}" in link.proto.query_string
    progress.abandon_match(learner, table.uid, data_dir=data_dir)
    assert "Your match in progress" not in texts(home(learner=learner))
