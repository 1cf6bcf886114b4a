"""Write the notebooks in notebooks/ (clean, without outputs) with nbformat.

Run ``python tools/build_notebooks.py`` after changing a cell here; tests/test_notebooks.py
runs every notebook top to bottom.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent.parent / "notebooks"


def md(text: str):
    return new_markdown_cell(text.strip())


def code(text: str):
    return new_code_cell(text.strip())


BLITZ = [
    md("""
# The odds of a blitz

A **blitz** is 31 in one suit: an ace and two ten-point cards (ten, jack, queen, king) of the
same suit. In many variants a blitz ends the round at once. This notebook answers three
questions with exact numbers, counted over every possible deal (no guessing, no simulation):

1. How likely is it that **you** are dealt a blitz?
2. How likely is it that **at least one of n players** is dealt one?
3. If you draw a card each turn and keep the best cards, how likely are you to **reach 31
   within k turns**?

Every number here comes from the `thirtyone` engine; the figures use plotly.
"""),
    code("""
import pandas as pd
import plotly.express as px

from thirtyone import get_variant
from thirtyone.odds.deal import p_at_least_one
from thirtyone.odds.race import race_curve

rules = get_variant("scat").rules   # try "eenendertigen" (a 32-card pack) or "schwimmen"
rules.pack
"""),
    md("""
## Dealt a blitz

A 52-card pack holds 22,100 different three-card hands. Only 24 of them are a blitz (4 suits,
and in each suit the ace with two of the four ten-point cards: 6 ways). `p_at_least_one`
counts exactly; with one player it is simply 24 / 22,100.
"""),
    code("""
p_you = p_at_least_one(rules, "blitz", 1)
print(f"You are dealt a blitz in about 1 deal in {1 / p_you:,.0f} ({p_you:.4%}).")
"""),
    md("""
## At least one of n players

With more players there are more hands on the table, so a blitz somewhere is more likely.
The hands come from one pack and never share a card, so the chance is not simply n times the
chance for one player; the engine counts the overlaps exactly (inclusion and exclusion).
"""),
    code("""
table = pd.DataFrame({"players": range(1, 9)})
table["at least one blitz"] = [p_at_least_one(rules, "blitz", n) for n in table["players"]]
table["n times one player"] = table["players"] * p_you
table
"""),
    code("""
px.bar(table, x="players", y="at least one blitz",
       title="Chance that at least one player is dealt a blitz")
"""),
    md("""
## Reaching 31 within k turns

Now you play alone against the stock: each turn you draw a card and throw one away. How soon
can you hold 31? `race_curve` works this out exactly for three ways of playing:

* **best possible**: for each k separately, the choices that give the best chance within k turns;
* **fastest policy**: the choices that need the fewest turns on average;
* **basic bot**: the simple bot of the app, which keeps the highest hand value now.

Turn 0 is the deal itself, so it matches the first number above.
"""),
    code("""
curve = race_curve(rules, k_max=20)
race = pd.DataFrame({"turns": curve.turns, "best possible": curve.best_possible,
                     "fastest policy": curve.fastest_policy, "basic bot": curve.basic_policy})
print(f"Average turns to 31: fastest policy {curve.expected_turns_fastest:.1f}, "
      f"basic bot {curve.expected_turns_basic:.1f}")
race.head()
"""),
    code("""
long = race.melt(id_vars="turns", var_name="how you play", value_name="chance")
px.line(long, x="turns", y="chance", color="how you play", markers=True,
        title="Chance of holding 31 within k turns (alone, drawing from the stock)")
"""),
    md("""
The first two lines almost lie on top of each other: playing for the fewest turns on average
is nearly the best you can do for any number of turns. The basic bot falls behind because it
keeps the highest hand now, not the cards that lead to 31 soonest.

**Try it:** change `"scat"` in the first cell to `"eenendertigen"`. With a 32-card pack
(sevens up to aces) the ten-point cards are a bigger share of the pack, so a blitz comes much
sooner.
"""),
]

KNOCK = [
    md("""
# Knocking: how safe is it?

When you **knock**, everyone else gets one more turn and then the hands are shown. If your
hand is the lowest you lose a life (what a tie does depends on the house rules). So the
question is: *with a hand worth v, how likely is it that I am not the loser?*

We answer it two ways:

1. **Exact**: your opponents hold fresh random hands, counted over every deal.
2. **Simulated**: your opponents first play a few turns with a bot's moves (they improve
   their hands), then the hands are compared. This is closer to a real game.

Any house rule can be changed with `rules.replace(...)`; the engine checks that it is valid.
"""),
    code("""
import pandas as pd
import plotly.express as px

