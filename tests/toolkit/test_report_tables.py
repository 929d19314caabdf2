"""Tables as people read them (`toolkit.report_tables`): names for ids, rounded numbers, no
`<NA>`, "none" for an empty table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from engine.gamelog import load
from tests.conftest import ROOT
from toolkit.report_tables import LONG, cell_text, number_text, record, say, table

GAME = ROOT / "data" / "games" / "contested-island" / "expected.json"


def test_numbers_are_rounded_and_float_noise_is_zero() -> None:
    assert number_text(1.110223e-16) == "0"
    assert number_text(-2.2e-17) == "0"
    assert number_text(0.5746753246753247) == "0.57"
    assert number_text(2.0) == "2"
    assert number_text(0.001) == "≈0"
    assert number_text(0.02194347, 3) == "0.022"
    assert cell_text(float("nan")) == ""


def test_missing_values_are_empty_cells_and_empty_columns_are_named() -> None:
    frame = pd.DataFrame({"a": pd.array([1, None], dtype="Int64"),
                          "b": pd.array([None, None], dtype="string"),
                          "c": [True, False]})
    shown = table(frame)._repr_html_()
    assert "<NA>" not in shown
    assert "&lt;NA&gt;" not in shown
    assert "<th>b</th>" not in shown  # a column with no value in any row is left out ...
    assert "without a value in any row: b" in shown  # ... and said so
    assert "<td>yes</td>" in shown
    assert "<td></td>" in shown


def test_an_empty_table_shows_none() -> None:
    shown = table(pd.DataFrame(columns=["day", "target"]), caption="Hammers")._repr_html_()
    assert "none" in shown
    assert "<th>" not in shown  # no header-only table
    assert repr(table(pd.DataFrame())) == "none"


def test_ids_are_shown_as_names() -> None:
    log = load(GAME)
    frame = pd.DataFrame({"actor": ["Aruba"], "ability": ["who-are-you"],
                          "role": ["rick-morgan"], "abilities": ["hunt,who-are-you"]})
    shown = table(frame, log)._repr_html_()
    for slug in ("who-are-you", "rick-morgan"):
        assert slug not in shown
    assert "Rick Morgan" in shown
    assert "Who are you" in shown


def test_a_long_table_is_whole_and_marked_for_paging() -> None:
    frame = pd.DataFrame({"n": range(LONG + 30)})
    shown = table(frame)._repr_html_()
    assert "mk-long" in shown
    assert shown.count("<tr>") == LONG + 30 + 1  # every row, and the header
    assert "mk-long" not in table(frame.head(LONG))._repr_html_()


def test_a_record_and_a_sentence_in_place_of_reprs() -> None:
    @dataclass(frozen=True)
    class Rate:
        votes: int
        rate: float

    shown = record(Rate(3, 0.19155844155844157))._repr_html_()
    assert "Rate(" not in shown
    assert "0.19" in shown
    assert "0.1915" not in shown
    assert say("a <b> c")._repr_html_() == "<p>a &lt;b&gt; c</p>"
    with pytest.raises(TypeError):
        record(3)


def test_row_numbers_are_not_a_column_a_pivots_rows_are() -> None:
    frame = pd.DataFrame({"a": ["x", "y"], "n": [1, 2]}).sort_values("n", ascending=False)
    assert "<th>index</th>" not in table(frame)._repr_html_()
    pivot = frame.pivot_table(index="a", values="n")
    assert "<th>a</th>" in table(pivot)._repr_html_()


def test_datatables_is_inlined_or_the_report_says_why(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit import report_assets

    script, css = report_assets.datatables()
    assert "window.MafiakitDataTable=" in script
    assert "export{" not in script.replace(" ", "")  # an inline classic module, no export
    assert css
    # another itables whose bundle no longer ends with one export: a loud error, no report
    # with long tables that silently cannot be searched
    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "dt_bundle.js").write_text("var a=1;", encoding="utf-8")
    (tmp_path / "html" / "dt_bundle.css").write_text("", encoding="utf-8")
    monkeypatch.setattr(report_assets, "files", lambda _: tmp_path)
    report_assets.datatables.cache_clear()
    try:
        with pytest.raises(report_assets.AssetError, match="0 export statements"):
            report_assets.datatables()
    finally:
        report_assets.datatables.cache_clear()
