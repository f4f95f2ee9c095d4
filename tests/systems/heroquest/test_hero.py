"""Heroes: creation, skills, levels and spells, each rule against its line of 004_24cd6f974fe6a1ee.txt."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import hero as hr
from grognard.systems.heroquest.content.combat_dice import more_skulls_chance
from grognard.systems.heroquest.content.hero import Hero, Thresholds, create_hero
from grognard.systems.heroquest.rules import gear


def wizard(race: str = "human", name: str = "Mira") -> Hero:
    return create_hero(name, race, "wizard", ["magic", "mind"], elements=["earth", "fire", "water"])


def test_class_start_plus_extra_points_plus_race_bonus() -> None:
    # Lines 184-191: a barbarian starts 1/1/6/2/0/2; two extra points; line 172: a human +1 Defend.
    conan = create_hero("Conan", "human", "barbarian", ["attack", "attack"])
    assert conan.base.as_dict() == {"attack": 3, "defend": 2, "body": 6, "mind": 2, "magic": 0, "movement": 2}
    assert conan.current == conan.base and conan.level == 1 and conan.experience == 0
    # Line 176: a dwarf +1 Body; line 249: a rogue may put a point in Mind.
    gimli = create_hero("Gimli", "dwarf", "rogue", ["mind", "defend"])
    assert gimli.base.as_dict() == {"attack": 1, "defend": 2, "body": 6, "mind": 4, "magic": 0, "movement": 2}
    # Line 174: an elf +1 Magic.
    assert wizard("elf").base.magic == 3 + 1 + 1


@pytest.mark.parametrize(
    ("hero_class", "stat", "line"),
    [
        ("barbarian", "mind", 191),
        ("barbarian", "magic", 191),
        ("wizard", "attack", 276),
        ("warrior", "magic", 220),
    ],
)
def test_extra_points_go_only_where_the_class_allows(hero_class: str, stat: str, line: int) -> None:
    with pytest.raises(UsageError, match="extra points go to") as refused:
        create_hero("X", "human", hero_class, [stat, "body"], elements=["earth", "fire", "air"])  # type: ignore[list-item]
    assert stat in str(refused.value), f"line {line}"


def test_exactly_two_extra_points() -> None:
    with pytest.raises(UsageError, match="allots 2 extra points, not 1"):
        create_hero("X", "human", "warrior", ["body"])
    with pytest.raises(UsageError, match="not 3"):
        create_hero("X", "human", "warrior", ["body", "body", "body"])


def test_elf_body_is_at_most_six_at_creation_line_174() -> None:
    with pytest.raises(UsageError, match="at most 6 body"):
        create_hero("Legolas", "elf", "warrior", ["body", "attack"])
    assert create_hero("Legolas", "elf", "rogue", ["body", "attack"]).base.body == 6
    with pytest.raises(UsageError, match="at most 6 body"):
        create_hero("Legolas", "elf", "rogue", ["body", "body"])


def test_dwarves_cannot_use_magic_line_176() -> None:
    for magic_class in ("wizard", "rogue-mage"):
        with pytest.raises(UsageError, match="cannot use magic"):
            create_hero("Gimli", "dwarf", magic_class, ["body", "body"], elements=["earth"])
    assert "magic" not in hr.creation_needs("dwarf", "warrior").extra_to
    assert "magic" in hr.creation_needs("human", "rogue-mage").extra_to


def test_starting_weapons_lines_180_265_288() -> None:
    assert create_hero("A", "human", "barbarian", ["body", "body"]).weapons == ("Short Sword",)
    broad = create_hero("A", "human", "barbarian", ["body", "body"], weapon="broadsword")
    assert broad.equipped.weapon == "Broadsword" and gear.attack_dice(broad) == 1 + 2  # line 365
    assert wizard().weapons == ("Dagger",) and gear.attack_dice(wizard()) == 1  # line 359: +0
    with pytest.raises(UsageError, match="starts with Dagger"):
        create_hero(
            "M", "human", "wizard", ["body", "body"], weapon="short sword", elements=["earth", "air", "fire"]
        )
    with pytest.raises(UsageError, match="starts with Short Sword"):
        create_hero("W", "human", "warrior", ["body", "body"], weapon="broadsword")
    assert create_hero("R", "elf", "rogue-mage", ["magic", "magic"], elements=["air"]).weapons == (
        "Short Sword",
    )


def test_spell_groups_lines_265_288() -> None:
    assert wizard().elements == ("earth", "fire", "water")
    with pytest.raises(UsageError, match="chooses 3 different"):
        create_hero("M", "human", "wizard", ["body", "body"], elements=["earth", "fire"])
    with pytest.raises(UsageError, match="chooses 1 different"):
        create_hero("R", "human", "rogue-mage", ["body", "body"], elements=["earth", "fire"])
    with pytest.raises(UsageError, match="no elemental spell group 'elf'"):
        create_hero("R", "human", "rogue-mage", ["body", "body"], elements=["elf"])
    with pytest.raises(UsageError, match="chooses no spell groups"):
        create_hero("B", "human", "barbarian", ["body", "body"], elements=["earth"])


def test_level_one_spells_of_the_chosen_groups_line_491() -> None:
    assert wizard().spells == ("earth/Rock Skin", "fire/Fire of Wrath", "water/Water of Healing")
    rogue_mage = create_hero("R", "human", "rogue-mage", ["magic", "mind"], elements=["air"])
    assert rogue_mage.spells == ("air/Swift Wind",)
    assert create_hero("B", "elf", "barbarian", ["attack", "attack"]).spells == ()


def test_the_one_starting_skill_point_line_166() -> None:
    # A cost-1 skill of the race or class, minimums met: the point is spent.
    rogue = create_hero("R", "human", "rogue", ["mind", "body"], skill="stealth")  # Stealth: 4 Mind, line 257
    assert rogue.skills == ("Stealth",) and rogue.skill_points == 0
    assert create_hero("H", "human", "rogue", ["mind", "body"], skill="human destiny").skills == (
        "Human Destiny",
    )
    # Kept when no skill is chosen.
    assert create_hero("R", "human", "rogue", ["mind", "body"]).skill_points == 1
    with pytest.raises(UsageError, match="needs at least mind 4"):
        create_hero("R", "human", "rogue", ["attack", "body"], skill="stealth")
    with pytest.raises(UsageError, match="costs 2 skill points"):
        create_hero("B", "human", "barbarian", ["body", "body"], skill="battle roar")  # line 201
    with pytest.raises(UsageError, match="not to R's race or class"):
        create_hero("R", "human", "rogue", ["mind", "body"], skill="bodyguard")  # a warrior skill, line 224
    with pytest.raises(UsageError, match="offered to rogue, dwarf, not to R"):
        create_hero("R", "elf", "barbarian", ["attack", "attack"], skill="disarm traps")
    # A dwarf rogue takes Disarm Traps on the rogue's terms (no Mind minimum, line 255) .
    assert create_hero("D", "dwarf", "rogue", ["body", "body"], skill="disarm traps").skills == (
        "Disarm Traps",
    )


def test_skills_later_prerequisites_and_weapon_skills() -> None:
    conan = create_hero("Conan", "human", "barbarian", ["body", "body"])
    conan = conan.model_copy(update={"skill_points": 4})
    with pytest.raises(UsageError, match="the skill Battle Roar"):
        hr.learn_skill(conan, "frightening battle roar")  # line 203
    conan = hr.learn_skill(conan, "battle roar")
    conan = hr.learn_skill(conan, "frightening battle roar")
    assert conan.skill_points == 0 and conan.skills == ("Battle Roar", "Frightening Battle Roar")
    with pytest.raises(UsageError, match="already has"):
        hr.learn_skill(conan, "battle roar")
    rich = conan.model_copy(update={"skill_points": 2})
    assert hr.learn_skill(rich, "sweep attack").knows_skill(
        "Sweep Attack"
    )  # weapon skills: any class, line 333


def test_json_round_trip_is_exact() -> None:
    hero = wizard("elf")
    hero = gear.gain(hero, "Potion of Healing")
    hero = gear.gain(hero, "Wizard's Cloak")
    text = hero.model_dump_json()
    again = Hero.model_validate_json(text)
    assert again == hero and again.model_dump_json() == text and hash(again) == hash(hero)
    with pytest.raises(ValueError, match="equipped but not carried"):
        Hero.model_validate({**hero.model_dump(), "weapons": []})


def test_thresholds_line_349() -> None:
    default = Thresholds()
    assert [default.needed(n) for n in (1, 2, 3, 4)] == [0, 40, 80, 120]
    assert default.level_for(79) == 2 and default.level_for(80) == 3
    custom = Thresholds.parse("80,100,120")
    assert [custom.needed(n) for n in (2, 3, 4, 5, 6)] == [80, 100, 120, 140, 160]
    with pytest.raises(UsageError):
        Thresholds.parse("80,60")


def test_level_up_an_attribute_point_and_a_skill_point_line_349() -> None:
    conan = create_hero("Conan", "human", "barbarian", ["body", "body"], skill="human destiny")
    with pytest.raises(UsageError, match="level 2 needs 40"):
        hr.level_up(conan, "attack")
    conan = hr.gain_experience(conan, 45)
    up = hr.level_up(conan, "attack")
    assert up.level == 2 and up.base.attack == conan.base.attack + 1 and up.current.attack == up.base.attack
    assert up.skill_points == conan.skill_points + 1
    with pytest.raises(UsageError, match="level 3 needs 80"):
        hr.level_up(up, "body")
    with pytest.raises(UsageError, match="cannot use magic"):
        hr.level_up(conan, "magic")
    assert hr.level_up(conan, "mind").base.mind == 3  # any attribute of his choice
    assert hr.levels_due(hr.gain_experience(conan, 80)) == 3
    slow = Thresholds((80,))
    with pytest.raises(UsageError, match="needs 80"):
        hr.level_up(conan, "attack", slow)


def test_spells_by_level_within_the_groups_line_491() -> None:
    mira = hr.gain_experience(wizard(), 200)
    for stat in ("mind", "mind", "body", "body"):
        mira = hr.level_up(mira, stat)
    assert mira.level == 5
    assert "earth/Heal Body" in mira.spells  # level 3, line 497
    assert "earth/Pass Through Rock" in mira.spells  # level 5, line 499
    assert "fire/Ball of Flame" in mira.spells  # level 4, line 507
    assert not any(s.startswith("air/") for s in mira.spells)  # not a chosen group
    assert not any(s.startswith("elf/") for s in mira.spells)  # a human learns elf spells only by teaching


def test_elves_learn_elf_spells_and_others_cast_them_a_level_later_line_525() -> None:
    elf = hr.gain_experience(wizard("elf", "Eli"), 120)
    for _ in range(3):
        elf = hr.level_up(elf, "mind")
    assert elf.level == 4 and {"elf/Disappear", "elf/Twist Wood"} <= set(elf.spells)
    human = hr.gain_experience(wizard(), 120)
    for _ in range(3):
        human = hr.level_up(human, "mind")
    twist = hq.spell("elf/twist wood")
    taught, learned = hr.cross_train(human, "elf/twist wood", learner_skulls=3, teacher_skulls=1, teacher=elf)
    assert learned and taught.knows_spell(twist)
    assert hr.casting_level(taught, twist) == 5 and not hr.can_cast(taught, twist)
    assert hr.casting_level(elf, twist) == 4 and hr.can_cast(elf, twist)
    with pytest.raises(UsageError, match="only an elf may teach"):
        hr.cross_train(human, "elf/twist wood", learner_skulls=3, teacher_skulls=1)


def test_cross_training_line_605() -> None:
    mira, tom = wizard(), create_hero("Tom", "human", "rogue-mage", ["mind", "body"], elements=["air"])
    same, learned = hr.cross_train(tom, "earth/rock skin", learner_skulls=2, teacher_skulls=2, teacher=mira)
    assert not learned and same == tom  # a tie is not more skulls
    tom2, learned = hr.cross_train(tom, "earth/rock skin", learner_skulls=3, teacher_skulls=2, teacher=mira)
    assert learned and "earth/Rock Skin" in tom2.spells
    with pytest.raises(UsageError, match="does not know"):
        hr.cross_train(mira, "air/tempest", learner_skulls=3, teacher_skulls=0, teacher=tom2)
    with pytest.raises(UsageError, match="more skulls than dice"):
        hr.cross_train(tom, "earth/rock skin", learner_skulls=9, teacher_skulls=0, teacher=mira)
    with pytest.raises(UsageError, match="not a magic-user"):
        hr.cross_train(
            create_hero("B", "human", "barbarian", ["body", "body"]),
            "earth/rock skin",
            learner_skulls=1,
            teacher_skulls=0,
        )
    # Each rolls combat dice equal to starting Mind: Tom 4, Mira 5.
    assert hr.cross_training_chance(tom, mira.base.mind) == more_skulls_chance(4, 5)
    assert Fraction(0) < hr.cross_training_chance(tom, 5) < Fraction(1, 2)


def test_learning_from_a_scroll_line_477() -> None:
    mira = gear.gain(wizard(), "Spell Scroll")
    learned = hr.learn_from_scroll(mira, "other/warmth")
    assert "other/Warmth" in learned.spells and learned.artifacts == ()
    assert hr.can_cast(learned, hq.spell("other/warmth"))  # line 595: no level
    with pytest.raises(UsageError, match="no spell scroll"):
        hr.learn_from_scroll(wizard(), "other/warmth")


def test_current_attributes_are_held_to_their_maximum() -> None:
    conan = create_hero("Conan", "human", "barbarian", ["body", "body"])
    hurt = conan.with_current("body", 3)
    assert hurt.current.body == 3 and hurt.with_current("body", 99).current.body == 8
    assert hurt.restored().current == conan.base


def test_the_classes_open_to_a_race_leave_out_magic_for_a_race_without_it() -> None:
    """The class choice offered when a hero is created (moved from the command line into the system)."""
    from grognard.systems.heroquest.content import catalog as hq
    from grognard.systems.heroquest.content.hero import classes_open_to

    every = [c.name for c in hq.catalog().classes.values()]
    assert classes_open_to(None) == every
    no_magic = [r.name for r in hq.catalog().races.values() if not r.magic]
    assert no_magic, "the catalogue has a race that cannot use magic (the dwarf)"
    offered = classes_open_to(no_magic[0])
    assert offered == [c for c in every if not hq.hero_class(c).magic] and len(offered) < len(every)
