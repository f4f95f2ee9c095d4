"""Items (lines 387-427), spells (lines 493-523) and skills in play: a test of each effect the game plays."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.hero import create_hero
from grognard.systems.heroquest.driver.turn import end_encounter
from grognard.systems.heroquest.features.skills.skills import skill_uses
from grognard.systems.heroquest.rules.effects import (
    hero_attack_dice,
    hero_defend_dice,
    monster_defend_dice,
    usable_items,
)
from grognard.systems.heroquest.rules.wounds import hurt_hero

from .play_helpers import begin, index_of, put_hero, put_monster, rolled, step


def _with(items: tuple[str, ...], heroes: str = "barbarian", body: int | None = None):  # type: ignore[no-untyped-def]
    state = begin(heroes=heroes)
    changes = {"items": items} | ({"body": body} if body is not None else {})
    return put_hero(state, 0, **changes)


@pytest.mark.parametrize(
    ("item", "gain"),
    [("Potion of Warmth", 1), ("Venom Antidote", 0)],  # 2 after cold, up to 2 of poison: test_artifacts_env
)
def test_fixed_healing_potions(item: str, gain: int) -> None:
    state = _with((item,), body=3)
    after = step(state, f"use:{hq.key_of(item)}")
    assert after.heroes[0].body == 3 + gain and after.heroes[0].items == ()
    assert after.turn.acted  # an item is the turn's action (line 106)


def test_potion_of_healing_a_red_die_line_403() -> None:
    state = step(_with(("Potion of Healing",), body=2), "use:potion-of-healing")
    assert state.actor() is CHANCE and dict(state.chance_outcomes()) == {
        n: Fraction(1, 6) for n in range(1, 7)
    }
    assert step(state, 6).heroes[0].body == state.hero_of(0).maximum("body")


def test_potion_of_magic_a_red_die_of_magic_line_407() -> None:
    state = put_hero(begin(heroes="elf-wizard"), 0, items=("Potion of Magic",), magic=0)
    after = step(step(state, "use:potion-of-magic"), 2)
    assert after.heroes[0].magic == 2


def test_potion_of_restoration_everything_line_413() -> None:
    state = put_hero(_with(("Potion of Restoration",), body=1), 0, mind=0)
    after = step(state, "use:potion-of-restoration")
    assert after.heroes[0].body == after.hero_of(0).maximum("body") and after.heroes[0].mind > 0


def test_potion_of_strength_two_dice_on_the_next_attack_line_417() -> None:
    state = put_monster(_with(("Potion of Strength",)), "goblin-1", at=(2, 1))
    j = index_of(state, "goblin-1")
    plain = hero_attack_dice(state, 0, j)
    drunk = step(state, "use:potion-of-strength")
    assert hero_attack_dice(drunk, 0, j) == plain + 2
    drunk = replace(drunk, turn=replace(drunk.turn, acted=False))
    attacked = step(drunk, "attack:goblin-1")
    assert attacked.pending is not None and attacked.pending.dice == plain + 2
    assert hero_attack_dice(attacked, 0, j) == plain  # used up


def test_potion_of_defense_two_dice_on_the_next_defence_line_397() -> None:
    state = _with(("Potion of Defense",))
    plain = hero_defend_dice(state, 0)
    drunk = step(state, "use:potion-of-defense")
    assert hero_defend_dice(drunk, 0) == plain + 2


def test_potion_of_frost_skin_lasts_while_enemies_are_in_sight_line_401() -> None:
    state = step(_with(("Potion of Frost Skin",)), "use:potion-of-frost-skin")
    plain = hero_defend_dice(begin(heroes="barbarian"), 0)
    assert hero_defend_dice(state, 0) == plain + 2
    assert hero_defend_dice(end_encounter(state), 0) == plain


def test_potion_of_dexterity_five_more_squares_line_399() -> None:
    state = step(_with(("Potion of Dexterity",)), "use:potion-of-dexterity", "roll")
    assert state.pending is not None and state.pending.need == 5
    assert dict(state.chance_outcomes())[12] == Fraction(21, 36)


@pytest.mark.parametrize("item", ["Heroic Brew", "Potion of Battle Rage"])
def test_two_attacks_in_a_turn_lines_391_395(item: str) -> None:
    state = put_monster(_with((item,)), "goblin-1", at=(2, 1), body=9)
    state = step(state, f"use:{hq.key_of(item)}")
    state = replace(state, turn=replace(state.turn, acted=False))
    state = step(state, "attack:goblin-1", 1)
    assert "attack:goblin-1" in state.legal_actions()
    state = step(state, "attack:goblin-1", 1)
    assert "attack:goblin-1" not in state.legal_actions()


def test_potion_of_speed_twelve_squares_without_a_roll_until_hurt_line_415() -> None:
    state = step(_with(("Potion of Speed",)), "use:potion-of-speed")
    moved = step(state, "roll")
    assert moved.actor() == 0 and moved.turn.moves == 12
    hurt = hurt_hero(state, 0, 1, "hazard")
    assert not any(e.startswith("speed") for e in hurt.heroes[0].effects)


def test_items_the_game_does_not_play_are_not_offered() -> None:
    state = _with(("Potion of Recall", "Wolfsbane Potion", "Tool Kit"))  # Recall: only in an encounter
    assert usable_items(state, 0) == []


# --- spells


def _wizard(magic_items: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    state = begin(heroes="elf-wizard,barbarian")
    return put_monster(put_hero(state, 1, at=(1, 3)), "goblin-1", at=(3, 2))


def test_spells_memorised_up_to_mind_and_a_magic_point_a_cast_lines_104_162() -> None:
    state = _wizard()
    assert len(state.heroes[0].spells) <= state.hero_of(0).maximum("mind")
    cast = step(state, "cast:earth/rock-skin:h1")
    assert cast.heroes[0].magic == state.heroes[0].magic - 1
    empty = put_hero(state, 0, magic=0)
    assert not any(a.startswith("cast:") for a in empty.legal_actions())


def test_rock_skin_one_defend_die_until_damaged_line_495() -> None:
    state = _wizard()
    plain = hero_defend_dice(state, 1)
    cast = step(state, "cast:earth/rock-skin:h1")
    assert hero_defend_dice(cast, 1) == plain + 1
    assert hero_defend_dice(hurt_hero(cast, 1, 1, "hazard"), 1) == plain


def test_fire_of_wrath_each_point_avoided_on_five_or_six_line_503() -> None:
    cast = step(_wizard(), "cast:fire/fire-of-wrath:goblin-1")
    assert dict(cast.chance_outcomes()) == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    assert step(cast, 1).monsters[index_of(cast, "goblin-1")].status == "dead"


def test_water_of_healing_two_points_line_519() -> None:
    state = put_hero(_wizard(), 1, body=2)
    assert step(state, "cast:water/water-of-healing:h1").heroes[1].body == 4


def test_swift_wind_twice_the_movement_dice_line_511() -> None:
    state = _wizard()
    wizard = create_hero("Aria", "elf", "wizard", ["magic", "mind"], elements=["air", "fire", "water"])
    party = json.dumps([wizard.model_dump(mode="json")])
    state = begin(heroes=party)
    state = step(state, "cast:air/swift-wind:h0", "roll")
    assert state.pending is not None and state.pending.dice == 4


def test_tempest_and_sleep_hooks_lines_513_523() -> None:
    from grognard.systems.heroquest.rules.effects import cast

    state = _wizard()
    j = index_of(state, "goblin-1")
    slept = cast(state, 0, "water/sleep:goblin-1")
    assert monster_defend_dice(slept, j) == 0
    blown = cast(state, 0, "air/tempest:goblin-1")
    assert "tempest|" in blown.monsters[j].effects


def test_water_sleep_is_broken_at_once_or_on_a_future_turn_line_523(tmp_path: object) -> None:
    """Line 523: "The spell can be broken at once or on a future turn by an enemy rolling one red die for
    each of its mind points. If a six is rolled, the spell is broken." An Orc of 3 Mind rolls 3 red dice
    right after the cast (the caster's turn goes on either way) and 3 more at the start of its turn: it
    sleeps through that turn (5/6)**6 of the time, about 33%, not (5/6)**3 (58%). Deep Sleep (line 531)
    has no roll at once."""
    from pathlib import Path

    from grognard.systems.heroquest.driver.turn import start_monster
    from grognard.systems.heroquest.rules.effects import cast

    from .play_helpers import TRAP_QUEST

    assert isinstance(tmp_path, Path)
    quest = tmp_path / "orc.toml"
    orc = '{ id = "orc", monster = "Orc", level = 1, at = [8, 2] }'
    quest.write_text(TRAP_QUEST.replace(orc, orc.replace("level = 1", "level = 3")), encoding="utf-8")
    state = begin(str(quest), heroes="elf-wizard")
    j = index_of(state, "orc")
    assert state.stats_of(j).mind == 3
    slept = cast(state, 0, "water/sleep:orc")
    stays = Fraction(5, 6) ** 3
    assert slept.actor() is CHANCE and dict(slept.chance_outcomes()) == {"wakes": 1 - stays, "sleeps": stays}
    woke = step(slept, "wakes")
    assert woke.monsters[j].effects == () and woke.actor() == 0 and not woke.turn.done
    asleep = step(slept, "sleeps")
    assert asleep.monsters[j].effects == ("sleep|",) and asleep.actor() == 0 and not asleep.turn.done
    its_turn = start_monster(asleep, j)
    assert dict(its_turn.chance_outcomes())["sleeps"] == stays
    assert stays * stays == Fraction(15625, 46656)  # 33.5%: asleep through its first turn
    deep = cast(state, 0, "elf/deep-sleep:orc")
    assert deep.pending is None and "sleep|" in deep.monsters[j].effects


def test_heal_body_and_ball_of_flame_by_level_lines_497_507() -> None:
    from grognard.systems.heroquest.rules.effects import cast

    state = put_hero(_wizard(), 1, body=1)
    healed = cast(state, 0, "earth/heal-body:h1")
    assert healed.heroes[1].body == 5  # level 3 amount 4, over the wizard's level 1 (the spell's own level)
    burnt = cast(state, 0, "fire/ball-of-flame:goblin-1")
    assert burnt.pending is not None and burnt.pending.dice == 3 and burnt.pending.need == 1


# --- skills


def test_active_skills_once_per_encounter_from_the_data_lines_199_207() -> None:
    from grognard.systems.heroquest.content.hero import learn_skill

    hero = create_hero("Bron", "dwarf", "warrior", ["body", "attack"]).model_copy(update={"skill_points": 4})
    hero = learn_skill(learn_skill(hero, "Berserker"), "Manhandler")
    state = begin(heroes=json.dumps([hero.model_dump(mode="json")]))
    state = put_hero(put_monster(state, "goblin-1", at=(2, 1), body=9), 0, body=2)  # line 199: two or fewer
    j = index_of(state, "goblin-1")
    calm = replace(state, encounter=False)
    assert skill_uses(calm, 0) == []  # once per encounter: only in one
    state = replace(state, encounter=True)
    assert skill_uses(state, 0) == ["skill:berserker", "skill:manhandler"]
    plain = hero_attack_dice(state, 0, j)
    used = step(state, "skill:berserker")
    assert hero_attack_dice(used, 0, j) == plain + 1 and "skill:berserker" not in skill_uses(used, 0)
    assert not used.turn.acted  # declared without using the action (line 166)
    used = step(used, "skill:manhandler", "attack:goblin-1", 1)
    assert "attack:goblin-1" in used.legal_actions()  # the second attack


def test_long_jump_clears_on_anything_but_a_black_shield_line_329(tmp_path: object) -> None:
    from pathlib import Path

    from .play_helpers import trap_quest

    assert isinstance(tmp_path, Path)
    state = begin(trap_quest(tmp_path), heroes="elf-warrior")
    from grognard.systems.heroquest.content.hero import learn_skill

    hero = learn_skill(state.hero_of(0).model_copy(update={"skill_points": 2}), "Long Jump")
    state = begin(trap_quest(tmp_path), heroes=json.dumps([hero.model_dump(mode="json")]))
    traps = list(state.traps)
    traps[state.ctx.trap_index["pit"]] = "found"
    state = rolled(put_hero(replace(state, traps=tuple(traps)), 0, at=(5, 0)), 12)
    trying = step(state, "jump:7,0")
    assert dict(trying.chance_outcomes()) == {"clear": Fraction(5, 6), "fall": Fraction(1, 6)}
