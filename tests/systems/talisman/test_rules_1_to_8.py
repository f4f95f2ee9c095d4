"""Rules 1:1-8:1 of 003_1ead471cbf19a248.txt: Strength, Craft, Gold, Lives, Objects, Followers,
Alignment and Special Abilities. Each test names its rule."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from grognard.systems.talisman.effects import change_alignment, gain, heal, lose
from grognard.systems.talisman.game import initial_state
from grognard.systems.talisman.scores import craft, score, spell_limit, strength
from grognard.systems.talisman.state import Task
from grognard.systems.talisman.turn import cash_in
from grognard.systems.talisman.views import view

from .helpers import actions, hero, make, outcomes, play, run, top, turn, with_cards


def test_rule_1_1_strength_counters_only_for_start_and_gains() -> None:
    """1:1 (line 66): an Object's Strength is added when allowed, never taken as counters."""
    h = hero("warrior", objects=("magic-belt",))
    assert h.strength == 4
    assert strength(h) == 5


def test_rule_1_2_losing_strength_removes_counters() -> None:
    """1:2 (line 68)."""
    s = lose(make(hero("warrior", strength=7)), 0, "strength", 2)
    assert s.heroes[0].strength == 5


def test_rule_1_3_strength_never_below_starting() -> None:
    """1:3 (line 70): the Warrior starts with 4."""
    s = lose(make(hero("warrior", strength=5)), 0, "strength", 3)
    assert s.heroes[0].strength == 4


def test_rule_1_4_cashing_in_enemies_at_seven_for_one() -> None:
    """1:4 (line 72): 7 Strength of Enemy cards for 1 Strength; the cards exchanged are discarded and
    their excess is lost, so only the Dragon (7) is exchanged and the Bear and Wolf (3 + 2) are kept
    toward the next 7 (docs/rulings/talisman.md, "Cashing in")."""
    s = make(hero("warrior", trophies=("bear", "dragon", "wolf")))  # 3 + 7 + 2 = 12
    s = cash_in(s, 0)
    assert s.heroes[0].strength == 5
    assert sorted(s.heroes[0].trophies) == ["bear", "wolf"]
    assert s.discard == ("dragon",)
    both = cash_in(make(hero("warrior", trophies=("bear", "dragon", "dragon", "wolf"))), 0)  # 19: 2 for 14
    assert both.heroes[0].strength == 6 and sorted(both.heroes[0].trophies) == ["bear", "wolf"]


def test_rule_1_4_cash_is_offered_only_from_seven() -> None:
    """1:4: the exchange is offered at the start of the turn once the cards total 7."""
    s = turn(make(hero("warrior", space="fields-1", trophies=("dragon",)), hero("wizard")))
    assert "cash" in actions(s)
    s = turn(make(hero("warrior", space="fields-1", trophies=("bear", "wolf")), hero("wizard")))
    assert top(s) == "move_roll"


def test_rule_1_5_strength_gained_from_encounters() -> None:
    """1:5 (line 74): the Crags give 1 Strength on a 6 (its third branch)."""
    s = run(make(hero("dwarf", space="crags"), hero("wizard")), Task("space_enc", 0))
    assert top(s) == "fx_roll"
    s = play(s, 2)
    assert s.heroes[0].strength == 4


def test_rule_1_6_strength_is_counters_plus_usable_bonuses() -> None:
    """1:6 (line 76) and its EXAMPLE (line 78): 7, 8 in Combat with the Sword, 6 on the Cursed Glade."""
    h = hero("warrior", strength=5, objects=("magic-belt", "sword"), followers=("unicorn",))
    assert strength(h) == 7
    assert strength(h, "combat") == 8
    glade = replace(h, space="cursed-glade")
    assert strength(glade) == 6
    assert strength(glade, "combat") == 6


def test_rule_2_1_craft_counters_only_for_start_and_gains() -> None:
    """2:1 (line 82)."""
    h = hero("wizard", objects=("solomons-crown",))
    assert h.craft == 5 and craft(h) == 7


