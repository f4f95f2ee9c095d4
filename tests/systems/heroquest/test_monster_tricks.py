"""Monster skills of the mind and of cunning (004_24cd6f974fe6a1ee.txt:645-849): Minor Dread, Dread,
Vile Courage, Kidnap, Curse, Stone Gaze, Ambush, Ranged Accuracy, Set Trap, Theft.

The arena is the central room Z (x 10-15, y 7-11) of the standard board (`monster_helpers`)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from grognard.systems.heroquest.content.combat_dice import damage
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.driver.resolve import outcomes
from grognard.systems.heroquest.driver.turn import settle
from grognard.systems.heroquest.features.skills.skills import more_chance
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import (
    hero_attack_dice,
    monster_attack_dice,
    monster_defend_dice,
)
from grognard.systems.heroquest.rules.targets import hero_targets, monster_targets

from .monster_helpers import fight, gm_turn, until_turn_of
from .play_helpers import index_of, put_hero, put_monster, rolled, step

SKELETONS = (
    '  { id = "s1", monster = "Skeleton", level = 1, at = [13, 9], skills = ["Minor Dread"] },\n'
    '  { id = "s2", monster = "Skeleton", level = 1, at = [14, 9] },\n'
    '  { id = "s3", monster = "Skeleton", level = 1, at = [15, 9] },'
)


def _odds(state: QuestState) -> dict[object, Fraction]:
    assert state.pending is not None
    return dict(outcomes(state, state.pending))


def test_minor_dread_a_red_die_below_the_undead_in_the_room_line_645(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:645: a hero who sees the skeleton rolls one red die at the start of his
    turn; below the three undead in the room (a 1 or a 2) he attacks with one die fewer that turn."""
    state = fight(tmp_path, SKELETONS, gm="human")
    state = until_turn_of(step(state, "end"), 0)  # the game master's turn passes; the barbarian's begins
    state = put_hero(state, 0, at=(12, 9))
    start = until_turn_of(step(state, "end"), 0, limit=80)
    assert start.pending is None
    fresh = settle(_begin_turn(state, 0))
    assert fresh.pending is not None and fresh.pending.kind == "m-dread"
    assert _odds(fresh) == {"afraid": Fraction(2, 6), "steady": Fraction(4, 6)}
    j = index_of(state, "s1")
    afraid = step(fresh, "afraid")
    assert hero_attack_dice(afraid, 0, j) == hero_attack_dice(fresh, 0, j) - 1
    assert not any(e.startswith("atk-") for e in step(afraid, "end").heroes[0].effects)
    alone = put_monster(put_monster(state, "s2", at=(1, 1)), "s3", at=(2, 1))
    assert settle(_begin_turn(alone, 0)).pending is None  # one undead: no roll below 1


def _begin_turn(state: QuestState, i: int) -> QuestState:
    from grognard.systems.heroquest.driver.turn import start_slot

    return start_slot(state)


