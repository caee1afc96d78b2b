"""What a page says back after a click: one :class:`Feedback` type and one set of styles.

A page keeps its feedback in its session state and draws it in a container keyed
``<page>-fb-<kind>`` (Learn's is ``fb-<kind>``): :data:`CSS`, which every page carries
(:func:`ui.page.setup`), colours any container whose key ends so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from engine.game.moves import Move
from engine.game.state import State

from ..i18n import refusal_text

FeedbackKind = Literal["ok", "no", "hint"]


@dataclass(frozen=True, slots=True)
class Feedback:
    """``ok`` (right / done), ``no`` (wrong or refused, with the reason), ``hint`` (incomplete).

    ``text`` is the message, ``title`` a bold lead-in; the quiz adds worked ``lines`` and,
    after a wrong answer, the Learn step to ``revisit`` as ``(lesson, step)``."""

    kind: FeedbackKind
    text: str = ""
    title: str = ""
    lines: tuple[str, ...] = ()
    revisit: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Later:
    """Feedback worded when it is drawn: ``make`` builds the :class:`Feedback` in the page's
    language.  A page keeps its feedback across runs, and the learner may switch the
    language meanwhile: kept as this, what it says follows.  ``kind`` is known at once."""

    kind: FeedbackKind
    make: Callable[[], Feedback]


#: What a page keeps to say back.
Said = Feedback | Later


def now(said: Said | None) -> Feedback | None:
    """What a page kept, worded now (once per drawing) in the page's language."""
    return said.make() if isinstance(said, Later) else said


def worded(kind: FeedbackKind, text: Callable[[], str] | None = None,
           title: Callable[[], str] | None = None) -> Later:
    """Feedback of ``kind`` whose ``text`` and ``title`` are worded when drawn (functions of
    nothing, such as ``partial(t, "learn.ends_wrong", a=2, b=5)``)."""
    return Later(kind, partial(_word, kind, text, title))


def _word(kind: FeedbackKind, text: Callable[[], str] | None,
          title: Callable[[], str] | None) -> Feedback:
    return Feedback(kind, text() if text else "", title() if title else "")


def checked(state: State, move: Move) -> tuple[Move, Said | None]:
    """``move`` as the engine resolves it for ``state``, and why the rules refuse it, in
    words, when they do (the position is not touched)."""
    resolved = state.resolve(move)
    refusal = state.why_illegal(resolved)
    return resolved, None if refusal is None else worded("no", partial(refusal_text, refusal))


def key(prefix: str, kind: str) -> str:
    """The container key that gives feedback of ``kind`` its colours: ``quiz-fb-ok``."""
    return f"{prefix}-fb-{kind}" if prefix else f"fb-{kind}"


#: The feedback colours, also named as variables for anything that borrows them.
CSS = """
:root { --ok-bg: #e5f2ea; --ok-border: #b5d8c3; --no-bg: #fbeee8; --no-border: #edc6b6;
    --hint-bg: #fbf4dd; --hint-border: #ecd99a; }
[class*="fb-ok"], [class*="fb-no"], [class*="fb-hint"] { border-radius: 10px;
    padding: 0.55rem 1rem 0.1rem; border: 1px solid transparent; }
/* a page may set its box's padding and height (its layout); the colours stay these */
[class*="fb-ok"] { background: var(--ok-bg); border-color: var(--ok-border); }
[class*="fb-no"] { background: var(--no-bg); border-color: var(--no-border); }
[class*="fb-hint"] { background: var(--hint-bg); border-color: var(--hint-border); }
"""
