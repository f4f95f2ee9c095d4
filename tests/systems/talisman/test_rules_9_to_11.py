"""Rules 9:1-11:26 of 003_1ead471cbf19a248.txt: Spells, the turn, Movement. Each test names its rule."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.movement import inner_moves, portal_chance
from grognard.systems.talisman.state import Hero, Task
from grognard.systems.talisman.views import view

from .helpers import actions, hero, make, outcomes, play, run, top, turn, with_cards


def test_rule_9_1_spells_only_if_craft_allows() -> None:
    """9:1 (line 174), 2:6: a Warrior of Craft 2 may hold none, so a Spell drawn must go."""
    s = run(make(hero("warrior"), hero("wizard")), Task("draw_spell", 0))
    s = play(s, "hex")
    assert s.heroes[0].spells == () and s.spell_discard == ("hex",)
    s = run(make(hero("wizard"), hero("warrior")), Task("draw_spell", 0))
    assert play(s, "hex").heroes[0].spells == ("hex",)


def test_rule_9_2_spells_are_secret() -> None:
    """9:2 (line 176): another player sees how many Spells, never which."""
    s = make(hero("wizard", spells=("hex", "might")), hero("thief"))
    other = view(s, 1)["heroes"][0]
    assert "spells" not in other and other["spell_count"] == 2
    assert view(s, 0)["heroes"][0]["spells"] == ["hex", "might"]


def test_rule_9_3_no_discarding_within_the_limit() -> None:
    """9:3 (line 178): with no surplus there is nothing to discard, and no action offers it."""
    s = run(make(hero("wizard", spells=("hex", "might")), hero("thief")), Task("discard_spell", 0))
    assert top(s) != "discard_spell"
    s = turn(make(hero("wizard", space="fields-1", spells=("hex", "might")), hero("thief")))
    assert not any(a.startswith("discard") for a in actions(s))


def test_rule_9_4_spells_gained_from_encounters() -> None:
    """9:4 (line 180): the Hermit teaches a Spell on 4-6."""
    s = with_cards(make(hero("wizard", space="fields-1"), hero("thief")), "fields-1", "hermit")
    s = run(s, Task("collect", 0))
    s = play(s, "visit:hermit", 1)
    assert top(s) == "draw_spell"
    s = play(s, "might")
    assert s.heroes[0].spells == ("might",)


def test_rule_9_5_empty_stock_is_replaced_by_the_discards() -> None:
    """9:5 (line 182)."""
    s = make(hero("wizard"), hero("thief"), spell_deck=(), spell_discard=("hex", "might", "might"))
    s = run(s, Task("draw_spell", 0))
    assert outcomes(s) == {"hex": Fraction(1, 3), "might": Fraction(2, 3)}
    s = play(s, "might")
    assert s.spell_deck == ("hex", "might") and s.spell_discard == ()


def test_rule_9_6_cast_only_as_the_card_says() -> None:
    """9:6 (line 184): Preservation is cast when a Life would be lost, not at the start of a turn;
    once cast it is discarded."""
    s = turn(make(hero("wizard", space="fields-1", spells=("preservation",)), hero("thief")))
    assert top(s) == "move_roll"
    s = run(make(hero("wizard", spells=("preservation",)), hero("thief")), Task("lose_life", 0))
    assert actions(s) == ["take", "save:preservation"]
    s = play(s, "save:preservation")
    assert s.heroes[0].lives == 4 and s.spell_discard == ("preservation",)


def test_rule_9_7_spells_reach_characters_anywhere_but_no_inner_creature() -> None:
    """9:7 (line 186): a Curse strikes another character wherever they are; no Spell touches a
    creature of the Inner Region."""
    s = turn(make(hero("wizard", space="fields-1", spells=("curse",)), hero("thief", space="crypt")))
    assert "cast:curse:1" in actions(s)
    s = play(s, "cast:curse:1")
    assert s.heroes[1].lives == 3
    inner = make(hero("wizard", space="werewolf-den", spells=("invisibility", "destroy")), hero("thief"))
    s = run(inner, Task("space_enc", 0))
    s = play(s, 3)
    assert top(s) == "fight_roll"


def test_rule_9_8_the_command_spell() -> None:
    """9:8 (line 188): alone on the Crown, roll: 1-3 nothing, 4-6 each other loses a Life or drops out."""
    s = make(hero("wizard", space="crown-of-command"), hero("thief"), hero("elf"), crown_reached=True)
    s = turn(s)
    assert top(s) == "command_roll"
    assert outcomes(s) == {"no-effect": Fraction(1, 2), "effect": Fraction(1, 2)}
    s = play(s, "effect")
    assert top(s) == "command_answer" and actions(s) == ["life", "concede"]
    s = play(s, "concede", "life")
    assert s.heroes[1].out and s.heroes[2].lives == 3


def test_rule_10_1_movement_then_encounters() -> None:
    """10:1 (line 192): the move comes first, then the Encounter of the space reached."""
    s = turn(make(hero("warrior", space="village"), hero("wizard")))
    assert top(s) == "move_roll"
    s = play(s, 2, "cw")
    assert s.heroes[0].space == "forest-1" and top(s) == "draw"
    assert s.tasks[0].kind == "end"


def test_rule_10_2_play_passes_to_the_left() -> None:
    """10:2 (line 197): the next seat plays; a player out of the game is passed over."""
    s = make(hero("warrior"), Hero(out=True), hero("elf"))
    s = run(s, Task("end", 0))
    assert s.current == 2
    s = run(replace(s, tasks=()), Task("end", 2))
    assert s.current == 0


def test_rule_11_1_roll_and_move_the_full_count_either_way() -> None:
    """11:1 (line 199)."""
    s = turn(make(hero("warrior", space="village"), hero("wizard")))
    assert outcomes(s) == {v: Fraction(1, 6) for v in range(1, 7)}
    s = play(s, 2)
    assert actions(s) == ["cw", "acw"]
    assert play(s, "acw").heroes[0].space == "fields-1"


def test_rule_11_2_no_reversing_during_a_move() -> None:
    """11:2 (line 201): having chosen a direction, no later choice turns the character round."""
    s = turn(make(hero("warrior", space="village"), hero("wizard")))
    s = play(s, 6, "cw")
    assert s.heroes[0].space == "woods-2"


def test_rule_11_3_one_space_a_turn_in_the_inner_region() -> None:
    """11:3 (line 203): no die; forward or back by one."""
    s = turn(make(hero("warrior", space="plain-of-peril"), hero("wizard")))
    assert top(s) == "inner_step" and actions(s) == ["forward", "back"]
    assert play(s, "forward").heroes[0].space == "mines"


def test_rule_11_4_instructions_completed_before_moving_on() -> None:
    """11:4 (line 205): while the space's instruction is being followed, nothing but it may be done."""
    s = run(make(hero("thief", space="village", gold=3), hero("wizard")), Task("space_enc", 0))
    assert top(s) == "shop" and all(a.startswith("buy:") or a == "done" for a in actions(s))


