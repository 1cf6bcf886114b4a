"""Streamlit helpers shared by the pages. Only this package, app.py and pages/ import streamlit."""

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

# Streamlit treats a folder named pages/ next to the entry script as old-style automatic
# pages until the entry script has called st.navigation once. So the first visit to, say,
# /scorer on a freshly started server ran pages/scorer.py alone: no app.py, no sidebar
# picker, no wide layout. Any page that imports this package ends that mode and reruns the
# whole app (app.py with st.navigation) at once.
if PagesManager.uses_pages_directory and get_script_run_ctx() is not None:
    PagesManager.uses_pages_directory = False
    st.rerun()
