"""Ice Wall cast by a hero who learned it by Mimic (004_24cd6f974fe6a1ee.txt:286, 585): his squares block
the monsters' moves and blows, a monster beside one strikes it, and it melts out of his sight."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from grognard.systems.heroquest.content.combat_dice import binomial
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.driver.reach import monster_reach
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.rules.ice import ice_squares

from .chaos_helpers import arena, casts, chances, hero, party, start
from .monster_helpers import gm_turn, until_turn_of
from .play_helpers import index_of, put_hero, put_monster, step


def _walled(
    tmp_path: Path, at: tuple[int, int] = (12, 9), ice: tuple[str, str] = ("13,9", "13,10")
) -> QuestState:
    """The level-6 elf wizard at `at` (12, 9), knowing Ice Wall, raises ice on the squares `ice`, (13, 9) and
    (13, 10) between himself and the chaos warrior at (14, 9)."""
    wizard = hero("elf", "wizard", level=6)
    state = start(arena(tmp_path, []), party(hero("human", "barbarian"), wizard))
    state = until_turn_of(step(state, "end"), 1)
    state = put_hero(state, 1, at=at, effects=("learned:chaos/ice-wall|quest",))
    state = put_hero(state, 0, at=(10, 7))
    assert f"cast:chaos/ice-wall:{ice[0]}" in casts(state)
    magic = state.heroes[1].magic
    first = step(state, f"cast:chaos/ice-wall:{ice[0]}")
    assert first.current_hero() == 1 and first.casting
    assert {f"ice:{ice[1]}", "ice:done"} <= set(first.legal_actions())
    assert f"ice:{at[0]},{at[1]}" not in first.legal_actions()
    walled = step(first, f"ice:{ice[1]}", "ice:done")
    assert walled.heroes[1].magic == magic - 1 and walled.turn.acted and not walled.casting
    return walled


def test_a_heros_ice_wall_blocks_the_monsters_not_sight_line_585(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:585: "up to four squares of solid ice ... within the line of sight of the
    spell-caster"; they "block movement and physical attack, but not line of sight": the chaos warrior
    beside them sees the wizard but cannot walk onto them, and his ice is marked on him."""
    walled = _walled(tmp_path)
    assert ice_squares(walled) == {(13, 9), (13, 10)}
    assert {"ice@13,9+0|quest", "ice@13,10+0|quest"} <= set(walled.heroes[1].effects)
    assert sees(walled.layout, (14, 9), (12, 9), walled.figures)
    turn = gm_turn(walled, "caster")
    rolled = step(turn, "roll", 6) if "roll" in turn.legal_actions() else turn
    j = index_of(rolled, "caster")
    assert not {(13, 9), (13, 10)} & set(monster_reach(rolled, j).cost)


def test_a_monster_strikes_a_heros_ice_and_five_skulls_break_it_line_585(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:585: "until a cumulative total of 5 skulls are rolled in attacks on the
    square": the chaos warrior beside the ice strikes it with its attack dice (skulls at one in two);
    three skulls crack it, two more shatter it."""
    walled = _walled(tmp_path)
    turn = gm_turn(put_monster(walled, "caster", at=(14, 9)), "caster")
    assert "smash:13,9" in turn.legal_actions() and not any(
        a.startswith("attack:h") for a in turn.legal_actions()
    )
    j = index_of(turn, "caster")
    blow = step(turn, "smash:13,9")
    dice = blow.stats_of(j).attack
    assert blow.pending is not None and chances(blow) == {
        k: q for k, q in binomial(dice, Fraction(1, 2)).items()
    }
    cracked = step(blow, 3)
    assert "ice@13,9+3|quest" in cracked.heroes[1].effects and (13, 9) in ice_squares(cracked)
    again = put_hero(cracked, 1)  # the next blow, a turn later
    again = gm_turn(again, "caster")
    broken = step(again, "smash:13,9", 2)
    assert (13, 9) not in ice_squares(broken) and (13, 10) in ice_squares(broken)
    assert not any(e.startswith("ice@13,9") for e in broken.heroes[1].effects)


def test_the_game_master_strikes_the_ice_when_it_cannot_get_past_line_585(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:585: the automatic game master's chaos warrior, walled off from the wizard it
    sees (in the room's corner behind two ice squares) with no way round, strikes the ice rather than stand
    idle."""
    walled = _walled(tmp_path, (10, 11), ("11,11", "10,10"))
    walled = put_hero(walled, 0, at=(22, 16))  # the barbarian far away, out of its sight
    turn = gm_turn(put_monster(walled, "caster", at=(13, 11)), "caster")
    if "roll" in turn.legal_actions():
        rolled = step(turn, "roll")
        turn = step(rolled, max(o for o, _ in rolled.chance_outcomes()))
    while (pick := choose(turn)).startswith("move:"):  # it walks round as far as it can first
        turn = step(turn, pick)
    assert pick.startswith("smash:"), pick


def test_the_ice_melts_when_its_hero_no_longer_sees_it_line_585(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:585: "Each ice square lasts until the spell-caster dies ... or can no longer
    see the square": the wizard gone from the room, his ice is gone for good."""
    walled = _walled(tmp_path)
    away = put_hero(walled, 1, at=(22, 16))
    gone = step(away, "end")
    assert ice_squares(gone) == frozenset()
    assert not any(e.startswith("ice@") for e in gone.heroes[1].effects)
    dead = step(put_hero(walled, 1, status="dead", at=None), "end")
    assert ice_squares(dead) == frozenset()
