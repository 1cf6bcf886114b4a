"""A shared save file is hostile input (issue 13, item 7), in headless Chromium: a Markdown
image in a player's name or a move makes no request to an outside address, and a refused
file keeps the current game."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from e2e_helpers import WAIT_MS, wait_for_app
from test_e2e_play import go_to_play

pytestmark = pytest.mark.browser

IMAGE = "![x](http://evil.example/name.png)"
MOVE = "![y](http://evil.example/move.png)"


def upload(page, name: str, data: bytes) -> None:
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    wait_for_app(page)
    page.wait_for_timeout(500)
    wait_for_app(page)


def test_a_markdown_image_in_a_saved_file_fetches_nothing_outside(page, app_url):
    outside: list[str] = []
    local = urlparse(app_url).netloc

    def watch(request) -> None:
        host = urlparse(request.url).netloc
        if host and host != local:
            outside.append(request.url)

    page.on("request", watch)
    page.route("http://evil.example/**", lambda route: route.abort())
    go_to_play(page, app_url, "scat")
    # on the setup screen, before any game: load a file whose second player is an image
    rec = {"variant": "scat", "players": ["Sam", IMAGE, "Bo"], "actions": ["draw"]}
    upload(page, "image-name.json", json.dumps(rec).encode())
    page.get_by_text(IMAGE).first.wait_for(timeout=WAIT_MS)   # the load's run has drawn
    body = page.locator("[data-testid='stMain']").inner_text()
    assert IMAGE in body, "the name is shown as typed, as plain text"
    assert page.locator("img[src*='evil']").count() == 0
    status = page.locator("[data-testid='play-status']").inner_text()
    # a file whose move is an image is refused; the game loaded above is kept
    bad = {"variant": "scat", "players": ["Ann", "Bo"], "actions": [MOVE]}
    upload(page, "image-move.json", json.dumps(bad).encode())
    error = page.locator("[data-testid='stAlertContentError']").inner_text()
    assert MOVE in error and error.endswith("The current game is kept.")
    assert IMAGE in page.locator("[data-testid='stMain']").inner_text()
    assert page.locator("[data-testid='play-status']").inner_text() == status
    assert page.locator("img[src*='evil']").count() == 0
    page.wait_for_timeout(500)
    assert not outside, outside
