"""What a chaos spell does to one victim, shared by the spells of `chaos_spells` and `chaos_area`: Body
lost without defence, a flame saved on red dice (a chance node; the Fire Ring stops it, line 459), the
roll at once to break a spell, and the hero an Ancient Staff credits with a kill.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos import spell_name
from grognard.systems.heroquest.rules.chaos_effects import fire_ring
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster

if TYPE_CHECKING:  # `chaos` registers the spells that use this module: it is imported when needed
    from grognard.systems.heroquest.rules.chaos import Flight


def _ref(victim: str) -> tuple[str, int]:
    return victim[0], int(victim[1:])


SAVE_FACES = {
    "chaos/weak-ball-of-flame": 2,
    "chaos/firestorm": 2,
    "fire/fire-of-wrath": 2,
    "fire/ball-of-flame": 1,
}
"""Red-die faces on which a flame's victim saves a point: 5-6 (lines 547, 575, 503), 6 (line 507)."""


def killer(f: Flight) -> int | None:
    """The hero credited with a monster the spell kills (or commands): the one whose Ancient Staff turned
    it back, or the hero who cast it (a chaos spell learned by Mimic, `chaos_heroes`)."""
    if f.mode == "hero":
        return f.caster
    return int(f.mode[6:]) if f.mode.startswith("staff:") else None


def harm(state: QuestState, f: Flight, victim: str, amount: int) -> QuestState:
    """`amount` Body points off a victim, no defence."""
    side, k = _ref(victim)
    if side == "h":
        return hurt_hero(state, k, amount, "spell", by=spell_name(f.key))
    return hurt_monster(state, k, amount, killer=killer(f), spell=True)


def flame(state: QuestState, f: Flight, victim: str, damage: int, dice: int) -> QuestState:
    """A fire spell's `damage`; the victim throws `dice` red dice and each saving face takes a point off
    (a chance node); a Fire Ring stops it (line 459)."""
    side, k = _ref(victim)
    if side == "h":
        stopped = fire_ring(state, k)
        if stopped is not None:
            return stopped
    return pending(
        state, Pending("cburn", who=f.caster, target=k, side=side, dice=dice, need=damage, ref=f.key)
    )


def shaken(state: QuestState, victim: str, name: str) -> QuestState:
    """An effect broken at once or later by a 6 on red dice, one per Mind point: the at-once roll."""
    side, k = _ref(victim)
    dice = state.heroes[k].mind if side == "h" else state.stats_of(k).mind
    if dice <= 0:
        return state
    return pending(state, Pending("cbreak", target=k, side=side, dice=dice, ref=name, then="now"))


def pending(state: QuestState, p: Pending) -> QuestState:
    """The state waiting for the chance node `p`."""
    return replace(state, pending=p)