def test_rule_2_2_losing_craft_removes_counters() -> None:
    """2:2 (line 84)."""
    assert lose(make(hero("wizard", craft=8)), 0, "craft", 1).heroes[0].craft == 7


def test_rule_2_3_craft_never_below_starting() -> None:
    """2:3 (line 86)."""
    assert lose(make(hero("wizard", craft=6)), 0, "craft", 4).heroes[0].craft == 5


def test_rule_2_4_craft_only_from_encounters() -> None:
    """2:4 (line 88): cashing in Enemies buys Strength, never Craft; the Standing Stones give Craft."""
    s = cash_in(make(hero("wizard", trophies=("dragon",))), 0)
    assert s.heroes[0].craft == 5 and s.heroes[0].strength == 3
    s = run(make(hero("wizard", space="stones"), hero("thief")), Task("space_enc", 0))
    s = play(s, "touch", 2)
    assert s.heroes[0].craft == 6


def test_rule_2_5_craft_is_counters_plus_followers_and_magic_objects() -> None:
    """2:5 (line 90)."""
    h = hero("wizard", objects=("solomons-crown",), followers=("maiden",))
    assert craft(h) == 8


@pytest.mark.parametrize(("total", "limit"), [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 3), (9, 3)])
def test_rule_2_6_spell_limit_by_craft(total: int, limit: int) -> None:
    """2:6 (line 92): the table of Spells by Craft."""
    h = hero("troll", craft=total)
    assert spell_limit(h) == limit


def test_rule_2_6_only_the_wand_exceeds_the_limit() -> None:
    """2:6 (line 92)."""
    assert spell_limit(hero("wizard", objects=("wand",))) == 3


def test_rule_2_7_only_some_characters_start_with_spells() -> None:
    """2:7 (line 99): the Wizard starts with 2 Spells, the Warrior with none."""
    s = initial_state(2, "wizard,warrior")
    while s.tasks[-1].kind == "draw_spell" or s.tasks[-1].kind == "first":
        s = play(s, s.chance_outcomes()[0][0])
    assert len(s.heroes[0].spells) == 2
    assert s.heroes[1].spells == ()


def test_rule_2_8_surplus_spells_discarded_by_choice() -> None:
    """2:8 (line 101): too many Spells for the Craft: the character chooses which go, uncast."""
    s = run(make(hero("wizard", spells=("healing", "hex", "might")), hero("thief")), Task("end", 0))
    assert top(s) == "discard_spell" and s.tasks[-1].player == 0
    assert actions(s) == ["discard:healing", "discard:hex", "discard:might"]
    s = play(s, "discard:hex")
    assert s.heroes[0].spells == ("healing", "might") and "hex" in s.spell_discard


def test_rule_3_1_one_gold_at_start() -> None:
    """3:1 (line 107)."""
    assert hero("thief").gold == 1


def test_rule_3_2_prices_in_bags_of_gold() -> None:
    """3:2 (line 109): the Sword costs 2G in the City."""
    s = run(make(hero("thief", gold=5), hero("wizard")), Task("space_enc", 0))
    assert "buy:sword" in actions(s)
    s = play(s, "buy:sword")
    assert s.heroes[0].gold == 3 and "sword" in s.heroes[0].objects


def test_rule_3_3_payments_go_to_the_stock() -> None:
    """3:3 (line 111): paying for a service gives nobody else anything."""
    s = run(make(hero("thief", gold=3, lives=2), hero("wizard", space="city")), Task("space_enc", 0))
    s = play(s, "done", "heal")
    assert s.heroes[0].gold == 2 and s.heroes[0].lives == 3 and s.heroes[1].gold == 1


def test_rule_3_4_gold_received_comes_from_stock() -> None:
    """3:4 (line 113): a Windfall's Gold is no other player's."""
    s = gain(make(hero("thief"), hero("wizard")), 0, "gold", 1)
    assert (s.heroes[0].gold, s.heroes[1].gold) == (2, 1)


