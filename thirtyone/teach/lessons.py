"""Lessons as data: Markdown files in ``lessons/`` with quizzes that the engine answers.

A lesson file starts with front matter between ``---`` lines (``title``, ``summary``,
``variant``), then one step per ``## heading``. Inside a step, plain Markdown is text; a fenced
block ```` ```cards ```` shows cards (one row per line, ``Label: AH KH 9S`` or just cards);
a fenced block ```` ```quiz ```` asks a question. A quiz names its ``kind``, its ``question``
and the cards or options it is about; it never contains the answer. The answer and the
explanation are worked out here by the engine (``score``, the exact odds, the presets).

Quiz kinds:

- ``value``: what is ``hand`` worth under ``variant``?
- ``discard``: ``hand`` has four cards (three plus the one drawn); which card goes?
- ``swap``: swap family; ``hand`` and ``middle``: which middle card do you take (or swap all,
  or pass)?
- ``showdown``: ``hands`` (``- Name: cards`` lines), optional ``knocker``; who loses what?
- ``best``: ``hands``; which hand is best (``worst: yes`` asks for the weakest)?
- ``option``: what is option ``option`` in ``variant``?
- ``likelier``: of ``variants``, which gives the bigger ``measure`` (``p31`` or ``mean``)?
- ``standing``: what share of all dealt hands does ``hand`` beat?
- ``which_variant``, ``banker``, ``knock``: see ``quiz_kinds.py``.

Issue 15 adds, for the course as a whole: ``formerly`` in the front matter (old slugs whose
stored progress is this lesson's); hidden ```` ```teaches ```` blocks naming the concepts a
step teaches, and a required ``rests_on`` on every quiz in a lesson, checked across the
course by ``course_problems``; and ```` ```plot ```` and ```` ```link ```` blocks
(``blocks.py``). ``BLOCK_PARSERS`` maps each fenced block type to its reader, so another
block type (the mini-round, ``mini_round.py``) is one more entry.

Translations (issue 18) live in ``lessons/<lang>/`` under the English file names, with the
same steps and quizzes; ``load_lessons(lang=...)`` reads them (see ``lessons/README.md``).

>>> q = parse_quiz("kind: value\\nvariant: scat\\nhand: AH KH 9S\\nquestion: Worth?")
>>> q.options
['9', '11', '21', '30']
>>> q.check('21').correct, q.check('30').correct
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.cards import Card, CardError, cards_display, parse_cards, parse_hand, suit_name
from ..core.rules import DEFAULT_VARIANT, OPTIONS, Rules, get_variant
from ..core.scoring import BRAG_CLASSES, Score, score
from ..core.text import points_text
from ..game.families import family_class
from ..i18n import N_, _, format_number, format_percent, pgettext
from ..odds.dealt import dealt_distribution, hand_standing
from .blocks import Link, Plot, Teaches, concepts, parse_link, parse_plot, parse_teaches
from .guess import Guess, parse_guess
from .mini_round import MiniRound, make_round
from .practice import Practice, parse_practice
from .quiz import Feedback, LessonError, Quiz, need
from .quiz_kinds import KINDS, tie_break_words
from .variant_table import as_played, humanise

# An installed wheel carries the top-level lessons/ folder inside the package as
# thirtyone/lesson_texts (package-dir in pyproject.toml); a checkout has it beside the package.
LESSONS_DIR = resources.files("thirtyone") / "lesson_texts"
if not LESSONS_DIR.is_dir():
    LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"

QUIZ_KINDS = ("value", "discard", "swap", "showdown", "best", "option", "likelier", "standing",
              *KINDS)
_FORBIDDEN_KEYS = ("answer", "correct", "solution")


def _rules_of(spec: dict[str, Any], default_variant: str) -> tuple[str, Rules]:
    key = spec.get("variant", default_variant)
    return key, get_variant(key).rules


def _hands(spec: dict[str, Any], rules: Rules) -> list[tuple[str, tuple[Card, ...]]]:
    raw = spec.get("hands")
    if not isinstance(raw, list) or len(raw) < 2:
        raise LessonError(_("'hands' must list at least two lines like '- Ann: AH KH 9S'."))
    out = []
    for line in raw:
        name, sep, text = line.partition(":")
        if not sep:
            raise LessonError(_("Hand line '{line}' needs a name, a colon and three "
                                "cards.").format(line=line))
        out.append((name.strip(), parse_hand(text, pack=rules.pack)))
    names = [n for n, _h in out]
    if len(set(names)) != len(names):
        raise LessonError(_("Each hand in 'hands' needs a different name."))
    used = [c for _n, h in out for c in h]
    if len(set(used)) != len(used):
        raise LessonError(_("The same card appears in two hands."))
    return out


def _a(name: str) -> str:
    """A brag class as a sentence names it, in the current language: 'a pair', 'high card'."""
    return {"high card": pgettext("brag class in a sentence", "high card"),
            "pair": pgettext("brag class in a sentence", "a pair"),
            "flush": pgettext("brag class in a sentence", "a flush"),
            "run": pgettext("brag class in a sentence", "a run"),
            "running flush": pgettext("brag class in a sentence", "a running flush"),
            "prial": pgettext("brag class in a sentence", "a prial")}.get(name, name)


def _value_quiz(spec, key, rules) -> Quiz:
    need(spec, "hand")
    hand = parse_hand(spec["hand"], pack=rules.pack)
    s = score(hand, rules)
    if rules.hand_value == "brag":
        options = [_(o) for o in BRAG_CLASSES]
        correct = {BRAG_CLASSES.index(s.label)}
        shown = cards_display(hand)
        why = [_("{cards} is {what}.").format(cards=shown, what=_a(o)) if o == s.label
               else _("{cards} is not {what}.").format(cards=shown, what=_a(o))
               for o in BRAG_CLASSES]
        return Quiz("value", spec["question"], key, options, correct, why, s.explain(),
                    {"hand": hand})
    # Candidates a learner might say, each with where that number comes from.
    candidates: dict[float, str] = {}
    for suit in dict.fromkeys(c.suit for c in hand):
        same = [c for c in hand if c.suit == suit]
        total = float(sum(c.points for c in same))
        if len(same) > 1:
            what = _("{total} is the {suit} alone ({sum}).").format(
                total=points_text(total), suit=suit_name(suit),
                sum=" + ".join(str(c.points) for c in same))
        else:
            what = _("{total} is {card} alone.").format(total=points_text(total),
                                                        card=same[0].display)
        candidates.setdefault(total, what)
    top = sorted(hand, key=lambda c: c.points, reverse=True)
    candidates.setdefault(float(top[0].points),
                          _("{total} is only the highest card, {card}.").format(
                              total=top[0].points, card=top[0].display))
    two = float(top[0].points + top[1].points)
    candidates.setdefault(two, _("{total} adds only the two highest cards, {first} and "
                                 "{second}.").format(total=points_text(two),
                                                     first=top[0].display,
                                                     second=top[1].display))
    every = float(sum(c.points for c in hand))
    candidates.setdefault(every, _("{total} adds up all three cards, but only cards of one "
                                   "suit count together.").format(total=points_text(every)))
    for bonus, why_bonus in ((rules.three_of_a_kind, N_("{total} is what three of a kind is "
                                                         "worth.")),
                             (30.5, N_("{total} is what three of a kind in some games is "
                                       "worth."))):
        if bonus is not None and len({c.rank for c in hand}) == 1:
            candidates.setdefault(float(bonus), _(why_bonus).format(total=points_text(bonus)))
    candidates[s.number] = ""
    values = sorted(candidates)
    options = [points_text(v) for v in values]
    correct = {values.index(s.number)}
    why = [candidates[v] for v in values]
    return Quiz("value", spec["question"], key, options, correct, why, s.explain(),
                {"hand": hand})


def _discard_quiz(spec, key, rules) -> Quiz:
    need(spec, "hand")
    hand = parse_hand(spec["hand"], pack=rules.pack, size=4)
    kept = [score(tuple(c for c in hand if c != d), rules) for d in hand]
    best = max(kept)
    options = [d.display for d in hand]
    correct = {i for i, k in enumerate(kept) if k == best}
    why = [_("Without {card} you keep {cards}: {value}.").format(
        card=d.display, cards=cards_display(k.cards), value=k.name)
        for d, k in zip(hand, kept, strict=True)]
    summary = _("The best you can keep is {value}.").format(value=best.name)
    return Quiz("discard", spec["question"], key, options, correct, why, summary,
                {"hand": hand})


def _swap_quiz(spec, key, rules) -> Quiz:
    need(spec, "hand", "middle")
    if family_class(rules).open_cards != "middle":
        raise LessonError(_("A swap quiz needs a swap-family variant, not '{key}'.").format(
            key=key))
    hand = parse_hand(spec["hand"], pack=rules.pack)
    middle = parse_hand(spec["middle"], pack=rules.pack)
    if set(hand) & set(middle):
        raise LessonError(_("A card cannot be both in the hand and in the middle."))
    now = score(hand, rules)
    results: list[tuple[str, Score, str]] = []
    for m in middle:
        # the best swap (the first of equal ones) for the middle card m
        best_give, best = max(((h, score(tuple(c for c in hand if c != h) + (m,), rules))
                               for h in hand), key=lambda hs: hs[1])
        results.append((pgettext("move", "take {card}").format(card=m.display), best,
                        _("Taking {card} (giving {given}) leaves {value}.").format(
                            card=m.display, given=best_give.display, value=best.name)))
    if rules.allow_swap_all:
        s = score(middle, rules)
        results.append((pgettext("move", "swap all"), s,
                        _("Swapping all three gives {value}.").format(value=s.name)))
    if rules.allow_pass:
        results.append((pgettext("move", "pass"), now,
                        _("Passing keeps {value}.").format(value=now.name)))
    top = max(r[1] for r in results)
    options = [r[0] for r in results]
    correct = {i for i, r in enumerate(results) if r[1] == top}
    summary = _("You hold {now}; the best move gives {best}.").format(now=now.name,
                                                                      best=top.name)
    return Quiz("swap", spec["question"], key, options, correct, [r[2] for r in results],
                summary, {"hand": hand, "middle": middle})


def table_showdown(rules: Rules, names: list[str], hands: list[tuple[Card, ...]],
                   knocker: int | None = None) -> tuple[list[int], list[str]]:
    """Lives each player loses when these hands meet, played out by the table engine.

    The pack is stacked so that each seat is dealt its hand; the knocker (seat 0 if none) is
    the first to move and knocks at once, and everyone else stands on their final turn. A
    blitz or fire in the deal ends the round before anyone moves, as at the table. Returns
    the lives lost per seat and the engine's own sentences about who lost and why.
    """
    from ..core.errors import IllegalActionError
    from ..game.table import new_game
    if not family_class(rules).exact_turn_quiz or rules.dealer_two_hands:
        raise LessonError(_("A showdown quiz needs a draw- or swap-family variant."))
    n = len(hands)
    dealer = ((knocker or 0) - 1) % n
    deck = [hands[(dealer + 1 + i) % n][k] for k in range(3) for i in range(n)]
    game = new_game(rules, names, deck=deck, dealer=dealer)
    if not game.round_over:
        if knocker is None:
            raise LessonError(_("A showdown quiz needs a 'knocker' unless a hand ends the "
                                "round on the deal."))
        try:
            game.apply("knock")
            while not game.round_over:
                game.apply("stand")
        except IllegalActionError as e:
            raise LessonError(_("This showdown cannot be played out: {error}").format(
                error=e)) from None
    result = game.round_result
    assert result is not None
    why = [e.text for e in game.log if e.kind in ("blitz", "fire", "safe", "lose")]
    return list(result.lives_lost), why


def _outcome_text(names: list[str], lost: list[int]) -> str:
    parts = [_("{name} loses {n}").format(name=n, n=k)
             for n, k in zip(names, lost, strict=True) if k]
    return "; ".join(parts) if parts else _("Nobody loses")


# what a knocker tied for lowest loses, by the option knocker_tied (shown translated)
_KNOCKER_TIED_WORDS = {"safe": N_("a knocker tied for lowest is safe, and the others tied "
                                  "lose 1"),
                       "same": N_("a knocker tied for lowest loses 1, like the others tied"),
                       "double": N_("a knocker tied for lowest loses 2, while the others tied "
                                    "lose 1")}


def _knocker_alone_words(n: int) -> str:
    return _("a knocker alone on the lowest hand loses {n}").format(n=n)


def _showdown_quiz(spec, key, rules) -> Quiz:
    if rules.scoring != "lives":
        raise LessonError(_("A showdown quiz needs a variant played for lives, not "
                            "'{key}'.").format(key=key))
    hands = _hands(spec, rules)
    names = [n for n, _h in hands]
    knocker = None
    if "knocker" in spec:
        if spec["knocker"] not in names:
            raise LessonError(_("The knocker '{knocker}' is not one of {names}.").format(
                knocker=spec["knocker"], names=", ".join(names)))
        knocker = names.index(spec["knocker"])
    scores = [score(h, rules) for _n, h in hands]
    low = min(scores)
    cards = [h for _n, h in hands]
    lost, engine_says = table_showdown(rules, names, cards, knocker)
    truth = _outcome_text(names, lost)
    # Wrong options: what tables with other knocker rules would say, then single losers.
    candidates: dict[str, str] = {truth: ""}
    if knocker is not None:
        alone = [i for i, s in enumerate(scores) if s == low] == [knocker]
        for ka in (1, 2):
            for kt in ("safe", "same", "double"):
                other = rules.replace(knocker_alone_lowest=ka, knocker_tied=kt)
                text = _outcome_text(names, table_showdown(other, names, cards, knocker)[0])
                rule = _knocker_alone_words(ka) if alone else _(_KNOCKER_TIED_WORDS[kt])
                candidates.setdefault(text, _("That happens at tables where {rule}.").format(
                    rule=rule))
    for i, (n, s) in enumerate(zip(names, scores, strict=True)):
        text = _outcome_text(names, [1 if j == i else 0 for j in range(len(names))])
        tied = [m for m, t in zip(names, scores, strict=True) if t == low and m != n]
        if s != low:
            why = _("{name} holds {value}, and the lowest hand is {low}.").format(
                name=n, value=s.value_text, low=low.value_text)
        elif tied:
            why = _("{name} is on the lowest value, but so is {others}.").format(
                name=n, others=_(" and ").join(tied))
        else:
            why = _("Not under these rules.")
        candidates.setdefault(text, why)
    options = sorted(list(candidates)[:5])
    correct = {options.index(truth)}
    values = ", ".join(f"{n} {s.value_text}" for n, s in zip(names, scores, strict=True))
    summary = " ".join([_("Hands: {values}.").format(values=values), *engine_says])
    if knocker is not None:
        summary += " " + _("In {variant} {alone}; {tied}.").format(
            variant=get_variant(key).name_text,
            alone=_knocker_alone_words(rules.knocker_alone_lowest),
            tied=_(_KNOCKER_TIED_WORDS[rules.knocker_tied]))
    whys = [candidates[o] for o in options]
    shown = {(_("{name} (knocked)").format(name=n) if i == knocker else n): h
             for i, (n, h) in enumerate(hands)}
    return Quiz("showdown", spec["question"], key, options, correct, whys, summary, shown)


def _best_quiz(spec, key, rules) -> Quiz:
    hands = _hands(spec, rules)
    worst = str(spec.get("worst", "no")).lower() in ("yes", "true")
    scores = [score(h, rules) for _n, h in hands]
    target = min(scores) if worst else max(scores)
    options = [n for n, _h in hands]
    correct = {i for i, s in enumerate(scores) if s == target}
    why = [f"{n}: {s.name}. {s.explain()}" for (n, _h), s in zip(hands, scores, strict=True)]
    summary_hands = "; ".join(f"{n} {s.name}" for (n, _h), s in zip(hands, scores, strict=True))
    summary = (_("Under {variant}: {hands}; the weakest is {value}.") if worst else
               _("Under {variant}: {hands}; the best is {value}.")).format(
        variant=get_variant(key).name_text, hands=summary_hands, value=target.name)
    if not worst:      # equal values the tie-break parted: say how
        summary += tie_break_words(hands, scores, target, rules)
    return Quiz("best", spec["question"], key, options, correct, why, summary, dict(hands))


def _option_quiz(spec, key, rules) -> Quiz:
    need(spec, "option")
    name = spec["option"]
    if name not in OPTIONS:
        raise LessonError(_("Unknown option '{name}'.").format(name=name))
    opt = OPTIONS[name]
    v = get_variant(key)
    if not opt.applies(rules):
        # A rule the game does not use has no value to ask about: the quiz would read the
        # preset's unused default (Switch's 'pass allowed: yes', though it has no pass).
        raise LessonError(_("{variant} does not use '{name}': {reason}").format(
            variant=v.name_text, name=name, reason=opt.why_not(rules)))
    actual = getattr(rules, name)
    allowed = list(opt.allowed)
    if len(allowed) > 5:  # long number ranges: the true value and its neighbours
        i = allowed.index(actual)
        lo = max(0, min(i - 2, len(allowed) - 5))
        allowed = allowed[lo:lo + 5]
    options = [humanise(a) for a in allowed]
    correct = {allowed.index(actual)}
    summary = " ".join([_("In {variant} the rule '{option}' is: {value}.").format(
        variant=v.name_text, option=opt.label_text, value=humanise(actual)), opt.help_text,
        as_played(v)])
    return Quiz("option", spec["question"], key, options, correct, [""] * len(options),
                summary)


def _odds_words(p: float) -> str:
    if p <= 0:
        return format_percent(0)
    return _("{p} (about 1 in {n})").format(p=format_percent(p, 2), n=format_number(round(1 / p)))


def _likelier_quiz(spec, key, rules) -> Quiz:
    need(spec, "variants")
    keys = spec["variants"] if isinstance(spec["variants"], list) else \
        [k.strip() for k in spec["variants"].split(",")]
    measure = spec.get("measure", "p31")
    if measure not in ("p31", "mean"):
        raise LessonError(_("'measure' must be p31 or mean, not '{measure}'.").format(
            measure=measure))
    variants = [get_variant(k) for k in keys]
    dists = [dealt_distribution(v.rules) for v in variants]
    means = [d.mean for d in dists if d.mean is not None]
    if len(means) < len(dists):
        raise LessonError(_("A likelier quiz needs variants with number values (not brag)."))
    nums = [d.p31 for d in dists] if measure == "p31" else means
    options = [v.name_text for v in variants]
    correct = {i for i, x in enumerate(nums) if x == max(nums)}
    if measure == "p31":
        why = [_("{variant}: a dealt 31 comes {odds} of the time ({k} of {n} hands).").format(
            variant=v.name_text, odds=_odds_words(d.p31), k=round(d.p31 * d.hands),
            n=format_number(d.hands)) for v, d in zip(variants, dists, strict=True)]
    else:
        why = [_("{variant}: a dealt hand is worth {mean} on average.").format(
            variant=v.name_text, mean=format_number(mean, 2))
            for v, mean in zip(variants, means, strict=True)]
    summary = " ".join([_("Exact, counted over every possible three-card deal."), *why])
    return Quiz("likelier", spec["question"], key, options, correct, [""] * len(options),
                summary)


_STANDING_BANDS = ((0.0, 0.25, N_("fewer than a quarter")),
                   (0.25, 0.5, N_("a quarter to a half")),
                   (0.5, 0.75, N_("a half to three quarters")),
                   (0.75, 1.01, N_("more than three quarters")))


def _standing_quiz(spec, key, rules) -> Quiz:
    need(spec, "hand")
    hand = parse_hand(spec["hand"], pack=rules.pack)
    st = hand_standing(hand, rules)
    options = [_(b[2]) for b in _STANDING_BANDS]
    correct = {i for i, (lo, hi, _w) in enumerate(_STANDING_BANDS) if lo <= st.beats < hi}
    s = score(hand, rules)
    summary = _("{value} beats {beats} of all dealt hands and ties {ties}. One opponent dealt "
                "from the other cards holds something better {p} of the time.").format(
        value=s.name, beats=format_percent(st.beats, 1), ties=format_percent(st.ties, 1),
        p=format_percent(st.opponent_beats, 1))
    why = [_("It beats {p}.").format(p=format_percent(st.beats, 1)) for _o in options]
    return Quiz("standing", spec["question"], key, options, correct, why, summary,
                {"hand": hand})


_BUILDERS = {"value": _value_quiz, "discard": _discard_quiz, "swap": _swap_quiz,
             "showdown": _showdown_quiz, "best": _best_quiz, "option": _option_quiz,
             "likelier": _likelier_quiz, "standing": _standing_quiz, **KINDS}


def parse_spec(text: str) -> dict[str, Any]:
    """``key: value`` lines; a key with nothing after the colon takes the ``- item`` lines
    below it as a list."""
    spec: dict[str, Any] = {}
    current: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("- "):
            if current is None or not isinstance(spec.get(current), list):
                raise LessonError(_("List item '{line}' has no key above it.").format(
                    line=line))
            spec[current].append(line[2:].strip())
            continue
        k, sep, v = line.partition(":")
        if not sep or not re.fullmatch(r"[a-z_0-9]+", k.strip()):
            raise LessonError(_("Cannot read '{line}': write 'key: value'.").format(line=line))
        k, v = k.strip(), v.strip()
        if k in spec:
            raise LessonError(_("'{key}' is given twice.").format(key=k))
        spec[k] = v if v else []
        current = k
    return spec


def make_quiz(spec: dict[str, Any], default_variant: str = DEFAULT_VARIANT) -> Quiz:
    """Build a quiz from its definition; the engine works out the answer."""
    for k in _FORBIDDEN_KEYS:
        if k in spec:
            raise LessonError(_("A quiz must not give its '{key}': the engine works it "
                                "out.").format(key=k))
    need(spec, "kind", "question")
    kind = spec["kind"]
    if kind not in _BUILDERS:
        raise LessonError(_("Unknown quiz kind '{kind}'; kinds are: {kinds}.").format(
            kind=kind, kinds=", ".join(QUIZ_KINDS)))
    key, rules = _rules_of(spec, default_variant)
    try:
        quiz = _BUILDERS[kind](spec, key, rules)
    except CardError as e:
        raise LessonError(_("Quiz '{question}': {error}").format(question=spec["question"],
                                                                 error=e)) from None
    quiz.spec = dict(spec)
    if len(quiz.options) < 2 or len(set(quiz.options)) != len(quiz.options) or not quiz.correct:
        raise LessonError(_("Quiz '{question}' needs at least two different options and a "
                            "right one.").format(question=spec["question"]))
    return quiz


def parse_quiz(text: str, default_variant: str = DEFAULT_VARIANT) -> Quiz:
    return make_quiz(parse_spec(text), default_variant)


# --- lessons --------------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    markdown: str


@dataclass(frozen=True)
class CardRow:
    label: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Cards:
    rows: tuple[CardRow, ...]


Block = Text | Cards | Quiz | Teaches | Plot | Link | MiniRound | Guess | Practice


@dataclass
class Step:
    title: str
    blocks: list[Block]

    @property
    def quizzes(self) -> list[Quiz]:
        return [b for b in self.blocks if isinstance(b, Quiz)]

    @property
    def teaches(self) -> tuple[str, ...]:
        return tuple(c for b in self.blocks if isinstance(b, Teaches) for c in b.concepts)


@dataclass
class Lesson:
    slug: str
    title: str
    summary: str
    variant: str
    steps: list[Step]
    formerly: tuple[str, ...] = ()   # old slugs whose stored progress is this lesson's

    @property
    def quizzes(self) -> list[Quiz]:
        return [q for s in self.steps for q in s.quizzes]


_FENCE = re.compile(r"^```(\w*)\s*$")


def _lesson_quiz(content: str, variant: str) -> Quiz:
    spec = parse_spec(content)
    if "rests_on" not in spec:
        raise LessonError(_("Quiz '{question}' needs 'rests_on:' naming the concepts it needs "
                            "(taught in an earlier step or above it).").format(
            question=spec.get("question", "?")))
    rests_on = concepts(spec.pop("rests_on"))
    if not rests_on:
        raise LessonError(_("Quiz '{question}' has an empty 'rests_on'.").format(
            question=spec.get("question", "?")))
    quiz = make_quiz(spec, variant)
    quiz.rests_on = rests_on
    return quiz


# How each fenced block type is read: (its text, the lesson's variant) -> a block. Another
# block type (the mini-round's ```round, teach/mini_round.py) adds itself here.
BLOCK_PARSERS: dict[str, Callable[[str, str], Any]] = {
    "cards": lambda content, variant: _parse_cards(content),
    "quiz": _lesson_quiz,
    "teaches": lambda content, variant: parse_teaches(content),
    "plot": lambda content, variant: parse_plot(parse_spec(content), variant),
    "link": lambda content, variant: parse_link(parse_spec(content)),
    "round": lambda content, variant: make_round(parse_spec(content), variant),
    "guess": lambda content, variant: parse_guess(parse_spec(content), variant),
    "practice": lambda content, variant: parse_practice(parse_spec(content), variant),
}


def _parse_blocks(lines: list[str], variant: str) -> list[Block]:
    blocks: list[Block] = []
    text: list[str] = []
    fence: str | None = None
    body: list[str] = []

    def flush_text() -> None:
        t = "\n".join(text).strip()
        if t:
            blocks.append(Text(t))
        text.clear()

    for line in lines:
        m = _FENCE.match(line.strip())
        if fence is None and m and m.group(1) in BLOCK_PARSERS:
            flush_text()
            fence, body = m.group(1), []
        elif fence is not None and line.strip() == "```":
            blocks.append(BLOCK_PARSERS[fence]("\n".join(body), variant))
            fence = None
        elif fence is not None:
            body.append(line)
        else:
            text.append(line)
    if fence is not None:
        raise LessonError(_("A ```{fence} block is not closed.").format(fence=fence))
    flush_text()
    return blocks


def course_problems(lessons: list[Lesson]) -> list[str]:
    """Every quiz whose ``rests_on`` names a concept not taught before it: in an earlier
    lesson, an earlier step, or above the quiz in its own step. One line each."""
    taught: set[str] = set()
    out = []
    for lesson in lessons:
        for i, step in enumerate(lesson.steps, 1):
            for block in step.blocks:
                if isinstance(block, Teaches):
                    taught |= set(block.concepts)
                elif isinstance(block, Quiz):
                    missing = [c for c in block.rests_on if c not in taught]
                    if missing:
                        out.append(_("{lesson} step {i} ('{step}'): the quiz '{question}' "
                                     "rests on {missing}, not taught before it.").format(
                            lesson=lesson.slug, i=i, step=step.title,
                            question=block.question, missing=", ".join(missing)))
    return out


def _parse_cards(content: str) -> Cards:
    rows = []
    for line in content.splitlines():
        if not line.strip():
            continue
        label, sep, text = line.rpartition(":")
        if not sep:
            label, text = "", line
        rows.append(CardRow(label.strip(), tuple(parse_cards(text))))
    if not rows:
        raise LessonError(_("A ```cards block is empty."))
    return Cards(tuple(rows))


def parse_lesson(text: str, slug: str = "lesson") -> Lesson:
    """Read one lesson from its file text; errors name the lesson."""
    try:
        lines = text.splitlines()
        if not lines or lines[0].strip() != "---":
            raise LessonError(_("it must start with front matter between '---' lines."))
        end = next((i for i, ln in enumerate(lines[1:], 1) if ln.strip() == "---"), None)
        if end is None:
            raise LessonError(_("its front matter has no closing '---'."))
        meta = parse_spec("\n".join(lines[1:end]))
        for k in ("title", "summary"):
            if not meta.get(k):
                raise LessonError(_("its front matter needs '{key}'.").format(key=k))
        variant = meta.get("variant", "scat")
        get_variant(variant)
        formerly = tuple(f.strip() for f in str(meta.get("formerly") or "").split(",")
                         if f.strip())
        if any(not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,80}", f) for f in formerly):
            raise LessonError(_("'formerly' must list old file names without '.md', such as "
                                "03-blitz-and-three-of-a-kind."))
        steps: list[Step] = []
        title: str | None = None
        body: list[str] = []
        for line in lines[end + 1:] + ["## "]:
            if line.startswith("## "):
                if title is not None:
                    steps.append(Step(title, _parse_blocks(body, variant)))
                title, body = line[3:].strip(), []
            elif title is None:
                if line.strip():
                    raise LessonError(_("text before the first '## ' step heading."))
            else:
                body.append(line)
        if not steps:
            raise LessonError(_("it has no '## ' steps."))
        for s in steps:
            if not s.blocks:
                raise LessonError(_("step '{step}' is empty.").format(step=s.title))
        return Lesson(slug, meta["title"], meta["summary"], variant, steps, formerly)
    except (LessonError, ValueError) as e:
        msg = str(e)
        named = _("Lesson '{slug}': {error}")
        if msg.startswith(named.format(slug=slug, error="")):
            raise
        raise LessonError(named.format(slug=slug, error=msg)) from None


_LANG = re.compile(r"[a-z]{2}")


def load_lessons(directory: Path | str | None = None, lang: str = "en") -> list[Lesson]:
    """Every lesson in ``directory`` (default ``lessons/``), ordered by file name.

    For another language (``lang``, two lowercase letters such as ``ru``) each lesson is read
    from ``<directory>/<lang>/<same name>.md`` when that file exists, else the English one:
    the same lessons in the same order either way. Anything else in ``lang`` means English.
    """
    d = Path(directory) if directory is not None else LESSONS_DIR
    files = sorted((f for f in (d.iterdir() if d.is_dir() else ())
                    if f.is_file() and f.name.endswith(".md")
                    and f.name.lower() != "readme.md"),
                   key=lambda f: f.name)
    if not files:
        raise LessonError(f"No lessons found in {d}.")
    if isinstance(lang, str) and lang != "en" and _LANG.fullmatch(lang):
        local = d / lang
        files = [local / f.name if (local / f.name).is_file() else f for f in files]
    return [parse_lesson(f.read_text(encoding="utf-8"), f.name.removesuffix(".md"))
            for f in files]


__all__ = ["BLOCK_PARSERS", "Cards", "CardRow", "Feedback", "Lesson", "LessonError", "Link",
           "Plot", "Quiz", "Step", "Teaches", "Text", "QUIZ_KINDS", "course_problems",
           "load_lessons", "make_quiz", "parse_lesson",
           "parse_quiz", "parse_spec", "table_showdown"]
