"""`Game`: a loaded game log with DataFrame views and an HTML view for notebooks."""

from __future__ import annotations

import html
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd
from bs4 import BeautifulSoup

from engine.gamelog import GameLog

if TYPE_CHECKING:
    from engine.day import DayResult
    from engine.verify import Report
from engine.gamelog import load as load_log
from toolkit import frames
from toolkit.labels import faction_label, role_label
from toolkit.safe_html import clean_post
from toolkit.summary import GameSummary, result_label, summarize


class Game:
    """One game with its views. Views are computed on first use and kept."""

    def __init__(self, log: GameLog, path: Path | None = None) -> None:
        self.log = log
        self.path = path

    @classmethod
    def load(cls, path: str | Path) -> Game:
        p = Path(path)
        return cls(load_log(p), p)

    @cached_property
    def posts(self) -> pd.DataFrame:
        """One row per post; see `toolkit.frames.POSTS_COLUMNS`. The posts after the game's
        end have the phase `toolkit.frames.POST_GAME`."""
        return frames.posts_frame(self.log)

    @cached_property
    def votes(self) -> pd.DataFrame:
        """One row per vote mark; `counts` and `reason` are the day re-count's verdict under
        the log's rulings, the reader's own in `read_counts` (`toolkit.frames.votes_frame`)."""
        return frames.votes_frame(self.log)

    @cached_property
    def actions(self) -> pd.DataFrame:
        return frames.actions_frame(self.log)

    @cached_property
    def deaths(self) -> pd.DataFrame:
        return frames.deaths_frame(self.log)

    @cached_property
    def published(self) -> pd.DataFrame:
        return frames.published_frame(self.log)

    @cached_property
    def slots(self) -> pd.DataFrame:
        return frames.slots_frame(self.log)

    @cached_property
    def report(self) -> Report:
        """`engine.verify.verify` of the game under its own rulings: worked out once."""
        from engine.verify import verify

        return verify(self.log)

    @cached_property
    def findings(self) -> pd.DataFrame:
        """What `mafiakit verify` finds, a row a finding (`toolkit.findings.findings_frame`)."""
        from toolkit.findings import findings_frame

        return findings_frame(self.log, self.report)

    @cached_property
    def results(self) -> list[DayResult]:
        """Every day re-counted under the game's rulings (`toolkit.daycount.count_all`),
        the votes read from the posts first when the log holds none."""
        from toolkit.daycount import count_all, ensure_votes

        ensure_votes(self.log)
        return count_all(self.log)

    @cached_property
    def visits(self) -> pd.DataFrame:
        """Every night's visits as the replay resolved them
        (`toolkit.figures.nights.game_visits`)."""
        from toolkit.figures.nights import game_visits

        return game_visits(self.log)

    @cached_property
    def summary(self) -> GameSummary:
        return summarize(self.log)

    def soup(self, number: int) -> BeautifulSoup:
        """Post `number` (the thread's own numbering, the `number` column of `posts`) as a
        BeautifulSoup, parsed with lxml, to search as a forum scraper would:
        `game.soup(42).find_all("a")`, `.select("blockquote.mk-quote")`, `.find_all("b")`.

        It holds the post's body as the game log stores it (`Post.html`), never the forum
        page: the scrapers' one markup (`scrapers.forum.markup`: quotes as
        `blockquote.mk-quote` with `data-author` and `data-post-id`, bold as `<b>`, colours
        as `span.mk-color[data-color]`, spoilers as `div.mk-spoiler[data-title]`), with the
        thread page around it and its scripts and styles already left out, and sanitized again
        (`toolkit.safe_html.clean_post`): no script, event handler or `javascript:` link is
        left, so showing it as HTML runs nothing (the images it shows still load from where
        the forum kept them). The lxml parser wraps the body in
        `<html><body>`. A number that no post has raises KeyError naming it."""
        for post in self.log.posts:
            if post.number == number:
                return BeautifulSoup(clean_post(post.html), "lxml")
        numbers = [p.number for p in self.log.posts]
        span = f"posts run {min(numbers)}–{max(numbers)}" if numbers else "it has no posts"
        raise KeyError(f"no post number {number} in {self.log.meta.title!r}: {span}")

    def __repr__(self) -> str:
        s = self.summary
        return (f"<Game {s.title!r} ({s.ruleset}): {len(s.slots)} slots, "
                f"{len(s.phases)} phases, {s.posts_total} posts>")

    def _repr_html_(self) -> str:
        """A compact card: title, rule set, GMs, result, and the slots with their fates."""
        s = self.summary
        e = html.escape
        rows = "".join(
            f"<tr><td>{e(x.name)}</td><td>{e(' → '.join(x.nicks))}</td>"
            f"<td>{e(role_label(self.log, x.role))}</td>"
            f"<td>{e(faction_label(self.log, x.faction))}</td>"
            f"<td>{e(x.fate)}</td><td style='text-align:right'>{x.posts}</td></tr>"
            for x in s.slots
        )
        issues = ", ".join(f"{n} {k}" for k, n in s.issues.items() if n) or "none"
        return (
            f"<div class='mafiakit-game'><h3>{e(s.title)}</h3>"
            f"<p>rule set <code>{e(s.ruleset)}</code> · GM {e(', '.join(s.gms) or '?')}"
            f" · result {e(result_label(self.log))} · {len(s.phases)} phases"
            f" · {s.posts_total} posts"
            f" · {s.votes} votes · {s.actions} actions · issues: {e(issues)}</p>"
            "<table><thead><tr><th>slot</th><th>nicks</th><th>role</th><th>faction</th>"
            f"<th>fate</th><th>posts</th></tr></thead><tbody>{rows}</tbody></table></div>"
        )


_LOADED: dict[tuple[Path, int, int], Game] = {}


def load(path: str | Path) -> Game:
    """Load a game log (`.json` or `.json.gz`) as a `Game`. A file loaded again unchanged
    (same size and modification time) gives the same `Game`, whose views and replays are
    worked out once: the notebooks of a report, run in one kernel, share them."""
    p = Path(path).resolve()
    stat = p.stat() if p.is_file() else None
    if stat is None:
        return Game.load(p)  # the loader names what is missing
    key = (p, stat.st_mtime_ns, stat.st_size)
    if key not in _LOADED:
        _LOADED.clear()  # one game at a time: an edited file is read again
        _LOADED[key] = Game.load(p)
    return _LOADED[key]
