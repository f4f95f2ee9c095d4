"""Traps (lines 126-142), jumping, disarming, searching (lines 94-100), the treasure deck and resting."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from grognard.engine.game import CHANCE
from grognard.systems.heroquest.driver.resolve import deck
from grognard.systems.heroquest.rules.effects import hero_attack_dice

from .play_helpers import begin, index_of, put_hero, rolled, step, trap_quest


def _at(tmp_path: Path, square: tuple[int, int], heroes: str = "barbarian,dwarf-warrior") -> object:
    state = begin(trap_quest(tmp_path), heroes=heroes)
    return put_hero(state, 0, at=square)


def _trap(state, tid: str) -> str:  # type: ignore[no-untyped-def]
    return state.traps[state.ctx.trap_index[tid]]


def test_spear_trap_one_die_one_skull_then_broken_line_128(tmp_path: Path) -> None:
    state = step(rolled(_at(tmp_path, (3, 0)), 12), "move:5,0")
    assert state.heroes[0].at == (4, 0) and state.actor() is CHANCE
    assert dict(state.chance_outcomes()) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    hit = step(state, 1)
    assert hit.heroes[0].body == hit.hero_of(0).maximum("body") - 1 and _trap(hit, "spear") == "gone"
    assert hit.turn.moves == 0


def test_pit_one_point_stuck_and_a_die_less_line_130(tmp_path: Path) -> None:
    state = _at(tmp_path, (5, 0))
    before = state.heroes[0].body
    state = step(rolled(state, 12), "move:7,0")
    assert state.heroes[0].at == (6, 0) and state.heroes[0].body == before - 1
    assert _trap(state, "pit") == "sprung" and "pit|here" in state.heroes[0].effects
    state = put_hero(state, 1, at=(5, 0))
    from dataclasses import replace

    assert not any(a.startswith("move:") for a in state.legal_actions())
    monster = index_of(state, "orc")
    plain = replace(state, heroes=(replace(state.heroes[0], effects=()), state.heroes[1]))
    assert hero_attack_dice(state, 0, monster) == hero_attack_dice(plain, 0, monster) - 1


def test_long_pit_two_points_and_the_lengthwise_jump_needs_a_black_shield_line_132(tmp_path: Path) -> None:
    state = _at(tmp_path, (7, 0))
    before = state.heroes[0].body
    fell = step(rolled(state, 12), "move:10,0")
    assert fell.heroes[0].at == (8, 0) and fell.heroes[0].body == before - 2
    # a second hero beside the sprung long pit jumps it lengthwise
    jumper = put_hero(put_hero(state, 0, at=(1, 0)), 1, at=(7, 0))
    jumper = step(jumper, "end")
    jumper = rolled(jumper, 12)
    traps = list(jumper.traps)
    traps[jumper.ctx.trap_index["long"]] = "sprung"
    from dataclasses import replace

    jumper = replace(jumper, traps=tuple(traps))
    assert "jump:10,0" in jumper.legal_actions()
    trying = step(jumper, "jump:10,0")
    assert dict(trying.chance_outcomes()) == {"clear": Fraction(1, 6), "fall": Fraction(5, 6)}
    assert step(trying, "clear").heroes[1].at == (10, 0)


def test_jumping_a_pit_anything_but_a_skull_line_140(tmp_path: Path) -> None:
    from dataclasses import replace

    state = _at(tmp_path, (5, 0))
    traps = list(state.traps)
    traps[state.ctx.trap_index["pit"]] = "found"
    state = rolled(replace(state, traps=tuple(traps)), 12)
    assert "move:7,0" not in state.legal_actions()  # a known trap is jumped, not walked over
    trying = step(state, "jump:7,0")
    assert dict(trying.chance_outcomes()) == {"clear": Fraction(1, 2), "fall": Fraction(1, 2)}
    fell = step(trying, "fall")
    assert fell.heroes[0].at == (6, 0) and _trap(fell, "pit") == "sprung"


def test_falling_rock_three_dice_a_step_and_the_square_blocked_line_134(tmp_path: Path) -> None:
    state = step(rolled(_at(tmp_path, (11, 0)), 12), "move:13,0")
    assert state.heroes[0].at == (12, 0)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 8 and sum(outcomes.values()) == 1
    after = step(state, 2 * 2 + 0)  # two skulls, an even red die: step forward
    assert after.heroes[0].at == (13, 0) and (12, 0) in after.rubble
    assert after.heroes[0].body == after.hero_of(0).maximum("body") - 2
    back = step(state, 1 * 2 + 1)
    assert back.heroes[0].at == (11, 0)


def test_stalactite_one_point_line_136(tmp_path: Path) -> None:
    state = step(rolled(_at(tmp_path, (13, 0)), 12), "move:15,0")
    assert state.heroes[0].body == state.hero_of(0).maximum("body") - 1 and _trap(state, "ice") == "gone"


def test_swinging_axe_two_dice_and_it_swings_again_line_138(tmp_path: Path) -> None:
    state = step(rolled(_at(tmp_path, (15, 0)), 12), "move:17,0")
    assert len(state.chance_outcomes()) == 3
    assert _trap(step(state, 0), "axe") == "sprung"


def test_wandering_monster_trap_the_monster_appears_and_attacks_line_142(tmp_path: Path) -> None:
    state = step(rolled(_at(tmp_path, (17, 0)), 12), "move:19,0")
    assert state.wanderers == 1 and state.monsters[-1].id == "wandering-1"
    assert state.pending is not None and state.pending.kind == "attack" and state.pending.side == "monster"
    after = step(state, 0)
    assert after.current_hero() == 0  # not the game master's turn


def test_search_finds_traps_in_sight_and_disarm_with_the_skill_line_255(tmp_path: Path) -> None:
    state = begin(trap_quest(tmp_path), heroes="dwarf-warrior")
    state = put_hero(state, 0, at=(3, 0))
    found = step(state, "search:traps")
    assert _trap(found, "spear") == "found" and _trap(found, "pit") == "found"
    state = put_hero(step(found, "end"), 0, at=(3, 0))
    while state.current_hero() != 0 or state.actor() is CHANCE:
        state = step(state, state.chance_outcomes()[0][0]) if state.actor() is CHANCE else step(state, "end")
    assert "disarm:4,0" in state.legal_actions()
    trying = step(state, "disarm:4,0")
    assert dict(trying.chance_outcomes()) == {"disarmed": Fraction(5, 6), "sprung": Fraction(1, 6)}
    done = step(trying, "disarmed")
    assert _trap(done, "spear") == "disarmed" and done.heroes[0].xp == 1


def test_the_tool_kit_disarms_on_anything_but_a_skull_line_423(tmp_path: Path) -> None:
    from dataclasses import replace

    state = begin(trap_quest(tmp_path), heroes="barbarian")
    traps = list(state.traps)
    traps[state.ctx.trap_index["spear"]] = "found"
    state = put_hero(replace(state, traps=tuple(traps)), 0, at=(3, 0))
    assert "disarm:4,0" not in state.legal_actions()
    state = put_hero(state, 0, items=("Tool Kit",))
    trying = step(state, "disarm:4,0")
    assert dict(trying.chance_outcomes()) == {"disarmed": Fraction(1, 2), "sprung": Fraction(1, 2)}
    sprung = step(trying, "sprung")
    assert sprung.pending is not None and sprung.pending.kind == "trap"


def test_search_for_secret_doors_line_100(tmp_path: Path) -> None:
    state = put_hero(begin(trap_quest(tmp_path), heroes="barbarian"), 0, at=(5, 0))
    after = step(state, "search:doors")
    assert after.layout.door_by_id["b-secret"].state == "closed"


def test_treasure_search_springs_the_chest_trap_then_takes_gold_and_draws_a_card_line_98(
    tmp_path: Path,
) -> None:
    state = put_hero(begin(trap_quest(tmp_path), heroes="barbarian"), 0, at=(3, 3))
    trapped = step(state, "search:treasure")
    assert trapped.pending is not None and trapped.pending.kind == "trap"
    found = step(trapped, 0)
    assert found.heroes[0].gold == 25 and "chest-gold" in found.taken
    outcomes = dict(found.chance_outcomes())
    assert sum(outcomes.values()) == 1 and outcomes["gold-30"] == Fraction(3, sum(c.count for c in deck()))
    drawn = step(found, "gold-30")
    assert drawn.heroes[0].gold == 55 and sum(drawn.deck) == sum(found.deck) - 1


def test_resting_recovers_or_brings_the_wandering_monster_line_108(tmp_path: Path) -> None:
    state = put_hero(begin(trap_quest(tmp_path), heroes="elf-wizard"), 0, at=(1, 0), body=1, magic=0)
    trying = step(state, "rest")
    assert dict(trying.chance_outcomes()) == {"rested": Fraction(5, 6), "disturbed": Fraction(1, 6)}
    rested = step(trying, "rested")
    assert rested.heroes[0].body == rested.hero_of(0).maximum("body") and rested.heroes[0].magic > 0
    disturbed = step(trying, "disturbed")
    assert disturbed.monsters[-1].effects == ("rest|quest",)
    from grognard.systems.heroquest.rules.wounds import hurt_monster

    killed = hurt_monster(step(disturbed, 0), len(disturbed.monsters) - 1, 99, killer=0)
    assert killed.heroes[0].xp == 0  # no experience for a wandering monster met while resting
