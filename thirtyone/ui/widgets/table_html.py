"""The Play page's HTML: seats, the middle of the table, the showdown table and the move log.

The look is ``table.css`` (package data), read once with ``importlib.resources``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from thirtyone.core import CardError, Variant, score
from thirtyone.game import family_class
from thirtyone.i18n import N_, _, ngettext
from thirtyone.i18n.names import bot_names, person_name, seat_word, shown_name
from thirtyone.ui.widgets.cards import back_html, card_html, empty_html, hand_html
from thirtyone.ui.widgets.html import Markup, escape, join, markup
from thirtyone.ui.widgets.styles import stylesheet
from thirtyone.ui.widgets.table_words import change_text, counter_text, dealer_word

TABLE_CSS = stylesheet("table.css")


def hand_size(rules: Any) -> str:
    """Your hand is drawn large where few move buttons sit below it."""
    return "lg" if family_class(rules).big_hand else "md"


def counter_html(variant: Variant, obs: Any, seat: int) -> Markup:
    rules = obs.rules
    text = counter_text(variant, obs, seat)
    icons = Markup("")
    if rules.scoring == "lives" and not obs.out[seat]:
        kind = {"penny": "penny", "bill corner": "corner"}.get(variant.life_name, "life")
        n = obs.lives[seat]
        icons = (markup('<span class="play-life play-{}"></span>', kind) * n
                 + markup('<span class="play-life play-{} play-lost"></span>', kind)
                 * (rules.lives - n))
        if n == 0:
            icons = Markup('<span class="play-swim">≈</span>')
    return markup('<div class="play-lives">{} {}</div>', icons, text)


def seat_html(variant: Variant, obs: Any, seat: int, you: int, size: str = "sm",
               with_cards: bool = True, note: str = "") -> Markup:
    classes = ["play-seat"]
    if obs.to_move == seat and not obs.round_over:
        classes.append("play-to-move")
    if obs.out[seat]:
        classes.append("play-out")
    badges = []
    if seat == obs.dealer:
        badges.append(markup('<span class="play-badge play-dealer">{}</span>',
                             dealer_word(obs.rules)))
    if obs.knocker is not None and obs.knocker == seat:
        badges.append(markup('<span class="play-badge play-knock">{}</span>', _("knocked")))
    if obs.to_move == seat and not obs.round_over:
        badges.append(markup('<span class="play-badge play-turn">{}</span>', _("to move")))
    name = escape(_("{name} (you)").format(name=obs.players[seat]) if seat == you
                  else seat_name(obs.players[seat]))
    styles = obs.styles
    if seat != you and seat < len(styles) and styles[seat]:
        # "бот: базовый": the level agrees with "bot", never with the seat's name
        name += markup(' <span class="play-level">{}</span>',
                       _("{level} bot").format(level=level_name(styles[seat])))
    shown = obs.hands[seat] if obs.hands[seat] is not None and seat != you else None
    if obs.out[seat] or not with_cards:
        cards = Markup("")
    elif shown:
        cards = hand_html(shown, size=size)
    else:
        cards = hand_html([], size=size, hidden=obs.hand_counts[seat])
    note_html = markup('<div class="play-value">{}</div>', note) if note else Markup("")
    return markup('<div class="{cls}" data-seat="{seat}">'
                  '<div class="play-head"><div><div class="play-name">{name}{badges}</div>'
                  "{counter}</div>{note}</div>{cards}</div>",
                  cls=" ".join(classes), seat=seat, name=name, badges=join(badges),
                  counter=counter_html(variant, obs, seat), note=note_html, cards=cards)


def seats_html(variant: Variant, obs: Any, seats: Sequence[int], you: int) -> Markup:
    """The other players' seats in one block: in rows of up to four (three when there are
    more than four), and on a phone two or three to a row (``table.css``), so that the
    table's middle, your hand and the move buttons stay on the screen."""
    per_row = 3 if len(seats) > 4 else max(len(seats), 1)
    inner = join(seat_html(variant, obs, s, you) for s in seats)
    return markup('<div class="play-seats play-seats-{}">{}</div>', per_row, inner)


