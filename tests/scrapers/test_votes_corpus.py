"""The acceptance figure of the votes work: on every day of the 98 real mafiascum games whose
outcome the archive records (a slot 'lynched Day N', or 'DN No Lynch' in the notes), the
re-count of the imported game gives the same outcome on at least 97% of them (the issue's
goal; measured 97.0%, 425/438, when written). Prints the figure and the table of misses with
their clues (run with -s); the README explains each remaining miss. Skipped with the reason
when ../shared is absent.
"""

from __future__ import annotations

import pytest

from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.conftest import corpus_threads, need_corpus
from toolkit.daycheck import DayCheck, agreement, check_days, miss_table

GOAL = 0.97  # the acceptance figure of the issue


@pytest.mark.corpus
def test_recount_agrees_with_the_archive() -> None:
    corpus = need_corpus()
    checks: list[DayCheck] = []
    for thread in corpus_threads():
        log = import_mafiascum(MafiascumFiles(corpus / "posts" / f"{thread}.jsonl.gz",
                                              corpus / "archive.txt",
                                              corpus / "transitions.tsv"))
        checks.extend(check_days(log))
    agree, total = agreement(checks)
    table = miss_table(checks)
    print(f"\n{agree}/{total} days agree ({agree / total:.1%}; goal {GOAL:.0%})\n{table}")
    assert total > 400
    assert agree / total >= GOAL, f"{agree}/{total} = {agree / total:.1%}\n{table}"
