"""XenForo 1 and 2: detection from markup, and what the adapter does beyond the selectors."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import xenforo
from scrapers.forum.page import evidence, load_page, parse_html, read_page
from scrapers.forum.types import PageContext, ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
REAL = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
MSK = ZoneInfo("Europe/Moscow")


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = xenforo.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(html: str, *, captured: datetime | None = None) -> ParsedPage:
    root = parse_html(html)
    spec = xenforo.detect(root, html)
    assert spec is not None
    ctx = PageContext(name="t.html", timezone=MSK, captured_at=captured)
    return xenforo.ADAPTER.parse(root, spec, ctx, html)


def _need(path: Path) -> Path:
    if not path.is_file():
        print(f"skipping: {path} absent (set MAFIAKIT_SHARED)")
        pytest.skip(f"{path} absent (set MAFIAKIT_SHARED)")
    return path


def test_detects_xenforo2_fixture() -> None:
    assert _detect(FIXTURES / "xenforo" / "xf2-ru-mafia.html") == "xenforo2"


@pytest.mark.parametrize(("name", "engine"), [("Xenforo1.html", "xenforo1"),
                                              ("Xenforo2.html", "xenforo2")])
def test_detects_real_pages(name: str, engine: str) -> None:
    assert _detect(_need(REAL / name)) == engine


def _other_pages() -> list[Path]:
    own = [p for p in FIXTURES.rglob("*") if p.is_file() and not p.name.endswith(".json")
           and p.parent.name not in ("xenforo", "real")]
    real = sorted(REAL.glob("*.html")) if REAL.is_dir() else []
    return sorted(own) + [p for p in real if not p.name.startswith("Xenforo")]


@pytest.mark.parametrize("path", _other_pages(), ids=lambda p: p.name)
def test_leaves_other_engines_alone(path: Path) -> None:
    assert _detect(path) is None


def test_other_pages_are_present() -> None:
    if not _other_pages():
        print("skipping: no other engines' pages yet")
        pytest.skip("no other engines' pages yet")
    assert any(p.parent.name == "invision" for p in _other_pages())


def test_text_mentioning_xenforo_is_not_a_xenforo_page() -> None:
    html = ("<html><body><div class='post'>We moved from Forum software by XenForo "
            "to phpBB.</div></body></html>")
    assert xenforo.detect(parse_html(html), html) is None


_XF1 = """<html id="XenForo"><body><div class="titleBar"><h1>Мафия</h1></div>
<ol class="messageList">{posts}</ol></body></html>"""
_XF1_POST = """<li id="post-{pid}" class="message" data-author="{name}">
<div class="messageUserInfo"><div class="messageUserBlock"><div class="avatarHolder">
<a href="members/x.{uid}/" class="avatar"><img src="{avatar}" alt="{name}"/></a></div>
<h3 class="userText"><a href="members/x.{uid}/" class="username">{name}</a></h3></div></div>
<div class="messageInfo primaryContent"><div class="messageContent"><article>
<blockquote class="messageText ugc baseHtml">{body}<div class="messageTextEndMarker">&nbsp;</div>
</blockquote></article></div>{edit}
<div class="messageMeta"><div class="privateControls"><span class="item muted">
<a href="posts/{pid}/" class="datePermalink"><abbr class="DateTime" data-time="1551679500"
 data-diff="5" data-datestring="4 мар 2019" data-timestring="09:05">Сегодня в 09:05</abbr></a>
</span></div><div class="publicControls"><a href="posts/{pid}/" class="item muted postNumber
 hashPermalink">#7</a></div></div></div></li>"""


def _xf1(body: str = "текст", edit: str = "",
         avatar: str = "data/avatar/m/0/5.jpg") -> str:
    return _XF1.format(posts=_XF1_POST.format(pid=77, uid=5, name="Кент", body=body,
                                              edit=edit, avatar=avatar))


def test_xf1_unix_time_wins_over_relative_text() -> None:
    post = _parse(_xf1()).posts[0]
    # 1551679500 = 2019-03-04 06:05 UTC; the "Сегодня" text alone could not be read
    assert post.time == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert (post.number, post.author_id, post.post_id) == (7, "5", "77")


def test_xf1_own_edit_names_the_author_and_takes_the_machine_time() -> None:
    edit = ('<div class="editDate">Последнее редактирование: <abbr class="DateTime" '
            'data-time="1551680400">Сегодня в 09:20</abbr></div>')
    post = _parse(_xf1(edit=edit)).posts[0]
    assert post.edit is not None
    assert post.edit.editor == "Кент"
    assert post.edit.time == datetime(2019, 3, 4, 9, 20, tzinfo=MSK)


def test_xf1_moderator_edit_names_nobody() -> None:
    edit = ('<div class="editDate">Последнее редактирование модератором: <span class="DateTime"'
            ' title="4 мар 2019 в 09:20">4 мар 2019</span></div>')
    post = _parse(_xf1(edit=edit)).posts[0]
    assert post.edit is not None
    assert post.edit.editor is None
    assert post.edit.time == datetime(2019, 3, 4, 9, 20, tzinfo=MSK)


def test_xf1_stock_avatar_is_no_avatar() -> None:
    post = _parse(_xf1(avatar="styles/default/xenforo/avatars/avatar_m.png")).posts[0]
    assert post.avatar is not None
    assert post.avatar.url is None


def test_xf1_spoiler_title_comes_out_of_its_button() -> None:
    body = ('<div class="ToggleTriggerAnchor bbCodeSpoilerContainer"><button type="button" '
            'class="button bbCodeSpoilerButton ToggleTrigger JsOnly"><span>Spoiler: '
            '<span class="SpoilerTitle">Роли</span></span></button><div class="SpoilerTarget '
            'bbCodeSpoilerText">Кент — шериф</div></div>')
    post = _parse(_xf1(body=body)).posts[0]
    assert '<div class="mk-spoiler" data-title="Роли">Кент — шериф</div>' in post.html
    assert post.text == "Кент — шериф"


