"""Challenge: the same deals for the whole class, then a leaderboard."""

from thirtyone.ui.challenge import challenge_page

challenge_page()
