"""Play: a whole game of Thirty-One (any table variant) against bots."""

from thirtyone.ui.pages.play.page import play_page


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    play_page()
