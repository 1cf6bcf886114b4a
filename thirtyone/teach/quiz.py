"""What every lesson quiz is: a question, its options, the engine's right ones and why.

The kinds that build quizzes live in ``lessons.py`` (the first eight) and ``quiz_kinds.py``
(which_variant, banker, knock); both build a ``Quiz``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card
from ..i18n import _


class LessonError(ValueError):
    """A lesson file that cannot be read; the message names the file and the problem."""


# --- quizzes --------------------------------------------------------------------------

@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str


@dataclass
class Quiz:
    """A question with options; ``correct`` holds the indices of every right option and
    ``why`` the engine's explanation per option (shown after an answer)."""

    kind: str
    question: str
    variant: str
    options: list[str]
    correct: set[int]
    why: list[str]
    summary: str                      # the engine's explanation of the right answer
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # what to show
    rests_on: tuple[str, ...] = ()   # the concepts the quiz needs (taught before it)
    context: str = ""                # one line about the table, shown with the cards
    spec: dict[str, Any] = field(default_factory=dict)  # the definition, as the file wrote it

    def check(self, choice: str | int) -> Feedback:
        """Check an answer (option text or index); the message says why it is right or not."""
        if isinstance(choice, int) and not isinstance(choice, bool):
            i = choice
        else:
            try:
                i = self.options.index(str(choice))
            except ValueError:
                raise ValueError(_("'{choice}' is not one of the options: {options}.").format(
                    choice=str(choice)[:80], options=", ".join(self.options))) from None
        if not 0 <= i < len(self.options):
            raise ValueError(_("Option {i} does not exist; there are {n}.").format(
                i=i, n=len(self.options)))
        right = [self.options[j] for j in sorted(self.correct)]
        if i in self.correct:
            extra = upper_first(_("{options} are equally good.").format(
                options=_(" and ").join(right))) if len(right) > 1 else ""
            return Feedback(True, join_parts(_("Right!"), self.why[i], extra, self.summary))
        return Feedback(False, join_parts(_("Not quite."), self.why[i],
                                          _("Right answer: {options}.").format(
                                              options=_(" or ").join(right)),
                                          self.summary))

    @property
    def answers(self) -> list[str]:
        return [self.options[j] for j in sorted(self.correct)]


def upper_first(text: str) -> str:
    """A sentence that starts with an option (``take K♠ and take K♦ are...``) starts with a
    capital letter, as any other sentence."""
    return text[:1].upper() + text[1:]


def join_parts(*parts: str) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())


def need(spec: dict[str, Any], *keys: str) -> None:
    for k in keys:
        if k not in spec:
            raise LessonError(_("A '{kind}' quiz needs '{key}'.").format(kind=spec.get("kind"),
                                                                         key=k))



__all__ = ["Feedback", "LessonError", "Quiz", "join_parts", "need"]
