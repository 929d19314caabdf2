"""A game log's posts as the pages of a forum thread, as "Save page as" would keep them: a
phpBB 3.3 (prosilver, UTF-8) or vBulletin 3.8 (windows-1251) thread. The page chrome and
post markup are the project's own fixture pages' (tests/scrapers/fixtures/phpbb, .../vbulletin),
cut into a head, a post and a tail (templates/): the same engine markup the scrapers are
tested on, kept here so that rendering reads no test file. A post
holding a vote writes it as the rule set's grammar asks (bold «казнить X», a red name, ...),
so that the scraper has to find it the way it finds a player's; with the noise of real
threads: a name misspelt now and then, a quoted vote (phpBB's blockquote and cite), a bold
word that is no vote (the post's own markup)."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from importlib.resources import files

from engine.gamelog import GameLog, Post, Vote

_TEMPLATES = files("scrapers.render") / "templates"
_MONTHS = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")


def vote_html(ruleset: str, name: str) -> str:
    """A vote for `name` in the form the rule set's grammar reads (`scrapers.votes`)."""
    who = html.escape(name)
    if ruleset == "contested-island":  # «Execution is formatted in bold as "execute xxx"»
        return f'<strong class="text-strong">казнить {who}</strong>'
    if ruleset == "world-cup-2018":  # «Голос оставляется красным цветом»
        return f'<span style="color:#FF0000">{who}</span>'
    if ruleset == "open-roles":
        return f'<strong class="text-strong">Голосую за {who}</strong>'
    return f'<span style="font-weight: bold">VOTE: {who}</span>'  # mafiascum


@dataclass(frozen=True)
class _Engine:
    templates: str  # the prefix of templates/<prefix>_{head,post,tail}.html
    encoding: str
    quote: Callable[[str, int, str], str]  # (author, post id, inner HTML) -> the quote
    shown: Callable[[datetime | None], str]  # a post's time as the page shows it


def _phpbb_quote(author: str, pid: int, inner: str) -> str:
    return (f'<blockquote cite="./viewtopic.php?p={pid}#p{pid}"><cite>{html.escape(author)} '
            f'писал(а): <a href="./viewtopic.php?p={pid}#p{pid}" data-post-id="{pid}">↑</a>'
            f"</cite>{inner}</blockquote>")


def _vb_quote(author: str, pid: int, inner: str) -> str:
    return ('<div style="margin:20px; margin-top:5px; "><div class="smallfont" '
            'style="margin-bottom:2px">Цитата:</div><table cellpadding="6" cellspacing="0" '
            'border="0" width="100%"><tr><td class="alt2" style="border:1px inset"><div>'
            f"Сообщение от <strong>{html.escape(author)}</strong> "
            f'<a href="showthread.php?p={pid}#post{pid}" rel="nofollow"><img class="inlineimg" '
            'src="images/buttons/viewpost.gif" border="0" alt="Посмотреть сообщение" /></a>'
            f'</div><div style="font-style:italic">{inner}</div></td></tr></table></div>')


def _vb_shown(time: datetime | None) -> str:
    return f"{time:%d.%m.%Y, %H:%M}" if time is not None else ""


def _shown(time: datetime | None) -> str:
    if time is None:
        return ""
    return f"{time.day:02d} {_MONTHS[time.month - 1]} {time.year}, {time:%H:%M}"


ENGINES = {"phpbb33": _Engine("phpbb33", "utf-8", _phpbb_quote, _shown),
           "vb38": _Engine("vb38", "windows-1251", _vb_quote, _vb_shown)}


def render_thread(log: GameLog, *, engine: str = "phpbb33", per_page: int = 25,
                  topic: int = 346) -> list[tuple[str, bytes]]:
    """The thread's pages, (file name, the page's bytes in the engine's encoding), in
    order. `engine`: "phpbb33" or "vb38"."""
    eng = ENGINES[engine]
    head = (_TEMPLATES / f"{eng.templates}_head.html").read_text(encoding="utf-8")
    one = (_TEMPLATES / f"{eng.templates}_post.html").read_text(encoding="utf-8")
    tail = (_TEMPLATES / f"{eng.templates}_tail.html").read_text(encoding="utf-8")
    names = {s.id: s.name for s in log.players}
    votes = {v.post: v for v in log.votes}
    uids = {nick: i for i, nick in enumerate(sorted({p.author for p in log.posts}), start=2)}
    pages = [log.posts[i:i + per_page] for i in range(0, len(log.posts), per_page)]
    title = html.escape(log.meta.title)
    out: list[tuple[str, bytes]] = []
    for number, page in enumerate(pages, start=1):
        fields = {"title": title, "topic": topic, "start": (number - 1) * per_page,
                  "page": number, "pages": len(pages)}
        body = []
        for k, post in enumerate(page):
            content = _content(log, post, votes, names, eng)
            body.append(one.format(
                post_id=100000 + post.number, uid=uids[post.author], number=post.number,
                nick=html.escape(post.author), iso=_iso(post), shown=eng.shown(post.time),
                content=content, bg="bg2" if k % 2 == 0 else "bg1", title=title))
        page_html = head.format(**fields) + "\n".join(body) + "\n" + tail.format(**fields)
        # what the page's code page cannot hold is written as a character reference, as a
        # browser submitting to a windows-1251 forum does
        out.append((f"page{number:04d}.html",
                    page_html.encode(eng.encoding, errors="xmlcharrefreplace")))
    return out


def _content(log: GameLog, post: Post, votes: dict[int, Vote], names: dict[str, str],
             eng: _Engine) -> str:
    """The post's body: its vote in the rule set's grammar, else its own markup (a bold
    word that is no vote) or text; a quoted post first, as phpBB 3.3 writes a quote."""
    ruleset = log.meta.ruleset or ""
    vote = votes.get(post.number)
    if vote is not None and vote.target:
        name = names.get(vote.target, "")
        # a typo now and then, as players make them (the last letter doubled)
        return vote_html(ruleset, name + name[-1:] if post.number % 9 == 4 else name)
    own = post.html or _text(post.text)
    quotes = []
    for quote in post.quotes:
        number = int(quote.post_id or 0)
        quoted = votes.get(number)
        inner = (vote_html(ruleset, names.get(quoted.target, "")) if quoted is not None
                 and quoted.target else _text(quote.text))
        quotes.append(eng.quote(quote.author or "", 100000 + number, inner))
    return "".join(quotes) + own


def _text(text: str) -> str:
    return "<br>\n".join(html.escape(line) for line in text.split("\n"))


def _iso(post: Post) -> str:
    return post.time.isoformat() if post.time is not None else ""
