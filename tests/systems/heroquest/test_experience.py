"""Experience for every event of lines 108 and 345-347 of 004_24cd6f974fe6a1ee.txt."""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.hero import create_hero
from grognard.systems.heroquest.rules import experience as xp

PARTY = ["Conan", "Mira", "Tom"]


def test_a_kill_pays_the_lower_of_attack_and_defend_and_one_more_to_the_killer_line_345() -> None:
    goblin = hq.monster("goblin").at(1)
    value = xp.kill_value_of(goblin)
    assert value == min(goblin.attack, goblin.defend)
    award = xp.kill(value, PARTY, "Mira")
    assert award.to("Conan") == value and award.to("Tom") == value and award.to("Mira") == value + 1
    assert award.source.endswith(":345") and award.total == 3 * value + 1
    assert xp.kill_value(4, 2) == 2 and xp.kill_value(1, 3) == 1
    assert xp.kill(2, PARTY, None).total == 6  # no hero struck the blow
    with pytest.raises(UsageError, match="not among the conscious"):
        xp.kill(2, ["Conan"], "Mira")  # only conscious heroes share; the killer is one of them


def test_the_elven_archer_counts_its_bow_attack() -> None:
    archer = hq.monster("elven archer").at(hq.monster("elven archer").level_range[0])
    assert xp.kill_value_of(archer) == min(archer.attack, archer.defend)


def test_no_experience_for_wandering_monsters_killed_while_resting_line_108() -> None:
    award = xp.kill(3, PARTY, "Conan", during_rest=True)
    assert award.total == 0 and award.source.endswith(":108")


def test_once_per_enemy_and_once_per_ally_line_345() -> None:
    rogue = create_hero("Tom", "human", "rogue", ["mind", "body"], skill="backstab")
    tally = xp.Tally()
    tally, first = xp.backstab(tally, rogue, "goblin-1")
    tally, again = xp.backstab(tally, rogue, "goblin-1")
    tally, other = xp.backstab(tally, rogue, "goblin-2")
    assert (first.to("Tom"), again.to("Tom"), other.to("Tom")) == (1, 0, 1)
    with pytest.raises(UsageError, match="no Backstab"):
        xp.backstab(tally, create_hero("Tim", "human", "rogue", ["mind", "body"]), "goblin-3")
    warrior = create_hero("Bors", "human", "warrior", ["body", "defend"])
    tally, saved = xp.defended_ally(tally, warrior, "Mira")
    tally, twice = xp.defended_ally(tally, warrior, "Mira")
    assert saved.to("Bors") == 1 and twice.total == 0
    with pytest.raises(UsageError, match="only warriors"):
        xp.defended_ally(tally, rogue, "Mira")
    mage = create_hero("Mira", "human", "wizard", ["magic", "mind"], elements=["earth", "fire", "air"])
    tally, spell = xp.offensive_spell(tally, mage, "orc-1")
    assert spell.to("Mira") == 1 and xp.offensive_spell(tally, mage, "orc-1")[1].total == 0
    with pytest.raises(UsageError, match="not a magic-user"):
        xp.offensive_spell(tally, warrior, "orc-1")


def test_non_combat_checkpoints_completion_and_merit_line_347() -> None:
    assert xp.non_combat("Tom").to("Tom") == 1
    checkpoint = xp.checkpoint(PARTY, 5)
    assert all(checkpoint.to(n) == 5 for n in PARTY)
    with pytest.raises(UsageError, match="0 to 5"):
        xp.checkpoint(PARTY, 6)
    done = xp.completion(["Conan", "Mira"])
    assert done.to("Conan") == 10 and done.to("Tom") == 0
    assert xp.merit("Tom", 3).to("Tom") == 3


def test_awards_are_added_to_the_heroes() -> None:
    heroes = [
        create_hero("Conan", "human", "barbarian", ["body", "body"]),
        create_hero("Tom", "human", "rogue", ["mind", "body"]),
    ]
    after = xp.apply_award(heroes, xp.kill(2, ["Conan", "Tom"], "Tom"))
    assert [h.experience for h in after] == [2, 3]
    with pytest.raises(UsageError, match="no hero called 'Mira'"):
        xp.apply_award(heroes, xp.non_combat("Mira"))
