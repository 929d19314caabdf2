"""Day boundaries the mafiascum importer cannot take from transitions.tsv, on the small
made-up dataset of `mafiascum_fixture`: a day past the end of the game's row (donbot's rows
often stop before the last day, whose lynch ended the game), and a day after one whose end
is unknown."""

from __future__ import annotations

from pathlib import Path

from engine.day import count_day
from engine.day.window import day_window
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.scrapers import mafiascum_fixture as fx


def _files(ds: fx.Dataset) -> MafiascumFiles:
    return MafiascumFiles(ds.posts, ds.archive, ds.transitions)


# the row names days 1 and 2 only; the archive's "Eve ... lynched Day 3" names day 3
_SHORT_ROW = fx.TRANSITIONS.replace(f"{fx.GAME}\t5\t9\t12\t-", f"{fx.GAME}\t5\t9\t-\t")


def test_a_day_past_the_row_ends_at_the_moderators_announcement(tmp_path: Path) -> None:
    log = import_mafiascum(_files(fx.write(tmp_path, transitions=_SHORT_ROW)))
    d3 = log.phase("D3")
    assert d3.start is not None
    assert d3.start.post == 10  # "Nobody died. Day 3 has begun."
    assert d3.end is not None
    assert (d3.end.post, d3.end.source) == (12, "gm-post")  # "Eve was lynched. Town wins!"
    issues = [i for i in log.issues if i.code == "transition-beyond-row"]
    assert len(issues) == 1
    assert issues[0].severity == "warning"
    assert "stops at Day 2" in issues[0].message
    assert "Day 3" in issues[0].message
    assert "taken from the moderator's post 12" in issues[0].message
    # the day is closed, so its count is decided (before, it stayed open: "no-close")
    assert count_day(log, 3).decided_by != "no-close"
    # the days the row records keep their ends
    assert [log.phase(f"D{d}").end.post for d in (1, 2)] == [5, 9]  # type: ignore[union-attr]


def test_a_day_past_the_row_without_an_announcement_stays_open(tmp_path: Path) -> None:
    records = [dict(r, content="Thanks all.") if r["number"] == 12 else r for r in fx.posts()]
    log = import_mafiascum(_files(fx.write(tmp_path, records, transitions=_SHORT_ROW)))
    assert log.phase("D3").end is None
    issue = next(i for i in log.issues if i.code == "transition-beyond-row")
    assert "no moderator post after post 10 announces its end: it is left open" in issue.message
    assert "the posts file stops at post 12" in issue.message
    assert count_day(log, 3).decided_by == "no-close"


def test_a_full_row_reports_nothing_past_it(tmp_path: Path) -> None:
    log = import_mafiascum(_files(fx.write(tmp_path)))
    assert "transition-beyond-row" not in {i.code for i in log.issues}
    assert log.phase("D3").end is not None
    assert log.phase("D3").end.source == "transitions"  # type: ignore[union-attr]


def test_a_day_after_an_unknown_end_runs_from_the_day_before_it(tmp_path: Path) -> None:
    # day 2's end is 'missing' and not announced either: day 3 cannot begin before day 2
    # did (post 6), so day 1's votes are not day 3's
    transitions = fx.TRANSITIONS.replace(f"{fx.GAME}\t5\t9\t12", f"{fx.GAME}\t5\tmissing\t12")
    records = [dict(r, content="Thanks all.") if r["number"] in (9, 10) else r
               for r in fx.posts()]
    log = import_mafiascum(_files(fx.write(tmp_path, records, transitions=transitions)))
    assert log.phase("D2").end is None
    window = day_window(log, 3)
    assert window.before == 6  # the start of day 2, not the thread's first post
    result = count_day(log, 3)
    seen = {n.post for n in result.not_counted} | {at for at, _ in result.standings}
    assert [v.post for v in log.votes] == [2]  # Alice's day 1 vote on Bob
    assert 2 not in seen  # not read as a day 3 vote on a dead player
