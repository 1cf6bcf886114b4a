"""A frozen figure (built once, shared by every session) sends exactly what a fresh one does."""

from __future__ import annotations

import plotly.io as pio

from thirtyone.core.rules import get_variant
from thirtyone.plots import odds as op
from thirtyone.ui.pages.variants.variants import names_map
from thirtyone.ui.widgets.figures import frozen


def spec(fig) -> str:
    # what st.plotly_chart sends: the figure's dict as plotly JSON
    return pio.to_json(fig.to_dict(), validate=False)


def test_a_frozen_figure_sends_the_same_spec_as_a_fresh_one_every_time():
    rules = get_variant("schwimmen").rules
    df = op.dealt_table(rules)
    fresh = spec(op.dealt_figure(df, rules))
    fig = frozen(op.dealt_figure(df, rules))
    assert spec(fig) == fresh
    assert spec(fig) == fresh  # asked again: the same, not consumed or changed
    assert '"data"' in fresh and "32 cards" in fresh


def test_the_frozen_map_is_the_map():
    assert spec(frozen(names_map())) == spec(names_map())
