"""Stage 1: decoding, Wayback captures, folders and zips read safely."""

from __future__ import annotations

import os
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.errors import BadInputError
from scrapers.archive.decode import decode_page
from scrapers.archive.inputs import InputReport, Limits, read_inputs
from scrapers.archive.wayback import unwrap
from scrapers.forum.page import load_page

RU = "Пт мар 04, 2019 9:05 - казнить Кубу, я считаю что Корсика мафия. Ведущий всегда прав."


def _page(text: str, encoding: str, meta: str | None) -> bytes:
    head = f'<meta http-equiv="Content-Type" content="text/html; charset={meta}">' if meta else ""
    return f"<html><head>{head}</head><body><p>{text}</p></body></html>".encode(encoding)


@pytest.mark.parametrize(
    ("encoding", "meta", "how"),
    [
        ("cp1251", "windows-1251", "declared"),
        ("cp1251", "utf-8", "detected"),  # the meta lies
        ("cp1251", "iso-8859-1", "detected"),  # the meta lies
        ("cp1251", None, "detected"),
        ("koi8_r", "koi8-r", "declared"),
        ("koi8_r", None, "detected"),
        ("koi8_r", "windows-1251", "detected"),  # the meta lies the other way
        ("cp1251", "koi8-r", "detected"),
        ("utf-8", None, "utf-8"),
        ("utf-8", "windows-1251", "detected"),  # the meta lies: the page's issues say so
    ],
)
def test_cyrillic_decodes_whatever_the_meta_says(encoding: str, meta: str | None,
                                                 how: str) -> None:
    decoded = decode_page(_page(RU, encoding, meta))
    assert RU in decoded.text
    assert decoded.how == how


def test_bom_wins() -> None:
    data = b"\xff\xfe" + "<p>Ведущий</p>".encode("utf-16-le")
    decoded = decode_page(data)
    assert decoded.how == "bom"
    assert "Ведущий" in decoded.text


def test_latin_page_stays_latin() -> None:
    decoded = decode_page(_page("café déjà vu, garçon", "latin-1", "iso-8859-1"))
    assert "café déjà vu, garçon" in decoded.text


def test_undecodable_bytes_are_flagged_not_raised() -> None:
    page = load_page("x.html", b"<html><body>\x81\x8d\x8f\x90\x9d\x98</body></html>")
    assert page.text
    assert {i.code for i in page.issues} <= {"undecodable-bytes", "charset-mismatch"}


WAYBACK = """<!DOCTYPE html><html><head>
<script src="//archive.org/includes/athena.js" type="text/javascript"></script>
<script type="text/javascript">window.RufflePlayer=window.RufflePlayer||{};</script>
<script>__wm.wombat("http://forum.example.ru/viewtopic.php?t=123","20190306101500",
"https://web.archive.org/","web","/_static/");</script>
<link rel="stylesheet" type="text/css" href="/_static/css/banner-styles.css"/>
<!-- End Wayback Rewrite JS Include -->
<title>Тема</title></head><body>
<!-- BEGIN WAYBACK TOOLBAR INSERT --><div id="wm-ipp">toolbar</div>
<!-- END WAYBACK TOOLBAR INSERT -->
<a href="https://web.archive.org/web/20190306101500/http://forum.example.ru/viewtopic.php?t=123\
&start=25">2</a>
<img src="/web/20190306101500im_/http://forum.example.ru/images/logo.gif">
</body></html>
<!--
     FILE ARCHIVED ON 10:15:00 Mar 06, 2019 AND RETRIEVED FROM THE
     INTERNET ARCHIVE ON 11:12:13 Jan 02, 2024.
     JAVASCRIPT APPENDED BY WAYBACK MACHINE, COPYRIGHT INTERNET ARCHIVE.
-->"""


def test_wayback_capture_is_unwrapped() -> None:
    un = unwrap(WAYBACK)
    assert un.wayback
    assert un.captured_at == datetime(2019, 3, 6, 10, 15, tzinfo=UTC)
    assert un.original_url == "http://forum.example.ru/viewtopic.php?t=123"
    assert "toolbar" not in un.text
    assert "archive.org" not in un.text
    assert "FILE ARCHIVED" not in un.text
    assert 'href="http://forum.example.ru/viewtopic.php?t=123&start=25"' in un.text
    assert 'src="http://forum.example.ru/images/logo.gif"' in un.text


def test_wayback_capture_time_from_the_stamp_without_trailer() -> None:
    text = WAYBACK.split("<!--\n     FILE ARCHIVED")[0].replace("__wm.wombat", "x")
    assert unwrap(text).captured_at == datetime(2019, 3, 6, 10, 15, tzinfo=UTC)


