"""Reading the GM's vote counts: the formats moderators use, what is left out, what is
reported."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

import scrapers.votecounts as votecounts
from engine.gamelog import Boundary, GameLog, Phase, PhasePublished, VoteCount
from scrapers.html_text import is_block
from scrapers.votecounts import _DROP, _row, count_lines, read_vote_counts
from scrapers.votes.marks import parse_body
from tests.scrapers.votes_game import day_one

NICKS = ["Bicephalous Bob", "Glork", "Untrod Tripod", "Fro99er", "Green Crayons",
         "lalaladucks", "Bellaphant", "ChaosOmega", "SleepyKrew", "KayP", "Hiraki", "Tn5421",
         "Sharpest-knife-on-tree", "clusk92", "The Rufflig", "Vifam", "SGRaaize", "greygnarl",
         "Agent 47"]
BOLD = '<div style="display:inline;font-weight:bold">{}</div>'


def game(*posts: str, gm: str = "Mod", nicks: list[str] = NICKS) -> GameLog:
    """A day-1 game whose posts (1, 2, ...) are all the GM's."""
    return day_one("mafiascum", [(n, n, None) for n in nicks], [(gm, p) for p in posts],
                   gm=gm, opening="Day 1 begins")


def counts(log: GameLog) -> list[VoteCount]:
    item = log.published.for_phase("D1")
    return item.vote_counts if item is not None else []


def only(*posts: str) -> tuple[VoteCount, list[str]]:
    """The one count the posts hold, and the issue codes."""
    log = game(*posts)
    issues = read_vote_counts(log)
    found = counts(log)
    assert len(found) == 1, found
    return found[0], [i.code for i in issues]


def rows(vc: VoteCount) -> list[tuple[str, float, list[str]]]:
    return [(t.target, t.votes, t.voters) for t in vc.tally]


def post(*lines: str) -> str:
    """A count as mafiascum moderators frame it: title, tally lines, majority, deadline."""
    return "<br>\n".join(("VOTECOUNT 1.14", "", *lines, "",
                          "With 13 alive, it takes 7 votes to lynch.",
                          "Deadline: Friday 18:00 (expired on 2014-08-25 21:43:00)"))


@pytest.mark.parametrize(("line", "expected"), [
    ("(5) Bicephalous Bob —  Glork, Untrod Tripod, Fro99er, Green Crayons, lalaladucks (L-2)",
     ("Bicephalous Bob", 5, ["Glork", "Untrod Tripod", "Fro99er", "Green Crayons",
                             "lalaladucks"])),
    ("(0) Bellaphant —", ("Bellaphant", 0, [])),
    ("Hiraki (L-1): Glork, bvoigt", ("Hiraki", 2, ["Glork"])),
    ("The Rufflig: (3) Glork, KayP, Vifam", ("The Rufflig", 3, ["Glork", "KayP", "Vifam"])),
    ("Tn5421 [3]: Glork, KayP, Tn5421 ------ [LYNCH]", ("Tn5421", 3, ["Glork", "KayP",
                                                                      "Tn5421"])),
    ("Tn5421- Glork,  KayP, Vifam (LYNCH)", ("Tn5421", 3, ["Glork", "KayP", "Vifam"])),
    ("Sharpest-knife-on-tree (2) - Glork, KayP", ("Sharpest-knife-on-tree", 2,
                                                  ["Glork", "KayP"])),
    ("Vifam (1)- SGRaaize [L-2]", ("Vifam", 1, ["SGRaaize"])),
    ("Hiraki - Glork, KayP, Vifam (4)", ("Hiraki", 4, ["Glork", "KayP", "Vifam"])),
    ("Hiraki - 2 (Glork, KayP)", ("Hiraki", 2, ["Glork", "KayP"])),
    ("Hiraki 3 - Glork, KayP", ("Hiraki", 3, ["Glork", "KayP"])),
    ("Agent 47 - Glork", ("Agent 47", 1, ["Glork"])),
    ("thegreygnarl (1): Glork", ("greygnarl", 1, ["Glork"])),
    ("Hiraki (2)Glork , KayP", ("Hiraki", 2, ["Glork", "KayP"])),
    ("L-1 [2] Hiraki: Glork, KayP,", ("Hiraki", 2, ["Glork", "KayP"])),
    ("Hiraki [2] : Glork, KayP <---- Successful Lynch", ("Hiraki", 2, ["Glork", "KayP"])),
    ("3. Hiraki (2): Glork, KayP", ("Hiraki", 2, ["Glork", "KayP"])),
    ("Hiraki (2): Glork and KayP", ("Hiraki", 2, ["Glork", "KayP"])),
    ("Hiraki (2): Glork Green Crayons", ("Hiraki", 2, ["Glork", "Green Crayons"])),
    (BOLD.format("Hiraki") + " (2): Glork, KayP " + BOLD.format("(L-5)"),
     ("Hiraki", 2, ["Glork", "KayP"])),
])
def test_tally_line_formats(line: str, expected: tuple[str, float, list[str]]) -> None:
    vc, codes = only(post(line, "Not voting: ChaosOmega"))
    assert rows(vc) == [expected]
    assert vc.not_voting == ["ChaosOmega"]
    assert ("vote-count-name" in codes) == ("bvoigt" in line)


