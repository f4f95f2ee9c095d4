"""The Talisman card decks against the rulebook (003_1ead471cbf19a248.txt): the Adventure deck (15:1-11),
the Spell deck (9:1-8, 18:1), the Purchase and Talisman cards (20:1-3), Toad and Alignment Change cards.

The decks are data (src/grognard/systems/talisman/data/); these tests load the shipped catalog afresh and
check what the rules say of the cards. The encounter order of 15:3 is written out here again, so that a
wrong order in the engine's own table would be caught too.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.talisman import content as c
from grognard.systems.talisman.catalog import Catalog, load_catalog, walk

DATA = Path(__file__).resolve().parents[3] / "src" / "grognard" / "systems" / "talisman" / "data"

ORDER_15_3 = {
    "event": 1,
    "animal": 2,
    "monster": 2,
    "dragon": 2,
    "spirit": 3,
    "stranger": 4,
    "object": 5,
    "magic_object": 5,
    "follower": 5,
    "place": 6,
}
"""15:3: 1 Events; 2 Enemies by Strength (Animal, Monster, Dragon); 3 Spirits; 4 Strangers (15:7-8);
5 Objects, Magic Objects, Followers (15:9); 6 Places (15:10)."""

ALIGNMENTS = {"good", "neutral", "evil"}
"""The three alignments (7:1-3)."""


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def _deck(cat: Catalog) -> Counter[str]:
    return Counter({card.id: card.count for card in cat.cards.values()})


def _by_type(cat: Catalog) -> Counter[str]:
    out: Counter[str] = Counter()
    for card in cat.cards.values():
        out[card.type] += card.count
    return out


def _all_effects(cat: Catalog) -> Iterator[tuple[str, c.Effect]]:
    for card in cat.cards.values():
        for fx in walk([*card.effects, *card.on_gain, *card.on_cast]):
            yield card.id, fx
    for spell in cat.spells.values():
        for fx in walk(spell.effects):
            yield spell.id, fx
    for pile in (*cat.purchase.values(), *cat.talismans.values()):
        for fx in walk([*pile.on_gain, *pile.on_cast]):
            yield pile.id, fx
    for space in cat.spaces.values():
        for fx in walk(space.effects):
            yield space.id, fx


# ---------------------------------------------------------------- the Adventure deck


def test_catalog_loads() -> None:
    cat = load_catalog(DATA)
    assert cat.cards and cat.spells and cat.purchase and cat.talismans


def test_adventure_deck_has_at_least_100_cards(cat: Catalog) -> None:
    total = sum(_deck(cat).values())
    assert total >= 100, f"the Adventure deck has only {total} cards (copies counted)"


def test_every_type_of_15_3_is_in_the_deck(cat: Catalog) -> None:
    """15:3: Events; Enemies (Animals, Monsters, Dragons; Spirits); Strangers; Objects, Magic Objects,
    Followers; Places: each type must be met somewhere in the deck."""
    types = _by_type(cat)
    missing = [t for t in ORDER_15_3 if types[t] == 0]
    assert not missing, f"15:3: no card of type {missing}"


def test_the_deck_is_mostly_enemies_and_events(cat: Catalog) -> None:
    """15:5-6, 16:1: Combat is the heart of the Outer and Middle Regions; a balanced deck has more
    Enemies than any other group and several of each other type."""
    types = _by_type(cat)
    enemies = sum(types[t] for t in c.ENEMY_TYPES)
    assert enemies > max(types[t] for t in ORDER_15_3 if t not in c.ENEMY_TYPES)
    for kind in ("event", "stranger", "object", "magic_object", "follower", "place"):
        assert types[kind] >= 5, f"only {types[kind]} cards of type {kind}"


def test_numbers_are_unique_and_follow_15_3(cat: Catalog) -> None:
    """15:2: cards are met strictly by number, lowest first; 15:3: so the numbers must put Events first,
    then Enemies by Strength, Spirits, Strangers, Objects/Magic Objects/Followers and Places last."""
    cards = sorted(cat.cards.values(), key=lambda card: card.number)
    numbers = [card.number for card in cards]
    assert len(set(numbers)) == len(numbers), "15:2: two cards share a number"
    for before, after in pairwise(cards):
        assert ORDER_15_3[before.type] <= ORDER_15_3[after.type], (
            f"15:3: {after.id} ({after.type}, {after.number}) is met after "
            f"{before.id} ({before.type}, {before.number})"
        )


def test_engine_order_table_matches_15_3() -> None:
    """15:3: the engine's table of groups must be the rulebook's."""
    assert c.TYPE_ORDER == ORDER_15_3


def test_catalog_refuses_numbers_out_of_15_3_order(tmp_path: Path) -> None:
    """15:2-3: a Spirit numbered before an Animal would be met first; the loader must refuse it."""
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    (folder / "adventure" / "zz_bad.toml").write_text(
        '[[cards]]\nnumber = 99\nid = "early-spirit"\nname = "Early Spirit"\ntype = "spirit"\ncraft = 3\n',
        encoding="utf-8",
    )
    with pytest.raises(ContentError, match="15:3"):
        load_catalog(folder)
    (folder / "adventure" / "zz_bad.toml").unlink()
    assert len(load_catalog(folder).cards) == len(load_catalog(DATA).cards)


def test_every_enemy_has_the_score_it_fights_with(cat: Catalog) -> None:
    """15:5, 16:1: Animals, Monsters and Dragons attack by Strength; 15:6, 17:1: Spirits by Craft in
    Psychic Combat. Each has exactly the score its kind fights with."""
    for card in cat.cards.values():
        if card.type in ("animal", "monster", "dragon"):
            assert card.strength >= 1 and card.craft == 0, f"15:5: {card.id} needs a Strength only"
        elif card.type == "spirit":
            assert card.craft >= 1 and card.strength == 0, f"15:6: {card.id} needs a Craft only"
        else:
            assert card.strength == 0 and card.craft == 0, f"{card.id} ({card.type}) is not an Enemy"


def test_the_dragon_of_the_example_has_strength_7(cat: Catalog) -> None:
    """13:5 example: "The Dragon has a Strength of 7"."""
    assert cat.cards["dragon"].type == "dragon"
    assert cat.cards["dragon"].strength == 7


def test_dragons_are_the_strongest_enemies(cat: Catalog) -> None:
    """13:5 example: a Dragon (Strength 7) is a certain loss for a Strength 3 character; no Animal or
    Monster outdoes the Dragons."""
    dragons = [card.strength for card in cat.cards.values() if card.type == "dragon"]
    others = [card.strength for card in cat.cards.values() if card.type in ("animal", "monster")]
    assert dragons and min(dragons) >= 7
    assert max(others) <= min(dragons)


def test_examples_of_the_rules_are_as_described(cat: Catalog) -> None:
    """1:6 example: Magic Belt +1 Strength, Unicorn +1 Strength, Sword +1 in Combat only; 2:8 example:
    Solomon's Crown +2 Craft; 5:2 example: the Holy Lance for Good or Neutral only; 15:11 example: the
    Imp is an Event, the Bear an Enemy and the Bag of Gold an Object."""

    def bonus(card_id: str) -> list[tuple[str, int, str]]:
        return [(b.stat, b.amount, b.when) for b in cat.item(card_id).bonuses]

    assert bonus("magic-belt") == [("strength", 1, "always")]
    assert cat.cards["magic-belt"].type == "magic_object"
    assert bonus("unicorn") == [("strength", 1, "always")]
    assert cat.cards["unicorn"].type == "follower"
    assert bonus("sword") == [("strength", 1, "combat")]
    assert bonus("solomons-crown") == [("craft", 2, "always")]
    assert sorted(cat.cards["holy-lance"].alignments) == ["good", "neutral"]
    assert cat.cards["imp"].type == "event"
    assert cat.cards["bear"].type == "animal"
    assert cat.cards["bag-of-gold"].type == "object"


def test_magic_object_alignment_limits_are_real(cat: Catalog) -> None:
    """5:2, 7:3: a Magic Object may be limited to some alignments; each limit names real alignments
    (7:1) and leaves someone out (else it is no limit); Good-only, Evil-only and Neutral-only ones exist."""
    limited = [card for card in cat.cards.values() if card.alignments]
    assert limited
    for card in limited:
        assert card.type == "magic_object", f"5:2: only Magic Objects have alignment limits ({card.id})"
        assert set(card.alignments) <= ALIGNMENTS, f"7:1: {card.id} names {card.alignments}"
        assert set(card.alignments) != ALIGNMENTS, f"5:2: {card.id} limits no one"
    kinds = {tuple(sorted(card.alignments)) for card in limited}
    assert {("good",), ("evil",), ("neutral",)} <= kinds


def test_only_the_wand_exceeds_the_spell_limit(cat: Catalog) -> None:
    """2:6: "This limit may only be exceeded by a Character possessing the Wand"."""
    exceeding = [
        i.id for i in (*cat.cards.values(), *cat.purchase.values(), *cat.talismans.values()) if i.extra_spells
    ]
    assert exceeding == ["wand"]


def test_only_objects_save_lives_in_combat(cat: Catalog) -> None:
    """16:4, 17:2: an Object may save a Life in Combat; Followers and other cards do not carry saves."""
    for card in cat.cards.values():
        if card.save is not None:
            assert card.type in ("object", "magic_object"), f"{card.id} is no Object"


def test_strangers_and_places_have_instructions(cat: Catalog) -> None:
    """15:8, 15:10: the instructions on the card are followed; 15:4 for Events."""
    for card in cat.cards.values():
        if card.type in ("event", "stranger", "place"):
            assert card.effects, f"{card.id} ({card.type}) has no instructions"
        assert card.text, f"{card.id} has no text"


def test_strangers_include_healer_mage_and_enchantress_with_die_rolls(cat: Catalog) -> None:
    """15:8: Strangers' instructions, several decided by a die roll."""
    for card_id in ("healer", "mage", "enchantress"):
        card = cat.cards[card_id]
        assert card.type == "stranger"
        assert any(isinstance(fx, c.Roll) for fx in walk(card.effects)), f"{card_id} rolls no die"


