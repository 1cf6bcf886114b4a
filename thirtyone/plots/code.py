"""The "Show the code" snippets: the few lines of Python (and the command line where there is
one) that reproduce a figure or a score, built from the very values the page used.

Each snippet leaves its numbers in ``df`` (a figure's table) or ``value`` (a score), so a test
can run it and compare with the page."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass

from ..core.rules import Rules, get_variant

# figure name -> the thirtyone.plots function drawing it (its twin is name + "_data")
FIGURES = ("bust", "dealt_values", "special_hands", "race", "knock_curve", "knock_after_turns", "seat_knock", "knock_heat",
           "moves", "variants_compared")


@dataclass(frozen=True)
class Snippet:
    python: str
    cli: str | None = None


def rules_line(rules: Rules, variant_key: str) -> str:
    """``rules = get_variant("scat").rules.replace(pack=32)``, the house rules filled in."""
    changed = rules.to_dict(only_changed_from=get_variant(variant_key).rules)
    tail = f".replace({_args(changed)})" if changed else ""
    return f"rules = get_variant({variant_key!r}).rules{tail}"


def cli_rules(rules: Rules, variant_key: str) -> list[str]:
    """``--variant scat --rule pack=32``: the same rules as command-line words."""
    words = ["--variant", variant_key]
    for k, v in rules.to_dict(only_changed_from=get_variant(variant_key).rules).items():
        words += ["--rule", f"{k}={json.dumps(v) if not isinstance(v, str) else v}"]
    return words


def _args(args: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


def figure_code(figure: str, rules: Rules | None, variant_key: str, **args) -> Snippet:
    """The lines that draw ``figure`` (one of ``FIGURES``) with these rules and controls
    (``variants_compared`` takes no rules: pass ``None``)."""
    if figure not in FIGURES:
        raise ValueError(f"No figure called {figure!r}.")
    head = "rules, " if figure != "variants_compared" else ""
    call = f"({head}{_args(args)})".replace(", )", ")")
    lines = ["from thirtyone import get_variant" if head else "",
             f"from thirtyone.plots import {figure}, {figure}_data", "",
             rules_line(rules, variant_key) if head and rules is not None else "",
             f"df = {figure}_data{call}   # the numbers",
             f"fig = {figure}{call}   # the figure; fig.show() draws it"]
    cli = None
    if figure == "dealt_values" and rules is not None:
        cli = shlex.join(["thirtyone", "odds", *cli_rules(rules, variant_key)])
    return Snippet("\n".join(line for i, line in enumerate(lines) if line or (i == 2 and head)),
                   cli)


def score_code(cards: str, rules: Rules, variant_key: str) -> Snippet:
    """The lines that score ``cards`` (card text such as ``AH KH 9S``) under these rules."""
    python = "\n".join(["from thirtyone import get_variant, parse_hand, score", "",
                        rules_line(rules, variant_key),
                        f"value = score(parse_hand({cards!r}, pack=rules.pack), rules).points"])
    cli = shlex.join(["thirtyone", "score", *cli_rules(rules, variant_key), *cards.split()])
    return Snippet(python, cli)