from thirtyone import get_variant
from thirtyone.odds.knock import knock_risk, knock_survival_exact
from thirtyone.sim.knock import iter_knock_after_turns

rules = get_variant("scat").rules
opponents = 2
knock_risk(rules)
"""),
    md("""
`knock_risk` says what a knock risks under these rules. In Scat you play for lives, and a
knocker tied for lowest is **safe** (`knocker_tied="safe"`).

## The exact curve

`knock_survival_exact` gives, for every hand value, the chance that the knock goes well
against fresh hands. With one or two opponents this is exact; with more it is a very close
approximation (the engine's documentation explains how close).
"""),
    code("""
exact = knock_survival_exact(rules, opponents)
df = pd.DataFrame({"value": exact.values, "safe (exact, fresh hands)": exact.survive})
df[df["value"] >= 20]
"""),
    md("""
## One house rule changed

Some tables say a knocker tied for lowest loses a life all the same (`"same"`). A tie only
matters when hands are equal, so the two curves are close, but never equal.
"""),
    code("""
strict = rules.replace(knocker_tied="same")
df["tie loses (exact)"] = knock_survival_exact(strict, opponents).survive
df[(df["value"] >= 20) & (df["value"] <= 26)]
"""),
    md("""
## Simulated: the opponents play first

Real opponents do not sit still: after the knock each plays one final turn, and before the
knock they have played some turns already. Here each opponent plays `turns` turns with the
`standard` bot's moves (the last one is their final turn), then we compare. The simulation
uses only **4,000 rounds** so that the notebook stays quick; the lines are a little noisy.
Raise `rounds` for smoother lines.
"""),
    code("""
rounds, turns = 4_000, 3
*_, sim = iter_knock_after_turns(rules, opponents, turns, rounds, seed=1)
simulated = pd.DataFrame({"value": sim.values, f"safe after {turns} turns (simulated)": sim.survive})
both = df.merge(simulated, on="value")
both[(both["value"] >= 20) & (both["value"] <= 31)]
"""),
    code("""
long = both.melt(id_vars="value", var_name="model", value_name="chance")
fig = px.line(long, x="value", y="chance", color="model", markers=True,
              title=f"Chance a knock is safe against {opponents} opponents (Scat)")
fig.update_xaxes(range=[15, 31])
"""),
    md("""
The simulated curve sits to the right of the exact one: opponents who have had a few turns
hold better hands, so you need a higher value before a knock is safe.

**Try it:** set `opponents = 3`, or `turns = 1`, or start from another variant such as
`get_variant("schwimmen").rules` (the swap family) and run everything again.
"""),
]

VARIANTS_NB = [
    md("""
# The variants compared by simulation

Thirty-One has many relatives. They differ in small rules: the pack, whether three of a kind
counts, what a blitz does, whether you draw from a stock or swap with open cards. How do those
rules change a real game?

We let the same simple bots play many rounds of each variant with the fast simulator and
count how rounds end. Only **3,000 rounds** per variant are played so the notebook stays
quick, so the numbers carry about one percentage point of noise.
"""),
    code("""
import pandas as pd
import plotly.express as px

from thirtyone import VARIANTS
from thirtyone.sim import FAMILIES, simulate

players, rounds = 4, 3_000
playable = {key: v for key, v in VARIANTS.items()
            if v.rules.family in FAMILIES and not v.rules.dealer_two_hands
            and v.rules.min_players <= players <= v.rules.max_players}
list(playable)
"""),
    md("""
Some variants are left out: the fast simulator plays the draw family (draw from the stock)
and the swap family (swap with open middle cards). The others can still be played one round
at a time on the table engine (`thirtyone.bots.simulate_table`).

Each variant plays the **same seed**, so differences come from the rules, not the luck.
"""),
    code("""
rows = []
for variant in playable.values():
    s = simulate(variant.rules, players, rounds, seed=7, bots="basic")
    rows.append({"variant": variant.name, "family": variant.rules.family,
                 "ended by blitz": s.blitz_rate, "ended by knock": s.knock_rate,
                 "mean turns": s.mean_turns, "knocker lost": s.knocker_lost_rate})
compare = pd.DataFrame(rows)
compare.round(3)
"""),
    md("""
Some rows are exactly the same: Scat, Five-dollar bill and Running total play a single round
alike and differ only in how lives or points are kept over a whole game, which one round does
not show. A 32-card pack (Eenendertigen) makes blitzes more common and rounds shorter, and in
the swap games (Schwimmen, Stop the Bus) rounds are short and a knock is riskier.
"""),
    code("""
px.bar(compare, x="variant", y="mean turns", color="family",
       title=f"Average turns in a round, {players} basic bots")
"""),
    code("""
px.bar(compare, x="variant", y=["ended by blitz", "ended by knock"], barmode="group",
       title="How rounds end")
"""),
    md("""
## One house rule, same deals

The simulator takes any `Rules`, so a house rule is one `replace` away. Here: Scat, with and
without three of a kind being worth 30.5.
"""),
    code("""
scat = VARIANTS["scat"].rules
for name, r in {"Scat": scat, "Scat, three of a kind = 30.5": scat.replace(three_of_a_kind=30.5)}.items():
    s = simulate(r, players, rounds, seed=7)
    print(f"{name:30} blitz {s.blitz_rate:.3f}  knock {s.knock_rate:.3f}  "
          f"mean turns {s.mean_turns:.2f}")
"""),
]

TOURNAMENT = [
    md("""
# A bot tournament

The app has four computer players: `random` (any legal move), `basic` (a fixed, simple rule:
knock at 25 or more, otherwise keep the best cards), `standard` (knocks depending on the turn
and the number of players, and remembers cards) and `expert` (looks ahead with the exact odds).

Which is strongest? We let them play against each other in two ways:

1. **Many single rounds** with the fast simulator, counting the lives each seat loses.
2. **A few whole games** on the real table engine, counting who wins.
"""),
    code("""
import numpy as np
import pandas as pd
import plotly.express as px

from thirtyone import get_variant
from thirtyone.bots import make_bot
from thirtyone.game.table import new_game
from thirtyone.sim import simulate_rounds

rules = get_variant("scat").rules
"""),
    md("""
## Many rounds, fast

Four seats: one `random`, one `basic` and two `standard` bots. The dealer moves round the
table every round, so no seat keeps the advantage of moving first. We play **4,000 rounds**
(under a second) and count the lives lost per round for each seat: fewer is better.
"""),
    code("""
seats = ["random", "basic", "standard", "standard"]
res = simulate_rounds(rules, len(seats), 4_000, seed=3, bots=",".join(seats))
lost = pd.DataFrame({"seat": [f"{i}: {b}" for i, b in enumerate(seats)],
                     "bot": seats, "lives lost per round": res.lives_lost.mean(axis=0)})
lost
"""),
    code("""
px.bar(lost, x="seat", y="lives lost per round", color="bot",
       title="Lives lost per round (4,000 rounds of Scat)")
"""),
    md("""
The `random` bot loses about a life every round: it knocks and throws cards away without
looking. The two `standard` seats should come out almost the same; how far apart they are tells you
how much noise is left in 4,000 rounds.

## Whole games on the table engine

Now real games: three lives each, played to the end. Each game rotates who sits where. The
table engine plays one move at a time (the way the Play page does), so we only play **12
games**: enough to see how it works, not enough to be sure who is best. The `expert` bot is
slower still; add it to `levels` if you have a minute to spare.
"""),
    code("""
def play_game(levels, seed):
    \"\"\"Play one whole game with a bot in every seat; return the game at its end.\"\"\"
    rng = np.random.default_rng(seed)
    game = new_game(rules, list(levels), seed=seed)
    bots = [make_bot(level) for level in levels]
    while not game.game_over:
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_move
        game.apply(bots[seat](game.observation(seat, log=False), rng))
    return game


levels = ["random", "basic", "standard"]
wins = dict.fromkeys(levels, 0)
for g in range(12):
    order = levels[g % 3:] + levels[:g % 3]
    game = play_game(order, seed=g)
    wins[order[game.winner]] += 1
wins
"""),
    code("""
px.bar(x=list(wins), y=list(wins.values()), labels={"x": "bot", "y": "games won"},
       title="Games won out of 12")
"""),
    md("""
**Try it:** change `seats` to `["basic", "standard", "basic", "standard"]`, or play the
tournament under another variant, for example `get_variant("schwimmen").rules`.
"""),
]

NOTEBOOKS = {"01_blitz_odds.ipynb": BLITZ, "02_knocking.ipynb": KNOCK,
             "03_variants_compared.ipynb": VARIANTS_NB, "04_bot_tournament.ipynb": TOURNAMENT}


def build() -> dict[str, str]:
    """Each notebook's file name and its text, as written to notebooks/."""
    out = {}
    for name, cells in NOTEBOOKS.items():
        for i, cell in enumerate(cells):   # stable ids: rewriting gives the same file
            cell["id"] = f"{name.split('_')[0]}-{i:02d}"
        nb = new_notebook(cells=cells, metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}})
        nbformat.validate(nb)
        out[name] = nbformat.writes(nb) + "\n"
    return out


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, text in build().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)


if __name__ == "__main__":
    main()
