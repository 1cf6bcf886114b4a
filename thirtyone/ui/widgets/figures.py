"""Figures: plotly figures built once and sent many times, and the "Show the code" box
under a plot.

``st.plotly_chart(fig)`` calls ``fig.to_dict()`` on every rerun, a deep copy of the whole
figure (the Variants map holds some 90,000 coordinates), and building a figure runs plotly's
validation of every property (tens of milliseconds). A figure that depends only on cached
inputs is therefore built once per input and frozen: its dict is made once and handed out
as it is. A frozen figure must not be changed afterwards (``st.cache_resource`` shares it
between sessions).
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from thirtyone.i18n import _
from thirtyone.plots import Snippet


def frozen(fig: go.Figure) -> go.Figure:
    """``fig`` with ``to_dict`` answering from one dict made now (no copy per rerun)."""
    spec = fig.to_dict()
    fig.to_dict = lambda: spec  # type: ignore[method-assign]
    return fig


def show_code(snippet: Snippet) -> None:
    """The "Show the code" box under a plot: the Python lines and the command where one
    exists, built from the values the page used (``thirtyone.plots.code``)."""
    with st.expander(_("Show the code"), icon=":material/code:"):
        st.code(snippet.python, language="python")
        if snippet.cli:
            st.caption(_("On the command line:"))
            st.code(snippet.cli, language="bash")
