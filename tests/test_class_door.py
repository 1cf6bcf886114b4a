"""The class's door without a browser: the address students are shown (environment, secrets,
the server's own network address, found with nothing sent off the machine), the teacher's
browser sessions and new resume links in the store (SQLite and PostgreSQL), the refused
rejoin's sentence, and the CSV bytes a spreadsheet reads."""

from __future__ import annotations

import csv
import datetime as dt
import io
import ipaddress
import re
import sys
from pathlib import Path

import pandas as pd
import pytest
from sqlalchemy import update
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

from thirtyone.store import StoreError, open_store, teacher
from thirtyone.store import schema as s
from thirtyone.ui.pages.classroom import address
from thirtyone.ui.pages.classroom.dashboard import csv_bytes
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")


# --- the address -------------------------------------------------------------------------------

@pytest.fixture
def server_options():
    """Streamlit's server options as a test sets them, put back afterwards."""
    names = ("server.address", "server.port", "server.baseUrlPath")
    old = {n: st_config.get_option(n) for n in names}
    yield lambda name, value: st_config.set_option(name, value)
    for n, v in old.items():
        st_config.set_option(n, v)


def test_the_public_url_in_the_environment_wins(monkeypatch, server_options):
    server_options("server.address", "127.0.0.1")
    monkeypatch.setenv("THIRTYONE_PUBLIC_URL", "  https://cards.school.example/thirtyone/ ")
    link, base = address.join_link()
    assert link == "https://cards.school.example/thirtyone/class"
    assert not base.loopback


@pytest.mark.parametrize("bad", ["javascript:alert(1)", "cards.example", "http://a b", ""])
def test_a_public_url_that_is_not_one_is_ignored(monkeypatch, server_options, bad):
    server_options("server.address", "127.0.0.1")
    server_options("server.port", 8555)
    monkeypatch.setenv("THIRTYONE_PUBLIC_URL", bad)
    link, base = address.join_link()
    assert link == "http://127.0.0.1:8555/class" and base.loopback


def test_a_server_bound_to_loopback_is_loopback(monkeypatch, server_options):
    monkeypatch.delenv("THIRTYONE_PUBLIC_URL", raising=False)
    server_options("server.address", "localhost")
    server_options("server.port", 8601)
    server_options("server.baseUrlPath", "/cards/")
    link, base = address.join_link()
    assert link == "http://localhost:8601/cards/class" and base.loopback


def test_a_server_bound_to_a_lan_address_shows_it(monkeypatch, server_options):
    monkeypatch.delenv("THIRTYONE_PUBLIC_URL", raising=False)
    server_options("server.address", "192.168.7.40")
    server_options("server.port", 8501)
    link, base = address.join_link()
    assert link == "http://192.168.7.40:8501/class" and not base.loopback


def _local_ipv4() -> set[str]:
    """This machine's IPv4 addresses by another route: ``ip -4 -o addr`` when present."""
    import shutil
    import subprocess
    if shutil.which("ip") is None:
        pytest.skip("no 'ip' command to compare with")
    out = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    return set(re.findall(r"inet (\d+\.\d+\.\d+\.\d+)/", out))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="interfaces read on Linux")
def test_on_all_addresses_the_network_address_is_a_private_one_of_this_machine(
        monkeypatch, server_options):
    monkeypatch.delenv("THIRTYONE_PUBLIC_URL", raising=False)
    server_options("server.address", "")
    server_options("server.port", 8501)
    mine = _local_ipv4()
    private = {a for a in mine if ipaddress.ip_address(a).is_private
               and not ipaddress.ip_address(a).is_loopback
               and not ipaddress.ip_address(a).is_link_local}
    link, base = address.join_link()
    host = link.split("://", 1)[1].split(":", 1)[0]
    if private:
        assert host in private and not base.loopback
    else:
        assert base.loopback


def test_finding_the_address_sends_nothing_off_the_machine(monkeypatch, server_options):
    """An audit of every socket call while the address is found: no connection, no packet,
    no name lookup (a DNS query would leave the machine)."""
    monkeypatch.delenv("THIRTYONE_PUBLIC_URL", raising=False)
    server_options("server.address", "")
    events: list[tuple] = []
    active = [True]

    def hook(event, args):
        if active[0] and event in ("socket.connect", "socket.sendto", "socket.sendmsg",
                                   "socket.getaddrinfo", "socket.gethostbyname",
                                   "socket.gethostbyaddr", "socket.getnameinfo"):
            events.append((event, args))

    sys.addaudithook(hook)
    try:
        address.join_link()
    finally:
        active[0] = False
    if sys.platform.startswith("linux"):
        assert events == []
    else:  # elsewhere the host name is looked up, which stays on the machine or its hosts file
        assert all(e == "socket.getaddrinfo" for e, _a in events)


def test_the_public_url_can_come_from_the_secrets(monkeypatch):
    monkeypatch.delenv("THIRTYONE_PUBLIC_URL", raising=False)
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["thirtyone"] = {"public_url": "http://room7.example:9000"}
    at.run()
    switch_to(at, "class")
    at.run()
    at.text_input(key="t31_start_name").input("Room 7")
    at.button(key="t31_start_go").click().run()
    at.button(key="t31_key_noted").click().run()
    assert not at.exception
    hint = "\n".join(m.value for m in at.markdown)
    assert "http://room7.example:9000/class" in hint


