"""The Battle Axe's concussion (004_24cd6f974fe6a1ee.txt:369) and the thrown dagger (line 359), for the
heroes and the game master's monsters, played through the quest's rules."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

from grognard.engine.dice.core import HQ_COMBAT_FACES, Rng
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content.hero import Equipped
from grognard.systems.heroquest.driver.turn import end_encounter
from grognard.systems.heroquest.features.items.weapons import hero_daggers
from grognard.systems.heroquest.model.state import QuestState, Turn, state_from_data, state_to_data
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.rules.effects import hero_attack_dice, monster_defend_dice
from grognard.systems.heroquest.views.event_text import log_lines
from grognard.systems.heroquest.views.render import action_label, map_lines, status_lines

from .chaos_helpers import chances, hero, party
from .monster_helpers import fight, gm_turn
from .play_helpers import index_of, put_hero, put_monster, step


def _oracle(attack: int, defend: int, block: str) -> dict[str, Fraction]:
    """Every face of every die thrown, counted: the damage, and "+concussion" when all attack dice are
    skulls (an independent count, not the rules code)."""
    out: dict[str, Fraction] = {}
    share = Fraction(1, len(HQ_COMBAT_FACES) ** (attack + defend))
    for faces in product(HQ_COMBAT_FACES, repeat=attack + defend):
        hits = sum(1 for f in faces[:attack] if f == "skull")
        blocks = sum(1 for f in faces[attack:] if f == block)
        label = f"{max(0, hits - blocks)}{'+concussion' if hits == attack else ''}"
        out[label] = out.get(label, Fraction(0)) + share
    return out


def _axe_hero(attack: int = 0) -> str:
    made = hero("human", "barbarian")
    axe = made.model_copy(
        update={
            "weapons": ("Battle Axe",),
            "equipped": Equipped(weapon="Battle Axe"),
            "base": made.base.model_copy(update={"attack": attack}),
            "current": made.current.model_copy(update={"attack": attack}),
        }
    )
    return party(axe)


def _orc_fight(tmp_path: Path, *, level: int = 3, extra: str = "") -> QuestState:
    orc = f'  {{ id = "orc", monster = "Orc", level = {level}, at = [11, 7]{extra} }},'
    return fight(tmp_path, orc, heroes=_axe_hero())


def test_a_heros_battle_axe_concussion_is_exact_in_the_attack_node_line_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:369: "If all skulls are rolled, the opponent suffers a concussion". Three
    attack dice (Attack 0 and the axe's three) against a level-3 orc's three defend dice: the attack's
    outcomes, counted over every face, carry the concussion, 1/8 in all whatever the shields do."""
    state = _orc_fight(tmp_path)
    after = step(state, "attack:orc")
    p = after.pending
    assert p is not None and (p.dice, p.need) == (3, 3) and "axe" in p.ref.split(",")
    got = chances(after)
    assert got == _oracle(3, 3, "black shield")
    assert sum(q for o, q in got.items() if str(o).endswith("+concussion")) == Fraction(1, 8)
    for seed in range(60):  # the real dice are read by the same rule
        outcome, rolls = after.roll(Rng(seed))
        skulls = [d.face == "skull" for d in rolls[0].dice]
        assert str(outcome).endswith("+concussion") == all(skulls)


def test_the_concussion_costs_a_mind_point_even_when_every_hit_is_blocked_line_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:369: the Mind point is lost when all skulls are rolled, whatever the
    defend roll (our ruling); without all skulls no Mind is lost."""
    state = step(_orc_fight(tmp_path), "attack:orc")
    j = index_of(state, "orc")
    mind = state.stats_of(j).mind
    blocked = step(state, "0+concussion")
    assert blocked.stats_of(j).mind == mind - 1 and blocked.monsters[j].body == state.monsters[j].body
    assert any("concussed" in line for line in log_lines(blocked.log))
    plain = step(state, "1")
    assert plain.stats_of(j).mind == mind and plain.monsters[j].body == state.monsters[j].body - 1


def test_a_monster_at_no_mind_is_comatose_until_the_encounter_ends_lines_92_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:92: a comatose character (no Mind) rolls no defend dice and recovers a Mind
    point when the encounter ends; a concussion can bring a monster there (line 369)."""
    state = _orc_fight(tmp_path, level=1)  # a level-1 orc has Mind 2
    j = index_of(state, "orc")
    state = put_monster(state, "orc", effects=("mind-1|quest",), body=5)
    assert state.stats_of(j).mind == 1 and monster_defend_dice(state, j) > 0
    out = step(step(state, "attack:orc"), "1+concussion")
    assert out.stats_of(j).mind == 0 and monster_defend_dice(out, j) == 0
    woken = end_encounter(out)
    assert woken.stats_of(j).mind == 1 and monster_defend_dice(woken, j) == monster_defend_dice(state, j)


