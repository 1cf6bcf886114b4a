"""Teacher's plan: a 45-minute period from zero to a reasoned knock, and every lesson's time,
what to project and what to leave as homework."""

from thirtyone.ui.pages.plan.lesson_plan import plan_page


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    plan_page()
