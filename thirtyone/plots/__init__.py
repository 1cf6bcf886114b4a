"""Every figure of the app as a Python call, without Streamlit (``import thirtyone.plots``
imports no Streamlit). Each function takes ``Rules`` and plain arguments and returns a plotly
``Figure``; its ``_data`` twin returns the ``pandas.DataFrame`` behind it::

    from thirtyone import get_variant
    from thirtyone.plots import knock_curve, knock_curve_data

    rules = get_variant("scat").rules.replace(pack=32)
    knock_curve(rules, players=(2, 3, 4)).show()
    knock_curve_data(rules, players=(2, 3, 4))

``figure_code`` and ``score_code`` build the "Show the code" snippets the pages print.
"""

from .code import Snippet, figure_code, score_code
from .figures import (
    bust,
    bust_data,
    dealt_values,
    dealt_values_data,
    hand_moves,
    knock_after_turns,
    knock_after_turns_data,
    knock_curve,
    knock_curve_data,
    knock_heat,
    knock_heat_data,
    moves,
    moves_data,
    race,
    race_data,
    race_expected_turns,
    seat_knock,
    seat_knock_data,
    seat_knock_figure,
    special_hands,
    special_hands_data,
    target_text,
)
from .variants import variants_compared, variants_compared_data

__all__ = ["Snippet", "bust", "bust_data", "dealt_values", "dealt_values_data", "figure_code", "hand_moves", "knock_after_turns", "knock_after_turns_data",
           "knock_curve", "knock_curve_data", "knock_heat", "knock_heat_data", "moves",
           "moves_data", "race", "race_data", "race_expected_turns", "score_code", "seat_knock",
           "seat_knock_data", "seat_knock_figure", "special_hands", "special_hands_data",
           "target_text", "variants_compared", "variants_compared_data"]
