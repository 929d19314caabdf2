"""The acceptance case of issue 20, item 9: a made-up mid-game topic (day 2 only, the night's
deaths in the morning post; tests/scrapers/russian_topic.py) saved as phpBB pages, scraped
with its roster and the GM's log of night 1 (private results on the actions' lines), and
verified: verify disputes exactly the mistakes planted in what the GM published, and with
them put right disputes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.gamelog import GameLog
from engine.verify import verify
from scrapers.scrape import scrape
from tests.scrapers import russian_topic as topic


def _scrape(folder: Path) -> GameLog:
    pages, roster, gm_log = topic.write_topic(folder)
    return scrape([pages], ruleset="world-cup-2018", timezone="Europe/Moscow",
                  gms=[topic.GM], roster=roster, gm_log=gm_log)


def _findings(log: GameLog) -> list[tuple[str, str, str | None, str | None]]:
    return [(f"{f.phase} {f.item}", f.status, f.expected, f.published)
            for f in verify(log).findings]


def test_the_topic_is_day_two_with_the_night_before(tmp_path: Path) -> None:
    log = _scrape(tmp_path)
    assert [(p.key, p.start.post if p.start else None, p.end.post if p.end else None)
            for p in log.phases] == [("N1", None, 1), ("D2", 1, 12), ("N2", 12, None)]
    deaths = [(pub.phase, d.slot, d.kind, d.source.kind, d.source.post)
              for pub in log.published.phases for d in pub.deaths]
    assert deaths == [("D1", "Фиджи", "eliminated", "post", 1),
                      ("N1", "Ямайка", "killed", "post", 1),
                      ("N1", "Саудовская Аравия", "killed", "post", 1),
                      ("D2", "Коста-Рика", "eliminated", "post", 12)]
    assert [(n.number, [(a.actor, a.ability, a.targets) for a in n.actions])
            for n in log.nights] == [(1, [
                ("Куба", "boss-shoot", ["Ямайка"]),
                ("Мальта", "heal", ["Соломоновы Острова"]),
                ("Южная Корея", "boss-search", ["Куба"]),
                ("Соломоновы Острова", "confession", ["Коста-Рика"])])]
    warnings = [(i.code, i.message) for i in log.issues if i.severity != "info"]
    assert warnings == []
    assert [i.message for i in log.issues if i.code == "alive-list"] == [
        "day 2 begins with 5 living by the GM's list 'Живые игроки (5):', as the deaths "
        "read give"]


def test_verify_finds_exactly_the_planted_mistakes(tmp_path: Path) -> None:
    assert _findings(_scrape(tmp_path)) == [
        ("N1 deaths", "disputed", "Ямайка", "Саудовская Аравия+Ямайка"),
        ("N1 private: Мальта on Соломоновы Острова", "confirmed", "не удачно", "не удачно"),
        ("N1 private: Южная Корея on Куба", "disputed", "удачно", "не удачно"),
        ("N1 private: Соломоновы Острова on Коста-Рика", "confirmed", "не грешен",
         "не грешен"),
        ("D2 elimination", "confirmed", "Коста-Рика", "Коста-Рика"),
    ]
    disputed = [f"{f.phase} {f.item}" for f in verify(_scrape(tmp_path / "again")).findings
                if f.status == "disputed"]
    assert disputed == topic.PLANTED


def test_with_the_mistakes_put_right_nothing_is_disputed(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    morning = topic.MORNING.replace(
        "Саудовская Аравия (Lynx) найдена мёртвой в своём доме.\n", "").replace(
        "3. Саудовская Аравия (Lynx) — убита этой ночью\n", "").replace(
        "Живые игроки (5):\n", "Живые игроки (6):\n6. Саудовская Аравия (Lynx)\n")
    monkeypatch.setattr(topic, "MORNING", morning)
    monkeypatch.setattr(topic, "GM_LOG", topic.GM_LOG.replace("у Кубы — неудачно",
                                                              "у Кубы — удачно"))
    log = _scrape(tmp_path)
    assert [f for f in verify(log).findings if f.status != "confirmed"] == []
    assert [d.slot for pub in log.published.phases if pub.phase == "N1"
            for d in pub.deaths] == ["Ямайка"]
