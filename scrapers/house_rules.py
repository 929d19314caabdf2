"""The GM's own rules, read from the rules post: which option of a rule set's ruling the game
was played under, when the GM wrote it down ("If a majority is not reached by deadline, the
player with the most votes is lynched"; "You need to unvote before re-voting").

mafiascum moderators each write their own voting rules into the opening post, and they
differ exactly where the rule set has rulings: what a deadline without majority does, whether
a vote must be unvoted before another, whether a vote must stand on its own line. A ruling the
GM stated is a fact of the game, not a guess; so it is taken, with the post and the sentence
as its source, unless the user chose that ruling. A ruling stated both ways is reported and
left at its default.

The statements are data: per ruling key, per option, the sentence patterns that say it. A
sentence is read against the options in order and gives at most one; negated forms ("unvotes
are not required") are listed before the plain ones ("unvotes are required")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.gamelog import GameLog, ParseIssue, Post, Where
from scrapers.html_text import PostBodies, element_text
from scrapers.stated_thresholds import NO_LYNCH_KEY, sentences, threshold_rulings
from scrapers.votes.marks import parse_body

RULES_POSTS = 5  # GM posts read before the first day starts: the rules post and its parts


@dataclass(frozen=True)
class Statement:
    """A ruling option a sentence of the GM's rules states."""

    key: str
    option: str
    post: int
    sentence: str
    applied: bool = True


@dataclass(frozen=True)
class _Says:
    key: str
    option: str
    all_of: tuple[re.Pattern[str], ...]
    none_of: tuple[re.Pattern[str], ...] = ()
    applied: bool = True  # False: reported only (the GMs who write it do not hold to it)


def _says(key: str, option: str, *all_of: str, none_of: tuple[str, ...] = (),
          applied: bool = True) -> _Says:
    return _Says(key, option, tuple(re.compile(p, re.I) for p in all_of),
                 tuple(re.compile(p, re.I) for p in none_of), applied)


_DEADLINE = (r"\bdeadlines?\b|\bend of the day\b|\btime runs out\b|\bruns out of time\b"
             r"|\btimer runs out\b")
_MOST = (r"\bmost votes\b|\bin the lead\b|\bplurality\b|\bhighest (?:number of )?votes\b"
         r"|\bleading (?:player|wagon)\b|\bmost voted\b")
_NONE = (r"\bno[\s-]?lynch\b|\b(?:nobody|no one|no-one|no player)\b[^.]*\b(?:lynched|dies)\b"
         r"|\bwithout (?:a )?lynch\b|\beven at deadline\b")
_NOT = r"\b(?:not|n't|no|never)\b|n't\b"
_UNVOTE = r"\bunvot(?:e|es|ing)\b"

SAYS: tuple[_Says, ...] = (
    # a deadline without a majority
    _says("mafiascum.deadline", "plurality", _DEADLINE, _MOST,
          none_of=(r"\bno[\s-]?lynch\b",)),
    _says("mafiascum.deadline", "no-lynch", _DEADLINE, _NONE,
          none_of=(r"\brequires?\b",)),  # "a no-lynch before deadline requires half"
    # may a vote replace a standing one
    _says("mafiascum.vote-change", "implicit",
          _UNVOTE + r"[^.]*\b(?:is|are|isn't|aren't)\b[^.]*\b(?:not|n't)\b[^.]*"
          r"\b(?:required|necessary|needed|mandatory|compulsory)\b"
          r"|\bnot (?:strictly )?(?:required|necessary|mandatory|compulsory)\b[^.]*" + _UNVOTE +
          r"|\b(?:do not|don't|dont|does not|doesn't|not)\s+(?:\d+\s+)?(?:need|have|required?)\b"
          r"[^.]*"
          + _UNVOTE + r"|\bno need to unvote\b",
          none_of=(r"\bname the\b", r"\bprevent\b")),
    _says("mafiascum.vote-change", "unvote-first",
          r"\b(?:must|need to|needs to|have to|has to|required to)\s+unvote\b[^.]*\bbefore\b"
          r"|\bvotes?\s+without\s+(?:a\s+)?(?:previous\s+|prior\s+)?unvote\b[^.]*\bnot\b"
          r"|\bif you (?:do not|don't|dont) unvote\b[^.]*\bnot\b[^.]*\bcount"
          r"|\bunvotes? (?:are|is) (?:required|mandatory|compulsory)\b",
          none_of=(r"\b(?:remove|withdraw|completely|entirely)\b",
                   r"\b(?:do not|don't|dont|not)\s+(?:\d+\s+)?(?:need|have)\b")),
    # how many lynches a day
    _says("mafiascum.day-lynches", "two", r"\bdouble[\s-]?(?:lynch|day)\b",
          none_of=(_NOT, r"\bremoved?\b")),
    # a Doublevoter's two votes: may they stand on different players
    _says("mafiascum.doublevote", "separate", r"\bdouble[\s-]?vot(?:er|ers|ing|e)\b",
          r"\bsplit\b|\bdifferent (?:people|players|targets)\b|\bseparate(?:ly)?\b",
          none_of=(_NOT, r"\bcannot\b", r"\bsame (?:player|person|target)\b")),
    _says("mafiascum.doublevote", "together", r"\bdouble[\s-]?vot(?:er|ers|ing|e)\b",
          r"\b(?:same|one) (?:player|person|target)\b|\bcannot split\b|\bcan't split\b"
          r"|\bmay not split\b|\bnot (?:be )?split\b"),
    # where a vote must stand. Reported, not applied: in the corpus five games' rules say it,
    # and three of those moderators counted votes written mid-line (enforcing it fixed 1 day
    # and turned 4 agreeing days into misses); choose it with --ruling where the GM held to it.
    _says("mafiascum.vote-position", "line-start",
          r"\bvot(?:e|es|ing)\b",
          r"\b(?:start|beginning) of a (?:new )?line\b|\bon (?:its|their|a) own line\b"
          r"|\bseparate line\b",
          r"\b(?:must|has to|have to|needs to|need to|should|only)\b|\bto be counted\b",
          none_of=(_NOT,), applied=False),
)

