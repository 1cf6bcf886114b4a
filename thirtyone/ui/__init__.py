"""Streamlit helpers shared by the pages. Only this package, app.py and pages/ import streamlit."""

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

# Streamlit treats a folder named pages/ next to the entry script as old-style automatic
# pages until the entry script has called st.navigation once. So the first visit to, say,
# /scorer on a freshly started server ran pages/scorer.py alone: no app.py, no sidebar
# picker, no wide layout. Any page that imports this package ends that mode and reruns the
# whole app (app.py with st.navigation) at once. A page whose address is not its file name
# (/table is class_table.py, /class is classroom.py) is not found in the old mode; it is
# asked for again by name, so a student's link after a restart still opens it (Streamlit's
# "Page not found" note, already sent, stays on screen until closed).
_ctx = get_script_run_ctx()
if PagesManager.uses_pages_directory and _ctx is not None:
    PagesManager.uses_pages_directory = False
    # The page asked for (e.g. "table", whose file is class_table.py) was not found in the
    # old mode; ask for it again by name, now that st.navigation will know it.
    _wanted = getattr(_ctx.pages_manager, "_intended_page_name", "") or ""
    if _wanted:
        from streamlit.runtime.scriptrunner_utils.exceptions import RerunException
        from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
        raise RerunException(RerunData(query_string=_ctx.query_string, page_name=_wanted))
    st.rerun()
