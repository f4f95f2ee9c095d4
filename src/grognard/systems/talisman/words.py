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


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
"""The seats in words, for a seat before its character is dealt ("the second player")."""


def unnamed(seat: int) -> str:
    """A seat whose character is not dealt yet: "the second player"."""
    return f"the {ORDINALS[seat]} player" if 0 <= seat < len(ORDINALS) else "another player"


TASK_WORDS = {
    "deal": "dealing the characters",
    "first": "rolling for the first turn",
    "start_spells": "drawing the first Spells",
    "move_roll": "rolling to move",
    "move_start": "moving",
    "direction": "choosing which way to move",
    "step": "moving",
    "inner_step": "moving through the Inner Region",
    "cross": "crossing",
    "crossed": "crossing",
    "teleport": "moving by magic",
    "arrive": "arriving",
    "space_enc": "meeting what the space holds",
    "encounter": "an encounter",
    "meet": "an encounter",
    "cards": "drawing cards",
    "draw": "drawing cards",
    "redraw": "drawing cards",
    "draw_spell": "drawing a Spell",
    "event": "an Event",
    "event_evade": "an Event",
    "enemies": "a combat",
    "fight_spells": "a combat: Spells first",
    "fight_evade": "a combat: evade or fight",
    "fight_dice": "a combat: the creature's Strength",
    "fight_roll": "a combat",
    "pit_count": "the Pit",
    "pit_fight": "the Pit",
    "duel_spells": "a combat between characters: Spells first",
    "duel_evade": "a combat between characters",
    "duel_roll": "a combat between characters",
    "spoils": "taking the spoils",
    "steal": "stealing",
    "shop": "shopping",
    "collect": "picking things up",
    "gold": "Gold",
    "place_card": "placing a card",
    "spell_trap": "a Spell",
    "fx": "a card at work",
    "fx_choose": "a card at work: a choice",
    "fx_roll": "a card at work: a roll",
    "lose_life": "losing a Life",
    "armour_roll": "rolling to save a Life",
    "lose_follower": "losing a Follower",
    "lose_object": "losing an Object",
    "command_roll": "the Command Spell",
    "command_answer": "the Command Spell",
    "end": "ending the turn",
}
"""What a turn is busy with, in words, by the task on top of its stack (`views.view`'s "task"); a task
not named here is not said."""


def new_notes(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines of the engine's short log that `after` added to `before` (the log keeps its last lines)."""
    for k in range(min(len(before), len(after)), -1, -1):
        if k == 0 or list(before[len(before) - k :]) == list(after[:k]):
            return list(after[k:])
    return list(after)
