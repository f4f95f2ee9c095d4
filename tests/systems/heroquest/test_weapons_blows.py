"""The Battle Axe's concussion on every blow of the axe (004_24cd6f974fe6a1ee.txt:369), also those rolled
outside the ordinary attack: a hero under Command striking a companion (line 567) and a riposte (line
339)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from grognard.systems.heroquest.driver.resolve import apply_outcome
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import hero_defend_dice
from grognard.systems.heroquest.rules.wounds import begin_attack

from .chaos_helpers import arena, chances, end_gm, gm_turn, hero, party, start
from .play_helpers import index_of, put_hero, put_monster, step
from .test_weapons import _oracle


def _axe_barbarian(*skills: str) -> str:
    """The barbarian (Attack 0, so the axe's three dice) and the elf wizard."""
    made = hero("human", "barbarian", skills=skills)
    made = made.model_copy(
        update={
            "base": made.base.model_copy(update={"attack": 0}),
            "current": made.current.model_copy(update={"attack": 0}),
        }
    )
    axe = gear.equip(gear.gain(made, "Battle Axe"), "Battle Axe")
    return party(axe, hero("elf", "wizard"))


def test_a_commanded_heros_battle_axe_concusses_his_companion_lines_369_567(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:567 (Command: the game master moves him to attack the others) and 369 ("If
    all skulls are rolled, the opponent suffers a concussion"): the barbarian's axe blow at the wizard is
    the exact attack with its concussion, and all skulls cost the wizard a Mind point."""
    state = gm_turn(start(arena(tmp_path, ["Command"]), _axe_barbarian()))
    state = put_hero(put_hero(state, 0, at=(12, 9)), 1, at=(12, 8))
    held = step(state, "cast:chaos/command:h0", "holds")
    puppet = step(end_gm(held), "holds")
    struck = step(puppet, "attack:h1")
    p = struck.pending
    assert p is not None and "axe" in p.ref.split(",")
    defend = hero_defend_dice(puppet, 1)
    assert p.dice == 3 and chances(struck) == _oracle(3, defend, "white shield")
    mind = struck.heroes[1].mind
    hit = 3 - defend  # every die a skull, every shield white: the least such a blow can do
    dazed = step(struck, f"{hit}+concussion")
    assert dazed.heroes[1].mind == mind - 1 and dazed.heroes[1].body == struck.heroes[1].body - hit
    plain = step(struck, "1")
    assert plain.heroes[1].mind == mind and plain.heroes[1].body == struck.heroes[1].body - 1


def test_a_riposte_with_a_battle_axe_can_concuss_lines_339_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:339 (Riposte: one combat die back after a clean defence) with a battle axe:
    the one die a skull is every die a skull, so the monster is concussed one time in two."""
    state = start(arena(tmp_path, []), _axe_barbarian("Riposte"))
    state = put_monster(put_hero(state, 0, at=(13, 9)), "caster", at=(14, 9))
    j = index_of(state, "caster")
    blow = begin_attack(state, "monster", j, 0, own_turn=False)
    assert blow.pending is not None
    back = apply_outcome(blow, blow.pending, 0)
    p = back.pending
    assert p is not None and p.side == "hero" and p.dice == 1 and "axe" in p.ref.split(",")
    got = chances(back)
    assert sum(q for o, q in got.items() if str(o).endswith("+concussion")) == Fraction(1, 2)
    mind = back.stats_of(j).mind
    assert got == {"0": Fraction(1, 2), "1+concussion": Fraction(1, 2)}  # no defend dice (line 339)
    dazed = step(back, "1+concussion")
    assert dazed.stats_of(j).mind == mind - 1 and dazed.monsters[j].body == back.monsters[j].body - 1
