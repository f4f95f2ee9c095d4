"""Long Jump, Manhandler and Berserker played as the rulebook words them (lines 199, 207, 329)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from grognard.engine.dice.core import Rng
from grognard.systems.heroquest.content.combat_dice import damage, shields, skulls
from grognard.systems.heroquest.content.hero import create_hero, learn_skill
from grognard.systems.heroquest.driver.resolve import outcomes, throw
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import hero_attack_dice, monster_defend_dice

from .play_helpers import begin, index_of, put_hero, put_monster, rolled, step, trap_quest


def _fighter(*skills: str) -> str:
    hero = create_hero("Bron", "human", "barbarian", ["body", "attack"])
    hero = hero.model_copy(update={"skill_points": 6})
    for name in skills:
        hero = learn_skill(hero, name)
    return json.dumps([hero.model_dump(mode="json")])


def _elf(tmp_path: Path) -> QuestState:
    state = begin(trap_quest(tmp_path), heroes="elf-warrior")
    hero = learn_skill(state.hero_of(0).model_copy(update={"skill_points": 2}), "Long Jump")
    return begin(trap_quest(tmp_path), heroes=json.dumps([hero.model_dump(mode="json")]))


def test_long_jump_clears_a_long_pit_lengthwise_on_anything_but_a_white_shield_line_329(
    tmp_path: Path,
) -> None:
    state = _elf(tmp_path)
    traps = list(state.traps)
    traps[state.ctx.trap_index["long"]] = "sprung"
    state = rolled(put_hero(replace(state, traps=tuple(traps)), 0, at=(7, 0)), 12)
    trying = step(state, "jump:10,0")  # two squares of long pit and the landing: lengthwise (line 132)
    assert dict(trying.chance_outcomes()) == {"clear": Fraction(4, 6), "fall": Fraction(2, 6)}
    assert trying.pending is not None
    faces = {throw(trying, trying.pending, Rng(seed))[0] for seed in range(40)}
    assert faces == {"clear", "fall"}
    # the same elf over one square of a pit: anything but a black shield (5/6)
    traps[state.ctx.trap_index["pit"]] = "found"
    pit = rolled(put_hero(replace(_elf(tmp_path), traps=tuple(traps)), 0, at=(5, 0)), 12)
    assert dict(step(pit, "jump:7,0").chance_outcomes()) == {"clear": Fraction(5, 6), "fall": Fraction(1, 6)}


def test_a_hero_without_long_jump_needs_a_black_shield_lengthwise_line_132(tmp_path: Path) -> None:
    state = begin(trap_quest(tmp_path), heroes="elf-warrior")
    traps = list(state.traps)
    traps[state.ctx.trap_index["long"]] = "sprung"
    state = rolled(put_hero(replace(state, traps=tuple(traps)), 0, at=(7, 0)), 12)
    trying = step(state, "jump:10,0")
    assert dict(trying.chance_outcomes()) == {"clear": Fraction(1, 6), "fall": Fraction(5, 6)}


def test_manhandlers_second_attack_rolls_the_base_attack_dice_line_207() -> None:
    state = begin(heroes=_fighter("Manhandler"))
    state = put_hero(put_monster(state, "goblin-1", at=(2, 1), body=9), 0)
    state = replace(state, encounter=True)
    j = index_of(state, "goblin-1")
    hero = state.hero_of(0)
    total = hero_attack_dice(state, 0, j)
    assert total > hero.base.attack  # the weapon adds dice: the two attacks differ
    used = step(state, "skill:manhandler")
    assert hero_attack_dice(used, 0, j) == total  # the first: the total dice
    first = step(used, "attack:goblin-1")
    assert first.pending is not None and first.pending.dice == total
    after = step(first, 0)
    assert "attack:goblin-1" in after.legal_actions()
    assert hero_attack_dice(after, 0, j) == hero.base.attack  # the second: base Attack only
    second = step(after, "attack:goblin-1")
    assert second.pending is not None and second.pending.dice == hero.base.attack
    d = monster_defend_dice(second, j)
    expected = {k: q for k, q in damage(hero.base.attack, d, "monster").items() if q}
    assert dict(outcomes(second, second.pending)) == expected


def test_berserkers_hits_guaranteed_up_to_base_attack_are_played_line_199() -> None:
    state = begin(heroes=_fighter("Berserker"))
    state = put_hero(put_monster(state, "goblin-1", at=(2, 1), body=9), 0, body=2)
    state = replace(state, encounter=True)
    j = index_of(state, "goblin-1")
    base = state.hero_of(0).base.attack
    plain = hero_attack_dice(state, 0, j)
    berserk = step(state, "skill:berserker", "attack:goblin-1")
    p = berserk.pending
    assert p is not None and p.dice == plain + 1  # one extra combat die
    d = monster_defend_dice(berserk, j)
    # the skulls counted are at least the base Attack; each is then stopped by a black shield as usual
    hits: dict[int, Fraction] = {}
    for k, q in skulls(plain + 1).items():
        hits[max(k, base)] = hits.get(max(k, base), Fraction(0)) + q
    expected: dict[int, Fraction] = {}
    for h, q in hits.items():
        for b, r in shields(d, "monster").items():
            expected[max(0, h - b)] = expected.get(max(0, h - b), Fraction(0)) + q * r
    got = dict(outcomes(berserk, p))
    assert got == {k: v for k, v in expected.items() if v}
    assert min(got) == max(0, base - d) and sum(got.values()) == 1
    # thrown for real, the damage is never below the base Attack less the shields
    for seed in range(30):
        dealt, _ = throw(berserk, p, Rng(seed))
        assert int(dealt) >= max(0, base - d)  # type: ignore[call-overload]
    # the guarantee is for one attack: the next attack counts the dice as they fall
    after = step(berserk, min(got))
    assert "berserk|next-attack" not in after.heroes[0].effects
    assert not any(e.startswith("berserk") for e in after.heroes[0].effects)
