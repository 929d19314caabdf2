"""Forum HTML in a report: nothing runs, nothing loads, the words stay (escaped)."""

from __future__ import annotations

import pytest

from toolkit.safe_html import sanitize

HOSTILE = [
    ("<script>alert(1)</script>ok", "ok"),
    ('<img src="http://evil.example/x.png" onerror="alert(1)">ok', "ok"),
    ('<a href="javascript:alert(1)">link</a>', "<a>link</a>"),
    ('<a href="http://evil.example/">out</a>', "<a>out</a>"),
    ('<a href="#p12">in</a>', '<a href="#p12">in</a>'),
    ('<div onclick="alert(1)" style="background:url(x)">d</div>', "<div>d</div>"),
    ('<iframe src="http://evil.example"></iframe>after', "after"),
    ('<form action="http://evil.example"><input name="q"></form>x', "x"),
    ('<svg onload="alert(1)"><circle/></svg>x', "x"),
    ("<style>body{display:none}</style>x", "x"),
    ('<span class="a b" title="t">s</span>', '<span class="a b" title="t">s</span>'),
    ('<span class="x&quot; onmouseover=&quot;y">s</span>', "<span>s</span>"),
    ("<marquee>m</marquee>", "m"),  # an unknown tag is unwrapped, its text kept
    ("<!-- <script>x</script> -->c", "c"),
    ("<table><tr><td colspan=\"2\">1 &lt; 2</td></tr></table>",
     '<table><tr><td colspan="2">1 &lt; 2</td></tr></table>'),
    ("a &lt;script&gt; b", "a &lt;script&gt; b"),
]


@pytest.mark.parametrize(("fragment", "expected"), HOSTILE)
def test_only_safe_markup_is_left(fragment: str, expected: str) -> None:
    assert sanitize(fragment) == expected


def test_nothing_that_runs_survives_a_whole_forum_post() -> None:
    post = ('<div class="content">Hi <b>all</b><script>steal()</script>'
            '<img src=x onerror=steal()><a href="JaVaScRiPt:steal()">x</a>'
            '<object data="x.swf"></object><embed src="x"><base href="http://evil/">'
            '<meta http-equiv="refresh" content="0;url=http://evil/"></div>')
    out = sanitize(post).lower()
    for bad in ("<script", "onerror", "javascript:", "<object", "<embed", "<base", "<meta",
                "<img", "steal()"):
        assert bad not in out
    assert "hi <b>all</b>" in out
