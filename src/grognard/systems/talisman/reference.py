"""Talisman's cards as the rules help shows them beside its How to play page (`/rules/talisman`).

Every text is read from the catalogue (`catalog.catalog()`: the Character cards with their Special
Abilities, the Spells, the Adventure cards by type, the Purchase and Talisman cards, the board's spaces),
none is retyped here. Each entry is (name, text, citation); the cards of grognard's Talisman are written
for this project and cite their rules inside their text ("16:4"), so the citation is left empty.
"""

from __future__ import annotations

from grognard.engine.reference import Entry, Section
from grognard.systems.talisman.catalog import Catalog, catalog
from grognard.systems.talisman.content import AdventureCard, Character, PurchaseCard, SpellCard

CARD_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Adventure cards: Events", ("event",)),
    ("Adventure cards: Enemies", ("animal", "monster", "dragon", "spirit")),
    ("Adventure cards: Strangers", ("stranger",)),
    ("Adventure cards: Objects, Magic Objects and Followers", ("object", "magic_object", "follower")),
    ("Adventure cards: Places", ("place",)),
)
"""The Adventure deck shown in the groups of 15:3, in their encounter order."""

REGIONS = {
    "outer": "The board: Outer Region",
    "middle": "The board: Middle Region",
    "inner": "The board: Inner Region",
    "crown": "The board: the Crown of Command",
}
"""The board's regions, outside in, as headings."""

_TYPE_WORDS = {
    "animal": "Animal",
    "monster": "Monster",
    "dragon": "Dragon",
    "spirit": "Spirit",
    "object": "Object",
    "magic_object": "Magic Object",
    "follower": "Follower",
}

_TIMING_WORDS = {
    "turn_start": "cast at the start of your turn",
    "before_combat": "cast in a fight, before the die is rolled",
    "evade": "cast when attacked",
    "save_life": "cast when about to lose a Life",
}


def _copies(count: int) -> str:
    return "" if count == 1 else f" {count} in the deck."


def character_entry(cat: Catalog, character: Character) -> Entry:
    """A Character card: its scores, alignment and starting space, then its Special Abilities."""
    start = cat.spaces[character.start].name if character.start in cat.spaces else character.start
    scores = (
        f"Strength {character.strength}, Craft {character.craft}, {character.alignment.capitalize()}; "
        f"starts at the {start}."
    )
    said = [character.text, *(a.text for a in character.abilities if a.text and a.text not in character.text)]
    return character.name, " ".join([scores, *filter(None, said)]), ""


def spell_entry(spell: SpellCard) -> Entry:
    """A Spell card: what it does, and when it is cast where its text does not say."""
    when = "" if "cast" in spell.text.casefold() else f" ({_TIMING_WORDS.get(spell.timing, spell.timing)}.)"
    return spell.name, f"{spell.text}{when}{_copies(spell.count)}", ""


def card_entry(card: AdventureCard) -> Entry:
    """An Adventure card: its text, its kind and scores, its number (the order it is met in, 15:2)."""
    scores = [f"{name} {n}" for name, n in (("Strength", card.strength), ("Craft", card.craft)) if n]
    told = [_TYPE_WORDS.get(card.type, ""), *(s for s in scores if s not in card.text)]
    facts = ", ".join(filter(None, told))
    return (
        card.name,
        f"{card.text}{f' {facts}.' if facts else ''} Card {card.number}.{_copies(card.count)}",
        "",
    )


def pile_entry(card: PurchaseCard) -> Entry:
    """A Purchase or Talisman card: its text and its price (none: it cannot be bought)."""
    price = f" Price {card.price} Gold." if card.price else ""
    return card.name, f"{card.text}{price} {card.count} in the pile.", ""


def space_entries(cat: Catalog, region: str) -> list[Entry]:
    """The spaces of one region in board order, each name and instruction once (how many such spaces)."""
    seen: dict[tuple[str, str], int] = {}
    for space in sorted((s for s in cat.spaces.values() if s.region == region), key=lambda s: s.position):
        seen[(space.name, space.text)] = seen.get((space.name, space.text), 0) + 1
    return [
        (name, text if count == 1 else f"{text} ({count} such spaces.)", "")
        for (name, text), count in seen.items()
    ]


def sections() -> list[Section]:
    """Every card and space of the catalogue, by kind: characters, spells, adventure cards, piles, board."""
    cat = catalog()
    out: list[Section] = [
        ("Characters", [character_entry(cat, c) for c in cat.characters.values()]),
        ("Spells", [spell_entry(s) for s in cat.spells.values()]),
    ]
    deck = sorted(cat.cards.values(), key=lambda c: c.number)
    for heading, types in CARD_GROUPS:
        out.append((heading, [card_entry(c) for c in deck if c.type in types]))
    out.append(("Purchase cards", [pile_entry(c) for c in cat.purchase.values()]))
    out.append(("Talisman cards", [pile_entry(c) for c in cat.talismans.values()]))
    for region, heading in REGIONS.items():
        out.append((heading, space_entries(cat, region)))
    return [(heading, entries) for heading, entries in out if entries]
