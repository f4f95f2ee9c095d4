"""The loaded content of Talisman, checked as a whole: every reference resolves, the board is whole.

`catalog()` loads the shipped `data/` once; `load_catalog(folder)` loads another folder of the same
layout (board.toml, characters.toml, spells.toml, purchase.toml, adventure/*.toml). A file that does not
fit is refused with a `ContentError` naming the file, the place and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from itertools import pairwise
from pathlib import Path

from grognard.engine.content import Source, list_folder, load_model, package_file, source_name
from grognard.engine.errors import ContentError
from grognard.i18n import gettext
from grognard.systems.talisman.content import (
    TYPE_ORDER,
    AdventureCard,
    AdventureFile,
    Board,
    Character,
    CharacterFile,
    Choose,
    Effect,
    GainCard,
    If,
    PlaceCard,
    PurchaseCard,
    PurchaseFile,
    Roll,
    Shop,
    Space,
    SpellCard,
    SpellFile,
    Teleport,
)

RING_SIZES = {"outer": 24, "middle": 16}
"""Spaces in the Outer and Middle rings."""


@dataclass(frozen=True)
class Catalog:
    """Everything the rules read from content, by id."""

    spaces: dict[str, Space]
    characters: dict[str, Character]
    cards: dict[str, AdventureCard]
    spells: dict[str, SpellCard]
    purchase: dict[str, PurchaseCard]
    talismans: dict[str, PurchaseCard]
    toad_cards: int
    alignment_cards: int
    rings: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def item(self, item_id: str) -> AdventureCard | PurchaseCard:
        """An Object, Magic Object or Follower by id (Adventure, Purchase or Talisman card)."""
        found = self.cards.get(item_id) or self.purchase.get(item_id) or self.talismans.get(item_id)
        if found is None:
            raise KeyError(f"no card {item_id!r}")
        return found

    def is_pile_card(self, card_id: str) -> bool:
        """True for a Purchase or Talisman card, which goes back to its pile, not the discard (20:2)."""
        return card_id in self.purchase or card_id in self.talismans

    def kind(self, card_id: str) -> str:
        """The type of any card on a space: an Adventure type, "object"/"magic_object", or "spell"."""
        if card_id in self.cards:
            return self.cards[card_id].type
        if card_id in self.spells:
            return "spell"
        return self.item(card_id).type

    def pile(self, card_id: str) -> PurchaseCard:
        """A Purchase or Talisman card by id."""
        return self.purchase.get(card_id) or self.talismans[card_id]

    def ring_step(self, space_id: str, direction: int) -> str:
        """The next space clockwise (+1) or anticlockwise (-1) in a space's ring."""
        space = self.spaces[space_id]
        ring = self.rings[space.region]
        return ring[(space.position + direction) % len(ring)]

    def path(self) -> tuple[str, ...]:
        """The Inner Region from the Plain of Peril to the Crown of Command."""
        return self.rings["inner"] + self.rings["crown"]


