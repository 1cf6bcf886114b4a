"""Play: a whole game of Thirty-One (any table variant) against bots."""

from thirtyone.ui.table import play_page

play_page()