def middle_parts(rules: Any) -> tuple[str, ...]:
    """What lies in the middle, left to right: the family's parts, and the stock and the
    discard pile wherever a turn may draw (Kitty keeps them beside its widow)."""
    parts = family_class(rules).middle_parts
    if rules.draws and "stock" not in parts:
        parts = ("stock", "discard") + parts
    return parts


def middle_html(obs: Any) -> Markup:
    """The stock, the discard pile, the middle, the open and closed hands or the widow."""
    parts = []

    def slot(label: str, inner: Markup) -> Markup:
        return markup('<div class="t31-slot" style="margin-right:1.6rem">'
                      '<div class="play-label">{}</div>{}</div>', label, inner)

    stock = obs.stock_count
    stock_text = ngettext("stock: {n} card", "stock: {n} cards", stock).format(n=stock)
    for part in middle_parts(obs.rules):
        if part == "stock":
            parts.append(slot(stock_text, hand_html([], hidden=1) if stock
                              else hand_html([], empty=1)))
        elif part == "discard":
            top = obs.discard_pile[-1] if obs.discard_pile else None
            inner = markup('<div class="t31-row">{}</div>', card_html(top) if top else empty_html())
            parts.append(slot(_("discard pile: {n}").format(n=len(obs.discard_pile)), inner))
        elif part == "middle":
            parts.extend(_middle_cards(obs, slot, stock_text))
        elif part == "closed" and obs.closed_count:
            parts.append(slot(_("closed hand"), hand_html([], size="sm", hidden=obs.closed_count)))
        elif part == "widow":
            row = join(card_html(c) if c is not None else back_html() for c in obs.widow)
            pot = ngettext("widow · pot: {n} chip", "widow · pot: {n} chips",
                           obs.pot).format(n=obs.pot)
            parts.append(slot(pot, markup('<div class="t31-row">{}</div>', row)))
    return markup('<div class="t31-row" style="align-items:flex-start">{}</div>', join(parts))


def _middle_cards(obs: Any, slot: Any, stock_text: str) -> list[Markup]:
    """The middle (swap), the open hand (switch), or the dealer's second hand."""
    if obs.middle:
        swap = family_class(obs.rules).open_cards == "middle"
        # No stock count where the stock plays no part after the deal (Stop the Bus).
        stock_used = swap and obs.rules.uses_stock_after_deal
        label = ((_("middle ({stock})").format(stock=stock_text) if stock_used
                  else _("middle")) if swap else _("open hand"))
        return [slot(label, hand_html(obs.middle))]
    if obs.spare_hand:
        return [slot(_("your second hand"), hand_html(obs.spare_hand))]
    if obs.spare_count:
        return [slot(_("dealer's second hand"), hand_html([], size="sm", hidden=obs.spare_count))]
    return []


#: the bot levels' names as shown (the ids stay English in saves and links)
LEVEL_NAMES = {"random": N_("random"), "basic": N_("basic"), "standard": N_("standard"),
               "expert": N_("expert")}


_BOT_SEAT = re.compile(r"(\w+) \(bot\)")
_OPEN_SEAT = re.compile(r"Seat (\d+) \(open\)")


def seat_name(name: str) -> str:
    """A seat's name as shown: the store names bots ``Ann (bot)`` and free seats ``Seat 2
    (open)`` (language-free records); those two read in the current language."""
    m = _BOT_SEAT.fullmatch(name)
    if m:
        return seat_word(name)
    m = _OPEN_SEAT.fullmatch(name)
    if m:
        return _("Seat {n} (open)").format(n=m.group(1))
    return name


