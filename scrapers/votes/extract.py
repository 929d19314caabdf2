"""Stage 4 for votes: every vote-like mark of every post, read by the rule set's grammar (from
`scrapers.rulesets`) and resolved to slots; each either counts or carries the reason it does not.

What is decided here is what the text shows: the mark is quoted, in a spoiler or hidden, in a
GM post, by a non-player, for an unknown or ambiguous name, for the GM, superseded by a later
mark of the same post. What depends on time and the state of the game (dead voters, the
deadline, the majority) is the day engine's (`engine.day`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.day.count import split_voters
from engine.day.window import alive_at_start, day_window, days_of
from engine.gamelog import GameLog, ParseIssue, Post, Vote
from engine.rulesets import RuleSet, ruleset_of
from scrapers.html_text import PostBodies
from scrapers.names import GM, NameIndex, Resolution
from scrapers.votes import confirm
from scrapers.votes.grammars import Command, Grammar
from scrapers.votes.house import grammar_for
from scrapers.votes.marks import Mark, find_marks, may_hold_marks, own_lines, parse_body


@dataclass
class _Timeline:
    """Which phase each post falls in, and who can be voted for then."""

    windows: list[tuple[int, int, int | None, list[str]]]  # (day, low, high, alive)

    @classmethod
    def of(cls, log: GameLog) -> _Timeline:
        out = []
        for day in days_of(log):
            w = day_window(log, day)
            low = w.start if w.start is not None else w.before
            out.append((day, low, w.end, alive_at_start(log, day)))
        return cls(out)

    def phase(self, post: int) -> tuple[str | None, list[str] | None]:
        for day, low, high, alive in self.windows:
            if post > low and (high is None or post <= high):
                return f"D{day}", alive
            if high is not None and post > high:
                continue
            if post <= low:
                return (f"N{day - 1}" if day > 1 else None), alive
        if self.windows and self.windows[-1][2] is not None:
            # after the last day's end: the night after it (a vote posted late, the last
            # night's talk), whoever is still alive then not known here
            return f"N{self.windows[-1][0]}", None
        return None, None


@dataclass(frozen=True)
class SetAside:
    """A vote-like mark that gave no vote, and why (`REASONS`)."""

    post: int
    raw: str
    reason: str


# why a vote-like mark gave no vote
REASONS = {
    "talk": "the vote word does not cast a vote here (talk about a vote, no name after it, "
            "a red run of talk)",
    "bare-name-beside-vote": "a bold player's name in a post that also holds a written vote: "
                             "the written vote is the post's",
    "unreadable-body": "the post's HTML could not be read",
}


@dataclass
class VoteReading:
    """The votes of a game and the ledger of the marks they come from: every vote-like mark
    (one the grammar reads that has the rule set's vote word, or a red run where colour is
    the vote, or a bare player's name, or a phone-signed line) gave votes or is set aside."""

    votes: list[Vote]
    set_aside: list[SetAside]
    marks: int  # vote-like marks seen
    voting: int  # of them, marks that gave at least one vote
    issues: list[ParseIssue] = field(default_factory=list)  # marks the GM's counts confirm


def extract_votes(log: GameLog, ruleset: RuleSet | None = None) -> list[Vote]:
    """The vote marks of the game's posts, in post order."""
    return read_votes(log, ruleset).votes


def read_votes(log: GameLog, ruleset: RuleSet | None = None, *,
               bodies: PostBodies | None = None) -> VoteReading:
    """The votes of the game's posts, in post order, with the marks set aside. `bodies`:
    the posts' parsed bodies, shared with the run's other stages."""
    rs = ruleset or ruleset_of(log)
    gram = grammar_for(rs)  # an unknown rule set: an error naming it
    index = NameIndex.from_log(log)
    timeline = _Timeline.of(log)
    out = VoteReading(votes=[], set_aside=[], marks=0, voting=0)
    confirming = confirm.ruling_on(log, rs)
    split = split_voters(log)  # voters whose two votes stand apart (a ruling's)
    unbolded: set[int] = set()  # indices of unbolded "Vote: X" lines, for the GM's counts
    for post in log.posts:
        if post.deleted or not gram.may_hold_vote_in(bodies, post.number, post.html) or \
                not reads_tree_in(bodies, gram, post.number, post.html, confirming=confirming):
            continue
        root = parse_body(post.html) if bodies is None else bodies.of(post)
        if root is None:
            if post.html.strip():
                out.marks += 1
                out.set_aside.append(SetAside(post.number, post.html[:80], "unreadable-body"))
            continue
        marks = find_marks(root, bold=gram.bold, colour=gram.colour, after=gram.read_after,
                           html=post.html)
        phase, alive = timeline.phase(post.number)
        found: list[Vote] = []
        paired: set[int] = set()  # a vote of `found` that one mark cast with the next
        bare: list[Vote] = []
        written: list[Mark] = []  # marks that gave a written (not bare) vote
        bare_marks: list[Mark] = []
        for mark in marks:
            gave = False
            for cmd in gram.read(mark):
                if post.slot in split and cmd.kind == "vote" and not cmd.bare:
                    # a voter whose two votes stand apart: one, both, or one on each name
                    votes = _split_votes(post, mark, cmd, phase, alive, index, rs)
                    if len(votes) == 2:
                        paired.add(len(found))
                    found.extend(votes)
                    gave = True
                    continue
                v = _vote(post, mark, cmd, phase, alive, index, rs)
                if not cmd.bare:
                    found.append(v)
                    gave = True
                elif v.counts and cmd.name is not None and \
                        index.resolve(cmd.name, valid=alive).how in ("exact", "lemma"):
                    bare.append(v)  # a bold name that is a player's, not a bold word
                    bare_marks.append(mark)
            if gave:
                written.append(mark)
            elif gram.looks_like(mark):
                out.marks += 1
                out.set_aside.append(SetAside(post.number, mark.text, "talk"))
        out.marks += len(written) + len(bare_marks)
        out.voting += len(written)
        if not found:  # a written vote makes the post's bold names talk
            found = bare
            out.voting += len(bare_marks)
        else:
            out.set_aside.extend(SetAside(post.number, m.text, "bare-name-beside-vote")
                                 for m in bare_marks)
        if gram.read_text is not None and (gram.text_needle is None
                                           or gram.text_needle in post.html):
            for cmd in gram.read_text(own_lines(root, without_marks=gram.text_without_marks)):
                plain = Mark(kind="plain", text=cmd.raw, index=len(marks), bold=False,
                             color=None)
                found.append(_vote(post, plain, cmd, phase, alive, index, rs))
                out.marks += 1
                out.voting += 1
        if confirming and not found and confirm.may_hold_line(post.html):
            for mark, cmd in confirm.unbolded(root, marks, gram):
                cand = confirm.as_candidate(_vote(post, mark, cmd, phase, alive, index, rs))
                if cand is not None:
                    unbolded.add(len(out.votes) + len(found))
                    found.append(cand)
                    out.marks += 1
                    out.voting += 1
        _last_wins(found, rs, paired)
        out.votes.extend(found)
    if confirming:  # the marks the text alone does not give, against the GM's counts
        out.votes, out.issues = confirm.confirm_marks(log, rs, out.votes, unbolded)
    return out


def reads_tree(gram: Grammar, html: str, *, confirming: bool = True) -> bool:
    """Whether reading the votes of a post with this HTML (one `gram` may find a vote in)
    needs its parsed body: where it holds markup a mark can be made of, the plain-text
    form the grammar reads (`read_text`), or, where the GM's counts confirm marks
    (`confirming`), a plain "Vote: X" line. A post with none of these holds no vote mark:
    the vote word is in its talk, and its body is not parsed for the votes (the import
    reads such a post's text from the string)."""
    if may_hold_marks(html, bold=gram.bold, colour=gram.colour):
        return True
    if gram.read_text is not None and (gram.text_needle is None or gram.text_needle in html):
        return True
    return confirming and confirm.may_hold_line(html)


def reads_tree_in(bodies: PostBodies | None, gram: Grammar, number: int, html: str, *,
                  confirming: bool = True) -> bool:
    """`reads_tree` of post `number`, asked once a run where the run shares its `bodies`
    (the import asks it to know which trees to keep, the votes stage which to read)."""
    if bodies is None:
        return reads_tree(gram, html, confirming=confirming)
    return bodies.answer(f"reads its tree ({gram.id}, confirming={confirming})", number,
                         html, lambda h: reads_tree(gram, h, confirming=confirming))


def _vote(post: Post, mark: Mark, cmd: Command, phase: str | None, alive: list[str] | None,
          index: NameIndex, rs: RuleSet) -> Vote:
    target: str | None = None
    candidates: list[str] = []
    reason, detail = _void_by_place(post, mark, rs)
    if reason is None and cmd.void is not None:
        reason, detail = cmd.void, cmd.detail
    elif reason is None:
        detail = cmd.detail  # how the grammar read it ("the name is written after ...")
    res: Resolution | None = None
    if cmd.to_author:
        target = post.slot
    elif cmd.name is not None:
        res = index.resolve(cmd.name, valid=alive, at=post.number)
        if res.owner is not None and res.owner != GM:
            target = res.owner
    if reason is None and res is not None:
        if res.is_gm:
            reason, detail = "not-a-target", f"{cmd.name!r} is the moderator"
        elif res.how == "unknown":
            reason = "unknown-name"
            detail = f"no player is called {cmd.name!r}"
            candidates = [c for c in res.candidates if c != GM]
        elif res.how == "ambiguous":
            reason = "ambiguous-name"
            candidates = [c for c in res.candidates if c != GM]
            detail = f"{cmd.name!r} could be any of {', '.join(candidates)}"
    if reason is None and target is not None and not rs.day.self_vote and target == post.slot:
        reason, detail = "self-vote", "a vote for oneself does not count"
    if reason is None and res is not None and res.how not in ("exact", "unknown", "ambiguous"):
        how = f"{cmd.name!r} read as {res.matched!r} ({res.how})"
        detail = f"{detail}; {how}" if detail else how
    return Vote(post=post.number, phase=phase, author=post.author, voter=post.slot,
                raw=cmd.raw, time=post.time, special=None if cmd.kind == "vote" else cmd.kind,
                target=target if cmd.kind in ("vote", "cancel") else None, weight=cmd.weight,
                counts=reason is None, reason=reason, detail=detail,
                candidates=candidates, line_start=None if mark.kind == "plain" else mark.line_start)


def _split_votes(post: Post, mark: Mark, cmd: Command, phase: str | None,
                 alive: list[str] | None, index: NameIndex, rs: RuleSet) -> list[Vote]:
    """The votes of one vote command of a voter whose two votes stand apart: "X x2" both on
    X (weight 2), "A, B" one on each where both name players, else one on the name."""
    if cmd.both:
        v = _vote(post, mark, replace(cmd, weight=2.0), phase, alive, index, rs)
        return [v.model_copy(update={"detail": _joined(v.detail, "both of the voter's two "
                                                       "votes ('x2')")})]
    if cmd.split is not None:
        first, second = (index.resolve(n, valid=alive, at=post.number) for n in cmd.split)
        owners = (first.owner, second.owner)
        if all(r.how not in ("unknown", "ambiguous") and r.owner not in (None, GM)
               for r in (first, second)) and owners[0] != owners[1]:
            one = _vote(post, mark, replace(cmd, name=cmd.split[0], weight=1.0), phase, alive,
                        index, rs)
            two = _vote(post, mark, replace(cmd, name=cmd.split[1], weight=1.0), phase, alive,
                        index, rs)
            return [one.model_copy(update={"detail": _joined(
                        one.detail, "one of the voter's two votes, the other on "
                        f"{cmd.split[1]!r}")}),
                    two.model_copy(update={"detail": _joined(
                        two.detail, f"the voter's second vote, written after {cmd.split[0]!r}")})]
        v = _vote(post, mark, replace(cmd, weight=1.0), phase, alive, index, rs)
        return [v.model_copy(update={"detail": _joined(
            v.detail, f"one of the voter's two votes ({cmd.split[1]!r} after it names no "
                      "other player)")})]
    v = _vote(post, mark, replace(cmd, weight=1.0), phase, alive, index, rs)
    return [v.model_copy(update={"detail": _joined(v.detail, "one of the voter's two votes")})]


def _joined(detail: str | None, more: str) -> str:
    return f"{detail}; {more}" if detail else more


def _void_by_place(post: Post, mark: Mark, rs: RuleSet) -> tuple[str | None, str | None]:
    if post.gm:
        return "gm-post", "the moderator's posts hold vote counts, not votes"
    if mark.in_quote:
        return "in-quote", None
    if mark.in_spoiler:
        return "in-spoiler", None
    if mark.hidden:
        return "hidden-text", None
    if post.slot is None:
        return "not-a-player", f"{post.author!r} has no slot in this game"
    if rs.day.edited_vote_void and post.edit is not None:
        shown = f" by {post.edit.editor}" if post.edit.editor else ""
        return "edited", f"the post was edited{shown}: a post with a vote must not be edited"
    return None, None


# reasons that leave a mark the author's own vote, cast in the post, that cannot be counted
# for what it names: under "the last vote in a post wins" it is still the post's last vote.
# Reasons of place (quoted, in a spoiler, hidden) make a mark no vote of the author's at all;
# reasons of the whole post (the GM's, a non-player's, edited) void every mark alike.
_UNCOUNTABLE = frozenset({"unknown-name", "ambiguous-name", "not-a-target", "self-vote"})


def _last_wins(found: list[Vote], rs: RuleSet, paired: set[int] | None = None) -> None:
    """Several marks in one post: only the last vote stands (mafiascum: 'the last vote in a
    post wins'; an unvote before a vote in the same post changes nothing).

    When the post's last vote cannot be counted (a name no player has, or several; the
    moderator; nothing readable), the earlier votes do not stand in its place as if it were
    absent: they are `superseded`, saying by what. An earlier unvote keeps counting: the
    later vote would have withdrawn the standing vote too, and that much of it is read."""
    if not rs.day.last_mark_wins:
        return
    own = [i for i, v in enumerate(found) if v.counts or v.reason in _UNCOUNTABLE]
    if not own:
        return
    last = found[own[-1]]
    if paired and own[-1] - 1 in paired and len(own) > 1 and own[-2] == own[-1] - 1:
        own = own[:-1]  # the last mark cast two votes: both stand
    for i in own[:-1]:
        v = found[i]
        if not v.counts:
            continue
        if last.counts:
            found[i] = v.model_copy(update={"counts": False, "reason": "superseded",
                                            "detail": "a later mark in the same post stands"})
        elif v.special == "unvote":
            found[i] = v.model_copy(update={"detail": (
                f"the post's later vote {last.raw!r} cannot be counted ({last.reason}); "
                "the withdrawal of the standing vote is read")})
        else:
            found[i] = v.model_copy(update={"counts": False, "reason": "superseded", "detail": (
                f"a later vote in the same post, {last.raw!r}, cannot be counted "
                f"({last.reason}): the last vote of a post wins, so this one does not stand")})
