"""Analysis and Play's review word one appraisal the same way (AppTest): a decision of a round
played on Play, opened on Analysis at the same move, shows the same classes (badge, sign,
name), the same worth and cost in the family's scale and the language's decimal sign; only
"your move" becomes "the move played", and the unseen tiles are the mover's."""

from __future__ import annotations

import re

import pytest
from apptest_support import open_page, play_table, texts
from streamlit.testing.v1 import AppTest
from test_page_play_review import play_round

from engine.notation.code import Round
from ui import i18n, thinking
from ui.i18n import t_in
from ui.pages.analysis import logic as analysis
from ui.widgets import appraisal
from ui.widgets.round_review.work import ReviewItem
from ui.widgets.svg import esc

pytestmark = pytest.mark.usefixtures("data_dir")

BADGE = '<span class="grade grade-'
FAULTS = ("inaccuracy", "mistake", "blunder")


def a_choice(items: list[ReviewItem]) -> ReviewItem:
    """A decision appraised exactly among more than one move (every deal counted: its figures
    do not hang on a seed), a fault if there is one."""
    chosen = [item for item in items
              if (a := item.appraisal.value) is not None and a.exact
              and len({item.position.canonical(m.move) for m in a.moves}) > 1]
    assert chosen, "no exact decision with a choice in this round"
    return next((item for item in chosen if item.grade() in FAULTS), chosen[0])


def the_list(at: AppTest) -> str:
    (shown,) = [m.value for m in at.markdown if 'class="appraisal-moves"' in m.value]
    return shown


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_analysis_words_a_decision_as_plays_review_does(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "APPRAISE_BUDGET", 2.0)
    play = open_page("pages/play.py", rules="block", players="2", seed="13", level="strong")
    play_round(play)
    tb = play_table(play)
    review = tb.reviewed
    assert review is not None and review.items
    item = a_choice(review.items)
    a = item.appraisal.value
    assert a is not None
    play.query_params["lang"] = lang
    play.run()

    code = Round.from_state(tb.state).text()
    at = open_page("pages/analysis.py", round=code, step=str(item.number - 1),
                   seat=str(tb.learner + 1), lang=lang)
    study = at.session_state[analysis.STUDY]
    assert study.cursor == item.number - 1 and study.played == item.played
    found = analysis.appraisal_answer(study)
    assert found is not None and found.value is not None
    assert found.value.moves == a.moves  # the same appraisal: every deal, on both pages
    assert a.of(item.played).grade == item.grade()

    # Play draws each decision in order: its title with the class, then every move.
    i = review.items.index(item)
    titles = [m.value for m in play.markdown if m.value.startswith("**") and BADGE in m.value]
    lists = [m.value for m in play.markdown if 'class="appraisal-moves"' in m.value]
    assert len(titles) == len(lists) == len(review.items)

    # The move's class: the same badge and cost after its name on both pages.
    played = t_in(lang, "analysis.appraisal_played", move="").split(",")[0]
    (verdict,) = [m.value for m in at.markdown if m.value.startswith(played) and BADGE in m.value]
    graded = titles[i][titles[i].index(BADGE):]
    assert verdict[verdict.index(BADGE):] == graded
    assert t_in(lang, f"appraisal.grade_{item.grade()}") in graded
    monkeypatch.setattr(i18n.language, "current_lang", lambda: lang)  # the words expected
    assert item.grade() in FAULTS  # this round has one: what it costs, in points (Block)
    cost = appraisal.cost("block", a.of(item.played).loss)
    assert re.search(r"\d,\d" if lang == "uk" else r"\d\.\d", cost), cost
    assert graded.endswith(esc(t_in(lang, "appraisal.after_badge", cost=cost)))

    # Every move: the same lines, word for word, but "your move" is "the move played".
    mine, theirs = (t_in(lang, f"appraisal.{k}", move="") for k in ("yours", "played"))
    assert lists[i].count(mine) == 1
    assert the_list(at) == lists[i].replace(mine, theirs)
    assert the_list(at).count(BADGE) > 1

    # The language's decimal sign, and how the figures were found: the same count of deals.
    figures = re.findall(r"\d[.,]\d", the_list(at))
    assert figures and all(f[1] == ("," if lang == "uk" else ".") for f in figures)
    assert appraisal.count(a.deals) in texts(at)
    assert t_in(lang, "appraisal.exact_mover", deals=appraisal.count(a.deals)) in texts(at)
