"""Tactical terrain for a battle map (002_8449cbd1010a37a5.txt:1149-1189)."""

from __future__ import annotations

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.terrain import AREA_TABLES, tactical_map
from tests.systems.adventures_in_fantasy.scripted import Scripted


def test_open_sections_roll_forest_then_hill_line_1163() -> None:
    # one section: forest on 1-2, then hill on 1-2; both may stand (ruling "Tactical terrain rerolls")
    assert tactical_map(Scripted([2, 1]), "open", 1, 1).sections[0].features == ("forest", "hill")
    assert tactical_map(Scripted([3, 10]), "open", 1, 1).sections[0].symbol == "."


def test_coastal_hill_is_not_rolled_on_swamp_line_1175() -> None:
    rng = Scripted([5, 1])
    section = tactical_map(rng, "coastal", 1, 1).sections[0]
    assert section.features == ("swamp",) and rng.done()
    assert tactical_map(Scripted([1, 5, 2]), "river", 1, 1).sections[0].symbol == "FH"


def test_mountain_open_sections_roll_for_forest_line_1187() -> None:
    m = tactical_map(Scripted([3, 4, 4]), "mountain", 2, 1)
    assert [s.features for s in m.sections] == [("forest",), ("mountain",)]
    assert [s.table for s in m.steps] == [
        "tactical-mountain",
        "tactical-mountain-open-forest",
        "tactical-mountain",
    ]


@pytest.mark.parametrize(
    ("area", "faces", "symbol"),
    [
        ("forest", [6], "F"),
        ("forest", [7], "."),
        ("swamp", [6], "S"),
        ("desert", [2], "D"),
        ("desert", [3], "."),
        ("hilly", [6, 3], "HF"),
        ("hilly", [7, 4], "."),
    ],
)
def test_each_area_reads_its_lines(area: str, faces: list[int], symbol: str) -> None:
    assert tactical_map(Scripted(faces), area, 1, 1).sections[0].symbol == symbol


def test_a_seeded_map_has_every_section_once_and_repeats() -> None:
    m = tactical_map(Rng(12), "open")
    assert len(m.sections) == 36 and {(s.x, s.y) for s in m.sections} == {
        (x, y) for x in range(6) for y in range(6)
    }
    assert len(m.steps) == 72 and tactical_map(Rng(12), "open") == m
    assert all(step.table in AREA_TABLES["open"] for step in m.steps)


def test_bad_area_and_size_are_named() -> None:
    with pytest.raises(UsageError, match="'tundra'"):
        tactical_map(Rng(1), "tundra")
    with pytest.raises(UsageError, match="width 0"):
        tactical_map(Rng(1), "open", 0, 3)
