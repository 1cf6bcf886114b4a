"""Issue 18, the engine's own text: score explanations, cards, rules, variants, quizzes and
the CLI come out in Russian and Ukrainian, with nothing left in English (the pseudo-language
``xx`` marks every translated message, so English outside the marks was never marked), and
lives are counted with the three plural forms."""

from __future__ import annotations

import pickle
import re

import pytest
from i18n_helpers import english_words

from thirtyone.cli import main
from thirtyone.core.cards import CardError, parse_card, parse_hand
from thirtyone.core.rules import (
    OPTIONS,
    VARIANTS,
    Rules,
    RulesError,
    variant_extra_life,
    variant_lives,
)
from thirtyone.core.scoring import score
from thirtyone.i18n import use_language
from thirtyone.teach.quiz_kinds import banker_quiz, which_variant_quiz
from thirtyone.teach.variant_table import comparison_rows

CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]")
LANGS = ["xx", "ru", "uk"]

# (variant, house rules, hand): one of every kind of explanation
HANDS = [
    ("scat", {}, "AH KH 9S"),                         # two of a suit, one elsewhere
    ("scat", {}, "AH KH QH"),                         # 31: a blitz
    ("scat", {}, "7H 7S 7D"),                         # no two share a suit
    ("blitz", {}, "7H 7S 7D"),                        # three of a kind 30
    ("schwimmen", {}, "AH AS AD"),                    # fire
    ("schwimmen", {"same_rank": True}, "9H 9S KD"),   # a pair counts by rank
    ("scat", {"same_rank": True}, "2H 2S KD"),        # a pair worth less than the king
    ("stop_the_bus", {}, "3H 3S 3D"),                 # prial of threes
    ("stop_the_bus", {}, "QH QS QD"),                 # prial
    ("stop_the_bus", {}, "4H 5H 6H"),                 # running flush
    ("stop_the_bus", {}, "4H 5S 6H"),                 # run
    ("stop_the_bus", {}, "2H 9H KH"),                 # flush
    ("stop_the_bus", {}, "KH KS 3D"),                 # pair
    ("stop_the_bus", {}, "2H 9S KD"),                 # high card
    ("banking", {}, "AH KH QS JD"),                   # bust? no: aces as 1 -> 31
    ("banking", {}, "KH QS JD 5C"),                   # bust
    ("banking", {}, "AH KH QS"),                      # a natural
    ("banking", {}, "9H 8S"),                         # a plain total
]


def score_texts(variant: str, changes: dict, hand: str) -> list[str]:
    s = score(hand, VARIANTS[variant].rules.replace(**changes))
    return [s.explain(), s.name, s.value_text, s.label_text]


def assert_no_english(lang: str, texts: list[str]) -> None:
    for t in texts:
        assert t, texts
        assert english_words(t) == [], (lang, t)
        if lang != "xx":
            assert CYRILLIC.search(t) or re.fullmatch(r"[\d½ ().♠♥♦♣]+", t) or t == "Switch", \
                (lang, t)                     # Switch: a variant's name in every language


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant, changes, hand", HANDS)
def test_every_score_explanation_is_translated(lang, variant, changes, hand):
    with use_language(lang):
        texts = score_texts(variant, changes, hand)
    assert_no_english(lang, texts)


def test_english_explanations_are_unchanged_and_differ_from_the_translations():
    english = score_texts("scat", {}, "AH KH 9S")
    assert english[0] == ("A♥ and K♥ count together as hearts: 11 + 10 = 21; 9♠ is in "
                          "another suit and does not count.")
    with use_language("ru"):
        ru = score_texts("scat", {}, "AH KH 9S")
    with use_language("uk"):
        uk = score_texts("scat", {}, "AH KH 9S")
    assert "червы" in ru[0] and "Т♥" in ru[0]
    assert "чирви" in uk[0] and "Т♥" in uk[0]
    assert ru[0] != uk[0]