def test_rule_11_5_turning_back_ignores_encounters() -> None:
    """11:5 (line 208): moving back towards the Plain of Peril, the space is not met."""
    s = turn(make(hero("warrior", space="death"), hero("wizard")))
    s = play(s, "back")
    assert s.heroes[0].space == "werewolf-den" and s.current == 1


def test_rule_11_6_the_valley_of_fire_needs_a_talisman() -> None:
    """11:6 (line 211)."""
    s = make(hero("warrior", space="crypt"), hero("wizard"))
    assert inner_moves(s, 0) == ["back"]
    s = make(hero("warrior", space="crypt", objects=("talisman",)), hero("wizard"))
    assert inner_moves(s, 0) == ["forward", "back"]
    assert catalog().path()[-2:] == ("valley-of-fire", "crown-of-command")


def test_rule_11_7_no_move_on_the_crown() -> None:
    """11:7 (line 213)."""
    s = turn(make(hero("warrior", space="crown-of-command"), hero("wizard"), crown_reached=True))
    assert s.heroes[0].space == "crown-of-command" and top(s) == "command_roll"


def test_rule_11_7_no_spell_carries_a_character_off_the_crown() -> None:
    """11:7 (line 213: "When on the Crown of Command, a Character does not Move but remains there") and
    14:9 (line 302: "A Character alone on the Crown of Command must cast a Command Spell each Turn"):
    Teleport and Homeward (our cards: "Cast instead of moving") are not offered there, so the turn goes
    to the Command Spell; a Spell that moves no one (Healing) still is."""
    wizard = hero(
        "wizard", space="crown-of-command", craft=6, lives=3, spells=("healing", "homeward", "teleport")
    )
    s = turn(make(wizard, hero("thief"), crown_reached=True))
    assert actions(s) == ["move", "cast:healing"]
    s = play(s, "move")
    assert s.heroes[0].space == "crown-of-command" and top(s) == "command_roll"
    away = turn(make(replace(wizard, space="fields-1"), hero("thief")))
    assert {"cast:homeward", "cast:teleport"} <= set(actions(away))


