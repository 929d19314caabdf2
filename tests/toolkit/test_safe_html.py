"""Forum HTML in a report or a notebook: nothing runs, nothing loads, the words stay
(escaped)."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from toolkit.safe_html import clean_post, sanitize

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
    # the tbody is the one a browser's parser puts in (HTML5 tree building)
    ("<table><tr><td colspan=\"2\">1 &lt; 2</td></tr></table>",
     '<table><tbody><tr><td colspan="2">1 &lt; 2</td></tr></tbody></table>'),
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


# What a browser's HTML5 parser makes of markup that a sanitizer with another parser reads
# otherwise: scheme obfuscation, foreign-content (svg, math) and raw-text tricks, comment
# endings, duplicate attributes. The output is what must be left, exactly.
BROWSER_TRICKS = [
    ('<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"),
    ('<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">'
     "x</a>", "<a>x</a>"),
    ('<a href="javascript&colon;alert(1)">x</a>', "<a>x</a>"),
    ('<a href="java\nscript:alert(1)">x</a>', "<a>x</a>"),
    ('<a href=" javascript:alert(1)">x</a>', "<a>x</a>"),
    ('<a href="\x00javascript:alert(1)">x</a>', "<a>x</a>"),
    ('<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"),
    ('<a href="//evil.example/">x</a>', "<a>x</a>"),  # protocol-relative: off the page
    ('<a href="page2.html">x</a>', "<a>x</a>"),  # a file next to the report
    ('<a href="#p1" onclick="x()" xlink:href="javascript:alert(1)">x</a>',
     '<a href="#p1">x</a>'),
    ("<svg/onload=alert(1)>x", ""),
    ("<svg><script>alert(1)</script></svg>x", "x"),
    ('<math><mi><a href="javascript:alert(1)">x</a></mi></math>y', "y"),
    ("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""),
    ('<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style>'
     '<img src=x onerror=alert(1)>">', ""),
    ("<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>", ""),
    ('<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '"&gt;'),
    ('<select><template><style><!--</style><a rel="--></style></template></select>'
     '<img src onerror=alert(1)>">', ""),
    ("<!--a--!><img src=x onerror=alert(1)>-->", "--&gt;"),
    ("<!--><img src=x onerror=alert(1)>-->", "--&gt;"),
    ("<xmp><script>alert(1)</script></xmp>z", "z"),
    ("<template><script>alert(1)</script></template>t", "t"),
    ("<table><caption><svg><foreignObject><img src=x onerror=alert(1)>",
     "<table><caption></caption></table>"),
    ('<table><td background="javascript:alert(1)">c</td></table>',
     "<table><tbody><tr><td>c</td></tr></tbody></table>"),
    ("<details open ontoggle=alert(1)>s</details>", '<details open="">s</details>'),
    ('<div title="a" title="b" onclick=x>d</div>', '<div title="a">d</div>'),
    ('<span class="a&#x22; onmouseover=alert(1) x">s</span>', "<span>s</span>"),
    ("<<script>script>alert(1)<</script>/script>", "&lt;/script&gt;"),
    # alignment is the one style a table keeps; nothing in it can load
    ('<table><tr style="text-align: right;"><td style="TEXT-ALIGN:Center">1</td>'
     '<td style="text-align:url(x)">2</td><td style="text-align:left;background:url(x)">3'
     "</td></tr></table>",
     '<table><tbody><tr style="text-align: right"><td style="text-align: center">1</td>'
     "<td>2</td><td>3</td></tr></tbody></table>"),
    ('<div style="text-align:center">d</div>', "<div>d</div>"),
]


@pytest.mark.parametrize(("fragment", "expected"), BROWSER_TRICKS)
def test_browser_parsing_tricks_leave_nothing_live(fragment: str, expected: str) -> None:
    assert sanitize(fragment) == expected


@pytest.mark.parametrize(("fragment", "expected"), [
    # a browser leaves foreign content at </p> or <p>: the words after it are on the page,
    # so they are in the report (a cleaner that drops the whole <svg> loses them)
    ("<svg></p>after", "<p></p>after"),
    ("<svg><p>in</p></svg>after", "<p>in</p>after"),
    # a lone surrogate, which a notebook's JSON can hold, costs its character, not the text
    ("<b>\ud800x</b>", "<b>\ufffdx</b>"),
])
def test_the_words_a_browser_shows_are_kept(fragment: str, expected: str) -> None:
    assert sanitize(fragment) == expected


def test_what_the_report_needs_is_kept() -> None:
    markdown = ('<h2>Votes</h2><p><em>a</em> <strong>b</strong> <code>c</code> '
                '<a href="#nb-1">next</a></p><blockquote><p>q</p></blockquote>'
                "<ul><li>one</li></ul><ol><li>two</li></ol>"
                '<pre><code class="language-python">x = 1 &lt; 2\n</code></pre>')
    assert sanitize(markdown) == markdown
    table = ('<div class="dt-container itables"><table class="dataframe display nowrap">'
             '<thead><tr><th class="sorting" title="t">h</th></tr></thead>'
             '<tbody><tr><td class="dt-right" colspan="2">1</td></tr></tbody></table></div>')
    assert sanitize(table) == table


ALL_INPUTS = [f for f, _ in HOSTILE + BROWSER_TRICKS]


@pytest.mark.parametrize("fragment", ALL_INPUTS)
def test_sanitized_html_reads_back_the_same(fragment: str) -> None:
    """What the report holds is a fixed point: parsed again (as the browser will), it
    means what the sanitizer meant, so no mutation can bring anything back to life."""
    once = sanitize(fragment)
    assert sanitize(once) == once


@pytest.mark.parametrize("fragment", ALL_INPUTS)
def test_no_live_markup_in_the_parsed_output(fragment: str) -> None:
    tree = BeautifulSoup(sanitize(fragment), "lxml")
    for tag in tree.find_all(True):
        assert tag.name not in {"script", "style", "iframe", "img", "svg", "math", "object",
                                "embed", "form", "base", "meta", "link"}, fragment
        for name, value in tag.attrs.items():
            assert not name.lower().startswith("on"), fragment
            assert name != "href" or str(value).startswith("#"), fragment
            assert name != "style" or "url" not in str(value).lower(), fragment


# a post's body as `Game.soup` hands it on: its meaning kept, nothing that runs
@pytest.mark.parametrize(("body", "expected"), [
    ('<blockquote class="mk-quote" data-author="Ann" data-post-id="12">vote Bob</blockquote>'
     '<b>vote Cid</b> <a href="https://forum.example/viewtopic.php?p=12#p12">see</a> '
     '<a href="viewtopic.php?p=13#p13">13</a> <span class="mk-color" data-color="#ff0000">r'
     '</span><div class="mk-spoiler" data-title="roles">s</div><img src="https://x/s.gif" '
     'alt="smile">',
     '<blockquote class="mk-quote" data-author="Ann" data-post-id="12">vote Bob</blockquote>'
     '<b>vote Cid</b> <a href="https://forum.example/viewtopic.php?p=12#p12">see</a> '
     '<a href="viewtopic.php?p=13#p13">13</a> <span class="mk-color" data-color="#ff0000">r'
     '</span><div class="mk-spoiler" data-title="roles">s</div><img src="https://x/s.gif" '
     'alt="smile">'),
    ('<a href="javascript:alert(1)" onclick="x()">x</a><script>alert(1)</script>'
     '<img src="x" onerror="alert(1)"><b style="background:url(x)">b</b>'
     '<a href="data:text/html,x">d</a><svg onload="alert(1)"></svg><iframe src="x"></iframe>',
     '<a>x</a><img src="x"><b>b</b><a>d</a>'),
])
def test_a_posts_body_keeps_its_meaning_and_loses_its_code(body: str, expected: str) -> None:
    assert clean_post(body) == expected
