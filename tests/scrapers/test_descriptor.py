"""`game.toml` (scrapers.descriptor): what a folder says about its thread, each mistake
named with the file and the key, and no path leading out of the game's folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.errors import BadInputError
from engine.rulesets import get_ruleset
from scrapers.descriptor import DESCRIPTOR, read_descriptor


def _game(tmp_path: Path, text: str, files: tuple[str, ...] = ("thread.zip",)) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    for name in files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"x")
    (folder / DESCRIPTOR).write_text(text, encoding="utf-8")
    return folder / DESCRIPTOR


def test_every_field(tmp_path: Path) -> None:
    path = _game(tmp_path, 'ruleset = "world-cup-2018"\ngm = ["Ведущий", "Со-ведущий"]\n'
                 'timezone = "Europe/Moscow"\npages = ["p1.html", "more"]\n'
                 'gm_log = "log/gm.txt"\nroster = "roster.txt"\n',
                 ("p1.html", "more/p2.html", "more/p3.html", "log/gm.txt", "roster.txt"))
    game = read_descriptor(path)
    folder = path.parent
    assert game.ruleset == "world-cup-2018"
    assert game.gms == ("Ведущий", "Со-ведущий")
    assert game.timezone == "Europe/Moscow"
    assert game.pages == (folder / "p1.html", folder / "more")
    assert (game.gm_log, game.roster) == (folder / "log/gm.txt", folder / "roster.txt")
    # what a batch run hashes: the descriptor, every page (a folder's files sorted), the rest
    assert game.files() == [path, folder / "p1.html", folder / "more/p2.html",
                            folder / "more/p3.html", folder / "log/gm.txt",
                            folder / "roster.txt"]


def test_the_defaults(tmp_path: Path) -> None:
    path = _game(tmp_path, 'ruleset = "mafiascum"\ngm = "Host"\n',
                 ("thread.zip", "gm-log.txt"))
    game = read_descriptor(path)
    assert game.gms == ("Host",)  # one GM may be written without a list
    assert (game.timezone, game.roster) == ("UTC", None)
    assert game.pages == (path.parent / "thread.zip",)
    assert game.gm_log == path.parent / "gm-log.txt"


def test_pages_folder_by_default_and_no_gm_log(tmp_path: Path) -> None:
    path = _game(tmp_path, 'ruleset = "mafiascum"\n', ("pages/page1.html",))
    game = read_descriptor(path)
    assert game.pages == (path.parent / "pages",)
    assert (game.gms, game.gm_log) == ((), None)


@pytest.mark.parametrize(("text", "files", "where", "message"), [
    ('ruleset = "chess"\n', ("thread.zip",), "ruleset", "unknown rule set 'chess'"),
    ('ruleset = "mafiascum"\nhost = "x"\n', ("thread.zip",), "line 2: host",
     "unknown key; the keys are: ruleset, gm"),
    ('ruleset = "mafiascum"\ngm = 3\n', ("thread.zip",), "line 2: gm", "valid list"),
    ('ruleset = "mafiascum"\n', ("page.html",), "pages", "no thread.zip or pages/"),
    ('ruleset = "mafiascum"\npages = ["gone.zip"]\n', (), "pages", "'gone.zip' does not exist"),
    ('ruleset = "mafiascum"\npages = ["../other/thread.zip"]\n', ("thread.zip",), "pages",
     "'../other/thread.zip' points outside the game's folder"),
    ('ruleset = "mafiascum"\ngm_log = "/etc/passwd"\n', ("thread.zip",), "gm_log",
     "points outside"),
    ('ruleset = "mafiascum"\nroster = "none.txt"\n', ("thread.zip",), "roster",
     "does not exist"),
    ('ruleset = "mafiascum\n', ("thread.zip",), None, "not valid TOML"),
], ids=["unknown-ruleset", "unknown-key", "gm-not-text", "no-pages",
        "missing-pages", "escaping-path", "absolute-path", "missing-roster", "broken-toml"])
def test_mistakes_are_named(tmp_path: Path, text: str, files: tuple[str, ...],
                            where: str | None, message: str) -> None:
    path = _game(tmp_path, text, files)
    with pytest.raises(BadInputError) as caught:
        read_descriptor(path)
    assert caught.value.file == str(path)
    assert caught.value.where == where
    assert message in caught.value.message


def test_no_ruleset_is_the_generic_forum_rule_set(tmp_path: Path) -> None:
    """A descriptor with neither `ruleset` nor `[rules]` is scraped under the generic forum
    rule set (the scrape warns), as `mafiakit scrape` with no --ruleset is."""
    game = read_descriptor(_game(tmp_path, 'gm = "Host"\n', ("thread.zip",)))
    assert game.rules is None
    assert get_ruleset(game.ruleset).id == "forum"


def test_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("not a game", encoding="utf-8")
    path = _game(tmp_path, 'ruleset = "mafiascum"\ngm_log = "gm-log.txt"\n')
    os.symlink(outside, path.parent / "gm-log.txt")
    with pytest.raises(BadInputError, match="points outside"):
        read_descriptor(path)


def test_a_file_that_is_not_text(tmp_path: Path) -> None:
    path = _game(tmp_path, "")
    path.write_bytes(b"\xff\xfe\x00ruleset")
    with pytest.raises(BadInputError, match="cannot be read"):
        read_descriptor(path)