def test_dread_costs_two_dice_line_737(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:737: a mummy's Dread is Minor Dread with a penalty of two attack dice."""
    monsters = (
        '  { id = "m", monster = "Mummy", level = 1, at = [13, 9], skills = ["Dread"] },\n'
        '  { id = "z", monster = "Zombie", level = 1, at = [14, 9] },'
    )
    state = put_hero(fight(tmp_path, monsters), 0, at=(12, 9))
    fresh = settle(_begin_turn(state, 0))
    assert _odds(fresh) == {"afraid": Fraction(1, 6), "steady": Fraction(5, 6)}
    j = index_of(state, "m")
    assert hero_attack_dice(step(fresh, "afraid"), 0, j) == hero_attack_dice(fresh, 0, j) - 2


def test_vile_courage_gives_a_defend_die_to_every_enemy_in_sight_line_691(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:691: the orc gives up a Mind point; every enemy in its sight (itself too)
    defends with one more die, until the encounter ends; once an encounter."""
    monsters = (
        '  { id = "o", monster = "Orc", level = 1, at = [13, 9], skills = ["Vile Courage"] },\n'
        '  { id = "g", monster = "Goblin", level = 1, at = [14, 9] },'
    )
    state = gm_turn(fight(tmp_path, monsters, gm="human"), "o")
    o, g, far = index_of(state, "o"), index_of(state, "g"), index_of(state, "far")
    before = [monster_defend_dice(state, k) for k in (o, g, far)]
    brave = step(state, "skill:vile-courage")
    assert [monster_defend_dice(brave, k) for k in (o, g, far)] == [before[0] + 1, before[1] + 1, before[2]]
    assert "mind-1|quest" in brave.monsters[o].effects
    assert "skill:vile-courage" not in brave.legal_actions() and "roll" in brave.legal_actions()
    from grognard.systems.heroquest.driver.turn import end_encounter

    calm = settle(end_encounter(replace_encounter(brave)))
    assert [monster_defend_dice(calm, k) for k in (o, g, far)] == before


def replace_encounter(state: QuestState) -> QuestState:
    from dataclasses import replace

    return replace(state, encounter=False)


def test_kidnap_carries_the_hero_off_line_711(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:711: before moving, the fimir rolls base Attack against the hero's base
    defend dice; winning, it carries him off, defending with base dice and making no attack; he cannot
    act nor be attacked by other monsters, and escapes on a 6."""
    monsters = (
        '  { id = "f", monster = "Fimir", level = 1, at = [12, 9], armour = ["Chain mail"],'
        ' skills = ["Kidnap"] },\n'
        '  { id = "o", monster = "Orc", level = 1, at = [12, 10] },'
    )
    state = fight(tmp_path, monsters, gm="human")
    state = gm_turn(put_hero(put_hero(state, 0, at=(12, 8)), 1, at=(10, 7)), "f")
    j = index_of(state, "f")
    grab = step(state, "skill:kidnap:h0")
    assert state.hero_of(0).base.defend == 2  # Defend 1 (line 185) and a human's point (line 172)
    assert grab.pending is not None and (grab.pending.dice, grab.pending.need) == (3, 2)  # line 718
    win = 1 - damage(3, 2, "hero")[0]
    assert _odds(grab) == {"taken": win, "resists": 1 - win}
    taken = step(grab, "taken")
    assert monster_defend_dice(taken, j) == 3  # base Defend 3, not the chain mail's 4
    acts = taken.legal_actions()
    assert "roll" in acts and not [a for a in acts if a.startswith(("attack:", "skill:"))]
    assert 0 not in monster_targets(gm_turn(taken, "o"), index_of(taken, "o"))
    ran = step(taken, "roll", 5, "move:14,10")
    assert ran.monsters[j].at == (14, 10) and ran.heroes[0].at == (13, 10)  # dragged behind it
    hero_turn = step(ran, "end")
    while hero_turn.pending is None:  # the other monsters end their turns; the barbarian's begins
        hero_turn = step(hero_turn, "end")
    assert hero_turn.current_hero() == 0 and hero_turn.pending.kind == "m-struggle"
    assert _odds(hero_turn) == {"free": Fraction(1, 6), "held": Fraction(5, 6)}
    assert step(hero_turn, "held").current_hero() != 0
    free = step(hero_turn, "free")
    assert free.current_hero() == 0 and "roll" in free.legal_actions()
    assert monster_defend_dice(free, j) == 4


def _to_hero(state: QuestState, i: int) -> QuestState:
    from dataclasses import replace

    from grognard.systems.heroquest.driver.turn import start_slot

    return start_slot(replace(state, slot=state.order.index(i)))


def test_a_kidnapper_out_of_sight_two_turns_running_vanishes_with_the_hero_line_711(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:711: out of sight of the rest of the heroes for two turns in a row, the
    fimir disappears; the hero is presumed dead and his equipment stolen. Slain first, it lets him go."""
    state = fight(
        tmp_path,
        '  { id = "f", monster = "Fimir", level = 1, at = [12, 9], skills = ["Kidnap"] },',
        gm="human",
    )
    state = put_hero(put_hero(state, 0, at=(12, 8), items=("Potion of Healing",)), 1, at=(10, 7))
    taken = step(gm_turn(state, "f"), "skill:kidnap:h0", "taken")
    j = index_of(taken, "f")
    hidden = put_hero(put_monster(taken, "f", at=(12, 3)), 0, at=(13, 3))  # up the corridor, out of sight
    once = step(hidden, "end")
    assert "unseen+1|quest" in once.monsters[j].effects and once.heroes[0].status == "active"
    twice = step(gm_turn(once, "f"), "end")
    assert twice.heroes[0].status == "dead" and twice.heroes[0].items == ()
    assert twice.monsters[j].status == "gone"
    seen = settle(put_hero(once, 1, at=(12, 6)))  # the wizard looks up the corridor
    assert not any(e.startswith("unseen") for e in seen.monsters[j].effects)
    from grognard.systems.heroquest.rules.wounds import hurt_monster

    slain = hurt_monster(taken, j, 9, killer=1)
    assert not any(e.startswith("kidnapped@") for e in slain.heroes[0].effects)


def test_curse_kills_after_three_turns_unless_the_mummy_dies_line_735(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:735: once an encounter the mummy curses a hero, who dies after his next
    three turns whatever his Body, unless the mummy is killed; a healing potion revives him."""
    state = fight(
        tmp_path,
        '  { id = "m", monster = "Mummy", level = 1, at = [14, 10], skills = ["Curse"] },',
        gm="human",
    )
    state = gm_turn(put_hero(state, 1, at=(10, 11)), "m")
    assert "skill:curse:h0" in state.legal_actions()
    cursed = step(state, "skill:curse:h0")
    assert "curse@m+3|quest" in cursed.heroes[0].effects
    assert not [a for a in cursed.legal_actions() if a.startswith(("skill:", "attack:"))]
    turn = cursed
    for _ in range(3):
        turn = until_turn_of(step(turn, "end"), 0)
        assert turn.heroes[0].status == "active"
        turn = step(turn, "end")
    dead = settle(turn)
    assert dead.heroes[0].status == "dead"
    saved = put_hero(cursed, 0, items=("Potion of Healing",))
    for _ in range(3):
        saved = step(until_turn_of(step(saved, "end"), 0), "end")
    assert settle(saved).heroes[0].status in ("active", "dying")
    from grognard.systems.heroquest.rules.wounds import hurt_monster

    lifted = hurt_monster(cursed, index_of(cursed, "m"), 9, killer=1)
    assert not any(e.startswith("curse@") for e in lifted.heroes[0].effects)


def test_stone_gaze_turns_a_hero_to_stone_until_a_healing_spell_line_781(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:781: red dice for the gargoyle's Mind against red dice for the hero's base
    Defend; greater, the hero is stone: no moving, attacking or defending, no harm; only a healing spell
    frees him, and with no magic-user to heal him he is left for dead. Once an encounter."""
    state = fight(
        tmp_path,
        '  { id = "g", monster = "Gargoyle", level = 1, at = [14, 10], skills = ["Stone Gaze"] },',
        gm="human",
    )
    state = put_hero(state, 1, at=(10, 11))
    gaze = step(gm_turn(state, "g"), "skill:stone-gaze:h0")
    assert gaze.pending is not None and (gaze.pending.dice, gaze.pending.need) == (4, 2)  # lines 786, 185
    assert _odds(gaze)["stone"] == more_chance(4, 2)
    stone = step(gaze, "stone")
    assert "skill:stone-gaze:h1" not in stone.legal_actions()
    from grognard.systems.heroquest.rules.wounds import hurt_hero

    assert hurt_hero(stone, 0, 3, "hazard").heroes[0].body == stone.heroes[0].body
    assert 0 not in monster_targets(stone, index_of(stone, "g"))
    wizard = until_turn_of(step(stone, "end"), 1)
    heals = [a for a in wizard.legal_actions() if a.startswith("cast:") and a.endswith(":h0")]
    cure = next(a for a in heals if "healing" in a or "heal-body" in a)
    cured = step(wizard, cure)
    assert "stone|quest" not in cured.heroes[0].effects
    alone = settle(put_hero(stone, 1, spells=()))
    assert alone.heroes[0].status == "dead"


def test_ambush_unseen_until_it_strikes_or_a_hero_comes_near_line_803(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:803: an elven archer in ambush is invisible until it moves or attacks, or
    a hero comes within two squares."""
    state = fight(
        tmp_path,
        '  { id = "a", monster = "Elven Archer", level = 1, at = [15, 11], weapon = "Bow",'
        ' skills = ["Ambush"] },',
        gm="human",
    )
    state = settle(state)
    j = index_of(state, "a")
    assert state.monsters[j].status == "lurking" and j not in state.visible_monsters
    assert "attack:a" not in rolled(state).legal_actions()
    near = settle(put_hero(state, 0, at=(13, 10)))
    assert near.monsters[j].status == "active" and j in near.visible_monsters
    shot = gm_turn(state, "a")
    assert shot.monsters[j].status == "lurking" and "attack:h1" in shot.legal_actions()
    fired = step(shot, "attack:h1")
    assert fired.monsters[j].status == "active"


def test_ranged_accuracy_shoots_past_a_figure_at_a_die_less_line_805(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:805, 337: with Ranged Accuracy a bowman shoots a hero behind another
    figure with one die fewer; without it he may not."""
    monsters = (
        '  { id = "a", monster = "Elven Archer", level = 1, at = [15, 9], weapon = "Bow",'
        ' skills = ["Ranged Accuracy"] },\n'
        '  { id = "b", monster = "Elven Archer", level = 1, at = [15, 10], weapon = "Bow" },'
    )
    state = fight(tmp_path, monsters)
    state = put_hero(put_hero(state, 0, at=(11, 9)), 1, at=(13, 9))
    a = index_of(state, "a")
    assert monster_targets(state, a) == [0, 1]
    assert monster_attack_dice(state, a, 0) == monster_attack_dice(state, a, 1) - 1 == 4
    blocked = put_hero(put_monster(state, "b", at=(15, 9)), 1, at=(13, 9))
    blocked = put_monster(put_monster(blocked, "a", at=(1, 1)), "b", at=(15, 9))
    assert monster_targets(blocked, index_of(blocked, "b")) == [1]


def test_set_trap_a_hidden_stalactite_beside_the_gremlin_line_847(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:847, 136: instead of attacking, the ice gremlin sets a stalactite trap;
    the first hero to step under it loses a Body point; a search for traps with no enemy in sight finds
    it."""
    state = fight(
        tmp_path,
        '  { id = "g", monster = "Ice Gremlin", level = 1, at = [14, 10], skills = ["Set Trap"] },',
        gm="human",
    )
    trap = step(gm_turn(state, "g"), "skill:set-trap:14,9")
    assert trap.icicles == ("14,9",)
    assert not [a for a in trap.legal_actions() if a.startswith(("attack:", "skill:"))]
    walker = until_turn_of(step(trap, "end"), 0)
    walker = put_monster(walker, "g", at=(1, 1))
    body = walker.heroes[0].body
    hit = step(rolled(walker, 12), "move:15,9")
    assert hit.heroes[0].at == (14, 9) and hit.heroes[0].body == body - 1 and hit.icicles == ()
    searcher = put_monster(put_hero(walker, 0, at=(12, 9)), "g", at=(1, 1))
    found = step(searcher, "search:traps")
    assert found.icicles == ()


def test_theft_takes_an_item_and_killing_the_thief_returns_it_line_849(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:849: beside the hero, the gremlin steals an item he does not hold; killed,
    it gives it back; it runs with it."""
    state = fight(
        tmp_path,
        '  { id = "g", monster = "Ice Gremlin", level = 1, at = [12, 9], skills = ["Theft"] },',
        gm="human",
    )
    state = put_hero(state, 0, at=(12, 8), items=("Potion of Healing",))
    thief = gm_turn(state, "g")
    assert "skill:theft:h0=potion-of-healing" in thief.legal_actions()
    stolen = step(thief, "skill:theft:h0=potion-of-healing")
    j = index_of(stolen, "g")
    assert stolen.heroes[0].items == () and "running|quest" in stolen.monsters[j].effects
    from grognard.systems.heroquest.rules.wounds import hurt_monster

    back = hurt_monster(stolen, j, 9, killer=0)
    assert back.heroes[0].items == ("Potion of Healing",)


def test_a_lurking_monster_cannot_be_struck_line_803(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:803: an elven archer lying in ambush is invisible: the hero beside it
    neither sees nor strikes it; once his nearness reveals it (within two squares), he may."""
    party = json.dumps([hero_from_spec("barbarian").model_dump(mode="json")])
    state = fight(
        tmp_path,
        '  { id = "a", monster = "Elven Archer", level = 1, at = [12, 8], skills = ["Ambush"] },',
        heroes=party,
    )
    j = index_of(state, "a")
    lurking = put_monster(put_hero(state, 0, at=(11, 8)), "a", status="lurking")
    assert j not in hero_targets(lurking, 0) and j not in lurking.visible_monsters
    revealed = settle(lurking)  # a hero within two squares reveals it
    assert revealed.monsters[j].status == "active" and j in hero_targets(revealed, 0)
