"""Combat in a quest (line 84), death and revival (line 90), the comatose (line 92), goals and events."""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.heroquest.content.combat_dice import damage
from grognard.systems.heroquest.rules.effects import hero_defend_dice
from grognard.systems.heroquest.rules.gear import attack_dice
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster
from grognard.systems.heroquest.views.render import action_label

from .play_helpers import begin, index_of, put_hero, put_monster, step


def _beside_goblin() -> tuple:  # type: ignore[type-arg]
    state = begin(heroes="barbarian,elf-wizard")
    return put_monster(state, "goblin-1", at=(2, 1))


def test_an_attack_is_one_chance_node_over_the_damage_line_84() -> None:
    state = _beside_goblin()
    assert "attack:goblin-1" in state.legal_actions()
    after = step(state, "attack:goblin-1")
    assert after.actor() is CHANCE
    # base Attack + the weapon's dice; the goblin defends on black shields
    pending = after.pending
    assert pending is not None and pending.dice == attack_dice(state.hero_of(0))
    assert dict(after.chance_outcomes()) == {
        k: p for k, p in damage(pending.dice, pending.need, "monster").items() if p
    }
    killed = step(after, 1)
    assert killed.monsters[index_of(killed, "goblin-1")].status == "dead"
    assert killed.heroes[0].xp >= 1  # the killer's extra point (line 345)
    assert "attack:goblin-2" not in killed.legal_actions()  # one attack a turn


def test_the_attack_label_shows_the_chance_to_kill_this_turn() -> None:
    state = _beside_goblin()
    label = action_label(state, "attack:goblin-1")
    assert f"{attack_dice(state.hero_of(0))} dice" in label and "kills" in label and "%" in label


def test_giving_up_the_action_adds_a_defend_die_line_84() -> None:
    state = begin(heroes="barbarian")
    plain = hero_defend_dice(state, 0)
    guarded = step(state, "defend")
    assert hero_defend_dice(guarded, 0) == plain + 1
    assert not any(a.startswith("search") for a in guarded.legal_actions())


def test_a_comatose_hero_rolls_no_defend_dice_and_wakes_after_the_encounter_line_92() -> None:
    state = begin(heroes="barbarian")
    state = put_hero(state, 0, mind=0)
    assert hero_defend_dice(state, 0) == 0
    from grognard.systems.heroquest.driver.turn import end_encounter

    assert end_encounter(state).heroes[0].mind == 1


def test_a_hero_at_zero_drinks_his_healing_potion_line_90() -> None:
    state = begin(heroes="barbarian")
    state = put_hero(state, 0, items=("Potion of Healing",))
    dying = hurt_hero(state, 0, 99, "hazard")
    assert dying.heroes[0].status == "dying" and dying.pending is not None and dying.pending.kind == "heal"
    alive = step(dying, 3)
    assert alive.heroes[0].status == "active" and alive.heroes[0].body == 3 and alive.heroes[0].items == ()


def test_a_caster_heals_himself_as_he_falls_and_others_die() -> None:
    state = begin(heroes="elf-wizard,barbarian")
    healed = hurt_hero(state, 0, 99, "hazard")
    assert healed.heroes[0].status == "active" and healed.heroes[0].body == 2  # Water of Healing, level 1
    dead = hurt_hero(state, 1, 99, "hazard")
    assert dead.heroes[1].status == "dead" and dead.heroes[1].at is None


def test_the_whole_party_dead_loses_the_quest() -> None:
    state = begin(heroes="barbarian")
    state = hurt_hero(state, 0, 99, "hazard")
    from grognard.systems.heroquest.driver.turn import check_end

    assert check_end(state).outcome == "lost"


def test_killing_the_target_wins_and_monster_dies_events_fire() -> None:
    state = begin(heroes="barbarian")
    grak = index_of(state, "grak")
    state = hurt_monster(state, grak, 99, killer=0)
    assert "grak-falls" in state.fired
    assert state.monsters[index_of(state, "goblin-3")].status == "active"  # placed by the event
    from grognard.systems.heroquest.driver.turn import check_end

    assert check_end(state).outcome == "won"


def test_rescue_free_the_prisoner_and_lead_her_to_the_stairs() -> None:
    state = begin("1-the-smugglers-stair", heroes="barbarian")
    ilsa = index_of(state, "ilsa")
    assert state.monsters[ilsa].status == "prisoner"
    state = put_hero(state, 0, at=(5, 1))
    assert "free:ilsa" in state.legal_actions()
    state = step(state, "free:ilsa")
    assert state.heroes[0].escort == "ilsa" and state.monsters[ilsa].status == "escorted"
    state = put_hero(state, 0, at=(1, 12))
    from grognard.systems.heroquest.driver.turn import check_end

    assert check_end(state).outcome == "won"


def test_reach_exit_leaving_through_the_open_exit_door_wins() -> None:
    state = begin("3-the-rimebound-hold", heroes="barbarian")
    state = put_hero(state, 0, at=(25, 18))
    state = replace(state, monsters=tuple(m for m in state.monsters if m.at != (25, 18)))
    assert "leave" not in state.legal_actions()
    state = step(state, "door:iron-gate", "leave")
    assert state.actor() is TERMINAL and state.outcome == "won"


def test_enter_room_and_open_door_events_fire() -> None:
    state = begin("1-the-smugglers-stair", heroes="barbarian")
    state = put_hero(state, 0, at=(5, 4))
    state = step(state, "door:e-b")
    assert "open-the-torture-room" in state.fired


def test_the_game_master_moves_after_the_heroes_and_attacks() -> None:
    state = begin(heroes="barbarian")
    state = put_monster(state, "goblin-1", at=(2, 1), aware=True)
    state = step(state, "end")
    # the goblin, beside the barbarian, attacks at once: an attack chance node on the hero
    assert state.actor() is CHANCE and state.pending is not None and state.pending.side == "monster"
