"""The command line: ``python -m thirtyone ...`` or ``thirtyone ...``.

Every command takes ``--json``; it exits 0 on success and 2 with one line on bad input.
``--lang en|ru|uk`` (default: the environment variable ``THIRTYONE_LANG``, else English) sets
the language of the text printed; JSON keeps its keys, card codes and ids in English.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from . import __version__
from .core.cards import cards_text
from .core.rules import DEFAULT_VARIANT, OPTIONS, VARIANTS, Rules, get_variant, parse_option_text
from .core.scoring import label_text, score
from .core.text import whole
from .i18n import (
    DEFAULT,
    LANGUAGES,
    N_,
    _,
    format_number,
    format_percent,
    known,
    pgettext,
    use_language,
)

LANG_ENV = "THIRTYONE_LANG"
DESCRIPTION = N_("Thirty-One on the command line: variants, hand values, odds, simulations, "
                 "replays and the app.")


class CLIError(ValueError):
    """Bad input on the command line."""


def _print(data: Any, as_json: bool, text: Callable[[Any], str]) -> None:
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text(data))


def parse_rule_overrides(items: list[str] | None, base: Rules) -> Rules:
    """``--rule three_of_a_kind=30.5`` style overrides, values read as JSON when they can be.
    They are house rules on the preset: an option that plays no part there is refused."""
    changes: dict[str, Any] = {}
    for item in items or []:
        name, sep, raw = item.partition("=")
        if not sep:
            raise CLIError(_("'--rule {item}' needs the form option=value.").format(
                item=item[:80]))
        changes[name.strip()] = parse_option_text(raw)
    return base.with_house_rules(**changes)


# --- commands ---------------------------------------------------------------------------

def cmd_variants(args: argparse.Namespace) -> None:
    from .teach.variant_table import humanise

    data = []
    for v in VARIANTS.values():
        data.append({"key": v.key, "name": v.name_text, "family": v.family,
                     "summary": v.summary_text,
                     "source": v.source, "our_reading": v.our_reading,
                     "aliases": list(v.aliases), "regions": list(v.regions),
                     "rules": {k: whole(x) for k, x in v.rules.to_dict().items()}})

    def text(rows: list[dict]) -> str:
        lines = []
        for r in rows:
            mark = " " + _("(our reading)") if r["our_reading"] else ""
            lines.append(f"{r['key']:<15} {r['name']}{mark} [{humanise(r['family'])}]")
            changed = VARIANTS[r["key"]].rules.to_dict(only_changed_from=Rules())
            opts = ", ".join(f"{k}={whole(x)}" for k, x in changed.items()) or _("defaults")
            lines.append(f"{'':<15} {opts}")
        return "\n".join(lines)

    _print(data, args.json, text)


def cmd_score(args: argparse.Namespace) -> None:
    variant = get_variant(args.variant)
    rules = parse_rule_overrides(args.rule, variant.rules)
    s = score(" ".join(args.cards), rules)
    points = list(s.points) if isinstance(s.points, tuple) else whole(s.points)
    data = {"variant": variant.key, "cards": cards_text(s.cards), "points": points,
            "value": s.value_text, "label": s.label, "counted": [str(c) for c in s.counted],
            "blitz": s.blitz, "fire": s.fire, "bust": s.bust, "explanation": s.explain()}
    _print(data, args.json,
           lambda d: _("{cards}: {value} ({label})").format(
               cards=d["cards"], value=d["value"], label=label_text(d["label"]))
           + "\n" + d["explanation"])


def cmd_odds(args: argparse.Namespace) -> None:
    from .odds.dealt import dealt_distribution

    variant = get_variant(args.variant)
    rules = parse_rule_overrides(args.rule, variant.rules)
    data = dealt_distribution(rules).to_json(variant.key)

    def text(d: dict) -> str:
        lines = [_("{variant}: {hands} possible hands").format(variant=d["variant"],
                                                                 hands=d["hands"])]
        # the reader's decimal mark; the column as wide as its widest share (a Russian
        # share is one character longer: a no-break space before the per cent sign)
        shares = [format_percent(p, 4) for p in d["distribution"].values()]
        width = max([8, *map(len, shares)])
        for (value, p), share in zip(d["distribution"].items(), shares, strict=True):
            shown = (label_text(value) if isinstance(value, str) else
                     format_number(value, 1) if isinstance(value, float) and not value.is_integer()
                     else value)
            lines.append(f"  {shown!s:>14}  {share:>{width}}  {'#' * round(p * 200)}")
        lines.append("  " + _("dealt 31 (blitz): {p}").format(p=format_percent(d['p31'], 4)))
        if d["mean"] is not None:
            lines.append("  " + _("mean value: {mean}").format(mean=format_number(d['mean'], 3)))
        return "\n".join(lines)

    _print(data, args.json, text)


MAX_ROUNDS = 10**7   # about an hour of the fast simulator: more is a typo, not a plan


def finite_number(text: str) -> float:
    """An argparse type: a number that is neither infinite nor 'nan'."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("'{text}' is not a number").format(
            text=text[:40])) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(_("'{text}' is not a finite number").format(
            text=text[:40]))
    return value


