"""The scraper-side rule-set registry (`scrapers.rulesets`) against the engine's: every rule set
the engine registers has every scraper piece, and each piece fits the others (its grammar reads
the vote its own `vote_html` writes, its GM-log words name what its engine rule set has); the
registry has no rule set the engine lacks; an id it does not have is an error naming it, with
no quiet fall back to another rule set's forms."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import MafiakitError
from engine.gamelog import GameLog, Meta, Post
from engine.rulesets import RulingError, get_ruleset, ruleset_ids
from scrapers.gmlog.vocab import vocabulary
from scrapers.render.gmlog import role_name
from scrapers.render.thread import vote_html
from scrapers.rulesets import (
    ScraperRuleSet,
    UnknownRuleSetError,
    scraper_ruleset,
    scraper_ruleset_ids,
)
from scrapers.stages import complete
from scrapers.votes import extract_votes
from scrapers.votes.marks import find_marks, parse_body
from tests.scrapers.votes_game import day_one

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [("p1", "Marigold", None), ("p2", "Fenwick", None)]


def test_registry_holds_exactly_the_engines_rule_sets() -> None:
    assert scraper_ruleset_ids() == ruleset_ids()


@pytest.fixture(params=ruleset_ids())
def pieces(request: pytest.FixtureRequest) -> ScraperRuleSet:
    return scraper_ruleset(request.param)


def test_entry_is_the_rule_set_s_own(pieces: ScraperRuleSet) -> None:
    assert pieces.id == get_ruleset(pieces.id).id
    # a grammar built from a declaration (the generic forum rule set's) carries its digest
    assert pieces.grammar.id.partition(":")[0] == pieces.id


@pytest.mark.parametrize("name", ["Fenwick", "Серый Брат", "A&B <x>"])
def test_grammar_reads_its_own_vote_form(pieces: ScraperRuleSet, name: str) -> None:
    """The round trip at the grammar: the vote `vote_html` writes passes the grammar's
    prefilter, is a mark the grammar reads, and gives one vote for the name as written (a name
    with HTML's own characters comes back unescaped)."""
    html = pieces.vote_html(name)
    gram = pieces.grammar
    assert gram.may_hold_vote(html)
    root = parse_body(html)
    assert root is not None
    marks = find_marks(root, bold=gram.bold, colour=gram.colour, after=gram.read_after,
                       html=html)
    commands = [c for m in marks for c in gram.read(m)]
    assert [(c.kind, c.name, c.void) for c in commands] == [("vote", name, None)]
    assert all(gram.looks_like(m) for m in marks)


def test_vote_form_counts_for_the_player(pieces: ScraperRuleSet) -> None:
    """The round trip through the whole reading: a post holding the vote form is a counted
    vote for the player's slot."""
    log = day_one(pieces.id, PLAYERS, [("Marigold", pieces.vote_html("Fenwick"))], gm="GM",
                  opening="Day 1 begins")
    [vote] = extract_votes(log)
    assert (vote.voter, vote.target, vote.counts, vote.reason) == ("p1", "p2", True, None)


def test_gm_log_words_fit_the_engine_rule_set(pieces: ScraperRuleSet) -> None:
    """Every word names something the engine rule set has: more names of its own night
    abilities, names of its roles, and a vocabulary that knows them all."""
    rs = get_ruleset(pieces.id)
    night = rs.night.abilities if rs.night is not None else {}
    assert set(pieces.ability_words) <= set(night)
    assert not set(pieces.day_abilities) & set(night)  # a day action is no night ability
    for day in pieces.day_abilities.values():
        assert day.targets >= 1
        assert day.en.isascii()
        assert not day.ru.isascii()
    role_ids = {r.id for r in pieces.roles}
    assert set(pieces.role_words) <= role_ids
    assert pieces.faction_words, "the factions in words"
    vocab = vocabulary(pieces.id)
    assert set(pieces.faction_words) <= set(vocab.factions)
    assert role_ids == set(vocab.roles)
    for ab_id, day in pieces.day_abilities.items():
        assert ab_id in vocab.day
        assert vocab.abilities[day.en] == {ab_id}
    for canonical in pieces.answers:
        assert canonical in vocab.answers.values()
    assert set(pieces.gifts.values()) <= set(vocab.gifts.values())


def test_rule_sets_with_a_night_name_their_roles(pieces: ScraperRuleSet) -> None:
    """A rule set with a night engine has a role table the GM-log writer names roles from, in
    both languages."""
    if get_ruleset(pieces.id).night is None:
        assert pieces.role_name is None
        return
    assert pieces.roles
    assert pieces.role_name is not None
    for role in pieces.roles:
        assert {pieces.role_name(role.id, "en"), pieces.role_name(role.id, "ru")} <= set(
            role.names)


def test_unknown_id_is_an_error_naming_it() -> None:
    with pytest.raises(UnknownRuleSetError) as err:
        scraper_ruleset("no-such-rules")
    assert isinstance(err.value, MafiakitError)
    assert "'no-such-rules'" in str(err.value)
    assert all(i in str(err.value) for i in ruleset_ids())


@pytest.mark.parametrize("ruleset", ["no-such-rules", "", "unspecified"])
def test_vote_form_of_an_unknown_rule_set_is_an_error(ruleset: str) -> None:
    """Before the registry, any rule set but three got mafiascum's vote form."""
    with pytest.raises(UnknownRuleSetError, match=repr(ruleset)):
        vote_html(ruleset, "Fenwick")


def test_gm_log_writer_refuses_a_rule_set_without_roles() -> None:
    """Before the registry, any rule set but two was written with open-roles' role names."""
    log = GameLog(meta=Meta(title="t", ruleset="mafiascum"))
    with pytest.raises(RulingError, match="no role names"):
        role_name(log, "doctor", "en")


def test_scrape_with_an_unregistered_rule_set_reads_the_thread_and_warns() -> None:
    """A thread whose rule set nobody registered is read all the same, but for its votes; a
    warning (not an info) says so. (A thread scraped with no rule set at all is counted under
    the generic forum rule set: tests/scrapers/test_house_rules_file.py.)"""
    log = GameLog(meta=Meta(title="t", ruleset="no-such-rules", gms=["GM"]), posts=[
        Post(number=1, author="GM", html="Day 1 begins", text="Day 1 begins", gm=True),
        Post(number=2, author="Marigold", html="<b>VOTE: Fenwick</b>", text="VOTE: Fenwick"),
        Post(number=3, author="Fenwick", html="hello", text="hello")])
    complete(log)
    assert [p.slot for p in log.posts[1:]] == ["Marigold", "Fenwick"]
    assert not log.votes
    [issue] = [i for i in log.issues if i.code == "no-ruleset"]
    assert issue.severity == "warning"
    assert "votes are not read" in issue.message


def test_an_unspecified_log_is_read_under_the_generic_rule_set() -> None:
    """An old log scraped without a rule set ("unspecified") gets its votes read by the
    generic forum rule set's grammar."""
    log = GameLog(meta=Meta(title="t", ruleset="unspecified", gms=["GM"]), posts=[
        Post(number=1, author="GM", html="Day 1 begins", text="Day 1 begins", gm=True),
        Post(number=2, author="Marigold", html="<b>VOTE: Fenwick</b>", text="VOTE: Fenwick"),
        Post(number=3, author="Fenwick", html="hello", text="hello")])
    complete(log)
    assert [(v.voter, v.target, v.counts) for v in log.votes] == [("Marigold", "Fenwick", True)]



@pytest.mark.parametrize("first", ["scrapers.rulesets", "scrapers.votes",
                                   "scrapers.votes.grammars.base", "scrapers.render.thread",
                                   "scrapers.gmlog.vocab"])
def test_imports_in_any_order(first: str) -> None:
    """The rule sets' grammars import `scrapers.votes`, whose reader asks the registry: the
    loop is closed at call time, so either side may be imported first."""
    code = f"import {first}; from scrapers.rulesets import scraper_ruleset_ids as ids; ids()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert done.returncode == 0, done.stderr
