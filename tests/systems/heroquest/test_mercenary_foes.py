"""Mercenaries as the game master's enemies (004_24cd6f974fe6a1ee.txt:953): placed by a quest as monsters,
with their tables by level (lines 957-1003) and their rules where they apply to a monster."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.rules.effects import hero_defend_dice, monster_attack_dice
from grognard.systems.heroquest.rules.targets import monster_targets
from grognard.systems.heroquest.rules.wounds import hurt_monster

from .monster_helpers import arena, fight, gm_facing, gm_turn
from .play_helpers import begin, index_of, put_hero, step

FOUR = (
    '  { id = "xbow", monster = "Crossbowman", level = 3, at = [15, 11] },\n'
    '  { id = "halb", monster = "Halberdier", at = [12, 9] },\n'
    '  { id = "scout", monster = "Scout", at = [15, 7] },\n'
    '  { id = "sword", monster = "Swordsmen", at = [14, 10] },'
)


def test_a_quest_places_each_mercenary_with_his_table_at_its_level_lines_953_957_1003(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:953: the game master may use mercenaries as enemies. Each loads with his
    table's numbers at the placement's level, else the quest's `monster_kinds` level, else level 1:
    Crossbowman level 3 (line 962), Halberdier level 2 from `monster_kinds` (line 973), Scout (line 984)
    and Swordsman (line 996) at level 1."""
    kinds = 'monster_kinds = [{ monster = "Halberdier", level = 2 }]'
    state = begin(arena(tmp_path, FOUR, more=kinds), heroes="barbarian")
    got = {
        mid: (s.kind, s.level, s.attack, s.defend, s.body, s.mind, s.move_min, s.move_max)
        for mid in ("xbow", "halb", "scout", "sword")
        for s in [state.stats_of(index_of(state, mid))]
    }
    assert got == {
        "xbow": ("Crossbowman", 3, 4, 3, 4, 3, 2, 6),
        "halb": ("Halberdier", 2, 4, 3, 3, 2, 2, 6),
        "scout": ("Scout", 1, 2, 3, 2, 2, 2, 9),
        "sword": ("Swordsman", 1, 4, 5, 2, 2, 2, 5),
    }
    j = index_of(state, "scout")
    assert state.monsters[j].body == 2 and not state.stats_of(j).ranged and not state.stats_of(j).diagonal


def test_an_unknown_or_out_of_table_mercenary_is_refused(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:960-967: the tables stop at level 8; a misspelt kind is still no monster."""
    with pytest.raises(ContentError, match="levels 1-8, not 9"):
        load_quest(arena(tmp_path, '  { id = "x", monster = "Scout", level = 9, at = [12, 9] },'))
    with pytest.raises(ContentError, match="no monster 'Scoutt'"):
        load_quest(arena(tmp_path, '  { id = "x", monster = "Scoutt", at = [12, 9] },', name="typo"))
    with pytest.raises(ContentError, match="carries no 'Bow'"):
        load_quest(arena(tmp_path, '  { id = "x", monster = "Swordsman", weapon = "Bow", at = [12, 9] },'))


def test_the_crossbowman_shoots_a_hero_in_sight_not_beside_him_line_957(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:957: the Crossbowman attacks at range with his crossbow; his table's
    Attack (3 at level 1, line 960) counts it (line 955). The automatic game master shoots the hero
    across the room; the hero defends as against a shot."""
    xbow = '  { id = "x", monster = "Crossbowman", level = 1, at = [15, 11] },'
    state = gm_facing(tmp_path, xbow, "x", (10, 7), (13, 7))
    j = index_of(state, "x")
    assert state.stats_of(j).ranged and state.stats_of(j).weapon == "Crossbow"
    assert monster_targets(state, j) == [0, 1]
    assert monster_attack_dice(state, j, 0) == 3
    action = choose(state)
    assert action.startswith("attack:h") and action in state.legal_actions()
    i = int(action.removeprefix("attack:h"))
    after = step(state, action)
    assert after.pending is not None and after.pending.need == hero_defend_dice(state, i, ranged=True)
    sword = fight(
        tmp_path,
        '  { id = "x", monster = "Crossbowman", weapon = "Broadsword", at = [15, 11] },',
        name="sword",
    )
    sword = gm_turn(put_hero(put_hero(sword, 0, at=(10, 7)), 1, at=(13, 7)), "x")
    assert monster_targets(sword, index_of(sword, "x")) == []  # hand to hand only with the broadsword


def test_the_halberdier_strikes_diagonally_the_swordsman_does_not_line_969(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:969: the halberd attacks diagonally (and sweeps) as a staff; the Swordsman
    (line 993) reaches only the squares beside him. The automatic game master strikes the hero on the
    corner with the Halberdier's table Attack (3 at level 1, line 972)."""
    monsters = (
        '  { id = "h", monster = "Halberdier", level = 1, at = [12, 9] },\n'
        '  { id = "s", monster = "Swordsman", level = 1, at = [14, 10] },'
    )
    state = fight(tmp_path, monsters, gm="human")
    state = put_hero(put_hero(state, 0, at=(13, 8)), 1, at=(15, 11))
    h, s = index_of(state, "h"), index_of(state, "s")
    assert state.stats_of(h).skills == ("Sweep Attack",) and state.stats_of(h).diagonal
    assert monster_targets(state, h) == [0]
    assert monster_targets(state, s) == []
    turn = gm_turn(state, "h")
    assert choose(turn) == "attack:h0"
    after = step(turn, "attack:h0")
    assert after.pending is not None and monster_attack_dice(turn, h, 0) == 3


def test_killing_an_enemy_mercenary_pays_as_a_monster_line_345(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:345: a kill is worth the lower of the enemy's Attack and Defend, shared by
    the conscious heroes, one more to the killer; a level 2 Swordsman (Attack 4, Defend 6, line 997) is
    worth 4."""
    state = fight(tmp_path, '  { id = "s", monster = "Swordsman", level = 2, at = [14, 10] },')
    j = index_of(state, "s")
    killed = hurt_monster(state, j, 99, killer=1)
    assert killed.monsters[j].status == "dead"
    assert [h.xp for h in killed.heroes] == [4, 5]