def test_rule_3_5_gold_is_not_an_object() -> None:
    """3:5 (line 115): with 4 Objects, Gold on the space is still taken and nothing must be dropped."""
    full = ("armour", "axe", "helmet", "shield")
    s = with_cards(make(hero("thief", space="desert", objects=full), hero("wizard")), "desert", gold=3)
    s = run(s, Task("gold", 0))
    assert s.heroes[0].gold == 4 and s.heroes[0].objects == full


def test_rule_4_1_four_lives_at_start() -> None:
    """4:1 (line 119)."""
    assert hero("elf").lives == 4


def test_rule_4_2_losing_lives_removes_counters() -> None:
    """4:2 (line 121)."""
    s = run(make(hero("elf"), hero("wizard")), Task("lose_life", 0))
    assert s.heroes[0].lives == 3


def test_rule_4_3_death_leaves_possessions_and_a_new_character_follows() -> None:
    """4:3 (line 124): possessions on the space, Spells discarded, a new character next turn."""
    h = hero(
        "elf", space="fields-3", lives=1, gold=2, objects=("sword",), followers=("maiden",), spells=("hex",)
    )
    s = run(make(h, hero("wizard")), Task("lose_life", 0))
    stash = s.stash("fields-3")
    assert sorted(stash.cards) == ["maiden", "sword"] and stash.gold == 2
    assert "hex" in s.spell_discard and "elf" in s.pool
    assert not s.heroes[0].character and not s.heroes[0].out
    s = turn(replace(s, current=0, tasks=()))
    assert top(s) == "deal" and "elf" in dict(s.chance_outcomes())


def test_rule_4_3_after_the_crown_is_reached_death_is_the_end() -> None:
    """4:3 (line 124): once any character has reached the Crown, a character who dies is out."""
    s = make(hero("elf", lives=1), hero("wizard"), hero("thief"), crown_reached=True)
    s = run(s, Task("lose_life", 0))
    assert s.heroes[0].out


def test_rule_4_4_lives_gained_from_encounters_and_healing() -> None:
    """4:4 (line 126): the Blessing gives a Good character a Life."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "blessing")
    s = run(s, Task("cards", 0))
    assert s.heroes[0].lives == 5


def test_rule_4_5_no_limit_to_lives() -> None:
    """4:5 (line 128)."""
    assert gain(make(hero("elf", lives=9)), 0, "lives", 1).heroes[0].lives == 10


def test_rule_4_6_healing_never_above_four() -> None:
    """4:6 (line 130)."""
    assert heal(make(hero("elf", lives=3)), 0, 2).heroes[0].lives == 4
    assert heal(make(hero("elf", lives=6)), 0, 1).heroes[0].lives == 6


def test_rule_5_1_objects_face_up() -> None:
    """5:1 (line 134): every player sees another's Objects."""
    s = make(hero("elf", objects=("sword",)), hero("wizard"))
    assert view(s, 1)["heroes"][0]["objects"] == ["sword"]


def test_rule_5_2_an_unusable_object_stays_on_the_space() -> None:
    """5:2 (line 136) and its EXAMPLE (line 138): the Evil Assassin cannot take the Holy Lance."""
    s = with_cards(make(hero("assassin", space="desert"), hero("elf")), "desert", "holy-lance")
    s = run(s, Task("collect", 0))
    assert "take:holy-lance" not in actions(s)
    s = with_cards(make(hero("elf", space="desert"), hero("assassin")), "desert", "holy-lance")
    assert "take:holy-lance" in actions(run(s, Task("collect", 0)))


def test_rule_5_3_four_objects_unless_a_mule() -> None:
    """5:3 (line 140)."""
    full = ("armour", "axe", "helmet", "shield")
    s = with_cards(make(hero("elf", space="desert", objects=full), hero("wizard")), "desert", "wand")
    assert "take:wand" not in actions(run(s, Task("collect", 0)))
    mule = ("armour", "axe", "helmet", "mule")
    s = with_cards(make(hero("elf", space="desert", objects=mule), hero("wizard")), "desert", "wand")
    assert "take:wand" in actions(run(s, Task("collect", 0)))


