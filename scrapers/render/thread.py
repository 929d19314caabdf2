"""A game log's posts as the pages of a forum thread, as "Save page as" would keep them, in
one of the engines of `scrapers.render.engines` (phpBB 3.3 in UTF-8, vBulletin 3.8 in
windows-1251, ...), whose templates are cut from the project's own fixture pages: the same
engine markup the scrapers are tested on, kept in the package so that rendering reads no test
file. A post holding a vote writes it as the rule set's grammar asks (bold «казнить X», a red
name, ...: the rule set's `vote_html` in `scrapers.rulesets`), so that the scraper has to
find it the way it finds a player's; with the noise of real threads: a name misspelt now and
then (every ninth post from the fourth, its last letter doubled), a name declined as Russian
players decline it (in a Russian rule set's votes, every third post from the second:
«Голосую за Багиру», «казнить Серого Брата»; «Маугли» as is), a quoted vote, a bold word
that is no vote (the post's own markup), the engine's "last edited by" notice on an edited
post. What the game log holds besides (edited posts, votes after the day's end) is the
simulator's (`engine.simulate.play`)."""

from __future__ import annotations

import html
from functools import lru_cache
from importlib.resources import files
from typing import Any

from engine.gamelog import GameLog, Post, Vote
from engine.rulesets import ruleset_of
from scrapers.render.engines import ENGINES, RenderEngine
from scrapers.rulesets import scraper_ruleset

_TEMPLATES = files("scrapers.render") / "templates"


def vote_html(ruleset: str, name: str) -> str:
    """A vote for `name` in the form the rule set's grammar reads (`scrapers.votes`); a rule
    set the scrapers do not have is an error (`scrapers.rulesets.UnknownRuleSetError`)."""
    return scraper_ruleset(ruleset).vote_html(name)


def render_thread(log: GameLog, *, engine: str = "phpbb33", per_page: int = 25,
                  topic: int = 346) -> list[tuple[str, bytes]]:
    """The thread's pages, (file name, the page's bytes in the engine's encoding), in
    order. `engine`: a key of `scrapers.render.engines.ENGINES`."""
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
                nick=html.escape(post.author), iso=_iso(post), shown=eng.when(post.time),
                content=content, bg="bg2" if k % 2 == 0 else "bg1", title=title,
                edit=_edit(post, eng, uids)))
        page_html = head.format(**fields) + "\n".join(body) + "\n" + tail.format(**fields)
        # what the page's code page cannot hold is written as a character reference, as a
        # browser submitting to a windows-1251 forum does
        out.append((f"page{number:04d}.html",
                    page_html.encode(eng.encoding, errors="xmlcharrefreplace")))
    return out


def _content(log: GameLog, post: Post, votes: dict[int, Vote], names: dict[str, str],
             eng: RenderEngine) -> str:
    """The post's body: its vote in the rule set's grammar, else its own markup (a bold
    word that is no vote) or text; a quoted post first, as phpBB 3.3 writes a quote."""
    ruleset = log.meta.ruleset or ""
    vote = votes.get(post.number)
    if vote is not None and vote.target:
        name = names.get(vote.target, "")
        if post.number % 9 == 4:  # a typo now and then, as players make them
            name += name[-1:]  # the last letter doubled
        elif post.number % 3 == 2 and ruleset_of(log).language == "ru":
            name = accusative(name)  # «Голосую за Багиру», not «за Багира»
        return vote_html(ruleset, name)
    own = post.html or _text(post.text)
    quotes = []
    for quote in post.quotes:
        number = int(quote.post_id or 0)
        quoted = votes.get(number)
        inner = (vote_html(ruleset, names.get(quoted.target, "")) if quoted is not None
                 and quoted.target else _text(quote.text))
        quotes.append(eng.quote(quote.author or "", 100000 + number, inner))
    return "".join(quotes) + own


@lru_cache(maxsize=4096)
def accusative(name: str) -> str:
    """`name` as the object of «голосую за», «казнить»: each Cyrillic word that pymorphy3
    (the morphology `scrapers.names` resolves names with) reads as a noun or adjective in the
    nominative singular, in the accusative ('Багира' -> 'Багиру', 'Серый Брат' -> 'Серого
    Брата'); a word it cannot inflect, an indeclinable one ('Маугли') and a Latin name stay as
    they are."""
    return " ".join(_accusative_word(word) for word in name.split(" "))


def _accusative_word(word: str) -> str:
    if not any("а" <= c <= "я" or c == "ё" for c in word.lower()):
        return word
    parses = [p for p in _morph().parse(word.lower())
              if p.tag.POS in ("NOUN", "ADJF") and {"nomn", "sing"} <= p.tag.grammemes
              and "Fixd" not in p.tag.grammemes]
    if not parses:
        return word
    # a nick names someone: an animate reading first
    parse = next((p for p in parses if "anim" in p.tag.grammemes), parses[0])
    tags = parse.tag.grammemes
    if parse.tag.POS == "ADJF":
        want = {"accs", "anim"} if "masc" in tags else {"accs"}
    elif "anim" in tags or "masc" not in tags:
        want = {"accs"}
    else:
        # a masculine noun read as a thing ('Шерхан' as a place): a person's accusative is
        # its genitive («за Шерхана»)
        want = {"gent"}
    form = parse.inflect(want)
    if form is None:
        return word
    out = str(form.word)
    return out[:1].upper() + out[1:] if word[:1].isupper() else out


@lru_cache(maxsize=1)
def _morph() -> Any:
    # loading the dictionaries takes a moment: once per process, on the first Russian name
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def _edit(post: Post, eng: RenderEngine, uids: dict[str, int]) -> str:
    """The engine's "last edited by" notice, when the post was edited."""
    mark = post.edit
    if mark is None or mark.time is None:
        return ""
    editor = mark.editor or post.author
    return eng.edited(editor, mark.time, uids.get(editor, 1))


def _text(text: str) -> str:
    return "<br>\n".join(html.escape(line) for line in text.split("\n"))


def _iso(post: Post) -> str:
    return post.time.isoformat() if post.time is not None else ""
