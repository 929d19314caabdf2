"""The GM-log parser's cost per word, found by the gm_log fuzzer (83 ms an example, 833 s for
10,000): every action line was matched against each of the vocabulary's ~150 phrases by
scanning all its words and folding each word again for each phrase. A line's words are now
folded once and indexed by normal form (`scrapers.gmlog.words.Phrases`); these tests keep
it so, and check that the index finds what the scan found. Likewise the options in braces
at the end of a line, found by a regular expression quadratic in the braces."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapers.gmlog import parse_gm_log, words
from scrapers.gmlog.actions import options_start
from scrapers.gmlog.words import STOP, Phrases, Token, phrase_forms, tokenize
from scrapers.names.keys import fold
from tests.fuzz.inputs import gm_log_players

LINE = "Night 1\nAnguilla (Rick Morgan) — Stunning Blow → Maui{more}\n"


def _folds_for(line: str, monkeypatch: pytest.MonkeyPatch) -> int:
    players = gm_log_players("data:contested-island").players
    parse_gm_log(LINE.format(more=""), ruleset="contested-island", players=players)  # warm
    calls = [0]

    def counting(text: str) -> str:
        calls[0] += 1
        return fold(text)

    monkeypatch.setattr(words, "fold", counting)
    log = parse_gm_log(line, ruleset="contested-island", players=players)
    # the extra words are reported, not read as targets: the line went through the whole
    # action reader (ability phrases, options, names)
    assert [i.code for i in log.issues] == ["unread-words"]
    return calls[0]


def test_a_long_action_line_folds_each_word_about_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # before the index: 184 folds a word (19,747 for 100 extra words, 184,723 for 1,000)
    extra = 600  # 3,000 characters: under the parser's MAX_LINE
    calls = _folds_for(LINE.format(more=" Maui" * extra), monkeypatch)
    assert calls < 3 * extra, calls


def _scan(tokens: list[Token], phrase: str) -> list[tuple[int, int]]:
    """The matching as it was: every run of words that are no stop words, tried in turn."""
    want = phrase_forms(phrase)
    if not want:
        return []
    content = [i for i, t in enumerate(tokens) if t.key not in STOP]
    return [(content[k], content[k + len(want) - 1] + 1)
            for k in range(len(content) - len(want) + 1)
            if all(tokens[content[k + j]].forms & want[j] for j in range(len(want)))]


_WORDS = ("murder", "murders", "Murdered", "the", "from", "Observation", "bushes", "убивает",
          "убил", "Корсику", "Maui", "и", "на", "Stunning", "Blow", "blows", "x")


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=12),
       st.lists(st.sampled_from(_WORDS), min_size=1, max_size=3))
def test_the_index_finds_what_the_scan_found(line: list[str], phrase: list[str]) -> None:
    tokens = tokenize(" ".join(line))
    text = " ".join(phrase)
    assert Phrases(tokens).find(text) == _scan(tokens, text)


# the regular expression `options_start` replaces (quadratic in the braces of a line)
_OPTIONS = re.compile(r"\{.*\}\s*$")


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet="{}:\"a \t\n\r\x0b\x1c\u2028\u00a0", max_size=20))
def test_options_start_where_the_expression_matched(text: str) -> None:
    m = _OPTIONS.search(text)
    assert options_start(text) == (m.start() if m else None)

