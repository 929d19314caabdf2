"""What a game log shows it was misread: a thread read into posts with no vote marks, or
into one phase (or none) for the whole thread, or with every player surviving. Each makes
every later figure quietly wrong (empty tallies, every post in day 1, no deaths), so the
scrape and verify commands say so at the top of their output, not only in the log's issue
list."""

from __future__ import annotations

from engine.gamelog import GameLog

# below this many posts a thread may be a test or a stub: one phase is no sign of misreading
_FEW_POSTS = 20


def misreadings(log: GameLog) -> list[str]:
    """A sentence per sign that the thread was misread, naming what it makes wrong; empty
    for a log with no posts (an imported dataset holds its votes and phases itself)."""
    posts = [p for p in log.posts if not p.deleted]
    if not posts:
        return []
    out: list[str] = []
    if not log.votes:
        out.append(f"{len(posts)} posts and no vote marks read: every day's tally is empty "
                   "and the GM's vote counts cannot be checked (is the rule set right? are "
                   "the votes written as it expects?)")
    if len(log.phases) <= 1 and len(posts) >= _FEW_POSTS:
        one = f"one phase ({log.phases[0].key})" if log.phases else "no phase"
        out.append(f"{one} for the whole thread of {len(posts)} posts: the GM's day and night "
                   "announcements were not found, so every post, vote and death is placed in "
                   "it")
    players = log.players
    if len(players) >= 2 and all(s.fate.kind == "survived" for s in players) \
            and not any(pub.deaths for pub in log.published.phases):
        out.append(f"no death read: all {len(players)} players are shown as survived")
    return out
