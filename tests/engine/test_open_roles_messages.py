"""«Сообщения, получаемые утром»: every morning message of the open-roles seed is produced by
some scenario case, in the seed's own words (checked against the seed when ../shared is
there)."""

from __future__ import annotations

import pytest

from engine.rulesets.open_roles.night.messages import MESSAGES
from engine.rulesets.open_roles.vocab import SEED
from tests.conftest import shared_dir
from tests.engine.night_cases import load_night_case, night_case_files

# the witch's swapped players are told whose move they made: the seed gives no words for it
WORDLESS = {"swapped"}


@pytest.fixture(scope="module")
def told() -> dict[str, set[str]]:
    """Message id -> the texts the cases expect for it (the cases read once)."""
    told: dict[str, set[str]] = {}
    for path in night_case_files("open-roles"):
        for night in load_night_case(path)["nights"]:
            for p in night.get("expect", {}).get("private", []):
                told.setdefault(str(p["what"]), set()).add(str(p["result"]))
    return told


@pytest.mark.parametrize("message", sorted(set(MESSAGES) - WORDLESS))
def test_every_morning_message_has_a_case(message: str, told: dict[str, set[str]]) -> None:
    texts = told.get(message)
    assert texts, f"no case expects the morning message {message!r} ({MESSAGES[message]})"
    # the follower's and watcher's «Результаты:…» carry what they saw after the words
    assert all(t == MESSAGES[message] or (message == "seen" and t.startswith(MESSAGES[message]))
               for t in texts), texts


def test_the_messages_are_the_seeds_words() -> None:
    seed = shared_dir() / "seeds" / SEED
    if not seed.is_file():
        pytest.skip(f"the seed is not at {seed} (set MAFIAKIT_SHARED)")
    text = " ".join(seed.read_text(encoding="utf-8").split())
    missing = [k for k, v in MESSAGES.items() if k not in WORDLESS
               and v.rstrip(":") not in text]
    assert not missing, missing


def test_every_influence_line_has_a_case() -> None:
    """Each «Влияния ходов других игроков» line of the seed is quoted by a case's clause
    (the two lines that only point to another role's section aside)."""
    seed = shared_dir() / "seeds" / SEED
    if not seed.is_file():
        pytest.skip(f"the seed is not at {seed} (set MAFIAKIT_SHARED)")
    lines: list[str] = []
    inside = False
    for line in seed.read_text(encoding="utf-8").splitlines():
        if line.startswith("Влияния ходов других игроков"):
            inside = True
        elif line.startswith("Сообщения, получаемые утром"):
            inside = False
        elif inside and line.strip().startswith("-") and len(line.strip()) > 2:
            lines.append(" ".join(line.strip()[1:].split()).rstrip(";."))
    pointers = [x for x in lines if x.startswith("Влияние ") and "смотри в описании" in x]
    assert len(lines) - len(pointers) == 30
    clauses = [" ".join(str(load_night_case(p)["clause"]).split())
               for p in night_case_files("open-roles")]
    missing = [x for x in lines if x not in pointers and not any(x[:50] in c for c in clauses)]
    assert not missing, missing