def test_plain_page_is_left_alone() -> None:
    un = unwrap("<html><body>web/2019 not a stamp</body></html>")
    assert not un.wayback


def test_saved_page_comment_gives_the_url() -> None:
    data = (b"<!DOCTYPE html>\r\n"
            b"<!-- saved from url=(0045)https://forum.example.ru/viewtopic.php?t=9 -->"
            b"<html><body>x</body></html>")
    page = load_page("t.html", data, mtime=datetime(2020, 1, 1, tzinfo=UTC))
    assert page.url == "https://forum.example.ru/viewtopic.php?t=9"
    assert page.captured_at == datetime(2020, 1, 1, tzinfo=UTC)
    assert page.captured_from == "mtime"


# -- folders and zips ----------------------------------------------------------------------


def _names(paths: list[Path], limits: Limits | None = None) -> tuple[list[str], InputReport]:
    report = InputReport()
    got = read_inputs(paths, report, limits=limits or Limits())
    return [r.name for r in got], report


def test_folder_in_sorted_order_with_saved_page_assets_skipped(tmp_path: Path) -> None:
    (tmp_path / "page2.html").write_text("<html>2</html>")
    (tmp_path / "page1.html").write_text("<html>1</html>")
    (tmp_path / "page1_files").mkdir()
    (tmp_path / "page1_files" / "style.css").write_text("b{}")
    (tmp_path / "page1_files" / "frame.html").write_text("<html>ad</html>")
    (tmp_path / "notes.txt").write_text("not a page")
    names, report = _names([tmp_path])
    assert names == ["page1.html", "page2.html"]
    codes = [i.code for i in report.issues]
    assert "saved-page-assets" in codes
    assert "not-a-page" in codes


def test_symlink_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.html"
    outside.write_text("<html>secret</html>")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.html").write_text("<html>a</html>")
    os.symlink(outside, folder / "link.html")
    names, report = _names([folder])
    assert names == ["a.html"]
    assert [i.code for i in report.issues] == ["symlink-outside"]


def test_zip_is_read_with_unsafe_entries_refused(tmp_path: Path) -> None:
    archive = tmp_path / "t.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("thread/page2.html", "<html>2</html>")
        z.writestr("thread/page1.html", "<html>1</html>")
        z.writestr("../escape.html", "<html>x</html>")
        z.writestr("C:/windows.html", "<html>x</html>")
        link = zipfile.ZipInfo("thread/link.html")
        link.external_attr = (0o120777 << 16)
        z.writestr(link, "/etc/passwd")
        z.writestr("thread/bomb.html", b"<html>" + b"\0" * (3 * 1024 * 1024))
    names, report = _names([archive])
    assert names == ["thread/page1.html", "thread/page2.html"]
    codes = sorted(i.code for i in report.issues)
    assert codes == ["zip-bomb", "zip-symlink", "zip-unsafe-path", "zip-unsafe-path"]


def test_page_size_cap(tmp_path: Path) -> None:
    (tmp_path / "big.html").write_text("<html>" + "x" * 5000 + "</html>")
    names, report = _names([tmp_path], Limits(max_page_bytes=1000))
    assert names == []
    assert [i.code for i in report.issues] == ["page-too-large"]


def test_damaged_zip_and_missing_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04 truncated")
    with pytest.raises(BadInputError, match="not a readable zip"):
        _names([bad])
    with pytest.raises(BadInputError, match="no such file or folder"):
        _names([tmp_path / "missing"])


def test_a_few_broken_bytes_do_not_change_the_charset() -> None:
    cp = _page(RU, "cp1251", None)
    decoded = decode_page(cp[:40] + b"\x98" + cp[40:])  # 0x98: no character in cp1251
    assert (decoded.encoding, decoded.lossy) == ("cp1251", True)
    assert RU[20:] in decoded.text
    utf = _page(RU, "utf-8", None)
    decoded = decode_page(utf[:40] + b"\xff" + utf[40:])
    assert (decoded.encoding, decoded.lossy) == ("utf-8", True)
    assert RU[20:] in decoded.text


def test_a_page_cut_short_is_flagged() -> None:
    page = load_page("p.html", b"<html><body><p>half a page")
    assert "page-truncated" in {i.code for i in page.issues}
    whole = load_page("p.html", b"<html><body><p>x</p></body></html>\n<!-- trailer -->\n")
    assert "page-truncated" not in {i.code for i in whole.issues}
