"""The Class table page through Streamlit's AppTest, on a real SQLite store: each seat sees
its own cards only, a move lands, a stale move is refused, strangers are turned away."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

from thirtyone.core.rules import get_variant
from thirtyone.store import open_store, shared

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def always_the_whole_app(monkeypatch):
    """As in test_app_links: every run goes through app.py, as in the browser."""
    init = PagesManager.__init__

    def whole_app(self, *args, **kwargs):
        init(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    monkeypatch.setattr(PagesManager, "__init__", whole_app)


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A class with two seated students (Ada at 0, Ben at 1) and a bot, on a fresh SQLite
    store the app opens too."""
    url = f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    shared.forget_cache()
    store = open_store(url)
    klass, _ = store.create_class("Table class")
    (ada, ada_tok), (ben, ben_tok) = (store.join_class(klass.code, n) for n in ("Ada", "Ben"))
    store.join_class(klass.code, "Cleo")
    row = shared.make_table(store, klass.id, "Table A", "scat", get_variant("scat").rules,
                            ["student", "student", "basic"])
    shared.take_seat(store, row.id, ada)
    shared.take_seat(store, row.id, ben)
    yield store, klass, row.id, {"Ada": ada_tok, "Ben": ben_tok}
    store.engine.dispose()


def table_page_test() -> AppTest:
    """The app, first run, then switched to the Class table page (its url_path is "table",
    so AppTest finds it by file only once st.navigation has run)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    return at.switch_page("pages/class_table.py")


def opened(tid: int, token: str | None) -> AppTest:
    at = table_page_test()
    at.query_params["table"] = str(tid)
    if token:
        at.query_params["me"] = token
    at.run()
    assert not at.exception
    return at


def everything(at: AppTest) -> str:
    """Every element's text and HTML on the page, as one string."""
    parts = []
    for el in at.main:
        parts.append(repr(el.proto) if hasattr(el, "proto") else repr(el))
    return "\n".join(parts)


def _display(card: str) -> list[str]:
    from thirtyone.core.cards import parse_card
    c = parse_card(card)
    return [c.display, f"'{card}'", f"Card('{card}')", f"t31pick_{card}", f"data-card=\"{card}\""]


def test_each_seat_sees_its_own_cards_and_nobody_elses(table):
    store, _, tid, tokens = table
    _, game = shared.load(store, tid)
    for seat, name in enumerate(("Ada", "Ben")):
        page = everything(opened(tid, tokens[name]))
        assert f"{name} (you)" in page
        for card in shared.hidden_cards(game, seat):
            assert not any(t in page for t in _display(card)), (name, card)
        own = [str(c) for c in game.hands[seat]]
        assert all(any(t in page for t in _display(c)) for c in own), (name, own)


def test_a_move_lands_and_a_stale_one_is_refused(table):
    store, _, tid, tokens = table
    row, game = shared.load(store, tid)
    seat = game.to_move
    name = ("Ada", "Ben")[seat]
    at = opened(tid, tokens[name])
    other = opened(tid, tokens[name])          # a second tab of the same seat
    at.button(key="play_act_draw").click().run()
    assert store.table_version(tid) == row.version + 1
    other.button(key="play_act_draw").click().run()
    assert not other.exception
    assert any(shared.STALE in e.value for e in other.error)
    assert store.table_version(tid) == row.version + 1


def test_strangers_and_spectators(table):
    store, klass, tid, _ = table
    at = opened(tid, None)
    assert any("join that class" in w.value for w in at.warning)
    assert not at.button   # no move, no seat
    other, _ = store.create_class("Other class")
    _, tok = store.join_class(other.code, "Eve")
    at = opened(tid, tok)
    assert any("join that class" in w.value for w in at.warning)
    _, cleo_tok = store.join_class(klass.code, "Dora")
    _, game = shared.load(store, tid)
    page = everything(opened(tid, cleo_tok))    # a classmate without a seat: watching
    assert "You are watching" in page
    for card in shared.hidden_cards(game, None):
        assert not any(t in page for t in _display(card)), card


@pytest.mark.parametrize("raw", ["1 OR 1=1", "-1", "9" * 40, "<b>1</b>", "١"])
def test_hostile_table_links_are_refused_plainly(table, raw):
    at = table_page_test()
    at.query_params["table"] = raw
    at.run()
    assert not at.exception
    assert any("Open a table from the Class page" in i.value for i in at.info)
