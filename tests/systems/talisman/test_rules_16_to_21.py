"""Rules 16:1-21:1 of 003_1ead471cbf19a248.txt: Combat, Psychic Combat, Evading, Toads, Purchase and
Talisman cards, Winning. Each test names its rule."""

from __future__ import annotations

from fractions import Fraction

from grognard.systems.talisman.combat import combat_chances
from grognard.systems.talisman.effects import become_toad, check_winner, gain, to_discard
from grognard.systems.talisman.scores import craft, score, strength
from grognard.systems.talisman.seat_view import action_label
from grognard.systems.talisman.state import Hero, TalismanState, Task

from .helpers import actions, hero, make, outcomes, play, run, top, turn, with_cards


def _fight(h: Hero, *cards: str) -> TalismanState:
    s = with_cards(make(h, hero("wizard")), h.space, *cards)
    return run(s, Task("cards", 0))


def _duel(a: Hero, b: Hero, how: str = "attack") -> TalismanState:
    s = run(make(a, b), Task("encounter", 0))
    s = play(s, "meet:1")
    return play(s, how) if how in actions(s) else s


def test_rule_16_1_combat_when_attacked_by_strength_or_attacking() -> None:
    """16:1 (line 336)."""
    s = _fight(hero("elf", space="fields-3"), "dragon")
    assert s.fight is not None and not s.fight.psychic and s.fight.foe == -1
    d = _duel(hero("warrior", space="fields-3"), hero("elf", space="fields-3"))
    assert d.fight is not None and d.fight.foe == 1 and not d.fight.psychic


def test_rule_16_2_evading_declared_first() -> None:
    """16:2 (line 341)."""
    s = _fight(hero("wizard", space="fields-3", spells=("invisibility",)), "dragon")
    assert top(s) == "fight_evade" and actions(s) == ["fight", "evade:invisibility"]


def test_rule_16_3_spells_before_the_die() -> None:
    """16:3 (line 343): Might adds 2 before the roll."""
    s = _fight(hero("wizard", space="fields-3", spells=("might",)), "bear")
    assert top(s) == "fight_spells"
    s = play(s, "cast:might")
    assert outcomes(s) == {k: v for k, v in combat_chances(4, 3).items() if v}


def test_rule_16_4_one_die_each_higher_wins() -> None:
    """16:4 (line 345): exact chances; a loss costs a Life and ends the turn; one weapon only."""
    s = _fight(hero("elf", space="fields-3", objects=("axe", "sword")), "ogre")
    assert outcomes(s) == {k: v for k, v in combat_chances(4, 5).items() if v}
    lost = play(s, "lose")
    assert lost.heroes[0].lives == 3 and lost.current == 1 and "ogre" in lost.stash("fields-3").cards


def test_rule_16_5_several_enemies_fight_as_one() -> None:
    """16:5 (line 348): two Wolves and a Bear: Strength 7, one die."""
    s = _fight(hero("warrior", space="fields-3", strength=6), "wolf", "wolf", "bear")
    assert s.fight is not None and s.fight.enemy == 7 and len(s.fight.cards) == 3
    s = play(s, "win")
    assert sorted(s.heroes[0].trophies) == ["bear", "wolf", "wolf"]


def test_rule_16_6_the_one_attacked_may_evade() -> None:
    """16:6 (line 350)."""
    s = _duel(hero("warrior", space="fields-3"), hero("wizard", space="fields-3", spells=("invisibility",)))
    assert s.actor() == 1 and actions(s) == ["stand", "evade:invisibility"]
    s = play(s, "evade:invisibility")
    assert s.fight is None and s.heroes[1].lives == 4


def test_rule_16_7_both_may_cast_before_the_die() -> None:
    """16:7 (line 352)."""
    s = _duel(
        hero("wizard", space="fields-3", spells=("might",)),
        hero("sorceress", space="fields-3", spells=("might",)),
    )
    assert top(s) == "duel_spells" and s.actor() == 0
    s = play(s, "cast:might")
    assert top(s) == "duel_spells" and s.actor() == 1
    s = play(s, "cast:might")
    assert s.fight is not None and s.fight.bonus == (2, 2)


def test_rule_16_8_the_higher_score_wins() -> None:
    """16:8 (line 354): the attacker's score against the defender's, one die each."""
    s = _duel(hero("warrior", space="fields-3", strength=6), hero("elf", space="fields-3"))
    assert outcomes(s) == {k: v for k, v in combat_chances(6, 3).items() if v}


def test_rule_16_9_the_victor_chooses() -> None:
    """16:9 (line 356): a Life, or one Object, or one Gold; then the turn ends."""
    s = _duel(
        hero("warrior", space="fields-3", strength=6),
        hero("elf", space="fields-3", objects=("sword",), gold=2),
    )
    s = play(s, "win")
    assert actions(s) == ["life", "take:sword", "gold"]
    took = play(s, "take:sword")
    assert "sword" in took.heroes[0].objects and took.heroes[1].objects == () and took.current == 1
    gold = play(s, "gold")
    assert (gold.heroes[0].gold, gold.heroes[1].gold) == (2, 1)
    life = play(s, "life")
    assert life.heroes[1].lives == 3


