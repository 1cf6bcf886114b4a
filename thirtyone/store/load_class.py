"""A class made for the class load test (``python -m thirtyone.bench --load N --class``).

``python -m thirtyone.store.load_class STORE_URL STUDENTS SEATED [SEATS VARIANT]`` makes a
class "Load test" of STUDENTS students (``Pupil A``, ``Pupil B``, ...), puts SEATED of them
(whole tables of SEATS, default 4) at class tables of VARIANT (default ``scat``), each
student in their own seat, and prints ``{"teacher_key", "tables": [[table id, [resume
tokens by seat]], ...]}`` as one line of JSON. ``thirtyone.bench.load_class`` runs it as a
process of its own: the store is a layer above the benchmarks.

``... load_class live STORE_URL STUDENTS`` makes the class for the live-lesson load test
(``--load N --live``) instead: STUDENTS students and a running live lesson whose one item is a
decision; it prints ``{"teacher_key", "tokens", "live_id"}``. ``... load_class live-count
STORE_URL LIVE_ID`` prints what the store holds of that item's answers afterwards:
``{"answers", "students", "changes"}`` (rows, distinct students, changes summed).
"""

from __future__ import annotations

import json
import sys

from ..core.rules import DEFAULT_VARIANT, VARIANTS
from . import live, shared
from .store import open_store

MAX_STUDENTS = 100


def pupil_name(i: int) -> str:
    """``Pupil Ab``: letters only, as names must be, and one per student.

    >>> pupil_name(0), pupil_name(25), pupil_name(26)
    ('Pupil A', 'Pupil Z', 'Pupil Ba')
    """
    letters = ""
    n = i
    while True:
        letters = chr(ord("a") + n % 26) + letters
        n //= 26
        if not n:
            break
    return f"Pupil {letters.capitalize()}"


def make_class(store_url: str, students: int, seated: int, seats: int = 4,
               variant: str = DEFAULT_VARIANT) -> dict:
    """The class, its tables and seats; what the load test needs to open their pages."""
    if not (1 <= students <= MAX_STUDENTS and 0 <= seated <= students and 2 <= seats <= 7
            and seated % seats == 0 and variant in shared.table_variants()):
        raise ValueError("students 1-100, seated a multiple of the seats (2-7) up to the "
                         "students, and a table variant")
    store = open_store(store_url)
    try:
        store.migrate()
        klass, key = store.create_class("Load test")
        people = [store.join_class(klass.code, pupil_name(i)) for i in range(students)]
        tables = []
        for t in range(seated // seats):
            at = people[t * seats:(t + 1) * seats]
            row = shared.make_table(store, klass.id, f"Table {t + 1}", variant,
                                    VARIANTS[variant].rules, ["student"] * seats,
                                    bot_level="basic")
            for seat, (learner, _token) in enumerate(at):
                shared.take_seat(store, row.id, learner, seat)
            tables.append([row.id, [token for _learner, token in at]])
        return {"teacher_key": key, "tables": tables}
    finally:
        store.engine.dispose()


LIVE_ITEM = {"kind": "decision", "practice": "knock", "variant": DEFAULT_VARIANT,
             "players": 3, "seed": 1}


def make_live(store_url: str, students: int) -> dict:
    """A class of ``students`` with a live lesson running on one decision item."""
    if not 1 <= students <= MAX_STUDENTS:
        raise ValueError("students 1-100")
    store = open_store(store_url)
    try:
        store.migrate()
        klass, key = store.create_class("Live load test")
        tokens = [store.join_class(klass.code, pupil_name(i))[1] for i in range(students)]
        row = live.start(store, klass.id, [LIVE_ITEM])
        return {"teacher_key": key, "tokens": tokens, "live_id": row.id}
    finally:
        store.engine.dispose()


def count_live(store_url: str, live_id: int) -> dict:
    store = open_store(store_url)
    try:
        got = live.answers(store, live_id, 0)
        return {"answers": len(got), "students": len({a["learner_id"] for a in got}),
                "changes": sum(int(a["changes"]) for a in got)}
    finally:
        store.engine.dispose()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        if args[:1] == ["live"]:
            print(json.dumps(make_live(args[1], int(args[2]))))
            return 0
        if args[:1] == ["live-count"]:
            print(json.dumps(count_live(args[1], int(args[2]))))
            return 0
        url, students, seated = args[0], int(args[1]), int(args[2])
        seats = int(args[3]) if len(args) > 3 else 4
        variant = args[4] if len(args) > 4 else "scat"
        print(json.dumps(make_class(url, students, seated, seats, variant)))
    except (IndexError, ValueError) as e:
        print(f"usage: python -m thirtyone.store.load_class STORE_URL STUDENTS SEATED "
              f"[SEATS VARIANT] ({e}).", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
