"""Build the bundled games of `data/games/` (run by hand, never by the tests):

    .venv/bin/python data/build.py

Each bundled game is one of the whole test games written by hand from a seed
(`tests/engine/games/<source>.json`, and its GM-mistakes copy), published as a GM publishes
it and saved as a forum keeps it:

- the thread: the game's posts, where the GM's posts say what the GM published (the player
  list in the opening post; each morning's deaths with their roles and the newspaper's facts;
  the running vote counts; the day's end), rendered as the saved pages of a forum engine
  (`scrapers.render`), some as a Wayback capture, zipped as people keep a saved thread;
- the GM's log: the actions of every night and day, the deaths and the final roles
  (`scrapers.render.gmlog`), plus the private results where the GM's words are the answer;
- `expected.json`: what `mafiakit scrape` gives for the two, the expected game log the tests
  compare with exactly; and `verify.txt`, what `mafiakit verify` says of it.

The GM-mistakes copy is built the same way from the mistakes copy of the source game: its GM
posts publish the planted mistakes, `planted.json` lists the findings verify must dispute.
Builds are deterministic: the same sources give the same bytes."""

from __future__ import annotations

import html
import io
import json
import sys
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.gamelog import GameLog, PrivateResult  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from engine.simulate import play  # noqa: E402
from engine.simulate.words import WORDS  # noqa: E402
from engine.verify import verify  # noqa: E402
from scrapers.descriptor import DESCRIPTOR, read_descriptor, scrape_game  # noqa: E402
from scrapers.render import gmlog, render_thread  # noqa: E402
from scrapers.render.engines import ENGINES  # noqa: E402
from scrapers.render.wayback import wayback  # noqa: E402

GAMES = ROOT / "data" / "games"
SOURCES = ROOT / "tests" / "engine" / "games"
CAPTURED = datetime(2021, 2, 17, 9, 31, 5, tzinfo=UTC)
ZIP_TIME = (2021, 2, 17, 12, 0, 0)  # every member's time: the same bytes on every build


@dataclass(frozen=True)
class Bundle:
    name: str  # the folder under data/games/
    source: str  # the whole test game under tests/engine/games/
    engine: str  # the forum engine of scrapers.render.engines
    lang: str  # the GM log's language
    shape: str  # the GM log's shape: blocks, table, lines; "" for a game without one
    wayback: bool  # saved from the Wayback Machine
    private: bool  # the GM log carries the private results as the GM's words
    planted: tuple[str, ...]  # the GM-mistakes copy's findings verify must dispute


BUNDLES = (
    # contested-island's private results are the seed's structured checks, which the GM log
    # reader does not take from words: its planted wrong check result is left out
    Bundle("contested-island", "island-16", "phpbb33", "en", "blocks", True, False,
           ("N2 newspaper: pit-dug (Jamaica)", "N4 deaths")),
    Bundle("world-cup-2018", "world-cup-2018-game", "vb38", "ru", "blocks", False, True,
           ("D2 vote count (post 28)", "N2 deaths", "N2 newspaper: healed (Pisaka)",
            "N3 private: Pastor on Lis")),
    Bundle("open-roles", "open-roles-game", "xf2", "ru", "blocks", False, True,
           ("D2 vote count (post 32)", "N2 newspaper: resurrected (Ulitka)",
            "N2 private: Sova on Kit", "N3 deaths")),
    # a vanilla mini as mafiascum plays them: no night actions, so no GM log; simulated
    # (engine.simulate), its mistakes in the GM's running counts
    Bundle("mafiascum", "sim:mafiascum:3", "smf21", "en", "", False, False,
           ("D2 vote count (post 29)", "D4 vote count (post 65)")),
)


