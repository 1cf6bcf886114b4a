"""The games people play: the table state machine for the draw, swap, widow and switch
families (``table``, with hand values in ``hands``), Banking Thirty-One (``banking``) and
game records (``records``). Imports only ``thirtyone.core`` (and ``i18n``)."""

# The package's public door: what the layers above use (tests/test_layers.py keeps the
# UI importing only from here).
from .banking import BankingGame
from .base import ROUND_TURN_CAP, Game
from .engine import Engine
from .facts import FamilyFacts
from .families import FAMILY_CLASSES, TABLE_CLASSES, family_class, is_table_family
from .message import count_msg, extra_life_word, lives_word
from .records import (
           RecordError,
           game_from_record,
           game_to_record,
           load_game,
           read_record_text,
           save_game,
)
from .registry import AnyGame, AnyObservation, first_dealer, is_banking, start_game
from .replay import game_after, last_move, open_observation, record_moves
from .saves import earlier_round_logs, load_any, player_save, teacher_record
from .table import TABLE_FAMILIES, new_game
from .values import Observation, RoundResult

__all__ = ["AnyGame", "AnyObservation", "BankingGame", "count_msg", "earlier_round_logs",
           "Engine", "extra_life_word", "family_class", "FAMILY_CLASSES", "FamilyFacts",
           "first_dealer", "Game", "game_after", "game_from_record", "game_to_record",
           "is_banking", "is_table_family", "last_move", "lives_word", "load_any", "load_game",
           "new_game", "Observation", "open_observation", "player_save", "read_record_text",
           "record_moves", "RecordError", "ROUND_TURN_CAP", "RoundResult", "save_game",
           "start_game", "TABLE_CLASSES", "TABLE_FAMILIES", "teacher_record"]
