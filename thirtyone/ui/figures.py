"""Plotly figures built once and sent many times.

``st.plotly_chart(fig)`` calls ``fig.to_dict()`` on every rerun, a deep copy of the whole
figure (the Variants map holds some 90,000 coordinates), and building a figure runs plotly's
validation of every property (tens of milliseconds). A figure that depends only on cached
inputs is therefore built once per input and frozen: its dict is made once and handed out
as it is. A frozen figure must not be changed afterwards (``st.cache_resource`` shares it
between sessions).
"""

from __future__ import annotations

import plotly.graph_objects as go


def frozen(fig: go.Figure) -> go.Figure:
    """``fig`` with ``to_dict`` answering from one dict made now (no copy per rerun)."""
    spec = fig.to_dict()
    fig.to_dict = lambda: spec  # type: ignore[method-assign]
    return fig
