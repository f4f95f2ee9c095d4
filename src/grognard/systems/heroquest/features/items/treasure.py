"""The treasure deck (our own, `data/decks/treasure.toml`): its cards, the full deck's counts, and a card
drawn by a searching hero (gold, an item, a hazard, a wandering monster), the search's next draw queued.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Literal

from pydantic import Field

from grognard.engine.content import ContentModel, load_model, package_file
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.wounds import hurt_hero, spawn_wanderer


class Card(ContentModel):
    """One card of the treasure deck."""

    id: str = Field(min_length=1)
    kind: Literal["gold", "item", "wandering", "hazard", "nothing"]
    amount: int = Field(default=0, ge=0)
    item: str = ""
    count: int = Field(ge=1)
    text: str = Field(min_length=1)


class DeckFile(ContentModel):
    """The deck file: its cards."""

    cards: list[Card] = Field(min_length=1)


@cache
def deck() -> tuple[Card, ...]:
    """The treasure deck's cards (each with its count), from `data/decks/treasure.toml`."""
    data = load_model(package_file("grognard.systems.heroquest", "data/decks/treasure.toml"), DeckFile)
    for card in data.cards:
        if card.kind == "item":
            hq.item(card.item)
    return tuple(data.cards)


def initial_deck() -> tuple[int, ...]:
    """How many of each card the full deck holds."""
    return tuple(c.count for c in deck())


def draw_treasure_card(state: QuestState, p: Pending, card_id: str) -> QuestState:
    """Treasure card `card_id` (or "empty") drawn by the searching hero, the search's next draw queued."""
    who = p.who
    name = state.hero_of(who).name
    rest = [r for r in p.then.split(",") if r]
    if card_id != "empty":
        index = next(k for k, c in enumerate(deck()) if c.id == card_id)
        counts = list(state.deck)
        counts[index] -= 1
        state = state.evolve(deck=tuple(counts))
        card = deck()[index]
        state = note(state, said("treasure.draws-treasure-card", hero=who, hero_name=name, card=card.text))
        fig = state.heroes[who]
        if card.kind == "gold":
            state = with_hero(state, who, replace(fig, gold=fig.gold + card.amount))
        elif card.kind == "item":
            state = with_hero(state, who, replace(fig, items=(*fig.items, hq.item(card.item).name)))
        elif card.kind == "hazard":
            state = hurt_hero(state, who, card.amount, "hazard")
        elif card.kind == "wandering":
            state = spawn_wanderer(state, who)
    else:
        state = note(state, said("treasure.treasure-deck-empty"))
    if rest and state.pending is None and state.heroes[who].status == "active":
        state = state.evolve(pending=Pending("treasure", who=who, ref=rest[0], then=",".join(rest[1:])))
    return state