def walk(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect part, nested ones included."""
    for effect in effects:
        yield effect
        if isinstance(effect, Roll):
            for outcome in effect.outcomes:
                yield from walk(outcome.then)
        elif isinstance(effect, If):
            yield from walk(effect.then)
            yield from walk(effect.otherwise)
        elif isinstance(effect, Choose):
            for option in effect.options:
                yield from walk(option.then)


def _data_root() -> Traversable:
    return package_file("grognard.systems.talisman", "data")


def _refs(cat: Catalog, name: str, where: str, effects: Iterable[Effect]) -> None:
    for effect in walk(effects):
        if isinstance(effect, Teleport):
            for target in effect.to:
                if target not in cat.spaces:
                    raise ContentError(
                        name, where, gettext("teleport to unknown space %(space)s") % {"space": repr(target)}
                    )
        elif isinstance(effect, PlaceCard) and effect.space not in cat.spaces:
            raise ContentError(
                name, where, gettext("place on unknown space %(space)s") % {"space": repr(effect.space)}
            )
        elif (
            isinstance(effect, GainCard)
            and effect.card not in cat.purchase
            and effect.card not in cat.talismans
        ):
            raise ContentError(
                name,
                where,
                gettext("unknown Purchase or Talisman card %(card)s") % {"card": repr(effect.card)},
            )
        elif isinstance(effect, Shop):
            for card in effect.cards:
                if card not in cat.purchase or cat.purchase[card].price < 1:
                    raise ContentError(
                        name,
                        where,
                        gettext("%(card)s is not a Purchase card with a price") % {"card": repr(card)},
                    )


def _check_board(name: str, board: Board) -> dict[str, tuple[str, ...]]:
    rings: dict[str, dict[int, str]] = {"outer": {}, "middle": {}, "inner": {}, "crown": {}}
    ids: set[str] = set()
    for i, space in enumerate(board.spaces):
        if space.id in ids:
            raise ContentError(
                name, f"spaces[{i}].id", gettext("duplicate space id %(space)s") % {"space": repr(space.id)}
            )
        ids.add(space.id)
        ring = rings[space.region]
        if space.position in ring:
            raise ContentError(
                name,
                f"spaces[{i}].position",
                gettext("two spaces at %(region)s %(position)s")
                % {"region": space.region, "position": space.position},
            )
        ring[space.position] = space.id
    out: dict[str, tuple[str, ...]] = {}
    for region, ring in rings.items():
        size = RING_SIZES.get(region, len(ring))
        if sorted(ring) != list(range(size)) or not ring:
            raise ContentError(
                name,
                "spaces",
                gettext("the %(region)s region must hold positions 0-%(last)s")
                % {"region": region, "last": size - 1},
            )
        out[region] = tuple(ring[p] for p in range(size))
    if len(out["crown"]) != 1:
        raise ContentError(name, "spaces", gettext("there must be exactly one Crown of Command space"))
    by_id = {s.id: s for s in board.spaces}
    for i, space in enumerate(board.spaces):
        for other in space.opposite:
            if other not in by_id or space.id not in by_id[other].opposite:
                raise ContentError(
                    name,
                    f"spaces[{i}].opposite",
                    gettext("%(space)s is not a space opposite back") % {"space": repr(other)},
                )
        if space.bridge and space.bridge.to not in by_id:
            raise ContentError(
                name,
                f"spaces[{i}].bridge.to",
                gettext("unknown space %(space)s") % {"space": repr(space.bridge.to)},
            )
        if space.portal and space.portal.to not in by_id:
            raise ContentError(
                name,
                f"spaces[{i}].portal.to",
                gettext("unknown space %(space)s") % {"space": repr(space.portal.to)},
            )
    return out


def _check_cards(name: str, cards: list[AdventureCard]) -> None:
    numbers: dict[int, str] = {}
    for card in cards:
        if card.number in numbers:
            raise ContentError(
                name,
                card.id,
                gettext("number %(number)s is also %(card)s")
                % {"number": card.number, "card": repr(numbers[card.number])},
            )
        numbers[card.number] = card.id
    ordered = sorted(cards, key=lambda c: c.number)
    for before, after in pairwise(ordered):
        if TYPE_ORDER[before.type] > TYPE_ORDER[after.type]:
            raise ContentError(
                name,
                after.id,
                gettext(
                    "number %(number)s (%(type)s) comes after %(before)s (%(before_type)s); "
                    "numbers must follow the order of 15:3"
                )
                % {
                    "number": after.number,
                    "type": after.type,
                    "before": before.number,
                    "before_type": before.type,
                },
            )


def load_catalog(folder: Source | None = None) -> Catalog:
    """Load and cross-check every content file of `folder` (the shipped data by default)."""
    root: Traversable = _data_root() if folder is None else _as_traversable(folder)
    board_file = root.joinpath("board.toml")
    board = load_model(board_file, Board)
    rings = _check_board(source_name(board_file), board)
    chars = load_model(root.joinpath("characters.toml"), CharacterFile)
    spells = load_model(root.joinpath("spells.toml"), SpellFile)
    purchase = load_model(root.joinpath("purchase.toml"), PurchaseFile)
    deck: list[AdventureCard] = []
    for path in list_folder(root.joinpath("adventure")):
        deck.extend(load_model(path, AdventureFile).cards)
    cat = Catalog(
        spaces={s.id: s for s in board.spaces},
        characters={c.id: c for c in chars.characters},
        cards={c.id: c for c in deck},
        spells={s.id: s for s in spells.spells},
        purchase={p.id: p for p in purchase.purchase},
        talismans={t.id: t for t in purchase.talisman},
        toad_cards=purchase.toad_cards,
        alignment_cards=purchase.alignment_cards,
        rings=rings,
    )
    _cross_check(cat, deck, len(chars.characters), len(spells.spells) + len(purchase.purchase))
    return cat


def _cross_check(cat: Catalog, deck: list[AdventureCard], n_chars: int, n_other: int) -> None:
    name = "talisman data"
    ids = [*cat.cards, *cat.spells, *cat.purchase, *cat.talismans]
    seen: set[str] = set()
    for card_id in ids:
        if card_id in seen:
            raise ContentError(name, card_id, gettext("card ids must be unique across the decks and piles"))
        seen.add(card_id)
    if len(cat.cards) != len(deck) or len(cat.characters) != n_chars or len(ids) < n_other:
        raise ContentError(name, "", gettext("duplicate ids among the Adventure cards or characters"))
    _check_cards("adventure", deck)
    for space in cat.spaces.values():
        _refs(cat, "board.toml", space.id, space.effects)
    for char in cat.characters.values():
        if char.start not in cat.spaces:
            raise ContentError(
                "characters.toml",
                char.id,
                gettext("unknown starting space %(space)s") % {"space": repr(char.start)},
            )
        for ability in char.abilities:
            _refs(cat, "characters.toml", char.id, ability.effects)
    for card in cat.cards.values():
        _refs(cat, "adventure", card.id, [*card.effects, *card.on_gain, *card.on_cast])
    for spell in cat.spells.values():
        _refs(cat, "spells.toml", spell.id, spell.effects)
    for pile in (*cat.purchase.values(), *cat.talismans.values()):
        _refs(cat, "purchase.toml", pile.id, [*pile.on_gain, *pile.on_cast])
    if not any("talisman" in t.keywords or t.id == "talisman" for t in cat.talismans.values()):
        raise ContentError("purchase.toml", "talisman", gettext("there must be a Talisman card (11:6)"))


def _as_traversable(folder: Source) -> Traversable:
    if isinstance(folder, Traversable):
        return folder
    return Path(folder)


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once."""
    return load_catalog()
