"""Vanilla Forums 2.x and Higher Logic Vanilla (the hosted "vanillacommunities" line).

A discussion page writes the opening post as ``div.ItemDiscussion#Discussion_123`` and each
reply as ``li.ItemComment#Comment_456`` in ``ul.Comments``; both share the parts: the poster
in ``span.Author a.Username`` (a profile link, ``/profile/Name`` or, before 2.2,
``/profile/12/Name``), the time in ``span.DateCreated time`` (``datetime`` ISO; ``title`` the
full printed date; the text a short one such as "March 30"), the message in ``div.Item-Body
div.Message``, the signature in ``div.Signature`` (``UserSignature``) beside it. Quotes are
``blockquote.Quote``/``UserQuote`` with ``div.QuoteAuthor`` "X said:" and ``div.QuoteText``
(BBCode and the Quotes plugin), or ``blockquote.blockquote`` of the rich editor.

What a selector cannot say, and this module does in code:
- the edit marker is ``span.DateUpdated`` printing "edited April 9" with the full time and
  the editor only in its title ("Edited April 9, 2020 5:17PM by Alex D.."), a name's own
  closing period followed by the sentence's;
- Vanilla prints no page count: it is the highest number in the pager.
"""

from __future__ import annotations

import re

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import parse_forum_date
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text, select
from scrapers.forum.signals import asset, css_class, element_id, markup, powered_by
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage


def _has(cls: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


# the opening post and the replies (Vanilla 2.0 wrote li.Comment and li.FirstComment, later
# ones ItemComment and ItemDiscussion); a discussion list's items (li#Discussion_N on the
# category pages) carry no message and are not posts; the Q&A plugin's box of accepted
# answers repeats comments the list shows in their place
_POST = (f"xpath://*[self::div or self::li]"
         f"[starts-with(@id, 'Discussion_') or starts-with(@id, 'Comment_')]"
         f"[{_has('ItemDiscussion')} or {_has('ItemComment')} or {_has('Comment')}"
         f" or {_has('FirstComment')}]"
         f"[.//div[{_has('Message')}]]"
         f"[not(ancestor::*[contains(@class, 'AcceptedAnswers')])]")

VANILLA = EngineSpec(
    engine="vanilla2",
    post=_POST,
    post_id_regex=r"^(?:Discussion|Comment)_(\d+)$",
    author=("span.Author a.Username", ".Author .Username", "a.Username",
            f"xpath:.//*[{_has('Author')}]//a[contains(@href, '/profile/')][not(.//img)]"),
    # the numeric id of the 2.0/2.1 profile address; later ones name the user only
    author_id_regex=r"/profile/(\d+)(?:/|$)",
    body=(f"xpath:.//div[{_has('Item-Body')}]/div[{_has('Message')}]",
          f"xpath:(.//div[{_has('Message')}])[1]"),
    time=("span.DateCreated time", ".DateCreated time", "time[datetime]",
          "span.DateCreated a.Permalink"),
    time_attrs=("datetime", "title"),
    signature="div.Signature, div.UserSignature",
    edit="span.DateUpdated",
    avatar="a.PhotoWrap img",
    day_first=False,
    title=("div.PageTitle h1", "h1"),
    page_current=("xpath:(//*[contains(@class, 'Pager')])[1]//a[contains(@class, 'Highlight')]",
                  "xpath:(//*[contains(@class, 'Pager')])[1]//*[@aria-current='page']"),
    page_count_regex=None,
    thread_id_regex=r"/discussion/(\d+)(?:/|$|\?)",
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote", header="div.QuoteAuthor", author_attr="rel",
                        body="div.QuoteText, div.blockquote-content"),
        # the Spoilers plugin's box and the rich editor's
        spoiler="div.UserSpoiler, div.spoiler", spoiler_title="div.SpoilerTitle",
        spoiler_body="div.SpoilerText, div.spoiler-content",
        drop="div.SpoilerReveal, div.spoiler-buttonContainer, div.Reactions",
    ),
)

# the post markup with Vanilla's own evidence: its application assets, the body id its
# controllers write ("vanilla_discussion_index"), the gdn JavaScript object
_POSTS = css(_POST)
_MARKS = re.compile(r"/applications/(?:vanilla|dashboard)/|id=[\"']vanilla_|gdn\.meta|"
                    r"class=[\"']Vanilla\b|vanillaforums|vanillacommunities", re.I)


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    # every mark holds "vanilla" or "gdn.meta": a substring scan rules most pages out
    # before the case-insensitive regex (milliseconds on a large page)
    if not contains(text, "vanilla", "gdn.meta") or _MARKS.search(text) is None \
            or first(_POSTS, root) is None:
        return None
    return VANILLA


_EDITED = re.compile(r"^\s*edited\s+(?P<time>.+?)\s+by\s+(?P<editor>.+?)\s*$", re.I | re.S)


def edit_marker(el: etree._Element, ctx: PageContext) -> EditMarker:
    """"Edited April 9, 2020 5:17PM by Alex D.." (the title), else the printed "edited
    April 9"."""
    title = " ".join((el.get("title") or "").split())
    raw = title or flat_text(el)
    m = _EDITED.match(raw)
    if m is None:
        return EditMarker(time=parse_forum_date(raw, ctx.timezone, anchor=ctx.captured_at,
                                                day_first=False), raw=raw)
    editor = m["editor"]
    if editor.endswith("."):  # the sentence's period after the name
        editor = editor[:-1]
    return EditMarker(editor=editor.strip() or None,
                      time=parse_forum_date(m["time"], ctx.timezone, anchor=ctx.captured_at,
                                            day_first=False),
                      raw=raw)


_PAGER = css("xpath:(//*[contains(@class, 'Pager')])[1]//a")


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    parsed = parse_with_spec(root, spec, ctx, text, edit=edit_marker)
    numbers = page_link_numbers(root, _PAGER)
    current = parsed.info.page_number
    if numbers:
        parsed.info.page_count = max([*numbers, current or 0])
    elif not select(_PAGER, root):
        # an empty pager (or none): the whole discussion is this one page
        parsed.info.page_number, parsed.info.page_count = current or 1, current or 1
    return parsed


ADAPTER = EngineAdapter(
    family="vanilla", detect=detect, parse=parse, title="Vanilla Forums",
    signals=(
        powered_by("Vanilla"), asset(r"/applications/vanilla/", 2.0),
        asset(r"/applications/dashboard/"), element_id("vanilla_", 2.0),
        css_class("ItemDiscussion", 1.5), css_class("ItemComment", 1.5),
        css_class("DateCreated"), css_class("Username", 0.5),
        markup("gdn.meta", r"gdn\.meta", 1.0),
    ),
    anchors=(("vanilla2", (("id", "Discussion_"), ("id", "Comment_"))),),
)
