"""The votes figure of the real mafiascum corpus with and without the archive notes'
corrections of single marks ('X voted Y in post N but ...', 'X did not vote in post N but
...', 'X tried to vote ... but moderator ignored it').

Only the games whose notes hold such a correction can differ, so only they are imported,
both ways; the days that change are printed by game and day, with the figure of those games
both ways. (The whole corpus figure, corrections on, is `test_corpus_figures.py`'s; without
them it is that figure minus the days fixed here plus the days broken.)

Run with ``-s`` to see the table. Skipped with the reason when ../shared is absent.
"""

from __future__ import annotations

import pytest

from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from scrapers.importers.mafiascum_archive import find_block, read_game, split_blocks
from scrapers.importers.mafiascum_notes import corrected_votes, not_votes, ruled_out_marks
from tests.conftest import corpus_threads, need_corpus
from toolkit.daycheck import check_days


@pytest.mark.corpus
def test_the_figure_with_and_without_the_notes_corrections() -> None:
    corpus = need_corpus()
    archive = corpus / "archive.txt"
    blocks = split_blocks(archive.read_text(encoding="utf-8-sig"))
    noted: list[str] = []
    for thread in corpus_threads():
        game = read_game(find_block(blocks, thread, "archive.txt"), "archive.txt")
        if corrected_votes(game) or not_votes(game) or ruled_out_marks(game):
            noted.append(thread)
    assert noted, "the corpus notes hold corrections of single marks"
    files = [MafiascumFiles(corpus / "posts" / f"{t}.jsonl.gz", archive,
                            corpus / "transitions.tsv") for t in noted]
    on = [c for f in files for c in check_days(import_mafiascum(f))]
    off = [c for f in files for c in check_days(import_mafiascum(f, note_corrections=False))]
    assert [(c.game, c.day) for c in on] == [(c.game, c.day) for c in off]
    changed = [(a, b) for a, b in zip(on, off, strict=True) if a.agrees != b.agrees]
    print(f"\nnotes' corrections in {len(noted)} games ({len(on)} scored days): "
          f"{sum(c.agrees for c in on)} agree with them, {sum(c.agrees for c in off)} "
          "without them")
    for a, b in changed:
        print(f"  {a.game} day {a.day}: recorded {a.recorded}; with {a.counted} "
              f"({'agrees' if a.agrees else 'misses'}), without {b.counted} "
              f"({'agrees' if b.agrees else 'misses'})")
    # the corrections are a person's reading of the posts: they must not break a day
    assert all(a.agrees for a, _ in changed), changed
