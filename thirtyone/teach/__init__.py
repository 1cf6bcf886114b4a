"""Teaching content as data behind the pages: lessons and quizzes (``lessons``), the games'
history and names (``lore``), the variants compared (``variant_table``, ``compare``)."""

# The package's public door: what the layers above use (tests/test_layers.py keeps the
# UI importing only from here).
from . import live
from .blocks import ODDS_SECTIONS, Link, Plot, Teaches
from .class_report import learner_scores, progress_summary, quiz_stats, score_grid
from .compare import every_variant
from .guess import Guess, SimStep, exact, simulate
from .lessons import Cards, Lesson, Text, load_lessons
from .mini_round import MiniRound
from .practice import Item, Practice
from .practice_items import make_item
from .quiz import Quiz
from .quiz_kinds import simulated_knock
from .scenarios import Scenario, get_scenario, load_scenarios
from .variant_table import NOT_USED, column_title, comparison_rows, humanise

__all__ = ["Cards", "column_title", "comparison_rows", "every_variant", "exact", "get_scenario",
           "Guess", "humanise", "Item", "learner_scores", "Lesson", "Link", "live", "load_lessons",
           "load_scenarios", "make_item", "MiniRound", "NOT_USED", "ODDS_SECTIONS", "Plot",
           "Practice", "progress_summary", "Quiz", "quiz_stats", "Scenario", "score_grid",
           "SimStep", "simulate", "simulated_knock", "Teaches", "Text"]
