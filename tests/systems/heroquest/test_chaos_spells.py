"""Each chaos spell cast by a monster, played through the rules (lines 545-593 of
/work/shared/seeds/004_24cd6f974fe6a1ee.txt): the position where it is cast, the exact chances of its
dice, its effect and how it ends. The arena is room Z with a level-8 chaos warrior at (14, 9)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content.combat_dice import binomial, damage
from grognard.systems.heroquest.content.hero import Equipped
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.driver.reach import hero_reach, monster_reach
from grognard.systems.heroquest.features.chaos.chaos_area import firestorm_squares
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, QuestState
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.rules.chaos import magic_left
from grognard.systems.heroquest.rules.chaos_effects import rustable
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice
from grognard.systems.heroquest.rules.ice import ice_squares
from grognard.systems.heroquest.rules.wounds import hurt_monster

from .chaos_helpers import arena, casts, chances, end_gm, gm_turn, hero, party, start
from .play_helpers import index_of, put_hero, put_monster, step

THIRD = Fraction(1, 3)


def _cast(
    tmp_path: Path, spells: list[str], heroes: str = "barbarian,elf-wizard", **at: tuple[int, int]
) -> QuestState:
    """The game master's turn in the arena, the barbarian (h0) at `h0`, the wizard (h1) at `h1`."""
    state = gm_turn(start(arena(tmp_path, spells), heroes))
    state = put_hero(put_hero(state, 0, at=at.get("h0", (12, 9))), 1, at=at.get("h1", (10, 7)))
    return put_monster(state, "orc", at=at.get("orc", (15, 11)))


def _break_chance(mind: int) -> dict[str, Fraction]:
    hold = Fraction(5, 6) ** mind
    return {"breaks": 1 - hold, "holds": hold}


# ---------------------------------------------------------------------------------------------------
# Lines 545-553


