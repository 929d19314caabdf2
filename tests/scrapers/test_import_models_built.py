"""The importer builds its posts and quotes without validating them again (their values are
checked where they are read): each must be the model validation gives, field for field,
and the log must load back the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.gamelog import GameLog, Post, Quote
from scrapers.html_text import body_text
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.scrapers import mafiascum_fixture as fx


def test_imported_posts_are_what_validation_gives(tmp_path: Path) -> None:
    ds = fx.write(tmp_path)
    log = import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))
    assert len(log.posts) == 13
    for post in log.posts:
        again = Post.model_validate(post.model_dump())
        assert again == post
        assert again.model_dump_json() == post.model_dump_json()
        assert post.model_fields_set >= {"number", "id", "author", "html", "text", "quotes"}
    quoted = log.posts[3]
    assert [(q.author, q.text) for q in quoted.quotes] == [("Alice", "VOTE: Bob")]
    assert all(type(q) is Quote for q in quoted.quotes)
    loaded = GameLog.model_validate_json(log.model_dump_json())
    assert loaded.model_dump_json() == log.model_dump_json()


def test_quotes_of_a_body_are_what_validation_gives() -> None:
    body = body_text('<cite>Gorse wrote:</cite><blockquote cite="x?p=77">vote Heath</blockquote>'
                     "<blockquote>unsigned</blockquote>mine")
    assert body.text == "mine"
    assert [Quote.model_validate(q.model_dump()) for q in body.quotes] == body.quotes
    assert [(q.author, q.post_id, q.text) for q in body.quotes] == [
        ("Gorse", "77", "vote Heath"), (None, None, "unsigned")]


def test_a_negative_post_number_is_still_refused_by_validation(tmp_path: Path) -> None:
    records = fx.posts()
    records[4]["number"] = -4
    ds = fx.write(tmp_path, records)
    with pytest.raises(ValidationError):
        import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))
