"""Links for a class through Streamlit's AppTest: each page opened from a link finds its
settings, shows the link to copy, and writes a changed control back into the URL."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_versions import query
from streamlit.testing.v1 import AppTest

from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]




def opened(page: str, **params: str) -> AppTest:
    """The whole app opened from a link to ``pages/<page>.py`` with ``params``."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    switch_to(at, f"{page}")  # before the first run: the link's path
    at.query_params.update(params)
    at.run()
    assert not at.exception
    return at


def copy_link(at: AppTest) -> str:
    (code,) = [c.value for c in at.code if c.value.startswith("http")]
    return code


def test_scorer_link_shows_fire_for_three_aces_in_schwimmen():
    at = opened("scorer", variant="schwimmen", hand="AH AS AD")
    assert any('data-testid="scorer-value">33<' in m.value for m in at.markdown)
    assert at.selectbox(key="variant_key").value == "schwimmen"
    # the link carries the page's language too, so the class reads it in the same words
    assert copy_link(at).endswith("/scorer?variant=schwimmen&hand=AH+AS+AD&lang=en")


def test_picking_a_card_on_the_scorer_changes_the_link():
    at = opened("scorer", variant="scat", hand="AH KH 9S")
    at.button(key="scorer_t31pick_9S").click().run()  # takes 9♠ back
    assert query(at)["hand"] == "AH KH"
    assert "hand=AH+KH" in copy_link(at)


def test_play_link_sets_the_table_and_house_rules():
    at = opened("play", variant="blitz", three_of_a_kind="30.5", knocker_tied="same",
                seed="4242", players="4", bots="basic,standard,expert", name="Mia")
    assert at.selectbox(key="variant_key").value == "blitz"
    assert at.number_input(key="play_w_seed").value == 4242
    assert at.selectbox(key="play_w_bots").value == 3
    assert [at.selectbox(key=f"play_w_level_{i}").value for i in range(3)] == [
        "basic", "standard", "expert"]
    assert at.text_input(key="play_w_name").value == "Mia"
    assert at.selectbox(key="play_house_blitz__three_of_a_kind").value == 30.5
    assert at.selectbox(key="play_house_blitz__knocker_tied").value == "same"
    at.number_input(key="play_w_seed").set_value(7).run()
    assert query(at)["seed"] == "7"
    link = copy_link(at)
    for part in ("/play?", "variant=blitz", "three_of_a_kind=30.5", "knocker_tied=same",
                 "seed=7", "players=4", "bots=basic,standard,expert", "name=Mia"):
        assert part in link


def test_learn_link_opens_a_lesson_at_a_step():
    at = opened("learn", lesson="2", step="3")
    assert any("Step 3 of" in p.proto.text for p in at.get("progress"))
    assert query(at)["step"] == "3" and query(at)["lesson"].startswith("02-")
    at.button(key="t31step_next").click().run()
    assert query(at)["step"] == "4"


def test_odds_lab_link_opens_a_section_with_its_players():
    at = opened("odds_lab", variant="scat", section="knocking", players="5")
    assert at.radio(key="odds_section").value == "Knocking"
    assert at.selectbox(key="odds_sim_players").value == 5
    assert query(at)["section"] == "knocking"
    at.radio(key="odds_section").set_value("Racing to 31").run()
    assert query(at)["section"] == "racing"


@pytest.mark.parametrize("page", ["home", "variants"])
def test_pages_without_controls_keep_the_variant_and_house_rules(page):
    at = opened(page, variant="kitty", ante="3")
    assert at.selectbox(key="variant_key").value == "kitty"
    assert query(at) == {"variant": "kitty", "ante": "3", "lang": "en"}


def test_a_bad_link_shows_notes_as_plain_text_and_keeps_what_it_can():
    at = opened("scorer", variant="schwimmen", hand="![x](https://evil.example/a.png)",
                three_of_a_kind="31")
    notes = [t.value for t in at.text]
    assert len(notes) == 2 and all("evil" not in n for n in notes)
    assert not any("evil" in m.value for m in at.markdown)
    assert at.selectbox(key="variant_key").value == "schwimmen"
    assert "hand" not in query(at)


def test_a_resume_token_stays_in_the_address_but_never_in_the_class_link(tmp_path, monkeypatch):
    from thirtyone.store import open_store
    url = f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    learner, token = open_store(url).new_learner("Kim")
    at = opened("scorer", variant="scat", hand="AH KH 9S", me=token)
    assert query(at)["me"] == token            # a reload keeps who this is
    assert token not in copy_link(at) and "me=" not in copy_link(at)
    switch_to(at, "learn").run()           # a page change clears the URL...
    assert query(at)["me"] == token            # ...and the token is put back
    assert token not in copy_link(at)