def test_the_count_is_recorded_for_its_day_with_its_text() -> None:
    log = game("Talk first.", post("Hiraki (2): Glork, KayP", "", "Not voting:<br>ChaosOmega"))
    assert read_vote_counts(log) == []
    [vc] = counts(log)
    assert (vc.post, vc.source.kind, vc.source.post) == (2, "post", 2)
    assert vc.raw == "Hiraki (2): Glork, KayP\nNot voting:\nChaosOmega"
    assert vc.not_voting == ["ChaosOmega"]
    assert [p.phase for p in log.published.phases] == ["D1"]


@pytest.mark.parametrize("line", [
    "(3) (NOT VOTING) —  ChaosOmega, SleepyKrew, KayP",
    "Not Voting: ChaosOmega, SleepyKrew, KayP",
    "Not Voting [3]: ChaosOmega, SleepyKrew, KayP",
    "Not Voting (3) - ChaosOmega, SleepyKrew, KayP",
    "Pacifists (Not Voting): ChaosOmega, SleepyKrew, KayP",
    "Not voting:<br>ChaosOmega, SleepyKrew, KayP",
    "Abstaining [3]: ChaosOmega / SleepyKrew / KayP",
])
def test_not_voting(line: str) -> None:
    vc, _ = only(post("Hiraki (1): Glork", line))
    assert vc.not_voting == ["ChaosOmega", "SleepyKrew", "KayP"]
    assert rows(vc) == [("Hiraki", 1, ["Glork"])]


@pytest.mark.parametrize("head", ["No Lynch", "No-Lynch", "NL", "no lynch"])
def test_no_lynch(head: str) -> None:
    vc, _ = only(post(f"{head} (2): Glork, KayP", "Hiraki (1): Vifam"))
    assert rows(vc) == [("no-lynch", 2, ["Glork", "KayP"]), ("Hiraki", 1, ["Vifam"])]


@pytest.mark.parametrize("struck", [
    "<s>Glork</s>", "<del>Glork</del>", "<strike>Glork</strike>",
    '<span style="text-decoration: line-through">Glork</span>',
    '<div style="display:inline-flex;text-decoration:line-through">Glork</div>',
])
def test_struck_through_voters_are_left_out(struck: str) -> None:
    vc, codes = only(post(f"Hiraki (1): {struck}, KayP", f"Vifam (1): {struck}, SGRaaize"))
    assert rows(vc) == [("Hiraki", 1, ["KayP"]), ("Vifam", 1, ["SGRaaize"])]
    assert codes == []


def test_unresolvable_names_are_reported_once_per_count() -> None:
    log = game(post("Hiraki (3): Glork, Zanzibar, KayP", "Vifam (1): Qwertyuiop",
                    "Not voting: like 2 people"))
    issues = read_vote_counts(log)
    [vc] = counts(log)
    assert rows(vc) == [("Hiraki", 3, ["Glork", "KayP"]), ("Vifam", 1, [])]
    [issue] = issues
    assert (issue.code, issue.severity, issue.where.post) == ("vote-count-name", "warning", 1)
    assert all(n in issue.message for n in ("Zanzibar", "Qwertyuiop", "like 2 people"))
    assert (issue.text or "").splitlines() == [
        "Hiraki (3): Glork, Zanzibar, KayP", "Vifam (1): Qwertyuiop", "Not voting: like 2 people"]


def test_an_ambiguous_name_is_reported() -> None:
    log = game(post("Hiraki (2): Green, Glork", "Vifam (1): KayP"),
               nicks=[*NICKS, "Green Giant"])
    issues = read_vote_counts(log)
    assert rows(counts(log)[0])[0] == ("Hiraki", 2, ["Glork"])
    assert [(i.code, "Green" in i.message) for i in issues] == [("vote-count-name", True)]