def published_thread(log: GameLog) -> GameLog:
    """The log with its GM posts saying what the GM published: the player list in the
    opening post, each morning's deaths and newspaper facts in the post that opens the next
    day, each running vote count as its post."""
    posts = list(log.posts)

    def say(number: int, text: str) -> None:
        post = posts[number - 1]
        posts[number - 1] = post.model_copy(update={"text": text, "html": _html(text)})

    first = posts[0]
    listed = "\n".join(f"{s.number or i}. " + (f"{s.name} - {s.nicks[0]}" if s.name != s.nicks[0]
                                                 else s.nicks[0])
                       for i, s in enumerate(log.players, start=1))
    heading = "Players:" if first.text.isascii() else "Игроки:"
    say(1, f"{first.text}\n\n{heading}\n{listed}")
    for item in log.published.phases:
        if item.phase.startswith("N"):
            night = int(item.phase[1:])
            opening = _morning_post(log, night)
            if opening is None:
                continue
            head = posts[opening - 1].text.split(".")[0] + "."  # «День 3.», "Day 2 begins."
            news = [d.raw for d in item.deaths if d.raw] + [f.raw for f in item.newspaper]
            if not item.deaths:
                news.insert(0, "Nobody died tonight." if head.isascii()
                            else "Этой ночью никто не погиб.")
            rest = _after_news(posts[opening - 1].text)
            say(opening, " ".join([head, *news, *rest]))
        for count in item.vote_counts:  # a row a line, as GMs post a count
            head, _, rows = count.raw.partition(": ")
            say(count.post, head + ":\n" + "\n".join(r.strip().rstrip(".")
                                                     for r in rows.split(";")))
    return log.model_copy(update={"posts": posts})


def _morning_post(log: GameLog, night: int) -> int | None:
    for phase in log.phases:
        if phase.kind == "day" and phase.number == night + 1 and phase.start is not None:
            return phase.start.post
    for phase in log.phases:
        if phase.kind == "night" and phase.number == night and phase.end is not None:
            return phase.end.post
    return None


def _after_news(text: str) -> list[str]:
    """What a morning post says after the news: the game's end, the day's rules."""
    keep = ("Execution is formatted", "победа", "Мафии не осталось", "win")
    return [s.strip() for s in text.split("\n")[0].split(". ") if any(k in s for k in keep)]


def _html(text: str) -> str:
    return "<br>".join(html.escape(line) for line in text.split("\n"))


def gm_log_text(log: GameLog, bundle: Bundle) -> str:
    text = {"blocks": gmlog.blocks, "table": gmlog.table, "lines": gmlog.inline}[
        bundle.shape](log, bundle.lang)
    if not bundle.private:
        return text
    lines = [text.rstrip("\n"), "", "Личные результаты" if bundle.lang == "ru"
             else "Private results"]
    for item in log.published.phases:
        if item.phase.startswith("N") and item.private:
            lines.append(f"Ночь {item.phase[1:]}" if bundle.lang == "ru"
                         else f"Night {item.phase[1:]}")
            # as GMs keep them: the player, then the words he was sent
            lines.extend(_private_line(log, p, bundle.lang) for p in item.private)
    return "\n".join(lines) + "\n"


def _private_line(log: GameLog, told: PrivateResult, lang: str) -> str:
    """«Pastor о Lis: «не грешен»»: the player, whom it is about (when another), the words."""
    about = " about " if lang == "en" else " о "
    subject = (about + _name(log, told.subject)
               if told.subject and told.subject != told.recipient else "")
    words = " / ".join(map(str, told.result.values()))
    return f"{_name(log, told.recipient)}{subject}: «{words}»"


def _name(log: GameLog, slot: str) -> str:
    return next(s.name for s in log.players if s.id == slot)