def test_rule_5_4_an_object_may_be_ditched_on_the_space() -> None:
    """5:4 (line 142)."""
    full = ("armour", "axe", "helmet", "shield")
    s = run(make(hero("elf", space="desert", objects=full), hero("wizard")), Task("collect", 0))
    s = play(s, "ditch:axe")
    assert "axe" not in s.heroes[0].objects and s.stash("desert").cards == ("axe",)


def test_rule_5_5_more_than_four_the_character_chooses() -> None:
    """5:5 (line 144): the surplus is left face up on the space; the character picks which."""
    many = ("armour", "axe", "helmet", "shield", "sword")
    s = run(make(hero("elf", space="desert", objects=many), hero("wizard")), Task("end", 0))
    assert top(s) == "drop"
    s = play(s, "drop:helmet")
    assert len(s.heroes[0].objects) == 4 and s.stash("desert").cards == ("helmet",)


def test_rule_6_1_followers_face_up() -> None:
    """6:1 (line 150)."""
    s = make(hero("elf", followers=("unicorn",)), hero("wizard"))
    assert view(s, 1)["heroes"][0]["followers"] == ["unicorn"]


def test_rule_6_2_any_number_of_followers() -> None:
    """6:2 (lines 152 and 154; the number is printed twice): no limit on Followers."""
    many = ("maiden",) * 6
    s = with_cards(make(hero("elf", space="desert", followers=many), hero("wizard")), "desert", "unicorn")
    s = play(run(s, Task("collect", 0)), "take:unicorn")
    assert len(s.heroes[0].followers) == 7


def test_rule_6_3_killed_followers_are_discarded() -> None:
    """6:3 (line 156): the Chasm's 2-3 kills a Follower."""
    s = run(make(hero("elf", space="chasm", followers=("unicorn",)), hero("wizard")), Task("space_enc", 0))
    s = play(s, "done", 1)
    assert s.heroes[0].followers == () and "unicorn" in s.discard


def test_rule_6_4_a_follower_may_be_ditched() -> None:
    """6:4 (line 158)."""
    s = run(make(hero("elf", space="desert", followers=("maiden",)), hero("wizard")), Task("collect", 0))
    s = play(s, "ditch:maiden")
    assert s.heroes[0].followers == () and s.stash("desert").cards == ("maiden",)


def test_rule_7_1_alignment_change_and_reversion() -> None:
    """7:1 (line 162)."""
    s = change_alignment(make(hero("elf"), hero("wizard")), 0, "evil")
    assert s.heroes[0].alignment == "evil"
    s = change_alignment(replace(s, turn=2), 0, "good")
    assert s.heroes[0].alignment == "good"


def test_rule_7_2_at_most_once_a_turn_even_the_druid() -> None:
    """7:2 (line 164)."""
    s = turn(make(hero("druid", space="fields-1"), hero("wizard")))
    assert "align:good" in actions(s)
    s = play(s, "align:good")
    assert s.heroes[0].alignment == "good"
    assert not any(a.startswith("align:") for a in actions(s))
    assert change_alignment(s, 0, "evil").heroes[0].alignment == "good"


def test_rule_7_2_no_atonement_after_the_druid_changed_alignment() -> None:
    """7:2 (line 164: "No Character, including the Druid, may change Alignment more than once in any
    Turn"): Atonement (our card: "your alignment becomes Good") is not offered once the Druid has
    changed his alignment this turn, so it cannot be spent for nothing; before the change, and on his
    next turn, it is."""
    druid = hero("druid", space="fields-1", alignment="evil", spells=("atonement",))
    s = turn(make(druid, hero("wizard")))
    assert "cast:atonement" in actions(s) and "align:neutral" in actions(s)
    s = play(s, "align:neutral")
    assert "cast:atonement" not in actions(s) and s.heroes[0].spells == ("atonement",)
    s = turn(make(s.heroes[0], hero("wizard"), turn=2))
    assert "cast:atonement" in actions(s)
    assert play(s, "cast:atonement").heroes[0].alignment == "good"


