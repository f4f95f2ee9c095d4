"""How the bot heroes (`bots`) use the spells of `spells_elf`, `spells_time` and `spells_scroll`.

Cheap rules of thumb, no look-ahead: Flashback undoes a turn in which a hero died or lost two Body or
more; a hero under Disappear (the bot never casts it) cancels it; Hypnotic Blaze is cast when more
enemies than friends are expected to be paralysed, and at least one enemy is; Timestop goes to a hero
with an enemy to strike, a fighter first; Double Image on a hero an enemy stands beside; Ice Bridge
over a known trap when no enemy is in sight; Treasure Without Doom in place of a search for treasure.
Twist Wood is left to the bot's offensive spells.
"""

from __future__ import annotations

from fractions import Fraction

from grognard.systems.heroquest.features.spells.spells_elf import figure_mind, figures_in_sight
from grognard.systems.heroquest.features.spells.spells_time import window_open
from grognard.systems.heroquest.model.action_text import aim, cast_of
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.targets import hero_targets, monster_targets, trap_at_place

SPECIAL = frozenset(
    {
        "elf/disappear",
        "elf/timestop",
        "elf/double-image",
        "elf/hypnotic-blaze",
        "elf/flashback",
        "other/ice-bridge",
        "other/treasure-without-doom",
    }
)
"""Spells the bot's generic offensive and bonus casts leave alone (chosen here instead)."""


def special(action: str) -> bool:
    """True for a `cast:` action of a spell chosen here."""
    return action.startswith("cast:") and cast_of(action).spell in SPECIAL


def urgent(state: QuestState, i: int, actions: list[str]) -> str | None:
    """Before anything else: the Flashback window, and a Disappear to cancel."""
    if window_open(state):
        start = state.flashback
        casts = [a for a in actions if a.startswith("flashback:")]
        if start is None or not casts:
            return "end"
        before = start.heroes[i]
        now = state.heroes[i]
        died = before.status == "active" and now.status == "dead"
        return casts[0] if died or before.body - now.body >= 2 else "end"
    if "cancel:disappear" in actions:
        return "cancel:disappear"
    return None


def _paralysed(mind: int) -> Fraction:
    return Fraction(max(0, 6 - max(0, mind)), 6)


def _blaze_worth(state: QuestState, i: int) -> bool:
    foes = friends = Fraction(0)
    for fid in figures_in_sight(state, i):
        chance = _paralysed(figure_mind(state, fid))
        if fid[0] == "h" and fid[1:].isdigit():
            friends += chance
        else:
            foes += chance
    return foes >= 1 and foes > friends


def tactical(state: QuestState, i: int, actions: list[str]) -> str | None:
    """The spells of this module worth casting now, or None."""
    casts = {a for a in actions if special(a)}
    if not casts:
        return None
    visible = state.visible_monsters
    blaze = "cast:elf/hypnotic-blaze:all"
    if blaze in casts and visible and _blaze_worth(state, i):
        return blaze
    if visible:
        ready = [k for k in range(len(state.heroes)) if f"cast:elf/timestop:h{k}" in casts]
        ready = [k for k in ready if hero_targets(state, k)]
        if ready:
            k = min(ready, key=lambda k: (state.hero_of(k).magic_user, k))
            return f"cast:elf/timestop:h{k}"
        struck = {k for j in visible for k in monster_targets(state, j)}
        for k in sorted(struck):
            if f"cast:elf/double-image:h{k}" in casts:
                return f"cast:elf/double-image:h{k}"
        return None
    fig = state.heroes[i]
    for a in sorted(a for a in casts if a.startswith("cast:other/ice-bridge:")):
        idx = trap_at_place(state, aim(cast_of(a).target).thing or "", ("found", "sprung"))
        if idx is None:
            continue
        trap = state.ctx.traps[idx]
        if fig.at is not None and any(
            abs(s[0] - fig.at[0]) + abs(s[1] - fig.at[1]) == 1 for s in trap.squares
        ):
            return a  # a trap beside him he would have to jump
    area = state.layout.board.area_at.get(fig.at) if fig.at else None
    room = state.layout.board.room_of(fig.at) if fig.at else None
    doom = f"cast:other/treasure-without-doom:h{i}"
    if doom in casts and room is not None and f"treasure:{area}" not in state.searched:
        return doom
    return None
