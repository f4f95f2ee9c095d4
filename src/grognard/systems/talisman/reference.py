"""Talisman's cards as the rules help shows them beside its How to play page (`/rules/talisman`).

Every text is read from the catalogue (`catalog.catalog()`: the Character cards with their Special
Abilities, the Spells, the Adventure cards by type, the Purchase and Talisman cards, the board's spaces),
none is retyped here, and said in the reader's language (the cards' names and texts are messages of the
message catalogue, read out of the data files). Each entry is (name, text, citation); the cards of
grognard's Talisman are written for this project and cite their rules inside their text ("16:4"), so the
citation is left empty.
"""

from __future__ import annotations

from grognard.engine.reference import Entry, Section
from grognard.i18n import N_, gettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.catalog import Catalog, catalog
from grognard.systems.talisman.content import AdventureCard, Character, PurchaseCard, SpellCard

CARD_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Adventure cards: Events"), ("event",)),
    (N_("Adventure cards: Enemies"), ("animal", "monster", "dragon", "spirit")),
    (N_("Adventure cards: Strangers"), ("stranger",)),
    (N_("Adventure cards: Objects, Magic Objects and Followers"), ("object", "magic_object", "follower")),
    (N_("Adventure cards: Places"), ("place",)),
)
"""The Adventure deck shown in the groups of 15:3, in their encounter order."""

REGIONS = {
    "outer": N_("The board: Outer Region"),
    "middle": N_("The board: Middle Region"),
    "inner": N_("The board: Inner Region"),
    "crown": N_("The board: the Crown of Command"),
}
"""The board's regions, outside in, as headings."""

_TYPE_WORDS = {
    "animal": N_("Animal"),
    "monster": N_("Monster"),
    "dragon": N_("Dragon"),
    "spirit": N_("Spirit"),
    "object": N_("Object"),
    "magic_object": N_("Magic Object"),
    "follower": N_("Follower"),
}

_TIMING_WORDS = {
    "turn_start": N_("cast at the start of your turn"),
    "before_combat": N_("cast in a fight, before the die is rolled"),
    "evade": N_("cast when attacked"),
    "save_life": N_("cast when about to lose a Life"),
}


def _copies(count: int) -> str:
    return "" if count == 1 else " " + _("{count} in the deck.").format(count=count)


def character_entry(cat: Catalog, character: Character) -> Entry:
    """A Character card: its scores, alignment and starting space, then its Special Abilities."""
    start = cat.spaces[character.start].name if character.start in cat.spaces else character.start
    scores = _("Strength {strength}, Craft {craft}, {alignment}; starts at the {start}.").format(
        strength=character.strength,
        craft=character.craft,
        alignment=gettext(character.alignment.capitalize()),
        start=gettext(start),
    )
    said = [character.text, *(a.text for a in character.abilities if a.text and a.text not in character.text)]
    return gettext(character.name), " ".join([scores, *(gettext(t) for t in said if t)]), ""


def spell_entry(spell: SpellCard) -> Entry:
    """A Spell card: what it does, and when it is cast where its text does not say."""
    timing = _TIMING_WORDS.get(spell.timing)
    when = "" if "cast" in spell.text.casefold() or timing is None else f" ({gettext(timing)}.)"
    return gettext(spell.name), f"{gettext(spell.text)}{when}{_copies(spell.count)}", ""


def card_entry(card: AdventureCard) -> Entry:
    """An Adventure card: its text, its kind and scores, its number (the order it is met in, 15:2)."""
    scores = [
        (f"{name} {n}", _(said).format(n=n))
        for name, said, n in (
            ("Strength", N_("Strength {n}"), card.strength),
            ("Craft", N_("Craft {n}"), card.craft),
        )
        if n
    ]
    kind = _TYPE_WORDS.get(card.type, "")
    told = [gettext(kind) if kind else "", *(words for english, words in scores if english not in card.text)]
    facts = ", ".join(filter(None, told))
    number = _("Card {number}.").format(number=card.number)
    return (
        gettext(card.name),
        f"{gettext(card.text)}{f' {facts}.' if facts else ''} {number}{_copies(card.count)}",
        "",
    )


def pile_entry(card: PurchaseCard) -> Entry:
    """A Purchase or Talisman card: its text and its price (none: it cannot be bought)."""
    price = " " + _("Price {price} Gold.").format(price=card.price) if card.price else ""
    pile = _("{count} in the pile.").format(count=card.count)
    return gettext(card.name), f"{gettext(card.text)}{price} {pile}", ""


def space_entries(cat: Catalog, region: str) -> list[Entry]:
    """The spaces of one region in board order, each name and instruction once (how many such spaces)."""
    seen: dict[tuple[str, str], int] = {}
    for space in sorted((s for s in cat.spaces.values() if s.region == region), key=lambda s: s.position):
        seen[(space.name, space.text)] = seen.get((space.name, space.text), 0) + 1
    entries: list[Entry] = []
    for (name, text), count in seen.items():
        such = " (" + _("{count} such spaces.").format(count=count) + ")" if count > 1 else ""
        entries.append((gettext(name), gettext(text) + such, ""))
    return entries


def sections() -> list[Section]:
    """Every card and space of the catalogue, by kind: characters, spells, adventure cards, piles, board."""
    cat = catalog()
    out: list[Section] = [
        (_("Characters"), [character_entry(cat, c) for c in cat.characters.values()]),
        (_("Spells"), [spell_entry(s) for s in cat.spells.values()]),
    ]
    deck = sorted(cat.cards.values(), key=lambda c: c.number)
    for heading, types in CARD_GROUPS:
        out.append((gettext(heading), [card_entry(c) for c in deck if c.type in types]))
    out.append((_("Purchase cards"), [pile_entry(c) for c in cat.purchase.values()]))
    out.append((_("Talisman cards"), [pile_entry(c) for c in cat.talismans.values()]))
    for region, heading in REGIONS.items():
        out.append((gettext(heading), space_entries(cat, region)))
    return [(heading, entries) for heading, entries in out if entries]