def test_the_mindless_undead_are_not_concussed_line_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:369 ("loses one mind point"): a skeleton has no Mind to lose, and is not
    comatose for having none."""
    bones = '  { id = "bones", monster = "Skeleton", level = 1, at = [11, 7] },'
    state = put_monster(fight(tmp_path, bones, heroes=_axe_hero(1)), "bones", body=9)
    state = step(state, "attack:bones")
    j = index_of(state, "bones")
    after = step(state, "2+concussion")
    assert after.monsters[j].body == 7 and not any(e.startswith("mind") for e in after.monsters[j].effects)
    assert after.stats_of(j).mind == 0 and monster_defend_dice(after, j) == monster_defend_dice(state, j)


def test_a_monsters_battle_axe_concusses_a_hero_line_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:369, for a monster its quest arms with a battle axe (line 751): its blow's
    outcomes carry the concussion with the chance that every die is a skull; the hero loses a Mind point
    even when his shields stop every hit."""
    warrior = '  { id = "cw", monster = "Chaos Warrior", level = 2, at = [11, 7], weapon = "Battle axe" },'
    state = gm_turn(fight(tmp_path, warrior, heroes="barbarian"), "cw")
    struck = step(state, "attack:h0")
    p = struck.pending
    assert p is not None and "axe" in p.ref.split(",")
    got = chances(struck)
    assert sum(q for o, q in got.items() if str(o).endswith("+concussion")) == Fraction(1, 2) ** p.dice
    third, whole = Fraction(1, 3), Fraction(1, 2) ** p.dice  # a white shield blocks 2 faces in 6
    for b in range(p.need + 1):
        label = f"{p.dice - b}+concussion"
        assert got[label] == whole * comb(p.need, b) * third**b * (1 - third) ** (p.need - b)
    mind = state.heroes[0].mind
    label = f"{p.dice - p.need}+concussion"  # every hit but the two blocked: he lives
    after = step(struck, label)
    body = state.heroes[0].body
    assert after.heroes[0].mind == mind - 1 and after.heroes[0].body == body - (p.dice - p.need) > 0
    bare = '  { id = "cw", monster = "Chaos Warrior", level = 2, at = [11, 7], weapon = "Hand-axe" },'
    other = step(gm_turn(fight(tmp_path, bare, heroes="barbarian", name="bare"), "cw"), "attack:h0")
    assert other.pending is not None and "axe" not in other.pending.ref.split(",")
    assert all(isinstance(o, int) for o, _ in other.chance_outcomes())


