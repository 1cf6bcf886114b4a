"""The Variants page's names map with the network cut off, as in many schools: the world's
outline comes from the app itself, and no request leaves the machine."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from e2e_helpers import open_app

pytestmark = pytest.mark.browser


def test_the_names_map_draws_land_and_borders_with_the_network_blocked(page, app_url):
    outside: list[str] = []

    def only_local(route):
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    open_app(page, app_url, "variants")
    chart = page.locator(".js-plotly-plot").filter(has=page.locator(".geolayer")).first
    chart.scroll_into_view_if_needed()
    chart.locator(".scattergeo").first.wait_for(timeout=30_000)
    # Plotly draws each line trace as one path: the coastlines (one sub-path per land ring
    # in view) and the borders, in the geo subplot's trace layer.
    lines = chart.locator(".geolayer .scattergeo path.js-line").evaluate_all(
        "ps => ps.map(p => p.getAttribute('d') || '')")
    assert len(lines) >= 2, lines
    rings = max(d.count("M") for d in lines)
    assert rings >= 20, rings
    assert max(len(d) for d in lines) > 10_000
    # The places are on the maps too (America and Europe): one marker per place.
    maps = page.locator(".js-plotly-plot").filter(has=page.locator(".geolayer"))
    assert maps.count() >= 2
    page.locator(".st-key-t31var_map_europe .scattergeo .point").first.wait_for(
        timeout=30_000)
    points = page.locator(".st-key-t31var_map .geolayer .scattergeo .point").count()
    points += page.locator(".st-key-t31var_map_europe .geolayer .scattergeo .point").count()
    assert points >= 15
    page.screenshot(path="/tmp/t31_names_map_offline.png", full_page=False)
    assert outside == [], outside
