"""Learn redraws in a fragment (issue 25, item 18): a step, an answer or another lesson is
a run of the page's own fragment, not of the whole page and its sidebar; and the URL and the
sidebar's "Copy link for the class" still say the step shown, as after a whole-page run
(a reload or a link a teacher copies opens the step on screen)."""

from __future__ import annotations

from urllib.parse import parse_qs

from class_helpers import arun

from thirtyone.bench.load import Session, Stats


class Watching(Session):
    """The protocol client, noting each element a run draws: its kind, its fragment, and
    the text of a code block (the sidebar's link)."""

    def __init__(self, ws_url: str) -> None:
        super().__init__(ws_url, Stats())
        self.drawn: list[tuple[str, str]] = []
        self.codes: list[str] = []

    def _read_delta(self, delta):
        if delta.WhichOneof("type") == "new_element":
            kind = delta.new_element.WhichOneof("type") or ""
            self.drawn.append((kind, delta.fragment_id))
            if kind == "code":
                self.codes.append(delta.new_element.code.code_text)
        return super()._read_delta(delta)


async def _walk(app_url: str) -> dict:
    s = Watching(app_url.replace("http", "ws") + "/_stcore/stream")
    out: dict = {}
    async with s:
        await s.open("learn", "lesson=2&step=3")
        out["opened"] = parse_qs(s.query)
        (nxt,) = s.find("t31step_next")
        out["next_fragment"] = nxt.fragment
        s.drawn.clear()
        s.codes.clear()
        await s.click(nxt)
        out["drawn"] = list(s.drawn)
        out["query"] = parse_qs(s.query)
        out["codes"] = list(s.codes)
        # the page is still one fragment after its own run: Previous goes back
        s.codes.clear()
        await s.click(s.find("t31step_prev")[0])
        out["back_query"] = parse_qs(s.query)
        out["back_codes"] = list(s.codes)
        # another lesson, from the list beside it
        s.codes.clear()
        await s.click(s.find("t31lesson_")[0])
        out["lesson_query"] = parse_qs(s.query)
        out["errors"] = list(s.stats.errors)
    return out


def test_a_step_is_a_fragment_run_and_the_links_follow_it(app_url):
    out = arun(_walk(app_url))
    assert not out["errors"], out["errors"]
    assert out["opened"]["step"] == ["3"] and out["opened"]["lesson"][0].startswith("02-")
    # Next belongs to a fragment, and its run draws only inside one: no title, no sidebar
    assert out["next_fragment"], "Next is drawn by the whole page, not by a fragment"
    assert out["drawn"] and all(f == out["next_fragment"] for _kind, f in out["drawn"]), \
        sorted({k for k, f in out["drawn"] if f != out["next_fragment"]})
    # the URL and the class link say step 4 now, and the link has no resume token
    assert out["query"]["step"] == ["4"], out["query"]
    (link,) = [c for c in out["codes"] if c.startswith("http")]
    assert "step=4" in link and "lesson=02-" in link and "me=" not in link, link
    assert out["back_query"]["step"] == ["3"]
    assert any("step=3" in c for c in out["back_codes"]), out["back_codes"]
    # the first lesson in the list opens at its first step
    assert out["lesson_query"]["lesson"][0].startswith("01-")
    assert out["lesson_query"]["step"] == ["1"]