def test_xf1_deleted_placeholder_is_flagged_without_warnings() -> None:
    placeholder = ('<li id="post-78" class="message deleted placeholder" data-author="Куба">'
                   '<div class="placeholderContent"><div class="messageInfo">Сообщение от '
                   '<a href="members/kuba.9/" class="username">Куба</a> удалено.</div></div>'
                   '</li>')
    html = _XF1.format(posts=placeholder)
    parsed = _parse(html)
    post = parsed.posts[0]
    assert post.deleted
    assert (post.author, post.author_id) == ("Куба", "9")
    assert "post-without-body" not in {i.code for i in parsed.issues}


_XF2 = """<html id="XF"><body><h1 class="p-title-value">Мафия</h1>
<article class="message message--post" data-author="{name}" data-content="post-90">
<div class="message-avatar"><span class="avatar avatar--m avatar--default" data-user-id="0">
<span class="avatar-u0-m"></span></span></div>
<h4 class="message-name"><span class="username" dir="auto" data-user-id="0">{name}</span></h4>
<ul class="message-attribution-main"><li><time class="u-dt" datetime="2019-03-04T09:05:00+0300"
 data-time="1551679500">Вчера в 09:05</time></li></ul>
<div class="message-body"><div class="bbWrapper">{body}</div></div></article></body></html>"""


def test_xf2_guest_has_no_author_id_and_no_avatar() -> None:
    post = _parse(_XF2.format(name="Гость", body="Привет")).posts[0]
    assert (post.author, post.author_id) == ("Гость", None)
    assert post.avatar is not None
    assert post.avatar.url is None
    assert post.time == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)


def test_xf2_untitled_spoiler_and_quote_without_source() -> None:
    body = ('<div class="bbCodeSpoiler"><button type="button" class="button bbCodeSpoiler-button">'
            '<span class="button-text"><span>Спойлер</span></span></button>'
            '<div class="bbCodeSpoiler-content"><div class="bbCodeBlock bbCodeBlock--spoiler">'
            '<div class="bbCodeBlock-content">тайна</div></div></div></div>'
            '<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-content">'
            '<div class="bbCodeBlock-expandContent">чужие слова</div></div></blockquote>сам')
    post = _parse(_XF2.format(name="Гость", body=body)).posts[0]
    assert '<div class="mk-spoiler">тайна</div>' in post.html
    assert [(q.author, q.post_id, q.text) for q in post.quotes] == [(None, None, "чужие слова")]


def test_single_page_thread_is_page_one_of_one() -> None:
    info = _parse(_XF2.format(name="Гость", body="x")).info
    assert (info.page_number, info.page_count) == (1, 1)


# --- themes (issue 19): image placeholders, renamed classes, signals

THREADS = shared_dir() / "fixtures" / "real-threads"


def test_xf1_image_placeholder_is_not_text() -> None:
    """XenForo writes alt="[&#x200B;IMG]" on every posted picture: the tag, not words."""
    body = ('<img src="http://i.example/a.gif" class="bbCodeImage LbImage" alt="[&#x200B;IMG]"'
            ' data-url="http://i.example/a.gif"/><br/>Happy endings')
    post = _parse(_xf1(body=body)).posts[0]
    assert post.text == "Happy endings"
    assert 'src="http://i.example/a.gif"' in post.html


def test_xf1_real_page_first_words_after_a_picture() -> None:
    path = THREADS / "xenforo1-sv-renascence" / "page.html"
    if not path.is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    parsed = read_page(path.name, path.read_bytes(), ZoneInfo("UTC"))[1]
    assert parsed.posts[13].text.startswith("Happy Endings are the things")
    assert "[\u200bIMG]" not in "".join(p.text for p in parsed.posts)


def _xf2_styled(post_class: str, html_id: str) -> str:
    """XenForo 2 markup with the post's "message" classes renamed and the root id (and
    branding) present or not."""
    page = _XF2.format(name="Гость", body="Привет")
    page = page.replace('class="message message--post"', f'class="{post_class}"')
    return page.replace('<html id="XF"', f"<html{html_id}")


def test_xf2_style_that_renamed_the_post_class() -> None:
    page = _xf2_styled("post-card", ' id="XF"')
    assert "message--post" not in page
    post = _parse(page).posts[0]
    assert (post.post_id, post.author, post.text) == ("90", "Гость", "Привет")


def test_xf2_page_without_root_id_is_claimed_by_its_signals() -> None:
    bare = _xf2_styled("message message--post", "")
    assert xenforo.detect(parse_html(bare), bare) is None  # one post's markup is not enough
    scripted = bare.replace("<body>", '<body><script src="/js/xf/preamble.min.js?_v=1">'
                            "</script><div data-xf-init=\"tooltip\"></div>")
    spec = xenforo.detect(parse_html(scripted), scripted)
    assert spec is not None
    assert spec.engine == "xenforo2"


@pytest.mark.parametrize("folder", ["xenforo1-sv-renascence", "xenforo2-computerbase-ram-ryzen",
                                    "xenforo2-macrumors-x-vs-8",
                                    "xenforo2-xfcommunity-darktheme"])
def test_signals_rank_xenforo_first_on_its_pages(folder: str) -> None:
    path = THREADS / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    ranked = evidence(load_page(folder, path.read_bytes()).text)
    assert ranked[0].family == "xenforo"
    assert ranked[0].score >= 4
