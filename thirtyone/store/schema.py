"""The tables of the store (SQLAlchemy Core) and the schema version they make.

Version 3. A database made by a newer version of the app is refused with a clear message
rather than written to; an older one is brought up to date by the steps in ``store.migrate``.

- 1 -> 2: ``t31_learners.name_fold`` holds ``names.fold`` of the name (case and look-alike
  letters folded, UTS #39) instead of its case fold; ``t31_challenges.closed`` (when the
  teacher closed the challenge: until then no student's download holds a deck); the table
  ``t31_wrong_tries`` (wrong join codes and teacher keys, per code and client address).
- 2 -> 3: the table ``t31_practice`` (issue 26: one row per practice item a learner finished,
  its kind, whether it was right at the first try and how many tries it took).
- 3 -> 4: the live lesson's tables (issue 28): ``t31_live`` (a session: its running order,
  the item on the devices and its state), ``t31_live_answers`` (one row per student and item:
  the answer that counts and the first one given) and ``t31_live_results`` (each press of
  "Deal" in a class experiment: its seed and the values it dealt).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

SCHEMA_VERSION = 4

metadata = MetaData()

meta = Table(
    "t31_meta", metadata,
    Column("key", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)

classes = Table(
    "t31_classes", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("name", String(60), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

learners = Table(
    "t31_learners", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("t31_classes.id", ondelete="CASCADE")),
    Column("name", String(60), nullable=False),
    Column("name_fold", String(60), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),
    UniqueConstraint("class_id", "name_fold", name="t31_learner_name_in_class"),
)

progress = Table(
    "t31_progress", metadata,
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           primary_key=True),
    Column("data", JSON, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

answers = Table(
    "t31_answers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           nullable=False),
    Column("quiz", String(120), nullable=False),
    Column("try_no", Integer, nullable=False),
    Column("answer", String(200), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("learner_id", "quiz", "try_no", name="t31_answer_try"),
)
Index("t31_answers_learner", answers.c.learner_id)

# one practice item finished ("Another one" deals as many as a learner wants)
practice = Table(
    "t31_practice", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           nullable=False),
    Column("kind", String(20), nullable=False),
    Column("right_first", Boolean, nullable=False),
    Column("tries", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
Index("t31_practice_learner", practice.c.learner_id)

games = Table(
    "t31_games", metadata,
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           primary_key=True),
    Column("slot", String(20), primary_key=True),
    Column("record", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "t31_tables", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("t31_classes.id", ondelete="CASCADE"),
           nullable=False),
    Column("title", String(60), nullable=False),
    Column("variant", String(40), nullable=False),
    Column("seats", JSON, nullable=False),
    Column("record", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(20), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)
Index("t31_tables_class", tables.c.class_id)

challenges = Table(
    "t31_challenges", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("t31_classes.id", ondelete="CASCADE"),
           nullable=False),
    Column("title", String(60), nullable=False),
    Column("variant", String(40), nullable=False),
    Column("setup", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("closed", DateTime(timezone=True), nullable=True),
)
Index("t31_challenges_class", challenges.c.class_id)

plays = Table(
    "t31_plays", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("challenge_id", Integer, ForeignKey("t31_challenges.id", ondelete="CASCADE"),
           nullable=False),
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           nullable=False),
    Column("record", Text, nullable=False),
    Column("finished", Boolean, nullable=False),
    Column("score", Float),
    Column("version", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    UniqueConstraint("challenge_id", "learner_id", name="t31_play_once"),
)

# wrong join codes and teacher keys: one row per wrong try and scope ("addr:<client address>",
# "code:<the code typed>"), counted over the last minutes by every process (``Store.wait_s``)
wrong_tries = Table(
    "t31_wrong_tries", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("scope", String(80), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
Index("t31_wrong_tries_scope", wrong_tries.c.scope, wrong_tries.c.at)

# A teacher signed in on a browser: the browser keeps a random token as a cookie, the store
# only its hash, so a reload, a new tab or a server restart keeps the dashboard open without
# the teacher key ever being on the screen or in a link ("Sign out" deletes the row).
teacher_sessions = Table(
    "t31_teacher_sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("class_id", Integer, ForeignKey("t31_classes.id", ondelete="CASCADE"),
           nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("seen", DateTime(timezone=True), nullable=False),
)
Index("t31_teacher_sessions_class", teacher_sessions.c.class_id)

# A live lesson (issue 28): the teacher pushes one item at a time to every device. ``items``
# is the running order (JSON item dicts, ``teach.live``), ``item_no`` the item on the devices,
# ``states`` each item's state ("open", "locked", "revealed"; missing = open), ``version``
# grows with every change the teacher makes (the devices' cheap "has anything changed?").
live = Table(
    "t31_live", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("t31_classes.id", ondelete="CASCADE"),
           nullable=False),
    Column("status", String(20), nullable=False),          # running | ended
    Column("items", JSON, nullable=False),
    Column("item_no", Integer, nullable=False),
    Column("states", JSON, nullable=False),
    Column("show_names", Boolean, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("ended", DateTime(timezone=True), nullable=True),
)
Index("t31_live_class", live.c.class_id, live.c.status)
# one running session per class, also when two teachers' tabs start one at the same moment
Index("t31_live_one_running", live.c.class_id, unique=True,
      sqlite_where=live.c.status == "running", postgresql_where=live.c.status == "running")

# one row per student and item: ``answer`` counts (changed freely until the lock), ``first``
# is the first answer given (the dashboard's "first answer per student and item")
live_answers = Table(
    "t31_live_answers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("live_id", Integer, ForeignKey("t31_live.id", ondelete="CASCADE"), nullable=False),
    Column("item_no", Integer, nullable=False),
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           nullable=False),
    Column("answer", String(40), nullable=False),
    Column("first", String(40), nullable=False),
    Column("changes", Integer, nullable=False),
    Column("first_at", DateTime(timezone=True), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("live_id", "item_no", "learner_id", name="t31_live_answer_once"),
)

# one press of "Deal" in a class experiment: the seed the server dealt with and its values
live_results = Table(
    "t31_live_results", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("live_id", Integer, ForeignKey("t31_live.id", ondelete="CASCADE"), nullable=False),
    Column("item_no", Integer, nullable=False),
    Column("learner_id", Integer, ForeignKey("t31_learners.id", ondelete="CASCADE"),
           nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("vals", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
Index("t31_live_results_item", live_results.c.live_id, live_results.c.item_no)
