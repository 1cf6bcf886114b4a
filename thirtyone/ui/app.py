"""The app itself: page setup, the navigation over ``pages/`` and the sidebar variant picker.

Streamlit runs one of two entry scripts, and both have the page scripts in a ``pages/``
folder beside them, so the page paths below (relative to the entry script) and the
``st.page_link("pages/...")`` calls in the pages mean the same files in both:

- a checkout: the top-level ``app.py`` (``streamlit run app.py``), which calls ``main()``;
- an installed wheel: this file (``thirtyone app`` runs it), with the top-level ``pages/``
  installed beside it as ``thirtyone/ui/pages/`` (``package-dir`` in ``pyproject.toml``).
"""

import streamlit as st

from thirtyone.ui.common import variant_picker
from thirtyone.ui.display import display_options


def main() -> None:
    st.set_page_config(page_title="Thirty-One", page_icon="🃏", layout="wide")
    pages = [
        st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("pages/learn.py", title="Learn", icon=":material/school:"),
        st.Page("pages/scorer.py", title="Hand scorer", icon=":material/calculate:"),
        st.Page("pages/play.py", title="Play", icon=":material/playing_cards:"),
        st.Page("pages/variants.py", title="Variants", icon=":material/menu_book:"),
        st.Page("pages/odds_lab.py", title="Odds lab", icon=":material/query_stats:"),
    ]
    page = st.navigation(pages)
    variant_picker()
    display_options()
    page.run()


if __name__ == "__main__":
    main()