def test_a_head_that_names_no_player_is_reported_not_invented() -> None:
    vc, codes = only(post("No Lolwagons - Glork, KayP [L-1]", "Vifam (1) - SGRaaize [L-2]",
                          "Not Voting (2) - ChaosOmega, Hiraki"))
    assert rows(vc) == [("Vifam", 1, ["SGRaaize"])]
    assert vc.not_voting == ["ChaosOmega", "Hiraki"]
    assert codes == ["vote-count-target"]


def test_the_written_number_is_kept_and_compared() -> None:
    log = game(post("Hiraki (4): Glork, KayP", "Vifam: SGRaaize, Tn5421"))
    issues = read_vote_counts(log)
    assert rows(counts(log)[0]) == [("Hiraki", 4, ["Glork", "KayP"]),
                                    ("Vifam", 2, ["SGRaaize", "Tn5421"])]
    assert [(i.code, i.severity, i.text) for i in issues] == [
        ("vote-count-number", "info", "Hiraki (4): Glork, KayP")]


def test_a_double_vote_counts_twice_in_the_comparison() -> None:
    vc, codes = only(post("Hiraki (3): Glork x2, KayP", "Vifam (1): SGRaaize"))
    assert rows(vc)[0] == ("Hiraki", 3, ["Glork", "KayP"])
    assert codes == []


def test_a_gm_post_without_a_count_is_ignored() -> None:
    log = game("Glork, Vanilla Townie, was lynched. Night 1 begins.",
               "Roles:<br>Hiraki - Mafia Goon<br>Glork - Town Cop<br>KayP - lynched Day 4",
               "Hiraki: please post more.<br>Everyone else: keep it civil.",
               "I will post a vote count tomorrow.")
    assert read_vote_counts(log) == []
    assert counts(log) == []


def test_quotes_and_spoilers_are_not_the_count() -> None:
    quoted = ("<blockquote><div><cite>Glork wrote:</cite>Hiraki (2): Glork, KayP<br>"
              "Vifam (1): SGRaaize</div></blockquote>Noted.")
    spoiler = '<div class="quotecontent"><div>Vifam (1): SGRaaize</div></div>'
    hidden = '<div style="display: none">Bellaphant (1): Fro99er</div>'
    log = game(quoted, post("Hiraki (1): Glork", "Tn5421 (1): KayP") + spoiler + hidden)
    assert read_vote_counts(log) == []
    [vc] = counts(log)
    assert vc.post == 2
    assert rows(vc) == [("Hiraki", 1, ["Glork"]), ("Tn5421", 1, ["KayP"])]


def test_lines_around_the_count_are_not_tally_lines() -> None:
    vc, codes = only(post("Hiraki (1): Glork", "Not voting: KayP", "", "Vote History:",
                          "Glork - Hiraki, KayP", "Mod Notes:", "V/LA", "Glork: May 27-30",
                          "Deadline: June 7 17:00 CEST"))
    assert rows(vc) == [("Hiraki", 1, ["Glork"])]
    assert vc.not_voting == ["KayP"]
    assert codes == []


def test_news_before_the_title_is_not_the_count() -> None:
    vc, _ = only("Welcome our new players!<br>Glork -&gt; KayP<br>Vifam -&gt; Hiraki<br>"
                 + post("Hiraki (1): Glork", "Not voting: Vifam"))
    assert rows(vc) == [("Hiraki", 1, ["Glork"])]


def game_read(*posts: str) -> GameLog:
    log = game(*posts)
    read_vote_counts(log)
    return log


def test_one_line_needs_a_title_two_do_not() -> None:
    assert counts(game_read("Hiraki (1): Glork")) == []
    assert len(counts(game_read("Vote count:<br>Hiraki (1): Glork"))) == 1
    assert len(counts(game_read("Hiraki (1): Glork<br>Not voting: KayP"))) == 1


def test_a_table_count() -> None:
    cell = '<td style="border:1px solid black">{}</td>'
    table = ("Vote Count 1.2<table>"
             f"<tr>{cell.format('Hiraki')}<th>2</th>{cell.format('Glork')}"
             f"{cell.format('KayP')}</tr>"
             f"<tr>{cell.format('Vifam')}<th>1</th>{cell.format('SGRaaize')}</tr></table>")
    vc, _ = only(table)
    assert rows(vc) == [("Hiraki", 2, ["Glork", "KayP"]), ("Vifam", 1, ["SGRaaize"])]


