"""Challenge: the same deals for the whole class, then a leaderboard."""

from thirtyone.ui.pages.challenge.challenge import challenge_page


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    challenge_page()
