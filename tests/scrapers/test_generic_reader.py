"""The generic reader (`scrapers.forum.generic`): pages no family claims, read by their
repeated post structure; pages with no such structure refused with a clear error."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.page import load_page, parse_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir
from tests.scrapers.real_threads import score_page

UTC = ZoneInfo("UTC")
HERE = Path(__file__).parent
PAGES = HERE / "generic_pages"
FIXTURES = HERE / "fixtures"
REAL = shared_dir() / "fixtures" / "real-threads"
# a registry that claims nothing: every family hidden
NONE = (EngineAdapter(family="none", detect=lambda root, text: None),)

# real pages of engines no family reads: (folder, posts right, authors matched); the times
# of agreper ("2 years ago") and pistonheads ("Sunday 8th March") cannot be read without
# the page's capture date, so only their authors count there
DEV = {
    "curse-mtgsalvation-mafia-unreliable-cops": (50, 50),
    "cycling74-gen-patch": (4, 4),
    "flaskbb-install-windows": (5, 5),
    "homeland-rubychina-scripting": (11, 11),
    "insided-kaspersky-rootkit-scan": (9, 9),
    "inyoka-ubuntuusers-login-loop": (8, 8),
    "mactechnews-forum-appstore": (45, 45),
    "mumsnet-talk-adoptions-siblings": (5, 5),
    "talkyard-insightful-estimate": (16, 16),
    "forumengine-newpackages": (2, 2),
    "wpdiscussionboard-art-commissions": (2, 2),
    "agreper-minimal-forum": (0, 61),
    "pistonheads-gassing-supercar-pension": (0, 20),
}


def _read(path: Path, registry: tuple[EngineAdapter, ...] | None = None) -> ParsedPage:
    page = load_page(path.name, path.read_bytes())
    return parse_page(page, UTC, registry=registry)


@pytest.mark.parametrize("folder", sorted(DEV))
def test_generic_reader_on_real_pages(folder: str) -> None:
    path = REAL / folder
    if not path.is_dir():
        pytest.skip(f"no shared real-thread pages at {REAL} (set MAFIAKIT_SHARED)")
    right, matched = DEV[folder]
    score = score_page(path)
    assert score.engine == "generic"
    assert "generic-reader" in score.warnings
    assert score.right >= right, [p.why for p in score.posts if not p.right][:5]
    assert sum(p.matched for p in score.posts) >= matched


def test_posts_read_generically_say_so_and_balance() -> None:
    parsed = _read(PAGES / "comments-thread.html")
    assert parsed.info.engine == "generic"
    assert [p.author for p in parsed.posts] == ["Kent", "Blood Queen", "Alice"]
    assert all(p.read_by == "generic" for p in parsed.posts)
    assert [p.post_id for p in parsed.posts] == ["101", "102", "103"]
    assert all(p.time is not None and p.time.tzinfo is not None for p in parsed.posts)
    # the sidebar's "latest" block is not a post; the signature is not in the body
    assert "the host" not in parsed.posts[0].text
    assert [(q.author, q.text) for q in parsed.posts[1].quotes] == [("Kent", "Day 1 starts now.")]
    assert parsed.posts[1].text == "vote: Alice"
    assert [q.author for q in parsed.posts[2].quotes] == ["Blood Queen"]
    assert parsed.posts[2].quotes[0].text == "vote: Alice"
    assert parsed.posts[2].text == "Why me? vote: Blood Queen"
    warning = next(i for i in parsed.issues if i.code == "generic-reader")
    assert "3 blocks div.entry" in warning.message
    assert "a.who" in warning.message
    # the census is the count of blocks: the posts balance
    assert parsed.census == len(parsed.posts) + parsed.not_read


@pytest.mark.parametrize("name", ["blog-article", "link-list", "login", "search-results",
                                  "empty-body"])
def test_pages_without_repeated_posts_are_refused(name: str) -> None:
    parsed = _read(PAGES / f"{name}.html")
    assert parsed.posts == []
    assert parsed.info.engine == "unknown"
    errors = [i for i in parsed.issues if i.severity == "error"]
    assert [e.code for e in errors] == ["unknown-engine"]
    message = errors[0].message
    assert message.startswith("no known forum engine recognises this page")
    assert "phpbb" in message.lower()
    assert "no repeated post structure" in message


def _family_pages() -> list[Path]:
    real = ["phpbb3-leftsilver-ilp", "phpbb3-prosilver-openoffice-documentation",
            "vbulletin3-animesuki-euphonium", "vbulletin387-skyscraperpage-custom",
            "vbulletin4-militarytimes-dorr", "smf1-bpdfamily-silent-treatment",
            "ipb4-squarespace-sameimage",
            "xenforo2-computerbase-ram-ryzen", "xenforo2-xfcommunity-darktheme"]
    own = ["forumotion/gorod_grehov_phpbb2_p1.html", "invision/ipb3-ru.html",
           "invision/ips4-ru.html", "phpbb/phpbb33_prosilver_ru.html",
           "phpbb/phpbb33_prosilver_ru_saved.html", "vbulletin/vb42_ru_utf8_saved.html",
           "vbulletin/vb42_ru_utf8.html", "xenforo/xf2-ru-mafia.html"]
    return [FIXTURES / p for p in own] + [REAL / r / "page.html" for r in real]


@pytest.mark.parametrize("path", _family_pages(), ids=lambda p: p.parent.name + "/" + p.name)
def test_family_pages_read_generically_with_the_families_hidden(path: Path) -> None:
    if not path.is_file():
        pytest.skip(f"{path} absent (set MAFIAKIT_SHARED)")
    family = _read(path)
    assert family.info.engine not in ("generic", "unknown")
    hidden = _read(path, NONE)
    assert hidden.info.engine == "generic"
    assert [p.author for p in hidden.posts] == [p.author for p in family.posts]
    assert hidden.census == len(hidden.posts) + hidden.not_read


def test_an_edit_notice_is_the_edit_marker_not_the_body() -> None:
    page = (PAGES / "comments-thread.html").read_text(encoding="utf-8").replace(
        '<div class="entry-sig">-- the host</div>',
        '<div class="post-edited">Last edited by Kent: 04.03.2019 09:07</div>')
    parsed = parse_page(load_page("edited.html", page.encode()), UTC, registry=NONE)
    first = parsed.posts[0]
    assert "Last edited" not in first.text
    assert first.edit is not None
    assert first.edit.editor == "Kent"


def test_refusal_names_the_registry() -> None:
    parsed = _read(PAGES / "blog-article.html", NONE)
    message = next(i.message for i in parsed.issues if i.code == "unknown-engine")
    assert "(none)" in message


def test_a_long_page_stays_fast() -> None:
    import time

    post = ('<div class="entry" id="entry-{i}"><div class="entry-head"><a class="who" '
            'href="/people/u{k}">user{k}</a> <span class="when">04.03.2019 09:{m:02d}</span>'
            '</div><div class="entry-text"><p>post number {i} with some words in it</p>'
            '</div></div>')
    body = "".join(post.format(i=i, k=i % 37, m=i % 60) for i in range(2000))
    text = f"<html><body><main>{body}</main></body></html>".encode()
    start = time.perf_counter()
    parsed = parse_page(load_page("long.html", text), UTC)
    took = time.perf_counter() - start
    assert len(parsed.posts) == 2000
    assert took < 20, took


def test_a_date_inside_a_post_body_is_not_its_time() -> None:
    # the opening post prints no time in its header; the accepted answer it embeds does:
    # that date is the answer's, and the body is the question's own text
    parsed = _read(PAGES / "answered-question.html")
    first = parsed.posts[0]
    assert first.author == "Mira"
    assert first.time is None
    assert first.text.startswith("Hello all, my nightly backup job")
    # the reply form's preview (an empty text beside a counter) is no post
    assert [p.author for p in parsed.posts] == ["Mira", "Tomas", "Mira", "Ines"]
    assert all(p.text != "0" for p in parsed.posts)


def test_a_registration_date_is_the_posters_and_the_info_line_is_no_body() -> None:
    # the poster's column prints "Registriert seit: 3. Mai 2011" ("Joined <time>"); the
    # post's own date is a bare text in its info line, after its action links
    parsed = _read(PAGES / "member-column.html")
    assert [p.author for p in parsed.posts] == ["anna", "bert", "anna"]
    assert [p.time.isoformat() if p.time else None for p in parsed.posts] == [
        "2022-02-07T09:14:00+00:00", "2022-02-07T10:02:00+00:00", "2022-02-08T18:30:00+00:00"]
    # the printed time is the date, not the action links before it
    assert [(p.time_text or "")[:21] for p in parsed.posts] == [
        "7. Februar 2022 09:14", "7. Februar 2022 10:02", "8. Februar 2022 18:30"]
    assert parsed.posts[0].text.startswith("Hallo, mein Drucker")
    assert all("Zitieren" not in p.text for p in parsed.posts)


def test_a_posts_action_links_are_neither_body_nor_time() -> None:
    # each comment ends with its own "reply" link (or "Zitieren · Antworten", "[Quote] |
    # [Report]"); its time line goes on with "| thread parent" navigation links
    parsed = _read(PAGES / "threaded-comments.html")
    assert [p.author for p in parsed.posts] == ["ravel", "okapi", "mirja", "teodor"]
    assert [p.text for p in parsed.posts] == [
        "My desk is a door on two trestles, works fine.",
        "Same here, and you can read my notes on it in this reply",  # a link in a sentence
        "Ein Stehpult, seit zwei Jahren.",
        "A laptop on the kitchen table. See my reply"]
    assert all("reply</a></sup>" not in p.html for p in parsed.posts)
    assert [p.time_text for p in parsed.posts] == [
        "3 days ago", "2 days ago", "2 days ago", "1 day ago"]