def test_voter_first_lines_are_turned() -> None:
    vc, _ = only(post("clusk92: (2) The Rufflig", "Hiraki: (2) The Rufflig",
                      "Glork: (1) Hiraki"))
    assert rows(vc) == [("The Rufflig", 2, ["clusk92"]), ("The Rufflig", 2, ["Hiraki"]),
                        ("Hiraki", 1, ["Glork"])]


def test_target_first_when_a_line_has_several_voters() -> None:
    # The Rufflig listed as not voting too is the GM's slip, not another reading
    vc, codes = only(post("clusk92: (1) The Rufflig", "Hiraki: (2) Glork, KayP",
                          "Not Voting: The Rufflig, Vifam"))
    assert rows(vc)[0] == ("clusk92", 1, ["The Rufflig"])
    assert codes == []


def test_a_line_that_reads_both_ways_is_skipped_with_an_issue() -> None:
    vc, codes = only(post("Hiraki: (1) Glork", "KayP: (1) Vifam", "Not Voting: Glork"))
    assert rows(vc) == [("KayP", 1, ["Vifam"])]
    assert codes == ["vote-count-ambiguous"]


def test_russian_count_with_inflected_names() -> None:
    ru = ["Ямайка", "Куба", "Мальта", "Бали", "Гаити"]
    html = ("Итоги голосования<br>Ямайку (3): Кубы, Мальта, Бали<br>Мальте (1): Ямайка<br>"
            "Не казнить никого (0):<br>Не голосовали: Гаити")
    log = day_one("world-cup-2018", [(n, n, None) for n in ru], [("ГМ", html)], gm="ГМ",
                  opening="День 1")
    assert read_vote_counts(log) == []
    [vc] = counts(log)
    assert rows(vc) == [("Ямайка", 3, ["Куба", "Мальта", "Бали"]), ("Мальта", 1, ["Ямайка"]),
                        ("no-lynch", 0, [])]
    assert vc.not_voting == ["Гаити"]


def test_only_posts_of_the_day_count_and_the_closing_post_does() -> None:
    log = game(post("Hiraki (1): Glork", "Not voting: KayP"),
               post("Hiraki (2): Glork, KayP", "Not voting: Vifam"),
               post("Vifam (1): Glork", "Not voting: KayP"))
    log.phases[0].end = Boundary(post=2, source="manual")  # post 3 is night 1
    log.phases.append(Phase(kind="day", number=2, start=Boundary(post=4, source="manual")))
    log.published.phases.append(PhasePublished(phase="N1"))
    read_vote_counts(log)
    assert [vc.post for vc in counts(log)] == [1, 2]
    assert [p.phase for p in log.published.phases] == ["D1", "N1"]


def test_reading_twice_records_each_count_once() -> None:
    log = game(post("Hiraki (1): Glork", "Not voting: KayP"))
    read_vote_counts(log)
    read_vote_counts(log)
    assert [vc.post for vc in counts(log)] == [1]


def test_non_gm_posts_are_not_counts() -> None:
    log = day_one("mafiascum", [(n, n, None) for n in NICKS],
                  [("Glork", post("Hiraki (1): Glork", "Not voting: KayP"))], gm="Mod",
                  opening="Day 1 begins")
    read_vote_counts(log)
    assert counts(log) == []


@pytest.mark.parametrize("heading", ["Промежуточный подсчёт:", "Подсчёт голосов", "Vote Count:"])
def test_a_one_line_count_under_its_heading(heading: str) -> None:
    """One wagon so far: a single line is a count when the post says it is one."""
    log = game("Talk first.", f"{heading}<br>Hiraki — Glork, KayP (2)")
    read_vote_counts(log)
    [vc] = counts(log)
    assert rows(vc) == [("Hiraki", 2, ["Glork", "KayP"])]


def test_a_lone_line_without_a_heading_is_no_count() -> None:
    log = game("Talk first.", "Hiraki — Glork, KayP (2)")
    read_vote_counts(log)
    assert counts(log) == []


# -- the post's lines, read cheaper -------------------------------------------------------