def test_followers_bring_bonuses_or_powers(cat: Catalog) -> None:
    """6:1-4: Followers accompany a character; each one here does something for them, and some depend
    on the character's alignment (7:1)."""
    followers = [card for card in cat.cards.values() if card.type == "follower"]
    for card in followers:
        assert card.bonuses or card.keywords or card.on_gain, f"{card.id} does nothing"
    assert any(isinstance(fx, c.If) and fx.test.alignment for card in followers for fx in walk(card.on_gain))


def test_toads_last_three_turns(cat: Catalog) -> None:
    """19:1: a character is turned into a Toad for three Turns."""
    toads = [(owner, fx) for owner, fx in _all_effects(cat) if isinstance(fx, c.BecomeToad)]
    assert toads
    for owner, fx in toads:
        assert fx.turns == 3, f"19:1: {owner} makes a Toad for {fx.turns} turns"


def test_alignment_changes_exist_both_ways(cat: Catalog) -> None:
    """7:1: Alignment may change as the result of Encounters; cards turn characters Good and Evil."""
    targets = {fx.to for _, fx in _all_effects(cat) if isinstance(fx, c.ChangeAlignment)}
    assert {"good", "evil"} <= targets


def test_cards_that_gain_lives_by_healing_stop_at_4(cat: Catalog) -> None:
    """4:6: Healing never restores a character to more than 4 Lives; the engine's `heal` part does that,
    so every healer, spring and potion uses it rather than an unlimited gain."""
    healers = {"healer", "wandering-healer", "fountain", "healing-potion", "wishing-well", "restoration"}
    for owner, fx in _all_effects(cat):
        if owner in healers:
            assert not (isinstance(fx, c.Gain) and fx.stat == "lives"), f"4:6: {owner} heals past 4"


