"""Issues 15 and 19: the guide's win shares per character (100,000 seeded 4-player games of the heuristic
bot) name every character once, add up to the games finished, keep every character between half and
twice his fair share (a written reason would be needed otherwise), and are the counts the guide's chart
draws. The games take hours of CPU, so they are played by hand (the command is in the guide); this checks
the table and the chart as written."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from grognard.engine.stats import wilson
from grognard.systems.talisman.catalog import catalog

DOCS = Path(__file__).resolve().parents[3] / "docs"
GUIDE = DOCS / "systems/talisman.md"
CHART = DOCS / "images/talisman-win-shares.svg"


def _section() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    return text[text.index("### Win shares per character") : text.index("## Simulating many games")]


def _number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found is not None, pattern
    return int(found.group(1).replace(",", ""))


def _table() -> dict[str, tuple[int, float, float]]:
    rows = re.findall(
        r"^\| (\w+) \| ([\d,]+) \| ([\d.]+)% \| ([\d.]+)-([\d.]+)% \| ([\d.]+) \|$", _section(), re.M
    )
    table = {
        name.lower(): (int(wins.replace(",", "")), float(share), float(times))
        for name, wins, share, _, _, times in rows
    }
    assert len(table) == len(rows)
    for name, wins, _, low, high, _ in rows:  # issue 34: every share with its 95% Wilson interval
        interval = wilson(int(wins.replace(",", "")), _number(r"--games (\d+)", _section()))
        assert (float(low), float(high)) == tuple(round(100 * x, 2) for x in interval), name
    return table


def test_the_win_shares_cover_every_character_within_half_and_twice_the_fair_share() -> None:
    section = _section()
    games, finished = _number(r"--games (\d+)", section), _number(r"([\d,]+) games finished", section)
    table = _table()
    assert games == 100_000 and set(table) == set(catalog().characters)
    assert sum(wins for wins, _, _ in table.values()) == finished <= games
    fair = games / len(table)
    for name, (wins, share, times) in table.items():
        assert share == round(100 * wins / games, 2), name
        assert times == round(wins / fair, 2), name
        assert 0.5 <= wins / fair <= 2, name


def test_the_chart_draws_the_tables_run() -> None:
    root = ET.fromstring(CHART.read_text(encoding="utf-8"))
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any("100,000 games" in t for t in texts)
    drawn = {}
    for k, t in enumerate(texts):
        found = re.fullmatch(r"[\d.]+% \(([\d,]+)\)", t)
        if found:
            drawn[texts[k - 1]] = int(found.group(1).replace(",", ""))
    assert drawn == {name: wins for name, (wins, _, _) in _table().items()}
