"""Every usable item (lines 387-427) and artifact (lines 435-487) in play: the registry and each effect.

Room A of the goblin cellar is x 1-4, y 1-3; the trap row's heroes start on (1,0) in the top corridor,
with a hidden spear trap on (4,0), a pit on (6,0) and a secret door between (6,0) and (6,1).
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.errors import RuleNotImplementedError
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.driver.turn import end_turn
from grognard.systems.heroquest.features.items.items import (
    CLOAK_CHARGES,
    HANDLERS,
    NOT_PLAYED,
    PASSIVE,
    attack_damage,
    attack_hits,
    handler,
    usable_items,
    use,
)
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice
from grognard.systems.heroquest.rules.wounds import hurt_hero

from .play_helpers import begin, index_of, put_hero, put_monster, rolled, step, trap_quest


def _carrying(*items: str, heroes: str = "barbarian", **changes: object) -> QuestState:
    return put_hero(begin(heroes=heroes), 0, items=items, **changes)


def _again(state: QuestState) -> QuestState:
    """The same hero may act again (to attack after drinking, in a test)."""
    return replace(state, turn=replace(state.turn, acted=False))


# --- the registry


def test_every_item_and_artifact_has_a_handler_or_is_listed() -> None:
    cat = hq.catalog()
    for key in [*cat.items, *cat.artifacts]:
        places = [key in HANDLERS, key in PASSIVE, key in NOT_PLAYED]
        assert sum(places) == 1, key
    for key in NOT_PLAYED:
        with pytest.raises(RuleNotImplementedError):
            handler(key)


# --- items


def test_air_walk_springs_no_trap_and_crosses_a_pit_line_387(tmp_path: Path) -> None:
    quest = trap_quest(tmp_path)
    plain = step(rolled(begin(quest, "barbarian")), "move:5,0")
    assert plain.heroes[0].at == (4, 0)  # the spear trap stops him
    state = rolled(step(_air(quest), "use:air-walk"))
    walked = step(state, "move:5,0")
    spear = walked.ctx.trap_index["spear"]
    assert walked.heroes[0].at == (5, 0) and walked.traps[spear] == "hidden"
    pit = walked.ctx.trap_index["pit"]
    known = replace(walked, traps=tuple("found" if k == pit else t for k, t in enumerate(walked.traps)))
    jumping = step(known, "jump:7,0")
    assert dict(jumping.chance_outcomes()) == {"clear": Fraction(1)}
    assert "airwalk|one-turn" in end_turn(walked).heroes[0].effects  # lasts his next turn too


def _air(quest: str) -> QuestState:
    return put_hero(begin(quest, "barbarian"), 0, items=("Air Walk",))


def test_potion_of_battle_keeps_the_better_of_two_attack_rolls_line_393() -> None:
    assert attack_hits(1, "battle") == {0: Fraction(1, 4), 1: Fraction(3, 4)}
    state = put_monster(_carrying("Potion of Battle"), "goblin-1", at=(2, 1), body=9)
    j = index_of(state, "goblin-1")
    drunk = _again(step(state, "use:potion-of-battle"))
    attacked = step(drunk, "attack:goblin-1")
    p = attacked.pending
    assert p is not None and p.ref == "battle"
    assert dict(attacked.chance_outcomes()) == attack_damage(p.dice, p.need, "monster", "battle")
    plain = step(_again(state), "attack:goblin-1")
    assert dict(attacked.chance_outcomes())[0] < dict(plain.chance_outcomes())[0]
    assert hero_attack_dice(attacked, 0, j) == p.dice and "battle" not in str(attacked.heroes[0].effects)


def test_potion_of_icy_strength_doubles_the_skulls_for_a_turn_line_405() -> None:
    assert attack_hits(2, "icy") == {0: Fraction(1, 4), 2: Fraction(1, 2), 4: Fraction(1, 4)}
    state = put_monster(_carrying("Potion of Icy Strength"), "goblin-1", at=(2, 1), body=9)
    drunk = step(state, "use:potion-of-icy-strength")
    assert "icy|one-turn" in end_turn(drunk).heroes[0].effects
    attacked = step(_again(drunk), "attack:goblin-1")
    assert attacked.pending is not None and attacked.pending.ref == "icy"
    assert max(dict(attacked.chance_outcomes())) == 2 * attacked.pending.dice


def test_potion_of_vision_shows_traps_and_secret_doors_in_sight_line_419(tmp_path: Path) -> None:
    state = put_hero(begin(trap_quest(tmp_path), "barbarian"), 0, items=("Potion of Vision",))
    seen = step(state, "use:potion-of-vision")
    assert seen.traps[seen.ctx.trap_index["spear"]] == "found"
    assert seen.traps[seen.ctx.trap_index["chest-trap"]] == "hidden"  # not an ordinary trap
    assert seen.layout.door_by_id["b-secret"].state == "closed"
    assert seen.turn.acted
    assert "vision|until-damaged" not in hurt_hero(seen, 0, 1, "hazard").heroes[0].effects


def test_potion_of_recall_swaps_a_memorised_spell_in_an_encounter_line_411() -> None:
    state = _carrying("Potion of Recall", heroes="elf-wizard", spells=("fire/fire-of-wrath",))
    assert usable_items(state, 0) == []  # only during an encounter
    state = replace(state, encounter=True)
    offers = usable_items(state, 0)
    assert offers
    old, new = offers[0].split(":", 2)[2].split("=")
    after = step(state, offers[0])
    assert new in after.heroes[0].spells and old not in after.heroes[0].spells
    assert after.heroes[0].items == () and after.turn.acted


def test_elven_cloak_passes_through_walls_three_times_line_389() -> None:
    state = _carrying("Elven Cloak of Passage")
    offers = usable_items(state, 0)
    assert offers and all(o.startswith("use:elven-cloak-of-passage:") for o in offers)
    start = state.heroes[0].at
    for n in range(CLOAK_CHARGES):
        here = state.heroes[0].at
        assert here is not None
        options = [o for o in usable_items(state, 0) if o.startswith("use:elven-cloak")]
        state = use(state, 0, options[0][4:])
        assert state.heroes[0].at != here
        assert state.layout.board.is_wall(here, state.heroes[0].at)  # type: ignore[arg-type]
        left = "Elven Cloak of Passage" in state.heroes[0].items
        assert left == (n < CLOAK_CHARGES - 1)
    assert state.heroes[0].at != start


# --- artifacts


def test_elixir_of_life_brings_back_a_dead_ally_line_451() -> None:
    state = begin(heroes="barbarian,dwarf-warrior")
    state = put_hero(state, 0, items=("Elixir of Life",))
    state = put_hero(state, 1, status="dead", body=0)
    state = replace(state, heroes=(state.heroes[0], replace(state.heroes[1], at=None)))
    assert usable_items(state, 0) == ["use:elixir-of-life:h1"]
    after = step(state, "use:elixir-of-life:h1")
    ally = after.heroes[1]
    assert ally.status == "active" and ally.at is not None
    assert ally.body == after.hero_of(1).maximum("body") and after.heroes[0].items == ()


def test_armband_of_healing_two_body_once_per_quest_line_441() -> None:
    state = _carrying("Armband of Healing", body=3)
    after = step(state, "use:armband-of-healing")
    assert after.heroes[0].body == 5 and after.heroes[0].items == ("Armband of Healing",)
    assert usable_items(put_hero(after, 0, body=3), 0) == []


def _equipped(spec: str, name: str) -> QuestState:
    hero = hero_from_spec(spec)
    hero = gear.equip(gear.gain(hero, name), name)
    return begin(heroes=json.dumps([hero.model_dump(mode="json")]))


def test_worn_artifacts_add_their_dice_in_play_lines_447_487() -> None:
    magic = put_monster(_equipped("elf-wizard", "Wizard's Staff"), "goblin-1", at=(2, 1))
    j = index_of(magic, "goblin-1")
    staff = put_monster(_equipped("elf-wizard", "Staff"), "goblin-1", at=(2, 1))
    assert hero_attack_dice(magic, 0, j) == hero_attack_dice(staff, 0, j) + 1
    borin = _equipped("dwarf-warrior", "Borin's Armor")
    assert hero_defend_dice(borin, 0) == hero_defend_dice(begin(heroes="dwarf-warrior"), 0) + 2
