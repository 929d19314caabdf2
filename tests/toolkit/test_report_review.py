"""The review's first screen, piece by piece (`toolkit.report_review`), without a kernel."""

from __future__ import annotations

import pytest

from engine.gamelog import load
from engine.verify import Report
from engine.verify.findings import Finding
from tests.conftest import ROOT
from toolkit.game import Game
from toolkit.report_review import chart_days, dispute, eliminations, headline, questioned

GAME = ROOT / "data" / "games" / "contested-island" / "expected.json"


def test_the_headline_names_the_winners() -> None:
    shown = headline(Game(load(GAME)))
    assert "Group of Survivors won" in shown
    assert "survivors won" not in shown
    assert "16 players" in shown


def test_the_eliminations_day_by_day_with_role_names() -> None:
    shown = eliminations(load(GAME))
    assert "<th>Day</th><th>Night</th>" in shown  # the game opens with a day
    assert "no elimination" in shown  # day 1 ended without one
    assert "<strong>Anguilla</strong> eliminated" in shown
    assert "Rick Morgan" in shown
    assert "rick-morgan" not in shown


def test_a_dispute_in_full() -> None:
    log = load(GAME)
    chain = tuple(f"step {i}: {'x' * 120}" for i in range(12))  # long, and many
    finding = Finding("D3", "elimination", "disputed", "Maui", "Fiji", "a reason",
                      chain, {"contested-island.tie=random": "Fiji",
                              "contested-island.decision=majority": "Maui"}, "post 24")
    report = Report("g", {"contested-island.tie": "no-execution",
                          "contested-island.decision": "plurality"}, [finding])
    shown = dispute(log, report, finding)
    assert "<tr><th>the rules give</th><td>Maui</td></tr>" in shown
    assert "the GM published</th><td>Fiji (post 24)" in shown
    for step in chain:
        assert f"<li>{step}</li>" in shown  # whole: no step cut, none left out
    # the readings that give another result, not those that agree with the rules' result
    assert "<code>contested-island.tie=random</code>: Fiji" in shown
    assert "decision=majority</code>" not in shown
    assert "<code>contested-island.decision=plurality</code>" in shown  # in effect
    assert "<code>contested-island.tie=no-execution</code>" in shown


def test_which_days_vote_chart_the_first_screen_shows() -> None:
    night = Finding("N4", "deaths", "disputed", "a", "b", "r")
    day = Finding("D2", "elimination", "ruling-dependent", "a", "b", "r")
    changes = {1: 3, 2: 5, 3: 9, 4: 9}
    assert chart_days([night, day], changes) == [2]  # the day in question
    assert chart_days([night], changes) == [3]  # else the day whose votes moved most
    assert chart_days([], {}) == []


def test_questioned_results_disputed_first() -> None:
    a = Finding("N1", "x", "unverifiable", None, None, "r")
    b = Finding("N2", "y", "disputed", None, None, "r")
    c = Finding("N3", "z", "confirmed", None, None, "r")
    assert questioned(Report("g", {}, [a, b, c])) == [b, a]


def test_a_factions_russian_name_is_not_given_twice() -> None:
    from engine.rulesets import ruleset_of
    from toolkit.labels import faction_label

    log = load(ROOT / "data" / "games" / "open-roles" / "expected.json")
    russian = {f.id: (f.name, f.name_ru) for f in ruleset_of(log).factions if f.name_ru}
    assert any(ru in name for name, ru in russian.values())  # "Town («честные»)"
    for faction, (_, ru) in russian.items():
        assert faction_label(log, faction).count(ru) == 1, faction


def test_the_review_of_a_game_without_disputes(monkeypatch: pytest.MonkeyPatch) -> None:
    import plotly.graph_objects as go
    from IPython import display as ipython

    from toolkit.report_review import show_review

    shown: list[object] = []
    monkeypatch.setattr(ipython, "display", lambda *objs, **_: shown.extend(objs))
    show_review(Game(load(GAME)))
    markup = "".join(o._repr_html_() for o in shown if hasattr(o, "_repr_html_"))
    assert "Disputed results: none" in markup
    assert "0 disputed" in markup
    figures = [o for o in shown if isinstance(o, go.Figure)]
    assert len(figures) == 1  # one day's vote chart: the day whose votes moved most
    assert "The votes of day 4, the day they changed most often" in markup
