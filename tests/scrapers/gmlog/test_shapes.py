"""Each shape of GM log in each language, read and compared with its expected parse saved
next to it (tests/scrapers/gmlog/logs/<name>.expected.json), and every line accounted for:
used, reported with a reason, or blank/decoration, one of the three."""

from __future__ import annotations

import pytest

from tests.scrapers.gmlog.fixtures import GAME_OF, expected, game, log_path, parse, summary

SHAPES = {
    "lines": "one line per action, dash and arrow variants",
    "table": "a table with a header row (Markdown pipes or tabs)",
    "blocks": "per-night blocks under night headers",
    "prose": "prose with inflected verbs and names",
    "morning": "the morning newspaper and the day's elimination",
    "roles": "the final roles post",
}


@pytest.mark.parametrize("name", sorted(GAME_OF))
def test_the_log_reads_as_expected(name: str) -> None:
    assert summary(parse(name)) == expected(name)


@pytest.mark.parametrize("name", sorted(GAME_OF))
def test_every_line_is_used_reported_or_decoration(name: str) -> None:
    gm = parse(name)
    lines = log_path(name).read_text(encoding="utf-8").splitlines()
    assert gm.lines == len(lines)
    used, silent, reported = gm.used, gm.silent, gm.reported
    assert not used & silent
    assert not used & reported
    assert not silent & reported
    assert used | silent | reported == set(range(1, len(lines) + 1))
    # nothing about a player is passed over in silence
    ids = [slot.id for slot in game(name).players]
    for line in silent:
        text = lines[line - 1]
        assert not any(slot in text for slot in ids), text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_five_shapes_or_more_per_language(lang: str) -> None:
    shapes = {name.split("_")[1] for name in GAME_OF if name.startswith(lang + "_")}
    assert len(shapes & set(SHAPES)) >= 5, shapes


def test_the_logs_that_read_cleanly_report_nothing() -> None:
    for name in GAME_OF:
        if "reported" not in name:
            assert parse(name).issues == [], name


def test_actions_point_at_their_line() -> None:
    gm = parse("ru_lines")
    lines = log_path("ru_lines").read_text(encoding="utf-8").splitlines()
    for action in gm.actions():
        assert action.source is not None
        assert action.source.kind == "gm-log"
        assert action.source.file == "ru_lines.txt"
        assert action.source.line is not None
        assert action.raw == lines[action.source.line - 1].strip()
