"""Nothing lost: what each reading stage was given equals what it kept plus what it
reported, reason by reason.

Three balances, checked on every scrape and import and written into the game log's issues
(an info issue `accounting` each, so a reader sees them with the log; an error issue
`accounting-mismatch` when one does not add up, which strict mode turns into a failure):

- posts: the posts the pages hold (the page census, `scrapers.forum.census`, where the
  engine has one; else what the page reader found) = posts in the log + posts reported
  (not read from a page, a duplicate of an overlapping save, another thread's page);
- vote-like marks: the marks the rule set's grammar would read as a vote = marks that gave
  votes (each vote then counts or says why not) + marks set aside with a reason;
- GM-log lines: every line = lines read into the log + blank lines, headers and
  decoration + lines reported with the reason they were not used.

Each balance counts its two sides from different places: the posts the pages hold from
each page, the kept ones from the finished log, the reported ones from what the stage
records as left out; a stage that drops something without saying so breaks the balance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.gamelog import GameLog, ParseIssue, Where
from engine.rulesets import RuleSet
from scrapers.gmlog.model import GmLog
from scrapers.html_text import PostBodies
from scrapers.votes import VoteReading, read_votes
from scrapers.votes.extract import REASONS


@dataclass(frozen=True)
class Balance:
    """`given` = sum of `kept` + sum of `reported` (by issue code or reason), or not."""

    what: str  # "posts", "vote-like marks", "GM-log lines"
    given: int
    given_as: str  # what `given` counts: "on the pages", "in the posts", ...
    kept: Mapping[str, int]  # where the kept ones went: {"in the log": 1200}
    reported: Mapping[str, int] = field(default_factory=dict)  # code -> how many
    file: str | None = None

    @property
    def unexplained(self) -> int:
        """Given but neither kept nor reported (negative: more kept and reported than given,
        which is as wrong: something counted twice)."""
        return self.given - sum(self.kept.values()) - sum(self.reported.values())

    @property
    def ok(self) -> bool:
        return self.unexplained == 0

    def __str__(self) -> str:
        kept = " + ".join(f"{n:,} {where}" for where, n in self.kept.items())
        total = sum(self.reported.values())
        why = ", ".join(f"{n:,} {code}" for code, n in sorted(self.reported.items()) if n)
        reported = f" + {total:,} reported ({why})" if total else " + 0 reported"
        text = f"{self.what}: {self.given:,} {self.given_as} = {kept}{reported}"
        if not self.ok:
            text += f"; {self.unexplained:+,} unexplained"
        return text


def record(log: GameLog, balances: Iterable[Balance]) -> list[Balance]:
    """Write each balance into the log's issues; the ones that do not add up as errors."""
    out = list(balances)
    for balance in out:
        log.issues.append(ParseIssue(severity="info", code="accounting",
                                     where=Where(file=balance.file), message=str(balance)))
        if not balance.ok:
            log.issues.append(ParseIssue(
                severity="error", code="accounting-mismatch", where=Where(file=balance.file),
                message=f"{balance.what}: {balance.unexplained:+,} neither kept nor reported "
                        f"({balance}); this is a bug in mafiakit's reading: please report it "
                        "with the input"))
    return out


def posts_balance(on_pages: int, log: GameLog, left_out: Mapping[str, int]) -> Balance:
    """`on_pages`: the posts the pages hold; `left_out`: posts reported, by issue code."""
    return Balance(what="posts", given=on_pages, given_as="on the pages",
                   kept={"in the log": len(log.posts)}, reported=dict(left_out))


def imported_posts_balance(lines: int, log: GameLog, file: str) -> Balance:
    """An imported dataset: its post lines = the log's posts + lines reported (each an
    issue naming its line)."""
    reported = Counter(i.code for i in log.issues
                       if i.code == "duplicate-post" and i.where.line is not None)
    return Balance(what="posts", given=lines, given_as="post lines in the file",
                   kept={"in the log": len(log.posts)}, reported=dict(reported), file=file)


def votes_balance(reading: VoteReading) -> Balance:
    reasons = Counter(s.reason for s in reading.set_aside)
    unknown = set(reasons) - set(REASONS)
    if unknown:  # a reason no reader can look up is no reason
        raise ValueError(f"vote marks set aside for unknown reasons: {sorted(unknown)}")
    return Balance(what="vote-like marks", given=reading.marks, given_as="in the posts",
                   kept={"gave votes": reading.voting}, reported=dict(reasons))


def take_votes(log: GameLog, ruleset: RuleSet | None = None, *,
               bodies: PostBodies | None = None) -> Balance:
    """Read the log's votes into it, the marks set aside into its issues, and give the
    balance of the marks (for the caller to `record` with its others). `bodies`: the
    posts' parsed bodies, shared with the run's other stages."""
    reading = read_votes(log, ruleset, bodies=bodies)
    log.votes = reading.votes
    log.issues.extend(set_aside_issues(reading))
    log.issues.extend(reading.issues)
    return votes_balance(reading)


def set_aside_issues(reading: VoteReading) -> list[ParseIssue]:
    """One info issue per mark set aside, naming its post and quoting it."""
    return [ParseIssue(severity="info", code="vote-mark-set-aside", where=Where(post=s.post),
                       message=f"{s.reason}: {REASONS[s.reason]}", text=s.raw[:300])
            for s in reading.set_aside]


def gm_log_balance(gm: GmLog) -> Balance:
    """Every line of the GM log is read, passed over (blank, a header, decoration) or
    reported; a line in two of these or in none breaks the balance."""
    lines = set(range(1, gm.lines + 1))
    reported = gm.reported
    # a line reported twice is one line: count each once, under its first code
    first: dict[int, str] = {}
    for issue in gm.issues:
        if issue.where.line in reported and issue.where.line is not None:
            first.setdefault(issue.where.line, issue.code)
    codes = Counter(first.values())
    # `reported` leaves out used lines by its making; a line both used and silent, or a
    # number past the end, could hide a line in none of the three
    overlap = (gm.used & gm.silent) | (reported & gm.silent)
    stray = (gm.used | gm.silent | reported) - lines
    kept = {"read": len(gm.used), "blank, headers, decoration": len(gm.silent)}
    balance = Balance(what="GM-log lines", given=len(lines), given_as="in the file",
                      kept=kept, reported=dict(codes), file=gm.file)
    if overlap or stray:  # the sums could still meet by chance
        return Balance(what=balance.what, given=balance.given, given_as=balance.given_as,
                       kept=balance.kept, reported={**codes, "counted twice or not a line":
                                                    len(overlap) + len(stray)}, file=gm.file)
    return balance
