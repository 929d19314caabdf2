"""A saved page as the Wayback Machine serves a capture of it: its links rewritten to
`/web/<stamp>/<original>`, the toolbar inserted after `<body>`, the playback scripts in the
head and the archive's trailer after `</html>` (the capture time the scrapers read), in the
markup of the project's own Wayback fixtures (tests/scrapers/fixtures/*/*_wayback.html)."""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urljoin

_ARCHIVE = "https://web.archive.org/web"
_LINK = re.compile(r'\b(href|src)="(?!https?:|//|#|javascript:|mailto:)([^"]*)"')
_HEAD = re.compile(r"<head[^>]*>", re.I)
_BODY = re.compile(r"<body[^>]*>", re.I)


def wayback(page: str, url: str, captured: datetime) -> str:
    """`page` (the HTML of `url`) as a Wayback capture taken at `captured` (UTC)."""
    stamp = f"{captured:%Y%m%d%H%M%S}"

    def archived(m: re.Match[str]) -> str:
        kind = "im_" if m[1] == "src" else ""
        return f'{m[1]}="{_ARCHIVE}/{stamp}{kind}/{urljoin(url, m[2])}"'

    page = _LINK.sub(archived, page)
    head = ('<script src="//archive.org/includes/athena.js" type="text/javascript"></script>\n'
            '<script type="text/javascript" src="https://web-static.archive.org/_static/js/'
            'bundle-playback.js?v=1B2M2Y8A" charset="utf-8"></script>\n'
            f'<script type="text/javascript">__wm.init("{_ARCHIVE}");\n'
            f'__wm.wombat("{url}","{stamp}","https://web.archive.org/","web",'
            '"https://web-static.archive.org/_static/");</script>\n')
    toolbar = ('<!-- BEGIN WAYBACK TOOLBAR INSERT -->\n<script>__wm.rw(0);</script>\n'
               '<div id="wm-ipp-base" lang="en" style="display:none;direction:ltr;">'
               '<div id="wm-ipp" style="position:fixed;left:0;top:0;right:0;">'
               '<div id="wm-ipp-inside"><form target="_top" method="get" '
               'action="/web/submit" name="wmtb" id="wmtb"><input type="text" name="url" '
               f'id="wmtbURL" value="{url}" /><input type="hidden" name="date" '
               f'value="{stamp}" /></form></div></div></div>\n'
               "<!-- END WAYBACK TOOLBAR INSERT -->\n")
    trailer = ("<!--\n     FILE ARCHIVED ON "
               f"{captured:%H:%M:%S} {captured:%b} {captured.day:02d}, {captured.year} "
               "AND RETRIEVED FROM THE\n     INTERNET ARCHIVE ON 11:02:37 Mar 03, 2024.\n"
               "     JAVASCRIPT APPENDED BY WAYBACK MACHINE, COPYRIGHT INTERNET ARCHIVE.\n-->\n")
    head_at = _HEAD.search(page)
    if head_at is not None:
        page = page[:head_at.end()] + head + page[head_at.end():]
    body_at = _BODY.search(page)
    if body_at is not None:
        page = page[:body_at.end()] + toolbar + page[body_at.end():]
    return page + trailer