def test_rule_11_8_the_bridge_joins_sentinel_and_hills() -> None:
    """11:8 (line 215)."""
    spaces = catalog().spaces
    assert spaces["sentinel"].bridge is not None and spaces["sentinel"].bridge.to == "hills"
    assert spaces["hills"].bridge is not None and spaces["hills"].bridge.to == "sentinel"
    assert spaces["sentinel"].region == "outer" and spaces["hills"].region == "middle"


def test_rule_11_9_the_river_is_crossed_by_raft_or_encounter() -> None:
    """11:9 (line 217): a Raft crosses; so does an encounter that moves the character (a Teleport)."""
    s = turn(make(hero("warrior", space="village", raft=1, raft_card="raft"), hero("wizard"), turn=2))
    assert "raft:desert" in actions(s)
    s = turn(make(hero("wizard", space="village", spells=("teleport",)), hero("thief")))
    s = play(s, "cast:teleport", "to:oasis")
    assert s.heroes[0].space == "oasis"


def test_rule_11_10_the_bridge_either_way_with_roll_enough() -> None:
    """11:10 (line 220)."""
    s = turn(make(hero("warrior", space="sentinel"), hero("wizard")))
    assert "bridge" in actions(play(s, 1))
    s = turn(make(hero("warrior", space="hills"), hero("wizard")))
    assert "bridge" in actions(play(s, 1))


def _at_bridge(roll: int) -> object:
    s = turn(make(hero("warrior", space="sentinel", strength=9), hero("wizard")))
    return play(s, roll, "bridge")


def test_rule_11_11_the_sentinel_attacks_those_crossing_in() -> None:
    """11:11 (line 222): Strength 9, fought (or Evaded) before the Hills are reached."""
    s = _at_bridge(3)
    assert top(s) == "fight_roll"  # type: ignore[arg-type]
    assert s.fight is not None and s.fight.name == "Sentinel" and s.fight.enemy == 9  # type: ignore[attr-defined]


def test_rule_11_12_after_the_sentinel() -> None:
    """11:12 (line 224): beaten, the move goes on; defeated, a Life lost on the Sentinel; stand-off, no
    Life lost but the move ends there."""
    won = play(_at_bridge(3), "win", "cw")  # type: ignore[arg-type]
    assert won.heroes[0].space == "desert"
    lost = play(_at_bridge(3), "lose")  # type: ignore[arg-type]
    assert lost.heroes[0].space == "sentinel" and lost.heroes[0].lives == 3 and lost.current == 1
    even = play(_at_bridge(3), "standoff")  # type: ignore[arg-type]
    assert even.heroes[0].space == "sentinel" and even.heroes[0].lives == 4 and even.current == 1


def test_rule_11_13_no_attack_passing_through_or_crossing_out() -> None:
    """11:13 (line 226)."""
    s = turn(make(hero("warrior", space="fields-6"), hero("wizard")))
    s = play(s, 2, "cw")
    assert actions(s) == ["on", "bridge"]
    assert play(s, "on").heroes[0].space == "fields-1"
    s = turn(make(hero("warrior", space="hills"), hero("wizard")))
    s = play(s, 1, "bridge")
    assert s.heroes[0].space == "sentinel" and s.fight is None


def test_rule_11_14_a_new_direction_in_the_new_region() -> None:
    """11:14 (line 228)."""
    s = play(_at_bridge(3), "win")  # type: ignore[arg-type]
    assert actions(s) == ["cw", "acw"]
    assert play(s, "acw").heroes[0].space == "marsh"


def test_rule_11_15_a_raft_must_be_built_or_acquired() -> None:
    """11:15 (line 232)."""
    s = turn(make(hero("warrior", space="woods-1"), hero("wizard")))
    assert top(s) == "move_roll"


def test_rule_11_16_building_a_raft_in_woods_with_an_axe() -> None:
    """11:16 (line 234)."""
    s = turn(make(hero("warrior", space="woods-1", objects=("axe",)), hero("wizard")))
    assert "raft:chasm" in actions(s)
    s = turn(make(hero("warrior", space="fields-1", objects=("axe",)), hero("wizard")))
    assert top(s) == "move_roll"


