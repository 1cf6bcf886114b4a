"""The Thirty-One teaching app: ``streamlit run app.py``."""

import streamlit as st

from thirtyone.ui.common import variant_picker

st.set_page_config(page_title="Thirty-One", page_icon="🃏", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("pages/learn.py", title="Learn", icon=":material/school:"),
    st.Page("pages/scorer.py", title="Hand scorer", icon=":material/calculate:"),
    st.Page("pages/play.py", title="Play", icon=":material/playing_cards:"),
    st.Page("pages/variants.py", title="Variants", icon=":material/menu_book:"),
    st.Page("pages/odds_lab.py", title="Odds lab", icon=":material/query_stats:"),
]

page = st.navigation(PAGES)
variant_picker()
page.run()