def test_the_attack_label_shows_the_concussion_odds_line_369(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:369: the odds the hero sees name the chance of a concussion (1/8 with three
    attack dice)."""
    state = _orc_fight(tmp_path)
    assert "concussion 12.5%" in action_label(state, "attack:orc")


# ---------------------------------------------------------------------------------------------------
# Daggers (line 359)


def _wizard(tmp_path: Path, monsters: str, name: str = "arena") -> QuestState:
    return fight(tmp_path, monsters, heroes="elf-wizard", name=name)


ORC_AWAY = '  { id = "orc", monster = "Orc", level = 1, at = [13, 9] },'


def test_a_dagger_is_thrown_at_an_enemy_in_sight_and_lands_on_its_square_line_359(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:359: "It may be thrown at an opponent by line of sight": his attack dice
    against the orc's defend dice against a shot; the dagger lands on the orc's square, hit or miss, and
    he has none left to throw."""
    state = _wizard(tmp_path, ORC_AWAY)
    j = index_of(state, "orc")
    assert "throw:orc" in state.legal_actions() and "attack:orc" not in state.legal_actions()
    thrown = step(state, "throw:orc")
    p = thrown.pending
    assert p is not None and p.kind == "attack" and p.then == "thrown"
    assert (p.dice, p.need) == (hero_attack_dice(state, 0, j), monster_defend_dice(state, j, ranged=True))
    assert thrown.daggers == ("13,9@h0",) and hero_daggers(thrown, 0) == 0
    missed = step(thrown, 0)
    assert missed.daggers == ("13,9@h0",)
    again = replace(missed, turn=Turn())
    assert not any(a.startswith("throw:") for a in again.legal_actions())


def test_the_dagger_is_picked_up_unless_a_black_shield_is_rolled_line_359(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:359: "recovered by moving to the space where it landed and rolling anything
    but a black shield on a white die": 5 in 6; a black shield leaves it there, and he tries again on a
    later turn (our ruling: free, once a turn)."""
    state = _wizard(tmp_path, ORC_AWAY)
    j = index_of(state, "orc")
    killed = step(put_monster(state, "orc", body=1), "throw:orc", 1)
    assert killed.monsters[j].status == "dead" and killed.daggers == ("13,9@h0",)
    assert "/" in map_lines(killed)[9 + 2][4:]  # row 9 of the map shows the dagger
    assert any("dagger at 13,9" in line for line in status_lines(killed))
    there = replace(put_hero(killed, 0, at=(13, 9)), turn=Turn())
    assert "recover:13,9" in there.legal_actions()
    rolling = step(there, "recover:13,9")
    assert chances(rolling) == {"recovered": Fraction(5, 6), "lost": Fraction(1, 6)}
    for seed in range(40):
        outcome, rolls = rolling.roll(Rng(seed))
        assert (outcome == "lost") == (rolls[0].dice[0].face == "black shield")
    lost = step(rolling, "lost")
    assert lost.daggers == ("13,9@h0",) and "recover:13,9" not in lost.legal_actions()
    assert not lost.turn.acted  # the try is free
    got = step(rolling, "recovered")
    assert got.daggers == () and hero_daggers(got, 0) == 1


def test_daggers_on_the_floor_survive_a_json_round_trip_line_359(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:359: a thrown dagger lying on the floor is part of the saved position."""
    state = step(_wizard(tmp_path, ORC_AWAY), "throw:orc")
    data = json.loads(json.dumps(state_to_data(state)))
    back = state_from_data(data)
    assert back == state and back.daggers == ("13,9@h0",)


def test_a_goblin_throws_its_dagger_when_no_hero_is_in_reach_line_359(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:359 and 617 (a goblin's dagger): the automatic game master throws it at a
    hero in sight when it cannot reach one; it lands on his square and the goblin has it no more."""
    goblin = '  { id = "gob", monster = "Goblin", level = 1, at = [14, 11], weapon = "Dagger" },'
    state = gm_turn(fight(tmp_path, goblin, heroes="barbarian"), "gob")
    j = index_of(state, "gob")
    assert "throw:h0" in state.legal_actions()
    stuck = replace(state, turn=replace(state.turn, rolled=True, moves=0))
    assert choose(stuck) == "throw:h0"
    thrown = step(stuck, "throw:h0")
    p = thrown.pending
    assert p is not None and p.kind == "attack" and p.side == "monster" and p.who == j
    assert thrown.daggers == (f"10,7@m{j}",)
    done = step(thrown, 0)
    assert done.actor() is not CHANCE and not any(a.startswith("throw:") for a in done.legal_actions())


def test_a_dagger_left_lying_is_lost_when_the_quest_ends_lines_116_359(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:359 and 116 (what is left in the dungeon is lost): the wizard goes home
    without the dagger he threw and never picked up, and holds no weapon."""
    from grognard.systems.heroquest.campaign.homecoming import hero_after_quest

    state = _wizard(tmp_path, ORC_AWAY)
    assert "Dagger" in hero_after_quest(state, 0).weapons
    home = hero_after_quest(step(state, "throw:orc", 0), 0)
    assert "Dagger" not in home.weapons and home.equipped.weapon is None
