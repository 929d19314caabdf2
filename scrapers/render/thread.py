"""A game log's posts as the pages of a phpBB 3.3 (prosilver) thread, as "Save page as"
would keep them: the page chrome and post markup are the project's own phpBB fixture page's
(tests/scrapers/fixtures/phpbb), cut into a head, a post and a tail (templates/). A post
holding a vote writes it as the rule set's grammar asks (bold «казнить X», a red name, ...),
so that the scraper has to find it the way it finds a player's; with the noise of real
threads: a name misspelt now and then, a quoted vote (phpBB's blockquote and cite), a bold
word that is no vote (the post's own markup)."""

from __future__ import annotations

import html
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


def render_thread(log: GameLog, *, per_page: int = 25, topic: int = 346
                  ) -> list[tuple[str, str]]:
    """The thread's pages, (file name, HTML), in order."""
    head = (_TEMPLATES / "phpbb33_head.html").read_text(encoding="utf-8")
    one = (_TEMPLATES / "phpbb33_post.html").read_text(encoding="utf-8")
    tail = (_TEMPLATES / "phpbb33_tail.html").read_text(encoding="utf-8")
    names = {s.id: s.name for s in log.players}
    votes = {v.post: v for v in log.votes}
    uids = {nick: i for i, nick in enumerate(sorted({p.author for p in log.posts}), start=2)}
    pages = [log.posts[i:i + per_page] for i in range(0, len(log.posts), per_page)]
    title = html.escape(log.meta.title)
    out: list[tuple[str, str]] = []
    for number, page in enumerate(pages, start=1):
        fields = {"title": title, "topic": topic, "start": (number - 1) * per_page,
                  "page": number, "pages": len(pages)}
        body = []
        for k, post in enumerate(page):
            content = _content(log, post, votes, names)
            body.append(one.format(
                post_id=100000 + post.number, uid=uids[post.author],
                nick=html.escape(post.author), iso=_iso(post), shown=_shown(post.time),
                content=content, bg="bg2" if k % 2 == 0 else "bg1", title=title))
        out.append((f"page{number:04d}.html",
                    head.format(**fields) + "\n".join(body) + "\n" + tail.format(**fields)))
    return out


def _content(log: GameLog, post: Post, votes: dict[int, Vote], names: dict[str, str]) -> str:
    """The post's body: its vote in the rule set's grammar, else its own markup (a bold
    word that is no vote) or text; a quoted post first, as phpBB 3.3 writes a quote."""
    ruleset = log.meta.ruleset or ""
    vote = votes.get(post.number)
    if vote is not None and vote.target:
        name = names.get(vote.target, "")
        # a typo now and then, as players make them (the last letter doubled)
        return vote_html(ruleset, name + name[-1:] if post.number % 9 == 4 else name)
    own = post.html if post.html != post.text.replace("\n", "<br>") else _text(post.text)
    quotes = []
    for quote in post.quotes:
        number = int(quote.post_id or 0)
        quoted = votes.get(number)
        inner = (vote_html(ruleset, names.get(quoted.target, "")) if quoted is not None
                 and quoted.target else _text(quote.text))
        pid = 100000 + number
        quotes.append(f'<blockquote cite="./viewtopic.php?p={pid}#p{pid}"><cite>'
                      f'{html.escape(quote.author or "")} писал(а): '
                      f'<a href="./viewtopic.php?p={pid}#p{pid}" data-post-id="{pid}">↑</a>'
                      f"</cite>{inner}</blockquote>")
    return "".join(quotes) + own


def _text(text: str) -> str:
    return "<br>\n".join(html.escape(line) for line in text.split("\n"))


def _iso(post: Post) -> str:
    return post.time.isoformat() if post.time is not None else ""


def _shown(time: datetime | None) -> str:
    if time is None:
        return ""
    return f"{time.day:02d} {_MONTHS[time.month - 1]} {time.year}, {time:%H:%M}"