def test_a_qr_code_is_svg_made_here():
    svg = address.qr_svg("http://192.168.1.20:8501/class")
    assert svg.startswith("<svg") and "qrline" in svg and "http" not in svg.split(">", 1)[0]


# --- the store: teacher sessions and new resume links --------------------------------------------

def test_a_teacher_session_opens_its_class_until_it_is_ended(store):
    klass, _key = store.create_class("Year 9")
    other, _ = store.create_class("Year 10")
    tok = teacher.new_session(store, klass.id)
    assert teacher.session_class(store, tok) == klass
    again = teacher.new_session(store, klass.id)       # another browser
    assert teacher.session_class(store, again) == klass and again != tok
    with store.engine.connect() as c:                  # only hashes are kept
        stored = [r[0] for r in c.execute(s.teacher_sessions.select()
                                          .with_only_columns(s.teacher_sessions.c.token_hash))]
    assert tok not in stored and again not in stored and len(stored) == 2
    teacher.end_session(store, tok)
    assert teacher.session_class(store, tok) is None
    assert teacher.session_class(store, again) == klass
    assert teacher.session_class(store, teacher.new_session(store, other.id)) == other


@pytest.mark.parametrize("bad", [None, "", "x" * 500, "<script>", "a" * 15, 42])
def test_anything_else_opens_no_class(store, bad):
    store.create_class("Year 9")
    assert teacher.session_class(store, bad) is None
    teacher.end_session(store, bad)                    # and ending it is harmless


def test_a_teacher_session_unused_for_long_ends(store):
    klass, _ = store.create_class("Year 9")
    tok = teacher.new_session(store, klass.id)
    old = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=teacher.SESSION_DAYS + 1)
    with store.engine.begin() as c:
        c.execute(update(s.teacher_sessions).values(seen=old))
    assert teacher.session_class(store, tok) is None


def test_a_new_resume_link_ends_the_old_and_keeps_the_student(store):
    klass, _ = store.create_class("Year 9")
    other, _ = store.create_class("Year 10")
    zoe, old = store.join_class(klass.code, "Zoë")
    store.record_answer(zoe.id, "q1", "27", True)
    new = teacher.renew_resume_token(store, klass.id, zoe.id)
    assert new and new != old
    assert store.learner_by_token(old) is None
    back = store.learner_by_token(new)
    assert back.id == zoe.id and back.name == "Zoë"
    assert len(store.learner_answers(zoe.id)) == 1
    # a teacher of another class cannot take her over
    assert teacher.renew_resume_token(store, other.id, zoe.id) is None
    assert store.learner_by_token(new).id == zoe.id


def test_an_older_database_gets_the_new_table(store_url):
    st1 = open_store(store_url)
    s.teacher_sessions.drop(st1.engine)
    st1.engine.dispose()
    st2 = open_store(store_url)                        # as the next app start would
    klass, _ = st2.create_class("Year 9")
    assert teacher.session_class(st2, teacher.new_session(st2, klass.id)) == klass
    st2.engine.dispose()


def test_a_refused_rejoin_says_to_ask_the_teacher(store):
    klass, _ = store.create_class("Year 9")
    store.join_class(klass.code, "Anna")
    with pytest.raises(StoreError) as e:
        store.join_class(klass.code, "anna")
    text = str(e.value)
    assert "teacher" in text and "resume link" in text
    assert len(re.findall(r"[.!?](\s|$)", text.strip())) == 1


# --- the CSV bytes ---------------------------------------------------------------------------------

def test_csv_bytes_are_for_a_spreadsheet():
    naive = dt.datetime(2026, 12, 3, 9, 30, 5)
    frame = pd.DataFrame({
        "name": ["Зоя", "=HYPERLINK(\"x\")", "-Ann"],
        "rounds played": [3.0, None, 0.0],
        "right": [True, False, True],
        "at": [naive, naive.replace(tzinfo=dt.timezone.utc),
               naive.replace(tzinfo=dt.timezone(dt.timedelta(hours=3)))],
        "score": [1.5, 2.0, None],
    })
    data = csv_bytes(frame)
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data[3:].decode("utf-8"))))
    header, body = rows[0], rows[1:]
    assert header[0] == "name" and header[4] == "score"
    for h in header[1:4]:
        assert "(" in h and h.endswith(")")                 # coded: explained
    assert [r[0] for r in body] == ["Зоя", "'=HYPERLINK(\"x\")", "'-Ann"]
    assert [r[1] for r in body] == ["3", "", "0"]
    assert [r[2] for r in body] == ["1", "0", "1"]
    assert [r[3] for r in body] == ["2026-12-03T09:30:05+00:00", "2026-12-03T09:30:05+00:00",
                                    "2026-12-03T09:30:05+03:00"]
    assert [r[4] for r in body] == ["1.5", "2.0", ""]
