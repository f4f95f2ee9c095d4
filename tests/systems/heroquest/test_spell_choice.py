"""Choosing the spells held (line 104) and the chance to kill with every attack of the turn (line 84)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content.combat_dice import kill_chance, turn_damage
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.features.skills.turn_attacks import attacks_left, turn_kill_chance
from grognard.systems.heroquest.features.spells.spell_choice import choice_offers, choose_spell
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import hero_attack_dice, memorise, monster_defend_dice
from grognard.systems.heroquest.views.render import action_label

from .chaos_helpers import hero, party
from .play_helpers import begin, index_of, put_hero, put_monster, step


def _wizard_of_mind_two():  # type: ignore[no-untyped-def]
    """A human wizard knowing three level-1 spells (fire, water, earth) with a starting Mind of 2."""
    return begin(heroes=party(hero("human", "wizard", mind=2), hero("human", "barbarian")))


def test_the_starting_choice_is_the_automatic_one_up_to_mind_line_104() -> None:
    """`004_24cd6f974fe6a1ee.txt:104`: no more spells than starting Mind; the game's choice to begin."""
    state = _wizard_of_mind_two()
    assert len(state.hero_of(0).spells) == 3
    assert state.heroes[0].spells == memorise(state.hero_of(0))
    assert len(state.heroes[0].spells) == 2
    offers = choice_offers(state, 0)
    assert sorted(offers) == sorted(f"forget:{k}" for k in state.heroes[0].spells)  # full: nothing to add


def test_a_wizard_changes_his_spells_freely_while_no_enemy_is_in_sight_line_104() -> None:
    """`004_24cd6f974fe6a1ee.txt:104`: "He must choose a number of spell cards less than or equal to his
    total starting mind points while there are no visible enemies on the board"; choosing is free."""
    state = _wizard_of_mind_two()
    assert not state.visible_monsters and not state.encounter
    held = state.heroes[0].spells
    missing = next(
        k for k in ("earth/rock-skin", "fire/fire-of-wrath", "water/water-of-healing") if k not in held
    )
    dropped = held[0]
    assert f"memorise:{missing}" not in state.legal_actions()  # Mind 2 and two held
    after = step(state, f"forget:{dropped}")
    assert dropped not in after.heroes[0].spells and not after.turn.acted and not after.turn.attacks
    assert f"memorise:{missing}" in after.legal_actions() and f"memorise:{dropped}" in after.legal_actions()
    after = step(after, f"memorise:{missing}")
    assert set(after.heroes[0].spells) == {*held[1:], missing}
    assert not any(a.startswith("memorise:") for a in after.legal_actions())  # full again
    casts = {a.split(":")[1] for a in after.legal_actions() if a.startswith("cast:")}
    assert dropped not in casts  # only the spells held are cast
    assert "roll" in after.legal_actions()  # the turn goes on: no action spent
    assert action_label(after, f"forget:{missing}").startswith("forget ")


def test_no_choosing_with_an_enemy_in_sight_or_in_combat_line_104() -> None:
    """`004_24cd6f974fe6a1ee.txt:104`: "Once he has entered into combat, he may only use these spells."""
    state = _wizard_of_mind_two()
    at = state.heroes[0].at
    assert at is not None
    seen = put_monster(state, "goblin-1", at=(at[0] + 1, at[1]))
    assert seen.visible_monsters
    assert not [a for a in seen.legal_actions() if a.startswith(("memorise:", "forget:"))]
    with pytest.raises(UsageError):
        choose_spell(seen, 0, "forget", seen.heroes[0].spells[0])
    fighting = replace(state, encounter=True)
    assert choice_offers(fighting, 0) == []


def test_a_hero_without_magic_chooses_nothing_line_104() -> None:
    """`004_24cd6f974fe6a1ee.txt:104`: only spell-casters hold spells."""
    state = _wizard_of_mind_two()
    barbarian = replace(state, slot=1) if state.current_hero() == 0 else state
    assert choice_offers(barbarian, 1) == []


def test_the_bots_keep_the_starting_choice_line_104() -> None:
    """`004_24cd6f974fe6a1ee.txt:104`: the bot heroes never change what they hold (the automatic choice)."""
    from grognard.engine.dice.core import Rng
    from grognard.engine.game import CHANCE, TERMINAL
    from grognard.systems.heroquest.policies.bots import hero_bot

    state = _wizard_of_mind_two()
    start = state.heroes[0].spells
    rng = Rng(3)
    for _ in range(150):
        if state.actor() is TERMINAL:
            break
        if state.actor() is CHANCE:
            move = state.roll(rng)[0]
        else:
            move = hero_bot(state, rng)
            assert not move.startswith(("memorise:", "forget:"))
        state = step(state, move)
    assert state.heroes[0].spells == start


# --- the chance to kill this turn


def _fighter(effects: tuple[str, ...] = (), dual: bool = False):  # type: ignore[no-untyped-def]
    made = hero_from_spec("warrior")
    if dual:
        made = made.model_copy(update={"skills": ("Dual-Wielding",)})
        made = gear.equip(gear.gain(made, "short sword"), "short sword")
        made = gear.equip(gear.gain(made, "short sword"), "short sword", off_hand=True)
    state = begin(heroes=json.dumps([made.model_dump(mode="json")]))
    state = put_monster(state, "goblin-1", at=(2, 1), body=3)
    return replace(put_hero(state, 0, effects=effects), encounter=True)


def test_the_kill_chance_counts_every_attack_of_the_turn_line_84() -> None:
    """`004_24cd6f974fe6a1ee.txt:84`: skulls less shields; a Potion of Battle Rage's second attack this
    turn adds its damage, and the chance shown to kill this turn counts it."""
    state = _fighter(("xatk+1|one-turn",))
    j = index_of(state, "goblin-1")
    assert "attack:goblin-1" in state.legal_actions()
    a, d = hero_attack_dice(state, 0, j), monster_defend_dice(state, j)
    assert attacks_left(state, 0) == 2
    two = kill_chance(a, d, "monster", 3, attacks=2)
    assert turn_kill_chance(state, 0, j)[0] == two > kill_chance(a, d, "monster", 3)
    label = action_label(state, "attack:goblin-1")
    assert f"kills {float(two):.1%} in 2 attacks this turn" in label
    once = step(state, "attack:goblin-1", 0)  # the first blow misses
    assert attacks_left(once, 0) == 1
    assert f"kills {float(kill_chance(a, d, 'monster', 3)):.1%}" in action_label(once, "attack:goblin-1")
    assert "attacks this turn" not in action_label(once, "attack:goblin-1")


def test_the_kill_chance_counts_dual_wieldings_half_dice_second_blow_line_343() -> None:
    """`004_24cd6f974fe6a1ee.txt:343`: Dual-Wielding's second attack, at half the dice, is counted with
    its own dice."""
    state = _fighter(dual=True)
    j = index_of(state, "goblin-1")
    a, d = hero_attack_dice(state, 0, j), monster_defend_dice(state, j)
    chance, dice = turn_kill_chance(state, 0, j)
    assert dice == [a, (a + 1) // 2]
    exact = sum(
        (p for k, p in turn_damage([(a, d), ((a + 1) // 2, d)], "monster").items() if k >= 3), Fraction(0)
    )
    assert chance == exact
    assert f"kills {float(exact):.1%} in 2 attacks this turn" in action_label(state, "attack:goblin-1")