def test_rule_7_3_magic_objects_of_the_wrong_alignment_are_left() -> None:
    """7:3 (line 166)."""
    s = make(hero("warrior", space="ruins", objects=("holy-lance", "sword")), hero("wizard"))
    s = run(change_alignment(s, 0, "evil"), Task("end", 0))
    assert s.heroes[0].objects == ("sword",) and "holy-lance" in s.stash("ruins").cards


def test_rule_8_1_special_abilities_override_the_rules() -> None:
    """8:1 (line 170): 16:4 allows one weapon, but the Warrior's ability counts two."""
    arms = ("axe", "sword")
    assert score(hero("warrior", objects=arms), "strength", "combat") == 6
    assert score(hero("thief", objects=arms), "strength", "combat") == 4


def test_rule_8_1_the_troll_rests_and_regenerates_on_four_or_more() -> None:
    """8:1 (line 170): the Troll's ability replaces his move: he rests, rolls 1 die and heals 1 Life on
    4, 5 or 6 (docs/rulings/talisman.md, "The Troll regenerates on a die roll"), and his turn ends."""
    s = turn(make(hero("troll", lives=2), hero("wizard")))
    assert "ability:0" in actions(s)
    s = play(s, "ability:0")
    assert outcomes(s) == {0: Fraction(1, 2), 1: Fraction(1, 2)}  # the branches 1-3 and 4-6
    healed = play(s, 1)
    missed = play(s, 0)
    assert healed.heroes[0].lives == 3 and missed.heroes[0].lives == 2
    assert healed.heroes[0].space == missed.heroes[0].space == hero("troll").space
    assert healed.current == missed.current == 1


def test_rule_8_1_the_prophetess_redraws_once_a_turn_even_after_an_imp() -> None:
    """8:1 (line 170) with the Prophetess's card ("Once a turn she may send back one Adventure card she
    has just drawn", data/characters.toml): after her one redraw, an Imp drawn in its place whisks her
    to the Ruins, where the cards she draws are not offered for a second redraw that turn; her next
    turn she may redraw again."""
    s = run(make(hero("prophetess", space="fields-1", spells=()), hero("wizard")), Task("space_enc", 0))
    s = play(s, "wolf")
    assert top(s) == "redraw" and actions(s) == ["keep", "redraw:wolf"]
    s = play(s, "redraw:wolf", "imp", 1)  # the Imp's 4-6: to the Ruins, which draws 2 cards
    assert s.heroes[0].space == "ruins" and top(s) == "draw"
    s = play(s, "bear", "ogre")
    assert s.heroes[0].space == "ruins" and top(s) != "redraw" and "ogre" in s.stash("ruins").cards
    later = run(make(replace(s.heroes[0], space="fields-1"), hero("wizard"), turn=2), Task("space_enc", 0))
    assert actions(play(later, "wolf")) == ["keep", "redraw:wolf"]


def test_rule_4_6_a_healer_is_not_offered_at_full_lives() -> None:
    """4:6 (healing never above 4): at the City the physician's healing for 1 Gold is offered only to a
    character below 4 Lives, so a healthy one cannot pay for nothing."""
    hurt = run(make(hero("thief", gold=3, lives=3), hero("wizard", space="city")), Task("space_enc", 0))
    hurt = play(hurt, "done")
    assert "heal" in actions(hurt)
    well = run(make(hero("thief", gold=3, lives=4), hero("wizard", space="city")), Task("space_enc", 0))
    well = play(well, "done")
    assert "heal" not in actions(well)  # the one option left, "leave", needs no choice
    assert (well.heroes[0].gold, well.heroes[0].lives) == (3, 4)