def test_a_score_explains_itself_in_the_language_it_is_read_in():
    with use_language("ru"):
        s = score("KH KS 3D", VARIANTS["stop_the_bus"].rules)
        assert "королей" in s.explain()
    with use_language("uk"):
        assert "королів" in s.explain()
        assert "королів" in pickle.loads(pickle.dumps(s)).explain()   # sessions may pickle
    assert s.explain() == "A pair of kings; the odd card breaks ties."
    assert s.label == "pair"                   # the id stays English in every language


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("bad", [
    lambda: parse_card("ZZ"), lambda: parse_card("AX"), lambda: parse_card("1H"),
    lambda: parse_hand("AH KH"), lambda: parse_hand("AH AH 9S"),
    lambda: parse_hand("2H 9S KD", pack=32), lambda: score("", VARIANTS["banking"].rules),
])
def test_card_errors_are_translated(lang, bad):
    with use_language(lang), pytest.raises(CardError) as e:
        bad()
    assert_no_english(lang, [str(e.value)])


def test_a_card_error_names_the_cyrillic_notation_in_russian_and_ukrainian():
    for lang in ("ru", "uk"):
        with use_language(lang), pytest.raises(CardError) as e:
            parse_card("ZZ")
        assert "Т, К, Д, В" in str(e.value) and "«ZZ»" in str(e.value)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("bad", [
    lambda: VARIANTS["stop_the_bus"].rules.with_house_rules(three_of_a_kind=30.5),
    lambda: VARIANTS["scat"].rules.with_house_rules(allow_pass=False),
    lambda: VARIANTS["kitty"].rules.with_house_rules(lives=5),
    lambda: Rules(min_players=5, max_players=3),
    lambda: Rules(packs=2),
])
def test_rules_errors_are_translated(lang, bad):
    with use_language(lang), pytest.raises(RulesError) as e:
        bad()
    # option names in quotes are the codes people type (--rule lives=5): they stay
    assert_no_english(lang, [re.sub(r"'[a-z_]+'", "", str(e.value))])


@pytest.mark.parametrize("lang", LANGS)
def test_variants_and_options_are_translated(lang):
    with use_language(lang):
        texts = [t for v in VARIANTS.values()
                 for t in (v.name_text, v.summary_text, *v.regions_text,
                           variant_extra_life(v), variant_lives(v, 2))]
        texts += [t for o in OPTIONS.values() for t in (o.label_text, o.help_text)]
        rows = comparison_rows()
        texts += [r.label for r in rows] + [v for r in rows for v in r.values if v != "—"]
    assert_no_english(lang, texts)


@pytest.mark.parametrize("lang, key, forms", [
    ("en", "scat", {1: "1 penny", 2: "2 pennies", 5: "5 pennies", 21: "21 pennies"}),
    ("ru", "scat", {1: "1 пенни", 2: "2 пенни", 5: "5 пенни", 21: "21 пенни"}),
    ("ru", "schwimmen", {1: "1 жизнь", 2: "2 жизни", 5: "5 жизней", 21: "21 жизнь"}),
    ("ru", "kitty", {1: "1 фишка", 2: "2 фишки", 5: "5 фишек", 21: "21 фишка"}),
    ("ru", "running_total", {1: "1 очко", 2: "2 очка", 5: "5 очков", 21: "21 очко"}),
    ("uk", "five_dollar", {1: "1 куточок купюри", 2: "2 куточки купюри", 5: "5 куточків купюри",
                           21: "21 куточок купюри"}),
    ("uk", "switch", {1: "1 життя", 2: "2 життя", 5: "5 життів", 21: "21 життя"}),
    ("uk", "kitty", {1: "1 фішка", 2: "2 фішки", 5: "5 фішок", 21: "21 фішка"}),
])
def test_variant_lives_has_three_plural_forms(lang, key, forms):
    with use_language(lang):
        assert {n: variant_lives(VARIANTS[key], n) for n in forms} == forms


def test_variant_lives_of_house_rules_uses_the_closest_presets_words():
    rules = VARIANTS["five_dollar"].rules.replace(lives=5)
    with use_language("ru"):
        assert variant_lives(rules, 5) == "5 уголков купюры"
        assert variant_extra_life(rules) == variant_extra_life(VARIANTS["five_dollar"])
    assert variant_lives(rules, 1) == "1 bill corner"
    assert variant_extra_life(VARIANTS["schwimmen"]) == "swimming"


def quizzes() -> list:
    which = which_variant_quiz({"question": "?", "option": "fire", "value": "33",
                                "variants": "scat, schwimmen, blitz"}, "scat",
                               VARIANTS["scat"].rules)
    banker = banker_quiz({"question": "?", "banker": "KH QH 5S", "punter": "9D 8D 2C"},
                         "banking", VARIANTS["banking"].rules)
    return [which, banker]