def test_rule_16_10_stand_off_harms_none_and_ends_the_turn() -> None:
    """16:10 (line 358)."""
    s = play(_fight(hero("elf", space="fields-3"), "bear"), "standoff")
    assert s.heroes[0].lives == 4 and s.current == 1 and "bear" in s.stash("fields-3").cards


def test_rule_17_1_psychic_combat() -> None:
    """17:1 (line 360): a Spirit, or a character whose ability allows it."""
    s = _fight(hero("elf", space="fields-3"), "wraith")
    assert s.fight is not None and s.fight.psychic
    d = _duel(hero("sorceress", space="fields-3"), hero("warrior", space="fields-3"), "psychic")
    assert d.fight is not None and d.fight.psychic


def test_rule_17_2_craft_for_strength_and_no_object_saves() -> None:
    """17:2 (line 365): scores are Craft; Armour cannot save a Life lost in Psychic Combat."""
    s = _fight(hero("elf", space="fields-3", objects=("armour",)), "wraith")
    assert outcomes(s) == {k: v for k, v in combat_chances(4, 5).items() if v}
    assert actions(play(s, "lose")) == []
    body = play(_fight(hero("elf", space="fields-3", objects=("armour",)), "ogre"), "lose")
    assert actions(body) == ["take", "armour:armour"]
    assert outcomes(play(body, "armour:armour")) == {"saved": Fraction(1, 2), "hit": Fraction(1, 2)}


def test_rule_18_1_evading_by_ability_or_spell() -> None:
    """18:1 (line 370): Invisibility passes every creature; Immobility only one; the Minstrel's songs."""
    s = _fight(hero("wizard", space="fields-3", spells=("invisibility",)), "wolf", "bear")
    s = play(s, "evade:invisibility")
    assert sorted(s.stash("fields-3").cards) == ["bear", "wolf"] and s.heroes[0].lives == 4
    s = _fight(hero("wizard", space="fields-3", spells=("immobility",)), "wolf", "bear")
    assert "evade:immobility:bear" in actions(s)
    s = play(s, "evade:immobility:bear")
    assert s.fight is not None and s.fight.cards == ("wolf",) and s.fight.enemy == 2
    s = _fight(hero("minstrel", space="fields-3"), "bear")
    assert "evade" in actions(s)
    assert top(_fight(hero("minstrel", space="fields-3"), "ogre")) == "fight_roll"


def test_rule_18_1_the_minstrel_evades_an_animal_beside_a_monster() -> None:
    """18:1 (line 370: "by using a Special Ability ... Evade an unfriendly creature") with the Minstrel's
    card ("may Evade any Animal", data/characters.toml): a Bear beside an Ogre is still an Animal. He
    evades the Bear (and every Animal of the group) and fights the Ogre alone (16:5, line 348); the Bear
    stays on the space (docs/rulings/talisman.md, "The Minstrel and a mixed group")."""
    s = _fight(hero("minstrel", space="fields-3"), "bear", "ogre")
    assert actions(s) == ["fight", "evade"]
    assert action_label(s, 0, "evade") == "Evade the Bear, then fight the Ogre"
    s = play(s, "evade")
    assert top(s) == "fight_roll" and s.fight is not None
    assert s.fight.cards == ("ogre",) and s.fight.enemy == 5
    assert outcomes(s) == {k: v for k, v in combat_chances(2, 5).items() if v}
    won = play(s, "win")
    assert won.heroes[0].trophies == ("ogre",) and "bear" in won.stash("fields-3").cards
    two = play(_fight(hero("minstrel", space="fields-3"), "wolf", "bear", "ogre"), "evade")
    assert two.fight is not None and two.fight.cards == ("ogre",)
    alone = play(_fight(hero("minstrel", space="fields-3"), "wolf", "bear"), "evade")
    assert alone.fight is None and alone.heroes[0].lives == 4


def test_rule_18_2_what_may_be_evaded() -> None:
    """18:2 (line 372): attackers outside, a character, a creature on a card (the Imp)."""
    s = with_cards(
        make(hero("wizard", space="fields-3", spells=("immobility",)), hero("elf")), "fields-3", "imp"
    )
    s = run(s, Task("cards", 0))
    assert top(s) == "event_evade"
    s = play(s, "evade:immobility")
    assert s.heroes[0].space == "fields-3" and "imp" in s.stash("fields-3").cards


def test_rule_18_3_only_characters_in_the_inner_region() -> None:
    """18:3 (line 378)."""
    a, b = (
        hero("warrior", space="plain-of-peril"),
        hero("wizard", space="plain-of-peril", spells=("invisibility",)),
    )
    assert "evade:invisibility" in actions(_duel(a, b))
    s = make(hero("wizard", space="werewolf-den", spells=("invisibility",)), hero("elf"))
    assert top(play(run(s, Task("space_enc", 0)), 1)) == "fight_roll"


