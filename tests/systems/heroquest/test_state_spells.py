"""Spells in play (lines 493-603 of /work/shared/seeds/004_24cd6f974fe6a1ee.txt): the registry covers
every catalogue spell, and each newly played spell is cast by a hero who knows it, with its effect."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from grognard.engine.errors import RuleNotImplementedError
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.hero import create_hero
from grognard.systems.heroquest.driver.reach import hero_reach
from grognard.systems.heroquest.driver.turn import start_monster
from grognard.systems.heroquest.features.spells.spells import HANDLERS, NOT_PLAYED, PASSIVE, cast, spell_key
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import monster_attack_dice, monster_defend_dice

from .play_helpers import begin, index_of, put_hero, put_monster, step


def _caster(*spells: str, level: int = 8, at: tuple[int, int] = (1, 3)) -> QuestState:
    """An elf wizard of `level` who knows only `spells` ("school/Name"), at `at`, goblin-1 at (3, 2)."""
    wizard = create_hero("Aria", "elf", "wizard", ["magic", "mind"], elements=["air", "earth", "water"])
    wizard = wizard.model_copy(update={"level": level, "spells": spells})
    state = begin(heroes=json.dumps([wizard.model_dump(mode="json")]))
    return put_monster(put_hero(state, 0, at=at), "goblin-1", at=(3, 2))


def _moves(state: QuestState, moves: int) -> QuestState:
    return replace(state, turn=replace(state.turn, rolled=True, moves=moves))


@pytest.mark.parametrize("spell", sorted(hq.catalog().spells.values(), key=spell_key), ids=spell_key)
def test_every_spell_has_a_handler_or_is_listed(spell: hq.Spell) -> None:
    key = spell_key(spell)
    assert (key in HANDLERS) + (key in PASSIVE) + (key in NOT_PLAYED) == 1
    if key in NOT_PLAYED:
        with pytest.raises(RuleNotImplementedError):
            cast(_caster(), 0, f"{key}:h0")


def test_pass_through_rock_walks_through_walls_on_the_next_move_line_499() -> None:
    state = _caster("earth/Pass Through Rock")
    plain = set(hero_reach(_moves(state, 3), 0).cost)
    state = step(state, "cast:earth/pass-through-rock:h0", "roll", 3)
    assert state.heroes[0].effects == ("rock|one-turn",)
    through = set(hero_reach(state, 0).cost)
    beyond = sorted(through - plain)
    assert beyond and plain <= through
    assert all(not state.layout.solid(s) for s in through)  # never ends in solid rock
    moved = step(state, f"move:{beyond[0][0]},{beyond[0][1]}")
    assert moved.heroes[0].at == beyond[0]
    assert step(moved, "end").heroes[0].effects == ()  # the spell ends with the move's turn


def test_veil_of_mist_passes_through_enemies_on_the_next_move_line_521() -> None:
    state = put_monster(_caster("water/Veil of Mist", at=(2, 2)), "goblin-1", at=(3, 2))
    plain = hero_reach(_moves(state, 2), 0)
    state = step(state, "cast:water/veil-of-mist:h0", "roll", 2)
    veiled = hero_reach(state, 0)
    assert (3, 2) not in veiled.cost  # not stopping on the enemy
    assert (4, 2) not in plain.cost and veiled.path((4, 2)) == [(2, 2), (3, 2), (4, 2)]
    assert step(state, "move:4,2").heroes[0].at == (4, 2)


def test_genie_opens_any_door_or_attacks_with_the_casters_magic_line_515() -> None:
    state = _caster("air/Genie")
    offers = [a for a in state.legal_actions() if a.startswith("cast:air/genie:")]
    doors = [a for a in offers if ":door=" in a]
    assert "cast:air/genie:goblin-1" in offers and doors
    door = doors[0].rpartition("=")[2]
    opened = step(state, doors[0])
    assert opened.doors[opened.ctx.door_ids.index(door)] == "open"
    attacked = step(state, "cast:air/genie:goblin-1")
    assert attacked.pending is not None and attacked.pending.kind == "attack"
    assert attacked.pending.dice == state.heroes[0].magic - 1


def test_deep_sleep_no_defence_and_one_red_die_to_wake_line_531() -> None:
    state = put_monster(_caster("elf/Deep Sleep"), "grak", at=(3, 3))
    j = index_of(state, "grak")
    assert state.stats_of(j).mind == 2
    slept = step(state, "cast:elf/deep-sleep:grak")
    assert monster_defend_dice(slept, j) == 0
    woke = start_monster(slept, j)  # one red die, not one per Mind point as for Sleep
    assert woke.pending is not None and woke.pending.kind == "wake" and woke.pending.dice == 1
    awake = step(woke, "wakes")
    assert not awake.monsters[j].effects


def test_slow_one_die_fewer_and_one_square_while_in_sight_line_541() -> None:
    state = _caster("elf/Slow")
    j = index_of(state, "goblin-1")
    slowed = step(state, "cast:elf/slow:goblin-1")
    plain_attack = monster_attack_dice(state, j, 0)
    assert monster_attack_dice(slowed, j, 0) == max(1, plain_attack - 1)
    assert monster_defend_dice(slowed, j) == monster_defend_dice(state, j)  # one die: never below one
    gone = put_monster(slowed, "goblin-1", at=(24, 17))  # out of the caster's sight: broken
    assert monster_attack_dice(gone, j, 0) == plain_attack


def test_warmth_and_psychic_recovery_lines_599_603() -> None:
    state = put_hero(_caster("other/Warmth", "other/Psychic Recovery"), 0, body=1, mind=1)
    warm = step(state, "cast:other/warmth:h0")
    assert warm.heroes[0].body == min(4, state.hero_of(0).maximum("body")) > 1  # up to three, capped
    assert warm.heroes[0].mind == 1
    top = state.hero_of(0).maximum("mind")
    assert step(state, "cast:other/psychic-recovery:h0").heroes[0].mind == top