@pytest.mark.parametrize("lang", LANGS)
def test_a_quizs_options_and_explanations_are_translated(lang):
    with use_language(lang):
        which, banker = quizzes()
        feedback = [which.check(i).message for i in range(len(which.options))]
    texts = which.options + which.why + [which.summary] + feedback + banker.options
    assert_no_english(lang, texts)
    assert which.correct == {1}                       # only Schwimmen has fire at 33


def test_the_same_quiz_has_the_same_right_answer_in_every_language():
    answers = {}
    for lang in ("en", "ru", "uk"):
        with use_language(lang):
            which, banker = quizzes()
            answers[lang] = (which.correct, banker.correct, len(banker.options))
    assert answers["en"] == answers["ru"] == answers["uk"]
    with use_language("ru"):
        assert "Schwimmen (немецкое 31)" in quizzes()[0].answers


# --- the CLI ---------------------------------------------------------------------------------

def call(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args", [
    ("--lang", "{lang}", "score", "AH", "KH", "9S"),
    ("score", "--lang={lang}", "--variant", "stop_the_bus", "KH", "KS", "3D"),
    ("--lang", "{lang}", "score", "--variant", "banking", "AH", "KH", "QS"),
])
@pytest.mark.parametrize("lang", LANGS)
def test_cli_output_in_the_chosen_language(capsys, lang, args):
    code, out, err = call(capsys, *(a.format(lang=lang) for a in args))
    assert code == 0 and err == ""
    assert_no_english(lang, [out])


@pytest.mark.parametrize("lang", LANGS)
def test_cli_errors_in_the_chosen_language(capsys, lang):
    code, out, err = call(capsys, "--lang", lang, "score", "AH", "KH")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert_no_english(lang, [err.replace("thirtyone", "")])


def test_cli_language_from_the_environment_and_the_flag_wins(capsys, monkeypatch):
    monkeypatch.setenv("THIRTYONE_LANG", "uk")
    assert "чирви" in call(capsys, "score", "AH", "KH", "9S")[1]
    assert "червы" in call(capsys, "--lang", "ru", "score", "AH", "KH", "9S")[1]
    assert "hearts" in call(capsys, "score", "--lang", "en", "AH", "KH", "9S")[1]


def test_cli_json_keeps_ids_and_card_codes(capsys):
    import json
    code, out, _err = call(capsys, "--lang", "ru", "--json", "score", "AH", "KH", "9S")
    data = json.loads(out)
    assert code == 0 and data["label"] == "hearts" and data["cards"] == "AH KH 9S"
    assert "червы" in data["explanation"]


