"""Monsters and mercenaries against the rulebook (004_24cd6f974fe6a1ee.txt), and the data files' checks.

The statistics expected here are copied by hand from the line named beside each, in the order
level: (move min, move max, attack, defend, body, mind, magic).
"""

from __future__ import annotations

import pytest

from grognard.engine.content import load_text
from grognard.engine.errors import ContentError, UsageError
from grognard.systems.heroquest.content import catalog as hq

SEED = "004_24cd6f974fe6a1ee.txt"


def _row(line: hq.StatLine) -> tuple[int, ...]:
    return (line.move_min, line.move_max, line.attack, line.defend, line.body, line.mind, line.magic)


@pytest.mark.parametrize(
    ("name", "level", "expected", "line"),
    [
        ("Goblin", 1, (2, 10, 2, 1, 1, 1, 0), 628),
        ("Goblin", 5, (3, 10, 3, 2, 5, 2, 0), 632),
        ("Skeleton", 8, (2, 7, 5, 5, 8, 0, 0), 657),
        ("Zombie", 4, (2, 6, 3, 4, 4, 0, 0), 675),
        ("Orc", 8, (3, 8, 5, 4, 8, 4, 0), 701),
        ("Fimir", 6, (2, 6, 5, 4, 7, 4, 1), 723),
        ("Mummy", 7, (2, 5, 5, 5, 8, 0, 2), 746),
        ("Chaos Warrior", 8, (2, 8, 6, 6, 10, 4, 1), 769),
        ("Gargoyle", 3, (2, 6, 5, 5, 5, 4, 1), 788),
        ("Elven Warrior", 8, (2, 7, 6, 5, 10, 4, 1), 837),
        ("Ice Gremlin", 5, (2, 11, 3, 3, 7, 4, 1), 856),
        ("Giant Wolf", 4, (2, 9, 6, 3, 5, 1, 0), 874),
        ("Giant Wolf", 11, (2, 10, 8, 5, 12, 3, 0), 881),
        ("Yeti", 8, (2, 9, 4, 4, 9, 3, 0), 900),
        ("Polar Warbear", 1, (2, 6, 4, 3, 6, 2, 0), 918),
        ("Ogre", 6, (2, 4, 6, 4, 10, 2, 0), 942),
        ("Ogre", 13, (2, 6, 7, 7, 17, 3, 0), 949),
    ],
)
def test_monster_statistics_by_level(name: str, level: int, expected: tuple[int, ...], line: int) -> None:
    found = hq.monster(name).at(level)
    assert _row(found) == expected
    assert found.source == f"{SEED}:{line}"


def test_printed_level_ranges() -> None:
    assert hq.monster("goblin").level_range == (1, 8)  # lines 628-635
    assert hq.monster("giant wolf").level_range == (4, 11)  # lines 874-881
    assert hq.monster("yeti").level_range == (4, 11)  # lines 896-903
    assert hq.monster("ogre").level_range == (6, 13)  # lines 942-949
    with pytest.raises(UsageError, match="levels 6-13, not 5"):
        hq.monster("ogre").at(5)


def test_the_first_printing_is_the_one_kept() -> None:
    # Goblin level 8: "3, 10" at line 635, "3.11" in the reprint at line 1093.
    assert (hq.monster("goblin").at(8).move_max, hq.monster("goblin").at(8).source) == (10, f"{SEED}:635")
    # Yeti level 11: "2, 9" at line 903, "2.8" in the reprint at line 1371.
    assert (hq.monster("yeti").at(11).move_max, hq.monster("yeti").at(11).source) == (9, f"{SEED}:903")


def test_each_level_adds_a_body_point_and_one_other_point() -> None:
    """Line 609: every level gives one more Body point and one point to another attribute.

    The kept tables obey this everywhere; the reprint's Goblin level 8 (line 1093) and Yeti level 11
    (line 1371) would not, which is why the first printing is kept. The archer's two Attack numbers
    rise together, as one attribute.
    """
    everyone: list[hq.Monster | hq.Mercenary] = [*hq.catalog().monsters.values()]
    everyone += hq.catalog().mercenaries.values()
    for who in everyone:
        for low, high in zip(who.levels, who.levels[1:], strict=False):
            assert high.body - low.body == 1, (who.name, high.level)
            rises = [b - a for a, b in zip(_row(low), _row(high), strict=True)]
            del rises[4]  # body
            assert sorted(r for r in rises if r) == [1], (who.name, high.level, rises)


