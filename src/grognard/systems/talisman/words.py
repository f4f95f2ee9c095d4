"""How Talisman's cards, chance nodes and log lines are named to players: a card's or space's printed name,
what each chance node is said to do, and the log lines a move added. Shared by the seat views and the
browser's board (the terminal draws its board in `cli/systems/board_talisman.py`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from string import Formatter
from typing import TypeVar

from grognard.i18n import N_, NP_, gettext, pgettext
from grognard.systems.talisman.catalog import catalog


def said(card: str) -> str:
    """The printed name of a card, Spell, character or space id, in the reader's language (the name is a
    message of the catalogue: the rules data's names are extracted)."""
    return gettext(name_of(card))


T = TypeVar("T")


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
    "move_roll": N_("{who} rolls to move"),
    "fight_roll": N_("{who}: combat"),
    "duel_roll": N_("{who}: combat between characters"),
    "portal_roll": N_("{who} tries to open the Portal"),
    "armour_roll": N_("{who} rolls to save a Life"),
    "fx_roll": N_("{who} rolls"),
    "fight_dice": N_("{who} rolls for the creature's Strength"),
    "pit_count": N_("{who} rolls for the Pitfiends"),
    "command_roll": N_("{who}: the Command Spell"),
    "draw": N_("{who} draws"),
    "draw_spell": N_("{who} draws a Spell"),
    "deal": N_("{who} is dealt"),
    "first": N_("{who}: dice for the first turn"),
}
"""What each chance node is said to do, a sentence of whom it concerns (`{who}`: "Elf rolls to move"),
marked for the catalogue and said where it is shown (`chance_said`)."""
CHANCE_THROWS = N_("{who} throws")
"""A chance node no word above names."""


def chance_said(kind: str, who: str) -> str:
    """What the chance node `kind` does, said of `who` in the reader's language ("Elfo tira para
    moverse")."""
    return gettext(CHANCE_WORDS.get(kind, CHANCE_THROWS)).format(who=who)


OUTCOME_WORDS = {
    "open": NP_("outcome", "open"),
    "shut": NP_("outcome", "shut"),
    "closed": NP_("outcome", "closed"),
    "saved": NP_("outcome", "saved"),
    "hit": NP_("outcome", "hit"),
    "win": NP_("outcome", "win"),
    "lose": NP_("outcome", "lose"),
    "standoff": NP_("outcome", "stand-off"),
    "none": NP_("outcome", "nothing"),
    "no-effect": NP_("outcome", "no effect"),
    "effect": NP_("outcome", "it works"),
}
"""The outcomes of chance nodes a line says after the node's words, marked for the catalogue."""


def outcome_said(outcome: str) -> str:
    """A chance node's outcome in the reader's language (a number, a card's or a space's id said as its
    name)."""
    if outcome in OUTCOME_WORDS:
        return pgettext("outcome", OUTCOME_WORDS[outcome])
    return outcome if outcome.lstrip("-").isdigit() else said_name(outcome)


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
    """A seat whose character is not dealt yet: "the second player" (English: said by `gettext`)."""
    return UNNAMED[seat] if 0 <= seat < len(ORDINALS) else UNNAMED[-1]


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


def new_notes(before: Sequence[T], after: Sequence[T]) -> list[T]:
    """The lines of the engine's short log that `after` added to `before` (the log keeps its last lines)."""
    for k in range(min(len(before), len(after)), -1, -1):
        if k == 0 or list(before[len(before) - k :]) == list(after[:k]):
            return list(after[k:])
    return list(after)


# ------------------------------------------------------------------------------------------ the log
# A note of the log is a small tuple (`state.Note`): a message below (English, marked) and the values of
# its placeholders in their order. A value is a seat ("p2", said as the seat's name by
# `seat_view.named`) or a card's, Spell's, character's or space's id or English name (several joined by
# ", " or " and "), said in the reader's language by `said_name`. The state, the saved game and the bots
# keep the English message; `said_note` says it at display.

