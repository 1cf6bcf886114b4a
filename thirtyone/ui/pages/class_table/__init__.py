"""Class table: one shared table of a class, several people at it, each seeing only their
own cards."""

from thirtyone.ui.pages.class_table.class_table import table_page


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    table_page()
