"""Shared building blocks of the game-log format: the base model, phase keys, source pointers.

Every record in a game log says where it came from (`SourceRef`), because the log is evidence:
someone checking a GM's ruling must be able to go back to the post or log line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticUndefined

# A JSON value as stored in free-form option and detail maps. Kept to scalars and lists of
# scalars so that the JSON Schema stays simple and DataFrame views stay flat.
Scalar = str | int | float | bool | None
OptionValue = Scalar | list[str] | list[int]


_MISSING: Any = object()  # a field neither given nor defaulted, in `Model.trusted`'s template

_IMMUTABLE = (type(None), bool, int, float, str, bytes, frozenset)


class Model(BaseModel):
    """Base of every game-log record: unknown fields are an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid", validate_default=True, use_enum_values=False)

    # per class, made once when the class is complete: every field in order with its
    # constant default (or `_MISSING`), and the fields whose default is made per record
    __mk_template__: dict[str, Any]
    __mk_factories__: tuple[tuple[str, Callable[[], Any]], ...]
    __mk_required__: frozenset[str]  # the fields with no default
    __mk_plain__: bool  # no post-init, no private attributes: `trusted` may build it

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        template: dict[str, Any] = {}
        factories: list[tuple[str, Callable[[], Any]]] = []
        for name, info in cls.model_fields.items():
            template[name] = _MISSING
            if info.default_factory is not None:
                factories.append((name, info.default_factory))  # type: ignore[arg-type]
            elif info.default is not PydanticUndefined:
                if isinstance(info.default, _IMMUTABLE):
                    template[name] = info.default
                else:  # a list or the like: each record its own copy, as pydantic makes
                    factories.append((name, partial(info.get_default, call_default_factory=True)))
        cls.__mk_template__ = template
        cls.__mk_factories__ = tuple(factories)
        made = {name for name, _ in factories}
        cls.__mk_required__ = frozenset(k for k, v in template.items()
                                        if v is _MISSING and k not in made)
        # what model_construct does besides, which `trusted` does not do
        # (tests/engine/test_model_trusted.py finds it): asked once, the class is complete
        cls.__mk_plain__ = cls.__pydantic_post_init__ is None and not cls.__private_attributes__

    @classmethod
    def trusted(cls, **values: Any) -> Self:
        """A record from values already of their fields' exact types, unvalidated: what
        `model_construct` makes, at a fraction of its cost (it asks every absent field for
        its default through pydantic's generic path; a quarter of the post stage on a
        thread's many posts). An unknown or a missing required field is still an error."""
        template = cls.__mk_template__
        data = template.copy()
        data.update(values)
        if len(data) != len(template):
            unknown = sorted(set(values) - set(template))
            raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
        for name, make in cls.__mk_factories__:
            if name not in values:
                data[name] = make()
        if not values.keys() >= cls.__mk_required__:
            missing = [k for k, v in data.items() if v is _MISSING]
            raise TypeError(f"{cls.__name__} needs {', '.join(missing)}")
        if not cls.__mk_plain__:
            raise TypeError(f"{cls.__name__} has a post-init or private attributes: "
                            "model_construct it")
        record: Self = cls.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(record, "__dict__", data)
        setattr_(record, "__pydantic_fields_set__", set(values))
        setattr_(record, "__pydantic_extra__", None)
        setattr_(record, "__pydantic_private__", None)
        return record


PHASE_KEY_RE = re.compile(r"^(?P<kind>[DN])(?P<number>0|[1-9][0-9]*)$")

PhaseKey = Annotated[
    str,
    StringConstraints(pattern=PHASE_KEY_RE.pattern),
    Field(description='A phase: "D1" is day 1, "N1" is night 1 (N0: a night before day 1).'),
]
"""A phase as a short key: ``D<n>`` or ``N<n>``."""

PhaseKind = Literal["day", "night"]


def phase_key(kind: PhaseKind, number: int) -> str:
    """The key of a phase: ``phase_key("day", 2) == "D2"``."""
    return ("D" if kind == "day" else "N") + str(number)


def split_phase_key(key: str) -> tuple[PhaseKind, int]:
    """``"N3" -> ("night", 3)``; raises ValueError on anything else."""
    m = PHASE_KEY_RE.match(key)
    if m is None:
        raise ValueError(f"not a phase key: {key!r} (expected D<n> or N<n>)")
    kind: PhaseKind = "day" if m["kind"] == "D" else "night"
    return kind, int(m["number"])


def phase_sort_key(key: str) -> tuple[int, int]:
    """Chronological order of phase keys.

    Night N follows day N (the usual forum rhythm: day 1, night 1, day 2, ...); night 0, when a
    game has one, comes before day 1.
    """
    kind, number = split_phase_key(key)
    return (number, 1 if kind == "night" else 0)


SourceKind = Literal[
    "post",  # a post in the thread (by its number)
    "gm-log",  # a line of the GM's published action log
    "roster",  # a line of a roster file
    "archive",  # a line of a dataset's metadata file (e.g. mafiascum archive.txt)
    "transitions",  # a row of a dataset's phase file (e.g. mafiascum transitions.tsv)
    "rule",  # derived from the rule set's written rules (e.g. a deadline)
    "inferred",  # inferred by a heuristic; `note` says which
    "manual",  # typed in by a person
]


class SourceRef(Model):
    """Where a record came from: a post, a line of a file, or a rule; with the raw text."""

    kind: SourceKind
    post: int | None = Field(default=None, description="post number in the thread")
    file: str | None = Field(default=None, description="source file (as listed in meta.sources)")
    line: int | None = Field(default=None, ge=1, description="1-based line in `file`")
    text: str | None = Field(default=None, description="the raw text the record was read from")
    note: str | None = None