def simulate_command(args: Any) -> dict:
    """``thirtyone simulate``: the DESIGN.md output dict for the parsed arguments."""
    from .bots import simulate_table
    from .sim.batch import SimulationError, simulate

    variant = get_variant(args.variant)
    rules = parse_rule_overrides(getattr(args, "rule", None), variant.rules)
    if args.rounds < 1:
        raise SimulationError(_("--rounds must be at least 1."))
    if args.rounds > MAX_ROUNDS:
        raise SimulationError(_("--rounds is at most {most}; run several simulations with "
                                "different seeds for more.").format(most=f"{MAX_ROUNDS:,}"))
    n = args.players
    if not rules.min_players <= n <= rules.max_players:
        raise SimulationError(_("{variant} is for {low} to {high} players, not {n}.").format(
            variant=variant.name_text, low=rules.min_players, high=rules.max_players, n=n))
    engine = getattr(args, "engine", "fast")
    if engine == "table":
        stats = simulate_table(rules, n, args.rounds, args.seed, args.bots, args.knock_at)
    else:
        stats = simulate(rules, n, args.rounds, args.seed, args.bots, args.knock_at,
                         engine="auto" if engine == "compiled" else "numpy")
    return stats.to_dict()


def stat_label(key: str) -> str:
    """A ``simulate`` statistic's name for the text output: the key itself in English."""
    return {"rounds": pgettext("simulation statistic", "rounds"),
            "blitz_rate": pgettext("simulation statistic", "blitz_rate"),
            "knock_rate": pgettext("simulation statistic", "knock_rate"),
            "void_rate": pgettext("simulation statistic", "void_rate"),
            "mean_turns": pgettext("simulation statistic", "mean_turns"),
            "knocker_lost_rate": pgettext("simulation statistic", "knocker_lost_rate"),
            "seconds": pgettext("simulation statistic", "seconds"),
            "rounds_per_second": pgettext("simulation statistic", "rounds_per_second"),
            }.get(key, key)


def cmd_simulate(args: argparse.Namespace) -> None:
    data = simulate_command(args)
    _print(data, args.json, lambda d: "\n".join(f"{stat_label(k)}: {v}" for k, v in d.items()))


def cmd_replay(args: argparse.Namespace) -> None:
    from .game.records import replay_command

    data, text = replay_command(Path(args.file))
    _print(data, args.json, lambda _d: text)


DATA_DIR_ENV = "THIRTYONE_DATA_DIR"


