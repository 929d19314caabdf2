"""Stage 3: one thread from many pages: thread check, duplicates, order, numbers, gaps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from scrapers.assemble import PageMeta, PageResult, Thread, assemble
from scrapers.forum.types import ForumPost, PageInfo

T0 = datetime(2019, 3, 4, 9, 0, tzinfo=UTC)


def _post(pid: str | None, number: int | None, order: int, text: str = "",
          author: str = "Kent") -> ForumPost:
    return ForumPost(page="", order=order, post_id=pid, number=number, author=author,
                     author_id=None, time=T0 + timedelta(minutes=int(pid or order)),
                     time_raw=None, html=text or f"post {pid}", text=text or f"post {pid}")


def _page(name: str, posts: list[ForumPost], *, page: int | None = None,
          count: int | None = None, thread: str | None = "7",
          captured: datetime | None = None) -> PageResult:
    return PageResult(
        meta=PageMeta(name=name, url=None, captured_at=captured, wayback=False,
                      encoding="utf-8", sha256="0" * 64, size=1),
        info=PageInfo(engine="phpbb3-prosilver", thread_id=thread, thread_title="Игра",
                      page_number=page, page_count=count),
        posts=posts)


def _codes(thread: Thread) -> list[str]:
    return sorted(i.code for i in thread.issues)


def test_pages_in_any_order_with_overlap_become_one_thread() -> None:
    p1 = _page("b.html", [_post("1", 1, 0), _post("2", 2, 1)], page=1, count=2)
    p2 = _page("a.html", [_post("2", 2, 0), _post("3", 3, 1)], page=2, count=2)
    thread = assemble([p2, p1])
    assert [p.number for p in thread.posts] == [1, 2, 3]
    assert [p.page for p in thread.posts] == ["b.html", "b.html", "a.html"]
    assert _codes(thread) == ["duplicate-post"]


def test_a_post_edited_between_captures_keeps_the_later_capture() -> None:
    early = _page("old.html", [_post("5", 5, 0, "vote A")], page=1,
                  captured=T0 + timedelta(days=1))
    late = _page("new.html", [_post("5", 5, 0, "vote B")], page=1,
                 captured=T0 + timedelta(days=2))
    thread = assemble([late, early])
    assert [p.text for p in thread.posts] == ["vote B"]
    assert "post-differs-between-pages" in _codes(thread)


def test_pages_of_another_thread_are_reported_and_left_out() -> None:
    ours = [_page(f"p{i}.html", [_post(str(i), i, 0)], page=i) for i in (1, 2)]
    other = _page("x.html", [_post("99", 1, 0)], page=1, thread="8")
    thread = assemble([*ours, other])
    assert [p.id for p in thread.posts] == ["1", "2"]
    issue = next(i for i in thread.issues if i.code == "thread-mixed")
    assert issue.severity == "error"
    assert issue.where.file == "x.html"
    assert "1 posts are left out" in issue.message


def test_gaps_in_numbers_and_missing_pages_are_reported() -> None:
    pages = [_page("1.html", [_post("1", 1, 0), _post("2", 2, 1)], page=1, count=4),
             _page("3.html", [_post("7", 7, 0)], page=3, count=4)]
    thread = assemble(pages)
    messages = {i.code: i.message for i in thread.issues}
    assert "4 post numbers between 1 and 7" in messages["posts-missing"]
    assert messages["pages-missing"].endswith("2 not among the inputs: 2, 4")


def test_numbers_from_page_and_position_when_the_forum_shows_none() -> None:
    pages = [_page("2.html", [_post("30", None, 0)], page=2),
             _page("1.html", [_post("10", None, 0), _post("20", None, 1)], page=1)]
    thread = assemble(pages)
    assert [(p.id, p.number) for p in thread.posts] == [("10", 1), ("20", 2), ("30", 3)]
    assert "posts-numbered-by-page" in _codes(thread)


def test_numbers_by_position_without_page_numbers() -> None:
    pages = [_page("b.html", [_post("3", None, 0)]),
             _page("a.html", [_post("1", None, 0), _post("2", None, 1)])]
    thread = assemble(pages)
    assert [(p.id, p.number) for p in thread.posts] == [("1", 1), ("2", 2), ("3", 3)]
    assert "posts-numbered-by-position" in _codes(thread)
