"""How Talisman's cards, chance nodes and log lines are named to players: a card's or space's printed name,
what each chance node is said to do, and the log lines a move added. Shared by the seat views and the
browser's board (the terminal draws its board in `cli/systems/board_talisman.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from grognard.systems.talisman.catalog import catalog


def name_of(card: str) -> str:
    """The printed name of any card or space id."""
    cat = catalog()
    if card in cat.spaces:
        return cat.spaces[card].name
    if card in cat.spells:
        return cat.spells[card].name
    if card in cat.characters:
        return cat.characters[card].name
    try:
        return cat.item(card).name
    except KeyError:
        return card


CHANCE_WORDS = {
    "move_roll": "rolls to move",
    "fight_roll": "combat",
    "duel_roll": "combat between characters",
    "portal_roll": "tries to open the Portal",
    "armour_roll": "rolls to save a Life",
    "fx_roll": "rolls",
    "fight_dice": "rolls for the creature's Strength",
    "pit_count": "rolls for the Pitfiends",
    "command_roll": "the Command Spell",
    "draw": "draws",
    "draw_spell": "draws a Spell",
    "deal": "is dealt",
    "first": "dice for the first turn",
}
"""What each chance node is said to do, after the name of whom it concerns."""


def new_notes(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines of the engine's short log that `after` added to `before` (the log keeps its last lines)."""
    for k in range(min(len(before), len(after)), -1, -1):
        if k == 0 or list(before[len(before) - k :]) == list(after[:k]):
            return list(after[k:])
    return list(after)
