"""Class: create a class (teacher), join one with a code (student), resume, and the
teacher's dashboard."""

from thirtyone.ui.pages.classroom.classroom import class_page


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    class_page()