def _read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a dict; {} when it is missing or unreadable (Streamlit says why)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10: the Streamlit releases for it carry the toml package
        import toml as tomllib
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _options(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A config.toml's options by their dotted names: {"server.port": 8501, ...}."""
    found: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found.update(_options(value, f"{prefix}{key}."))
        else:
            found[f"{prefix}{key}"] = value
    return found


def _env_var(option: str) -> str:
    """Streamlit's environment variable for an option: server.maxUploadSize is
    STREAMLIT_SERVER_MAX_UPLOAD_SIZE."""
    snake = "".join(f"_{c}" if c.isupper() else c for c in option.replace(".", "_"))
    return "STREAMLIT_" + snake.upper()


def _flag_value(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def app_command(app: Path, streamlit_args: list[str], cwd: Path,
                environ: dict[str, str]) -> list[str]:
    """The ``streamlit run`` command for ``thirtyone app``, run in the user's folder ``cwd``.

    Streamlit reads the app's own settings from the ``.streamlit/config.toml`` beside
    ``app`` (above the user's files), the user's ``~/.streamlit`` and ``cwd/.streamlit``
    config and secrets, then the environment and the command line. An option that the
    user's ``cwd/.streamlit/config.toml`` sets is passed on the command line so that the
    user's value wins over the app's; the environment and the user's own arguments still
    win over both."""
    app_options = _options(_read_toml(app.parent / ".streamlit" / "config.toml"))
    given = {arg[2:].partition("=")[0] for arg in streamlit_args if arg.startswith("--")}
    flags: list[str] = []
    for name, value in _options(_read_toml(cwd / ".streamlit" / "config.toml")).items():
        if name not in app_options or name in given or _env_var(name) in environ:
            continue
        for item in value if isinstance(value, list) else [value]:
            flags.append(f"--{name}={_flag_value(item)}")
    return [sys.executable, "-m", "streamlit", "run", str(app), *flags, *streamlit_args]


def cmd_app(args: argparse.Namespace) -> None:
    # The app's entry is thirtyone/ui/shell/app.py, in a checkout and in an installed wheel
    # alike (the pages are callables: no pages/ folder is needed beside it). It runs in the
    # folder it was started from: the user's .streamlit/ and relative paths are theirs.
    app = Path(__file__).resolve().parent / "ui" / "shell" / "app.py"
    if not app.exists():
        raise CLIError(_("app.py was not found next to the package ({path}).").format(path=app))
    cwd = Path.cwd()
    env = dict(os.environ)
    if env.get(DATA_DIR_ENV):   # a relative data folder is the user's, whatever the app does
        env[DATA_DIR_ENV] = str((cwd / Path(env[DATA_DIR_ENV]).expanduser()).resolve())
    cmd = app_command(app, args.streamlit_args, cwd, env)
    if args.json:
        print(json.dumps({"command": cmd}), flush=True)
    raise SystemExit(subprocess.call(cmd, env=env))


# --- parser -----------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise CLIError(message)


def build_parser() -> argparse.ArgumentParser:
    # --json may come before or after the command; SUPPRESS keeps a subcommand's default
    # from overwriting a --json given before it.
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help=_("print machine-readable JSON"))
    lang_help = _("language of the text: {langs} (default: ${env}, else en)").format(
        langs=", ".join(LANGUAGES), env=LANG_ENV)
    common.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
    p = _Parser(prog="thirtyone", description=_(DESCRIPTION))
    p.add_argument("--version", action="version", version=f"thirtyone {__version__}",
                   help=_("print the version and exit"))
    p.add_argument("--json", action="store_true", help=_("print machine-readable JSON"))
    p.add_argument("--lang", default=None, help=lang_help)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("app", parents=[common], help=_("run the Streamlit app"))
    s.add_argument("streamlit_args", nargs=argparse.REMAINDER)
    s.set_defaults(func=cmd_app)

    s = sub.add_parser("variants", parents=[common], help=_("list variants and their options"))
    s.set_defaults(func=cmd_variants)

    rule_help = _("house rule option=value; options: {options}").format(
        options=", ".join(OPTIONS))
    s = sub.add_parser("score", parents=[common], help=_("value of a three-card hand"))
    s.add_argument("--variant", default=DEFAULT_VARIANT, help=_("variant key (default scat)"))
    s.add_argument("--rule", action="append", metavar="OPTION=VALUE", help=rule_help)
    s.add_argument("cards", nargs="+", help=_("cards such as AH 10h K♠"))
    s.set_defaults(func=cmd_score)

    s = sub.add_parser("odds", parents=[common], help=_("exact dealt-hand distribution"))
    s.add_argument("--variant", default=DEFAULT_VARIANT)
    s.add_argument("--rule", action="append", metavar="OPTION=VALUE", help=rule_help)
    s.set_defaults(func=cmd_odds)

    s = sub.add_parser("simulate", parents=[common], help=_("simulate independent rounds"))
    s.add_argument("--variant", default=DEFAULT_VARIANT)
    s.add_argument("--rule", action="append", metavar="OPTION=VALUE", help=rule_help)
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--rounds", type=int, default=10_000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bots", default="basic", help=_("bot level(s), comma-separated per seat"))
    s.add_argument("--knock-at", type=finite_number, default=25.0, dest="knock_at")
    s.add_argument("--engine", choices=["fast", "compiled", "table"], default="fast",
                   help=_("fast batched simulator (default); the same compiled by numba where "
                          "installed (pip install '.[fast]'), numpy elsewhere; or the table "
                          "engine"))
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("replay", parents=[common], help=_("replay a game record (JSON)"))
    s.add_argument("file")
    s.set_defaults(func=cmd_replay)
    return p