def thread_zip(log: GameLog, bundle: Bundle) -> bytes:
    eng = ENGINES[bundle.engine]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for i, (name, data) in enumerate(render_thread(log, engine=bundle.engine)):
            if bundle.wayback:
                data = wayback(data.decode(eng.encoding), eng.url(346, i, 25),
                               CAPTURED).encode(eng.encoding, errors="xmlcharrefreplace")
            info = zipfile.ZipInfo(f"thread/{name}", ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return out.getvalue()


def build(bundle: Bundle, log: GameLog, folder: Path, planted: tuple[str, ...] = ()) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "thread.zip").write_bytes(thread_zip(log, bundle))
    if bundle.shape:
        (folder / "gm-log.txt").write_text(gm_log_text(log, bundle), encoding="utf-8")
    (folder / DESCRIPTOR).write_text(descriptor_text(log, bool(bundle.shape)),
                                     encoding="utf-8")
    # scraped as `mafiakit corpus` scrapes it: through the descriptor
    got = scrape_game(read_descriptor(folder / DESCRIPTOR))
    (folder / "expected.json").write_text(expected_json(got), encoding="utf-8")
    report = verify(got)
    lines = [f"{f.phase} {f.item}: {f.status}" for f in report.findings]
    (folder / "verify.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    counts = {s: report.count(s) for s in ("confirmed", "disputed", "unverifiable",
                                           "ruling-dependent")}
    disputed = sorted(f"{f.phase} {f.item}" for f in report.findings if f.status != "confirmed")
    if disputed != sorted(planted):
        raise SystemExit(f"{folder}: verify gives {disputed}, planted {sorted(planted)}")
    if planted:
        (folder / "planted.json").write_text(
            json.dumps(sorted(planted), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{folder.relative_to(ROOT)}: {len(got.posts)} posts, {len(got.votes)} vote marks, "
          f"{len(got.issues)} issues; verify {counts}")


def descriptor_text(log: GameLog, with_gm_log: bool) -> str:
    gms = ", ".join(json.dumps(g, ensure_ascii=False) for g in log.meta.gms)
    lines = ["# how `mafiakit corpus` reads this game (scrapers/descriptor.py)",
             f'ruleset = "{log.meta.ruleset}"', f"gm = [{gms}]", 'pages = ["thread.zip"]']
    if with_gm_log:
        lines.append('gm_log = "gm-log.txt"')
    return "\n".join(lines) + "\n"


def expected_json(log: GameLog) -> str:
    return json.dumps(log.model_dump(mode="json"), ensure_ascii=False, indent=1) + "\n"


def sources(bundle: Bundle) -> tuple[GameLog, GameLog]:
    """The game as published, and its copy with the GM's mistakes."""
    if bundle.source.startswith("sim:"):  # "sim:<rule set>:<seed>": a simulated game
        _, ruleset, seed = bundle.source.split(":")
        log = play(ruleset, int(seed), max_days=8)
        log.meta.title = "Mini 2040: a twelve-player vanilla mini (simulated)"
        return log, wrong_counts(log)
    def read(name: str) -> GameLog:
        text = (SOURCES / f"{name}.json").read_text(encoding="utf-8")
        return published_thread(GameLog.model_validate_json(text))
    return read(bundle.source), read(f"{bundle.source}-gm-mistakes")


def wrong_counts(log: GameLog) -> GameLog:
    """A copy whose GM left a voter out of the running counts of days 2 and 4 (the last
    voter of the leading wagon: the first, so that no earlier standing matches), in the post
    and in what is published."""
    wrong = log.model_copy(deep=True)
    for item in wrong.published.phases:
        if item.phase not in ("D2", "D4"):
            continue
        for count in item.vote_counts:
            count.tally[0].voters.pop(0)
            count.tally[0].votes = len(count.tally[0].voters)
            count.tally = [t for t in count.tally if t.voters]
            words = WORDS[get_ruleset(log.meta.ruleset or "").language]
            text = "\n".join([words.count] + [words.count_row(
                wrong.slot(t.target or "").name, [wrong.slot(v).name for v in t.voters])
                for t in count.tally])
            count.raw = text
            post = wrong.posts[count.post - 1]
            wrong.posts[count.post - 1] = post.model_copy(
                update={"text": text, "html": _html(text)})
    return wrong


def main() -> None:
    for bundle in BUNDLES:
        folder = GAMES / bundle.name
        clean, mistakes = sources(bundle)
        build(bundle, clean, folder)
        build(bundle, mistakes, folder / "gm-mistakes", bundle.planted)


if __name__ == "__main__":
    main()
