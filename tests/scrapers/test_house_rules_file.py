"""House rules (issue 21, item 7): a game's own day rules declared in TOML (`--rules`, or
`[rules]` in game.toml), the generic forum rule set for a thread scraped with no rules, and
the strict loader.

The invented thread is seven islands voting on day 1 in bold, rendered as a phpBB 3.3 thread
(`scrapers.render`); the example rules (`data/house-rules-example.toml`) count only «казнить
X», majority with no lynch at the deadline, and Фиджи's vote twice:

    Мальта  казнить Кубу         Куба 1
    Фиджи   казнить Кубу         Куба 3 (two votes)
    Аруба   голосую за Мальту    talk under the example (a vote under the forum rules)
    Ямайка  казнить Кубу         Куба 4 of 4 needed: the hammer (3 without the weight)
    Корсика казнить Мальту       after the hammer
"""

from __future__ import annotations

import json
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.day import count_days
from engine.errors import BadInputError
from engine.gamelog import GameLog, HouseRules, Meta, Post, load, save
from scrapers.descriptor import read_descriptor
from scrapers.render.thread import render_thread
from scrapers.rules_file import key_line, read_rules_file
from scrapers.scrape import scrape
from toolkit.cli import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "data" / "house-rules-example.toml"
BUNDLED = ROOT / "data" / "games" / "mafiascum" / "thread.zip"
GM = "Ведущий"
ISLANDS = ["Куба", "Мальта", "Ямайка", "Аруба", "Фиджи", "Корсика", "Маврикий"]
DAY = [("Мальта", "<b>казнить Кубу</b>"), ("Фиджи", "<b>казнить Кубу</b>"),
       ("Аруба", "<b>голосую за Мальту</b>"), ("Ямайка", "Решено. <b>Казнить Кубу</b>"),
       ("Корсика", "<b>казнить Мальту</b>")]


def _thread(folder: Path, day: list[tuple[str, str]] = DAY) -> Path:
    """The invented day as saved pages in `folder`."""
    players = "\n".join(f"{i}. {n}" for i, n in enumerate(ISLANDS, start=1))
    # every player posts once before the day: the GM's list is recognised as the roster
    # by the nicks that post in the thread
    written = [(GM, f"Игра начинается. Игроки:\n{players}"),
               *[(n, "Всем привет.") for n in ISLANDS],
               (GM, "День 1. Обсуждаем и голосуем."), *day, (GM, "День 1 окончен.")]
    start = datetime(2024, 3, 1, 10, 0, tzinfo=UTC)
    posts = [Post(number=i, author=author, time=start + timedelta(minutes=10 * i),
                  html=html.replace("\n", "<br>"), text=html, gm=author == GM)
             for i, (author, html) in enumerate(written, start=1)]
    log = GameLog(meta=Meta(title="Острова", ruleset="forum", gms=[GM]), posts=posts)
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in render_thread(log, engine="phpbb33"):
        (folder / name).write_bytes(data)
    return folder


