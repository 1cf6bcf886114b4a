"""Helpers for the AppTest page tests."""

from __future__ import annotations


def every_text(node) -> str:
    """Everything the page sends for ``node`` and below: each element's whole message."""
    out = [str(node.proto)] if getattr(node, "proto", None) is not None else []
    for child in getattr(node, "children", {}).values():
        out.append(every_text(child))
    return "\n".join(out)