PLAYS = N_("{who} plays the {character}")
EVADES = N_("{who} evades {foe}")
HAD_ONCE = N_("{who} has had what {card} brings once already")
LEAVES_PITS = N_("{who} leaves the Pitfiends behind")
REACHES_CROWN = N_("{who} reaches the Crown of Command")
BECOMES_TOAD = N_("{who} becomes a Toad")
NO_LONGER_TOAD = N_("{who} is no longer a Toad")
DIES = N_("{who} dies")
DIES_OUT = N_("{who} dies and is out of the game")
MUST_LEAVE = N_("{who} must leave {objects} (7:3)")
OPENS_PORTAL = N_("{who} opens the Portal of Power")
TURNS_BACK = N_("{who} turns back")
CASTS = N_("{who} casts {spell}")
DROPS_OUT = N_("{who} drops out")
FIGHT_NOTES = {
    "win": N_("{who} wins against {foe}"),
    "lose": N_("{who} loses against {foe}"),
    "standoff": N_("{who} has a stand-off against {foe}"),
}
"""A combat's end, by its outcome for `who` (16:4, 16:8-10)."""
NOTES = (
    PLAYS,
    EVADES,
    HAD_ONCE,
    LEAVES_PITS,
    REACHES_CROWN,
    BECOMES_TOAD,
    NO_LONGER_TOAD,
    DIES_OUT,
    DIES,
    MUST_LEAVE,
    OPENS_PORTAL,
    TURNS_BACK,
    CASTS,
    DROPS_OUT,
    *FIGHT_NOTES.values(),
)
"""Every message of the log (the reader of an older saved game's English lines tries them in order)."""

SEAT = re.compile(r"p\d+")
"""A seat as a note's value holds it."""
_LIST = re.compile(r"(, | and )")


@lru_cache(maxsize=256)
def fields_of(message: str) -> tuple[str, ...]:
    """The names of a message's placeholders, in their order, each once."""
    found: list[str] = []
    for _text, name, _spec, _conversion in Formatter().parse(message):
        if name and name not in found:
            found.append(name)
    return tuple(found)


def said_name(value: str) -> str:
    """A note's value in the reader's language: a seat ("p2") kept for `seat_view.named`, a card's,
    Spell's, character's or space's id or English name said as its name, several joined by ", " or
    " and " said one by one."""
    out = []
    start = 0
    for joint in (*_LIST.finditer(value), None):
        part = value[start : joint.start() if joint else len(value)]
        out.append(part if SEAT.fullmatch(part) else gettext(name_of(part)))
        if joint is not None:
            out.append(f" {gettext('and')} " if joint[0] == " and " else joint[0])
            start = joint.end()
    return "".join(out)


def said_note(note: Sequence[str] | str) -> str:
    """A note of the log in the reader's language, its seats still "pN" (a line an older version
    wrote in English and no message reads is said as it is)."""
    if isinstance(note, str):
        return note
    if len(note) == 1:
        return gettext(note[0])
    message, *values = note
    return gettext(message).format(**dict(zip(fields_of(message), map(said_name, values), strict=False)))


@lru_cache(maxsize=1)
def _readers() -> tuple[tuple[re.Pattern[str], str], ...]:
    """A pattern for each message of the log that reads back its English line."""
    out = []
    for message in NOTES:
        pattern = ""
        for text, name, _spec, _conversion in Formatter().parse(message):
            pattern += re.escape(text)
            if name:
                pattern += r"(p\d+)" if name == "who" else "(.+?)"
        out.append((re.compile(pattern), message))
    return tuple(out)


_OLD_FIGHT = re.compile(r"(p\d+) (win|lose|standoff) against (.+)")


@lru_cache(maxsize=4096)
def note_of_text(text: str) -> tuple[str, ...]:
    """The note an English line of an older version's log stands for (its snapshots kept the lines
    themselves): the message it matches and its values; a line no message reads is kept whole."""
    fight = _OLD_FIGHT.fullmatch(text)
    if fight is not None:
        return (FIGHT_NOTES[fight[2]], fight[1], fight[3])
    for pattern, message in _readers():
        found = pattern.fullmatch(text)
        if found is not None:
            return (message, *found.groups())
    return (text,)
