"""How Talisman's cards, chance nodes and log lines are named to players: a card's or space's printed name,
what each chance node is said to do, and the log lines a move added. Shared by the seat views and the
browser's board (the terminal draws its board in `cli/systems/board_talisman.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from grognard.i18n import N_
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


UNNAMED = (
    N_("the first player"),
    N_("the second player"),
    N_("the third player"),
    N_("the fourth player"),
    N_("the fifth player"),
    N_("the sixth player"),
    N_("another player"),
)
"""`unnamed`'s words, marked for the catalogue: the board says them in the reader's language."""
CHARACTER_NAMES = (
    N_("Warrior"),
    N_("Wizard"),
    N_("Thief"),
    N_("Assassin"),
    N_("Druid"),
    N_("Dwarf"),
    N_("Minstrel"),
    N_("Prophetess"),
    N_("Sorceress"),
    N_("Elf"),
    N_("Monk"),
    N_("Priest"),
    N_("Troll"),
    N_("Ghoul"),
)
"""The Character cards' printed names, kept English in the state and the saved game, marked for the
catalogue and said in the reader's language where the browser shows them (the tests check that every
character of the catalog is here)."""
ALIGNMENTS = (N_("Good"), N_("Neutral"), N_("Evil"))
"""The alignments as a sheet and a Character card say them."""


def unnamed(seat: int) -> str:
    """A seat whose character is not dealt yet: "the second player"."""
    return f"the {ORDINALS[seat]} player" if 0 <= seat < len(ORDINALS) else "another player"


TASK_WORDS = {
    "deal": N_("dealing the characters"),
    "first": N_("rolling for the first turn"),
    "start_spells": N_("drawing the first Spells"),
    "move_roll": N_("rolling to move"),
    "move_start": N_("moving"),
    "direction": N_("choosing which way to move"),
    "step": N_("moving"),
    "inner_step": N_("moving through the Inner Region"),
    "cross": N_("crossing"),
    "crossed": N_("crossing"),
    "teleport": N_("moving by magic"),
    "arrive": N_("arriving"),
    "space_enc": N_("meeting what the space holds"),
    "encounter": N_("an encounter"),
    "meet": N_("an encounter"),
    "cards": N_("drawing cards"),
    "draw": N_("drawing cards"),
    "redraw": N_("drawing cards"),
    "draw_spell": N_("drawing a Spell"),
    "event": N_("an Event"),
    "event_evade": N_("an Event"),
    "enemies": N_("a combat"),
    "fight_spells": N_("a combat: Spells first"),
    "fight_evade": N_("a combat: evade or fight"),
    "fight_dice": N_("a combat: the creature's Strength"),
    "fight_roll": N_("a combat"),
    "pit_count": N_("the Pit"),
    "pit_fight": N_("the Pit"),
    "duel_spells": N_("a combat between characters: Spells first"),
    "duel_evade": N_("a combat between characters"),
    "duel_roll": N_("a combat between characters"),
    "spoils": N_("taking the spoils"),
    "steal": N_("stealing"),
    "shop": N_("shopping"),
    "collect": N_("picking things up"),
    "gold": N_("Gold"),
    "place_card": N_("placing a card"),
    "spell_trap": N_("a Spell"),
    "fx": N_("a card at work"),
    "fx_choose": N_("a card at work: a choice"),
    "fx_roll": N_("a card at work: a roll"),
    "lose_life": N_("losing a Life"),
    "armour_roll": N_("rolling to save a Life"),
    "lose_follower": N_("losing a Follower"),
    "lose_object": N_("losing an Object"),
    "command_roll": N_("the Command Spell"),
    "command_answer": N_("the Command Spell"),
    "end": N_("ending the turn"),
}
"""What a turn is busy with, in words, by the task on top of its stack (`views.view`'s "task"); a task
not named here is not said. Marked for the catalogue, said in the reader's language where shown."""


def new_notes(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines of the engine's short log that `after` added to `before` (the log keeps its last lines)."""
    for k in range(min(len(before), len(after)), -1, -1):
        if k == 0 or list(before[len(before) - k :]) == list(after[:k]):
            return list(after[k:])
    return list(after)
