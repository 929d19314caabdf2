"""Hostile and oversized input through the real commands (issue 10): huge pages, deep
nesting, zip bombs, paths escaping the archive, symlinks, FIFOs, binary files, wrong
encodings, hostile GM logs, descriptors and game logs.

Each case runs `mafiakit` in a subprocess under a memory cap (RLIMIT_AS) and a wall timeout,
and checks: no traceback, the exit code, and a message or issue naming the file and what is
wrong. Inputs are generated in tmp_path (nothing big is committed).
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import stat
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

MEMORY_CAP = 1536 * 1024 * 1024  # address space: a normal scrape needs well under half
TIMEOUT = 60.0
GAME = ROOT / "data" / "games" / "contested-island"

# The child sets its own cap (so the test process is untouched), runs the command and, at
# exit, reports its peak resident set size for the timing tests.
_RUNNER = """
import atexit, resource, sys
cap = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
atexit.register(lambda: sys.stderr.write(
    "\\npeak-rss-kb=%d\\n" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
if sys.argv[2] == "load":
    from engine.errors import MafiakitError
    from engine.gamelog import load
    try:
        log = load(sys.argv[3])
    except MafiakitError as exc:
        sys.stderr.write(f"error: {exc}\\n")
        sys.exit(2)
    print(f"loaded {len(log.posts)} posts")
else:
    sys.argv = ["mafiakit", *sys.argv[2:]]
    from toolkit.cli import main
    main()
"""


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    seconds: float
    peak_mb: float

    @property
    def text(self) -> str:
        """stdout and stderr with whitespace runs collapsed (rich wraps long lines)."""
        return " ".join((self.out + " " + self.err).split())


def run(*args: str | Path, cwd: Path) -> Run:
    env = {**os.environ, "COLUMNS": "400", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-c", _RUNNER, str(MEMORY_CAP),
                               *map(str, args)], cwd=cwd, env=env, capture_output=True,
                              text=True, errors="replace", timeout=TIMEOUT,
                              stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"mafiakit {' '.join(map(str, args))} ran over {TIMEOUT:.0f} s")
    seconds = time.monotonic() - start
    found = re.search(r"peak-rss-kb=(\d+)", proc.stderr)
    result = Run(proc.returncode, proc.stdout, proc.stderr, seconds,
                 int(found.group(1)) / 1024 if found else float("nan"))
    assert "Traceback" not in proc.stderr, proc.stderr[-4000:]
    assert "MemoryError" not in proc.stderr, proc.stderr[-4000:]
    return result


def says(result: Run, *words: str) -> None:
    """The command's output names each of `words` (the file, what is wrong)."""
    for word in words:
        assert word in result.text, (word, result.text[-2000:])


# --- inputs ----------------------------------------------------------------------------------

def page_bytes() -> bytes:
    """The first page of the bundled contested-island thread: phpBB, UTF-8, Russian, 25
    posts."""
    with zipfile.ZipFile(GAME / "thread.zip") as zf:
        return zf.read("thread/page0001.html")


PAGE_POSTS = 25


def scrape(tmp_path: Path, *inputs: Path, extra: tuple[str, ...] = ()
           ) -> tuple[Run, dict[str, Any]]:
    out = tmp_path / "game.json"
    result = run("scrape", *inputs, "-o", out, "--quiet", "--posts-only", *extra,
                 cwd=tmp_path)
    log = json.loads(out.read_text(encoding="utf-8")) if result.code == 0 else {}
    return result, log


def issues(log: dict[str, Any], code: str) -> list[dict[str, Any]]:
    return [i for i in log.get("issues", []) if i["code"] == code]


def assert_issue(log: dict[str, Any], code: str, file_part: str, words: str = "") -> None:
    found = [i for i in issues(log, code) if file_part in (i["where"].get("file") or "")]
    assert found, f"no {code!r} issue naming {file_part!r}: {log.get('issues')}"
    assert words.lower() in found[0]["message"].lower(), found[0]


def pages_folder(tmp_path: Path) -> Path:
    """A folder holding one good page, so the scrape succeeds and the hostile files beside
    it show up as issues."""
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page0001.html").write_bytes(page_bytes())
    return folder


def with_body(page: bytes, body: str) -> bytes:
    """The page with its first post's body replaced by `body`."""
    text = page.decode("utf-8")
    start = text.index('<div class="content">') + len('<div class="content">')
    end = text.index("</div>", start)
    return (text[:start] + body + text[end:]).encode("utf-8")


# --- huge and big pages -------------------------------------------------------------------

def test_page_over_the_cap_is_skipped_unread(tmp_path: Path) -> None:
    folder = pages_folder(tmp_path)
    with open(folder / "page0002.html", "wb") as fh:
        fh.truncate(64 * 1024 * 1024 + 1)  # sparse: costs no disk, stat says 64 MB + 1
    result, log = scrape(tmp_path, folder)
    assert result.code == 0, result.text
    assert_issue(log, "page-too-large", "page0002.html", "page cap")
    assert len(log["posts"]) == PAGE_POSTS
    assert result.peak_mb < 600, result.peak_mb


def test_big_allowed_page_completes_within_the_caps(tmp_path: Path) -> None:
    text = page_bytes().decode("utf-8")
    start = text.index('<div id="p100002"')
    end = text.index('<div id="p100003"')
    block = text[start:end]
    copies = []
    size = 0
    n = 0
    while size < 24 * 1024 * 1024:
        n += 1
        copy = block.replace("100002", str(200000 + n))
        copies.append(copy)
        size += len(copy)
    page = tmp_path / "big.html"
    page.write_text(text[:end] + "".join(copies) + text[end:], encoding="utf-8")
    result, log = scrape(tmp_path, page)
    assert result.code == 0, result.text
    assert len(log["posts"]) == PAGE_POSTS + n
    print(f"big page: {page.stat().st_size / 2**20:.1f} MB, {len(log['posts'])} posts, "
          f"{result.seconds:.1f} s, peak RSS {result.peak_mb:.0f} MB")


# --- deep nesting -----------------------------------------------------------------------------

@pytest.mark.parametrize("tag", ["div", "blockquote", "span"])
def test_deeply_nested_post_body(tmp_path: Path, tag: str) -> None:
    depth = 100_000
    body = f"<{tag}>" * depth + "казнить Maui" + f"</{tag}>" * depth
    page = tmp_path / "deep.html"
    page.write_bytes(with_body(page_bytes(), body))
    result, log = scrape(tmp_path, page, extra=("--ruleset", "contested-island"))
    assert result.code in (0, 2), result.text
    if result.code == 2:
        says(result, "deep.html", "nest")
    else:
        assert log["posts"], "no post read"


def test_deeply_nested_quotes_with_votes(tmp_path: Path) -> None:
    # phpBB's quote markup, nested: the quote and vote readers walk it
    depth = 20_000
    quote = '<blockquote><div><cite>Gur написал:</cite>'
    body = quote * depth + "<strong>казнить Maui</strong>" + "</div></blockquote>" * depth
    page = tmp_path / "quotes.html"
    page.write_bytes(with_body(page_bytes(), body))
    out = tmp_path / "game.json"
    result = run("scrape", page, "-o", out, "--quiet", "--ruleset", "contested-island",
                 cwd=tmp_path)
    assert result.code == 0, result.text


# --- zips -------------------------------------------------------------------------------------

def _zip_with(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return path


@pytest.mark.parametrize(("size_mb", "code", "words"), [
    (16, "zip-bomb", "zip bomb"),  # under the page cap, but a ratio of about 1000:1
    (1024, "page-too-large", "page cap"),  # over the page cap by its header alone
], ids=["ratio", "gigabyte"])
def test_zip_bomb_entries_are_skipped(tmp_path: Path, size_mb: int, code: str,
                                      words: str) -> None:
    path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("thread/page0001.html", page_bytes())
        # zeros, streamed in (a gigabyte is never held in memory here either)
        with zf.open("thread/page0002.html", "w", force_zip64=True) as fh:
            chunk = bytes(8 * 1024 * 1024)
            for _ in range(size_mb // 8):
                fh.write(chunk)
    result, log = scrape(tmp_path, path)
    assert result.code == 0, result.text
    assert_issue(log, code, "page0002.html", words)
    assert len(log["posts"]) == PAGE_POSTS
    assert result.peak_mb < 600, result.peak_mb


def test_zip_with_too_many_entries(tmp_path: Path) -> None:
    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        for i in range(200_001):
            zf.writestr(f"{i}", b"")
    result, _ = scrape(tmp_path, path)
    assert result.code == 2, result.text
    says(result, "many.zip", "entries")


def test_entry_count_is_checked_before_the_entries_are_read(tmp_path: Path) -> None:
    # a zip of millions of entries would exhaust memory in zipfile's index before the
    # count could be checked: the end record's count is read first (in-process, with a low
    # cap, since making millions of entries takes minutes)
    from engine.errors import BadInputError
    from scrapers.archive.inputs import InputReport, Limits, read_inputs

    path = _zip_with(tmp_path / "count.zip", {f"{i}.html": b"" for i in range(30)})
    data = bytearray(path.read_bytes())
    end = data.rfind(b"PK\x05\x06")
    data[end + 8:end + 12] = (60_000).to_bytes(2, "little") * 2  # claims 60,000 entries
    path.write_bytes(bytes(data))
    with pytest.raises(BadInputError, match="60000 entries is over the cap of 100"):
        list(read_inputs([path], InputReport(), limits=Limits(max_entries=100)))


def test_zip_inside_the_zip_is_not_opened(tmp_path: Path) -> None:
    inner = _zip_with(tmp_path / "inner.zip", {"thread/page0001.html": page_bytes()})
    outer = _zip_with(tmp_path / "outer.zip", {"thread/page0001.html": page_bytes(),
                                               "thread/more.zip": inner.read_bytes()})
    result, log = scrape(tmp_path, outer)
    assert result.code == 0, result.text
    assert_issue(log, "nested-archive", "more.zip", "zip inside")


def _lie_about_size(path: Path, name: str, size: int) -> None:
    """Rewrite the uncompressed size `name`'s headers declare (local and central)."""
    data = bytearray(path.read_bytes())
    encoded = name.encode()
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        at = data.find(signature)
        while at >= 0:
            if data[at + name_at:at + name_at + len(encoded)] == encoded:
                data[at + size_at:at + size_at + 4] = size.to_bytes(4, "little")
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))


def test_zip_entries_with_false_sizes(tmp_path: Path) -> None:
    path = _zip_with(tmp_path / "liar.zip", {"thread/page0001.html": page_bytes(),
                                             "thread/page0002.html": bytes(8 * 1024 * 1024),
                                             "thread/page0003.html": page_bytes()})
    _lie_about_size(path, "thread/page0002.html", 1000)  # says 1000 bytes, holds 8 MB
    _lie_about_size(path, "thread/page0003.html", 2**32 - 1)  # says 4 GB
    result, log = scrape(tmp_path, path)
    assert result.code == 0, result.text
    assert_issue(log, "zip-entry-unreadable", "page0002.html", "cannot read")
    assert issues(log, "page-too-large") or issues(log, "zip-entry-unreadable")
    assert len(log["posts"]) == PAGE_POSTS


def test_zip_entries_escaping_the_archive(tmp_path: Path) -> None:
    path = tmp_path / "escape.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("thread/page0001.html", page_bytes())
        zf.writestr("../evil.html", page_bytes())
        zf.writestr("/etc/evil.html", page_bytes())
        # a Windows path: zipfile would turn backslashes into '/', so the name is set raw
        info = zipfile.ZipInfo("thread/x")
        info.filename = "..\\..\\evil2.html"
        zf.writestr(info, page_bytes())
        link = zipfile.ZipInfo("thread/link.html")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, "/etc/passwd")
    result, log = scrape(tmp_path, path)
    assert result.code == 0, result.text
    unsafe = {i["where"]["file"] for i in issues(log, "zip-unsafe-path")}
    assert any("../evil.html" in f for f in unsafe), unsafe
    assert any("/etc/evil.html" in f for f in unsafe), unsafe
    assert any("..\\..\\evil2.html" in f for f in unsafe), unsafe
    assert_issue(log, "zip-symlink", "link.html", "symbolic link")
    assert len(log["posts"]) == PAGE_POSTS
    assert not (tmp_path.parent / "evil.html").exists()


# --- folders: symlinks, FIFOs, directories, permissions ---------------------------------------

def test_symlinks_outside_and_in_a_loop(tmp_path: Path) -> None:
    folder = pages_folder(tmp_path)
    secret = tmp_path / "secret.html"
    secret.write_bytes(page_bytes())
    (folder / "outside.html").symlink_to(secret)
    (folder / "loop-a.html").symlink_to(folder / "loop-b.html")
    (folder / "loop-b.html").symlink_to(folder / "loop-a.html")
    (folder / "sub").mkdir()
    (folder / "sub" / "up").symlink_to(folder, target_is_directory=True)  # a folder loop
    (folder / "dangling.html").symlink_to(folder / "missing.html")
    result, log = scrape(tmp_path, folder)
    assert result.code == 0, result.text
    assert_issue(log, "symlink-outside", "outside.html", "outside the folder")
    assert_issue(log, "broken-symlink", "loop-a.html", "loop")
    assert_issue(log, "broken-symlink", "dangling.html", "")
    assert len(log["posts"]) == PAGE_POSTS


def test_fifo_in_the_folder_and_on_the_command_line(tmp_path: Path) -> None:
    folder = pages_folder(tmp_path)
    os.mkfifo(folder / "page0002.html")
    result, log = scrape(tmp_path, folder)
    assert result.code == 0, result.text
    assert_issue(log, "not-a-file", "page0002.html", "not a regular file")
    result, _ = scrape(tmp_path, folder / "page0002.html")
    assert result.code == 2, result.text
    says(result, "page0002.html", "not a regular file")


def test_directory_named_like_a_page(tmp_path: Path) -> None:
    folder = pages_folder(tmp_path)
    (folder / "page0002.html").mkdir()
    (folder / "page0002.html" / "page0003.html").write_bytes(page_bytes())
    result, log = scrape(tmp_path, folder)
    assert result.code == 0, result.text
    assert {s["path"] for s in log["meta"]["sources"]} >= {"page0002.html/page0003.html"}


def test_unreadable_file(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("running as root: file permissions do not stop root from reading")
    folder = pages_folder(tmp_path)
    locked = folder / "page0002.html"
    locked.write_bytes(page_bytes())
    locked.chmod(0)
    try:
        result, log = scrape(tmp_path, folder)
    finally:
        locked.chmod(0o600)
    assert result.code == 0, result.text
    assert_issue(log, "unreadable-file", "page0002.html", "cannot read")


# --- binary and empty files -------------------------------------------------------------------

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00"
       b"\x00\x90wS\xde" + bytes(200))


def test_binary_and_empty_files_named_html(tmp_path: Path) -> None:
    folder = pages_folder(tmp_path)
    (folder / "image.html").write_bytes(PNG)
    (folder / "random.html").write_bytes(random.Random(10).randbytes(256 * 1024))
    (folder / "zeros.html").write_bytes(bytes(1024 * 1024))
    (folder / "empty.html").write_bytes(b"")
    result, log = scrape(tmp_path, folder)
    assert result.code == 0, result.text
    named = {i["where"].get("file") for i in log["issues"]}
    for name in ("image.html", "random.html", "zeros.html", "empty.html"):
        assert any(name in (f or "") for f in named), (name, log["issues"])
    assert len(log["posts"]) == PAGE_POSTS


@pytest.mark.parametrize("name", ["image", "random", "zeros", "empty"])
def test_binary_file_alone_is_bad_input(tmp_path: Path, name: str) -> None:
    data = {"image": PNG, "random": random.Random(11).randbytes(64 * 1024),
            "zeros": bytes(64 * 1024), "empty": b""}[name]
    page = tmp_path / f"{name}.html"
    page.write_bytes(data)
    result, _ = scrape(tmp_path, page)
    assert result.code == 2, result.text
    assert f"{name}.html" in result.text, result.text


# --- wrong encodings --------------------------------------------------------------------------

def _recoded(charset: str | None, encoding: str, *, errors: str = "strict") -> bytes:
    text = page_bytes().decode("utf-8")
    if charset is not None:
        text = text.replace('<meta charset="utf-8" />', f'<meta charset="{charset}" />')
    return text.encode(encoding, errors=errors)


@pytest.mark.parametrize(("case", "data"), [
    ("utf16-bom", lambda: _recoded(None, "utf-16")),
    ("utf16-no-bom", lambda: _recoded(None, "utf-16-le")),
    ("utf8-says-1251", lambda: _recoded("windows-1251", "utf-8")),
    ("koi8r", lambda: _recoded("koi8-r", "koi8-r", errors="xmlcharrefreplace")),
    ("mixed", lambda: (lambda b: b[:len(b) // 2] + _recoded(None, "cp1251", errors="replace")
                       [len(b) // 2:])(page_bytes())),
])
def test_wrong_encodings(tmp_path: Path, case: str, data: object) -> None:
    page = tmp_path / f"{case}.html"
    page.write_bytes(data())  # type: ignore[operator]
    result, log = scrape(tmp_path, page)
    if result.code == 2:
        assert f"{case}.html" in result.text, result.text
        return
    assert result.code == 0, result.text
    assert log["posts"], "no posts read"
    authors = {p["author"] for p in log["posts"]}
    assert "Smotritel" in authors, authors
    bodies = " ".join(p["text"] for p in log["posts"])
    assert "казнить" in bodies, bodies[:500]
    assert "Р°" not in bodies, bodies[:500]  # no mojibake
    if case in ("utf8-says-1251", "mixed"):  # the page's <meta> is wrong: said so
        assert_issue(log, "charset-mismatch", f"{case}.html", "declares")


# --- GM logs ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("case", "expected"), [
    ("binary", "not UTF-8"), ("one-line-50mb", "cap on a GM log"),
    ("long-line", ""), ("nul-bytes", ""),
    ("fifo", "not a regular file")])
def test_hostile_gm_log(tmp_path: Path, case: str, expected: str) -> None:
    gm_log = tmp_path / "gm-log.txt"
    if case == "binary":
        gm_log.write_bytes(PNG)
    elif case == "one-line-50mb":
        with open(gm_log, "wb") as fh:
            fh.write(b"Night 1: Maui kills Zanzibar. " * (50 * 1024 * 1024 // 30))
    elif case == "long-line":  # under the file cap, but one line would take minutes
        gm_log.write_bytes(b"Night 1\n" + b"x" * 102400 + b"\n")
    elif case == "nul-bytes":
        gm_log.write_bytes((GAME / "gm-log.txt").read_bytes().replace(b"\n", b"\x00\n")
                           + (bytes(1000) + b"\n") * 64)
    else:
        os.mkfifo(gm_log)
    out = tmp_path / "game.json"
    result = run("scrape", GAME / "thread.zip", "-o", out, "--quiet", "--ruleset",
                 "contested-island", "--gm-log", gm_log, cwd=tmp_path)
    if case == "nul-bytes":  # text after all: read leniently, what is unreadable an issue
        assert result.code == 0, result.text
        log = json.loads(out.read_text(encoding="utf-8"))
        assert any((i["where"].get("file") or "") == "gm-log.txt" for i in log["issues"])
        return
    if case == "long-line":  # one line that would take minutes: reported, the rest read
        assert result.code == 0, result.text
        log = json.loads(out.read_text(encoding="utf-8"))
        (long,) = [i for i in log["issues"] if i["code"] == "line-too-long"]
        assert (long["where"]["file"], long["where"]["line"]) == ("gm-log.txt", 2)
        assert long["message"].startswith("102,400 characters")
        return
    assert result.code == 2, result.text
    says(result, "gm-log.txt", expected)


# --- game.toml through `mafiakit corpus` --------------------------------------------------------

@pytest.mark.parametrize(("case", "expected"), [
    ("huge", "cap: not a game descriptor"), ("binary", "not UTF-8"),
    ("escaping", "points outside the game's folder"), ("deep", "nested too deeply"),
    ("fifo", "'log.fifo' is not a regular file"),
    ("fifo-descriptor", "not a regular file")])
def test_hostile_descriptor(tmp_path: Path, case: str, expected: str) -> None:
    games = tmp_path / "games"
    folder = games / "g1"
    folder.mkdir(parents=True)
    (folder / "thread.zip").write_bytes((GAME / "thread.zip").read_bytes())
    toml = folder / "game.toml"
    if case == "huge":
        toml.write_bytes(b'ruleset = "contested-island"\n' + b"# padding\n" * 3_000_000)
    elif case == "binary":
        toml.write_bytes(PNG)
    elif case == "escaping":
        toml.write_text('ruleset = "contested-island"\npages = ["../../../etc"]\n',
                        encoding="utf-8")
    elif case == "deep":
        toml.write_text('ruleset = "contested-island"\nx = ' + "[" * 100_000 + "]" * 100_000
                        + "\n", encoding="utf-8")
    elif case == "fifo-descriptor":  # game.toml itself a FIFO: hashing it blocked the run
        os.mkfifo(toml)
    else:  # a FIFO named as the GM log (hashing it would block the run)
        os.mkfifo(folder / "log.fifo")
        toml.write_text('ruleset = "contested-island"\ngm_log = "log.fifo"\n',
                        encoding="utf-8")
    result = run("corpus", games, "--db", tmp_path / "c.duckdb", cwd=tmp_path)
    assert result.code == 0, result.text  # a failed game is recorded; the run goes on
    says(result, "1 failed", "game.toml", expected)


# --- game logs: `mafiakit verify` and engine.gamelog.load ---------------------------------------

@pytest.mark.parametrize("how", ["verify", "load"])
@pytest.mark.parametrize("case", ["deep-arrays", "string-200mb", "gzip-bomb"])
def test_hostile_game_log(tmp_path: Path, case: str, how: str) -> None:
    if case == "deep-arrays":
        path = tmp_path / "deep.json"
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
        expected = "nested too deeply"
    elif case == "string-200mb":
        path = tmp_path / "long.json"
        sample = json.loads((ROOT / "data" / "sample" / "island-mini.json").read_text())
        text = json.dumps(sample)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text[:-1] + ', "padding": "')
            chunk = "x" * (1024 * 1024)
            for _ in range(200):
                fh.write(chunk)
            fh.write('"}')
        expected = "Extra inputs are not permitted"
    else:
        path = tmp_path / "bomb.json.gz"
        member = gzip.compress(b" " * (64 * 1024 * 1024), compresslevel=9)
        path.write_bytes(member * 32)  # gzip members in a row: 2 GB of spaces
        expected = "a gzip bomb"
    args = ("verify", path) if how == "verify" else ("load", path)
    result = run(*args, cwd=tmp_path)
    assert result.code == 2, result.text
    says(result, path.name, expected)
    assert len(result.err) < 20_000, "the message should not quote the whole input"
