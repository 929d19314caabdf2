"""`Model.trusted` makes what `model_construct` makes, for every game-log model: the same
fields, defaults (each record its own copy of a mutable one), fields set and dump; and it
still refuses an unknown field or a missing required one."""

from __future__ import annotations

import inspect
from datetime import UTC, datetime
from typing import Any

import pytest

import engine.gamelog as gamelog
from engine.gamelog import Post, Quote
from engine.gamelog.base import Model

MODELS = sorted((m for m in vars(gamelog).values()
                 if inspect.isclass(m) and issubclass(m, Model) and m is not Model),
                key=lambda m: m.__name__)


def _required(model: type[Model]) -> dict[str, Any]:
    """Values of the right type for each required field, from the defaults of a fresh
    `model_construct` the test can compare against (None stands in for any value)."""
    return {name: None for name, info in model.model_fields.items() if info.is_required()}


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_model_as_model_construct(model: type[Model]) -> None:
    values = _required(model)
    made = model.trusted(**values)
    built = model.model_construct(**values)
    assert made.__dict__ == built.__dict__
    assert list(made.__dict__) == list(built.__dict__)  # field order
    assert made.model_fields_set == built.model_fields_set == set(values)
    assert made.__pydantic_extra__ == built.__pydantic_extra__
    assert made.__pydantic_private__ == built.__pydantic_private__
    again = model.trusted(**values)
    for name, value in made.__dict__.items():
        if isinstance(value, list | dict | set):  # a mutable default: not shared
            assert value is not again.__dict__[name], name


def test_a_post_in_full() -> None:
    quote = Quote.trusted(author="Gorse", post_id="77", text="vote Heath")
    fields: dict[str, Any] = {
        "number": 3, "id": "p9", "author": "Ivy", "author_id": "12",
        "time": datetime(2020, 1, 2, tzinfo=UTC), "page": "f.html", "html": "<b>x</b>",
        "text": "x", "quotes": [quote]}
    made = Post.trusted(**fields)
    assert made == Post.model_construct(**fields) == Post.model_validate(fields)
    assert made.model_dump_json() == Post.model_validate(fields).model_dump_json()
    assert (made.gm, made.slot, made.deleted) == (False, None, False)


def test_unknown_and_missing_fields_refused() -> None:
    with pytest.raises(TypeError, match="no field colour"):
        Quote.trusted(text="x", colour="red")
    with pytest.raises(TypeError, match="needs number"):
        Post.trusted(author="Ivy", html="", text="")