def test_elven_archer_prints_two_attack_numbers() -> None:
    archer = hq.monster("elven archer")
    assert (archer.at(1).attack, archer.at(1).close_attack) == (4, 1)  # line 808: "4,1"
    assert (archer.at(7).attack, archer.at(7).close_attack) == (6, 3)  # line 814: "6,3"
    assert hq.monster("elven warrior").at(1).close_attack is None  # line 830: one number


def test_monster_equipment_and_skills() -> None:
    goblin = hq.monster("goblin")
    assert [(g.name, g.dice) for g in goblin.weapons] == [("Dagger", 0), ("Hand-axe", 1)]  # line 617
    assert goblin.skills == ["Swarm", "Bite"]  # lines 623, 625
    skeleton = hq.monster("skeleton")
    assert skeleton.undead and skeleton.weapons[0].dice == 2 and "diagonal" in skeleton.weapons[0].note  # 639
    assert "scythe" in skeleton.skill_notes["Sweep Attack"]  # line 647
    assert hq.monster_skill("Sweep Attack").hero_skill == "Sweep Attack"
    assert hq.monster("mummy").weapons[0].name == "Ceremonial stave"  # line 729 (reprint 1199: staff)
    assert hq.monster("orc").plate_mail_slows is True  # line 685
    assert hq.monster("chaos warrior").plate_mail_slows is False  # line 753
    assert hq.monster("giant wolf").weapons == [] and hq.monster("yeti").armour == []  # lines 863, 887
    assert [m.name for m in hq.catalog().monsters.values() if m.undead] == ["Skeleton", "Zombie", "Mummy"]
    assert hq.monster_skill("Dread").effect.attack_dice == -2  # line 737
    assert hq.monster_skill("Minor Dread").effect.attack_dice == -1  # line 645


@pytest.mark.parametrize(
    ("name", "price", "level", "expected", "line"),
    [
        ("Crossbowman", 75, 1, (2, 6, 3, 3, 2, 2, 0), 960),
        ("Halberdier", 75, 4, (2, 6, 4, 4, 5, 3, 0), 975),
        ("Scout", 50, 5, (2, 10, 3, 4, 6, 3, 0), 988),
        ("Swordsman", 100, 8, (2, 6, 6, 7, 9, 4, 0), 1003),
    ],
)
def test_mercenaries(name: str, price: int, level: int, expected: tuple[int, ...], line: int) -> None:
    merc = hq.mercenary(name)
    assert merc.price_per_quest == price
    assert _row(merc.at(level)) == expected and merc.at(level).source == f"{SEED}:{line}"


def test_mercenary_abilities() -> None:
    assert hq.mercenary("crossbowman").weapons == ["Crossbow", "Broadsword"]  # line 957
    halberdier = hq.mercenary("halberdier")  # line 969
    assert halberdier.diagonal and halberdier.sweep
    assert hq.mercenary("scout").disarm_traps  # line 981
    assert hq.mercenary("Swordsmen").name == "Swordsman"  # the reprint's heading, line 1185


def _data(body: str) -> hq.DataFile:
    return load_text(body, hq.DataFile, "bad.toml")


def test_a_source_outside_the_rulebook_is_refused() -> None:
    with pytest.raises(ContentError, match=r"bad.toml: races\[0\].source: .*outside the rulebook"):
        _data('[[races]]\nname = "Orc"\ntext = "x"\nbonus = {}\nsource = 2000\n')


def test_a_bad_stat_name_or_level_gap_is_refused() -> None:
    with pytest.raises(ContentError, match=r"races\[0\].bonus"):
        _data('[[races]]\nname = "Orc"\ntext = "x"\nbonus = { strength = 1 }\nsource = 10\n')
    row = "move_min = 2, move_max = 6, attack = 1, defend = 1, body = 1, mind = 0, magic = 0, source = 628"
    gap = '[[mercenaries]]\nname = "X"\ntext = "x"\nprice_per_quest = 1\nsource = 957\nlevels = [\n'
    gap += f"  {{ level = 1, {row} }},\n  {{ level = 3, {row} }},\n]\n"
    with pytest.raises(ContentError, match=r"levels\[1\].level: expected level 2"):
        _data(gap)


def test_a_bad_heal_value_is_refused() -> None:
    body = '[[items]]\nname = "X"\ntext = "x"\nsource = 403\neffect = { heal_body = "lots" }\n'
    with pytest.raises(ContentError, match="not a number of points"):
        _data(body)


def test_sources_are_normalised() -> None:
    data = _data('[[races]]\nname = "Orc"\ntext = "x"\nbonus = {}\nsource = "628-635"\n')
    assert data.races[0].source == f"{SEED}:628-635"