# every option's patterns above need one of these in a match (the first of `all_of`: a
# deadline, "end of the day", "time runs out", an unvote, a vote, a double lynch or vote): a
# sentence without any states nothing (a new option adds its word here)
_NEEDS = ("vot", "double", "deadline", "end", "runs")


def rules_posts(log: GameLog) -> list[Post]:
    """The GM's posts up to the one that starts the first day (the rules post, often that
    very post, and the further posts a moderator reserves for it); without phases, the GM's
    first posts."""
    first_day = next((p.start.post for p in log.phases
                      if p.key.startswith("D") and p.start is not None
                      and p.start.post is not None), None)
    out: list[Post] = []
    for post in log.posts:
        if first_day is not None and post.number > first_day:
            break
        if post.gm and not post.deleted:
            out.append(post)
            if len(out) == RULES_POSTS:
                break
    return out


def statements(post: Post, keys: set[str] | None = None,
               bodies: PostBodies | None = None) -> list[Statement]:
    """What each sentence of the post states about the rulings (`keys`: only those).
    `bodies`: the posts' parsed bodies, shared with the run's other stages."""
    root = parse_body(post.html) if bodies is None else bodies.of(post)
    if root is None:
        return []
    text = element_text(root, set())
    out: list[Statement] = []
    for sentence in sentences(text, _NEEDS):
        if len(sentence) > 400:
            continue  # a run-on block is not one rule
        said: set[str] = set()
        for rule in SAYS:
            if rule.key in said or (keys is not None and rule.key not in keys):
                continue
            if all(p.search(sentence) for p in rule.all_of) and \
                    not any(p.search(sentence) for p in rule.none_of):
                said.add(rule.key)
                out.append(Statement(rule.key, rule.option, post.number, sentence,
                                     rule.applied))
    return out


def read_house_rules(log: GameLog, keys: set[str], bodies: PostBodies | None = None
                     ) -> tuple[dict[str, str], list[ParseIssue]]:
    """The rulings among `keys` the GM's rules state, one option each, with an issue per
    ruling naming the post and quoting the sentence; a ruling stated both ways is reported
    and not taken."""
    found: dict[str, list[Statement]] = {}
    for post in rules_posts(log):
        for st in statements(post, keys, bodies):
            found.setdefault(st.key, []).append(st)
    chosen: dict[str, str] = {}
    issues: list[ParseIssue] = []
    for key, sts in sorted(found.items()):
        options = sorted({s.option for s in sts})
        first = sts[0]
        if len(options) > 1:
            quotes = "; ".join(f"post {s.post}: {s.option}" for s in sts)
            issues.append(ParseIssue(
                severity="warning", code="house-rule-conflict", where=Where(post=first.post),
                message=f"the GM's rules state {key} both ways ({quotes}); the default is "
                        "kept, choose it with --ruling", text=first.sentence))
            continue
        if not first.applied:
            issues.append(ParseIssue(
                severity="info", code="house-rule-not-applied", where=Where(post=first.post),
                message=f"the GM's rules state {key}={first.option}, which moderators seldom "
                        f"hold to; the default is kept (--ruling {key}={first.option} applies "
                        "it)", text=first.sentence))
            continue
        chosen[key] = first.option
        issues.append(ParseIssue(
            severity="info", code="house-rule", where=Where(post=first.post),
            message=f"{key}={first.option}, as the GM's rules state", text=first.sentence))
    return chosen, issues


def apply_house_rules(log: GameLog, ruling_keys: list[str],
                      bodies: PostBodies | None = None) -> None:
    """Set the stated rulings the log does not already choose (in place): from the rules
    post, and, under a majority rule set (mafiascum), from the thresholds the GM states in
    the thread ("With 10 alive, it takes 6 to lynch and 5 to no lynch"), each statement
    reported whether or not it chooses a ruling. `bodies`: the posts' parsed bodies, shared
    with the run's other stages."""
    open_keys = {k for k in ruling_keys if k not in log.meta.rulings}
    chosen, issues = read_house_rules(log, open_keys, bodies) if open_keys else ({}, [])
    if NO_LYNCH_KEY in ruling_keys:
        stated, said = threshold_rulings(log, open_keys - set(chosen))
        chosen.update(stated)
        issues.extend(said)
    log.meta.rulings.update(chosen)
    log.issues.extend(issues)
