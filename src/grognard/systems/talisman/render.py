"""Talisman as text for a terminal: the board, a Character Card, what a move did. Pure functions that
return lines built from the state as one player may see it (`views.view`); nothing here prints.

`board_lines(state)` lists every Region in order round its ring, each space with the characters on it
and the cards and Gold lying there. `card_lines(state, seat, viewer)` is a Character Card: scores,
Lives, Gold, alignment, possessions, and the Spells only when `viewer` may see them (9:2: others'
Spells are a count). `chance_line` and `action_line` say what a chance node or a decision did, with
every die face; `new_notes` finds the engine's log lines a move added.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from grognard.engine.dice import Roll
from grognard.engine.game import Move
from grognard.systems.talisman.actions import is_discard
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.combat import creature_score, hero_score
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.views import describe_action, view

REGION_TITLES = {
    "outer": "Outer Region",
    "middle": "Middle Region",
    "inner": "Inner Region",
    "crown": "Crown of Command",
}
SECRET_CHANCE = frozenset({"draw_spell"})
"""Chance nodes whose outcome is secret to the player it concerns (a Spell drawn, 9:2)."""


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


def _counted(cards: Sequence[str]) -> str:
    parts = []
    for card, n in sorted(Counter(cards).items()):
        parts.append(name_of(card) + (f" x{n}" if n > 1 else ""))
    return ", ".join(parts)


def who(state: TalismanState, seat: int) -> str:
    """ "p1 Wizard" (or "p1" with no character)."""
    h = state.heroes[seat]
    return f"p{seat} {name_of(h.character)}" if h.character else f"p{seat}"


def _space_line(k: int, space: str, here: dict[str, list[str]], lying: dict[str, Any]) -> str:
    parts = [f"{k:2} {catalog().spaces[space].name:<15}", *here.get(space, [])]
    if space in lying:
        things = _counted(lying[space]["cards"])
        gold = f"{lying[space]['gold']} Gold" if lying[space]["gold"] else ""
        parts.append("[" + ", ".join(t for t in (things, gold) if t) + "]")
    return " ".join(parts).rstrip()


def board_lines(state: TalismanState, width: int = 118) -> list[str]:
    """The board: each Region round its ring (two columns), every space with who stands there (*p0
    Warrior*) and what lies there ([Bear, 2 Gold])."""
    cat = catalog()
    seen = view(state, None)
    here: dict[str, list[str]] = {}
    for hero in seen["heroes"]:
        if hero["character"] and not hero["out"]:
            toad = " (Toad)" if hero["toad"] else ""
            here.setdefault(hero["space"], []).append(f"*p{hero['seat']} {name_of(hero['character'])}{toad}*")
    lines = [f"Turn {state.turn}: p{state.current} to play"]
    column = width // 2
    for region in ("outer", "middle", "inner", "crown"):
        ring = cat.rings[region]
        lines.append(f"{REGION_TITLES[region]}:")
        cells = [_space_line(k, space, here, seen["spaces"]) for k, space in enumerate(ring)]
        half = (len(cells) + 1) // 2
        for k in range(half):
            left = cells[k]
            right = cells[k + half] if k + half < len(cells) else ""
            if right and len(left) < column - 2:
                lines.append(f"  {left:<{column - 2}}{right}".rstrip())
            else:  # a long left cell: the right one keeps its column on the next line
                lines += [f"  {left}"] + ([f"  {'':<{column - 2}}{right}"] if right else [])
    return lines


def card_lines(state: TalismanState, seat: int, viewer: int | None) -> list[str]:
    """Seat `seat`'s Character Card as `viewer` may see it (None: everything)."""
    data: dict[str, Any] = view(state, viewer)["heroes"][seat]
    if data["out"]:
        return [f"p{seat}: out of the game"]
    if not data["character"]:
        return [f"p{seat}: no character (a new one is dealt next turn)"]
    lines = [
        f"{who(state, seat)} — {data['alignment']}, on {name_of(data['space'])}",
        f"  Strength {data['strength']} ({data['strength_counters']} counters)   "
        f"Craft {data['craft']} ({data['craft_counters']} counters)   "
        f"Lives {data['lives']}   Gold {data['gold']}",
    ]
    if data["objects"]:
        lines.append(f"  Objects: {_counted(data['objects'])}")
    if data["followers"]:
        lines.append(f"  Followers: {_counted(data['followers'])}")
    if data["trophies"]:
        lines.append(f"  Enemies kept: {_counted(data['trophies'])}")
    if "spells" in data:
        lines.append(f"  Spells: {_counted(data['spells']) or 'none'}")
    else:
        lines.append(f"  Spells: {data['spell_count']} (secret)")
    if data["toad"]:
        lines.append(f"  A Toad for {data['toad']} more turn(s)")
    if data["lost_turns"]:
        lines.append(f"  Misses {data['lost_turns']} turn(s)")
    return lines


def dice_text(rolls: Sequence[Roll]) -> str:
    """Every die of a move: "1d6 (you): [4] = 4; 1d6 (Bear): [2] = 2"."""
    return "; ".join(r.render() for r in rolls)


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


def chance_line(before: TalismanState, outcome: Move, rolls: Sequence[Roll], viewer: int | None) -> str:
    """What a chance node did, for `viewer` (a Spell drawn by someone else stays secret, 9:2)."""
    task = before.tasks[-1]
    kind = task.kind
    seat = task.player if task.player >= 0 else before.current
    words = CHANCE_WORDS.get(kind, kind)
    if kind == "first":
        return f"p{outcome} has the first turn"
    subject = who(before, seat)
    if kind in SECRET_CHANCE and viewer is not None and viewer != seat:
        return f"{subject} {words}"
    if kind in ("draw", "deal", "draw_spell"):
        shown = "nothing (none left)" if outcome == "none" else name_of(str(outcome))
        return f"{subject} {words}: {shown}"
    if kind == "fx_roll":
        shown = "nothing happens" if outcome == "none" else f"branch {int(outcome) + 1}"
        return f"{subject} {words}: {dice_text(rolls)} -> {shown}" if rolls else f"{subject} {words}"
    if kind == "fight_roll" and len(rolls) == 2 and before.fight is not None:
        mine = hero_score(before, seat, before.fight.psychic) + before.fight.bonus[0]
        theirs = creature_score(before, seat)
        a, b = rolls[0].total, rolls[1].total
        return (
            f"{subject} {mine} + die {a} = {mine + a} against {before.fight.name} {theirs} + die {b} = "
            f"{theirs + b}: {outcome}"
        )
    result = str(outcome)
    return f"{subject} {words}: {dice_text(rolls)} -> {result}" if rolls else f"{subject} {words}: {result}"


ACTION_WORDS = {
    ("lose_life", "take"): "loses a Life",
    ("command_answer", "life"): "loses a Life to the Command Spell",
    ("spoils", "life"): "takes a Life",
    ("start", "move"): "moves",
}


def action_line(before: TalismanState, action: str, seat: int) -> str:
    """What a player decided ("p1 Wizard: move clockwise"); a Spell discarded stays secret."""
    if is_discard(action):
        return f"{who(before, seat)}: discards a Spell"
    phrase = ACTION_WORDS.get((before.tasks[-1].kind, action)) if before.tasks else None
    if phrase:
        return f"{who(before, seat)} {phrase}"
    return f"{who(before, seat)}: {describe_action(action)}"


def new_notes(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines of the engine's short log that `after` added to `before` (the log keeps its last lines)."""
    for k in range(min(len(before), len(after)), -1, -1):
        if k == 0 or list(before[len(before) - k :]) == list(after[:k]):
            return list(after[k:])
    return list(after)