# ---------------------------------------------------------------- the Spell deck


def test_spell_deck_has_at_least_24_cards(cat: Catalog) -> None:
    total = sum(spell.count for spell in cat.spells.values())
    assert total >= 24, f"the Spell deck has only {total} cards"


def test_every_spell_says_when_it_may_be_cast(cat: Catalog) -> None:
    """9:6: "A Spell can only be cast as stated on the Spell Card"."""
    timings = {"turn_start", "before_combat", "evade", "save_life"}
    for spell in cat.spells.values():
        assert spell.timing in timings, f"9:6: {spell.id} has no casting time"
        assert spell.text


def test_immobility_invisibility_and_preservation(cat: Catalog) -> None:
    """18:1: Immobility and Invisibility Evade (Immobility one creature, Invisibility all on the space);
    the 12:1 example: Preservation prevents the loss of a Life."""
    immobility = cat.spells["immobility"]
    invisibility = cat.spells["invisibility"]
    preservation = cat.spells["preservation"]
    assert (immobility.timing, immobility.evade) == ("evade", "one")
    assert (invisibility.timing, invisibility.evade) == ("evade", "all")
    assert preservation.timing == "save_life"


def test_evading_spells_touch_creatures(cat: Catalog) -> None:
    """9:7, 14:4, 18:3: spells that act on creatures work only in the Outer and Middle Regions; every
    Evade spell and every slaying spell is marked so."""
    for spell in cat.spells.values():
        if spell.evade or spell.slay:
            assert spell.affects_creature, f"14:4: {spell.id} must be void in the Inner Region"
        if spell.evade:
            assert spell.timing == "evade", f"18:1: {spell.id} evades only when attacked"


