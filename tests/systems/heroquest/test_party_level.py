"""Heroes made at a level (`barbarian@3`) and the party a quest file is written for (`level`, `party`)."""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content.hero import level_spells
from grognard.systems.heroquest.content.party_level import quest_party
from grognard.systems.heroquest.content.quest import QuestFile, load_quest
from grognard.systems.heroquest.content.quest_setup import hero_from_spec, parse_party, quest_source
from grognard.systems.heroquest.simulate import party_for, simulate

from .play_helpers import begin


def test_a_spec_at_level_three_takes_two_levels_as_earned_line_349() -> None:
    """004_24cd6f974fe6a1ee.txt:349: 40 experience for level 2 and 80 for level 3; each level gives a
    point to an attribute and a skill point."""
    one = hero_from_spec("barbarian")
    three = hero_from_spec("barbarian@3:Brak")
    assert (one.level, three.level, three.name) == (1, 3, "Brak")
    assert three.experience == 80
    assert three.skill_points == one.skill_points + 2
    assert three.base.body == one.base.body + 1 and three.base.attack == one.base.attack + 1
    assert three.current.body == three.base.body
    assert (three.base.defend, three.base.mind) == (one.base.defend, one.base.mind)


def test_a_wizard_at_a_level_learns_the_levels_spells_line_349() -> None:
    """004_24cd6f974fe6a1ee.txt:349 (and the spells by level, line 491): an elf wizard made at level 4
    knows every spell of its groups up to level 4, more than at level 1."""
    one = hero_from_spec("elf-wizard")
    four = hero_from_spec("elf-wizard@4")
    assert four.level == 4
    assert set(one.spells) < set(four.spells)
    assert {f"{s.school}/{s.name}" for s in level_spells(four)} <= set(four.spells)


@pytest.mark.parametrize("spec", ["barbarian@0", "barbarian@x", "barbarian@21", "barbarian@"])
def test_a_bad_level_in_a_spec_is_refused(spec: str) -> None:
    """004_24cd6f974fe6a1ee.txt:349: levels count up from 1; anything else in a spec is a usage error."""
    with pytest.raises(UsageError, match="level"):
        parse_party(spec)


def test_the_shipped_quests_name_their_party_level() -> None:
    """004_24cd6f974fe6a1ee.txt:349: the quests rise in difficulty and are written for levels 1, 3 and 4."""
    assert party_for("1-the-smugglers-stair") == "barbarian,dwarf-warrior,elf-wizard,human-rogue"
    assert party_for("2-the-salt-crypt") == "barbarian@3,dwarf-warrior@3,elf-wizard@3,human-rogue@3"
    assert party_for("3-the-rimebound-hold").split(",")[0] == "barbarian@4"
    crypt = load_quest(quest_source("2-the-salt-crypt")).file
    assert quest_party(crypt.model_copy(update={"party": "barbarian:Ulf,elf-wizard@5"})) == (
        "barbarian@3:Ulf,elf-wizard@5"
    )


def test_a_quest_level_below_one_is_refused() -> None:
    """004_24cd6f974fe6a1ee.txt:349: a quest's party level is a level a hero can have (1 and up)."""
    data = load_quest(quest_source("the-goblin-cellar")).file.model_dump()
    with pytest.raises(ValueError, match="level"):
        QuestFile.model_validate(data | {"level": 0})


def test_simulate_and_play_use_the_quests_party_when_none_is_given() -> None:
    """004_24cd6f974fe6a1ee.txt:349: the party a quest is written for plays it at that level."""
    summary = simulate("2-the-salt-crypt", None, 1, seed=2, rounds=2)
    assert summary.party == party_for("2-the-salt-crypt") and summary.games == 1
    state = begin("2-the-salt-crypt", heroes=summary.party)
    assert [state.hero_of(i).level for i in range(len(state.heroes))] == [3, 3, 3, 3]
