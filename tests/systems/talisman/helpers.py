"""Building Talisman states for the rule tests: heroes where a test wants them, tasks pushed, moves played."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grognard.engine.game import CHANCE
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.flow import settle
from grognard.systems.talisman.state import Hero, Stash, TalismanState, Task
from grognard.systems.talisman.turn import new_hero

RULES = "003_1ead471cbf19a248.txt"


def hero(character: str, **changes: Any) -> Hero:
    """A character as set up, with fields changed."""
    return replace(new_hero(character), **changes)


def make(*heroes: Hero, current: int = 0, turn: int = 1, **changes: Any) -> TalismanState:
    """A state with these heroes, full decks and piles, nothing on the board, no task."""
    cat = catalog()
    deck = tuple(sorted(c.id for c in cat.cards.values() for _ in range(c.count)))
    spells = tuple(sorted(s.id for s in cat.spells.values() for _ in range(s.count)))
    supply = tuple(sorted((p.id, p.count) for p in (*cat.purchase.values(), *cat.talismans.values())))
    used = {h.character for h in heroes}
    pool = tuple(sorted(set(cat.characters) - used))
    state = TalismanState(
        heroes=tuple(heroes),
        current=current,
        turn=turn,
        deck=deck,
        spell_deck=spells,
        supply=supply,
        pool=pool,
    )
    return replace(state, **changes)


def run(state: TalismanState, *tasks: Task) -> TalismanState:
    """Push `tasks` (the first runs first) above an end-of-turn marker and settle."""
    base = state if state.tasks else state.push(Task("end", state.current))
    return settle(base.push(*tasks))


def turn(state: TalismanState) -> TalismanState:
    """Begin the current player's turn (the turn counter is not advanced)."""
    return settle(replace(state, turn=state.turn - 1).push(Task("turn", state.current)))


def play(state: TalismanState, *moves: str | int) -> TalismanState:
    """Apply moves in order (actions and chance outcomes); an illegal one raises RulesError."""
    for move in moves:
        state = state.apply(move)  # type: ignore[assignment]
    return state


def top(state: TalismanState) -> str:
    """The kind of the task waiting for a move."""
    return state.tasks[-1].kind


def actions(state: TalismanState) -> list[str]:
    """The legal actions (empty at a chance node)."""
    return list(state.legal_actions())


def outcomes(state: TalismanState) -> dict[Any, Any]:
    """The chance outcomes with their probabilities."""
    assert state.actor() is CHANCE, state.describe()
    return dict(state.chance_outcomes())


def with_cards(state: TalismanState, space: str, *cards: str, gold: int = 0) -> TalismanState:
    """Cards (and Gold) lying on a space, taken out of the decks they came from."""
    deck = list(state.deck)
    for card in cards:
        if card in deck:
            deck.remove(card)
    return replace(state, deck=tuple(deck)).with_stash(Stash(space, tuple(cards), gold))
