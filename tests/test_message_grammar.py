"""Every message of the ru and uk catalogs that names a player or a variant, rendered with
sample names of both genders: a name never stands where Russian or Ukrainian would need to
inflect it (after a preposition, as the apposition of «игрока»/«гравця», with an ending glued
on), no verb in the past tense agrees with a name whose gender the sentence cannot know, a
variant's name stands in quotes or bold and never after a preposition, no glossary word the
language bans, and no Latin letters beyond the tokens every language keeps."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from thirtyone.i18n import catalog_files
from thirtyone.i18n.glossary import banned_in

SAMPLES = {"ru": ("Аня", "Пётр"), "uk": ("Ганна", "Петро")}
VARIANT = {"ru": "Тридцать одно", "uk": "Тридцять одне"}
PREPOSITIONS = {
    "ru": {"у", "для", "от", "с", "со", "к", "ко", "по", "о", "об", "обо", "в", "во", "на", "за",
           "из", "до", "при", "про", "без", "над", "под", "перед", "между", "против", "через",
           "среди", "кроме", "вместо", "после", "около"},
    "uk": {"у", "в", "для", "від", "з", "із", "зі", "до", "по", "про", "на", "за", "при", "без",
           "над", "під", "перед", "між", "проти", "через", "серед", "крім", "замість", "після",
           "біля", "о", "об"},
}
# a name after one of these nouns in an oblique case would have to take that case too
OBLIQUE_ROLES = {
    "ru": re.compile(r"(игрок|банкомёт|понтёр|сдающ|постучавш)\w*(а|у|ом|ов|ам|ами|ах|ему|его|им|ого)$", re.I),
    "uk": re.compile(r"(гравц|гравец|банківник|понтер|роздавач)\w*(я|ю|еві|ові|ем|ів|ям|ями|ях|а|у)$", re.I),
}
# a verb in the past tense: it shows a gender the sentence does not know for a name
PAST = {
    "ru": re.compile(r"^\w+(ал|ял|ел|ил|ул|ыл|ла|лся|лась)$", re.I),
    "uk": re.compile(r"^\w+(ав|ив|ув|яв|ала|ила|ула|яла|вся|лася)$", re.I),
}
NOT_PAST = {"стол", "угол", "пол", "сигнал", "финал", "интервал", "зал", "начал", "был", "была",
            "сила", "дела", "стола", "правила", "числа", "сколько", "тела", "масла", "скала",
            "стала", "сначала", "начала", "оставалась", "рукав", "був", "була", "лишалася"}
# a participle or an adjective right after a variant's name agrees with it in gender
AGREES = re.compile(r"^\w+(ан|ен|ян|ён|ый|ий|ой|ая|яя|ий|ів|ий|ана|ена|ений|аний)$", re.I)
PERSON_FIELDS = {"who", "dealer", "new", "knocker", "others", "you"}
TECHNICAL = ("option", "setting", "rule", "link", "concept", "plot", "Dashboard", "scenario",
             "level '", "record", "file", "column", "key", "class", "house")
# Latin words every language keeps: the variants' own names, commands typed at the command
# line (quoted), card codes
KEEP_LATIN = {"Scat", "Blitz", "Schwimmen", "Kitty", "Switch", "Stop", "the", "Bus", "Banking",
              "Eenendertigen", "Commerce", "hit", "stay", "Thirty", "One"}
LATIN_OK = re.compile(r"'[^']*'|`[^`]*`|<[^<>]*>|--[a-z-]+(?: [a-z]+)?|\b(?:10|[2-9TJQKA])[SHDC]\b"
                      r"|https?://\S+|\b[a-z_]+=[^ ]*")


def _fields(msgid: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(msgid) if f}


def _people(msgid: str) -> set[str]:
    out = {f for f in _fields(msgid) if f in PERSON_FIELDS}
    if "starting with {first}" in msgid:
        out.add("first")
    out |= set(re.findall(r"one of \{(players|names)\}", msgid))      # a list of names
    if "{name}" in msgid and not re.search(r"['«*`]\{name\}", msgid) \
            and not any(w in msgid for w in TECHNICAL):
        out.add("name")
    return out


def _variants(msgid: str) -> set[str]:
    return {f for f in _fields(msgid) if f in ("variant", "game")}


class _Sample(dict):
    def __missing__(self, key):
        return "7"


def _messages(lang):
    for po in catalog_files(lang):
        with po.open("rb") as f:
            for m in read_po(f, locale=lang):
                if not m.id or not m.string:
                    continue
                msgid = m.id if isinstance(m.id, str) else m.id[0]
                forms = [m.string] if isinstance(m.string, str) else list(m.string)
                for text in forms:
                    if text:
                        yield po.stem, msgid, text


def _words_before(text: str, at: int) -> str:
    m = re.search(r"([\w'’-]+)[\s«»*\"(]*$", text[:at])
    return m.group(1) if m else ""


def problems(lang: str, msgid: str, template: str) -> list[str]:
    people, variants = _people(msgid), _variants(msgid)
    if not people and not variants:
        return []
    out = []
    for name in SAMPLES[lang]:
        values = _Sample({f: name for f in people})
        values.update({f: VARIANT[lang] for f in variants})
        try:
            text = template.format_map(values)
        except (KeyError, IndexError, ValueError) as e:
            return [f"cannot be formatted: {e}"]
        for m in re.finditer(re.escape(name), text):
            before = _words_before(text, m.start())
            if before.lower() in PREPOSITIONS[lang]:
                out.append(f"name after the preposition «{before}»: {text}")
            elif OBLIQUE_ROLES[lang].match(before):
                out.append(f"name after «{before}» would need its case: {text}")
            if re.match(r"\w", text[m.end():m.end() + 1]):
                out.append(f"an ending glued to the name: {text}")
        if people:
            # "кто постучал", "хто постукав": the generic masculine of a role, not the name
            words = [""] + re.findall(r"\w+", text)
            past = [w for prev, w in zip(words, words[1:], strict=False)
                    if PAST[lang].match(w) and w.lower() not in NOT_PAST
                    and prev.lower() not in ("кто", "никто", "хто", "ніхто")]
            if past:
                out.append(f"a verb in the past tense ({', '.join(past)}) with a name: {text}")
        for m in re.finditer(re.escape(VARIANT[lang]), text):
            before = _words_before(text, m.start())
            quoted = text[max(0, m.start() - 2):m.start()].endswith(("«", "*", "'", '"'))
            if before.lower() in PREPOSITIONS[lang]:
                out.append(f"variant after the preposition «{before}»: {text}")
            elif before and not quoted and not text[:m.start()].rstrip().endswith((":", "—", ",", ".")):
                out.append(f"variant after «{before}» without quotes: {text}")
            after = re.match(r"\s+(\w+)", text[m.end():])
            if after and AGREES.match(after.group(1)):
                out.append(f"«{after.group(1)}» agrees with the variant's name: {text}")
        out += [f"banned «{f.word}» ({f.why}): {text}" for f in banned_in(text, lang)]
        latin = [w for w in re.findall(r"[A-Za-z]+", LATIN_OK.sub(" ", text)) if w not in KEEP_LATIN]
        if latin:
            out.append(f"Latin letters ({' '.join(latin)}): {text}")
    return sorted(set(out))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_with_a_name_reads_right_with_names_of_both_genders(lang):
    bad = [f"{stem}: {msgid[:60]!r}: {p}" for stem, msgid, text in _messages(lang)
           for p in problems(lang, msgid, text)]
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad)


@pytest.mark.parametrize("lang, msgid, text", [
    ("ru", "{who} has {total}.", "У {who} {total}."),
    ("ru", "The banker pays {who} {paid}.", "Банкомёт платит игроку {who} {paid}."),
    ("ru", "{name} (knocked)", "{name} (постучал)"),
    ("ru", "Odds for {variant}.", "Шансы для {variant}."),
    ("uk", "{who} has {total}.", "У гравця {who} {total}."),
    ("uk", "{name} (knocked)", "{name} (постукав)"),
    ("uk", "{who} has {total}.", "{who}у {total}."),
    ("ru", "{who} hints 20 (hearts).", "{who}: 20 (hearts)."),
])
def test_the_check_finds_the_old_mistakes(lang, msgid, text):
    assert problems(lang, msgid, text)


@pytest.mark.parametrize("lang, msgid, text", [
    ("ru", "{who} has {total}.", "{who} — {total}."),
    ("ru", "{name} (knocked)", "стук: {name}"),
    ("ru", "Odds for {variant}.", "Шансы в варианте «{variant}»."),
    ("uk", "The banker pays {who} {paid}.", "Банківник платить {paid}; отримує {who}."),
])
def test_the_check_lets_the_right_sentences_pass(lang, msgid, text):
    assert problems(lang, msgid, text) == []


def _positions(key: str, seed: int):
    import numpy as np

    from thirtyone.bots import make_bot_for
    from thirtyone.core.rules import get_variant
    from thirtyone.game.registry import start_game
    rules = get_variant(key).rules
    g = start_game(rules, ["Sam", "Ann", "Bo"][:2 if key == "banking" else 3], seed=seed)
    rng = np.random.default_rng(seed)
    bot = make_bot_for(rules, "basic")
    for _step in range(8):
        if g.round_over:
            return
        obs = g.observation(g.to_move, log=False)
        yield obs
        g.apply(bot(obs, rng))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_hint_in_russian_and_ukrainian_has_no_english_words(lang):
    """'20 (hearts)' in a Russian hint: the suit (and a brag hand's class) in the reader's
    language."""
    from thirtyone.bots import hint_for
    from thirtyone.core.rules import VARIANTS, get_variant
    from thirtyone.i18n import use_language
    bad, seen = [], 0
    for key in sorted(VARIANTS):
        fn = hint_for(get_variant(key).rules)
        for seed in (1, 2, 3):
            for obs in _positions(key, seed):
                with use_language(lang):
                    h = fn(obs)
                    text = " | ".join([h.reason, *h.numbers, *h.numbers.values()])
                seen += 1
                latin = [w for w in re.findall(r"[A-Za-z]+", LATIN_OK.sub(" ", text))
                         if w not in KEEP_LATIN]
                if latin:
                    bad.append(f"{key}: {' '.join(latin)}: {text}")
    assert seen > 20
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_played_round_logged_in_english_reads_without_english_in_russian(lang):
    """The log is kept as messages and read in the reader's language; a hand's value in it
    was kept as English text ("Вскрытие: … = flush" in Stop the Bus)."""
    import numpy as np

    from thirtyone.bots import make_bot_for
    from thirtyone.core.rules import VARIANTS, get_variant
    from thirtyone.game.registry import start_game
    from thirtyone.i18n import use_language
    bad = []
    for key in sorted(VARIANTS):
        rules = get_variant(key).rules
        for seed in (1, 2, 3):
            g = start_game(rules, list(SAMPLES[lang]) + ["Вова"], seed=seed)
            rng = np.random.default_rng(seed)
            bot = make_bot_for(rules, "basic")
            for _i in range(300):
                if g.game_over or g.round_no > 2:
                    break
                if g.round_over:
                    g.next_round()
                    continue
                g.apply(bot(g.observation(g.to_move, log=False), rng))
            with use_language(lang):
                for e in g.log:
                    latin = [w for w in re.findall(r"[A-Za-z]+", LATIN_OK.sub(" ", e.text))
                             if w not in KEEP_LATIN]
                    if latin:
                        bad.append(f"{key}: {' '.join(latin)}: {e.text}")
    assert not bad, "\n".join(sorted(set(bad))[:20])


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_brag_hand_is_named_in_the_readers_language_on_the_table(lang):
    """Stop the Bus ranks hands like brag: the showdown's value column and 'your hand' said
    'pair' and 'flush' in Russian (the score's English id)."""
    import numpy as np

    from thirtyone.bots import make_bot_for
    from thirtyone.core.rules import get_variant
    from thirtyone.game.registry import start_game
    from thirtyone.i18n import use_language
    from thirtyone.ui.widgets.table_html import showdown_rows_html
    from thirtyone.ui.widgets.table_words import hand_note
    variant = get_variant("stop_the_bus")
    bad = []
    for seed in range(1, 6):
        g = start_game(variant.rules, ["Sam", "Ann", "Bo"], seed=seed)
        rng = np.random.default_rng(seed)
        bot = make_bot_for(variant.rules, "basic")
        with use_language(lang):
            note = hand_note(g.observation(0))
        while not g.round_over:
            g.apply(bot(g.observation(g.to_move, log=False), rng))
        with use_language(lang):
            rows = showdown_rows_html(variant, g.observation(0))
        for text in (note, re.sub(r"<[^<>]*>", " ", rows)):
            found = re.findall(r"\b(?:pair|flush|run|prial|high card|running)\b", text)
            if found:
                bad.append(f"{found}: {text[:160]}")
    assert not bad, "\n".join(bad)
