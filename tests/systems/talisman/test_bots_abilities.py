"""The heuristic bot weighs each character's own abilities (issue 15): the Druid's alignment at will,
the Warrior's two weapons, a bonus on some spaces, the Enemies one may Evade, a prayer's chance; and it
casts no Spell that would do nothing."""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.systems.talisman.bot_worth import card_worth, item_worth
from grognard.systems.talisman.bots import futile, heuristic_policy
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.state import TalismanState, Task

from .helpers import actions, hero, make, run


def _choice(state: TalismanState) -> str:
    return str(heuristic_policy(state, Rng("test")))


def test_the_druid_turns_good_to_be_healed_at_the_chapel() -> None:
    """The Druid (our card: "May change alignment at the start of his turn", 7:2 line 164) with 1 Life,
    no Gold and the Chapel two spaces away turns Good (the Chapel heals the Good); at full Lives, in the
    Ruins, far from the Chapel and the Graveyard, he stays as he is."""
    s = run(
        make(hero("druid", space="stones", lives=1, gold=0, spells=()), hero("warrior")), Task("start", 0)
    )
    assert "align:good" in actions(s)
    assert _choice(s) == "align:good"
    s = run(make(hero("druid", space="ruins", gold=0, spells=()), hero("warrior")), Task("start", 0))
    assert "align:evil" in actions(s) and _choice(s) == "move"


def test_no_befuddle_at_a_character_already_at_his_starting_craft() -> None:
    """Befuddle (our Spell: "they lose 1 Craft (never below their starting Craft, 2:3)", line 86) at a
    character at his starting Craft does nothing, so the bot does not cast it; above it, at the leader,
    it does."""
    s = run(make(hero("wizard", spells=("befuddle",)), hero("thief")), Task("start", 0))
    assert "cast:befuddle:1" in actions(s) and futile(s, 1, "befuddle")
    assert _choice(s) == "move"
    s = run(make(hero("wizard", spells=("befuddle",)), hero("thief", craft=6)), Task("start", 0))
    assert not futile(s, 1, "befuddle") and _choice(s) == "cast:befuddle:1"


def test_futile_spells() -> None:
    """Enfeeble at the starting Strength (1:3, line 70), Transformation at a Toad, Atonement when Good
    (7:1), Healing at 4 Lives (4:6, line 130), Exile at a character already in the Desert: nothing."""
    s = make(hero("wizard"), hero("elf"), hero("thief", toad=2, space="desert"))
    assert futile(s, 1, "enfeeble") and not futile(s.edit_hero(1, strength=5), 1, "enfeeble")
    assert futile(s, 2, "transformation") and not futile(s, 1, "transformation")
    assert futile(s, 1, "atonement") and not futile(s, 0, "atonement")
    assert futile(s, 1, "healing") and not futile(s.edit_hero(1, lives=3), 1, "healing")
    assert futile(s, 2, "exile") and not futile(s, 1, "exile")
    assert not futile(s, 1, "curse") and not futile(s, 1, "might")


def test_the_warrior_values_a_second_weapon() -> None:
    """The Warrior's two weapons count in Combat (our card; 16:4, line 345, allows one): an Axe beside his
    Sword is
    worth a Strength to him, nothing more than carrying to the Monk."""
    warrior = hero("warrior", objects=("sword",))
    monk = hero("monk", objects=("sword",))
    assert item_worth(warrior, "axe") > item_worth(monk, "axe") + 1.5


def test_a_bonus_on_some_spaces_counts_where_the_fight_is() -> None:
    """The Dwarf's +1 Strength in the Crags (our card) makes a fight there better than the same fight on
    the Fields; the Monk's bonus counts everywhere."""
    s = make(hero("dwarf", space="village"), hero("monk", space="village"))
    assert card_worth(s, 0, "bear", at="crags") > card_worth(s, 0, "bear", at="fields-1")
    assert card_worth(s, 1, "bear", at="crags") == card_worth(s, 1, "bear", at="fields-1")


def test_an_animal_the_minstrel_may_evade_costs_him_nothing() -> None:
    """The Minstrel may Evade any Animal (our card; 18:1, line 370): the strongest Animal is no danger
    to him, while it is one to the Monk."""
    cards = catalog().cards
    beast = max((c for c in cards.values() if c.type == "animal"), key=lambda c: c.strength).id
    s = make(hero("minstrel", space="fields-1"), hero("monk", space="fields-1"))
    assert card_worth(s, 0, beast) >= 0.0 > card_worth(s, 1, beast)


def test_a_prayer_is_weighed_by_its_chance() -> None:
    """The Priest's prayer (5 or 6 heals) and the Troll's rest (4 or more) cost the turn's move: at 1 Life
    both take it, at 4 Lives neither does."""
    for character, ability in (("priest", "ability:1"), ("troll", "ability:0")):
        s = run(make(hero(character, space="fields-1", lives=1, spells=()), hero("elf")), Task("start", 0))
        assert _choice(s) == ability
        s = run(make(hero(character, space="fields-1", spells=()), hero("elf")), Task("start", 0))
        assert _choice(s) == "move"
