"""The README's three ways in (issue 23): they come first, and every command they show is a
real command taking the options shown; the commands on the bundled data run as said."""

from __future__ import annotations

import re
import shlex

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app

README = (ROOT / "README.md").read_text(encoding="utf-8")
QUICK = README.split("\n## Three ways in\n", 1)[1].split("\n## ", 1)[0]


def _shown_commands() -> list[str]:
    """Every `mafiakit ...` line of the quick starts' code blocks, and every inline
    `mafiakit ...` in their text."""
    blocks = re.findall(r"```sh\n(.*?)```", QUICK, flags=re.S)
    found = [line.strip() for b in blocks for line in b.splitlines()
             if line.strip().startswith("mafiakit ")]
    found += re.findall(r"`(mafiakit [^`]+)`", QUICK)
    return found


def _path(words: list[str]) -> list[str]:
    """The (sub)command of `mafiakit` words: `import mafiascum`, else the first word."""
    return words[:2] if words[0] == "import" else words[:1]


def test_the_quick_starts_come_right_after_the_two_commands() -> None:
    head, rest = README.split("\n## ", 1)
    assert head.index("./run demo") < head.index("./run test")
    assert rest.startswith("Three ways in\n")
    for who in ("### A player: review your own game", "### A dispute checker",
                "### A researcher"):
        assert who in QUICK
    for needed in ("mafiakit report", "mafiakit verify", "--ruling", "--at-post",
                   "mafiakit corpus", "07_cross_game", "duckdb", "confirmed", "disputed",
                   "unverifiable", "ruling-dependent", "chain"):
        assert needed in QUICK, needed


COMMANDS = _shown_commands()


def test_the_quick_starts_show_the_commands() -> None:
    shown = {" ".join(_path(shlex.split(c)[1:])) for c in COMMANDS}
    assert {"scrape", "import mafiascum", "report", "verify", "votes", "rulesets",
            "corpus", "summary"} <= shown


@pytest.mark.parametrize("command", COMMANDS)
def test_a_shown_command_exists_with_its_options(command: str) -> None:
    words = shlex.split(command)[1:]
    if words in (["--help"], ["--version"]) or words[0].startswith("COMMAND"):
        return
    out = CliRunner().invoke(app, [*_path(words), "--help"])
    assert out.exit_code == 0, f"{command}: {out.output}"
    text = " ".join(out.output.split())
    for option in (w.split("=")[0] for w in words if w.startswith("--")):
        assert option in text, f"{command}: `{option}` is not an option of it"


def test_the_bundled_dispute_runs_as_said() -> None:
    [check] = [c for c in COMMANDS if c.startswith("mafiakit verify data/")]
    [at_post] = [c for c in COMMANDS if c.startswith("mafiakit votes data/")]
    verify = CliRunner().invoke(app, shlex.split(check)[1:])
    assert verify.exit_code == 1, verify.output  # the planted counts are disputed
    assert "Kala Nag: the GM has them not voting, the re-count on Mor since post 23" in \
        " ".join(verify.stdout.split())
    votes = CliRunner().invoke(app, shlex.split(at_post)[1:])
    assert votes.exit_code == 0, votes.output
    assert "as of post 29" in votes.stdout


def test_linked_docs_exist() -> None:
    links = re.findall(r"\]\(((?:docs/)[^)#]+)", README)
    assert {"docs/scraping.md", "docs/mafiascum.md", "docs/nights.md",
            "docs/development.md"} <= set(links)
    for link in links:
        assert (ROOT / link).is_file(), link
    for doc in (ROOT / "docs").glob("*.md"):
        for target in re.findall(r"\]\(([^)#]+)", doc.read_text(encoding="utf-8")):
            assert (doc.parent / target).exists(), f"{doc.name}: {target}"
