"""Missile fire: training, ranges, target size, Chart P, mounted archers, terrain."""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.missiles import Shot, missile_chance, range_band


def test_mounted_archer_example_line_1670() -> None:
    chance = missile_chance(Shot(weapon="short bow", range="medium", mounted=True))
    assert chance.chance == 18
    assert [m.amount for m in chance.modifiers] == [20, -2]


def test_basic_chances_lines_1640_1644() -> None:
    assert [missile_chance(Shot(range=band)).chance for band in ("long", "medium", "short")] == [10, 20, 50]


@pytest.mark.parametrize(
    ("target", "chances"),
    [
        ("faerry", [5, 10, 25]),
        ("man", [10, 20, 50]),
        ("bear", [15, 30, 70]),
        ("trow", [20, 40, 80]),
        ("dragon", [30, 60, 90]),
    ],
)
def test_target_sizes_lines_1658_1666(target: str, chances: list[int]) -> None:
    got = [missile_chance(Shot(range=band, target=target)).chance for band in ("long", "medium", "short")]
    assert got == chances


def test_ranges_in_yards_lines_1646_1650() -> None:
    assert [range_band("short bow", y) for y in (30, 31, 75, 150, 151)] == [
        "short",
        "medium",
        "medium",
        "long",
        "",
    ]
    assert [range_band("longbow", y) for y in (50, 100, 200, 201)] == ["short", "medium", "long", ""]
    assert range_band("crossbow", 170) == "long"
    beyond = missile_chance(Shot(weapon="crossbow", yards=171))
    assert beyond.chance == 0 and "beyond" in beyond.forbidden


def test_dexterity_chart_p() -> None:
    shot = missile_chance(Shot(range="short", dexterity=97))
    assert shot.chance == 56
    clumsy = missile_chance(Shot(range="short", dexterity=3))
    assert clumsy.chance == 44


def test_untrained_archer_may_not_fire_line_1626() -> None:
    chance = missile_chance(Shot(range="short", trained=False))
    assert chance.chance == 0 and "untrained" in chance.forbidden


def test_no_fire_in_woods_or_over_hills_lines_1694_1708() -> None:
    assert "woods" in missile_chance(Shot(range="short", woods=True)).forbidden
    assert "hills" in missile_chance(Shot(range="short", over_hill=True)).forbidden


def test_arrow_slits_line_1734() -> None:
    into = missile_chance(Shot(range="short", into_slit=True))
    assert into.chance == 2 and into.modifiers[-1].capped
    out = missile_chance(Shot(range="short", from_slit=True))
    assert out.chance == 25


def test_bad_shots_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="sling"):
        missile_chance(Shot(weapon="sling", range="short"))
    with pytest.raises(UsageError, match="point blank"):
        missile_chance(Shot(range="point blank"))
    with pytest.raises(UsageError, match="hydra"):
        missile_chance(Shot(range="short", target="hydra"))
    with pytest.raises(UsageError, match="yards"):
        missile_chance(Shot())
