"""The app itself: page setup, the navigation over ``pages/`` and the sidebar variant picker.

Streamlit runs one of two entry scripts, and both have the page scripts in a ``pages/``
folder beside them, so the page paths below (relative to the entry script) and the
``st.page_link("pages/...")`` calls in the pages mean the same files in both:

- a checkout: the top-level ``app.py`` (``streamlit run app.py``), which calls ``main()``;
- an installed wheel: this file (``thirtyone app`` runs it), with the top-level ``pages/``
  installed beside it as ``thirtyone/ui/pages/`` (``package-dir`` in ``pyproject.toml``).
"""

import streamlit as st

from thirtyone.i18n import _
from thirtyone.ui import links
from thirtyone.ui.common import variant_picker
from thirtyone.ui.display import display_options
from thirtyone.ui.lang import language_picker, open_language


def main() -> None:
    open_language()
    st.set_page_config(page_title=_("Thirty-One"), page_icon="🃏", layout="wide")
    pages = [
        st.Page("pages/home.py", title=_("Home"), icon=":material/home:", default=True),
        st.Page("pages/learn.py", title=_("Learn"), icon=":material/school:", url_path="learn"),
        st.Page("pages/scorer.py", title=_("Hand scorer"), icon=":material/calculate:",
                url_path="scorer"),
        st.Page("pages/play.py", title=_("Play"), icon=":material/playing_cards:",
                url_path="play"),
        st.Page("pages/variants.py", title=_("Variants"), icon=":material/menu_book:",
                url_path="variants"),
        st.Page("pages/odds_lab.py", title=_("Odds lab"), icon=":material/query_stats:",
                url_path="odds_lab"),
        st.Page("pages/class.py", title=_("Class"), icon=":material/groups:",
                url_path="class"),
        st.Page("pages/plan.py", title=_("Teacher's plan"), icon=":material/event_note:",
                url_path="plan"),
        st.Page("pages/table.py", title=_("Class table"), icon=":material/table_restaurant:",
                url_path="table"),
        st.Page("pages/challenge.py", title=_("Challenge"), icon=":material/emoji_events:",
                url_path="challenge"),
    ]
    page = st.navigation(pages)
    language_picker()
    # The page paths are part of the class-link contract (README "Links for a class").
    links.open_link(page.url_path)
    variant_picker()
    display_options()
    links.show_notes(page.url_path)
    page.run()
    links.copy_link_box(page.url_path, links.write_link(page.url_path))


if __name__ == "__main__":
    main()