@pytest.mark.parametrize("args", [
    ("--lang", "de", "score", "AH", "KH", "9S"),
    ("score", "--lang=fr", "AH", "KH", "9S"),
    ("--lang", "<b>" * 500, "variants"),
    ("--lang", "", "variants"),
    ("variants", "--lang"),
])
def test_an_unknown_language_is_refused_in_one_sentence(capsys, args):
    code, out, err = call(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("thirtyone: error: ") and err.count("\n") == 1 and len(err) < 200
    assert "en, ru, uk" in err


def test_an_unknown_language_in_the_environment_is_refused(capsys, monkeypatch):
    monkeypatch.setenv("THIRTYONE_LANG", "klingon")
    code, _out, err = call(capsys, "variants")
    assert code == 2 and "THIRTYONE_LANG" in err and "klingon" in err


def test_app_arguments_after_app_are_not_read_as_the_language():
    from thirtyone.cli import chosen_language
    assert chosen_language(["--lang", "ru", "app", "--lang", "de"], {}) == "ru"
    assert chosen_language(["app", "--lang", "de"], {}) == "en"
    assert chosen_language(["variants"], {"THIRTYONE_LANG": "UK"}) == "uk"


# --- lesson quizzes (teach/lessons.py) and the mini-round --------------------------------------

LESSON_QUIZZES = [
    "kind: value\nvariant: scat\nhand: AH KH 9S",
    "kind: value\nvariant: blitz\nhand: 7H 7S 7D",
    "kind: value\nvariant: stop_the_bus\nhand: KH KS 3D",
    "kind: discard\nhand: KH 9H 4C QH",
    "kind: swap\nvariant: schwimmen\nhand: 7H 8S KD\nmiddle: AD QD 9C",
    "kind: showdown\nvariant: scat\nknocker: Al\nhands:\n- Al: KS 9S 3H\n- Bo: AD 5D 6C\n"
    "- Cy: JH TH QC",
    "kind: best\nhands:\n- Al: KS 9S 3H\n- Bo: AD 5D 6C\n- Cy: JH TH QC",
    "kind: best\nworst: yes\nhands:\n- Al: KS 9S 3H\n- Bo: AD 5D 6C",
    "kind: option\noption: knock_from",
    "kind: option\nvariant: blitz\noption: blitz_after_knock",
    "kind: likelier\nvariants: scat, eenendertigen",
    "kind: likelier\nvariants: scat, eenendertigen\nmeasure: mean",
    "kind: standing\nhand: AH KH 9S",
    "kind: knock\nvariant: scat\nhand: AH KH QS\nplayers: 3\nseat: 1\nturn: 2",
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", LESSON_QUIZZES)
def test_lesson_quizzes_are_translated(lang, text):
    from thirtyone.teach.lessons import parse_quiz

    with use_language(lang):
        q = parse_quiz(text + "\nquestion: ?")
        feedback = [q.check(i).message for i in range(len(q.options))]
    texts = q.options + [w for w in q.why if w]
    if q.kind != "showdown":       # a showdown's summary quotes the table engine (game area)
        texts += [q.summary] + feedback
    # player names are the lesson's own words; cards keep their codes in the options
    assert_no_english(lang, [t for t in texts if t not in ("Al", "Bo", "Cy")])


def test_a_lesson_quiz_has_the_same_answer_in_every_language():
    from thirtyone.teach.lessons import parse_quiz

    for text in LESSON_QUIZZES:
        right = set()
        for lang in ("en", "ru", "uk"):
            with use_language(lang):
                q = parse_quiz(text + "\nquestion: ?")
            right.add((frozenset(q.correct), len(q.options)))
        assert len(right) == 1, text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", [
    "kind: value\nhand: AH KH",                       # a card error, named with the quiz
    "kind: showdown\nvariant: kitty\nhands:\n- Al: KS 9S 3H\n- Bo: AD 5D 6C",
    "kind: swap\nvariant: scat\nhand: AH KH 9S\nmiddle: 2C 3C 4C",
    "kind: value\nhand: AH KH 9S\nanswer: 21",
])
def test_lesson_errors_a_teacher_reads_are_translated(lang, text):
    from thirtyone.teach.lessons import parse_quiz
    from thirtyone.teach.quiz import LessonError

    with use_language(lang), pytest.raises(LessonError) as e:
        parse_quiz(text + "\nquestion: Q?")
    # the quiz's own keys and values in quotes are the teacher's words: they stay
    assert_no_english(lang, [re.sub(r"'[^']*'", "", str(e.value))])


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_mini_round_asks_in_the_language(lang):
    from thirtyone.teach.mini_round import make_round

    r = make_round({"players": "You, Al, Bo", "deck": " ".join(
        ["AH", "KH", "QH", "2C", "3C", "4C", "5D", "6D", "7D", "8S", "9S", "TS", "JS"])})
    with use_language(lang):
        texts = [r.question, r.check("finished").message, r.check("no").message]
    assert_no_english(lang, texts)
    assert r.question == "Play the round to its end."


@pytest.mark.parametrize("lang", LANGS)
def test_cli_simulate_text_in_the_chosen_language(capsys, lang):
    code, out, _err = call(capsys, "--lang", lang, "simulate", "--rounds", "50")
    assert code == 0 and out.count("\n") >= 6
    assert_no_english(lang, [out])


def test_cli_variants_text_names_the_variants_in_the_language(capsys):
    ru = call(capsys, "--lang", "ru", "variants")[1]
    en = call(capsys, "variants")[1]
    assert "Тридцать одно (Scat) [добор]" in ru and "Thirty-One (Scat) [draw]" in en
    # the keys and option=value codes people type stay as they are
    def keys(text: str) -> list[str]:
        return [ln.split()[0] for ln in text.splitlines() if not ln.startswith(" ")]
    assert keys(ru) == keys(en) == list(VARIANTS)
    assert "по умолчанию" in ru and "lives=4" in ru