def _toad(h: Hero) -> TalismanState:
    return become_toad(make(h, hero("wizard")), 0, 3)


def test_rule_19_1_three_turns_then_back() -> None:
    """19:1 (line 380): the turn it happens does not count; back at the end of the third turn."""
    s = _toad(hero("elf", space="fields-3"))
    assert s.heroes[0].toad == 3
    s = run(s, Task("end", 0))
    assert s.heroes[0].toad == 3
    for left in (2, 1, 0):
        s = run(make(s.heroes[0], s.heroes[1], turn=s.turn + 1), Task("end", 0))
        assert s.heroes[0].toad == left


def test_rule_19_2_toads_drop_everything() -> None:
    """19:2 (line 382)."""
    s = _toad(hero("elf", space="fields-3", gold=2, objects=("sword",), followers=("maiden",)))
    h = s.heroes[0]
    assert (h.objects, h.followers, h.gold) == ((), (), 0)
    assert sorted(s.stash("fields-3").cards) == ["maiden", "sword"] and s.stash("fields-3").gold == 2


def test_rule_19_3_strength_and_craft_one_counters_kept() -> None:
    """19:3 (line 384)."""
    s = _toad(hero("elf", strength=6))
    assert strength(s.heroes[0]) == 1 and craft(s.heroes[0]) == 1
    s = gain(s, 0, "strength", 2)
    assert strength(s.heroes[0]) == 3 and s.heroes[0].strength == 6


def test_rule_19_4_toads_hop_one_space() -> None:
    """19:4 (line 386)."""
    s = _toad(hero("elf", space="village"))
    s = turn(s)
    assert top(s) == "direction"
    assert play(s, "cw").heroes[0].space == "fields-2"


def test_rule_19_5_toads_neither_gain_nor_cast_spells() -> None:
    """19:5 (line 388)."""
    s = _toad(hero("wizard", space="fields-1", spells=("curse", "hex")))
    assert s.heroes[0].spells == ("curse", "hex")
    assert top(turn(s)) == "direction"
    s = run(s, Task("draw_spell", 0))
    assert s.heroes[0].spells == ("curse", "hex")


def test_rule_19_6_toads_share_the_lives() -> None:
    """19:6 (line 390)."""
    s = run(_toad(hero("elf", lives=3)), Task("lose_life", 0))
    assert s.heroes[0].lives == 2


def test_rule_19_7_toads_encounter_as_anyone() -> None:
    """19:7 (line 392)."""
    s = turn(_toad(hero("elf", space="village")))
    s = play(s, "acw")
    assert s.heroes[0].space == "woods-1" and top(s) == "draw"


def test_rule_19_8_toads_have_no_abilities() -> None:
    """19:8 (line 394)."""
    s = become_toad(make(hero("thief", space="fields-3"), hero("elf", space="fields-3", gold=3)), 0, 3)
    s = play(run(s, Task("encounter", 0)), "meet:1")
    assert top(s) == "duel_roll"
    assert score(s.heroes[0], "strength", "combat", two_weapons=True) == 1


def test_rule_20_1_purchase_cards_taken_from_their_pile() -> None:
    """20:1 (line 396)."""
    s = run(make(hero("thief", gold=4), hero("wizard")), Task("space_enc", 0))
    s = play(s, "buy:armour")
    assert "armour" in s.heroes[0].objects and dict(s.supply)["armour"] == 3


def test_rule_20_2_back_to_the_pile_and_none_when_gone() -> None:
    """20:2 (line 398)."""
    s = to_discard(make(hero("thief")), "sword")
    assert dict(s.supply)["sword"] == 5 and "sword" not in s.discard
    none_left = make(hero("thief", gold=9), hero("wizard"), supply=(("armour", 0), ("sword", 1)))
    s = run(none_left, Task("space_enc", 0))
    assert "buy:sword" in actions(s) and "buy:armour" not in actions(s)


def test_rule_20_3_purchase_cards_can_be_left_on_the_board() -> None:
    """20:3 (line 400)."""
    full = ("armour", "axe", "helmet", "sword")
    s = run(make(hero("elf", space="desert", objects=full), hero("wizard")), Task("collect", 0))
    s = play(s, "ditch:sword", "take:sword")
    assert "sword" in s.heroes[0].objects and s.stash("desert").cards == ()


def test_rule_21_1_the_last_character_left_wins() -> None:
    """21:1 (line 404)."""
    s = check_winner(make(hero("elf"), Hero(out=True), hero("wizard")))
    assert not s.over
    s = check_winner(make(hero("elf"), Hero(out=True), Hero(out=True)))
    assert s.over == "win" and s.winners == (0,) and s.result().winners == (0,)
    s = make(hero("wizard", space="crown-of-command"), hero("thief"), crown_reached=True)
    s = play(turn(s), "effect", "concede")
    assert s.over == "win" and s.winners == (0,)