def test_spell_effects_run_only_where_the_engine_runs_them(cat: Catalog) -> None:
    """9:6: a Spell does what its card says; only turn-start Spells (and those left on a space) carry
    instructions, the others act by their evade, combat bonus, slay or save."""
    for spell in cat.spells.values():
        if spell.effects:
            assert spell.timing == "turn_start", f"{spell.id}: its effects would never run"
        else:
            assert spell.evade or spell.combat_bonus or spell.slay or spell.timing == "save_life", spell.id


# ---------------------------------------------------------------- Purchase, Talisman, Toad, Alignment


@pytest.mark.parametrize(
    "card_id", ["helmet", "sword", "axe", "shield", "armour", "raft", "mule", "water-bottle"]
)
def test_purchase_cards_have_prices(cat: Catalog, card_id: str) -> None:
    """20:1, 3:2: Purchase cards are bought for Bags of Gold; each pile has cards (20:2)."""
    card = cat.purchase[card_id]
    assert card.price >= 1, f"3:2: {card_id} has no price"
    assert card.count >= 1


def test_purchase_cards_do_what_the_rules_need(cat: Catalog) -> None:
    """5:3 the Mule carries any number of Objects; 11:16 an Axe builds a Raft; 11:15-19 the Raft crosses
    the river; the Desert needs water (12:1 example); 16:4 the Sword and Axe are weapons."""
    assert cat.purchase["mule"].carry_any
    assert "axe" in cat.purchase["axe"].keywords
    assert "raft" in cat.purchase["raft"].keywords
    assert "water" in cat.purchase["water-bottle"].keywords
    assert cat.purchase["sword"].weapon and cat.purchase["axe"].weapon
    for card_id in ("helmet", "shield", "armour"):
        assert cat.purchase[card_id].save is not None, f"16:4: {card_id} saves no Life"


def test_talisman_cards_are_limited(cat: Catalog) -> None:
    """20:2: when no Talisman card is left, none is available; so there is a small, fixed number of
    them, none for sale, and at least one way to gain one (11:6 needs it)."""
    total = sum(card.count for card in cat.talismans.values())
    assert 1 <= total <= 6, f"20:2: {total} Talisman cards"
    assert all(card.price == 0 for card in cat.talismans.values())
    sold = {card for _, fx in _all_effects(cat) if isinstance(fx, c.Shop) for card in fx.cards}
    assert not sold & set(cat.talismans), "a Talisman is for sale"
    gained = {fx.card for _, fx in _all_effects(cat) if isinstance(fx, c.GainCard)}
    assert gained & set(cat.talismans), "11:6: no encounter gives a Talisman"


def test_toad_and_alignment_change_cards(cat: Catalog) -> None:
    """19:1 a Toad card replaces the playing piece; 7:1 an Alignment Change card marks a new alignment."""
    assert cat.toad_cards >= 1
    assert cat.alignment_cards >= 1


def test_ids_are_unique_across_decks_and_piles(cat: Catalog) -> None:
    """A card lying on a space is named by its id alone (20:3: Purchase cards lie there too)."""
    ids = [*cat.cards, *cat.spells, *cat.purchase, *cat.talismans]
    assert len(ids) == len(set(ids))
