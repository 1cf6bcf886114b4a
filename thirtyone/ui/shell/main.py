"""The app itself: page setup, the navigation (``nav``), the language, the sidebar's variant
picker and display options, and the class links around every page. ``main()`` is what each
session's run of the entry script (``app.py``, ``thirtyone/ui/shell/app.py``) does.
"""

import streamlit as st

from thirtyone.i18n import _
from thirtyone.ui.shell import links, nav
from thirtyone.ui.shell.common import variant_picker
from thirtyone.ui.shell.display import display_options
from thirtyone.ui.shell.lang import language_picker, open_language
from thirtyone.ui.widgets import link_hook


def main() -> None:
    open_language()
    st.set_page_config(page_title=_("Thirty-One"), page_icon="🃏", layout="wide")
    page = nav.navigation()
    language_picker()
    # The page paths are part of the class-link contract (README "Links for a class").
    links.open_link(page.url_path)
    variant_picker()
    display_options()
    links.show_notes(page.url_path)
    links.link_box(page.url_path)
    link_hook.set_link_filler(links.fill_link_box)
    page.run()
    if not links.link_filled():
        links.fill_link_box()

