"""The worked EXAMPLEs of 003_1ead471cbf19a248.txt, each played on the engine."""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.talisman.scores import craft, spell_limit, strength
from grognard.systems.talisman.state import Task

from .helpers import actions, hero, make, outcomes, play, run, top, turn, with_cards


def test_example_line_78_the_warriors_strength() -> None:
    """Line 78: Strength 7; 8 in Combat with the Sword; 6 on the Cursed Glade even in Combat."""
    h = hero("warrior", strength=5, objects=("magic-belt", "sword"), followers=("unicorn",))
    assert (strength(h), strength(h, "combat")) == (7, 8)
    glade = replace(h, space="cursed-glade")
    assert (strength(glade), strength(glade, "combat")) == (6, 6)


def test_example_line_103_the_wizards_craft_on_the_cursed_glade() -> None:
    """Line 103: Craft 7 allows 3 Spells; on the Glade Craft 5 allows 2, so one must go."""
    h = hero("wizard", space="fields-3", objects=("solomons-crown",), spells=("healing", "hex", "might"))
    assert craft(h) == 7 and spell_limit(h) == 3
    s = run(make(replace(h, space="cursed-glade"), hero("thief")), Task("end", 0))
    assert craft(s.heroes[0]) == 5 and top(s) == "discard_spell" and s.actor() == 0
    s = play(s, "discard:hex")
    assert len(s.heroes[0].spells) == 2
    assert spell_limit(replace(s.heroes[0], space="fields-3")) == 3


def test_example_line_138_the_assassin_and_the_holy_lance() -> None:
    """Line 138: the Evil Assassin must leave the Holy Lance face up where he found it."""
    s = with_cards(make(hero("assassin", space="desert"), hero("elf")), "desert", "holy-lance")
    s = run(s, Task("collect", 0))
    assert "take:holy-lance" not in actions(s)
    assert s.stash("desert").cards == ("holy-lance",)


def test_example_line_146_the_wizards_mule_and_the_thief() -> None:
    """Line 146: the Thief steals the Mule; the Wizard keeps 4 of his 10 Objects and leaves 6 on the
    space, which the Thief may then claim (12:1)."""
    load = ("armour", "armour", "axe", "axe", "helmet", "helmet", "shield", "shield", "sword", "sword")
    wizard = hero("wizard", space="crags", objects=tuple(sorted((*load, "mule"))))
    s = make(hero("thief", space="crags"), wizard)
    s = play(run(s, Task("encounter", 0)), "meet:1", "steal", "take:mule")
    assert "mule" in s.heroes[0].objects
    for _ in range(6):
        assert top(s) == "drop" and s.actor() == 1
        s = play(s, actions(s)[0])
    assert len(s.heroes[1].objects) == 4 and len(s.stash("crags").cards) == 6
    assert top(s) == "collect" and s.actor() == 0
    assert any(a.startswith("take:") for a in actions(s))


def test_example_line_230_the_thief_crosses_with_immobility() -> None:
    """Line 230: from the Graveyard a 6, clockwise to the Sentinel, Immobility, the Hills, then
    anticlockwise to the Portal of Power."""
    s = turn(make(hero("thief", space="graveyard", spells=("immobility",)), hero("elf")))
    s = play(s, 6, "cw")
    assert s.heroes[0].space == "sentinel" and actions(s) == ["on", "bridge"]
    s = play(s, "bridge")
    assert actions(s) == ["fight", "evade:immobility"]
    s = play(s, "evade:immobility")
    assert s.heroes[0].space == "hills" and actions(s) == ["cw", "acw"]
    s = play(s, "acw")
    assert s.heroes[0].space == "portal-of-power" and s.heroes[0].spells == ()


def test_example_line_264_the_minstrel_in_the_desert() -> None:
    """Line 264: Gold and the Maiden taken; the Wand draws Preservation; the Amulet ditched for the
    Talisman; Preservation saves the Desert's Life and the Wand replaces it."""
    minstrel = hero("minstrel", space="desert", objects=("amulet", "armour", "axe"))
    left = ("maiden", "sword", "talisman", "wand", "water-bottle")
    s = with_cards(make(minstrel, hero("elf")), "desert", *left, gold=2)
    s = run(s, Task("space_enc", 0))
    assert s.heroes[0].gold == 3
    s = play(s, "take:maiden", "take:wand")
    assert top(s) == "draw_spell"
    s = play(s, "preservation", "ditch:amulet", "take:talisman", "done")
    assert actions(s) == ["take", "save:preservation"]
    s = play(s, "save:preservation")
    assert top(s) == "draw_spell"
    s = play(s, "might")
    h = s.heroes[0]
    assert h.lives == 4 and h.spells == ("might",) and h.followers == ("maiden",)
    assert sorted(h.objects) == ["armour", "axe", "talisman", "wand"]
    assert sorted(s.stash("desert").cards) == ["amulet", "sword", "water-bottle"]


def test_example_line_284_the_sorceress_between_runes_and_oasis() -> None:
    """Line 284: a 2 from the Temple reaches the Runes or the Oasis. On the Runes the Dragon is the card
    drawn and fights at 9 against her 3: a Life lost for certain. On the Oasis the Hex costs a Life and
    counts as one of the 2 cards, so 1 is drawn: another Dragon."""
    sorceress = hero("sorceress", space="temple", strength=3)
    s = with_cards(make(sorceress, hero("elf")), "runes", "dragon")
    s = with_cards(s, "oasis", "hex")
    start = play(turn(s), 2)
    runes = play(start, "cw")
    assert runes.heroes[0].space == "runes" and runes.heroes[0].lives == 3 and runes.current == 1
    oasis = play(start, "acw")
    assert oasis.heroes[0].space == "oasis" and top(oasis) == "draw"
    oasis = play(oasis, "dragon")
    assert oasis.heroes[0].lives == 3 and top(oasis) == "fight_roll"
    assert "hex" in oasis.spell_discard and oasis.fight is not None and oasis.fight.enemy == 7


def test_example_line_334_the_dwarf_the_imp_the_bear_and_the_gold() -> None:
    """Line 334: the Imp first; a 4 sends the Dwarf to the Ruins; the Bear and the Gold stay in the
    Hidden Valley as 2 of its 3 cards; the Dwarf meets the Ruins."""
    s = run(make(hero("dwarf", space="hidden-valley"), hero("elf")), Task("space_enc", 0))
    s = play(s, "imp", "bear", "bag-of-gold")
    assert top(s) == "fx_roll" and set(outcomes(s)) == {0, 1}
    s = play(s, 1)
    assert s.heroes[0].space == "ruins" and top(s) == "draw"
    assert sorted(s.stash("hidden-valley").cards) == ["bag-of-gold", "bear"]
    assert "imp" in s.discard
