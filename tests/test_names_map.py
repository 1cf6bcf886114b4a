"""Issue 26: on the names map six European labels overlapped and "31 (banking)" hid under a
marker. Every point is labelled with the game's name, and Europe has a map of its own; a
rough layout check (labels as boxes at the fitted scale) finds no label over another label or
over another point, at the smallest width each map is shown (a 390-pixel phone)."""

from __future__ import annotations

import math

import pytest

from thirtyone.i18n import use_language
from thirtyone.teach import lore
from thirtyone.ui.pages.variants.variants import (
    LABEL_AT,
    MAP_AREAS,
    map_area,
    names_map,
    place_label,
)

CHAR_PX, LINE_PX, MARKER_PX = 7.6, 17.0, 12.0   # 13-px text, 11-px markers, a little slack
MAP_PX = 300


def _project(lon: float, lat: float) -> tuple[float, float]:
    """The Natural Earth projection (the maps' own), in radians, y up."""
    lam, phi = math.radians(lon), math.radians(lat)
    p2 = phi * phi
    x = lam * (0.8707 - 0.131979 * p2 - 0.013791 * p2 ** 2 + 0.003971 * p2 ** 5
               - 0.001529 * p2 ** 6)
    y = phi * (1.007226 + 0.015085 * p2 - 0.044475 * p2 ** 3 + 0.028874 * p2 ** 4
               - 0.005916 * p2 ** 5)
    return x, y


def _boxes(area: str, width: float, height: float):
    """Label and marker boxes in pixels, the map's range fitted into width x height as
    plotly fits it (the projected range's bounding box, scaled to fit, centred)."""
    box = MAP_AREAS[area]
    (lon0, lon1), (lat0, lat1) = box["lon"], box["lat"]
    edge = [_project(lo, la) for lo in (lon0, (lon0 + lon1) / 2, lon1)
            for la in (lat0, (lat0 + lat1) / 2, lat1)]
    xs, ys = [e[0] for e in edge], [e[1] for e in edge]
    scale = min(width / (max(xs) - min(xs)), height / (max(ys) - min(ys)))
    left = (width - (max(xs) - min(xs)) * scale) / 2
    top = (height - (max(ys) - min(ys)) * scale) / 2

    def to_px(lon, lat):
        x, y = _project(lon, lat)
        return left + (x - min(xs)) * scale, top + (max(ys) - y) * scale

    labels, markers = [], []
    for p in lore.PLACES:
        if map_area(p) != area:
            continue
        px, py = to_px(p.lon, p.lat)
        lines = place_label(p).split("<br>")
        w, h = max(len(t) for t in lines) * CHAR_PX, LINE_PX * len(lines)
        where = LABEL_AT.get(p.place, "top center")
        vert, horiz = where.split()
        x0 = {"left": px - MARKER_PX / 2 - w, "center": px - w / 2,
              "right": px + MARKER_PX / 2}[horiz]
        y0 = {"top": py - MARKER_PX / 2 - h, "middle": py - h / 2,
              "bottom": py + MARKER_PX / 2}[vert]
        labels.append((p.place, (x0, y0, x0 + w, y0 + h)))
        markers.append((p.place, (px - MARKER_PX / 2, py - MARKER_PX / 2,
                                  px + MARKER_PX / 2, py + MARKER_PX / 2)))
    return labels, markers


def _inside(a, width, height):
    return a[0] >= 0 and a[1] >= 0 and a[2] <= width and a[3] <= height


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_every_point_is_labelled_with_the_games_name():
    shown = 0
    for area in MAP_AREAS:
        for trace in names_map(area).data:
            if trace.customdata is None:
                continue
            for text, data in zip(trace.text, trace.customdata, strict=True):
                place = next(p for p in lore.PLACES if p.place == data[0])
                assert text and place.names[0] in text, (place.place, text)
                shown += 1
    assert shown == len(lore.PLACES)


def test_europe_has_its_own_map_with_every_european_place():
    europe = [p.place for p in lore.PLACES if map_area(p) == "europe"]
    assert {"England", "Germany", "Austria", "Netherlands", "Greece", "France"} <= set(europe)
    fig = names_map("europe")
    lon = fig.layout.geo.lonaxis.range
    assert lon[1] - lon[0] <= 45   # a zoomed view: Europe, not the world


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
# the maps' width on a phone (390), at 1024 and at 1400 with the sidebar open; the height of
# the map area (the figure less its title and legend)
@pytest.mark.parametrize("area,width,height", [(a, w, MAP_PX) for a in ("america", "europe")
                                               for w in (350, 630, 1000)])
def test_no_label_covers_another_label_or_point(area, width, height, lang):
    with use_language(lang):
        labels, markers = _boxes(area, width, height)
    for i, (a, box) in enumerate(labels):
        assert _inside(box, width, height), (area, width, a, "runs off the map")
        for b, other in labels[i + 1:]:
            assert not _overlap(box, other), (area, width, a, b)
        for b, point in markers:
            if b != a:
                assert not _overlap(box, point), (area, width, a, "covers the point of", b)


def test_the_check_catches_the_old_crowded_map():
    # the old world map: Europe was about 40 pixels wide on a 1024 screen
    old = dict(MAP_AREAS["europe"])
    try:
        MAP_AREAS["europe"].update(lon=(-165.0, 35.0), lat=(10.0, 65.0))
        labels, _m = _boxes("europe", 1000, MAP_PX)
    finally:
        MAP_AREAS["europe"].update(old)
    assert any(_overlap(a, b) for i, (_x, a) in enumerate(labels) for _y, b in labels[i + 1:])
