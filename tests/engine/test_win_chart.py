"""The win-share chart of the Talisman guide (`benchmarks/win_chart.py`): one bar per character, in
proportion to its wins, from the JSON `talisman simulate --json` prints."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from benchmarks.win_chart import LABEL, chart_svg, main, shares
from grognard.systems.talisman.catalog import catalog

SVG = "{http://www.w3.org/2000/svg}"


def _run(games: int, unfinished: int, wins: dict[str, int]) -> dict[str, object]:
    """What `talisman simulate --json` prints for a run of four heuristic bots with these results."""
    return {
        "games": games,
        "unfinished": unfinished,
        "players": 4,
        "bots": ["heuristic"] * 4,
        "seed": 3,
        "wins": wins,
    }


def _bars(root: ET.Element) -> tuple[list[ET.Element], list[float]]:
    """The chart's bars and their widths."""
    bars = [r for r in root.iter(f"{SVG}rect") if r.get("fill") != "white"]
    return bars, [float(r.get("width", "0")) for r in bars]


def test_shares_are_wins_over_all_wins_most_first() -> None:
    assert shares({"troll": 1, "elf": 3, "dwarf": 1}) == [
        ("elf", 3, 0.6),
        ("dwarf", 1, 0.2),
        ("troll", 1, 0.2),
    ]
    with pytest.raises(ValueError, match="no game was won"):
        shares({"elf": 0})


def test_the_chart_has_a_bar_per_character_in_proportion(tmp_path: Path) -> None:
    data = _run(12, 2, {"elf": 6, "troll": 3, "wizard": 1})
    root = ET.fromstring(chart_svg(data, ["elf", "troll", "wizard"]))
    bars, widths = _bars(root)
    assert len(bars) == 3
    assert widths[0] == pytest.approx(2 * widths[1], abs=0.2) == pytest.approx(6 * widths[2], abs=0.6)
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "elf" in texts and "60.0% (6)" in texts and any("12 games" in t for t in texts)
    source, out = tmp_path / "wins.json", tmp_path / "wins.svg"
    source.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(source), str(out)]) == 0 and out.read_text(encoding="utf-8").startswith("<svg")


def test_bad_input_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": 1}', encoding="utf-8")
    assert main([str(bad), str(tmp_path / "out.svg")]) == 2
    assert main([str(tmp_path / "missing.json"), str(tmp_path / "out.svg")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and not (tmp_path / "out.svg").exists()


def test_every_character_has_a_bar_and_the_fair_share_is_a_line() -> None:
    root = ET.fromstring(chart_svg(_run(10, 0, {"troll": 7, "monk": 3})))
    bars, widths = _bars(root)
    everyone = len(catalog().characters)
    assert len(bars) == everyone and widths.count(0.0) == everyone - 2
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "wizard" in texts and "0.0% (0)" in texts and f"fair share {1 / everyone:.1%}" in texts
    (line,) = root.iter(f"{SVG}line")
    fair_x = float(line.get("x1", "0"))
    # The troll's bar holds 70% of the wins; the line sits at 1/14 of them.
    assert fair_x - LABEL == pytest.approx(widths[0] / 0.7 / everyone, abs=0.2)