def _split_app_args(argv: list[str]) -> tuple[list[str], list[str] | None]:
    """``thirtyone app ARGS`` hands ARGS to streamlit untouched; argparse alone would read
    ``--server.port 8601`` as an unknown option of ours."""
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "app":
            return argv[:i + 1], argv[i + 1:]
        if token == "--lang":
            i += 2
            continue
        if token != "--json" and not token.startswith("--lang="):
            break
        i += 1
    return argv, None


def chosen_language(argv: list[str], environ: dict[str, str] | None = None) -> str:
    """The language of ``--lang X`` / ``--lang=X`` in ``argv`` (the last one given; the app's
    own arguments after ``app`` are not ours), else of ``THIRTYONE_LANG``, else English; an
    unknown one is refused with a one-sentence ``CLIError`` (``xx``, the pseudo-language of
    the tests, is accepted)."""
    ours, _app = _split_app_args(argv)
    raw: str | None = None
    for i, token in enumerate(ours):
        if token == "--lang":
            raw = ours[i + 1] if i + 1 < len(ours) else ""
        elif token.startswith("--lang="):
            raw = token.partition("=")[2]
    env = os.environ if environ is None else environ
    where = "--lang"
    if raw is None:
        raw, where = env.get(LANG_ENV) or DEFAULT, LANG_ENV
    lang = known(raw)
    if lang is None:             # the pseudo-language xx passes: tests read it
        shown = raw.strip()[:20].encode("ascii", "backslashreplace").decode() or "(empty)"
        raise CLIError(f"{where} '{shown}' is not a language this program speaks; "
                       f"choose one of {', '.join(LANGUAGES)}.")
    return lang


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = chosen_language(argv)
    except CLIError as e:
        print(f"thirtyone: error: {e}", file=sys.stderr)
        return 2
    with use_language(lang):
        try:
            argv, app_args = _split_app_args(argv)
            args = build_parser().parse_args(argv)
            if app_args is not None:
                args.streamlit_args = app_args
            args.func(args)
        except (ValueError, OSError) as e:  # CardError, RulesError, IllegalActionError...
            print(_("thirtyone: error: {error}").format(error=e), file=sys.stderr)
            return 2
    return 0
