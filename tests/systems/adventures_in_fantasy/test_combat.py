"""The melee hit chance: Combat Matrix N, every modifier and its cap, the limits, stamina."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.combat import (
    Fighter,
    HitChance,
    attack_chances,
    fatigue,
    fighter_text,
    first_strike,
    hit_chance,
    parse_fighter,
    stamina_after,
)


def amount(chance: HitChance, name: str) -> tuple[int, bool]:
    """The amount and capped flag of the one modifier called `name`."""
    found = [m for m in chance.modifiers if m.name == name]
    assert len(found) == 1, chance.modifiers
    return found[0].amount, found[0].capped


def test_matrix_example_line_1557() -> None:
    human, snake = Fighter(body="human"), Fighter(body="snake")
    assert hit_chance(human, snake).chance == 35
    assert hit_chance(snake, human).chance == 75


def test_dexterity_example_line_1531() -> None:
    player, bandit = Fighter(dexterity=89), Fighter(dexterity=23)
    assert amount(hit_chance(player, bandit), "dexterity") == (10, True)
    assert amount(hit_chance(bandit, player), "dexterity") == (-10, True)


def test_dexterity_below_the_cap_drops_the_fraction() -> None:
    # 61 - 50 = 11, divided by four is 2.75: 2 (line 1531 drops the fraction).
    assert amount(hit_chance(Fighter(dexterity=61), Fighter()), "dexterity") == (2, False)


def test_size_example_line_1537() -> None:
    elf, ogre = Fighter(hit_points=9), Fighter(hit_points=30)
    assert amount(hit_chance(elf, ogre), "size (smaller)") == (11, False)
    assert amount(hit_chance(ogre, elf), "size (larger)") == (-10, True)


def test_size_bonus_caps_at_15() -> None:
    mouse, giant = Fighter(hit_points=2), Fighter(hit_points=60)
    assert amount(hit_chance(mouse, giant), "size (smaller)") == (15, True)


def test_size_compares_whole_hits_not_wounds() -> None:
    wounded = Fighter(hit_points=3, size=10)
    assert [m.name for m in hit_chance(wounded, Fighter()).modifiers] == ["base: human vs human"]


def test_experience_example_line_1543() -> None:
    warrior, chimaera = Fighter(level=12), Fighter(body="lion", hit_dice=5)
    assert amount(hit_chance(warrior, chimaera), "experience") == (7, False)
    assert amount(hit_chance(chimaera, warrior), "experience") == (-7, False)


def test_experience_cap_line_1541() -> None:
    big = Fighter(body="scaled", hit_dice=20, hit_points=90)
    dragon = Fighter(body="scaled", hit_dice=8, hit_points=160)
    assert big.experience() == (15, True)
    assert dragon.experience() == (15, True)
    assert Fighter(hit_dice=1).experience() == (1, False)


def test_harold_untrained_33_line_412() -> None:
    harold = Fighter(name="Harold", level=12, weapon_bonus=8, training="untrained")
    man = Fighter(level=0)
    chance = hit_chance(harold, man)
    assert chance.chance == 33
    assert chance.modifiers[1].amount == 13 - 40


def test_harold_half_trained_46_line_413() -> None:
    harold = Fighter(level=12, weapon_bonus=8, training="half")
    assert hit_chance(harold, Fighter()).chance == 46
    assert hit_chance(Fighter(level=12, weapon_bonus=8), Fighter()).chance == 60


def test_practice_neglected_line_414() -> None:
    one = hit_chance(Fighter(unpracticed=1), Fighter())
    two = hit_chance(Fighter(unpracticed=2), Fighter())
    assert (one.chance, two.chance) == (36, 32)


def test_horace_two_weapons_63_and_43_line_1740() -> None:
    # 23 points of modifiers, as in the example: dexterity 90 vs 50 (+10) and level 13 vs 0 (+13).
    horace = Fighter(name="Horace", level=13, dexterity=90, two_weapons="dagger")
    guard = Fighter(name="guard", level=0)
    ax, dagger = attack_chances(horace, guard)
    assert (ax.chance, dagger.chance) == (63, 43)
    assert amount(dagger, "second weapon (base halved)") == (-20, False)


def test_two_weapons_need_training_and_a_shield_to_attack_with() -> None:
    with pytest.raises(UsageError, match="training"):
        Fighter(two_weapons="dagger", training="half")
    with pytest.raises(UsageError, match="shield"):
        Fighter(two_weapons="shield")
    shieldman = Fighter(two_weapons="shield", armour=("large shield", "chainmail"))
    assert shieldman.defending_armour() == ("chainmail",)


def test_limit_98_line_1584() -> None:
    # A scaled creature's 80 with 25 more in its favour still hits 98%, not 105%.
    chance = hit_chance(Fighter(body="scaled", extra=25), Fighter(body="human"))
    assert chance.chance == 98
    assert amount(chance, "hit chance limits") == (-7, True)


def test_limit_2_line_1584() -> None:
    weak = Fighter(body="bird", dexterity=0, level=0, hit_points=60)
    strong = Fighter(body="snake", dexterity=100, level=30, hit_points=10)
    chance = hit_chance(weak, strong, swamp=True)
    assert chance.chance == 2 and chance.modifiers[-1].capped


def test_table_q_is_subtracted_line_1684() -> None:
    outdoors = hit_chance(Fighter(reach="short"), Fighter(), place="outdoors or large room")
    door = hit_chance(Fighter(reach="very long"), Fighter(), place="door")
    assert (outdoors.chance, door.chance) == (50, 50)
    room = hit_chance(Fighter(reach="long"), Fighter(), place="normal room")
    assert room.chance == 35


def test_first_strike_by_the_larger_printed_modifier_line_1686() -> None:
    pike, knife = Fighter(reach="very long"), Fighter(reach="short")
    assert first_strike("outdoors or large room", pike, knife) == "a"
    assert first_strike("door", pike, knife) == "b"
    assert first_strike("", pike, knife) == ""
    assert first_strike("corridor", Fighter(reach="medium"), Fighter(reach="long")) == ""


def test_halving_effects_lines_1698_1712_1726_162() -> None:
    assert hit_chance(Fighter(), Fighter(cover=True)).chance == 20
    assert hit_chance(Fighter(), Fighter(), swamp=True).chance == 20
    assert hit_chance(Fighter(on_wall=True), Fighter()).chance == 20
    assert hit_chance(Fighter(), Fighter(), fatigued=True).chance == 20
    # Cover halves the basic odds before the modifiers; fatigue halves the whole chance.
    covered = hit_chance(Fighter(dexterity=90), Fighter(cover=True))
    tired = hit_chance(Fighter(dexterity=90), Fighter(), fatigued=True)
    assert (covered.chance, tired.chance) == (30, 25)


def test_stamina_example_line_1746() -> None:
    assert stamina_after(54, ["melee"]) == (49, 5)
    assert stamina_after(32, ["melee"]) == (27, 5)
    omar, spent = stamina_after(54, ["melee"] * 3)
    assert (omar, spent) == (39, 15)
    assert stamina_after(54, ["move", "rest"], spent=15) == (44, 10)
    assert stamina_after(32, ["melee"] * 5) == (7, 25)


def test_recovery_never_exceeds_what_was_spent_line_1742() -> None:
    assert stamina_after(20, ["melee", "rest", "rest"]) == (20, 0)
    assert stamina_after(20, ["melee", "other"]) == (16, 4)
    with pytest.raises(UsageError, match="sleep"):
        stamina_after(20, ["sleep"])


def test_fatigue_line_162() -> None:
    # Stamina 32: six fresh turns, then 32 turns at half, then exhausted.
    assert [fatigue(32, t) for t in (0, 5, 6, 37, 38)] == [
        "fresh",
        "fresh",
        "fatigued",
        "fatigued",
        "exhausted",
    ]


def test_parse_fighter_reads_every_key() -> None:
    text = "name=Ula,body=lion,hp=12,size=14,dex=61,hd=3,weapon=2,str=75,armour=chain+helmet,reach=long,cover"
    fighter = parse_fighter(text)
    assert fighter == Fighter(
        name="Ula",
        body="lion",
        hit_points=12,
        size=14,
        dexterity=61,
        hit_dice=3,
        weapon_bonus=2,
        strength=75,
        armour=("chainmail", "helmet"),
        reach="long",
        cover=True,
    )
    assert parse_fighter(fighter_text(fighter)) == fighter


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("body=dragon", "dragon"),
        ("hp=ten", "ten"),
        ("colour=red", "colour"),
        ("armour=mithril", "mithril"),
        ("dex=140", "140"),
        ("training=some", "some"),
        ("reach=far", "far"),
        ("cover=maybe", "maybe"),
    ],
)
def test_bad_fighters_name_the_value(text: str, named: str) -> None:
    with pytest.raises(UsageError, match=named):
        parse_fighter(text)


@given(st.text(max_size=60))
def test_parse_fighter_gives_a_fighter_or_a_clean_error(text: str) -> None:
    try:
        fighter = parse_fighter(text)
    except UsageError:
        return
    assert isinstance(fighter, Fighter)