def test_rule_11_17_a_raft_sails_the_turn_after_it_is_acquired() -> None:
    """11:17 (line 236)."""
    s = turn(make(hero("warrior", space="village", raft=5), hero("wizard"), turn=5))
    assert top(s) == "move_roll"
    s = turn(make(hero("warrior", space="village", raft=5), hero("wizard"), turn=6))
    assert "raft:desert" in actions(s)


def test_rule_11_18_a_raft_goes_straight_across_without_the_die() -> None:
    """11:18 (line 238)."""
    s = turn(make(hero("warrior", space="tavern", raft=1), hero("wizard"), turn=2))
    s = play(s, "raft:oasis")
    assert s.heroes[0].space == "oasis" and top(s) == "draw"


def test_rule_11_19_a_raft_is_never_kept() -> None:
    """11:19 (line 240): bought, it takes no Object place; used or not, it goes back to its pile."""
    s = run(make(hero("thief", space="village", gold=3), hero("wizard")), Task("space_enc", 0))
    s = play(s, "buy:raft")
    assert s.heroes[0].objects == () and s.heroes[0].raft == 1 and dict(s.supply)["raft"] == 2
    rafter = hero("thief", space="village", raft=1, raft_card="raft")
    later = turn(make(rafter, hero("wizard"), turn=2, supply=(("raft", 2),)))
    later = play(later, "raft:desert")
    assert later.heroes[0].raft == 0 and dict(later.supply)["raft"] == 3
    unused = run(
        make(replace(rafter, space="city"), hero("wizard"), turn=2, supply=(("raft", 2),)), Task("end", 0)
    )
    assert unused.heroes[0].raft == 0 and dict(unused.supply)["raft"] == 3


def test_rule_11_20_the_portal_leads_to_the_plain_of_peril() -> None:
    """11:20 (line 242)."""
    portal = catalog().spaces["portal-of-power"].portal
    assert portal is not None and portal.to == "plain-of-peril"


def test_rule_11_21_the_inner_region_only_through_the_portal() -> None:
    """11:21 (line 245): ring steps never leave a region; only the Portal leads in."""
    cat = catalog()
    for region in ("outer", "middle"):
        for space in cat.rings[region]:
            for d in (1, -1):
                assert cat.spaces[cat.ring_step(space, d)].region == region
    assert [s.id for s in cat.spaces.values() if s.portal] == ["portal-of-power"]


def _to_portal(roll: int) -> object:
    s = turn(
        with_cards(
            make(hero("warrior", space="marsh", strength=6), hero("wizard")), "portal-of-power", "wand"
        )
    )
    return play(s, roll, "acw")


def test_rule_11_22_the_portal_must_be_opened_each_time() -> None:
    """11:22 (line 247): every attempt is a roll (2 dice against the better of Strength and Craft)."""
    s = play(_to_portal(2), "portal")  # type: ignore[arg-type]
    assert top(s) == "portal_roll"
    assert outcomes(s) == {"open": Fraction(15, 36), "shut": Fraction(21, 36)}
    assert portal_chance(s, 0) == Fraction(15, 36)


def test_rule_11_23_only_with_move_enough_to_go_beyond() -> None:
    """11:23 (line 249)."""
    s = _to_portal(2)
    assert actions(s) == ["on", "portal"]  # type: ignore[arg-type]


def test_rule_11_24_open_ends_the_turn_on_the_plain_shut_ends_the_move() -> None:
    """11:24 (line 251)."""
    opened = play(_to_portal(2), "portal", "open")  # type: ignore[arg-type]
    assert opened.heroes[0].space == "plain-of-peril" and opened.current == 1
    shut = play(_to_portal(2), "portal", "shut")  # type: ignore[arg-type]
    assert shut.heroes[0].space == "portal-of-power" and "take:wand" in actions(shut)


def test_rule_11_25_ending_exactly_on_the_portal_no_attempt() -> None:
    """11:25 (line 253)."""
    s = _to_portal(1)
    assert s.heroes[0].space == "portal-of-power" and top(s) == "collect"  # type: ignore
    assert "portal" not in actions(s)  # type: ignore[arg-type]


def test_rule_11_26_back_through_the_portal_is_a_move() -> None:
    """11:26 (line 255)."""
    s = turn(make(hero("warrior", space="plain-of-peril"), hero("wizard")))
    s = play(s, "back")
    assert s.heroes[0].space == "portal-of-power"
