"""Exact odds by enumeration, one question per module: ``dealt`` (the dealt-hand
distribution and a hand's standing), ``deal`` (special hands on the deal), ``moves`` (the value
after each possible move), ``race`` (racing to 31 alone), ``knock`` (how safe a knock is,
exact); ``tables`` holds the 52x52x52 lookup of any three cards' value."""

# The package's public door: what the layers above use (tests/test_layers.py keeps the
# UI importing only from here).
from .dealt import dealt_distribution, hand_standing
from .knock import (
           AtTable,
           hand_at_table,
           knock_risk,
           knock_survival_exact,
           most_opponents,
           pot_of,
           showdown_loss,
           showdown_result,
)
from .moves import MoveOdds
from .race import race_withheld
from .tables import OddsError, check_hand_rules, value_label

__all__ = ["AtTable", "check_hand_rules", "dealt_distribution", "hand_at_table",
           "hand_standing", "knock_risk", "knock_survival_exact", "most_opponents", "MoveOdds",
           "pot_of", "OddsError", "race_withheld", "showdown_loss", "showdown_result",
           "value_label"]