def _rules(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _example(tmp_path: Path, *, drop: str | None = None, extra: str = "") -> Path:
    """The example rules, a line of it left out (`drop`), lines added under [rules]."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    if drop is not None:
        lines = [line for line in lines if not line.startswith(drop)]
    at = lines.index("[rules]") + 1
    return _rules(tmp_path / "house.toml", "\n".join([*lines[:at], extra, *lines[at:]]))


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, " ".join(result.output.split())


def _voters(log: GameLog) -> dict[str, str | None]:
    """Author of each vote read -> the name it votes for."""
    names = {s.id: s.name for s in log.players}
    return {v.author: names.get(v.target or "") for v in log.votes}


# -- the example counts as declared ----------------------------------------------------------

def test_the_example_counts_as_declared(tmp_path: Path) -> None:
    log = scrape([_thread(tmp_path / "pages")], gms=[GM], rules=read_rules_file(EXAMPLE))
    assert log.meta.ruleset == "house"
    assert log.meta.house_rules is not None
    assert log.meta.house_rules.decision == "majority"
    votes = _voters(log)
    assert votes["Мальта"] == "Куба"  # «казнить X», declared, is read
    assert "Аруба" not in votes  # «голосую за X», not declared, is talk
    [day] = count_days(log)
    assert day.eliminated is not None
    assert log.slot(day.eliminated).name == "Куба"
    assert day.decided_by == "hammer"
    assert day.majority == 4
    # Фиджи's two votes brought Куба to 4 at Ямайка's post
    ямайка = next(p.number for p in log.posts if p.author == "Ямайка" and "Кубу" in p.text)
    assert day.decided_at_post == ямайка
    assert not [i for i in log.issues if i.code == "generic-ruleset"]


def test_the_weights_table_changes_the_count(tmp_path: Path) -> None:
    pages = _thread(tmp_path / "pages")
    unweighted = read_rules_file(_example(tmp_path, drop='"Фиджи"'))
    assert unweighted.weights == {}
    [day] = count_days(scrape([pages], gms=[GM], rules=unweighted))
    assert day.eliminated is None
    assert day.no_lynch
    assert day.decided_by == "deadline"


def test_plurality_instead_of_majority_changes_the_outcome(tmp_path: Path) -> None:
    pages = _thread(tmp_path / "pages")
    majority = read_rules_file(_example(tmp_path, drop='"Фиджи"'))
    plurality = majority.model_copy(update={"decision": "plurality"})
    [under_majority] = count_days(scrape([pages], gms=[GM], rules=majority))
    log = scrape([pages], gms=[GM], rules=plurality)
    [under_plurality] = count_days(log)
    assert under_majority.eliminated is None
    assert under_plurality.eliminated is not None
    assert log.slot(under_plurality.eliminated).name == "Куба"
    assert under_plurality.decided_by == "deadline"
    assert under_plurality.majority is None


def test_a_cancel_phrase_withdraws_the_vote_on_its_player(tmp_path: Path) -> None:
    day = [("Мальта", "<b>казнить Кубу</b>"), ("Мальта", "<b>не казнить Кубу</b>"),
           ("Фиджи", "<b>казнить Мальту</b>")]
    rules = read_rules_file(_example(tmp_path, drop='"Фиджи"')).model_copy(
        update={"decision": "plurality"})
    log = scrape([_thread(tmp_path / "pages", day)], gms=[GM], rules=rules)
    [result] = count_days(log)
    assert [(log.slot(t.target).name, t.votes) for t in result.tally] == [("Мальта", 1.0)]


@pytest.mark.parametrize(("tie", "goes"), [
    ("no-elimination", None), ("first-reached", "Куба"), ("last-reached", "Мальта")])
def test_the_declared_tie_rule(tmp_path: Path, tie: str, goes: str | None) -> None:
    day = [("Мальта", "<b>казнить Кубу</b>"), ("Фиджи", "<b>казнить Мальту</b>")]
    rules = read_rules_file(_example(tmp_path, drop='"Фиджи"')).model_copy(
        update={"decision": "plurality", "tie": tie})
    log = scrape([_thread(tmp_path / "pages", day)], gms=[GM], rules=rules)
    [result] = count_days(log)
    assert (log.slot(result.eliminated).name if result.eliminated else None) == goes


def test_no_lynch_and_self_votes_as_declared(tmp_path: Path) -> None:
    """«казнить никого» is a vote for nobody where the rules allow one, else reported; a
    vote for oneself is void under `self_vote = false`."""
    day = [("Мальта", "<b>казнить никого</b>"), ("Фиджи", "<b>казнить себя</b>")]
    allowed = read_rules_file(_example(tmp_path, drop='"Фиджи"'))
    log = scrape([_thread(tmp_path / "pages", day)], gms=[GM], rules=allowed)
    [result] = count_days(log)
    assert [(t.target, t.votes) for t in result.tally] == [("no-lynch", 1.0)]
    assert [n.reason for n in result.not_counted] == ["self-vote"]
    barred = allowed.model_copy(update={"no_lynch": False})
    log = scrape([_thread(tmp_path / "pages2", day)], gms=[GM], rules=barred)
    [result] = count_days(log)
    assert result.tally == []
    assert sorted(n.reason for n in result.not_counted) == ["not-a-target", "self-vote"]


def test_a_saved_log_re_counts_the_same_without_the_rules_file(tmp_path: Path) -> None:
    rules_file = _example(tmp_path)
    log = scrape([_thread(tmp_path / "pages")], gms=[GM], rules=read_rules_file(rules_file))
    before = count_days(log)
    out = tmp_path / "game.json"
    save(log, out)
    rules_file.unlink()  # the log carries its rules: the file is not needed again
    again = load(out)
    assert again.meta.house_rules == log.meta.house_rules
    assert json.loads(out.read_text(encoding="utf-8"))["meta"]["house_rules"]["weights"] == {
        "Фиджи": 2.0}
    after = count_days(again)
    assert [(r.eliminated, r.decided_at_post, r.tally) for r in after] == [
        (r.eliminated, r.decided_at_post, r.tally) for r in before]


def test_an_anonymised_house_game_counts_the_same(tmp_path: Path) -> None:
    """The weights name players: anonymised, they name the same slots by pseudonym."""
    from toolkit.anonymize import anonymize

    log = scrape([_thread(tmp_path / "pages")], gms=[GM], rules=read_rules_file(EXAMPLE))
    anon = anonymize(log, "k")
    assert anon.meta.house_rules is not None
    assert "Фиджи" not in anon.meta.house_rules.weights
    assert log.meta.house_rules is not None
    assert anon.meta.house_rules.votes == log.meta.house_rules.votes  # the phrases are kept
    [before], [after] = count_days(log), count_days(anon)
    assert (after.decided_by, after.decided_at_post) == (before.decided_by,
                                                          before.decided_at_post)
    assert log.players[0].name == "Куба"
    assert after.eliminated == anon.players[0].id


def test_scrape_and_votes_commands_with_rules(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    code, output = _cli("scrape", str(_thread(tmp_path / "pages")), "-o", str(out), "--gm",
                        GM, "--rules", str(EXAMPLE))
    assert code == 0, output
    assert "generic forum rule set" not in output
    code, output = _cli("votes", str(out), "--format", "json")
    assert code == 0, output
    [day] = json.loads(output[output.index("{"):])["days"]
    assert (day["eliminated"], day["decided_by"]) == ("Куба", "hammer")


def test_rules_and_a_ruleset_together_are_refused(tmp_path: Path) -> None:
    code, output = _cli("scrape", str(_thread(tmp_path / "pages")), "-o",
                        str(tmp_path / "g.json"), "--rules", str(EXAMPLE), "--ruleset",
                        "mafiascum")
    assert code == 2
    assert "--rules" in output
    assert "give one" in output


def test_a_weight_for_no_player_is_a_warning(tmp_path: Path) -> None:
    rules = read_rules_file(_example(tmp_path)).model_copy(
        update={"weights": {"Фиджи": 2.0, "Гренландия": 3.0}})
    log = scrape([_thread(tmp_path / "pages")], gms=[GM], rules=rules)
    [warning] = [i for i in log.issues if i.code == "house-rules-weight"]
    assert warning.severity == "warning"
    assert "Гренландия" in warning.message
    [day] = count_days(log)
    assert any("Гренландия" in note for note in day.notes)


# -- no rules: the generic forum rule set ------------------------------------------------------

def test_no_rules_counts_the_common_forms_with_a_warning(tmp_path: Path) -> None:
    log = scrape([_thread(tmp_path / "pages")], gms=[GM])
    assert log.meta.ruleset == "forum"
    assert log.meta.house_rules is None
    [warning] = [i for i in log.issues if i.code == "generic-ruleset"]
    assert warning.severity == "warning"
    assert _voters(log)["Аруба"] == "Мальта"  # «голосую за X»: a common form
    [day] = count_days(log)
    # plurality at the day's end, every vote one: Куба 3, Мальта 2
    assert day.eliminated is not None
    assert log.slot(day.eliminated).name == "Куба"
    assert day.decided_by == "deadline"


@pytest.mark.skipif(not BUNDLED.is_file(), reason="bundled mafiascum thread missing")
def test_a_bundled_thread_scraped_without_a_ruleset_gets_its_days_counted(
        tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    code, output = _cli("scrape", str(BUNDLED), "-o", str(out), "--gm", "Moderator")
    assert code == 0, output
    assert "generic forum rule set" in output  # the warning, in the command's output
    code, output = _cli("votes", str(out), "--format", "json")
    assert code == 0, output
    assert "generic forum rule set" in output
    days = json.loads(output[output.index("{"):])["days"]
    assert len(days) >= 3
    assert all(d["tally"] for d in days)
    assert any(d["eliminated"] for d in days)


def test_an_old_log_of_no_rule_set_reads_as_the_generic_one(tmp_path: Path) -> None:
    """Logs scraped before the generic rule set say "unspecified"; `votes` used to refuse
    them ("unknown rule set 'unspecified'")."""
    log = scrape([_thread(tmp_path / "pages")], gms=[GM])
    log.meta.ruleset = "unspecified"
    log.votes = []
    out = tmp_path / "old.json"
    save(log, out)
    code, output = _cli("votes", str(out))
    assert code == 0, output
    assert "Куба eliminated" in output


# -- the strict loader ---------------------------------------------------------------------

def test_an_unknown_key_is_exit_2_naming_file_line_and_key(tmp_path: Path) -> None:
    bad = _rules(tmp_path / "house.toml", '[rules]\ndecision = "majority"\n'
                 'decison = "plurality"\n')
    code, output = _cli("scrape", str(_thread(tmp_path / "pages")), "-o",
                        str(tmp_path / "g.json"), "--rules", str(bad))
    assert code == 2
    assert "house.toml: line 3: unknown key 'rules.decison'" in output
    # the keys allowed there are listed, the table's name as written (not eaten as markup)
    assert "the keys of [rules] are:" in output
    assert "decision" in output.split("are:")[1]


def test_an_unknown_key_of_the_votes_table(tmp_path: Path) -> None:
    bad = _rules(tmp_path / "house.toml", '[rules]\nself_vote = false\n\n[rules.votes]\n'
                 'vote = ["казнить"]\nvots = ["vote"]\n')
    with pytest.raises(BadInputError) as caught:
        read_rules_file(bad)
    assert caught.value.where == "line 6"
    assert "'rules.votes.vots'" in str(caught.value)
    assert "unvote" in str(caught.value)


@pytest.mark.parametrize(("text", "line", "says"), [
    ('[rules]\ntitle = "x"\ntie = "coin"\n', 3, "rules.tie = 'coin'"),
    ('[rules]\ndecision = 1\n', 2, "rules.decision = 1"),
    ('[rules]\nself_vote = "no"\n', 2, "valid boolean"),
    ('[rules]\n\n[rules.votes]\nmarks = ["bold", "italic"]\n', 4, "rules.votes.marks"),
    ('[rules]\n[rules.weights]\nAlice = -1\n', 2, "weight"),
    ('[rules]\nclose_at = "9pm"\nclose_zone = "UTC"\n', 2, "HH:MM"),
    ('[rules]\nvotes.colours = ["mauvish"]\nvotes.marks = ["colour"]\n', 2, "not a colour"),
    ('[rules.votes]\nvote = ["vote"]\nunvote = ["vote"]\n', 3, "one meaning"),
    ('rules = 3\n', 1, "must be a table"),
    ('[game]\nx = 1\n', 1, "unknown key 'game'"),
])
def test_a_bad_value_names_its_line(tmp_path: Path, text: str, line: int, says: str) -> None:
    bad = _rules(tmp_path / "house.toml", text)
    code, output = _cli("scrape", str(_thread(tmp_path / "pages")), "-o",
                        str(tmp_path / "g.json"), "--rules", str(bad))
    assert code == 2, output
    assert f"house.toml: line {line}:" in output
    assert says in output


def test_a_rules_file_that_is_not_toml_is_exit_2(tmp_path: Path) -> None:
    bad = _rules(tmp_path / "house.toml", "[rules\n")
    code, output = _cli("scrape", str(_thread(tmp_path / "pages")), "-o",
                        str(tmp_path / "g.json"), "--rules", str(bad))
    assert code == 2
    assert "not valid TOML" in output


def test_key_lines_follow_tables_and_dotted_keys() -> None:
    text = ('# rules\n[rules]\ndecision = "majority"\nvotes.marks = ["bold"]\n'
            '[rules.weights]\n"Ку ба" = 2\n')
    assert key_line(text, ("rules", "decision")) == 3
    assert key_line(text, ("rules", "votes", "marks")) == 4
    assert key_line(text, ("rules", "weights", "Ку ба")) == 6
    assert key_line(text, ("rules", "weights")) == 5
    assert key_line(text, ("rules", "tie")) == 2  # not written: its table's line


# -- game.toml -------------------------------------------------------------------------------

def test_a_descriptor_with_a_rules_table(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    pages = _thread(folder / "pages")
    with zipfile.ZipFile(folder / "thread.zip", "w") as z:
        for page in sorted(pages.iterdir()):
            z.write(page, f"thread/{page.name}")
    rules = EXAMPLE.read_text(encoding="utf-8").split("\n[rules]\n", 1)[1]
    (folder / "game.toml").write_text(f'gm = "{GM}"\npages = ["thread.zip"]\n\n[rules]\n'
                                      f'{rules}', encoding="utf-8")
    game = read_descriptor(folder / "game.toml")
    assert game.rules == read_rules_file(EXAMPLE)
    from scrapers.descriptor import scrape_game

    log = scrape_game(game)
    assert log.meta.ruleset == "house"
    assert log.meta.house_rules == game.rules
    [day] = count_days(log)
    assert day.decided_by == "hammer"


def test_a_descriptor_rules_table_with_an_unknown_key(tmp_path: Path) -> None:
    (tmp_path / "thread.zip").write_bytes(b"")
    (tmp_path / "game.toml").write_text('gm = "GM"\n\n[rules]\ndecision = "majority"\n'
                                        'ties = "first-reached"\n', encoding="utf-8")
    with pytest.raises(BadInputError) as caught:
        read_descriptor(tmp_path / "game.toml")
    assert caught.value.where == "line 5"
    assert "unknown key 'rules.ties'" in str(caught.value)


def test_a_descriptor_with_a_ruleset_and_rules_is_refused(tmp_path: Path) -> None:
    (tmp_path / "thread.zip").write_bytes(b"")
    (tmp_path / "game.toml").write_text('ruleset = "mafiascum"\n[rules]\ndecision = '
                                        '"majority"\n', encoding="utf-8")
    with pytest.raises(BadInputError, match="not both"):
        read_descriptor(tmp_path / "game.toml")


def test_house_rules_require_the_house_id() -> None:
    with pytest.raises(ValueError, match="ruleset must be 'house'"):
        Meta(title="x", ruleset="mafiascum", house_rules=HouseRules())
