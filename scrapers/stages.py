"""After the posts: the stages that make a scraped thread countable (DESIGN §5, stages 4-5):
the players (a roster file, else the GM's opening post), each post's slot, the phases from
the GM's announcements, the deaths and vote counts the GM posted, and the votes under the
rule set's grammar (`scrapers.rulesets`). Each stage reports what it could not do in the
log's issues; a thread scraped without a rule set is read all the same, but for its votes,
and a warning says so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.gamelog import GameLog, Occupant, ParseIssue, Slot, Where
from engine.rulesets import RuleSet, RulingError, ruleset_of
from scrapers.accounting import record, take_votes
from scrapers.alive_lists import read_alive_lists
from scrapers.deaths import read_deaths
from scrapers.house_rules import apply_house_rules
from scrapers.names.keys import fold
from scrapers.phases import detect_phases
from scrapers.phases.deadlines import ends_from_close
from scrapers.roster import Roster, assign_posts, read_roster_file, roster_from_post, slots_from
from scrapers.votecounts import read_vote_counts

Say = Callable[[str], None]


def complete(log: GameLog, *, roster_file: Path | None = None, say: Say | None = None
             ) -> GameLog:
    """Fill in the players, slots of posts, phases and votes of a scraped log (in place)."""
    tell = say or (lambda _m: None)
    tell("reading the player list")
    roster = _roster(log, roster_file)
    if roster is not None:
        slots, issues = slots_from(roster, log.posts)
        log.issues.extend(issues)
        where = (f"the roster file {roster.file}" if roster.source == "roster"
                 else f"the GM's post {roster.post}")
        log.issues.append(ParseIssue(severity="info", code="roster", where=Where(
            file=roster.file, post=roster.post),
            message=f"{len(slots)} players from {where}"))
    else:
        slots = _posters(log)
        log.issues.append(ParseIssue(
            severity="warning", code="roster-not-found", where=Where(post=_first_gm(log)),
            message="no player list in the GM's opening post and no --roster file: every "
                    f"non-GM poster is taken as a player ({len(slots)}); give --roster FILE "
                    "for a true count"))
    log.players = slots
    strangers = assign_posts(log.posts, slots)
    if strangers and roster is not None:
        log.issues.append(ParseIssue(
            severity="info", code="posts-by-non-players",
            message="posts by nicks that hold no slot (spectators, renamed accounts); kept "
                    f"without a slot: {', '.join(strangers[:30])}"))
    tell("finding days and nights")
    phases, issues = detect_phases(log)
    log.phases = phases
    log.issues.extend(issues)
    try:
        ruleset: RuleSet | None = ruleset_of(log)
    except RulingError:
        ruleset = None
    if ruleset is not None:
        # a day end the GM's posts leave out, from the rule set's daily close
        log.issues.extend(ends_from_close(log.phases, log.posts, ruleset.day))
        apply_house_rules(log, [r.key for r in ruleset.rulings])
    tell("reading the deaths")
    log.issues.extend(read_deaths(log))
    # the GM's list of the living at a day's start: who is out that no post announced
    log.issues.extend(read_alive_lists(log))
    tell("reading the GM's vote counts")
    log.issues.extend(read_vote_counts(log))
    if ruleset is None:
        # a warning, not an info: the game log holds no votes, and nothing else would say so
        log.issues.append(ParseIssue(
            severity="warning", code="no-ruleset",
            message=f"rule set {log.meta.ruleset!r} is not registered: votes are not read "
                    "(set --ruleset, or declare house rules with --rules FILE)"))
        return log
    tell("reading the votes")
    # a registered rule set the scrapers have no grammar for is an error (`scrapers.rulesets`)
    record(log, [take_votes(log, ruleset)])
    return log


def _first_gm(log: GameLog) -> int | None:
    return next((p.number for p in log.posts if p.gm), None)


def _roster(log: GameLog, roster_file: Path | None) -> Roster | None:
    if roster_file is not None:
        return read_roster_file(roster_file)
    authors = {fold(p.author) for p in log.posts}
    # the list is in the opening post, or in one of the GM's first few ("the players are")
    for post in [p for p in log.posts if p.gm][:3]:
        found = roster_from_post(post, authors)
        if found is not None:
            return found
    return None


def _posters(log: GameLog) -> list[Slot]:
    seen: dict[str, str] = {}
    for p in log.posts:
        if not p.gm:
            seen.setdefault(fold(p.author), p.author)
    return [Slot(id=nick, number=i, occupants=[Occupant(nick=nick)])
            for i, nick in enumerate(seen.values(), start=1)]