def level_name(level: str) -> str:
    """A bot level's name in the current language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def bot_seat_name(name: str, level: str | None) -> str:
    """A bot's seat with its level, the brackets once: ``Cy (bot, basic)``, ``Cy (бот,
    базовый)``; a name the store did not make keeps its level after it."""
    m = _BOT_SEAT.fullmatch(name)
    if m:
        return _("{name} (bot, {level})").format(name=person_name(m.group(1)),
                                                 level=level_name(level or ""))
    return f"{seat_name(name)} ({level_name(level or '')})"


def shown_bots(obs: Any) -> dict[str, str]:
    """The bots' seats of ``obs`` as the reader's language names them (``Ann`` -> «Аня»,
    ``Ann (bot)`` -> «Аня (бот)»); use with ``thirtyone.i18n.names.names_shown`` so the log
    lines name them so too."""
    styles = tuple(obs.styles or ())
    bots = [bool(styles[i]) if i < len(styles) else False for i in range(len(obs.players))]
    bots = [b or bool(_BOT_SEAT.fullmatch(p)) for b, p in zip(bots, obs.players, strict=True)]
    return bot_names(obs.players, bots)


def with_shown_names(obs: Any) -> Any:
    """``obs`` with its players' names as the page in force shows them."""
    return replace(obs, players=tuple(shown_name(p) for p in obs.players))


def recent_html(obs: Any, mark: int) -> Markup:
    lines = [e.text for e in obs.log[mark:] if e.kind not in ("deal", "hand", "ante")]
    if not lines:
        return Markup("")
    # the inner block: on a short screen the box scrolls, showing its newest lines (table.css)
    return markup('<div class="play-recent"><div>{}</div></div>', join(lines[-6:], "<br>"))


def showdown_rows_html(variant: Variant, obs: Any) -> Markup:
    """All hands with their values, why each counts and what the round cost each seat."""
    rules = obs.rules
    result = obs.result
    rows = []
    for s, name in enumerate(obs.players):
        hand = obs.hands[s]
        if not hand:
            continue
        try:
            sc = score(hand, rules)
            why = sc.explain()
            value = sc.value_text if rules.hand_value != "brag" else sc.label_text
        except (CardError, ValueError):
            why, value = "", ""
        change = change_text(variant, rules, result, s, out=obs.out[s])
        loser = bool(rules.scoring == "lives" and result is not None and result.lives_lost
                     and result.lives_lost[s])
        tag = (" " + _("(knocked)")
               if result is not None and result.knocker == s else "")
        rows.append(markup('<tr class="{}">'
                           "<td class='play-who'><b>{}</b>{}</td>"
                           "<td class='play-hand'>{}</td>"
                           "<td class='play-val'><b>{}</b></td>"
                           "<td class='play-why'>{}</td>"
                           "<td class='play-change'><b>{}</b></td></tr>",
                           "play-loser" if loser else "", name, tag,
                           hand_html(hand, size="sm"), str(value), why, change))
    if not rows:
        return Markup("")
    heads = (_("player"), _("hand"), _("value"), _("why"), _("result"))
    return markup('<div class="play-show"><table><tr>{}</tr>{}</table></div>',
                  join(markup("<th>{}</th>", h) for h in heads), join(rows))


def log_html(obs: Any, you: int, mark: int) -> Markup:
    """This round's log lines that ``you`` may see; those from ``mark`` on highlighted."""
    items = []
    for i, e in enumerate(obs.log):
        cls = []
        if i >= mark:
            cls.append("play-new")
        if e.private_to == you:
            cls.append("play-private")
        items.append(markup('<li class="{}">{}</li>', " ".join(cls), e.text))
    head = _("Round {n}").format(n=obs.round_no)
    return markup('<div class="play-log" data-testid="play-log"><h3 class="t31-look-5">{}</h3>'
                  "<ol>{}</ol></div>", head, join(items))


def past_logs_html(past: Sequence[tuple[int, Sequence[str]]]) -> Markup:
    """The move logs of earlier rounds, newest first."""
    parts = []
    for round_no, lines in reversed(past):
        li = join(markup("<li>{}</li>", t) for t in lines)
        head = _("Round {n}").format(n=round_no)
        parts.append(markup('<h3 class="t31-look-5">{}</h3><ol>{}</ol>', head, li))
    return markup('<div class="play-log">{}</div>', join(parts))
