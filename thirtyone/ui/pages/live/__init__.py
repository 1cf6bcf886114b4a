"""Live lesson (issue 28): the teacher paces the class from the projector, every student
answers on their own device, and a class experiment pools the room's deals.

The same address, ``/live``, is the projector for a signed-in teacher (``projector``) and the
answer pad for a student of the class (``student``); anyone else is sent to the Class page.
"""

import streamlit as st

from thirtyone.i18n import _
from thirtyone.ui.pages.live.projector import projector
from thirtyone.ui.pages.live.student import student
from thirtyone.ui.shell import identity, nav
from thirtyone.ui.shell.store import store_or_none


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    st.title(_("Live lesson"))
    store = store_or_none()
    if store is None:
        st.info(_("The live lesson needs the class store, and it cannot be opened just now."))
        return
    klass = identity.teacher_class()
    if klass is not None:
        projector(store, klass)
        return
    learner = identity.current_learner(store)
    if learner is not None and learner.class_id is not None:
        student(store, learner)
        return
    st.info(_("The live lesson is for a class: join your class on the Class page (or open "
              "your resume link), then come back here."))
    nav.link("class", label=_("Go to the Class page"), icon=":material/groups:")
