"""The automatic game master's use of monster skills, bows and ambush (the policy in `monster_gm`, as the
rulings describe it): deterministic, and always one of the legal actions."""

from __future__ import annotations

from pathlib import Path

from grognard.systems.heroquest.model.state import QuestState, Turn
from grognard.systems.heroquest.policies.gm import choose

from .monster_helpers import fight, gm_turn
from .play_helpers import put_hero, put_monster, step


def _pick(state: QuestState) -> str:
    action = choose(state)
    assert action in state.legal_actions()
    assert choose(state) == action  # the same position, the same move
    return action


def test_kidnap_the_hero_beside_it_with_the_fewest_defend_dice_line_711(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:711: a fimir beside heroes seizes one before moving: the wizard (base
    Defend 1) rather than the barbarian (2)."""
    state = fight(
        tmp_path,
        '  { id = "f", monster = "Fimir", level = 1, at = [12, 9], skills = ["Kidnap"] },',
        gm="human",
    )
    state = gm_turn(put_hero(put_hero(state, 0, at=(12, 8)), 1, at=(12, 10)), "f")
    assert _pick(state) == "skill:kidnap:h1"


def test_curse_and_gaze_when_no_hero_is_in_reach_lines_735_781(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:735, 781: with no hero to strike, the mummy curses the hero with the most
    Body and the gargoyle gazes at the one likeliest to turn to stone (the fewest base defend dice, then
    the most Body)."""
    monsters = (
        '  { id = "m", monster = "Mummy", level = 1, at = [15, 11], skills = ["Curse"] },\n'
        '  { id = "g", monster = "Gargoyle", level = 1, at = [15, 7], skills = ["Stone Gaze"] },'
    )
    state = fight(tmp_path, monsters, gm="human")
    state = put_hero(put_hero(state, 0, at=(10, 11)), 1, at=(11, 8))
    assert _pick(gm_turn(state, "m")) == "skill:curse:h0"  # Body 7 against the wizard's 4
    assert [state.hero_of(i).base.defend for i in (0, 1)] == [2, 2]
    assert _pick(gm_turn(state, "g")) == "skill:stone-gaze:h0"  # as likely: the one with more Body
    beside = put_hero(state, 0, at=(15, 10))
    assert _pick(gm_turn(beside, "m")) == "attack:h0"


def test_theft_then_run_and_traps_out_of_reach_lines_847_849(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:849: beside a hero with something to steal, the gremlin steals the most
    valuable; line 847: too far to reach a hero this turn, it sets a stalactite nearer them."""
    monsters = (
        '  { id = "g", monster = "Ice Gremlin", level = 1, at = [12, 9], skills = ["Set Trap", "Theft"] },'
    )
    state = fight(tmp_path, monsters, gm="human")
    rich = put_hero(state, 0, at=(12, 8), items=("Potion of Healing", "Potion of Restoration"))
    assert _pick(gm_turn(rich, "g")) == "skill:theft:h0=potion-of-restoration"
    far = put_monster(put_hero(put_hero(state, 0, at=(1, 1)), 1, at=(2, 1)), "g", at=(14, 10))
    assert _pick(gm_turn(far, "g")) == "end"  # it sees no hero: nothing to do
    near = put_monster(put_hero(state, 0, at=(10, 7)), "g", at=(15, 11))
    near = put_hero(near, 1, at=(10, 8))
    pick = _pick(gm_turn(near, "g"))
    assert pick in ("skill:set-trap:14,11", "skill:set-trap:15,10", "roll")


def test_strike_with_the_skill_that_pays_lines_625_647_915_937(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt: bite a hero not yet bitten (line 625), sweep two heroes (647), stomp two
    heroes beside it (915), toss a hero into another (937)."""
    goblin = fight(
        tmp_path,
        '  { id = "g", monster = "Goblin", level = 1, at = [12, 9], skills = ["Bite"] },',
        gm="human",
    )
    goblin = gm_turn(put_hero(goblin, 0, at=(12, 8)), "g")
    assert _pick(goblin) == "skill:bite:h0"
    bitten = put_hero(goblin, 0, effects=("def-1|healed<7",))
    assert _pick(bitten) == "attack:h0"
    skeleton = fight(
        tmp_path,
        '  { id = "s", monster = "Skeleton", level = 1, at = [12, 9], weapon = "Scythe",'
        ' skills = ["Sweep Attack"] },',
        gm="human",
        name="sweep",
    )
    skeleton = gm_turn(put_hero(put_hero(skeleton, 0, at=(12, 8)), 1, at=(13, 8)), "s")
    assert _pick(skeleton).startswith("skill:sweep-attack:")
    bear = fight(
        tmp_path,
        '  { id = "b", monster = "Polar Warbear", level = 1, at = [12, 9], skills = ["Stomp"] },',
        gm="human",
        name="stomp",
    )
    two = gm_turn(put_hero(put_hero(bear, 0, at=(12, 8)), 1, at=(11, 9)), "b")
    assert _pick(two).startswith("skill:stomp:")
    one = gm_turn(put_hero(put_hero(bear, 0, at=(12, 8)), 1, at=(10, 11)), "b")
    assert _pick(one) == "attack:h0"
    ogre = fight(
        tmp_path,
        '  { id = "o", monster = "Ogre", level = 6, at = [12, 9], skills = ["Toss"] },',
        gm="human",
        name="toss",
    )
    ogre = gm_turn(put_hero(put_hero(ogre, 0, at=(12, 8)), 1, at=(12, 7)), "o")
    assert _pick(ogre) == "skill:toss:h0@12,7"


def test_a_bowman_walks_to_a_shot_and_a_lurker_waits_lines_371_803(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:371: with no shot a bowman walks to the nearest square with one; line 803: an
    archer in ambush with no one to shoot stays hidden."""
    monsters = '  { id = "z", monster = "Zombie", level = 1, at = [12, 4], weapon = "Bow" },'
    more = 'doors = [{ id = "z-north", at = [[12, 6], [12, 7]], state = "open" }]'
    from .monster_helpers import arena
    from .play_helpers import begin

    state = begin(arena(tmp_path, monsters, more=more), heroes="barbarian,elf-wizard", gm="human")
    state = put_hero(put_hero(state, 0, at=(13, 9)), 1, at=(14, 9))
    turn = gm_turn(put_monster(state, "z", aware=True), "z")
    from dataclasses import replace

    walking = replace(turn, turn=Turn(rolled=True, moves=3))
    move = _pick(walking)
    assert move.startswith("move:")
    moved = step(walking, move)
    assert [a for a in moved.legal_actions() if a.startswith("attack:")]
    lurker = fight(
        tmp_path,
        '  { id = "a", monster = "Elven Archer", level = 1, at = [12, 3], weapon = "Bow",'
        ' skills = ["Ambush"] },',
        gm="human",
        name="lurk",
    )
    from grognard.systems.heroquest.driver.turn import settle

    lurker = gm_turn(settle(lurker), "a")
    assert lurker.monsters[0].status == "lurking" and _pick(lurker) == "end"


def test_a_yeti_holds_on_and_vile_courage_first_lines_691_891(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:891: a yeti holding a hero keeps its grip (the squeeze is its turn); line 691:
    the orc gives its courage before anything else."""
    yeti = fight(
        tmp_path,
        '  { id = "y", monster = "Yeti", level = 4, at = [12, 9], skills = ["Bear Hug"] },',
        gm="human",
    )
    yeti = put_hero(yeti, 0, at=(12, 8), effects=("hugged@y|quest",))
    yeti = put_monster(yeti, "y", effects=("hugging@0|quest", "def-1|hug"))
    assert _pick(gm_turn(yeti, "y")) == "end"
    orc = fight(
        tmp_path,
        '  { id = "o", monster = "Orc", level = 1, at = [12, 9], skills = ["Vile Courage"] },',
        gm="human",
        name="orc",
    )
    assert _pick(gm_turn(put_hero(orc, 0, at=(12, 8)), "o")) == "skill:vile-courage"