def test_tempest_costs_the_hero_his_next_turn_line_545(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:545: the character misses his next turn."""
    state = _cast(tmp_path, ["Tempest"])
    after = step(state, "cast:chaos/tempest:h0")
    assert "tempest|" in after.heroes[0].effects
    later = end_gm(after)
    assert later.round == 2 and later.current_hero() == 1 and "tempest|" not in later.heroes[0].effects


def test_weak_ball_of_flame_two_body_less_each_five_or_six_line_547(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:547: two Body points; two red dice, each 5 or 6 takes one off."""
    state = _cast(tmp_path, ["Weak Ball of Flame"])
    body = state.heroes[0].body
    after = step(state, "cast:chaos/weak-ball-of-flame:h0")
    assert chances(after) == {2: Fraction(4, 9), 1: Fraction(4, 9), 0: Fraction(1, 9)}
    burnt = step(after, 2)
    assert burnt.heroes[0].body == body - 2 and not burnt.casting


def test_chill_one_body_beside_the_caster_no_defence_line_549(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:549: one Body point to a character orthogonally beside the caster."""
    state = _cast(tmp_path, ["Chill"], h0=(13, 9))
    assert casts(state) == ["cast:chaos/chill:h0"]
    assert casts(put_hero(state, 0, at=(13, 8))) == []  # diagonally beside it: not
    after = step(state, "cast:chaos/chill:h0")
    assert after.actor() is not CHANCE and after.heroes[0].body == state.heroes[0].body - 1


def test_fear_one_attack_die_until_a_six_on_a_later_turn_line_551(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:551: his attacks drop to one combat die; on a future turn a 6 on a red die
    per Mind point breaks it."""
    state = _cast(tmp_path, ["Fear"])
    orc = index_of(state, "orc")
    plain = hero_attack_dice(state, 0, orc)
    after = step(state, "cast:chaos/fear:h0")
    assert plain == 3 and hero_attack_dice(after, 0, orc) == 1 and after.actor() is not CHANCE
    turn = end_gm(after)
    assert turn.pending is not None and turn.pending.then == "turn"
    assert chances(turn) == _break_chance(2)
    held = step(turn, "holds")
    assert held.current_hero() == 0 and "roll" in held.legal_actions() and hero_attack_dice(held, 0, orc) == 1
    free = step(turn, "breaks")
    assert hero_attack_dice(free, 0, orc) == 3 and "fear|" not in free.heroes[0].effects


def test_mind_blast_paralyses_and_he_defends_with_base_attack_line_553(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:553: no moving or attacking; defends with base attack dice; a 6 on his red
    dice on his turn frees him."""
    state = _cast(tmp_path, ["Mind Blast"])
    after = step(state, "cast:chaos/mind-blast:h0")
    assert after.actor() is not CHANCE  # no roll at once
    assert hero_defend_dice(after, 0) == after.hero_of(0).base.attack == 2
    turn = end_gm(after)
    assert chances(turn) == _break_chance(2)
    lost = step(turn, "holds")
    assert lost.current_hero() == 1 and "mindblast|" in lost.heroes[0].effects
    free = step(turn, "breaks")
    assert free.current_hero() == 0 and "roll" in free.legal_actions()


# ---------------------------------------------------------------------------------------------------
# Lines 555-567


def test_skate_twelve_squares_through_any_figure_line_555(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:555: up to 12 squares, passing through heroes and enemies, this turn."""
    state = _cast(tmp_path, ["Skate"], h0=(13, 9))
    after = step(state, "cast:chaos/skate:self")
    assert after.turn.moves == 12 and after.turn.rolled
    reach = monster_reach(after, index_of(after, "caster"))
    assert reach.path((12, 9)) == [(14, 9), (13, 9), (12, 9)]  # straight through the barbarian
    ended = step(after, "move:12,9", "end")
    assert not any(e.startswith("skate") for e in ended.monsters[index_of(ended, "caster")].effects)


def test_lightning_bolt_two_body_to_every_figure_to_the_wall_line_559(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:559: in a straight line to a wall; two Body to everyone in its path."""
    state = _cast(tmp_path, ["Lightning Bolt"], h0=(12, 9), h1=(10, 9), orc=(13, 9))
    assert "cast:chaos/lightning-bolt:w" in casts(state)
    after = step(state, "cast:chaos/lightning-bolt:w")
    assert after.heroes[0].body == state.heroes[0].body - 2
    assert after.heroes[1].body == state.heroes[1].body - 2
    assert after.monsters[index_of(after, "orc")].status == "dead"  # the orc in the way too
    assert after.monsters[index_of(after, "caster")].body == state.monsters[index_of(state, "caster")].body


def test_sleep_no_defence_broken_at_once_or_later_by_a_six_line_561(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:561: asleep he cannot move, attack or defend; a 6 on his red dice, one per
    Mind point, breaks it at once or on a later turn."""
    state = _cast(tmp_path, ["Sleep"])
    after = step(state, "cast:chaos/sleep:h0")
    assert after.pending is not None and after.pending.then == "now" and chances(after) == _break_chance(2)
    asleep = step(after, "holds")
    assert hero_defend_dice(asleep, 0) == 0
    turn = end_gm(asleep)
    assert chances(turn) == _break_chance(2)
    assert step(turn, "holds").current_hero() == 1
    woke = step(turn, "breaks")
    assert woke.current_hero() == 0 and hero_defend_dice(woke, 0) > 0
    assert step(after, "breaks").heroes[0].effects == ()


def test_soothe_and_restore_chaos_heal_the_caster_or_an_enemy_lines_563_579(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:563 (up to 3 Body), 579 (up to 6, to an enemy in the caster's sight)."""
    state = _cast(tmp_path, ["Soothe", "Restore Chaos"])
    j = index_of(state, "caster")
    assert casts(state) == []  # nobody is hurt
    hurt = put_monster(state, "caster", body=4)
    assert casts(hurt) == ["cast:chaos/soothe:caster", "cast:chaos/restore-chaos:caster"]
    assert step(hurt, "cast:chaos/soothe:caster").monsters[j].body == 7
    assert step(hurt, "cast:chaos/restore-chaos:caster").monsters[j].body == 10  # its full Body


def test_escape_takes_the_caster_where_no_hero_sees_line_565(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:565: the caster disappears to a secret place (one no hero sees)."""
    state = _cast(tmp_path, ["Escape"])
    after = step(state, "cast:chaos/escape:self")
    at = after.monsters[index_of(after, "caster")].at
    assert at is not None and at != (14, 9)
    assert not any(h.at is not None and sees(after.layout, h.at, at) for h in after.heroes)


def test_command_the_game_master_moves_him_against_his_friends_line_567(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:567: under the caster's control until a 6 on his red dice (at once or
    later); the game master moves him to attack the others."""
    state = _cast(tmp_path, ["Command"], h1=(12, 8))
    after = step(state, "cast:chaos/command:h0")
    assert chances(after) == _break_chance(2)
    held = step(after, "holds")
    turn = end_gm(held)
    assert chances(turn) == _break_chance(2)
    puppet = step(turn, "holds")
    assert puppet.current_hero() == 0 and puppet.actor() == GM_PLAYER
    assert set(puppet.legal_actions()) >= {"roll", "attack:h1", "end"}
    assert choose(puppet) == "attack:h1"
    struck = step(puppet, "attack:h1")
    assert struck.pending is not None and struck.pending.dice == 3
    assert chances(struck) == {d: q for d, q in damage(3, hero_defend_dice(puppet, 1), "hero").items() if q}
    assert step(struck, 1).heroes[1].body == state.heroes[1].body - 1
    dead = hurt_monster(held, index_of(held, "caster"), 99, killer=None)
    assert end_gm(dead).current_hero() == 0 and end_gm(dead).actor() == HERO_PLAYER  # the caster slain


def test_mind_freeze_keeps_a_mind_point_a_white_shield_line_569(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:569: a combat die per Mind point; each white shield is kept; at 0 he is
    comatose (line 92: no defend dice)."""
    state = _cast(tmp_path, ["Mind Freeze"], h0=(10, 7), h1=(12, 9))
    after = step(state, "cast:chaos/mind-freeze:h1")
    assert chances(after) == {k: q for k, q in binomial(4, THIRD).items() if q}
    frozen = step(after, 0)
    assert frozen.heroes[1].mind == 0 and hero_defend_dice(frozen, 1) == 0
    assert step(after, 3).heroes[1].mind == 3


# ---------------------------------------------------------------------------------------------------
# Lines 573-585


def test_rust_ruins_metal_gear_but_not_wood_or_artifacts_line_573(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:573: one metal weapon or armour piece, useless for good; not artifacts or
    unique items (wood read from Twist Wood, line 529: staff, bow, crossbow)."""
    staff = hero("human", "wizard").model_copy(
        update={"weapons": ("Staff",), "equipped": Equipped(weapon="Staff")}
    )
    bane = hero("human", "warrior", artifacts=("Orc's Bane",), equipped=Equipped(weapon="Orc's Bane"))
    state = _cast(tmp_path, ["Rust"], party(hero("human", "warrior"), staff), h1=(12, 8))
    orc = index_of(state, "orc")
    assert casts(state) == ["cast:chaos/rust:h0=short-sword"] and rustable(state, 1) == []
    after = step(state, "cast:chaos/rust:h0=short-sword")
    assert hero_attack_dice(after, 0, orc) == hero_attack_dice(state, 0, orc) - 1
    assert casts(after) == []
    artifact = gm_turn(start(arena(tmp_path, ["Rust"], name="bane"), party(bane)))
    assert rustable(artifact, 0) == []


def test_firestorm_three_body_to_everyone_in_the_room_but_the_caster_line_575(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:575: everyone in the caster's room; two red dice each, a 5 or 6 takes a
    point off; in a corridor, within five squares."""
    state = _cast(tmp_path, ["Firestorm"])
    after = step(state, "cast:chaos/firestorm:room")
    flames = {3: Fraction(4, 9), 2: Fraction(4, 9), 1: Fraction(1, 9)}
    assert chances(after) == flames and after.pending is not None and after.pending.target == 0
    second = step(after, 3)
    assert second.heroes[0].body == state.heroes[0].body - 3 and second.pending is not None
    assert second.pending.target == 1 and chances(second) == flames
    third = step(second, 1)
    assert third.pending is not None and third.pending.side == "m"  # the orc burns too
    done = step(third, 1)
    assert not done.casting and done.monsters[index_of(done, "orc")].status == "dead"
    j = index_of(done, "caster")
    assert done.monsters[j].body == state.monsters[j].body
    hall = put_monster(state, "caster", at=(12, 6))
    squares = firestorm_squares(hall, j)
    assert (16, 6) in squares and (12, 7) not in squares
    assert all(abs(x - 12) + abs(y - 6) <= 5 for x, y in squares)


def test_ice_storm_three_combat_dice_at_each_in_two_by_two_line_577(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:577: a 2 by 2 area; each figure in it attacked with three combat dice,
    with no defence."""
    state = _cast(tmp_path, ["Ice Storm"], h0=(12, 9), h1=(13, 10))
    assert "cast:chaos/ice-storm:12,9" in casts(state)
    after = step(state, "cast:chaos/ice-storm:12,9")
    three = {k: q for k, q in binomial(3, Fraction(1, 2)).items()}
    assert chances(after) == three
    second = step(after, 2)
    assert second.heroes[0].body == state.heroes[0].body - 2 and chances(second) == three
    assert step(second, 0).heroes[1].body == state.heroes[1].body


def test_cloud_of_chaos_paralyses_the_heroes_of_the_room_line_581(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:581: every character in the room paralysed (no move, attack or defence);
    each breaks free with a 6 on his red dice, at once or later."""
    state = _cast(tmp_path, ["Cloud of Chaos"])
    after = step(state, "cast:chaos/cloud-of-chaos:room")
    assert chances(after) == _break_chance(2)
    second = step(after, "holds")
    assert chances(second) == _break_chance(4)  # the wizard's four Mind points
    both = step(second, "holds")
    assert all("paralysed|" in h.effects for h in both.heroes) and hero_defend_dice(both, 1) == 0
    assert both.monsters[index_of(both, "orc")].effects == ()


def test_reanimation_raises_the_slain_undead_of_the_room_line_583(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:583: every defeated undead in the room rises with full Body."""
    more = '{ id = "bones", monster = "Skeleton", level = 2, at = [13, 11] },'
    state = gm_turn(start(arena(tmp_path, ["Reanimation"], more=more)))
    k = index_of(state, "bones")
    assert casts(state) == []
    slain = hurt_monster(state, k, 2, killer=None)
    assert slain.monsters[k].status == "dead" and casts(slain) == ["cast:chaos/reanimation:room"]
    risen = step(slain, "cast:chaos/reanimation:room")
    assert risen.monsters[k].status == "active" and risen.monsters[k].at == (13, 11)
    assert risen.monsters[k].body == 2 and risen.monsters[k].aware


def test_ice_wall_blocks_moves_and_blows_not_sight_until_broken_line_585(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:585: up to four ice squares in the caster's sight; they block movement and
    attacks, not sight; five skulls in all break one; they melt when the caster no longer sees them."""
    state = _cast(tmp_path, ["Ice Wall"], h0=(10, 9))
    after = step(state, "cast:chaos/ice-wall:12,9")
    assert after.actor() == GM_PLAYER and {"ice:12,8", "ice:done"} <= set(after.legal_actions())
    walled = step(after, "ice:12,8", "ice:11,9", "ice:done")
    assert ice_squares(walled) == {(12, 9), (12, 8), (11, 9)} and not walled.casting
    assert sees(walled.layout, (10, 9), (13, 9), walled.figures)
    turn = step(end_gm(walled), "roll", 6)
    assert not {(12, 9), (12, 8), (11, 9)} & set(hero_reach(turn, 0).cost)
    assert "smash:11,9" in turn.legal_actions()
    j = index_of(turn, "caster")
    cracked = put_monster(
        turn, "caster", effects=("spent-magic+1|quest", "ice@11,9+3|quest", "ice@12,9+0|quest")
    )
    blow = step(cracked, "smash:11,9")
    assert blow.pending is not None and chances(blow) == {
        k: q for k, q in binomial(3, Fraction(1, 2)).items()
    }
    assert ice_squares(step(blow, 2)) == {(12, 9)} and magic_left(blow, j) == 0
    gone = step(put_monster(turn, "caster", at=(22, 16)), "end")
    assert ice_squares(gone) == frozenset()


def test_summonings_bring_their_table_round_the_caster_lines_587_591_593(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:587 (orcs 1-3: 4, 4-5: 5, 6: 6), 591 (undead), 593 (giant wolves), on the
    free squares round the caster, of their kind's lowest level."""
    state = _cast(tmp_path, ["Summon Orcs", "Summon Undead", "Summon Wolves"])
    orcs = step(state, "cast:chaos/summon-orcs:self")
    assert chances(orcs) == {"4xorc": Fraction(1, 2), "5xorc": THIRD, "6xorc": Fraction(1, 6)}
    came = step(orcs, "5xorc")
    new = came.monsters[len(state.monsters) :]
    assert [m.id for m in new] == [f"summoned-{n}-orc" for n in range(1, 6)]
    assert all(m.status == "active" and m.aware and m.body == 1 and m.at is not None for m in new)
    assert all(abs(m.at[0] - 14) + abs(m.at[1] - 9) <= 2 for m in new if m.at is not None)
    undead = step(state, "cast:chaos/summon-undead:self")
    assert chances(undead) == {"4xskeleton": THIRD, "3xskeleton+2xzombie": THIRD, "2xzombie+2xmummy": THIRD}
    kinds = [came.stats_of(k).kind for k in range(len(state.monsters), len(came.monsters))]
    assert kinds == ["Orc"] * 5
    risen = step(undead, "2xzombie+2xmummy")
    assert [risen.stats_of(k).kind for k in range(len(state.monsters), len(risen.monsters))] == [
        "Zombie",
        "Zombie",
        "Mummy",
        "Mummy",
    ]
    wolves = step(state, "cast:chaos/summon-wolves:self")
    assert chances(wolves) == {"1xgiant-wolf": THIRD, "2xgiant-wolf": THIRD, "3xgiant-wolf": THIRD}
    pack = step(wolves, "2xgiant-wolf")
    assert [pack.stats_of(k).body for k in range(len(state.monsters), len(pack.monsters))] == [5, 5]


def test_werewolfs_curse_a_six_spares_him_then_a_six_each_turn_turns_him_line_589(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:589: a 6 on one red die and the spell fails; otherwise each turn a red die,
    and a 6 makes him a werewolf of his level that the game master plays for the turn."""
    state = _cast(tmp_path, ["Werewolf's Curse"], h1=(12, 8))
    after = step(state, "cast:chaos/werewolfs-curse:h0")
    assert chances(after) == {"spared": Fraction(1, 6), "cursed": Fraction(5, 6)}
    assert step(after, "spared").heroes[0].effects == ()
    cursed = step(after, "cursed")
    assert "curse-werewolf|quest" in cursed.heroes[0].effects
    turn = end_gm(cursed)
    assert chances(turn) == {"wolf": Fraction(1, 6), "man": Fraction(5, 6)}
    assert step(turn, "man").actor() == HERO_PLAYER
    wolf = step(turn, "wolf")
    assert wolf.actor() == GM_PLAYER and "attack:h1" in wolf.legal_actions()
    bite = step(wolf, "attack:h1")
    assert bite.pending is not None and bite.pending.dice == 6  # a Giant Wolf's Attack at level 4 (line 879)
    over = step(bite, 0, "end")
    assert over.current_hero() == 1 and "werewolf|one-turn" not in over.heroes[0].effects
