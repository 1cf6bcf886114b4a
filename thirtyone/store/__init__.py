"""The class store: classes, learners, lesson progress, quiz answers, saved solo games, shared
tables and class challenges, in one SQL database through SQLAlchemy.

The store knows nothing of Streamlit: the app opens it with a URL (``thirtyone.ui.shell.store``
picks SQLite in the data folder by default, PostgreSQL when configured). Game records are
kept whole (every card) on the server; what a browser sees is decided above this layer.
"""

from .schema import SCHEMA_VERSION
from .store import (
    ChallengeRow,
    ClassRow,
    Learner,
    PlayRow,
    Store,
    StoreBusy,
    StoreError,
    StoreReadOnly,
    TableRow,
    open_store,
)
from .tokens import check_name, new_code, new_token, normal_code, normal_key

__all__ = [
    "SCHEMA_VERSION", "ChallengeRow", "ClassRow", "Learner", "PlayRow", "Store", "StoreBusy",
    "StoreError", "StoreReadOnly", "TableRow", "check_name", "new_code", "new_token",
    "normal_code", "normal_key", "open_store",
]