def _left_out_by_the_letter(el: etree._Element) -> bool:
    if el.tag in _DROP or re.search(r"spoiler|quote|hidden", el.get("class") or "", re.I):
        return True
    style = (el.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style or "line-through" in style


def _walk_by_the_letter(node: etree._Element, parts: list[str]) -> None:
    for child in node:
        if isinstance(child.tag, str) and not _left_out_by_the_letter(child):
            if child.tag == "tr":
                parts.append(f"\n{_row(child)}\n")
            else:
                block = is_block(child)
                parts.extend(("\n" if block else "", child.text or ""))
                _walk_by_the_letter(child, parts)
                parts.append("\n" if block else "")
        parts.append(child.tail or "")


def _count_lines_by_the_letter(root: etree._Element) -> list[str]:
    """`count_lines` as it was first written: every element walked, its class and style
    asked for each test."""
    parts: list[str] = [root.text or ""]
    _walk_by_the_letter(root, parts)
    return [" ".join(line.split()) for line in "".join(parts).split("\n") if line.strip()]


_OPEN = st.sampled_from([
    "<div>", '<div style="display:inline">', '<div style="display: INLINE;font-weight:bold">',
    '<span style="text-decoration: line-through">', '<span style="DISPLAY:none">',
    '<div class="quotecontent">', '<div class="Spoiler">', "<b>", "<i>", "<p>", "<li>",
    "<blockquote>", "<s>", '<span style="color:red">', "<table><tr><td>"])
_BITS = st.sampled_from(["Bob", "(2)", ":", " ", "  ", "\u00a0", "Carol,", "Dave", "<br>",
                         "<br/>", "<hr>", "<img alt='x'>", "<cite>Bob wrote:</cite>",
                         "<!-- note -->", "</td><td>3</td><td>Eve", "\n", "\t"])


@st.composite
def _html(draw: st.DrawFn, depth: int = 3) -> str:
    out = []
    for _ in range(draw(st.integers(0, 5))):
        if depth and draw(st.booleans()):
            tag: str = draw(_OPEN)
            inner: str = draw(_html(depth - 1))
            close = "".join(f"</{t}>" for t in reversed(re.findall(r"<(\w+)", tag)))
            out.append(tag + inner + close)
        else:
            bit: str = draw(_BITS)
            out.append(bit)
    return "".join(out)


@given(_html())
@settings(max_examples=500, derandomize=True)
def test_count_lines_reads_as_the_walk_of_every_element(html: str) -> None:
    root = parse_body(html)
    if root is not None:
        assert count_lines(root) == _count_lines_by_the_letter(root)


def test_count_lines_walks_only_elements_with_elements_inside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[str] = []
    real = votecounts._walk

    def spy(node: etree._Element, parts: list[str]) -> None:
        walked.append(str(node.tag))
        real(node, parts)

    monkeypatch.setattr(votecounts, "_walk", spy)
    root = parse_body(f"Vote Count<br>{BOLD.format('Bob')} (2): Carol, Dave<br>"
                      "<div>Eve (0):<br></div>")
    assert root is not None
    assert count_lines(root) == ["Vote Count", "Bob (2): Carol, Dave", "Eve (0):"]
    # the root and the <div> holding a <br>: not the <br>s, nor the bold <div> of text only
    assert walked == [str(root.tag), "div"]


_LINE_BITS = st.sampled_from(["Bob", "Carol", "Not Voting", "No Lynch", "L", "2", "(2)", "[3]",
                              "{1}", ":", "-", " - ", "=", "\u2014", "\u2013", ",", ".", " ",
                              "x2", "18:00", "*", ">", "•", "1.", "lynch", "<", "/", "&"])


_NAMES = votecounts._Names(game())


@given(st.lists(_LINE_BITS, max_size=12).map("".join))
@settings(max_examples=600, derandomize=True)
def test_a_line_without_a_separator_or_bracket_is_no_tally_line(text: str) -> None:
    names = _NAMES
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(votecounts, "_may_part", lambda _text: True)
        read = votecounts._parse_line(text, names, 1)
    assert votecounts._parse_line(text, names, 1) == read
    if not votecounts._may_part(text):
        assert read is None


def test_a_line_without_a_separator_or_bracket_is_not_parsed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    real = votecounts._BULLET

    class Spy:
        def sub(self, repl: str, text: str) -> str:
            parsed.append(text)
            return real.sub(repl, text)

    monkeypatch.setattr(votecounts, "_BULLET", Spy())
    vc, _ = only("Vote Count 1.1<br>As the sun rises, the villagers gather<br>"
                 "Glork (2) - Hiraki, KayP<br>Not voting: Vifam")
    assert rows(vc) == [("Glork", 2.0, ["Hiraki", "KayP"])]
    assert parsed == ["Glork (2) - Hiraki, KayP", "Not voting: Vifam"]
